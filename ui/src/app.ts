// The app shell: a start screen (today's challenge first, then New game, saved games, what
// `app_info` says), the game screen of a game being played (./game/game-screen.ts) with the end
// screen over it once a game of yours has ended (./challenge/end-screen.ts), the verify view
// and the stats screen (./challenge/), and the map explorer (the map plus placeholder panels:
// side panels on a desktop, a tab bar and a bottom sheet on a phone).
//
// URL flags: `?game=N` opens a game (`&seq=S` on its timeline at seq S); `?view=verify`,
// `?view=stats` and `?view=settings` open those screens (./settings/ for the last);
// `?view=map` opens the map explorer directly;
// `?demo=pieces` also draws a demo board (pre-set Factions at their home castles, Royals at
// their start places) — never a real game.

import { LitElement, css, html, nothing } from 'lit';
import { api, ApiError, freshWebProcess, inTauri } from './api';
import type { AppInfo } from './bindings/AppInfo';
import { bootInfo, sameInfo, startScreenReady } from './boot';
import type { BotKind } from './bindings/BotKind';
import type { Content } from './bindings/Content';
import type { GameSummary } from './bindings/GameSummary';
import type { NewGame } from './bindings/NewGame';
import type { SeatPlayer } from './bindings/SeatPlayer';
import './challenge/daily-card';
import './challenge/game-list';
import type { WarwickGame } from './game/game-screen';
import { factionColour, factionLetters, type Board } from './map/pieces';
import { openHelp } from './help/viewer';
import './help/help-tip';
import { startGuidedGame } from './help/guide-start';
import type { WarwickMap } from './map/map-view';
import { loadScreen, preloadPlay, screenLoaded, type Screen } from './screens';
import { shellStyles } from './shell-styles';
import { onThisComputer } from './settings/phone-section';
import { TIERS, lineUpOf } from './settings/model';
import { fetchSettings, onSettings, settingsNow } from './settings/store';
import { failureWords, screenCodeFailureWords } from './waiting';

interface Panel {
  id: string;
  title: string;
  short: string;
  icon: string;
  placeholder: string;
}

export const PANELS: Panel[] = [
  {
    id: 'turn',
    title: 'Round, turn, phase and step',
    short: 'Turn',
    icon: '↻',
    placeholder:
      'The round number, whose turn it is, the phase and the step the game is at, and what you may do now.',
  },
  {
    id: 'factions',
    title: 'Factions',
    short: 'Factions',
    icon: '⚑',
    placeholder:
      "Every faction with its colour and letter: its Nobles and where they stand, troops, Prestige, and the Royals it holds. The computer players' hands stay hidden.",
  },
  {
    id: 'hand',
    title: 'Your hand',
    short: 'Hand',
    icon: '▤',
    placeholder:
      'Your Crown cards — Nobles, Titles, Offices, Bishops, Mercenaries, Ships and Towns — to play, award or hold.',
  },
  {
    id: 'chancery',
    title: 'Chancery',
    short: 'Chancery',
    icon: '✉',
    placeholder: 'The cards waiting in the Chancery and what you can do with them this turn.',
  },
  {
    id: 'event',
    title: 'Event card',
    short: 'Event',
    icon: '❖',
    placeholder:
      'The Event card just drawn (Raid, Revolt, Plague, Storms at Sea, Embassy…), what it does, and the Nobles it summons.',
  },
  {
    id: 'prestige',
    title: 'Prestige',
    short: 'Prestige',
    icon: '★',
    placeholder:
      "The Prestige track with each faction's marker, and the Prestige Victory tile: the target for this number of players and whether anyone has reached it.",
  },
];

export class WarwickApp extends LitElement {
  static properties = {
    info: { state: true },
    error: { state: true },
    content: { state: true },
    screen: { state: true },
    tab: { state: true },
    games: { state: true },
    form: { state: true },
    game: { state: true },
    starting: { state: true },
    seq: { state: true },
    ending: { state: true },
    infoError: { state: true },
    contentError: { state: true },
    gamesError: { state: true },
    screenError: { state: true },
  };

