// `<warwick-help-tip topic="start.tier">`: a small "?" beside a control or panel that explains
// it — its words on hover (the title) and, tapped or clicked (a phone has no hover), in a
// bubble with a link to the rule. The words are the service's control help (src/help/steps.rs).

import { LitElement, css, html, nothing } from 'lit';
import type { RulesReference } from '../bindings/RulesReference';
import { rulesReference, rulesReferenceNow } from './data';
import { controlHelp, ruleHref, ruleLabel } from './lookup';
import './viewer';

export class WarwickHelpTip extends LitElement {
  static properties = {
    topic: {},
    open: { state: true },
    ref: { state: true },
  };

  topic = '';
  open = false;
  ref?: RulesReference = rulesReferenceNow();

  static styles = css`
    :host {
      display: inline-block;
      position: relative;
      vertical-align: middle;
      font: 400 14px/1.4 system-ui, sans-serif;
    }
    button {
      width: 1.5rem;
      height: 1.5rem;
      padding: 0;
      border-radius: 50%;
      border: 1px solid currentColor;
      background: transparent;
      color: inherit;
      font: 700 0.8rem/1 system-ui, sans-serif;
      cursor: help;
      opacity: 0.75;
    }
    .bubble {
      position: absolute;
      z-index: 50;
      top: 1.9rem;
      left: -0.5rem;
      width: min(18rem, 80vw);
      padding: 0.5rem 0.7rem;
      background: #fffdf5;
      color: #2a241b;
      border: 1px solid #b9ab90;
      border-radius: 6px;
      box-shadow: 0 4px 14px rgb(0 0 0 / 0.2);
      text-align: left;
      white-space: normal;
    }
    a {
      color: #1f5fa8;
    }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    if (!this.ref) void rulesReference().then((ref) => (this.ref = ref), () => undefined);
  }

  private toggle(e: Event) {
    // Inside a <label> a click would also reach its control: this click is the tip's alone.
    e.preventDefault();
    e.stopPropagation();
    this.open = !this.open;
  }

  render() {
    const help = this.ref ? controlHelp(this.ref, this.topic) : undefined;
    if (!help) return nothing;
    return html`<button type="button" aria-label="About: ${help.title}" aria-expanded=${this.open ? 'true' : 'false'}
        title=${help.text} @click=${this.toggle}>?</button>
      ${this.open
        ? html`<div class="bubble" role="note" data-topic=${help.key} @click=${(e: Event) => e.stopPropagation()}>
            ${help.text} <a href=${ruleHref(help.rule)} @click=${() => (this.open = false)}>More: ${ruleLabel(this.ref, help.rule)}</a></div>`
        : nothing}`;
  }
}

customElements.define('warwick-help-tip', WarwickHelpTip);
