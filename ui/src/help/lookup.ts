// The rules help as data, pure: the step key of a prompt, the help for a step, control or
// refusal, the address of a rule (`#help/movement/9.10`) and back, and the reference search.
// The data is the service's `rules_reference` (src/help in the Rust core); nothing here fetches.

import type { Entry } from '../bindings/Entry';
import type { ErrorRule } from '../bindings/ErrorRule';
import type { Prompt } from '../bindings/Prompt';
import type { RuleLink } from '../bindings/RuleLink';
import type { RulesReference } from '../bindings/RulesReference';
import type { SectionView } from '../bindings/SectionView';
import type { StepHelp } from '../bindings/StepHelp';

/** What the viewer shows: the contents (with a search), a section (at an anchor), or an entry. */
export type HelpTarget =
  | { kind: 'contents'; query?: string }
  | { kind: 'section'; section: string; anchor?: string }
  | { kind: 'entry'; id: string };

/** The step key of a prompt, as `help::step_key` makes it in the Rust core. */
export function stepKey(prompt: Prompt): string {
  if (prompt.decision) return prompt.decision;
  const phase = prompt.clock.phase;
  return phase === 'end_of_turn' ? `phase.${phase}.${prompt.clock.step}` : `phase.${phase}`;
}

/** The "what can I do now?" help of a prompt's step. */
export function stepHelp(ref: RulesReference, prompt: Prompt): StepHelp | undefined {
  const key = stepKey(prompt);
  return ref.steps.find((s) => s.key === key);
}

/** The help of a control or panel (`start.tier`, `panel.prestige`). */
export function controlHelp(ref: RulesReference, key: string): StepHelp | undefined {
  return ref.controls.find((c) => c.key === key);
}

/** The rule behind a refusal's code (`over_capacity`, or `must_act_first.draw_event_card`). */
export function errorRule(ref: RulesReference, code: string): ErrorRule | undefined {
  return ref.errors.find((e) => e.code === code) ?? ref.errors.find((e) => e.code.startsWith(`${code}.`));
}

/** The in-app address of a rule. */
export function ruleHref(rule: RuleLink): string {
  return rule.anchor ? `#help/${rule.section}/${rule.anchor}` : `#help/${rule.section}`;
}

/** The address of a card, Royal or place entry. */
export function entryHref(id: string): string {
  return `#help/entry/${encodeURIComponent(id)}`;
}

/** What an address opens, or null when it is not a help address. */
export function parseHref(href: string): HelpTarget | null {
  const hash = href.slice(href.indexOf('#'));
  if (!hash.startsWith('#help')) return null;
  const parts = hash.slice('#help'.length).split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { kind: 'contents' };
  if (parts[0] === 'entry' && parts[1]) return { kind: 'entry', id: parts[1] };
  if (parts[0] === 'search') return { kind: 'contents', query: parts.slice(1).join('/') };
  return parts[1] ? { kind: 'section', section: parts[0], anchor: parts[1] } : { kind: 'section', section: parts[0] };
}

/** How a rule reads in a link: `§9.29 Movement Phase`. */
export function ruleLabel(ref: RulesReference | undefined, rule: RuleLink): string {
  const section = ref?.sections.find((s) => s.id === rule.section);
  const title = section?.title ?? rule.section;
  return rule.anchor && /^\d/.test(rule.anchor) ? `§${rule.anchor} ${title}` : title;
}

/** One search result. */
export interface Hit {
  target: HelpTarget;
  title: string;
  /** A few words around the match. */
  snippet: string;
  score: number;
}

const norm = (text: string) => text.toLowerCase().replace(/[’']/g, '').replace(/\s+/g, ' ');

function snippetOf(body: string, word: string): string {
  const text = body.replace(/\n+/g, ' · ');
  const at = norm(text).indexOf(word);
  if (at < 0) return text.slice(0, 120);
  const start = Math.max(0, at - 50);
  return `${start > 0 ? '…' : ''}${text.slice(start, at + 90).trim()}…`;
}

function scoreSection(s: SectionView, words: string[]): number {
  let score = 0;
  for (const w of words) {
    const title = norm(s.title).includes(w) ? 10 : 0;
    const keys = s.keywords.some((k) => norm(k).includes(w)) ? 6 : 0;
    const heads = s.anchors.some((a) => norm(a.title).includes(w) || a.id === w) ? 4 : 0;
    const body = norm(s.text).includes(w) ? 1 : 0;
    const one = title + keys + heads + body;
    if (one === 0) return 0;
    score += one;
  }
  return score;
}

function scoreEntry(e: Entry, words: string[]): number {
  let score = 0;
  for (const w of words) {
    const one = (norm(e.name).includes(w) ? 5 : 0) + (norm(e.text).includes(w) ? 1 : 0);
    if (one === 0) return 0;
    score += one;
  }
  return score;
}

/** Sections (at their best sub-heading) and entries matching every word of the query, best first. */
export function search(ref: RulesReference, query: string, limit = 20): Hit[] {
  const words = norm(query).split(/[^a-z0-9.]+/).filter((w) => w.length > 1 || /\d/.test(w));
  if (words.length === 0) return [];
  const hits: Hit[] = [];
  for (const s of ref.sections) {
    const score = scoreSection(s, words);
    if (!score) continue;
    const anchor = s.anchors.find((a) => words.some((w) => norm(a.title).includes(w) || a.id === w));
    hits.push({
      target: anchor ? { kind: 'section', section: s.id, anchor: anchor.id } : { kind: 'section', section: s.id },
      title: anchor ? `${s.title} — ${anchor.title}` : s.title,
      snippet: snippetOf(s.text, words[0]),
      score: score + 2,
    });
  }
  for (const e of ref.entries) {
    const score = scoreEntry(e, words);
    if (score) hits.push({ target: { kind: 'entry', id: e.id }, title: e.name, snippet: e.text.slice(0, 120), score });
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}
