// The game screen: wires the map and panels to the game's controller (./controller.ts owns the
// game's state, the bot loop, your commands, Undo, End turn and the timeline; this element only
// holds what is on screen: the tab open, your choice on the map, dialogs, messages, marks and
// animations). The map is the main way to play (./play-map.ts builds what it shows,
// ./map-actions.ts does what taps, drags and keys ask); the panels are in ./play-panel.ts (the
// turn, your choice, a battle, the digest of what the bots did, All actions), ./offers-panel.ts
// (offers), ./info-panels.ts (factions, cards, Prestige, log), ./timeline.ts and
// ./game-dialogs.ts (Menu, a question asked once, the hand to discard from); ./keys.ts names the
// keyboard's shortcuts. Panels read the controller's state through this element's getters and
// never assign it. The bots' moves are animated along their way and the moments that matter
// marked on the map and announced in a polite live region. On a phone (below 900 px) a strip
// under the map keeps the prompt, the step's main action and Undo in view, and the panels open as
// a bottom sheet.
//
// Events: `menu`, `open-game` {game}, `game-over` {game, scored} (once per game), `show-end`
// {game}; `startSeq` opens the timeline at a seq.

import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { api, ApiError } from '../api';
import type { Content } from '../bindings/Content';
import type { Advice } from '../bindings/Advice';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { RowText } from '../bindings/RowText';
import type { View } from '../bindings/View';
import { factionColour, factionLetters, type Board } from '../map/pieces';
import '../map/map-view';
import type { WarwickMap } from '../map/map-view';
import type { PlayAnimation, PlayMoment, PlaySpot } from '../map/map-play';
import { actorName, boardFromView, commandFocus, pendingFocus, type MapFocus } from './model';
import { dailyTagWords } from '../challenge/words';
import { gameStyles } from './styles';
import { actorsWithActions, intentsOf, type Intent } from './intents';
import { animationsOf, buildPlay, revealFocus, type PlayModel } from './play-map';
import { diffViews, type Moved } from './changes';
import type { End } from './routes';
import type { Digest, DigestEntry } from './digest';
import { renderTimeline, type StepUnit } from './timeline';
import { loadSettings, renderChooser, renderConfirm, renderDiscard, renderMenu, saveSettings, saveSpeed, watchSettings, type Chooser, type Confirm, type Discard, type Settings } from './game-dialogs';
import { GameController, moveMs, speedMs } from './controller';
import { shortcutOf, withKey } from './keys';
import { renderFactions, renderCards, renderPrestige, renderLog, LOG_PAGE } from './info-panels';
import { promptWords, statusLine, renderAllActions, renderBattle, renderDigest, renderSelection, renderTurn, renderYourChanges } from './play-panel';
import { renderIncomingOffer, renderOffers, renderProposal } from './offers-panel';
import * as acts from './map-actions';
import { openHelp, ruleForCode, ruleLink, type RuleLink } from '../help/step-help';
import '../help/guide';
import { clockWords, timelineWords } from '../help/timeline-words';
import { renderPaused, renderPreview, renderStrip } from './strip';
import { askAdvice } from './advice';
import { failureWords } from '../waiting';

const TABS = [
  { id: 'play', short: 'Play', icon: '▶' },
  { id: 'factions', short: 'Factions', icon: '⚑' },
  { id: 'cards', short: 'Cards', icon: '▤' },
  { id: 'prestige', short: 'Prestige', icon: '★' },
  { id: 'log', short: 'Log', icon: '☰' },
];

/** How long a moment stays marked on the map. */
const MOMENT_MS = 8000;

const phoneLayout = () => window.matchMedia('(max-width: 899px)').matches;
const hasPlace = (focus: MapFocus | undefined) => !!focus && (focus.locations.length > 0 || focus.areas.length > 0);
const spotOf = (end: End): PlaySpot => end;

export interface Proposal {
  to: number | null;
  text: string;
  /** The seq from which its answer is looked for. */
  seq: number;
  answer?: 'accepted' | 'refused';
}

