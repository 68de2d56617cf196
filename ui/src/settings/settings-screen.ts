// The Settings screen (`<warwick-settings>`): the line-up a new game starts from (how many bot
// factions, each one's tier), the bots' speed, animation, passing empty card windows, where
// games are kept (the folder shown with Copy, opened in the file manager in the app, another
// folder chosen: the games go along), every finished game exported as one file, and the
// settings put back to their defaults (asked once; games are never touched). Every choice is
// kept at once through the service (./store.ts). From the start screen it is a page; in the
// game's Menu (`embedded`) the same controls without the page's heading and Back. Play on
// your phone is its own element (./phone-section.ts).
//
// Events (bubbling, composed): `menu` (Back).
import { LitElement, css, html, nothing } from 'lit';
import { ApiError, api, inTauri } from '../api';
import type { BotKind } from '../bindings/BotKind';
import type { Settings } from '../bindings/Settings';
import type { SettingsView } from '../bindings/SettingsView';
import { challengeStyles } from '../challenge/styles';
import { BOT_SPEEDS, MAX_BOTS, TIERS, folderChoice, isBotSpeed, withBotCount, withTier } from './model';
import { fetchSettings, keepSettings, resetSettings, settingsNow } from './store';
import './phone-section';

export class WarwickSettings extends LitElement {
  static properties = {
    embedded: { type: Boolean },
    view: { state: true },
    settings: { state: true },
    status: { state: true },
    error: { state: true },
    folder: { state: true },
    busy: { state: true },
    asking: { state: true },
    exported: { state: true },
  };

  /** Shown inside the game's Menu: no page heading, no Back. */
  embedded = false;
  view?: SettingsView;
  settings: Settings = settingsNow();
  /** What the last action did, for the polite live region. */
  status = '';
  error?: string;
  /** The folder typed to keep games in. */
  folder = '';
  busy = false;
  /** The reset is being asked about. */
  asking = false;
  exported?: { file: string | null; games: number };
  /** Changes made so far (a slower answer to an earlier one is not shown over a later one). */
  private changes = 0;

