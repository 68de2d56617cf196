// The in-app rules reference: `<warwick-help>`, a searchable viewer over the whole reference
// (contents, sections with their rulebook numbers, card / Royal / place entries), opened with
// `openHelp()` from anywhere. Every link whose address starts `#help` — in a section, in a
// refusal, under a step's prompt — opens it at the right place; Escape or ✕ closes it.

import { LitElement, css, html, nothing, render } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { RulesReference } from '../bindings/RulesReference';
import { mapGeometry, rulesReference } from './data';
import { failureWords } from '../waiting';
import { drawExample, type MapExample } from './map-example';
import { entryHref, parseHref, ruleHref, ruleLabel, search, type HelpTarget } from './lookup';

export class WarwickHelp extends LitElement {
  static properties = {
    target: { state: true },
    ref: { state: true },
    error: { state: true },
    query: { state: true },
  };

  target: HelpTarget = { kind: 'contents' };
  ref?: RulesReference;
  error?: string;
  query = '';
  private opener: Element | null = null;

  static styles = css`
    :host {
      position: fixed;
      inset: 0;
      z-index: 1000;
      display: flex;
      align-items: stretch;
      justify-content: center;
      background: rgb(0 0 0 / 0.45);
      font: 16px/1.5 system-ui, sans-serif;
    }
    .panel {
      background: #fffdf8;
      color: #222;
      width: min(62rem, 100%);
      margin: 2vh auto;
      border-radius: 10px;
      display: flex;
      flex-direction: column;
      overflow: hidden;
      box-shadow: 0 8px 40px rgb(0 0 0 / 0.35);
    }
    header {
      display: flex;
      gap: 0.5rem;
      align-items: center;
      padding: 0.6rem 0.8rem;
      border-bottom: 1px solid #ddd3c0;
      background: #f3ecdd;
    }
    header h2 {
      margin: 0;
      font-size: 1.1rem;
      white-space: nowrap;
    }
    header input {
      flex: 1;
      min-width: 0;
      font: inherit;
      padding: 0.35rem 0.6rem;
      border: 1px solid #b9ab90;
      border-radius: 6px;
    }
    button {
      font: inherit;
      border: 1px solid #b9ab90;
      background: #fff;
      border-radius: 6px;
      padding: 0.3rem 0.7rem;
      cursor: pointer;
      min-height: 2.2rem;
    }
    .body {
      display: flex;
      flex: 1;
      min-height: 0;
    }
    nav {
      width: 15rem;
      flex: none;
      overflow: auto;
      border-right: 1px solid #e5dccb;
      padding: 0.5rem 0;
    }
    nav a {
      display: block;
      padding: 0.25rem 0.9rem;
      color: inherit;
      text-decoration: none;
    }
    nav a[aria-current='page'] {
      background: #e9dfc9;
      font-weight: 600;
    }
    .num {
      color: #7a6b52;
      display: inline-block;
      min-width: 2.6rem;
      margin-right: 0.35rem;
      font-variant-numeric: tabular-nums;
    }
    main {
      flex: 1;
      overflow: auto;
      padding: 0.5rem 1.4rem 2rem;
    }
    main a {
      color: #1f5fa8;
    }
    h3 {
      margin: 1.2rem 0 0.3rem;
      scroll-margin-top: 0.5rem;
    }
    h3:target,
    .hit-anchor {
      background: #fff1b8;
      border-radius: 4px;
    }
    table {
      border-collapse: collapse;
    }
    td,
    th {
      border: 1px solid #d8cdb6;
      padding: 0.2rem 0.5rem;
    }
    figure.map-example {
      margin: 0.8rem 0;
      max-width: 30rem;
    }
    figure.map-example svg {
      width: 100%;
      height: auto;
      max-height: 22rem;
      background: #cfe3ee;
      border: 1px solid #d8cdb6;
      border-radius: 6px;
      display: block;
    }
    figcaption {
      font-size: 0.9em;
      color: #5b5040;
      margin-top: 0.25rem;
    }
    .summary {
      color: #5b5040;
      font-style: italic;
    }
    ul.hits {
      list-style: none;
      padding: 0;
    }
    ul.hits li {
      margin: 0.6rem 0;
    }
    ul.hits small {
      display: block;
      color: #5b5040;
    }
    .back {
      display: none;
    }
    @media (max-width: 700px) {
      .panel {
        margin: 0;
        border-radius: 0;
      }
      nav {
        display: none;
      }
      nav.only {
        display: block;
        width: 100%;
        border: none;
      }
      .back {
        display: inline-block;
      }
      header h2 {
        display: none;
      }
      main {
        padding: 0.4rem 0.9rem 2rem;
      }
    }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    this.opener = document.activeElement;
    this.loadRules();
    document.addEventListener('keydown', this.onKey);
  }

  /** Fetches the rules (a failed fetch is tried again by Retry). */
  private loadRules(): void {
    this.error = undefined;
    rulesReference().then(
      (ref) => (this.ref = ref),
      (error: unknown) => (this.error = failureWords(error)),
    );
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.onKey);
    if (this.opener instanceof HTMLElement) this.opener.focus();
  }

  private onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.close();
    }
  };

  /** Shows a target. */
  show(target: HelpTarget): void {
    this.target = target;
    if (target.kind === 'contents') this.query = target.query ?? this.query;
  }

  close(): void {
    this.remove();
  }

  /** Draws the section's map examples (figures the service marked with `data-map`). */
  private drawExamples(): void {
    const figures = [...this.renderRoot.querySelectorAll<HTMLElement>('figure.map-example[data-map]:not([data-drawn])')];
    if (!figures.length) return;
    void mapGeometry().then((g) => {
      for (const figure of figures) {
        let example: MapExample;
        try {
          example = JSON.parse(figure.dataset.map ?? '') as MapExample;
        } catch {
          continue;
        }
        const holder = document.createElement('div');
        render(drawExample(g, example), holder);
        figure.prepend(holder);
        figure.dataset.drawn = '';
      }
      // The drawings push the text down: keep the anchor in view.
      const t = this.target;
      if (t.kind === 'section' && t.anchor) this.renderRoot.querySelector(`[id="${CSS.escape(t.anchor)}"]`)?.scrollIntoView({ block: 'start' });
    }, () => undefined);
  }

  protected updated(): void {
    this.drawExamples();
    const t = this.target;
    const main = this.renderRoot.querySelector('main');
    if (t.kind === 'section' && t.anchor) {
      const el = this.renderRoot.querySelector(`[id="${CSS.escape(t.anchor)}"]`);
      this.renderRoot.querySelectorAll('.hit-anchor').forEach((x) => x.classList.remove('hit-anchor'));
      if (el) {
        el.classList.add('hit-anchor');
        el.scrollIntoView({ block: 'start' });
      }
    } else if (main && t.kind !== 'contents') {
      main.scrollTop = 0;
    }
  }

  protected firstUpdated(): void {
    (this.renderRoot.querySelector('input') as HTMLInputElement | null)?.focus({ preventScroll: true });
  }

  /** A click on the dimmed backdrop (not the panel) closes the viewer. */
  private onClick(e: Event) {
    if (e.composedPath()[0] === this) this.close();
  }

  private renderNav(only: boolean) {
    const ref = this.ref;
    if (!ref) return nothing;
    const current = this.target.kind === 'section' ? this.target.section : undefined;
    return html`<nav class=${only ? 'only' : ''} aria-label="Rules sections">
      ${ref.sections.map(
        (s) => html`<a href=${ruleHref({ section: s.id, anchor: null })} data-section=${s.id}
          aria-current=${s.id === current ? 'page' : 'false'}><span class="num">${s.number}</span>${s.title}</a>`,
      )}
    </nav>`;
  }

  private renderMain() {
    const ref = this.ref;
    if (this.error || !ref) return html`<warwick-waiting what="the rules" .error=${this.error} @retry=${() => this.loadRules()}></warwick-waiting>`;
    const t = this.target;
    if (this.query.trim()) {
      const hits = search(ref, this.query);
      return html`<h3>Search: “${this.query}”</h3>
        ${hits.length
          ? html`<ul class="hits" data-field="hits">
              ${hits.map((h) => {
                const href = h.target.kind === 'entry' ? entryHref(h.target.id) : h.target.kind === 'section' ? ruleHref({ section: h.target.section, anchor: h.target.anchor ?? null }) : '#help';
                return html`<li><a href=${href}>${h.title}</a><small>${h.snippet}</small></li>`;
              })}
            </ul>`
          : html`<p>Nothing matches. Try another word, a card or place name, or a rule number such as 9.10.</p>`}`;
    }
    if (t.kind === 'section') {
      const s = ref.sections.find((x) => x.id === t.section);
      if (!s) return html`<p>No section “${t.section}”.</p>`;
      return html`<article data-section=${s.id}>
        <h2><span class="num">${s.number}</span>${s.title}</h2>
        <p class="summary">${s.summary}</p>
        ${unsafeHTML(s.html)}
      </article>`;
    }
    if (t.kind === 'entry') {
      const e = ref.entries.find((x) => x.id === t.id);
      if (!e) return html`<p>No entry “${t.id}”.</p>`;
      return html`<article data-entry=${e.id}>
        <h2>${e.name}</h2>
        <p>${e.text}</p>
        <p>Rules that touch it:</p>
        <ul>${e.rules.map((r) => html`<li><a href=${ruleHref(r)}>${ruleLabel(ref, r)}</a></li>`)}</ul>
      </article>`;
    }
    return html`<h2>The rules of Kingmaker II</h2>
      <p>Written for Warwick in our own words and laid out like the rulebook. Search above, or pick a section.
        Every refusal and every step of a turn links here.</p>
      <div class="contents-list">${this.renderNav(true)}</div>`;
  }

  render() {
    const inSection = this.target.kind !== 'contents' || this.query.trim() !== '';
    return html`<div class="panel" role="dialog" aria-modal="true" aria-label="Rules reference">
        <header>
          ${inSection ? html`<button class="back" @click=${() => { this.query = ''; this.show({ kind: 'contents' }); }}>☰ Contents</button>` : nothing}
          <h2>Rules</h2>
          <input type="search" placeholder="Search the rules, cards and places" aria-label="Search the rules"
            .value=${this.query} @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} />
          <button class="close" aria-label="Close the rules" @click=${() => this.close()}>✕</button>
        </header>
        <div class="body">${this.renderNav(false)}<main>${this.renderMain()}</main></div>
      </div>`;
  }

  constructor() {
    super();
    this.addEventListener('click', (e) => this.onClick(e));
  }
}

customElements.define('warwick-help', WarwickHelp);

/** Opens the rules viewer (one at a time) at a target: the contents unless told otherwise. */
export function openHelp(target: HelpTarget = { kind: 'contents' }): WarwickHelp {
  let viewer = document.querySelector('warwick-help') as WarwickHelp | null;
  if (!viewer) {
    viewer = document.createElement('warwick-help') as WarwickHelp;
    document.body.append(viewer);
  }
  if (target.kind !== 'contents') viewer.query = '';
  viewer.show(target);
  return viewer;
}

/** Every `#help…` link anywhere in the page (shadow roots included) opens the viewer. */
function onDocumentClick(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey) return;
  const link = e.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
  const href = link?.getAttribute('href');
  const target = href ? parseHref(href) : null;
  if (!target) return;
  e.preventDefault();
  openHelp(target);
}

document.addEventListener('click', onDocumentClick);
