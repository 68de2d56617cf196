// "What can I do now?" and "why not?" beside the game: `<warwick-step-help>` says what the
// current step is for and what the choices are, with a "more" link into the rules reference;
// `ruleLink()` is the link a refusal carries to the rule it comes from.

import { LitElement, css, html, nothing } from 'lit';
import type { Prompt } from '../bindings/Prompt';
import type { RuleLink } from '../bindings/RuleLink';
import type { RulesReference } from '../bindings/RulesReference';
import { rulesReference, rulesReferenceNow } from './data';
import { errorRule, ruleHref, ruleLabel, stepHelp } from './lookup';
export { openHelp } from './viewer';
export type { RuleLink };

/** The rule behind a refusal's code, once the rules help has arrived. */
export function ruleForCode(code: string): RuleLink | undefined {
  const ref = rulesReferenceNow();
  return ref ? errorRule(ref, code)?.rule : undefined;
}

/** A link to a rule (`§9.29 Movement Phase`) that opens the reference there. */
export function ruleLink(rule: RuleLink | null | undefined, lead = 'Rule: ') {
  if (!rule) return nothing;
  return html` <a class="rule-link" data-rule=${rule.section} href=${ruleHref(rule)}>${lead}${ruleLabel(rulesReferenceNow(), rule)}</a>`;
}

export class WarwickStepHelp extends LitElement {
  static properties = {
    prompt: { attribute: false },
    ref: { state: true },
  };

  prompt?: Prompt;
  ref?: RulesReference = rulesReferenceNow();

  static styles = css`
    :host {
      display: block;
      font-size: 0.92em;
      color: #4a4236;
    }
    p {
      margin: 0.25rem 0;
    }
    a {
      color: #1f5fa8;
      white-space: nowrap;
    }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    if (!this.ref) void rulesReference().then((ref) => (this.ref = ref), () => undefined);
  }

  render() {
    if (!this.ref || !this.prompt) return nothing;
    const help = stepHelp(this.ref, this.prompt);
    if (!help) return nothing;
    return html`<p data-field="step-help" data-step=${help.key}><strong>${help.title}.</strong> ${help.text}
      <a href=${ruleHref(help.rule)} data-rule=${help.rule.section}>More: ${ruleLabel(this.ref, help.rule)}</a></p>`;
  }
}

customElements.define('warwick-step-help', WarwickStepHelp);

/** The rule behind a log line of this kind (an event type such as `NobleDied`), as a short link. */
export function logRuleLink(kind: string) {
  const ref = rulesReferenceNow();
  if (!ref) {
    void rulesReference().catch(() => undefined);
    return nothing;
  }
  const help = ref.log_lines.find((l) => l.key === `log.${kind}`);
  if (!help) return nothing;
  return html` <a class="rule-link log-rule" href=${ruleHref(help.rule)} title=${`${help.text} ${ruleLabel(ref, help.rule)}`}
    aria-label=${`The rule: ${ruleLabel(ref, help.rule)}`}>${help.rule.anchor && /^\d/.test(help.rule.anchor) ? `§${help.rule.anchor}` : 'rule'}</a>`;
}