  info?: AppInfo;
  error?: string;
  content?: Content;
  board?: Board;
  screen: 'start' | 'game' | 'play' | 'verify' | 'stats' | 'settings' | 'phone' | 'board' = 'start';
  /** The day of the board on screen. */
  boardDate?: string;
  tab?: string;
  /** Saved games, newest first. */
  games: GameSummary[] = [];
  /** The new-game form. */
  form: NewGameForm = defaultForm();
  /** The game being played. */
  game?: number;
  starting = false;
  /** The seq the game opens at on its timeline (a moment, a replay); undefined: now. */
  seq?: number;
  /** The game whose end screen is shown over it. */
  ending?: number;
  /** Why a start-up call failed, in the player's words (each shown with a Retry): app_info, the content, the saved games. */
  infoError?: string;
  contentError?: string;
  gamesError?: string;
  /** Why the code of the screen asked for could not be loaded (./screens.ts). */
  screenError?: { screen: Screen; words: string };
  private demo = false;
  /** The game on screen at the last update (closed in the service once left). */
  private shown?: number;

  static styles = [
    shellStyles,
    css`
    :host {
      display: block;
      height: 100vh;
      height: 100dvh;
    }
    /* The whole window scrolls (its scrollbar at the window's edge); the column is centred. */
    .start {
      height: 100%;
      overflow-y: auto;
      padding: 2rem max(1rem, calc((100% - 44rem) / 2)) 3rem;
      box-sizing: border-box;
    }
    h1 {
      font-size: 3rem;
      margin: 0;
      color: var(--rose);
      letter-spacing: 0.04em;
    }
    .subtitle {
      margin: 0.25rem 0 2rem;
      color: var(--muted);
      font-style: italic;
    }
    dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.5rem 1.25rem;
      margin: 0;
    }
    dt {
      color: var(--muted);
    }
    dd {
      margin: 0;
    }
    .error {
      color: var(--rose);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 0.75rem;
      margin-top: 2rem;
    }
    button.primary,
    button.secondary {
      font: inherit;
      font-size: 1.05rem;
      padding: 0.7rem 1.3rem;
      border-radius: 0.5rem;
      cursor: pointer;
      min-height: 2.75rem;
    }
    button.primary {
      background: var(--rose);
      color: #fff;
      border: 1px solid var(--rose);
    }
    button.primary:disabled {
      background: #c9bfb2;
      border-color: #c9bfb2;
      color: #4a4036;
      cursor: not-allowed;
    }
    button.secondary {
      background: #fffaf0;
      color: var(--ink);
      border: 1px solid var(--muted);
    }
    .note {
      color: var(--muted);
      font-size: 0.95rem;
      margin: 0.75rem 0 0;
    }

    .start h2 {
      margin: 2rem 0 0.6rem;
      font-size: 1.3rem;
    }
    form.new-game {
      background: #fffaf0;
      border: 1px solid #d9ccb4;
      border-radius: 0.6rem;
      padding: 0.2rem 1rem 1rem;
      margin-top: 1.5rem;
    }
    form.new-game h2 {
      margin-top: 0.8rem;
    }
    fieldset.choice {
      border: none;
      padding: 0;
      margin: 0 0 0.6rem;
      display: grid;
      gap: 0.35rem;
    }
    fieldset.choice legend {
      color: var(--muted);
      margin-bottom: 0.2rem;
    }
    fieldset.choice label {
      min-height: 2rem;
      display: flex;
      align-items: center;
      gap: 0.4rem;
    }
    form .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.6rem 1rem;
      margin: 0.5rem 0;
    }
    form .row label {
      display: grid;
      gap: 0.2rem;
      font-size: 0.9rem;
      color: var(--muted);
    }
    form select,
    form input[type='number'] {
      font: inherit;
      font-size: 1rem;
      min-height: 2.4rem;
      color: var(--ink);
      max-width: 19rem;
    }
    .seed {
      display: flex;
      gap: 0.3rem;
    }
    .seed input {
      width: 9rem;
    }
    button.dice {
      padding: 0.2rem 0.6rem;
    }
    form .actions {
      margin-top: 1rem;
    }
    nav.more {
      display: flex;
      flex-wrap: wrap;
      gap: 0.6rem;
      margin-top: 0.9rem;
    }
    nav.more button {
      flex: 1 1 auto;
    }
    .daily-wrap {
      margin-top: -0.8rem;
    }
    /* The game screen. */
    .game {
      display: grid;
      height: 100%;
      grid-template-rows: auto 1fr;
      grid-template-columns: 1fr 22rem;
      grid-template-areas: 'bar bar' 'map side';
    }
    .demo-badge {
      background: #f0e442;
      color: #000;
      border-radius: 0.3rem;
      padding: 0.1rem 0.45rem;
      font-size: 0.8rem;
      font-weight: 700;
    }
    .side .panel p {
      margin: 0;
      font-size: 0.92rem;
      color: var(--muted);
    }
    .side .panel ul {
      margin: 0.4rem 0 0;
      padding: 0;
      list-style: none;
      display: grid;
      gap: 0.25rem;
      font-size: 0.92rem;
    }

    /* Phone: the map fills the screen; panels open as a bottom sheet from a tab bar. */
    @media (max-width: 899px) {
      .game {
        grid-template-columns: minmax(0, 1fr);
        grid-template-rows: auto minmax(0, 1fr) auto;
        grid-template-areas: 'bar' 'map' 'tabs';
        position: relative;
      }
      header.bar .name {
        font-size: 1.1rem;
      }
    }
  `,
  ];