export class WarwickGame extends LitElement {
  static properties = {
    content: { attribute: false },
    game: { type: Number },
    startSeq: { type: Number },
    mapFocus: { state: true },
    message: { state: true },
    tab: { state: true },
    preview: { state: true },
    advice: { state: true },
    adviceAsking: { state: true },
    selection: { state: true },
    hovered: { state: true },
    filter: { state: true },
    allOpen: { state: true },
    logShown: { state: true },
    setupOpen: { state: true },
    factionOpen: { state: true },
    proposal: { state: true },
    menu: { state: true },
    confirm: { state: true },
    chooser: { state: true },
    discard: { state: true },
    settings: { state: true },
    moments: { state: true },
    announce: { state: true },
    phone: { state: true },
    loadError: { state: true },
  };

  content!: Content;
  game!: number;
  /** The seq to show on the timeline once the game is loaded (the end screen's moments, a replay). */
  startSeq?: number;
  mapFocus?: MapFocus;
  message?: { text: string; kind: 'info' | 'error' | 'refusal'; rule?: RuleLink | null };
  tab?: string;
  /** On a phone, a command of the list with a place: shown above a short confirm bar. */
  preview?: LegalCommand;
  /** The Hard player's suggestion asked for at this seq (./advice.ts). */
  advice?: Advice;
  adviceAsking = false;
  /** The chosen actors (`noble:…`, `ship:…`, `royal:…`, `card:…`). */
  selection: string[] = [];
  /** The target under the pointer or focus. */
  hovered?: string;
  filter = '';
  allOpen = false;
  /** The log's lines drawn, and its set-up fold open (./info-panels.ts). */
  logShown = LOG_PAGE;
  setupOpen = false;
  factionOpen: Record<number, boolean> = {};
  proposal?: Proposal;
  menu?: 'main' | 'rules' | 'settings' | 'resign';
  confirm?: Confirm;
  chooser?: Chooser;
  /** End turn asks which card to discard: the hand, shown in place. */
  discard?: Discard;
  settings: Settings = loadSettings();
  moments: (PlayMoment & { until: number })[] = [];
  /** The polite live region's text: bot actions, moments and your prompts. */
  announce = '';
  /** The phone layout is in use (the strip under the map shows). */
  phone = false;
  /** Why the game could not be loaded (player's words), shown with a Retry. */
  loadError?: string;
  /** The model of the map's play layer, as last rendered (for the panels and taps). */
  playModel?: PlayModel;
  /** The last step whose marked places the map was framed on. */
  framed?: string;

  /** The game's state, the bots, Undo, End turn and the timeline (./controller.ts). */
  readonly ctl: GameController = new GameController(api, {
    changed: () => this.requestUpdate(),
    fail: (error) => this.fail(error),
    say: (text, kind) => this.say(text, kind),
    liveChanged: (before, after, fresh) => this.noteChanges(before, after, fresh),
    refreshed: () => this.onRefreshed(),
    botsActed: (commands) => (this.announce = commands.slice(-3).map((r) => `${this.factionName(r.by)}: ${r.description}.`).join(' ')),
    autoPass: () => this.settings.autoPass,
    askFreeMoves: () => this.settings.askFreeMoves,
    confirmFreeMoves: (free) => this.ask({
      title: 'End your turn?',
      text: `You have ${free} Free Move${free === 1 ? '' : 's'} that could still move a piece again this turn. Ending the Movement phase gives up using ${free === 1 ? 'it' : 'them'} now.`,
      yes: 'End turn',
    }),
    chooseDiscard: (options) => new Promise((resolve) => {
      this.discard = { options, resolve: (l) => { this.discard = undefined; resolve(l); } };
    }),
  });

  private announced?: number;
  private animations: PlayAnimation[] = [];
  private areas = new Map<string, string>();
  private intentsFor?: { legal: LegalCommand[]; view: View; intents: Intent[] };
  private keyboard = false;
  private lastPrompt = '';
  /** Undo is under way: the board it brings back is shown without animations or marks. */
  private undoing = false;
  /** The bots' round after which focus was last put on your turn's required action (`ctl.botRounds`). */
  private focusedAt?: number;

  static styles = gameStyles;

  // --- Where the game stands (read from the controller) ----------------------------------------

