// The end screen (`<warwick-end-screen>`), shown over the game screen when a game with a person
// has ended: the outcome in words, the score line by line, every faction's Prestige by round,
// the key moments (each opens the game's timeline there), and Share, Watch the replay,
// Practice again (for a daily), New game and Back to the board. It is a modal dialog: focus
// goes to its heading, Escape or "Back to the board" closes it and the game stays open below.
//
// Events (bubbling, composed): `open-seq` {seq} — show the game at a seq on its timeline (0 is
// the start); `practice` {date} — start that day's challenge again, as practice; `new-game`;
// `close-end`.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { api } from '../api';
import { failureWords } from '../waiting';
import type { GameStatus } from '../bindings/GameStatus';
import type { Story } from '../bindings/Story';
import type { Outcome } from '../bindings/Outcome';
import './prestige-chart';
import './analysis';
import './score-breakdown';
import './share-dialog';
import type { WarwickShareDialog } from './share-dialog';
import { challengeStyles } from './styles';
import { dayWords, isWin, outcomeSentence, pointsWords } from './words';

const MOMENT_ICONS: Record<string, string> = {
  coronation: '♛',
  royal_died: '✝',
  battle: '⚔',
  siege: '♜',
  parliament: '⚖',
  prestige_claim: '★',
  game_ended: '⚑',
  resigned: '⚐',
};

export class WarwickEndScreen extends LitElement {
  static properties = {
    game: { type: Number },
    status: { state: true },
    story: { state: true },
    error: { state: true },
  };

  game?: number;
  status?: GameStatus;
  story?: Story;
  error?: string;