  connectedCallback(): void {
    super.connectedCallback();
    const params = new URLSearchParams(window.location.search);
    this.demo = params.get('demo') === 'pieces';
    const view = params.get('view');
    if (this.demo || view === 'map') this.screen = 'game';
    if (view === 'verify' || view === 'stats' || view === 'settings' || view === 'phone' || view === 'board') this.screen = view;
    if (view === 'board') this.boardDate = params.get('date') ?? undefined;
    // The New game form starts from the line-up in the settings, kept between runs, or as it was
    // when a game was left (the page is then loaded afresh, see freshPage).
    let kept = savedForm();
    if (kept) this.form = kept;
    onSettings((settings) => {
      if (kept) kept = undefined;
      else this.setForm(lineUpOf(settings));
    });
    const game = Number(params.get('game'));
    const seq = params.get('seq');
    if (game > 0 && !this.demo && view !== 'map') {
      // A game's address opens the game at once (the start screen is not shown on the way).
      this.game = game;
      this.seq = seq === null ? undefined : Number(seq);
      this.screen = 'play';
    }
    void this.load();
  }

  /**
   * The start-up calls not yet answered: app_info, with the content when a game or the map is
   * opened by its address (the two together), else the saved games. A failed one shows what
   * failed with a Retry, which calls this again.
   */
  private async load(): Promise<void> {
    const map = this.screen === 'play' || this.screen === 'game';
    await Promise.all([this.loadInfo(), map ? this.loadContent() : this.refreshGames(), fetchSettings().catch(() => undefined)]);
  }

  /**
   * The app's facts: given by the desktop app at the page's start (./boot.ts), so the start
   * screen is drawn ready at once; the service is asked all the same (its answer is how the page
   * knows the service answers; CI's smoke test waits for that call), and in a browser the page
   * waits for it.
   */
  private async loadInfo(): Promise<void> {
    if (this.info) return;
    this.infoError = undefined;
    const given = bootInfo();
    if (given) this.infoKnown(given);
    try {
      const info = await api.appInfo();
      if (!given || !sameInfo(info, given)) this.infoKnown(info);
    } catch (error) {
      if (!given) this.infoError = failureWords(error);
    }
  }

  private infoKnown(info: AppInfo): void {
    const first = !this.info;
    this.info = info;
    // Then the game's screen is fetched, ready for Start, once the start screen is on screen.
    // Not in the app: it opens every game in a page of its own (freshPage), which loads the
    // game's screen at once, so fetched here it would only weigh on the start screen's process.
    if (first) startScreenReady(this.updateComplete, inTauri() ? () => undefined : preloadPlay);
  }

