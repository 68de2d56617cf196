// A day's board among friends (`<warwick-board>`), from the daily card ("Today's board") or for
// any past day: paste share lines — a whole chat, other text around them — and each is verified
// here (its game replayed, its words checked) and placed: rank, who, outcome, round, score,
// undos, with Watch to follow that game on the timeline. The player's own result is on it; a
// line that does not verify is shown apart with why. The board is kept and grows as more lines
// are pasted (`board_paste`, a bounded share per call, gone on from `next`).
//
// Events (bubbling, composed): `open-game` {game, seq}; `menu`.
import { LitElement, css, html, nothing } from 'lit';
import { ApiError, api } from '../api';
import type { Board } from '../bindings/Board';
import type { BoardRefused } from '../bindings/BoardRefused';
import type { BoardRow } from '../bindings/BoardRow';
import { challengeStyles } from './styles';
import { dayWords, isWin, resultName, undoWords } from './words';

/** What kind of refusal, in a few words. */
export function refusedWords(kind: BoardRefused['kind']): string {
  switch (kind) {
    case 'altered':
      return 'Altered or cut short';
    case 'version':
      return 'Another version of Warwick';
    case 'another_day':
      return 'Not this day’s daily';
    case 'claim':
      return 'Its words do not match its game';
    case 'unchecked':
      return 'Could not be checked';
  }
}

/** A board row's outcome: `Prestige Victory in round 9`. */
export function rowOutcome(row: Pick<BoardRow, 'result' | 'round'>): string {
  return `${resultName(row.result)} in round ${row.round}`;
}

export class WarwickBoard extends LitElement {
  static properties = {
    date: {},
    board: { state: true },
    text: { state: true },
    error: { state: true },
    busy: { state: true },
    progress: { state: true },
  };

  /** The day (`YYYY-MM-DD`); today when unset. */
  date?: string;
  board?: Board;
  text = '';
  error?: string;
  busy = false;
  /** Lines checked so far of the paste under way. */
  progress = '';

  static styles = [
    challengeStyles,
    css`
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 6rem;
        font: 0.9rem/1.4 'DejaVu Sans Mono', monospace;
        padding: 0.5rem;
        border: 1px solid #b9a98e;
        border-radius: 0.4rem;
        background: #fffdf7;
        color: var(--ink);
        resize: vertical;
        word-break: break-all;
      }
      table {
        width: 100%;
        border-collapse: collapse;
        margin-top: 0.8rem;
      }
      th,
      td {
        text-align: left;
        padding: 0.35rem 0.4rem;
        border-bottom: 1px solid #e6dac4;
        vertical-align: middle;
      }
      td.num,
      th.num {
        text-align: right;
      }
      tr.yours {
        background: #fff3c4;
        font-weight: 700;
      }
      .win {
        color: #00664a;
      }
      ul.refused {
        padding-left: 1.1rem;
      }
      ul.refused li {
        margin-bottom: 0.4rem;
        overflow-wrap: anywhere;
      }
      @media (max-width: 600px) {
        .wide {
          display: none;
        }
      }
    `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private emit(name: string, detail: Record<string, unknown> = {}): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private async load(): Promise<void> {
    try {
      this.board = await api.board(this.date);
      this.error = undefined;
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  private async paste(event: Event): Promise<void> {
    event.preventDefault();
    if (!this.text.trim() || this.busy) return;
    this.busy = true;
    this.error = undefined;
    let from = 0;
    let added = 0;
    try {
      for (;;) {
        const pasted = await api.boardPaste(this.text, from, this.board?.date ?? this.date);
        this.board = pasted.board;
        added += pasted.added;
        this.progress = `${Math.min(pasted.next ?? pasted.found, pasted.found)} of ${pasted.found} lines checked`;
        if (pasted.next === null) {
          this.progress = pasted.found === 0 ? 'No share line or code was found in the text.' : `${pasted.found} line${pasted.found === 1 ? '' : 's'} checked, ${added} new on the board.`;
          break;
        }
        from = pasted.next;
      }
      this.text = '';
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    } finally {
      this.busy = false;
    }
  }

  private async watch(row: BoardRow): Promise<void> {
    this.error = undefined;
    try {
      const opened = await api.openCode(row.code);
      this.emit('open-game', { game: Number(opened.game), seq: 0 });
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    }
  }

  private renderRows(rows: BoardRow[]) {
    if (rows.length === 0) return html`<p class="note" data-field="board-empty">No result on this day's board yet: paste your friends' share lines above.</p>`;
    return html`<table data-field="board-rows">
      <thead><tr><th class="num">#</th><th>Who</th><th>Outcome</th><th class="num">Score</th><th class="wide">Undos</th><th aria-label="Watch"></th></tr></thead>
      <tbody>
        ${rows.map(
          (r) => html`<tr class=${r.yours ? 'yours' : ''} data-rank=${r.rank}>
            <td class="num">${r.rank}</td>
            <td data-field="who">${r.who}${r.practice ? html` <span class="note">(practice)</span>` : nothing}</td>
            <td class=${isWin(r.result) ? 'win' : ''}>${rowOutcome(r)}</td>
            <td class="num" data-field="score">${r.score.toLocaleString('en-GB')}</td>
            <td class="wide">${undoWords(r.undos)}</td>
            <td><button class="secondary small" data-action="watch" @click=${() => this.watch(r)}>Watch</button></td>
          </tr>`,
        )}
      </tbody>
    </table>`;
  }

  private renderRefused(refused: BoardRefused[]) {
    if (refused.length === 0) return nothing;
    return html`<h2>Lines that did not check out</h2>
      <ul class="refused" data-field="board-refused">
        ${refused.map((r) => html`<li data-kind=${r.kind}><strong>${refusedWords(r.kind)}:</strong> ${r.reason}<br /><span class="note">${r.line}</span></li>`)}
      </ul>`;
  }

  render() {
    const b = this.board;
    return html`<div class="page">
      <div class="page-head">
        <h1>${b ? `Board of ${dayWords(b.date)}` : 'The day’s board'}</h1>
        <button class="secondary" data-action="menu" @click=${() => this.emit('menu')}>‹ Back</button>
      </div>
      <p class="note">Paste your friends' share lines (a whole chat will do): each is checked here by replaying its game, then ranked by score, then by the round, then by undos.</p>
      <form @submit=${(e: Event) => this.paste(e)}>
        <label for="board-text">Share lines</label>
        <textarea id="board-text" data-field="board-text" .value=${this.text} spellcheck="false"
          placeholder="Warwick daily 2026-11-26 — … — W4-…" @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}></textarea>
        <div class="row"><button class="primary" type="submit" data-action="board-paste" ?disabled=${this.busy || !this.text.trim()}>${this.busy ? 'Checking…' : 'Add to the board'}</button></div>
      </form>
      <p role="status" class="note" data-field="board-progress">${this.progress}</p>
      ${this.error ? html`<p class="error" role="alert" data-field="board-error">${this.error}</p>` : nothing}
      ${b ? html`${this.renderRows(b.rows)} ${this.renderRefused(b.refused)}` : this.error ? nothing : html`<p class="note">Loading…</p>`}
    </div>`;
  }
}

customElements.define('warwick-board', WarwickBoard);
