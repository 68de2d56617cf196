// The list of saved games (`<warwick-game-list>`), on the start screen and the stats screen:
// one button per game that opens it, saying who played, the daily it was (practice marked),
// the faction you led and the bots you faced, and where it stands (round, or how it ended and
// its score), filtered to the unfinished, the finished or the archived ones. Games stored by an
// earlier Warwick are listed but cannot be opened. Each game can be archived (out of the list,
// kept whole and in the history; brought back from Archived) or deleted after a confirm; a
// game the service keeps (a day's scored attempt, a game a branch continues) says why instead
// of offering Delete.
//
// Events (bubbling, composed): `open-game` {game}; `games-changed` after an archive or delete.
import { LitElement, css, html, nothing } from 'lit';
import { api } from '../api';
import type { GameSummary } from '../bindings/GameSummary';
import { challengeStyles } from './styles';
import { gameRowWords, gameStateWords } from './history';
import { isWin } from './words';

export class WarwickGameList extends LitElement {
  static properties = {
    games: { attribute: false },
    limit: { type: Number },
    show: { state: true },
    confirming: { state: true },
    failure: { state: true },
  };

  games: GameSummary[] = [];
  limit = 30;
  /** Which games are listed. */
  show: 'all' | 'unfinished' | 'finished' | 'archived' = 'all';
  /** The game whose Delete waits for its confirm. */
  confirming?: number;
  /** What went wrong putting a game away, with the game. */
  failure?: { game: number; message: string };

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
      li.game {
        display: flex;
        gap: 0.4rem;
        align-items: stretch;
      }
      li.game > button.game-row {
        flex: 1;
        min-width: 0;
      }
      .shelf {
        display: flex;
        flex-direction: column;
        justify-content: center;
        gap: 0.25rem;
      }
      .shelf button {
        font-size: 0.8rem;
        padding: 0.3rem 0.6rem;
        min-height: 2.2rem;
      }
      .confirm button {
        min-height: 2.6rem;
        padding: 0.4rem 1rem;
        font-size: 0.95rem;
      }
      button.danger {
        background: #8f1526;
        border-color: #8f1526;
        color: #fff;
      }
      .confirm {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 0.5rem;
        align-items: center;
        font-size: 0.85rem;
        padding: 0.3rem 0 0.2rem 0.9rem;
      }
      .show {
        display: flex;
        flex-wrap: wrap;
        gap: 0.8rem;
        margin: 0 0 0.5rem;
        font-size: 0.9rem;
      }
    `,
  ];

  render() {
    if (!this.games.length) return html`<p class="note" id="no-games">No saved games yet.</p>`;
    const shown = this.games.filter((g) =>
      this.show === 'archived' ? g.archived : !g.archived && (this.show === 'all' || (this.show === 'finished') === g.ended),
    );
    const choice = (id: typeof this.show, label: string) =>
      html`<label><input type="radio" name="show" data-show=${id} .checked=${this.show === id} @change=${() => (this.show = id)} /> ${label}</label>`;
    return html`<div class="show" role="radiogroup" aria-label="Which games">${choice('all', 'All')} ${choice('unfinished', 'Unfinished')} ${choice('finished', 'Finished')} ${choice('archived', 'Archived')}</div>
    ${shown.length ? nothing : html`<p class="note" data-field="none-shown">None.</p>`}
    <ul class="games" id="saved-games">
      ${shown.slice(0, this.limit).map((g) => {
        const state = gameStateWords(g);
        return html`<li class="game" data-row=${g.game}><button class="secondary game-row" data-game=${g.game} ?disabled=${!g.playable}
            @click=${() => this.dispatchEvent(new CustomEvent('open-game', { detail: { game: Number(g.game) }, bubbles: true, composed: true }))}>
          <span class="first"><strong>Game ${g.game}</strong>
            ${g.daily ? html`<span class="tag ${g.daily.scored ? '' : 'practice'}" data-field="row-daily">Daily ${g.daily.date}${g.daily.scored ? '' : ' · practice'}</span>` : nothing}
            <span>${gameRowWords(g).join(' · ')}</span></span>
          <span class="first"><span class=${g.result ? (isWin(g.result) ? 'tag win' : 'tag loss') : ''}>${state}</span>
            <span class="when">${new Date(g.created).toLocaleString()}</span></span>
        </button>${this.renderShelf(g)}</li>${this.renderConfirm(g)}`;
      })}
    </ul>`;
  }

  /** Archive (or bring back) and Delete beside a game. */
  private renderShelf(g: GameSummary) {
    const game = Number(g.game);
    return html`<span class="shelf">
      <button class="secondary" data-action="archive" aria-label="${g.archived ? 'Unarchive' : 'Archive'} game ${game}"
        title=${g.archived ? 'Back to the list of saved games' : 'Out of the list: kept whole, and still in your history'}
        @click=${() => void this.archive(game, !g.archived)}>${g.archived ? 'Unarchive' : 'Archive'}</button>
      <button class="secondary" data-action="delete" aria-label="Delete game ${game}"
        title=${g.kept ?? 'Delete this game for good'} @click=${() => (this.confirming = game)}>Delete…</button>
    </span>`;
  }

  /** The confirm of a Delete, and what went wrong putting the game away. */
  private renderConfirm(g: GameSummary) {
    const game = Number(g.game);
    const failed = this.failure?.game === game ? html`<li class="confirm error" role="alert" data-field="shelf-error">${this.failure.message}</li>` : nothing;
    if (this.confirming !== game) return failed;
    // A game that must stay says why where it was tapped (a tooltip is never seen on a phone).
    if (g.kept !== null) {
      return html`<li class="confirm" data-field="kept-reason" role="status">
          <span>Game ${game} is not deleted — ${g.kept}.</span>
          <button class="secondary" data-action="keep" @click=${() => (this.confirming = undefined)}>OK</button>
        </li>${failed}`;
    }
    return html`<li class="confirm" data-field="confirm-delete" role="group" aria-label="Delete game ${game}?">
        <span>Delete game ${game} for good? It cannot be brought back${g.ended ? ', and it leaves your history' : ''}.</span>
        <button class="danger" data-action="confirm-delete" @click=${() => void this.deleteGame(game)}>Delete</button>
        <button class="secondary" data-action="keep" @click=${() => (this.confirming = undefined)}>Keep</button>
      </li>${failed}`;
  }

  private async archive(game: number, archived: boolean): Promise<void> {
    await this.shelve(game, () => api.archiveGame(game, archived), (g) => (g.game === game ? { ...g, archived } : g));
  }

  private async deleteGame(game: number): Promise<void> {
    this.confirming = undefined;
    await this.shelve(game, () => api.deleteGame(game), (g) => (g.game === game ? undefined : g));
  }

  private async shelve(game: number, act: () => Promise<unknown>, after: (g: GameSummary) => GameSummary | undefined): Promise<void> {
    this.failure = undefined;
    try {
      await act();
    } catch (error) {
      this.failure = { game, message: error instanceof Error ? error.message : String(error) };
      return;
    }
    this.games = this.games.flatMap((g) => after(g) ?? []);
    this.dispatchEvent(new CustomEvent('games-changed', { bubbles: true, composed: true }));
  }
}

customElements.define('warwick-game-list', WarwickGameList);
