// The stats screen (`<warwick-stats>`), "Your history": games played and won; the daily
// streak (current, longest), the days played and a histogram of the daily results (loss,
// minor, shared, prestige, royalty); how games ended; records by the faction led and by the
// bots faced; the best and latest scores (each reopens its game); and every saved game.
// Practice games are marked. The history can be saved as one file and brought back.
//
// Events (bubbling, composed): `open-game` {game}; `menu`.
import { LitElement, css, html, nothing } from 'lit';
import { api } from '../api';
import { failureWords } from '../waiting';
import type { GameSummary } from '../bindings/GameSummary';
import type { PlayedGame } from '../bindings/PlayedGame';
import type { Stats } from '../bindings/Stats';
import './game-list';
import './history-transfer';
import { histogram, recordRows, winRate } from './history';
import { challengeStyles } from './styles';
import { RESULTS, isWin, pointsWords, resultHeadline, resultName } from './words';

export class WarwickStats extends LitElement {
  static properties = {
    stats: { state: true },
    games: { state: true },
    error: { state: true },
  };

  stats?: Stats;
  games: GameSummary[] = [];
  error?: string;

  static styles = [
    challengeStyles,
    css`
      :host {
        height: 100%;
      }
      .tiles {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr));
        gap: 0.6rem;
        margin-top: 0.8rem;
      }
      .tile {
        margin: 0;
        background: #fffaf0;
        border: 1px solid #d9ccb4;
        border-radius: 0.6rem;
        padding: 0.6rem 0.8rem;
      }
      .tile b {
        display: block;
        font-size: 1.9rem;
        color: var(--rose);
        line-height: 1.1;
      }
      .tile span {
        color: var(--muted);
        font-size: 0.9rem;
      }
      .two {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        gap: 0 2rem;
      }
      ol.histogram {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.3rem;
        max-width: 30rem;
      }
      ol.histogram li {
        display: grid;
        grid-template-columns: 5.2rem minmax(0, 1fr);
        align-items: center;
        gap: 0.5rem;
      }
      .bar {
        display: block;
        min-width: 1.8rem;
        box-sizing: border-box;
        padding: 0.15rem 0.45rem;
        text-align: right;
        font-weight: 700;
        background: #9c8f80;
        color: #fff;
        border-radius: 0.2rem;
      }
      .bar.win {
        background: #007a5a;
      }
      .bar.loss {
        background: #8c3a44;
      }
      .bar.none {
        background: #d9ccb4;
        color: var(--ink);
      }
      table.records {
        border-collapse: collapse;
        width: 100%;
        font-variant-numeric: tabular-nums;
      }
      table.records th,
      table.records td {
        padding: 0.3rem 0.4rem;
        border-bottom: 1px solid #e3d7c1;
        text-align: right;
      }
      table.records th:first-child,
      table.records td:first-child {
        text-align: left;
      }
      table.records thead th {
        color: var(--muted);
        font-weight: 400;
        font-size: 0.9rem;
      }
      ol.scores {
        margin: 0;
        padding: 0;
        list-style: none;
        display: grid;
        gap: 0.3rem;
      }
      ol.scores button {
        width: 100%;
        text-align: left;
        display: grid;
        gap: 0.1rem;
        padding: 0.45rem 0.8rem;
        font-size: 0.95rem;
      }
      ol.scores .pts {
        font-weight: 700;
      }
      @media (max-width: 899px) {
        .two {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    this.error = undefined;
    try {
      const [stats, games] = await Promise.all([api.stats(), api.listGames()]);
      this.stats = stats;
      this.games = games;
      this.dataset.loaded = 'true';
    } catch (error) {
      this.error = failureWords(error);
    }
  }

  private emit(name: string, detail: Record<string, unknown> = {}): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private playedList(games: PlayedGame[], field: string) {
    if (!games.length) return html`<p class="note">No finished games yet.</p>`;
    return html`<ol class="scores" data-field=${field}>
      ${games.map((g) => html`<li><button class="secondary" data-game=${g.game} @click=${() => this.emit('open-game', { game: Number(g.game) })}>
        <span><span class="pts">${pointsWords(g.score)}</span> · ${resultHeadline(g.result, g.round)}
          ${g.daily ? html`<span class="tag ${g.daily.scored ? '' : 'practice'}">Daily ${g.daily.date}${g.daily.scored ? '' : ' · practice'}</span>` : nothing}</span>
        <span class="note" style="margin:0">Game ${g.game} · ${g.faction} · ${g.lineup.replace(/^Against/, 'against')} · ${new Date(g.created).toLocaleDateString()}</span>
      </button></li>`)}
    </ol>`;
  }

  private records(title: string, first: string, records: Stats['by_faction'], field: string) {
    const rows = recordRows(records);
    return html`<section aria-labelledby="${field}-title">
      <h2 id="${field}-title">${title}</h2>
      ${rows.length
        ? html`<table class="records" data-field=${field}>
            <thead><tr><th scope="col">${first}</th><th scope="col">Played</th><th scope="col">Won</th><th scope="col">Win rate</th></tr></thead>
            <tbody>${rows.map((r) => html`<tr><th scope="row" style="font-weight:400">${r.name}</th><td>${r.played}</td><td>${r.won}</td><td>${winRate(r)}</td></tr>`)}</tbody>
          </table>`
        : html`<p class="note">Nothing yet.</p>`}
    </section>`;
  }

  private renderStats(s: Stats) {
    const bars = histogram(s.daily_results);
    const ended = [...RESULTS].reverse().map((r) => ({ result: r, count: s.by_result[r] ?? 0 }));
    return html`<div class="tiles" data-field="totals">
        <p class="tile"><b data-field="played">${s.games.played}</b><span>games finished</span></p>
        <p class="tile"><b data-field="won">${s.games.won}</b><span>won (${winRate(s.games)})</span></p>
        <p class="tile"><b data-field="stats-streak">${s.streak.current}</b><span>daily streak</span></p>
        <p class="tile"><b data-field="stats-longest">${s.streak.longest}</b><span>longest streak</span></p>
        <p class="tile"><b data-field="days-played">${s.days_played}</b><span>dailies played</span></p>
      </div>
      <div class="two">
        <section aria-labelledby="daily-results-title">
          <h2 id="daily-results-title">Daily results</h2>
          <p class="note" style="margin-top:0">Each day's scored attempt (one left unfinished counts as a loss). Practice is not counted.</p>
          <ol class="histogram" data-field="histogram" aria-label="Daily results, worst first">
            ${bars.map((b) => html`<li data-result=${b.result}>
              <span title=${resultName(b.result)}>${b.label}</span>
              <span class="bar ${!b.count ? 'none' : b.result === 'loss' ? 'loss' : isWin(b.result) ? 'win' : ''}" style="width:${b.percent}%">${b.count}</span>
            </li>`)}
          </ol>
        </section>
        <section aria-labelledby="by-result-title">
          <h2 id="by-result-title">How your games ended</h2>
          <table class="records" data-field="by-result">
            <thead><tr><th scope="col">Result</th><th scope="col">Games</th></tr></thead>
            <tbody>${ended.map((e) => html`<tr><th scope="row" style="font-weight:400">${resultName(e.result)}</th><td>${e.count}</td></tr>`)}</tbody>
          </table>
        </section>
      </div>
      <div class="two">
        ${this.records('By faction you led', 'Faction', s.by_faction, 'by-faction')}
        ${this.records('By the bots you faced', 'Bots', s.by_lineup, 'by-lineup')}
      </div>
      <div class="two">
        <section aria-labelledby="best-title"><h2 id="best-title">Best scores</h2>${this.playedList(s.best, 'best')}</section>
        <section aria-labelledby="recent-title"><h2 id="recent-title">Latest games</h2>${this.playedList(s.recent, 'recent')}</section>
      </div>`;
  }

  render() {
    return html`<div class="page">
      <div class="page-head">
        <h1>Your history</h1>
        <button class="secondary" data-action="menu" @click=${() => this.emit('menu')}>‹ Back</button>
      </div>
      <p class="note">Finished games you played against bots. Every game can be reopened to look back through it on its timeline.</p>
      ${this.stats && !this.error
        ? this.renderStats(this.stats)
        : html`<warwick-waiting what="your history" .error=${this.error} @retry=${() => void this.load()}></warwick-waiting>`}
      <section aria-labelledby="all-title">
        <h2 id="all-title">All your games</h2>
        <warwick-game-list .games=${this.games} .limit=${200}></warwick-game-list>
      </section>
      <warwick-history-transfer @history-imported=${() => this.load()}></warwick-history-transfer>
    </div>`;
  }
}

customElements.define('warwick-stats', WarwickStats);