  static styles = [
    challengeStyles,
    css`
      dialog {
        border: none;
        border-radius: 0.8rem;
        padding: 0;
        background: var(--parchment);
        color: var(--ink);
        width: min(64rem, calc(100vw - 2rem));
        max-height: calc(100dvh - 2rem);
        box-shadow: 0 0.5rem 2rem rgba(0, 0, 0, 0.35);
      }
      dialog::backdrop {
        background: rgba(43, 33, 24, 0.5);
      }
      .body {
        padding: 1.1rem 1.4rem 1.4rem;
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1.25fr);
        grid-template-areas: 'head head' 'left right';
        gap: 0.6rem 2rem;
      }
      header {
        grid-area: head;
      }
      .left,
      .right {
        display: flex;
        flex-direction: column;
        gap: 0.6rem;
      }
      .left {
        grid-area: left;
      }
      .right {
        grid-area: right;
      }
      .kicker {
        margin: 0;
        display: flex;
        gap: 0.5rem;
        align-items: center;
        flex-wrap: wrap;
        color: var(--muted);
      }
      h2.outcome {
        margin: 0.3rem 0 0;
        font-size: 1.6rem;
        line-height: 1.25;
        color: var(--ink);
      }
      h2.outcome:focus {
        outline: none;
      }
      h2.outcome.win {
        color: #00664a;
      }
      .total {
        margin: 0.3rem 0 0;
        font-size: 1.25rem;
      }
      .total strong {
        font-size: 2rem;
        color: var(--rose);
      }
      section h3 {
        font-size: 1.05rem;
        margin: 0.6rem 0 0.4rem;
      }
      .end-actions {
        margin-top: 0.4rem;
      }
      ol.moments-list {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: 0.15rem;
      }
      ol.moments-list li {
        display: grid;
        grid-template-columns: 1.6rem 4.2rem minmax(0, 1fr);
        align-items: baseline;
        gap: 0.3rem;
      }
      .icon {
        text-align: center;
        color: var(--rose);
      }
      .round {
        color: var(--muted);
        font-size: 0.85rem;
      }
      @media (max-width: 899px) {
        dialog {
          width: 100vw;
          max-width: 100vw;
          height: 100dvh;
          max-height: 100dvh;
          margin: 0;
          border-radius: 0;
        }
        /* One column: the buttons first, then the score, the chart and the moments. */
        .body {
          display: flex;
          flex-direction: column;
          padding: 0.9rem 1rem 2rem;
        }
        .left,
        .right {
          display: contents;
        }
        .end-actions {
          order: -1;
          margin-top: 0;
        }
        header {
          order: -2;
        }
        h2.outcome {
          font-size: 1.3rem;
        }
        .end-actions button {
          flex: 1 1 40%;
        }
      }
    `,
  ];

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('game') && this.game !== undefined) void this.load();
  }

  protected firstUpdated(): void {
    this.renderRoot.querySelector('dialog')?.showModal();
  }

  private async load(): Promise<void> {
    const game = this.game!;
    this.error = undefined;
    try {
      const [status, story] = await Promise.all([api.status(game), api.story(game)]);
      if (game !== this.game) return;
      this.status = status;
      this.story = story;
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('h2.outcome')?.focus();
      this.dataset.loaded = String(game);
    } catch (error) {
      if (game === this.game) this.error = failureWords(error);
    }
  }

  private emit(name: string, detail: Record<string, unknown> = {}): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private openSeq(seq: number): void {
    this.emit('open-seq', { seq });
    this.renderRoot.querySelector('dialog')?.close();
  }

  private share(): void {
    void this.renderRoot.querySelector<WarwickShareDialog>('warwick-share-dialog')?.show();
  }

  /** The person's seat. */
  private get person(): number | null {
    const i = this.status?.seats.findIndex((s) => s.kind === 'human') ?? -1;
    return i >= 0 ? i : null;
  }

  private get round(): number {
    const rounds = Math.max(0, ...(this.story?.prestige.map((s) => s.by_round.length) ?? []));
    const clock = (this.status?.prompt as { clock?: { round?: number } } | null)?.clock;
    return rounds || clock?.round || 0;
  }

  private renderHead() {
    const status = this.status!;
    const score = status.score;
    const names = this.story?.prestige ?? [];
    const sentence = score
      ? outcomeSentence({
          result: score.result,
          outcome: status.outcome as Outcome | null,
          round: this.round,
          person: this.person,
          name: (seat) => names.find((s) => s.faction === seat)?.name ?? `Seat ${seat + 1}`,
        })
      : 'The game is over.';
    const daily = status.daily;
    return html`<header>
      <p class="kicker">
        <span>Game over · game ${status.game}</span>
        ${daily
          ? html`<span class="tag ${daily.scored ? '' : 'practice'}" data-field="end-daily">Daily challenge, ${dayWords(daily.date)}${daily.scored ? '' : ' · practice'}</span>`
          : nothing}
      </p>
      <h2 class="outcome ${isWin(score?.result) ? 'win' : ''}" id="end-title" tabindex="-1" data-field="outcome-words">${sentence}</h2>
      ${score ? html`<p class="total">Your score: <strong data-field="end-total">${pointsWords(score.total)}</strong></p>` : nothing}
      ${daily && !daily.scored
        ? html`<p class="note">Practice: this game does not count. The first game started on a day's challenge is the one that is scored.</p>`
        : daily
          ? html`<p class="note">This was the day's scored attempt: it counts in your history and your daily streak.</p>`
          : nothing}
    </header>`;
  }

  private renderMoments() {
    const moments = this.story?.moments ?? [];
    return html`<section class="moments" aria-labelledby="moments-title">
      <h3 id="moments-title">Key moments</h3>
      ${moments.length
        ? html`<ol class="moments-list" data-field="moments">
            ${moments.map((m) => html`<li data-kind=${m.kind}>
              <span class="icon" aria-hidden="true">${MOMENT_ICONS[m.kind] ?? '•'}</span>
              <span class="round">${m.round ? `Round ${m.round}` : 'Set-up'}</span>
              <button class="link" data-seq=${m.seq} title="Open the timeline here" @click=${() => this.openSeq(Number(m.seq))}>${m.text}</button>
            </li>`)}
          </ol>
          <p class="note">Each moment opens the game's timeline there.</p>`
        : html`<p class="note">Nothing of note: no battle, siege, Parliament, coronation or death.</p>`}
    </section>`;
  }

  render() {
    const status = this.status;
    const daily = status?.daily;
    return html`<dialog aria-labelledby="end-title" @close=${() => this.emit('close-end')}>
      ${this.error
        ? html`<div class="body"><warwick-waiting id="end-title" what="the game's result" .error=${this.error} @retry=${() => void this.load()}></warwick-waiting>
            <div class="actions"><button class="secondary" @click=${() => this.renderRoot.querySelector('dialog')?.close()}>Back to the board</button></div></div>`
        : !status || !this.story
          ? html`<div class="body"><warwick-waiting id="end-title" what="the result"></warwick-waiting></div>`
          : html`<div class="body">
              ${this.renderHead()}
              <div class="left">
              <section class="score" aria-label="Score">
                <h3>Score</h3>
                ${status.score ? html`<warwick-score .score=${status.score}></warwick-score>` : html`<p class="note">Only bots played: there is no score.</p>`}
              </section>
              <div class="end-actions actions">
                <button class="primary" data-action="share" @click=${this.share}>Share</button>
                <button class="secondary" data-action="watch" @click=${() => this.openSeq(0)}>Watch the replay</button>
                ${daily ? html`<button class="secondary" data-action="practice" @click=${() => this.emit('practice', { date: daily.date })}>Practice again</button>` : nothing}
                <button class="secondary" data-action="new-game" @click=${() => this.emit('new-game')}>New game</button>
                <button class="secondary" data-action="board" @click=${() => this.renderRoot.querySelector('dialog')?.close()}>Back to the board</button>
              </div>
              </div>
              <div class="right">
              <section class="chart" aria-labelledby="chart-heading">
                <h3 id="chart-heading">Prestige by round</h3>
                <warwick-prestige-chart .series=${this.story.prestige} .you=${this.person}></warwick-prestige-chart>
              </section>
              <section class="chart" aria-labelledby="analysis-heading">
                <h3 id="analysis-heading">Chances, round by round</h3>
                <warwick-analysis .game=${this.game} .factions=${this.story.prestige} .you=${this.person} @open-seq=${(e: CustomEvent<{ seq: number }>) => { e.stopPropagation(); this.openSeq(e.detail.seq); }}></warwick-analysis>
              </section>
              ${this.renderMoments()}
              </div>
            </div>`}
      <warwick-share-dialog .game=${this.game} @close=${() => this.renderRoot.querySelector<HTMLElement>('[data-action="share"]')?.focus()}></warwick-share-dialog>
    </dialog>`;
  }
}

customElements.define('warwick-end-screen', WarwickEndScreen);