  get status() { return this.ctl.status; }
  get live() { return this.ctl.live; }
  get shown() { return this.ctl.shown; }
  get strengths() { return this.ctl.strengths; }
  get battle() { return this.ctl.battle; }
  get attackOdds() { return this.ctl.attackOdds; }
  get legal() { return this.ctl.legal; }
  get log() { return this.ctl.log; }
  get cursor() { return this.ctl.cursor; }
  get running() { return this.ctl.running; }
  get paused() { return this.ctl.paused; }
  get speed() { return this.ctl.speed; }
  get busy() { return this.ctl.busy; }
  get botCount() { return this.ctl.botCount; }
  get skipping() { return this.ctl.skipping; }
  get undoPaused() { return this.ctl.undoPaused; }
  get flowNote() { return this.ctl.flowNote; }
  get flowing() { return this.ctl.flowing; }
  get you(): number | null { return this.ctl.you; }
  get head(): number { return this.ctl.head; }
  get traveling(): boolean { return this.ctl.traveling; }
  get yourTurn(): boolean { return this.ctl.yourTurn; }
  get canAct(): boolean { return this.ctl.canAct; }
  get botsToMove(): boolean { return this.ctl.botsToMove; }
  /** What the bots did since your last turn. */
  get digest(): Digest | undefined { return this.ctl.digest; }

  /** Your legal commands as map intents (actor → target). */
  get intents(): Intent[] {
    const view = this.live;
    if (!view || !this.canAct) return [];
    const known = this.intentsFor;
    if (known && known.legal === this.legal && known.view === view) return known.intents;
    const intents = intentsOf(view, (l) => this.areaOf(l), this.legal);
    this.intentsFor = { legal: this.legal, view, intents };
    return intents;
  }

  /** Cards that can act now (`card:C12`). */
  get cardActors(): Set<string> {
    return new Set([...actorsWithActions(this.intents)].filter((k) => k.startsWith('card:')));
  }

  /** The chosen piece on the map. */
  get selectedPiece(): string | undefined {
    return this.playModel?.play.selected[0];
  }

  /** Asks a question once (the Confirm dialog): true when the person says yes. */
  ask(question: Omit<Confirm, 'run' | 'cancel'>): Promise<boolean> {
    return new Promise((resolve) => {
      this.confirm = { ...question, run: () => resolve(true), cancel: () => resolve(false) };
    });
  }

  areaOf(location: string): string | undefined {
    if (!this.areas.size) for (const l of this.content.locations) this.areas.set(l.id, l.area);
    return this.areas.get(location);
  }

  actorWords(key: string): string {
    return actorName(this.content, key);
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.ctl.disposed = false;
    this.unwatchSettings = watchSettings(this);
    this.addEventListener('keydown', this.onKeyDown);
    this.addEventListener('pointerdown', this.onPointerDown);
    this.phoneQuery.addEventListener('change', this.onLayout);
    this.phone = this.phoneQuery.matches;
  }