  private async loadContent(): Promise<void> {
    if (this.content) return;
    this.contentError = undefined;
    try {
      const content = await api.content();
      if (this.demo) this.board = (await import('./map/demo')).demoBoard(content);
      this.content = content;
      document.body.dataset.map = 'ready';
    } catch (error) {
      this.contentError = failureWords(error);
    }
  }

  private openMap(): void {
    this.screen = 'game';
    void this.loadContent();
  }

  private async refreshGames(): Promise<void> {
    this.gamesError = undefined;
    try {
      this.games = await api.listGames();
    } catch (error) {
      this.games = [];
      this.gamesError = failureWords(error);
    }
  }

  private async startGame(): Promise<void> {
    this.starting = true;
    this.error = undefined;
    try {
      const status = await api.createGame(requestFromForm(this.form));
      await this.openGame(Number(status.game));
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
    } finally {
      this.starting = false;
    }
  }

  /** Opens a game: at a seq on its timeline, or now (its end screen shows once it has ended). */
  private async openGame(game: number, seq?: number): Promise<void> {
    if (await this.freshPage({ game: String(game), seq: seq === undefined ? null : String(seq), view: null }, true)) return;
    await this.loadContent();
    this.ending = undefined;
    this.seq = seq;
    this.game = game;
    this.screen = 'play';
    this.setUrl({ game: String(game), seq: seq === undefined ? null : String(seq), view: null });
  }

  /** Starts a day's challenge (the service decides whether it is scored or practice) and opens it. */
  private async playDaily(date?: string): Promise<void> {
    this.starting = true;
    this.error = undefined;
    try {
      const status = await api.startDaily(date);
      await this.openGame(Number(status.game));
    } catch (error) {
      this.error = error instanceof ApiError ? error.message : String(error);
      this.screen = 'start';
    } finally {
      this.starting = false;
    }
  }

  /** A game of yours was seen ended: its end screen, unless it was opened to look at a moment. */
  private gameOver(e: CustomEvent<{ game: number; scored: boolean }>): void {
    if (e.detail.scored && this.seq === undefined && e.detail.game === this.game) this.ending = e.detail.game;
  }

  /** From the end screen: the game at a seq on its timeline. */
  private openSeq(seq: number): void {
    this.ending = undefined;
    this.seq = seq;
    this.setUrl({ seq: String(seq) });
    const game = this.renderRoot.querySelector<WarwickGame>('warwick-game');
    if (!game) return;
    game.tab = undefined; // on a phone, the map and the timeline rather than a panel
    game.travel(seq);
  }

  private setUrl(params: Record<string, string | null>): void {
    const url = new URL(window.location.href);
    for (const [key, value] of Object.entries(params)) {
      if (value === null) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    }
    window.history.replaceState(null, '', url);
  }

  private show(screen: 'verify' | 'stats' | 'settings' | 'phone' | 'board', date?: string): void {
    this.screen = screen;
    this.boardDate = date;
    this.setUrl({ view: screen, game: null, seq: null, date: date ?? null });
  }

  /**
   * In the app, opens a game (`opening`) or leaves the game on screen by loading the page at the
   * new address in a new web process instead of routing inside the page: WebKit's web process
   * keeps what a page grew to even once that page is gone (a new page in the same process grows
   * back to the same size), and only a new process gives it back (docs/memory.md, fifth round).
   * The New game form is kept over the load; the service lets go of a game left. If the app
   * cannot make a new process the page is loaded afresh (`replace`: no history entry for WebKit
   * to keep the old page alive in). False when there is no game to open or leave, or in a
   * browser, which routes inside the page.
   */
  private async freshPage(params: Record<string, string | null>, opening = false): Promise<boolean> {
    const shown = this.screen === 'play' ? this.shown : undefined;
    if ((shown === undefined && !opening) || !inTauri()) return false;
    const url = new URL(window.location.href);
    for (const [key, value] of Object.entries(params)) {
      if (value === null) url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    }
    saveForm(this.form);
    if (shown !== undefined) await api.closeGame(shown).catch(() => undefined);
    // The process ends before the call can answer: only a refusal is ever heard back.
    freshWebProcess(url.search).catch(() => window.location.replace(url));
    return true;
  }

