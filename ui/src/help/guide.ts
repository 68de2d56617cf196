// `<warwick-guide>`: the guided first game's notes over the game screen. It shows the script's
// note for the step you are at (./guide-script.ts) with what to try, why it matters and its
// rule; "Got it" folds a note away, "Skip the guide" pauses it (a pill resumes it), ✕ on the
// pill turns it off for the game. It reads the game, never acts in it. Its state is kept in
// localStorage, so a reloaded or reopened guided game picks up where it was.

import { LitElement, css, html, nothing } from 'lit';
import type { GameStatus } from '../bindings/GameStatus';
import { guideNote, GUIDED_ROUNDS } from './guide-script';
import { ruleHref, ruleLabel, stepKey } from './lookup';
import { rulesReferenceNow } from './data';

const KEY = 'warwick.guide';

/** What the guide remembers: which game it guides, and how far. */
export interface GuideState {
  game: number;
  /** Paused by "Skip the guide". */
  off: boolean;
  /** Turned off for this game. */
  hidden: boolean;
  /** Notes folded away with "Got it". */
  seen: string[];
}

export function loadGuide(): GuideState | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    return raw ? (JSON.parse(raw) as GuideState) : null;
  } catch {
    return null;
  }
}

function saveGuide(state: GuideState): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(state));
  } catch {
    /* private mode: the guide just forgets */
  }
}

/** Makes `game` the guided game, from the start. */
export function startGuide(game: number): void {
  saveGuide({ game, off: false, hidden: false, seen: [] });
}

export class WarwickGuide extends LitElement {
  static properties = {
    game: { type: Number },
    status: { attribute: false },
    yours: { type: Boolean },
    state: { state: true },
  };

  game?: number;
  status?: GameStatus;
  yours = false;
  state: GuideState | null = loadGuide();

  static styles = css`
    :host {
      display: block;
    }
    .card {
      margin: 0.4rem 0.6rem;
      padding: 0.6rem 0.8rem;
      background: #fff8e1;
      color: #2a241b;
      border: 2px solid #c9a227;
      border-radius: 8px;
      box-shadow: 0 2px 10px rgb(0 0 0 / 0.15);
      font: 15px/1.45 system-ui, sans-serif;
    }
    h3 {
      margin: 0 0 0.2rem;
      font-size: 1rem;
    }
    p {
      margin: 0.2rem 0;
    }
    .why {
      color: #5b4a20;
    }
    .actions {
      display: flex;
      gap: 0.5rem;
      flex-wrap: wrap;
      margin-top: 0.4rem;
    }
    button {
      font: inherit;
      min-height: 2.2rem;
      padding: 0.2rem 0.8rem;
      border-radius: 6px;
      border: 1px solid #b9ab90;
      background: #fff;
      cursor: pointer;
    }
    button.primary {
      background: #8c6d12;
      border-color: #8c6d12;
      color: #fff;
    }
    .pill {
      margin: 0.3rem 0.6rem;
      display: inline-flex;
      gap: 0.3rem;
    }
    a {
      color: #1f5fa8;
    }
  `;

  private update_(patch: Partial<GuideState>): void {
    if (!this.state) return;
    this.state = { ...this.state, ...patch };
    saveGuide(this.state);
  }

  render() {
    const s = this.state;
    const status = this.status;
    if (!s || s.hidden || s.game !== this.game || !status || status.outcome) return nothing;
    const round = status.prompt.clock.round;
    if (round > GUIDED_ROUNDS) return nothing;
    if (s.off) {
      return html`<div class="pill"><button data-action="guide-resume" @click=${() => this.update_({ off: false })}>Guide ▸ Resume</button>
        <button aria-label="Turn the guide off for this game" data-action="guide-off" @click=${() => this.update_({ hidden: true })}>✕</button></div>`;
    }
    const note = guideNote(round, this.yours, stepKey(status.prompt));
    if (!note) return nothing;
    if (s.seen.includes(note.id)) {
      return html`<div class="pill"><button data-action="guide-show" @click=${() => this.update_({ seen: s.seen.filter((x) => x !== note.id) })}>Guide ▸</button></div>`;
    }
    return html`<section class="card" role="note" aria-label="Guide" data-field="guide" data-note=${note.id}>
      <h3>${note.title}</h3>
      <p>${note.text}</p>
      <p class="why"><strong>Why it matters:</strong> ${note.why} <a href=${ruleHref(note.rule)}>${ruleLabel(rulesReferenceNow(), note.rule)}</a></p>
      <div class="actions">
        <button class="primary" data-action="guide-ok" @click=${() => this.update_({ seen: [...s.seen, note.id] })}>Got it</button>
        ${this.yours
          ? html`<button data-action="guide-suggest" title="Mark on the map a move a Hard player would make here (you still choose)"
              @click=${() => this.dispatchEvent(new CustomEvent('guide-suggest', { bubbles: true, composed: true }))}>Show me a move</button>`
          : nothing}
        <button data-action="guide-skip" @click=${() => this.update_({ off: true })}>Skip the guide</button>
      </div>
    </section>`;
  }
}

customElements.define('warwick-guide', WarwickGuide);