  static styles = [
    challengeStyles,
    css`
      :host {
        height: 100%;
      }
      :host([embedded]) .page {
        padding: 0;
        height: auto;
      }
      section {
        margin-top: 1.4rem;
      }
      fieldset {
        min-width: 0;
        border: 1px solid #d9ccb4;
        border-radius: 0.6rem;
        background: #fffaf0;
        padding: 0.6rem 1rem 0.9rem;
        margin: 0;
        display: grid;
        gap: 0.6rem;
      }
      legend {
        font-weight: 700;
        padding: 0 0.3rem;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 1rem;
        align-items: end;
      }
      label.field {
        flex: 0 1 auto;
        min-width: 0;
        max-width: 100%;
        display: grid;
        grid-template-columns: minmax(0, max-content);
        gap: 0.2rem;
        font-size: 0.92rem;
        color: var(--muted);
      }
      label.check {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        min-height: 2.4rem;
      }
      select,
      input[type='text'] {
        max-width: 100%;
        font: inherit;
        font-size: 1rem;
        min-height: 2.4rem;
        color: var(--ink);
      }
      input[type='text'] {
        width: min(28rem, 100%);
        box-sizing: border-box;
      }
      input[type='checkbox'] {
        width: 1.2rem;
        height: 1.2rem;
      }
      code.path {
        display: inline-block;
        background: #f3ead8;
        border-radius: 0.3rem;
        padding: 0.2rem 0.4rem;
        word-break: break-all;
      }
      .notice {
        background: #fff3c4;
        border: 1px solid #d9b84a;
        border-radius: 0.5rem;
        padding: 0.5rem 0.8rem;
      }
      .danger-zone {
        border-color: #c9a0a0;
      }
      button.danger {
        background: var(--rose);
        color: #fff;
        border: 1px solid var(--rose);
      }
    `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.take(await fetchSettings(true));
    } catch (error) {
      this.error = words(error);
    }
  }

  private take(view: SettingsView): void {
    this.view = view;
    this.settings = settingsNow();
    this.folder = view.settings.games_folder ?? '';
  }

  /** Keeps a change at once; only the answer to the latest change is shown. */
  private async change(next: Settings, said = 'Saved.'): Promise<void> {
    this.settings = next;
    this.error = undefined;
    const mine = ++this.changes;
    try {
      const view = await keepSettings(next);
      if (mine !== this.changes) return;
      this.take(view);
      this.status = this.view?.notice ?? said;
    } catch (error) {
      if (mine !== this.changes) return;
      this.error = words(error);
      this.settings = settingsNow();
    }
  }

  private async moveGames(folder: string | null): Promise<void> {
    this.busy = true;
    this.status = folder ? 'Moving your games…' : 'Going back to the default folder…';
    await this.change({ ...this.settings, games_folder: folder });
    this.busy = false;
  }

  private async exportAll(): Promise<void> {
    this.error = undefined;
    try {
      const exported = await api.exportAllGames();
      this.exported = { file: exported.file, games: exported.games };
      if (!inTauri()) download(exported.text);
      this.status = `${exported.games} finished game${exported.games === 1 ? '' : 's'} exported.`;
    } catch (error) {
      this.error = words(error);
    }
  }

  private async reset(): Promise<void> {
    this.asking = false;
    this.error = undefined;
    try {
      this.take(await resetSettings());
      this.status = this.view?.notice ?? 'Settings are back to their defaults.';
    } catch (error) {
      this.error = words(error);
    }
  }

  private async openFolder(): Promise<void> {
    this.error = undefined;
    try {
      await api.openGamesFolder();
    } catch (error) {
      this.error = words(error);
    }
  }

  private async copyFolder(): Promise<void> {
    const path = this.view?.games_folder;
    if (!path) return;
    try {
      await navigator.clipboard.writeText(path);
      this.status = 'Folder path copied.';
    } catch {
      this.status = 'Copying is not allowed here: select the path and copy it.';
    }
  }

  private renderLineUp() {
    const s = this.settings;
    return html`<section aria-labelledby="lineup-title">
      <fieldset>
        <legend id="lineup-title">New games</legend>
        <p class="note">The New game form starts from this line-up; you can still change it there for one game.</p>
        <div class="row">
          <label class="field">Bot factions
            <select data-setting="bot-count" @change=${(e: Event) => this.change(withBotCount(s, Number(value(e))))}>
              ${Array.from({ length: MAX_BOTS }, (_, i) => i + 1).map((n) => html`<option value=${n} .selected=${n === s.bots.length}>${n}</option>`)}
            </select>
          </label>
          ${s.bots.map(
            (tier, i) => html`<label class="field">Bot ${i + 1} tier
              <select data-setting="tier-${i}" @change=${(e: Event) => this.change(withTier(s, i, value(e) as BotKind))}>
                ${TIERS.map(([id, name]) => html`<option value=${id} .selected=${id === tier}>${name}</option>`)}
              </select>
            </label>`,
          )}
        </div>
      </fieldset>
    </section>`;
  }

  private renderPlay() {
    const s = this.settings;
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    return html`<section aria-labelledby="play-title">
      <fieldset>
        <legend id="play-title">Playing</legend>
        <label class="field">Bot speed
          <select data-setting="bot-speed" @change=${(e: Event) => {
            const id = value(e);
            if (isBotSpeed(id)) void this.change({ ...s, bot_speed: id });
          }}>
            ${BOT_SPEEDS.map((sp) => html`<option value=${sp.id} .selected=${sp.id === s.bot_speed}>${sp.label}</option>`)}
          </select>
        </label>
        <label class="check"><input type="checkbox" data-setting="animation" .checked=${s.animation}
          @change=${(e: Event) => this.change({ ...s, animation: (e.target as HTMLInputElement).checked })} />
          Animation: pieces move along their way on the map</label>
        ${reduced ? html`<p class="note">Your system asks for reduced motion, so pieces jump whatever this says.</p>` : nothing}
        <label class="check"><input type="checkbox" data-setting="auto-pass" .checked=${s.auto_pass}
          @change=${(e: Event) => this.change({ ...s, auto_pass: (e.target as HTMLInputElement).checked })} />
          Pass card windows by myself when I hold nothing to play in them</label>
        <label class="check"><input type="checkbox" data-setting="ask-free-moves" .checked=${s.ask_free_moves}
          @change=${(e: Event) => this.change({ ...s, ask_free_moves: (e.target as HTMLInputElement).checked })} />
          Ask before End turn leaves a Free Move unspent that could still move a piece</label>
        <label class="check"><input type="checkbox" data-setting="confirm-moves" .checked=${s.confirm_moves}
          @change=${(e: Event) => this.change({ ...s, confirm_moves: (e.target as HTMLInputElement).checked })} />
          Confirm moves: a place tapped on the map shows the move with a bar to confirm it (for phones)</label>
        <label class="field">Your name on shared results (friends' boards show it; leave empty for none)
          <input type="text" data-setting="player-name" maxlength="24" autocomplete="nickname" .value=${s.player_name ?? ''}
            @change=${(e: Event) => {
              const name = (e.target as HTMLInputElement).value.trim();
              void this.change({ ...s, player_name: name || undefined }, name ? `Your results will carry the name ${name}.` : 'Your results will carry no name.');
            }} />
        </label>
      </fieldset>
    </section>`;
  }

  private renderGames() {
    const v = this.view;
    const where = v?.games_folder;
    const atDefault = !v?.settings.games_folder;
    return html`<section aria-labelledby="games-title">
      <fieldset>
        <legend id="games-title">Your games</legend>
        ${where
          ? html`<p>Games are kept in <code class="path" data-field="games-folder">${where}</code></p>
              <div class="row">
                ${inTauri()
                  ? html`<button class="secondary" data-action="open-folder" @click=${() => this.openFolder()}>Open the games folder</button>`
                  : nothing}
                <button class="secondary" data-action="copy-folder" @click=${() => this.copyFolder()}>Copy the folder path</button>
              </div>
              <form class="row" @submit=${(e: Event) => {
                e.preventDefault();
                void this.moveGames(folderChoice(this.folder));
              }}>
                <label class="field">Keep games in another folder (its full path)
                  <input type="text" data-setting="games-folder" .value=${this.folder} autocomplete="off" spellcheck="false"
                    @input=${(e: Event) => (this.folder = (e.target as HTMLInputElement).value)} />
                </label>
                <button class="secondary" type="submit" data-action="move-games" ?disabled=${this.busy || folderChoice(this.folder) === (v?.settings.games_folder ?? null)}>Use this folder</button>
                ${atDefault
                  ? nothing
                  : html`<button class="secondary" type="button" data-action="default-folder" ?disabled=${this.busy} @click=${() => this.moveGames(null)}>Back to the default folder</button>`}
              </form>
              <p class="note">Your games are copied to the new folder at once and kept there from now on; the old copy stays where it was.
                If the folder already holds Warwick games, those are used instead.${v?.default_games_folder ? html` The default folder is <code class="path">${v.default_games_folder}</code>.` : nothing}</p>`
          : html`<p class="note">This run keeps games in memory only: they are gone when it stops.</p>`}
        <div class="row">
          <button class="secondary" data-action="export-all" @click=${() => this.exportAll()}>Export all games</button>
        </div>
        <p class="note">Every finished game in one small file of replay codes, which Your history can bring back here or on another machine.
          ${inTauri() ? 'It is saved in the games folder.' : 'It is downloaded, and a copy saved in the games folder.'}</p>
        ${this.exported?.file ? html`<p data-field="export-file">Saved as <code class="path">${this.exported.file}</code></p>` : nothing}
      </fieldset>
    </section>`;
  }

  private renderReset() {
    return html`<section aria-labelledby="reset-title">
      <fieldset class="danger-zone">
        <legend id="reset-title">Reset</legend>
        ${this.asking
          ? html`<p role="alert">Put every setting above back to its default? Your games are not touched and stay where they are.</p>
              <div class="row">
                <button class="danger primary" data-action="reset-yes" @click=${() => this.reset()}>Reset settings</button>
                <button class="secondary" data-action="reset-no" @click=${() => (this.asking = false)}>Cancel</button>
              </div>`
          : html`<div class="row"><button class="secondary" data-action="reset" @click=${() => (this.asking = true)}>Reset settings…</button></div>
              <p class="note">Bots, speed, animation and card windows go back to their defaults. Games are never deleted by a reset.</p>`}
      </fieldset>
    </section>`;
  }

  render() {
    const notice = this.view?.notice;
    return html`<div class="page">
      ${this.embedded
        ? nothing
        : html`<div class="page-head">
            <h1>Settings</h1>
            <button class="secondary" data-action="menu" @click=${() => this.dispatchEvent(new CustomEvent('menu', { bubbles: true, composed: true }))}>‹ Back</button>
          </div>
          <p class="note">Kept between runs${this.view?.settings_file ? html` in <code class="path">${this.view.settings_file}</code>` : ' for as long as this run lasts'}. Every change is saved at once.</p>`}
      ${notice && notice !== this.status ? html`<p class="notice" data-field="settings-notice">${notice}</p>` : nothing}
      ${this.renderLineUp()} ${this.renderPlay()} ${this.renderGames()}
      <section aria-label="Play on your phone"><warwick-phone></warwick-phone></section>
      ${this.renderReset()}
      <p role="status" class="note" data-field="settings-status">${this.status}</p>
      ${this.error ? html`<p class="error" role="alert" data-field="settings-error">${this.error}</p>` : nothing}
    </div>`;
  }
}

function value(e: Event): string {
  return (e.target as HTMLSelectElement).value;
}

function words(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** Downloads a history file in a browser. */
function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `warwick-games-${new Date().toISOString().slice(0, 10)}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

customElements.define('warwick-settings', WarwickSettings);