  private toMenu(): void {
    void this.freshPage({ game: null, seq: null, view: null }).then((fresh) => fresh || this.menuInPage());
  }

  private menuInPage(): void {
    this.screen = 'start';
    // Back at the start, a screen whose code failed to load is tried afresh when next opened.
    this.screenError = undefined;
    this.ending = undefined;
    this.seq = undefined;
    this.setUrl({ game: null, seq: null, view: null });
    void this.refreshGames();
  }

  /**
   * Once the person leaves a game's screen (for the start screen, another game, a branch, the
   * stats...), the service lets go of the game (docs/bounded-server.md); it reopens from the log.
   */
  protected updated(): void {
    const shown = this.screen === 'play' ? this.game : undefined;
    if (this.shown !== undefined && this.shown !== shown) void api.closeGame(this.shown).catch(() => undefined);
    this.shown = shown;
  }

  private setForm(patch: Partial<NewGameForm>): void {
    this.form = { ...this.form, ...patch };
  }

  private renderForm() {
    const f = this.form;
    const bots = f.watch ? f.bots + 1 : f.bots;
    return html`<form class="new-game" id="new-game-form" @submit=${(e: Event) => { e.preventDefault(); void this.startGame(); }}>
      <h2>New game</h2>
      <fieldset class="choice">
        <legend>Game</legend>
        <label><input type="radio" name="kind" data-field="solo" .checked=${!f.watch} @change=${() => this.setForm({ watch: false })} /> Solo Challenge: you against bots</label>
        <label><input type="radio" name="kind" data-field="watch" .checked=${f.watch} @change=${() => this.setForm({ watch: true })} /> Watch bots play</label>
      </fieldset>
      <div class="row">
        <label><span>${f.watch ? 'Bots' : 'Bot factions'} <warwick-help-tip topic="start.players"></warwick-help-tip></span>
          <select data-field="bots" @change=${(e: Event) => this.setForm({ bots: Number((e.target as HTMLSelectElement).value) - (f.watch ? 1 : 0) })}>
            ${(f.watch ? [2, 3, 4, 5] : [1, 2, 3, 4]).map((n) => html`<option value=${n} ?selected=${n === bots}>${n}</option>`)}
          </select>
        </label>
        <label><span>Set-up <warwick-help-tip topic="start.setup"></warwick-help-tip></span>
          <select data-field="setup" @change=${(e: Event) => this.setForm({ setup: (e.target as HTMLSelectElement).value as NewGame['setup'] })}>
            <option value="preset" ?selected=${f.setup === 'preset'}>Pre-set Factions</option>
            <option value="controlled_random" ?selected=${f.setup === 'controlled_random'}>Controlled random</option>
          </select>
        </label>
        <label><span>Undo <warwick-help-tip topic="start.mode"></warwick-help-tip></span>
          <select data-field="mode" @change=${(e: Event) => this.setForm({ mode: (e.target as HTMLSelectElement).value as NewGame['mode'] })}>
            <option value="casual" ?selected=${f.mode === 'casual'}>Casual: undo any decision</option>
            <option value="challenge" ?selected=${f.mode === 'challenge'}>Challenge: never past a card drawn or a die</option>
          </select>
        </label>
      </div>
      <div class="row bots">
        ${Array.from({ length: bots }, (_, i) => html`<label><span>Bot ${i + 1} tier ${i === 0 ? html`<warwick-help-tip topic="start.tier"></warwick-help-tip>` : nothing}</span>
          <select data-field="tier-${i}" @change=${(e: Event) => { const tiers = [...f.tiers]; tiers[i] = (e.target as HTMLSelectElement).value as BotKind; this.setForm({ tiers }); }}>
            ${TIERS.map(([id, name]) => html`<option value=${id} ?selected=${(f.tiers[i] ?? DEFAULT_TIER) === id}>${name}</option>`)}
          </select></label>`)}
      </div>
      <div class="row">
        <label><span>Seed <warwick-help-tip topic="start.seed"></warwick-help-tip></span>
          <span class="seed"><input type="number" min="0" step="1" data-field="seed" .value=${String(f.seed)}
            @input=${(e: Event) => this.setForm({ seed: Math.max(0, Math.floor(Number((e.target as HTMLInputElement).value) || 0)) })} />
          <button type="button" class="secondary dice" title="A new random seed" @click=${() => this.setForm({ seed: randomSeed() })}>↻ New seed</button></span>
        </label>
        <label><span>Time limit <warwick-help-tip topic="start.time_limit"></warwick-help-tip></span>
          <select data-field="time-limit" @change=${(e: Event) => this.setForm({ timeLimit: Number((e.target as HTMLSelectElement).value) || null })}>
            ${[0, 1, 2, 3, 5, 8, 12, 15, 20, 30].map((n) => html`<option value=${n} ?selected=${(f.timeLimit ?? 0) === n}>${n ? `${n} round${n > 1 ? 's' : ''} (then Minor Victory)` : 'None'}</option>`)}
          </select>
        </label>
      </div>
      <div class="actions">
        <button class="primary" id="new-game" type="submit" ?disabled=${!this.info || this.starting}>${this.starting ? 'Starting…' : f.watch ? 'Watch' : 'Start'}</button>
        <button class="secondary" type="button" id="open-map" @click=${this.openMap}>Explore the map</button>
      </div>
    </form>`;
  }

