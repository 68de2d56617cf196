// The list of saved games (`<warwick-game-list>`), on the start screen and the stats screen:
// one button per game that opens it, saying who played, the daily it was (practice marked),
// the faction you led and the bots you faced, and where it stands (round, or how it ended and
// its score), filtered to the unfinished or the finished ones. Games stored by an earlier
// Warwick are listed but cannot be opened.
//
// Event (bubbling, composed): `open-game` {game}.
import { LitElement, css, html, nothing } from 'lit';
import type { GameSummary } from '../bindings/GameSummary';
import { challengeStyles } from './styles';
import { gameRowWords, gameStateWords } from './history';
import { isWin } from './words';

export class WarwickGameList extends LitElement {
  static properties = { games: { attribute: false }, limit: { type: Number }, show: { state: true } };

  games: GameSummary[] = [];
  limit = 30;
  /** Which games are listed. */
  show: 'all' | 'unfinished' | 'finished' = 'all';

  static styles = [
    challengeStyles,
    css`
      ul.games {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.4rem;
      }
      button.game-row {
        width: 100%;
        text-align: left;
        font-size: 0.95rem;
        display: grid;
        gap: 0.15rem;
        padding: 0.55rem 0.9rem;
      }
      .first {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 0.5rem;
        align-items: baseline;
      }
      .when {
        font-size: 0.8rem;
        color: var(--muted);
      }
      .show {
        display: flex;
        gap: 0.8rem;
        margin: 0 0 0.5rem;
        font-size: 0.9rem;
      }
    `,
  ];

  render() {
    if (!this.games.length) return html`<p class="note" id="no-games">No saved games yet.</p>`;
    const shown = this.games.filter((g) => this.show === 'all' || (this.show === 'finished') === g.ended);
    const choice = (id: typeof this.show, label: string) =>
      html`<label><input type="radio" name="show" data-show=${id} .checked=${this.show === id} @change=${() => (this.show = id)} /> ${label}</label>`;
    return html`<div class="show" role="radiogroup" aria-label="Which games">${choice('all', 'All')} ${choice('unfinished', 'Unfinished')} ${choice('finished', 'Finished')}</div>
    ${shown.length ? nothing : html`<p class="note" data-field="none-shown">None.</p>`}
    <ul class="games" id="saved-games">
      ${shown.slice(0, this.limit).map((g) => {
        const state = gameStateWords(g);
        return html`<li><button class="secondary game-row" data-game=${g.game} ?disabled=${!g.playable}
            @click=${() => this.dispatchEvent(new CustomEvent('open-game', { detail: { game: Number(g.game) }, bubbles: true, composed: true }))}>
          <span class="first"><strong>Game ${g.game}</strong>
            ${g.daily ? html`<span class="tag ${g.daily.scored ? '' : 'practice'}" data-field="row-daily">Daily ${g.daily.date}${g.daily.scored ? '' : ' · practice'}</span>` : nothing}
            <span>${gameRowWords(g).join(' · ')}</span></span>
          <span class="first"><span class=${g.result ? (isWin(g.result) ? 'tag win' : 'tag loss') : ''}>${state}</span>
            <span class="when">${new Date(g.created).toLocaleString()}</span></span>
        </button></li>`;
      })}
    </ul>`;
  }
}

customElements.define('warwick-game-list', WarwickGameList);