  /** Stops hearing changes of the settings (kept by ../settings/). */
  private unwatchSettings?: () => void;
  private phoneQuery = window.matchMedia('(max-width: 899px)');
  private onLayout = () => (this.phone = this.phoneQuery.matches);

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.ctl.disposed = true;
    this.unwatchSettings?.();
    this.removeEventListener('keydown', this.onKeyDown);
    this.removeEventListener('pointerdown', this.onPointerDown);
    this.phoneQuery.removeEventListener('change', this.onLayout);
  }

  private onKeyDown = (e: KeyboardEvent) => {
    this.keyboard = true;
    const typing = e.composedPath().some((t) => t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement);
    const dialog = !!(this.menu || this.confirm || this.chooser || this.discard);
    if (e.key === 'Escape' && this.selection.length && !dialog) this.clearSelection();
    if (typing || dialog || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = shortcutOf(e.key);
    if (key && this.shortcut(key)) e.preventDefault();
  };

  /** Does what a shortcut key asks (./keys.ts); false when it does nothing now. */
  private shortcut(key: ReturnType<typeof shortcutOf>): boolean {
    const live = this.yourTurn && !this.traveling && !this.busy;
    const of = (type: string) => (live ? this.legal.find((l) => l.command.type === type) : undefined);
    switch (key) {
      case 'map':
        if (!this.playModel) return false;
        this.map()?.focusGroup('pieces');
        return true;
      case 'end-turn': {
        // As the End turn button does, where it shows.
        const button = this.renderRoot.querySelector<HTMLButtonElement>(this.phone ? '[data-action="strip-end-turn"]' : '[data-action="end-turn"]');
        if (!live || !button || button.disabled) return false;
        this.endTurn();
        return true;
      }
      case 'pass': {
        const pass = of('Pass');
        if (pass) this.give(pass);
        return !!pass;
      }
      case 'hand':
        this.openTab('cards');
        void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[data-panel="hand"] button.card, [data-panel="hand"] h2')?.focus());
        return true;
      case 'discard': {
        const discards = live ? this.legal.filter((l) => l.command.type === 'DiscardCrownCard') : [];
        if (!discards.length) return false;
        void this.ctl.endTurn(true);
        return true;
      }
      case 'undo':
        if (!this.status?.undo || this.traveling) return false;
        void this.undo();
        return true;
      case 'advice':
        if (!live) return false;
        void askAdvice(this);
        return true;
      case 'rules':
        openHelp();
        return true;
      default:
        return false;
    }
  }

  private onPointerDown = () => {
    this.keyboard = false;
  };

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('game') && this.game) void this.load();
  }

  protected updated(): void {
    this.dataset.head = String(this.head);
    this.dataset.cursor = String(this.traveling ? this.cursor : this.head);
    this.dataset.botMoves = String(this.botCount);
    this.dataset.selection = this.selection.join(' ');
    if (this.status?.outcome && Number(this.status.game) === this.game && this.announced !== this.game) {
      this.announced = this.game;
      this.emit('game-over', { game: this.game, scored: !!this.status.score });
    }
    // Dialogs open modally once rendered, so focus stays in them.
    for (const dialog of this.renderRoot.querySelectorAll<HTMLDialogElement>('dialog')) if (!dialog.open) dialog.showModal();
    acts.frameStep(this);
  }

  // --- Loading --------------------------------------------------------------------------------

  private async load(): Promise<void> {
    this.selection = [];
    this.loadError = undefined;
    this.focusedAt = undefined;
    try {
      await this.ctl.load(this.game, this.startSeq);
      this.dataset.loaded = String(this.game);
    } catch (error) {
      this.loadError = failureWords(error);
    }
  }

  fail(error: unknown): void {
    this.say(error instanceof ApiError ? error.message : String(error), 'error', error instanceof ApiError ? (error.rule ?? ruleForCode(error.code)) : null);
  }

  /** Shows a message over the map (refusals and errors stay until dismissed or replaced), with the rule it comes from. */
  say(text: string, kind: 'info' | 'error' | 'refusal', rule?: RuleLink | null): void {
    this.message = { text, kind, rule };
    this.announce = text;
  }

  /** The live view was fetched: your prompt announced, your proposal's answer noted, focus put on your turn. */
  private onRefreshed(): void {
    this.checkProposal();
    const prompt = this.yourTurn && this.live ? promptWords(this, this.live) : '';
    if (prompt && prompt !== this.lastPrompt) this.announce = `Your turn: ${prompt}`;
    this.lastPrompt = prompt;
    if (!this.yourTurn) this.focusedAt = undefined;
    else if (this.focusedAt !== this.ctl.botRounds && !this.running) {
      this.focusedAt = this.ctl.botRounds;
      void this.focusRequired();
    }
  }

  /** When your decision comes (a game opened, the bots' round over): focus on what the turn asks. */
  private async focusRequired(): Promise<void> {
    await this.updateComplete;
    const active = this.shadowRoot?.activeElement;
    if (active && active.isConnected && (active instanceof HTMLInputElement || active instanceof HTMLSelectElement)) return;
    if (this.menu || this.confirm || this.chooser || this.discard) return;
    this.focusNext();
  }

  /** The button of what the step requires first, when it is one button: answer an offer, draw the Event card, pass a window. */
  private requiredButton(): HTMLElement | null {
    const q = (selector: string) => this.renderRoot.querySelector<HTMLElement>(selector);
    const pending = this.live?.pending;
    const window = !!pending && (pending.kind === 'event_reaction' || pending.kind === 'politicking' || pending.kind === 'parliament' || (pending.kind === 'attack' && pending.window !== null));
    return (
      q('[data-action="accept-offer"]') ??
      q(this.phone ? '[data-action="strip-draw"]' : '[data-panel="turn"] [data-do="DrawEventCard"]') ??
      (window && this.live?.clock.active !== this.you ? q('[data-panel="turn"] [data-do="Pass"]') : null) ??
      (window && this.live?.clock.phase === 'event' ? q('[data-panel="turn"] [data-do="Pass"]') : null)
    );
  }

  /** One piece's move drawn on the map (a change to your piece, opened from the digest). */
  showMove(moved: Moved): void {
    const view = this.live;
    if (!view) return;
    const ms = this.settings.reducedMotion ? 0 : 900;
    this.animations = ms ? animationsOf(this.content, view, [moved], performance.now(), ms) : [];
    this.requestUpdate();
  }

  /** Moves animated along their way, moments marked and announced. */
  private noteChanges(before: View, after: View, fresh: RowText[]): void {
    // What Undo takes back is not drawn moving: the pieces are simply where they were.
    if (this.undoing) {
      this.animations = [];
      return;
    }
    const byEvent = fresh.some((r) => r.kind === 'EventCardDrawn');
    // The ways of the road moves made, as the rules gave them (the latest per Noble).
    const ways = new Map(fresh.flatMap((r) => (r.way ? [[r.way.noble, r.way.nodes] as const] : [])));
    const changes = diffViews(this.content, before, after, byEvent, ways);
    const now = performance.now();
    const ms = speedMs(this.speed);
    if (!this.settings.reducedMotion && ms > 0 && !this.skipping) {
      this.animations = animationsOf(this.content, after, changes.moved, now, moveMs(ms));
    } else this.animations = [];
    this.moments = [
      ...this.moments.filter((m) => m.until > now),
      ...changes.moments.filter((m) => m.at).map((m) => ({ at: spotOf(m.at!), kind: m.kind, text: m.text, until: now + MOMENT_MS })),
    ];
    if (changes.moments.length) this.announce = changes.moments.map((m) => m.text).join(' ');
  }

  /** Your proposal's answer, once given. */
  private checkProposal(): void {
    const p = this.proposal;
    if (!p || p.answer || p.to === null) return;
    const answer = this.log.find((r) => Number(r.seq) >= p.seq && r.kind === 'Command' && r.by === p.to && /offer$/i.test(r.description));
    if (answer) {
      this.proposal = { ...p, answer: answer.description.startsWith('Accept') ? 'accepted' : 'refused' };
      this.announce = `${this.factionName(p.to)} ${this.proposal.answer} your proposal.`;
    }
  }

  /** Gives a command of yours without letting the bots on; false when it failed. */
  async act(legal: LegalCommand, advised = false, refresh = true): Promise<boolean> {
    this.preview = undefined;
    this.mapFocus = undefined;
    this.advice = undefined;
    return this.ctl.act(legal, advised, refresh);
  }

  /** Gives a command of yours, then lets the bots on. */
  async choose(legal: LegalCommand, advised = false): Promise<void> {
    if (this.busy || this.you === null) return;
    this.message = undefined;
    this.preview = undefined;
    this.mapFocus = undefined;
    this.advice = undefined;
    await this.ctl.choose(legal, advised);
    await this.keepFocus();
  }

  /** From the keyboard, a button that went away with the command leaves the focus on the map's pieces or the step's next action. */
  private async keepFocus(): Promise<void> {
    if (!this.keyboard) return;
    await this.updateComplete;
    if (this.shadowRoot?.activeElement && this.shadowRoot.activeElement.isConnected) return;
    this.focusNext();
  }

  resumeBots(): void {
    void this.ctl.runBots();
  }

  async undo(): Promise<void> {
    this.clearSelection();
    // The marks and animations of the moves taken back go with them: no ghost stays on the map.
    this.animations = [];
    this.moments = [];
    this.mapFocus = undefined;
    this.preview = undefined;
    this.undoing = true;
    const undone = await this.ctl.undo().finally(() => (this.undoing = false));
    this.animations = [];
    this.moments = [];
    if (undone) this.say(`Undone: ${undone}.`, 'info');
  }

  togglePause(): void {
    this.ctl.togglePause();
  }

  /** Runs the bots at once, without pauses or animation, up to your next decision. */
  skipToYou(): void {
    this.ctl.skipToYou();
  }

  setSpeed(id: string): void {
    this.ctl.speed = id;
    saveSpeed(id);
    this.requestUpdate();
  }

  setSettings(change: Partial<Settings>): void {
    this.settings = { ...this.settings, ...change };
    saveSettings(this.settings);
  }

  closeMenu(): void {
    this.menu = undefined;
  }

  /** Resigns: the game ends as your loss, and its end screen shows. */
  async resign(): Promise<void> {
    this.menu = undefined;
    this.clearSelection();
    if (await this.ctl.resign()) this.emit('show-end', { game: this.game });
  }

  leave(): void {
    this.menu = undefined;
    this.ctl.paused = true;
    this.emit('menu');
  }

  // --- Playing on the map -----------------------------------------------------------------------

  give(legal: LegalCommand): void {
    acts.give(this, legal, () => this.afterAct());
  }

  giveIntent(intent: Intent): void {
    this.give(intent.legal);
  }

  /** Shows a command on the map without giving it (the advice's suggestion). */
  showPreview(legal: LegalCommand): void {
    this.preview = legal;
    this.mapFocus = this.live ? commandFocus(this.live, legal.command) : undefined;
  }

  /** Puts the advice away. */
  dropAdvice(): void {
    this.advice = undefined;
    this.preview = undefined;
    this.mapFocus = undefined;
  }

  /** A command of All actions: on a phone one with a place shows it first above a short bar. */
  fromList(legal: LegalCommand): void {
    const focus = this.live && commandFocus(this.live, legal.command);
    if (!phoneLayout() || !hasPlace(focus)) {
      this.give(legal);
      return;
    }
    this.preview = legal;
    this.mapFocus = focus;
    void this.updateComplete.then(() => {
      const map = this.map();
      const sheet = this.renderRoot.querySelector<HTMLElement>('.side');
      if (!map || !sheet || !focus) return;
      map.closeDetails();
      map.reveal(focus, sheet.getBoundingClientRect().top - map.getBoundingClientRect().top);
    });
  }

  /** End turn: through the steps that require nothing; a discard owed is asked in place. */
  endTurn(): void {
    this.clearSelection();
    void this.ctl.endTurn().then(() => this.afterAct());
  }

  clearSelection(): void {
    this.selection = [];
    this.hovered = undefined;
  }

  toggleActor(actor: string, on: boolean): void {
    const rest = this.selection.filter((a) => a !== actor);
    this.selection = on ? [...rest, actor] : rest.length ? rest : this.selection;
  }

  /** A marked place or piece tapped: it acts (after a confirm, with the "confirm moves" setting). */
  tapTarget(key: string): void {
    const target = this.playModel?.play.targets.find((t) => t.key === key);
    if (!this.settings.confirmMoves || !target) {
      acts.tapTarget(this, key);
      return;
    }
    this.confirm = { title: 'Confirm the move', text: `${this.selection.map((k) => this.actorWords(k)).join(', ')} → ${target.label}`, yes: 'Do it', run: () => acts.tapTarget(this, key) };
  }

  /** A click on overlapping rings: which place is meant is asked, by name. */
  chooseTarget(keys: string[]): void {
    const label = (key: string) => this.playModel?.play.targets.find((t) => t.key === key)?.label ?? key;
    this.chooser = { title: 'Which place?', options: keys.map((key) => ({ label: label(key), run: () => this.tapTarget(key) })) };
  }

  hoverTarget(key: string | undefined): void {
    this.hovered = key;
  }

  chooseCard(card: string): void {
    acts.chooseCard(this, card);
  }

  dragCard(card: string, event: PointerEvent): void {
    acts.dragCard(this, card, event);
  }

  commitAllAndLaunch(): void {
    void acts.commitAllAndLaunch(this);
  }

  focusDigest(entry: DigestEntry): void {
    void acts.focusDigest(this, entry);
  }

  /** After a choice: on a phone the sheet gives way to the map; from the keyboard focus goes to the marked places. */
  afterSelect(): void {
    if (phoneLayout()) this.tab = undefined;
    if (this.message?.kind === 'refusal') this.message = undefined;
    void this.updateComplete.then(() => {
      const n = this.playModel?.play.targets.length ?? 0;
      if (!this.message || this.message.kind !== 'info') this.announce = `${this.selection.map((k) => this.actorWords(k)).join(', ')} chosen. ${n} place${n === 1 ? '' : 's'} marked.`;
      if (this.keyboard && n) this.map()?.focusGroup('targets');
      const map = this.map();
      const focus = this.live && this.playModel && revealFocus(this.content, this.live, this.selection, this.playModel.play.targets);
      if (map && focus && hasPlace(focus)) {
        if (phoneLayout()) map.frameOn(focus);
        else map.reveal(focus);
      }
    });
  }

  /** After a command of the map: the choice is given up; from the keyboard focus goes back to the pieces. */
  afterAct(): void {
    this.clearSelection();
    if (this.keyboard) void this.updateComplete.then(() => this.focusNext());
  }

  /** From the keyboard, after a command: what the step now requires when it is one button, else your pieces on the map, else the step's action. */
  private focusNext(): void {
    const required = this.requiredButton();
    if (required) required.focus({ preventScroll: true });
    // The map's pieces only from the keyboard: focusing one brings it into view, and the map
    // must never move under a pointer or a finger.
    else if (this.keyboard && this.playModel && Object.values(this.playModel.play.pieces).some((p) => p.selectable)) this.map()?.focusGroup('pieces');
    else {
      const order = [...(this.phone ? ['[data-field="strip"] button.primary'] : []), '[data-panel="turn"] .main-actions button.primary', '[data-panel="turn"] .main-actions button', '[data-panel="turn"] [data-action="undo"]'];
      order.map((s) => this.renderRoot.querySelector<HTMLElement>(s)).find(Boolean)?.focus({ preventScroll: true });
    }
  }

  focusCommand(legal: LegalCommand | undefined): void {
    if (this.preview) return;
    this.mapFocus = legal && this.live ? commandFocus(this.live, legal.command) : undefined;
  }

  map(): WarwickMap | null {
    return this.renderRoot.querySelector<WarwickMap>('warwick-map');
  }

  // --- Timeline -----------------------------------------------------------------------------

  /** Shows the game at a seq on the timeline (undefined: now). */
  travel(seq: number | undefined): void {
    this.preview = undefined;
    this.clearSelection();
    this.ctl.travel(seq);
  }

  /** Where a seq falls, in rounds and turns, for the timeline (now: the live clock). */
  whereAt(seq: number): string {
    const name = (f: number) => this.factionName(f);
    return seq >= this.head && this.live ? clockWords(this.live.clock, name) : timelineWords([...this.ctl.timelineMarks], seq, name);
  }

  stepTo(unit: StepUnit, dir: 1 | -1): void {
    this.preview = undefined;
    this.clearSelection();
    this.ctl.stepTo(unit, dir);
  }

  pastAt(seq: number) {
    return this.ctl.pastAt(seq);
  }

  async playOn(): Promise<void> {
    const game = await this.ctl.playOn();
    if (game !== undefined) this.emit('open-game', { game });
  }

  // --- Rendering ----------------------------------------------------------------------------

  chip(faction: number | null | undefined, letters: string[]) {
    if (faction === null || faction === undefined) return html`<span class="chip neutral" aria-hidden="true">–</span>`;
    const c = factionColour(faction, this.shown?.factions[faction]?.colour);
    return html`<span class="chip" aria-hidden="true" style="background:${c.fill};color:${c.text}">${letters[faction] ?? '?'}</span>`;
  }

  factionName(faction: number | null | undefined): string {
    if (faction === null || faction === undefined) return 'no one';
    return this.shown?.factions[faction]?.name ?? `Seat ${faction + 1}`;
  }

  emit(name: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private renderPlayTab(view: View, letters: string[]) {
    if (this.you === null) {
      return html`${renderTurn(this, view)}
        <section class="panel" data-panel="watching"><h2>Watching</h2>
          <p>${this.status?.watched ? 'This is a shared game, kept here to watch: it is not counted as yours.' : 'Only bots play this game.'}</p></section>
        ${renderBattle(this, view, letters)}`;
    }
    return html`${renderTurn(this, view)} ${renderYourChanges(this)} ${renderIncomingOffer(this, view)} ${renderProposal(this)} ${renderSelection(this)}
      ${renderBattle(this, view, letters)} ${renderDigest(this, letters)} ${renderOffers(this)} ${renderAllActions(this)}`;
  }

  render() {
    const view = this.shown;
    if (this.loadError || !this.status || !view) {
      return html`<div class="loading"><warwick-waiting what="the game" .error=${this.loadError} @retry=${() => void this.load()}></warwick-waiting></div>`;
    }
    const board: Board = boardFromView(this.content, view, this.you);
    const letters = factionLetters(board.factions);
    const now = performance.now();
    const playing = !this.traveling && this.you !== null && this.live === view;
    this.playModel = playing
      ? buildPlay(this.content, view, board, this.intents, this.selection, this.hovered, this.moments.filter((m) => m.until > now), this.animations, (l) => this.areaOf(l), this.attackOdds)
      : undefined;
    const highlight = this.preview && this.live ? commandFocus(this.live, this.preview.command) : hasPlace(this.mapFocus) ? this.mapFocus : pendingFocus(view);
    const current = this.tab;
    const panels: Record<string, unknown> = {
      play: this.renderPlayTab(view, letters),
      factions: renderFactions(this, view, letters),
      cards: renderCards(this, view),
      prestige: renderPrestige(this, view, letters),
      log: renderLog(this),
    };
    return html`<div class="game ${this.traveling ? 'past' : ''}">
      <header class="bar">
        <span class="name">Warwick</span>
        <span class="status" data-field="status">${this.you !== null ? this.chip(this.you, letters) : html`<span class="watch">Watching</span>`}${statusLine(this, view)}</span>
        ${this.status.daily ? html`<span class="daily-tag ${this.status.daily.scored ? '' : 'practice'}" data-field="daily-tag" title=${dailyTagWords(this.status.daily) ?? ''}>${this.status.daily.scored ? 'Daily' : 'Practice'}</span>` : nothing}
        <button data-action="rules" aria-haspopup="dialog" title=${withKey('The rules', 'rules')} @click=${() => openHelp()}>Rules</button>
        <button data-action="menu" aria-haspopup="dialog" @click=${() => (this.menu = 'main')}>Menu</button>
      </header>
      <div class="msgs">${this.message
        ? html`<p class="message ${this.message.kind}" role=${this.message.kind === 'info' ? 'status' : 'alert'} data-field="message" data-kind=${this.message.kind}>
            <span>${this.message.text}${ruleLink(this.message.rule)}</span><button class="close" aria-label="Dismiss" @click=${() => (this.message = undefined)}>×</button></p>`
        : nothing}${renderPaused(this)}<warwick-guide .game=${this.game} .status=${this.status} .yours=${this.yourTurn} @guide-suggest=${() => void askAdvice(this)}></warwick-guide></div>
      <warwick-map .content=${this.content} .board=${board} .highlight=${highlight} .play=${this.playModel?.play}
        @piece-tap=${(e: CustomEvent<{ key: string }>) => acts.tapPiece(this, e.detail.key)}
        @target-tap=${(e: CustomEvent<{ key: string }>) => this.tapTarget(e.detail.key)}
        @target-cluster=${(e: CustomEvent<{ keys: string[] }>) => this.chooseTarget(e.detail.keys)}
        @target-hover=${(e: CustomEvent<{ key?: string }>) => this.hoverTarget(e.detail.key)}
        @piece-drop=${(e: CustomEvent<{ piece: string; target?: string; spot?: acts.Spot }>) => acts.drop(this, e.detail.piece, e.detail.target, e.detail.spot)}
        @background-tap=${(e: CustomEvent<{ place?: string }>) => this.selection.length && e.detail.place && void acts.refuse(this, { location: e.detail.place })}
        @map-escape=${() => {
          this.clearSelection();
          this.map()?.focusGroup('pieces');
        }}></warwick-map>
      ${this.phone ? renderStrip(this, view) : nothing}
      ${renderTimeline(this)}
      <aside class="side ${current ? 'open' : ''} ${this.preview ? 'peek' : ''}" aria-label="Game panels">
        ${renderPreview(this)}
        <button class="sheet-close" @click=${() => (this.tab = undefined)}>Close ✕</button>
        ${TABS.map((t) => html`<div class="tabpanel ${t.id === current ? 'current' : ''}" data-tabpanel=${t.id}>${panels[t.id]}</div>`)}
      </aside>
      <nav class="tabs" role="tablist" aria-label="Panels">
        ${TABS.map(
          (t) => html`<button role="tab" data-tab=${t.id} aria-selected=${t.id === current ? 'true' : 'false'}
            @click=${() => this.openTab(t.id === current ? undefined : t.id)}>
            <span class="icon" aria-hidden="true">${t.icon}</span>${t.short}${t.id === 'play' && this.yourTurn ? html`<span class="dot" title="your decision"></span>` : nothing}
          </button>`,
        )}
      </nav>
      <div class="sr-only" role="status" aria-live="polite" data-field="announce">${this.announce}</div>
      ${renderMenu(this)} ${renderConfirm(this)} ${renderChooser(this)} ${renderDiscard(this)}
    </div>`;
  }

  private openTab(tab: string | undefined): void {
    this.tab = tab;
    this.preview = undefined;
    if (tab) this.map()?.closeDetails();
  }
}

customElements.define('warwick-game', WarwickGame);