  private renderStart() {
    return html`<div class="start">
      <h1>Warwick</h1>
      <p class="subtitle">Kingmaker II — the Wars of the Roses for one player</p>
      ${this.info ? nothing : html`<warwick-waiting what="Warwick" .error=${this.infoError} @retry=${() => void this.loadInfo()}></warwick-waiting>`}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="daily-wrap">
        ${this.info ? html`<warwick-daily-card .busy=${this.starting} @play-daily=${(e: CustomEvent<{ date: string }>) => this.playDaily(e.detail.date)}
          @open-game=${(e: CustomEvent<{ game: number }>) => this.openGame(e.detail.game)}
          @open-board=${(e: CustomEvent<{ date: string }>) => this.show('board', e.detail.date)}></warwick-daily-card>` : nothing}
      </div>
      <nav class="more" aria-label="More">
        <button class="secondary" id="open-verify" @click=${() => this.show('verify')}>Check a shared result</button>
        <button class="secondary" id="open-stats" @click=${() => this.show('stats')}>Your history</button>
        <button class="secondary" id="open-settings" @click=${() => this.show('settings')}>Settings</button>
        ${onThisComputer() ? html`<button class="secondary" id="open-phone" @click=${() => this.show('phone')}>Play on your phone</button>` : nothing}
        <button class="secondary" id="open-rules" @click=${() => openHelp()}>Rules of the game</button>
        <button class="secondary" id="open-guide" ?disabled=${this.starting} @click=${() => void startGuidedGame((game) => this.openGame(game), (e) => (this.error = e))}>Guided first game</button>
      </nav>
      ${this.renderForm()}
      <h2>Saved games</h2>
      ${this.gamesError
        ? html`<warwick-waiting what="your saved games" .error=${this.gamesError} @retry=${() => void this.refreshGames()}></warwick-waiting>`
        : html`<warwick-game-list .games=${this.games} @open-game=${(e: CustomEvent<{ game: number }>) => this.openGame(e.detail.game)}
            @games-changed=${() => void this.refreshGames()}></warwick-game-list>`}
      <h2>About</h2>
      ${this.info
        ? html`<dl id="app-info">
            <dt>Version</dt>
            <dd data-field="version">${this.info.version}</dd>
            <dt>Rules</dt>
            <dd data-field="rules_version">v${this.info.rules_version}</dd>
            <dt>Content</dt>
            <dd data-field="content_summary">${this.info.content_summary}</dd>
          </dl>`
        : nothing}
    </div>`;
  }

