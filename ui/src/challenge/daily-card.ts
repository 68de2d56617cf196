// Today's challenge, the card at the top of the start screen (`<warwick-daily-card>`): the
// day, its line-up ("You and 3 Normal bots, 15 rounds, pre-set set-up"), where the player
// stands with it (not played; in progress, to resume; scored, with its result and score), the
// big button (Play today's challenge / Resume / Practice again, beside See the result) and the
// daily streak.
//
// Events (bubbling, composed): `play-daily` {date} — start the day's challenge (the service
// makes the first game of the day the scored attempt, any later one practice); `open-game`
// {game} — open a game; `open-board` {date} — the day's board among friends.
import { LitElement, css, html, nothing } from 'lit';
import { api } from '../api';
import { failureWords } from '../waiting';
import type { DailyStatus } from '../bindings/DailyStatus';
import { challengeStyles } from './styles';
import { dailyLineup, dayWords, isWin, pointsWords, resultName } from './words';

/** What every day's challenge says of itself. */
const SAME_GAME = 'Everyone on this version of Warwick gets the same game that day. Undo takes back your own decisions, never past a card drawn or a die.';
const NOT_PLAYED = 'Not played yet. The first game you start on it is the one that counts.';
const BOARD_NOTE = "Your friends' results, checked and ranked.";

export class WarwickDailyCard extends LitElement {
  static properties = {
    /** Disables the buttons while a game is being started. */
    busy: { type: Boolean },
    daily: { state: true },
    error: { state: true },
  };

  busy = false;
  daily?: DailyStatus;
  error?: string;

  static styles = [
    challengeStyles,
    css`
      .card {
        border: 2px solid var(--rose);
        background: linear-gradient(#fffaf0, #fbf1de);
        position: relative;
      }
      h2 {
        margin: 0;
        font-size: 1.35rem;
        color: var(--rose);
      }
      .date {
        margin: 0.1rem 0 0.6rem;
        font-size: 1.05rem;
        font-weight: 700;
      }
      .lineup {
        margin: 0;
      }
      .state {
        margin: 0.7rem 0 0;
        font-size: 1.02rem;
      }
      .streak {
        display: flex;
        gap: 1.2rem;
        flex-wrap: wrap;
        margin: 0.9rem 0 0;
        padding-top: 0.6rem;
        border-top: 1px solid #e3d7c1;
      }
      .streak b {
        font-size: 1.3rem;
        color: var(--rose);
      }
      /* The card's room, kept while the day's challenge loads, so that nothing below it moves
         when it comes (a click aimed at a button below would land elsewhere). */
      .room {
        visibility: hidden;
      }
      .room + warwick-waiting {
        position: absolute;
        top: 3.2rem;
        left: 1rem;
        right: 1rem;
      }
      @media (max-width: 899px) {
        .actions button {
          width: 100%;
        }
      }
    `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  async load(): Promise<void> {
    this.error = undefined;
    try {
      this.daily = await api.daily();
      this.dataset.status = this.daily.status;
    } catch (error) {
      this.error = failureWords(error);
    }
  }

  private emit(name: string, detail: Record<string, unknown>): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private renderState(d: DailyStatus) {
    const play = (label: string, id: string) => html`<button class="primary big" id=${id} data-action="play-daily" ?disabled=${this.busy}
      @click=${() => this.emit('play-daily', { date: d.daily.date })}>${this.busy ? 'Starting…' : label}</button>`;
    const open = (label: string) => html`<button class="secondary" data-action="open-daily" ?disabled=${this.busy}
      @click=${() => this.emit('open-game', { game: Number(d.game) })}>${label}</button>`;
    switch (d.status) {
      case 'in_progress':
        return html`<p class="state" data-field="daily-status">In progress: your scored attempt (game ${d.game}) is waiting for you.</p>
          <div class="actions">${html`<button class="primary big" id="play-daily" data-action="resume-daily" ?disabled=${this.busy}
            @click=${() => this.emit('open-game', { game: Number(d.game) })}>Resume</button>`}</div>`;
      case 'scored': {
        const result = d.result ?? 'loss';
        return html`<p class="state" data-field="daily-status">Played:
            <span class="tag ${isWin(result) ? 'win' : 'loss'}">${resultName(result)}</span>
            ${d.score !== null ? html`<strong>${pointsWords(d.score)}</strong>` : nothing}. Come back tomorrow for a new challenge.</p>
          <div class="actions">${play('Practice again', 'play-daily')} ${d.game !== null ? open('See the result') : nothing}</div>
          <p class="note">Practice games are not scored: only the first game of the day counts.</p>`;
      }
      default:
        return html`<p class="state" data-field="daily-status">${NOT_PLAYED}</p>
          <div class="actions">${play(d.today ? "Play today's challenge" : "Play this day's challenge", 'play-daily')}</div>`;
    }
  }

  /** While the day's challenge loads: the card as a day not yet played fills it, unseen. */
  private room() {
    return html`<div class="room" aria-hidden="true">
      <p class="date">Wednesday 30 September 2026</p>
      <p class="lineup">You and 3 Normal bots, 15 rounds, pre-set set-up. <span class="muted">${SAME_GAME}</span></p>
      <p class="state">${NOT_PLAYED}</p>
      <div class="actions"><button class="primary big" tabindex="-1" disabled>Play today's challenge</button></div>
      <div class="actions"><button class="secondary" tabindex="-1" disabled>Today's board</button> <span class="note">${BOARD_NOTE}</span></div>
      <p class="streak"><span>Daily streak: <b>0</b> days</span><span>Longest: <b>0</b></span></p>
    </div>`;
  }

  render() {
    const d = this.daily;
    return html`<section class="card" aria-labelledby="daily-title" data-field="daily-card">
      <h2 id="daily-title">${d && !d.today ? 'Daily challenge' : "Today's challenge"}</h2>
      ${this.error || !d
        ? html`${this.error ? nothing : this.room()}<warwick-waiting what="the daily challenge" .error=${this.error} @retry=${() => void this.load()}></warwick-waiting>`
        : html`<p class="date" data-field="daily-date">${dayWords(d.daily.date)}</p>
              <p class="lineup" data-field="daily-lineup">${dailyLineup(d.daily)}.
                <span class="muted">${SAME_GAME}</span></p>
              ${this.renderState(d)}
              <div class="actions"><button class="secondary" data-action="open-board" @click=${() => this.emit('open-board', { date: d.daily.date })}>${d.today ? "Today's board" : "This day's board"}</button>
                <span class="note">${BOARD_NOTE}</span></div>
              <p class="streak" data-field="streak">
                <span>Daily streak: <b data-field="streak-current">${d.streak.current}</b> day${d.streak.current === 1 ? '' : 's'}</span>
                <span>Longest: <b data-field="streak-longest">${d.streak.longest}</b></span>
              </p>`}
    </section>`;
  }
}

customElements.define('warwick-daily-card', WarwickDailyCard);
