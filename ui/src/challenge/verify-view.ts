// The verify view (`<warwick-verify>`), "Check a shared result": paste a replay code or a whole
// share line, Verify replays the whole game here with the same bots (`verify_code`) and shows
// what it proves — the outcome, the score line by line, the round, the undos, the daily it was
// and who played — or why the code is refused, in plain words. "Watch this game" keeps it as a
// game (`open_code`) and opens it on its timeline from the start.
//
// Events (bubbling, composed): `open-game` {game, seq}; `menu`.
import { LitElement, css, html, nothing } from 'lit';
import { api, ApiError } from '../api';
import type { VerifiedCode } from '../bindings/VerifiedCode';
import type { Outcome } from '../bindings/Outcome';
import './score-breakdown';
import { challengeStyles } from './styles';
import { dayWords, isWin, outcomeSentence, pointsWords, refusalText, seatName, seatWords, undoWords } from './words';

export class WarwickVerify extends LitElement {
  static properties = {
    text: { state: true },
    verified: { state: true },
    error: { state: true },
    busy: { state: true },
  };

  text = '';
  verified?: VerifiedCode;
  error?: string;
  busy: '' | 'verify' | 'open' = '';

  static styles = [
    challengeStyles,
    css`
      :host {
        height: 100%;
      }
      label {
        display: block;
        margin: 0.6rem 0 0.3rem;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 7rem;
        font: 0.95rem/1.4 'DejaVu Sans Mono', monospace;
        padding: 0.5rem;
        border: 1px solid #b9a98e;
        border-radius: 0.4rem;
        background: #fffdf7;
        color: var(--ink);
        resize: vertical;
        word-break: break-all;
      }
      .result {
        margin-top: 1.2rem;
        border-color: #009e73;
        border-width: 2px;
      }
      .result h2 {
        margin: 0 0 0.3rem;
        color: #00664a;
      }
      .result h2:focus {
        outline: none;
      }
      .headline {
        font-size: 1.2rem;
        font-weight: 700;
        margin: 0.2rem 0;
      }
      .headline.win {
        color: #00664a;
      }
      .cols {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        gap: 0.5rem 2rem;
        margin-top: 0.6rem;
      }
      dl {
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 0.35rem 1rem;
        margin: 0;
      }
      dt {
        color: var(--muted);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      dd ul {
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .hash {
        font-family: 'DejaVu Sans Mono', monospace;
        font-size: 0.85rem;
      }
      @media (max-width: 899px) {
        .cols {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    // A shared link holds the code after `#`: check it at once.
    const hash = decodeURIComponent(globalThis.location?.hash.slice(1) ?? '');
    if (/^W\d-/.test(hash)) {
      this.text = hash;
      void this.verify();
    }
  }

  private emit(name: string, detail: Record<string, unknown> = {}): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private async verify(event?: Event): Promise<void> {
    event?.preventDefault();
    if (!this.text.trim() || this.busy) return;
    this.busy = 'verify';
    this.error = undefined;
    this.verified = undefined;
    try {
      this.verified = await api.verifyCode(this.text);
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('.result h2')?.focus();
    } catch (error) {
      this.error = error instanceof ApiError ? refusalText(error) : String(error);
    } finally {
      this.busy = '';
    }
  }

  private async watch(): Promise<void> {
    if (!this.verified || this.busy) return;
    this.busy = 'open';
    this.error = undefined;
    try {
      const opened = await api.openCode(this.verified.code);
      this.emit('open-game', { game: Number(opened.game), seq: 0 });
    } catch (error) {
      this.error = error instanceof ApiError ? refusalText(error) : String(error);
    } finally {
      this.busy = '';
    }
  }