  private panelBody(panel: Panel) {
    if (panel.id === 'factions' && this.board) {
      const letters = factionLetters(this.board.factions);
      return html`<p>Demo pieces — not a game. ${panel.placeholder}</p>
        <ul>
          ${this.board.factions.map((f, i) => {
            const c = factionColour(i);
            return html`<li><span class="chip" style="background:${c.fill};color:${c.text}">${letters[i]}</span>${f.name}${f.you ? ' (you)' : ''}</li>`;
          })}
        </ul>`;
    }
    return html`<p>${panel.placeholder}</p>`;
  }

  private openTab(tab: string | undefined): void {
    this.tab = tab;
    // On a phone the sheet covers the bottom of the map, where place details show.
    if (tab) this.renderRoot.querySelector<WarwickMap>('warwick-map')?.closeDetails();
  }

  private renderGame() {
    const current = this.tab;
    return html`<div class="game">
      <header class="bar">
        <span class="name">Warwick</span>
        <span class="status" data-field="status">No game yet · Round — · Turn — · Phase — · Step —</span>
        ${this.demo ? html`<span class="demo-badge" title="Pieces from a demo board, not a game">DEMO</span>` : nothing}
        <button @click=${this.toMenu}>Menu</button>
      </header>
      ${this.content
        ? html`<warwick-map .content=${this.content} .board=${this.board}></warwick-map>`
        : html`<warwick-waiting style="grid-area: map" what="the map" .error=${this.contentError ?? this.infoError} @retry=${() => void this.load()}></warwick-waiting>`}
      <aside class="side ${current ? 'open' : ''}" aria-label="Game panels">
        <button class="sheet-close" @click=${() => (this.tab = undefined)}>Close ✕</button>
        ${PANELS.map(
          (panel) => html`<div class="tabpanel ${panel.id === current ? 'current' : ''}">
            <section class="panel" data-panel=${panel.id} aria-labelledby="panel-${panel.id}">
              <h2 id="panel-${panel.id}">${panel.title}</h2>
              ${this.panelBody(panel)}
            </section>
          </div>`,
        )}
      </aside>
      <nav class="tabs" role="tablist" aria-label="Panels">
        ${PANELS.map(
          (panel) => html`<button role="tab" data-tab=${panel.id} aria-selected=${panel.id === current ? 'true' : 'false'}
            @click=${() => this.openTab(panel.id === current ? undefined : panel.id)}>
            <span class="icon" aria-hidden="true">${panel.icon}</span>${panel.short}
          </button>`,
        )}
      </nav>
    </div>`;
  }

  /** A screen whose code is still loading (./screens.ts), or could not be loaded, with a Retry and a way back. */
  private renderLoading(screen: Screen) {
    // A failure is this screen's own: another screen opened meanwhile loads afresh.
    const error = this.screenError?.screen === screen ? this.screenError.words : undefined;
    if (error === undefined) {
      void loadScreen(screen).then(
        () => this.requestUpdate(),
        () => (this.screenError = { screen, words: screenCodeFailureWords() }),
      );
    }
    const what = screen === 'game' ? 'the map' : screen === 'play' ? 'the game' : `the ${screen} screen`;
    return html`<warwick-waiting what=${what} .error=${error} @retry=${() => (this.screenError = undefined)}></warwick-waiting>
      ${error === undefined
        ? nothing
        : html`<p class="actions" style="padding: 0 1rem"><button class="secondary" data-action="to-start" @click=${this.toMenu}>Back to the start screen</button></p>`}`;
  }

  render() {
    if (this.screen !== 'start' && !screenLoaded(this.screen)) return this.renderLoading(this.screen);
    const opened = (e: CustomEvent<{ game: number; seq?: number }>) => this.openGame(e.detail.game, e.detail.seq);
    if (this.screen === 'play' && this.content && this.game !== undefined) {
      return html`<warwick-game .content=${this.content} .game=${this.game} .startSeq=${this.seq} @menu=${this.toMenu}
          @open-game=${opened} @game-over=${this.gameOver} @show-end=${() => (this.ending = this.game)}></warwick-game>
        ${this.ending === this.game
          ? html`<warwick-end-screen .game=${this.game} @close-end=${() => (this.ending = undefined)} @new-game=${this.toMenu}
              @open-seq=${(e: CustomEvent<{ seq: number }>) => this.openSeq(e.detail.seq)}
              @practice=${(e: CustomEvent<{ date: string }>) => this.playDaily(e.detail.date)}></warwick-end-screen>`
          : nothing}`;
    }
    if (this.screen === 'play') {
      return this.starting && !this.contentError
        ? html`<p style="padding:1rem" role="status">Starting the game…</p>`
        : html`<warwick-waiting what="the game" .error=${this.contentError ?? this.infoError} @retry=${() => void this.load()}></warwick-waiting>`;
    }
    if (this.screen === 'verify') return html`<warwick-verify @menu=${this.toMenu} @open-game=${opened}></warwick-verify>`;
    if (this.screen === 'stats') return html`<warwick-stats @menu=${this.toMenu} @open-game=${opened}></warwick-stats>`;
    if (this.screen === 'settings') return html`<warwick-settings @menu=${this.toMenu}></warwick-settings>`;
    if (this.screen === 'phone') return html`<warwick-phone-page @menu=${this.toMenu}></warwick-phone-page>`;
    if (this.screen === 'board') return html`<warwick-board .date=${this.boardDate} @menu=${this.toMenu} @open-game=${opened}></warwick-board>`;
    return this.screen === 'game' ? this.renderGame() : this.renderStart();
  }
}

/** The tier a bot gets unless another is chosen (docs/solo-challenge.md: never Random). */
export const DEFAULT_TIER: BotKind = 'normal';

export interface NewGameForm {
  watch: boolean;
  /** Bot factions besides you (watching: all seats but one more). */
  bots: number;
  tiers: BotKind[];
  setup: NewGame['setup'];
  mode: NewGame['mode'];
  seed: number;
  timeLimit: number | null;
}

/** A Solo Challenge always has a round limit (docs/solo-challenge.md): the daily's 15 rounds by default. */
export const DEFAULT_ROUNDS = 15;

export function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000_000);
}

function defaultForm(): NewGameForm {
  return { watch: false, ...lineUpOf(settingsNow()), setup: 'preset', mode: 'casual', seed: randomSeed(), timeLimit: DEFAULT_ROUNDS };
}

const FORM_KEY = 'warwick-new-game-form';

/** Keeps the New game form over a fresh page load (for this window only). */
function saveForm(form: NewGameForm): void {
  try {
    globalThis.sessionStorage?.setItem(FORM_KEY, JSON.stringify(form));
  } catch {
    /* no storage: the form starts from the settings again */
  }
}

/** The form kept by saveForm, once: a later page load starts from the settings again. */
function savedForm(): NewGameForm | undefined {
  try {
    const text = globalThis.sessionStorage?.getItem(FORM_KEY);
    globalThis.sessionStorage?.removeItem(FORM_KEY);
    return text ? { ...defaultForm(), ...(JSON.parse(text) as Partial<NewGameForm>) } : undefined;
  } catch {
    return undefined;
  }
}

/** The service request for a form: you in seat 1 (unless watching), bots seeded from the seed. */
export function requestFromForm(form: NewGameForm): NewGame {
  const bots = form.watch ? form.bots + 1 : form.bots;
  const seats: SeatPlayer[] = [];
  if (!form.watch) seats.push({ kind: 'human' });
  for (let i = 0; i < bots; i += 1) {
    seats.push({ kind: 'bot', tier: form.tiers[i] ?? DEFAULT_TIER, seed: form.seed + i + 1 });
  }
  return {
    mode: form.mode,
    seats,
    setup: form.setup,
    two_player_variant: null,
    time_limit_rounds: form.timeLimit,
    seed: form.seed,
  };
}

customElements.define('warwick-app', WarwickApp);