  private renderVerified(v: VerifiedCode) {
    const person = v.seats.findIndex((s) => s.kind === 'human');
    const sentence = outcomeSentence({
      result: v.result,
      outcome: v.outcome as Outcome | null,
      round: v.round,
      person: person >= 0 ? person : null,
      name: (seat) => seatName(v.seats, seat),
      subject: 'The player',
    });
    return html`<section class="card result" data-field="verified" aria-labelledby="verified-title">
      <h2 id="verified-title" tabindex="-1">✓ It checks out</h2>
      <p class="note">Replayed here from the start, with the same bots: the game ends exactly as the code says.</p>
      <p class="headline ${isWin(v.result) ? 'win' : ''}" data-field="verified-outcome">${sentence}</p>
      ${v.score ? html`<p>Score: <strong data-field="verified-total">${pointsWords(v.score.total)}</strong></p>` : nothing}
      <div class="cols">
        <div>${v.score ? html`<warwick-score .score=${v.score}></warwick-score>` : html`<p class="note">Only bots played: there is no score.</p>`}</div>
        <dl>
          ${v.name ? html`<dt>Played by</dt><dd data-field="verified-name">${v.name}</dd>` : nothing}
          <dt>Ended in</dt><dd data-field="verified-round">round ${v.round}</dd>
          <dt>Undos</dt><dd data-field="verified-undos">${undoWords(v.undos)}</dd>
          <dt>Choices</dt><dd>${v.choices} decision${v.choices === 1 ? '' : 's'} replayed (undos included)</dd>
          <dt>Daily</dt><dd data-field="verified-daily">${v.daily
            ? html`${dayWords(v.daily.date)} (${v.daily.date})${v.daily.scored ? '' : html` <span class="tag practice">practice</span>`}`
            : 'not a daily challenge'}</dd>
          <dt>Undo rules</dt><dd data-field="verified-mode">${v.mode === 'challenge'
            ? 'challenge: no take-back past a card drawn or anything revealed'
            : 'casual: any of the player’s moves could be taken back'}</dd>
          <dt>Who played</dt><dd><ul data-field="verified-seats">${seatWords(v.seats).map((s) => html`<li>${s}</li>`)}</ul></dd>
          <dt>Final state</dt><dd class="hash" title=${v.final_state_hash}>${v.final_state_hash.slice(0, 16)}…</dd>
        </dl>
      </div>
      ${v.unproven.length
        ? html`<div class="unproven" data-field="verified-unproven">
            <h3>Not proven (the player’s word)</h3>
            <ul>${v.unproven.map((u) => html`<li>${u.replace(/^the player says /, 'The player says ')}.</li>`)}</ul>
          </div>`
        : nothing}
      <div class="actions">
        <button class="primary" data-action="watch-code" ?disabled=${!!this.busy} @click=${this.watch}>${this.busy === 'open' ? 'Opening…' : 'Watch this game'}</button>
      </div>
      <p class="note">Watching keeps the game in your saved games, to step through on its timeline.</p>
    </section>`;
  }

  render() {
    return html`<div class="page">
      <div class="page-head">
        <h1>Check a shared result</h1>
        <button class="secondary" data-action="menu" @click=${() => this.emit('menu')}>‹ Back</button>
      </div>
      <p>Someone shared a Warwick result with you? Paste it here. Warwick replays their whole game from the start with the
        same bots and tells you whether it really ends as they say.</p>
      <form @submit=${this.verify}>
        <label for="code">Replay code, or the whole line that was shared</label>
        <textarea id="code" data-field="code" .value=${this.text} spellcheck="false" autocomplete="off"
          placeholder="Warwick daily 2026-11-26 — … — W4-…"
          @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}></textarea>
        <div class="actions">
          <button class="primary" type="submit" data-action="verify" ?disabled=${!this.text.trim() || !!this.busy}>${this.busy === 'verify' ? 'Checking…' : 'Verify'}</button>
        </div>
      </form>
      ${this.error ? html`<p class="error" role="alert" data-field="refused">${this.error}</p>` : nothing}
      ${this.verified ? this.renderVerified(this.verified) : nothing}
    </div>`;
  }
}

customElements.define('warwick-verify', WarwickVerify);
