// The game screen: holds a game's state and wires the map and panels to it. The map is the
// main way to play (./play-map.ts builds what it shows, ./map-actions.ts does what taps, drags
// and keys ask); the panels are in ./play-panel.ts (the turn, your choice, a battle, the digest
// of what the bots did, All actions), ./offers-panel.ts (offers), ./info-panels.ts (factions,
// cards, Prestige, log), ./timeline.ts and ./game-dialogs.ts (Menu, a question asked once).
// The bots are stepped one command at a time at a chosen speed (pausable, skippable), their
// moves animated along their way and the moments that matter marked on the map and announced
// in a polite live region. On a phone (below 900 px) a strip under the map keeps the prompt,
// the step's main action and Undo in view, and the panels open as a bottom sheet.
//
// Events: `menu`, `open-game` {game}, `game-over` {game, scored} (once per game), `show-end`
// {game}; `startSeq` opens the timeline at a seq.

import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { api, ApiError } from '../api';
import type { Content } from '../bindings/Content';
import type { Advice } from '../bindings/Advice';
import type { BattlePreview } from '../bindings/BattlePreview';
import type { GameStatus } from '../bindings/GameStatus';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { NobleStrength } from '../bindings/NobleStrength';
import type { RowText } from '../bindings/RowText';
import type { View } from '../bindings/View';
import { factionColour, factionLetters, type Board } from '../map/pieces';
import '../map/map-view';
import type { WarwickMap } from '../map/map-view';
import type { PlayAnimation, PlayMoment, PlaySpot } from '../map/map-play';
import { actorName, boardFromView, commandFocus, pendingFocus, type MapFocus } from './model';
import { SPEEDS } from './prompt';
import { dailyTagWords } from '../challenge/words';
import { gameStyles } from './styles';
import { actorsWithActions, intentsOf, type Intent } from './intents';
import { animationsOf, buildPlay, revealFocus, type PlayModel } from './play-map';
import { diffViews, type Moved } from './changes';
import type { End } from './routes';
import { buildDigest, digestStart, type Digest, type DigestEntry } from './digest';
import { nothingToPlay } from './turn';
import { branchPoint, marksOf, renderTimeline, rowsOf, stepSeq, type Mark, type StepUnit } from './timeline';
import { loadSettings, renderChooser, renderConfirm, renderMenu, saveSettings, saveSpeed, watchSettings, type Chooser, type Confirm, type Settings } from './game-dialogs';
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

/** The game at a past seq: the view, the Nobles' strengths and the rules' odds of an attack under way. */
interface Past {
  view: View;
  strengths: Record<string, NobleStrength>;
  battle: BattlePreview | null;
}

/** How many past seqs are kept in memory (about 10 KB each). */
const PAST_KEPT = 400;
/** At the fastest bot speed, the longest the board goes without showing the bots' batches. */
const BATCH_SHOWN_MS = 300;
/** How long a moment stays marked on the map. */
const MOMENT_MS = 8000;

const phoneLayout = () => window.matchMedia('(max-width: 899px)').matches;
const hasPlace = (focus: MapFocus | undefined) => !!focus && (focus.locations.length > 0 || focus.areas.length > 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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
    status: { state: true },
    live: { state: true },
    shown: { state: true },
    strengths: { state: true },
    battle: { state: true },
    attackOdds: { state: true },
    legal: { state: true },
    log: { state: true },
    cursor: { state: true },
    running: { state: true },
    paused: { state: true },
    speed: { state: true },
    mapFocus: { state: true },
    message: { state: true },
    busy: { state: true },
    tab: { state: true },
    botCount: { state: true },
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
    flowNote: { state: true },
    proposal: { state: true },
    menu: { state: true },
    confirm: { state: true },
    chooser: { state: true },
    settings: { state: true },
    skipping: { state: true },
    moments: { state: true },
    announce: { state: true },
    undoPaused: { state: true },
    phone: { state: true },
    loadError: { state: true },
  };

  content!: Content;
  game!: number;
  /** The seq to show on the timeline once the game is loaded (the end screen's moments, a replay). */
  startSeq?: number;
  status?: GameStatus;
  /** The view at the head of the game, and the one shown (live, or from the timeline). */
  live?: View;
  shown?: View;
  strengths: Record<string, NobleStrength> = {};
  /** The rules' odds of the attack under way in the view shown (`api.battlePreview`). */
  battle: BattlePreview | null = null;
  /** The rules' odds of each attack your seat could start now, by map target key (`location:york`). */
  attackOdds = new Map<string, BattlePreview>();
  legal: LegalCommand[] = [];
  log: RowText[] = [];
  /** The seq the timeline shows; undefined means now. */
  cursor?: number;
  running = false;
  paused = false;
  /** A command of yours waits for the bots' step under way to end (given in their turn). */
  holding = false;
  speed = 'normal';
  mapFocus?: MapFocus;
  message?: { text: string; kind: 'info' | 'error' | 'refusal'; rule?: RuleLink | null };
  busy = false;
  tab?: string;
  botCount = 0;
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
  /** Why "End turn" stopped. */
  flowNote?: string;
  /** End turn is under way (it goes on when a window of your turn comes back to you). */
  endingTurn = false;
  proposal?: Proposal;
  menu?: 'main' | 'rules' | 'settings' | 'resign';
  confirm?: Confirm;
  chooser?: Chooser;
  settings: Settings = loadSettings();
  skipping = false;
  moments: (PlayMoment & { until: number })[] = [];
  /** The polite live region's text: bot actions, moments and your prompts. */
  announce = '';
  /** Undo paused the bots: a banner says so until they are resumed. */
  undoPaused = false;
  /** The phone layout is in use (the strip under the map shows). */
  phone = false;
  /** Why the game could not be loaded (player's words), shown with a Retry. */
  loadError?: string;
  /** The model of the map's play layer, as last rendered (for the panels and taps). */
  playModel?: PlayModel;

  private announced?: number;
  private marks: Mark[] = [];
  private disposed = false;
  private past = new Map<number, Past>();
  private pastShown?: number;
  private fetching = false;
  private liveStrengths: Record<string, NobleStrength> = {};
  private liveBattle: BattlePreview | null = null;
  /** The head the live view was last fetched at. */
  private liveHead?: number;
  private animations: PlayAnimation[] = [];
  private areas = new Map<string, string>();
  private intentsFor?: { legal: LegalCommand[]; view: View; intents: Intent[] };
  private keyboard = false;
  private lastPrompt = '';
  /** Rows added since the view was last compared (did an Event move the pieces?). */
  private fresh: RowText[] = [];
  /** The last step whose marked places the map was framed on. */
  framed?: string;

  static styles = gameStyles;

  // --- Where the game stands ------------------------------------------------------------------

  /** The player's seat, or null when only bots play or the game is someone else's, kept to be watched. */
  get you(): number | null {
    if (this.status?.watched) return null;
    const i = this.status?.seats.findIndex((s) => s.kind === 'human') ?? -1;
    return i >= 0 ? i : null;
  }

  get head(): number {
    return this.status?.head ?? 0;
  }

  get traveling(): boolean {
    return this.cursor !== undefined && this.cursor !== this.head;
  }

  get yourTurn(): boolean {
    const you = this.you;
    return you !== null && !!this.status?.awaiting.includes(you) && !this.status.outcome;
  }

  /** Whether you may give a command now: your decision, or what the rules let you do at any
   * time while others decide (cards from hand, transfers, Royals, offers: issue 31). */
  get canAct(): boolean {
    return this.yourTurn || (this.you !== null && !this.status?.outcome && this.legal.length > 0);
  }

  get botsToMove(): boolean {
    const s = this.status;
    if (!s || s.outcome) return false;
    return s.awaiting.some((seat) => s.seats[seat]?.kind === 'bot');
  }

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

  /** What the bots did since your last turn. */
  get digest(): Digest | undefined {
    if (this.you === null) return undefined;
    const from = digestStart(this.marks, this.you);
    return buildDigest(this.log.filter((r) => Number(r.seq) > from), this.you);
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
    this.disposed = false;
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
    this.disposed = true;
    this.unwatchSettings?.();
    this.removeEventListener('keydown', this.onKeyDown);
    this.removeEventListener('pointerdown', this.onPointerDown);
    this.phoneQuery.removeEventListener('change', this.onLayout);
  }

  private onKeyDown = (e: KeyboardEvent) => {
    this.keyboard = true;
    // M: to the map's pieces (from anywhere but a text field).
    const typing = e.composedPath().some((t) => t instanceof HTMLInputElement || t instanceof HTMLSelectElement);
    if ((e.key === 'm' || e.key === 'M') && !typing && !e.ctrlKey && !e.metaKey && !e.altKey && this.playModel) {
      e.preventDefault();
      this.map()?.focusGroup('pieces');
      return;
    }
    if (e.key === 'Escape' && this.selection.length && !this.menu && !this.confirm && !this.chooser) this.clearSelection();
  };

  private onPointerDown = () => {
    this.keyboard = false;
  };

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('game') && this.game) void this.load();
  }

  protected updated(): void {
    this.dataset.head = String(this.head);
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

  // --- Loading and the bots -------------------------------------------------------------------

  private async load(): Promise<void> {
    this.cursor = undefined;
    this.past.clear();
    this.pastShown = undefined;
    this.log = [];
    this.botCount = 0;
    this.selection = [];
    this.liveHead = undefined;
    this.loadError = undefined;
    try {
      this.status = await api.status(this.game);
      await Promise.all([this.refreshTimeline(), this.refreshLive()]);
      if (this.startSeq !== undefined) this.travel(this.startSeq);
      this.dataset.loaded = String(this.game);
      void this.runBots();
    } catch (error) {
      this.loadError = failureWords(error);
    }
  }

  fail(error: unknown): void {
    this.say(error instanceof ApiError ? error.message : String(error), 'error', error instanceof ApiError ? (error.rule ?? ruleForCode(error.code)) : null);
  }

  /** Shows a message above the map (refusals and errors stay until dismissed or replaced), with the rule it comes from. */
  say(text: string, kind: 'info' | 'error' | 'refusal', rule?: RuleLink | null): void {
    this.message = { text, kind, rule };
    this.announce = text;
  }

  private async refreshLive(): Promise<void> {
    const status = this.status!;
    const before = this.live;
    const [at, strengths, legal] = await Promise.all([
      api.stateAt(this.game, status.head, this.you),
      api.strengths(this.game, status.head),
      // Your commands while others decide too: what you may do at any time.
      this.you !== null && !status.outcome ? api.legal(this.game, this.you) : null,
    ]);
    const [battle, attackOdds] = await Promise.all([
      this.battleAt(at.view, status.head),
      this.yourTurn && legal ? this.oddsOfAttacks(legal.commands) : new Map<string, BattlePreview>(),
    ]);
    this.liveHead = status.head;
    this.live = at.view;
    this.liveStrengths = strengths;
    this.liveBattle = battle;
    if (!this.traveling) {
      this.shown = this.live;
      this.strengths = strengths;
      this.battle = battle;
    }
    this.legal = legal?.commands ?? [];
    this.attackOdds = attackOdds;
    if (before && before !== this.live) this.noteChanges(before, this.live);
    this.checkProposal();
    const prompt = this.yourTurn && this.live ? promptWords(this, this.live) : '';
    if (prompt && prompt !== this.lastPrompt) this.announce = `Your turn: ${prompt}`;
    this.lastPrompt = prompt;
  }

  /** The rules' odds of the attack under way in `view` (at `seq`), if one is. */
  private async battleAt(view: View, seq: number): Promise<BattlePreview | null> {
    return view.pending?.kind === 'attack' ? api.battlePreview(this.game, this.you, seq) : null;
  }

  /** The rules' odds of every attack your legal commands could start, by map target key. */
  private async oddsOfAttacks(legal: LegalCommand[]): Promise<Map<string, BattlePreview>> {
    const out = new Map<string, BattlePreview>();
    const you = this.you;
    if (you === null) return out;
    await Promise.all(
      legal.map(async ({ command: c }) => {
        if (c.type !== 'StartAttack') return;
        const key = c.target.kind === 'location' ? `location:${c.target.location}` : `enemy:${c.area}:${c.target.faction}`;
        out.set(key, await api.battlePreview(this.game, you, undefined, { area: c.area, target: c.target }));
      }),
    );
    return out;
  }

  private async refreshTimeline(): Promise<void> {
    const timeline = await api.timeline(this.game);
    this.marks = marksOf(timeline);
    this.log = rowsOf(timeline);
  }

  private addRows(rows: RowText[]): void {
    if (!rows.length) return;
    this.log = [...this.log, ...rows].slice(-3000);
    this.fresh.push(...rows);
    // Each row in the turn it came in (a batch of the bots' rows spans turns).
    for (const { seq, clock: c } of rows) this.marks.push({ seq: Number(seq), round: c.round, turn: c.turn + c.round * 10, phase: c.phase, active: c.active });
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
  private noteChanges(before: View, after: View): void {
    const byEvent = this.fresh.some((r) => r.kind === 'EventCardDrawn');
    // The ways of the road moves made, as the rules gave them (the latest per Noble).
    const ways = new Map(this.fresh.flatMap((r) => (r.way ? [[r.way.noble, r.way.nodes] as const] : [])));
    this.fresh = [];
    const changes = diffViews(this.content, before, after, byEvent, ways);
    const now = performance.now();
    const ms = SPEEDS.find((s) => s.id === this.speed)?.ms ?? 450;
    if (!this.settings.reducedMotion && ms > 0 && !this.skipping) {
      this.animations = animationsOf(this.content, after, changes.moved, now, Math.min(900, Math.max(300, ms)));
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

  /** Lets the bots act, one command at a time, while one is awaited and play is not paused; passes your empty card windows. */
  private async runBots(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let shownAt = performance.now();
    try {
      for (;;) {
        while (!this.disposed && !this.paused && !this.holding && this.botsToMove && !this.traveling) {
          const ms = this.skipping ? 0 : (SPEEDS.find((s) => s.id === this.speed)?.ms ?? 450);
          // At the fastest speed (and when skipping) the service gives the bots a bounded batch
          // of commands per call, passing your empty card windows on the way when that setting
          // is on, and the screen updates once per batch; slower speeds step and animate one
          // command at a time. The digest reads the rows either way.
          const done = ms > 0 ? await api.botStep(this.game, this.head) : await api.advance(this.game, this.head, this.settings.autoPass);
          this.status = done.status;
          this.addRows(done.rows);
          const commands = done.rows.filter((r) => r.kind === 'Command');
          this.botCount += ms > 0 ? 1 : commands.length;
          if (commands.length) this.announce = commands.slice(-3).map((r) => `${this.factionName(r.by)}: ${r.description}.`).join(' ');
          // Batches follow each other without redrawing until the bots are done, or a long bot
          // turn has gone BATCH_SHOWN_MS without the board being shown.
          if (ms > 0 || !this.botsToMove || performance.now() - shownAt >= BATCH_SHOWN_MS) {
            await this.refreshLive();
            shownAt = performance.now();
          }
          if (ms > 0) await sleep(ms);
        }
        if (this.liveHead !== this.head) await this.refreshLive();
        // A card window where you hold nothing to play passes by itself (a setting).
        const pass = this.legal.find((l) => l.command.type === 'Pass');
        if (!this.disposed && !this.paused && !this.traveling && this.settings.autoPass && this.yourTurn && pass && nothingToPlay(this.live!.pending, this.legal, this.live!.clock.active !== this.you)) {
          // The loop shows the board once the bots are done: no redraw for the pass alone.
          if (!(await this.act(pass, false, false))) break;
          continue;
        }
        break;
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.running = false;
      this.skipping = false;
    }
    // End turn, interrupted by others answering a window of your turn, goes on.
    if (this.endingTurn && this.yourTurn && this.live?.clock.active === this.you && !this.paused && !this.disposed) void acts.endTurn(this, true);
    else if (this.live?.clock.active !== this.you) this.endingTurn = false;
  }

  /** Gives a command of yours without letting the bots on (`refresh`: and shows the board after it); false when it failed. */
  async act(legal: LegalCommand, advised = false, refresh = true): Promise<boolean> {
    if (this.you === null) return false;
    this.busy = true;
    this.preview = undefined;
    this.mapFocus = undefined;
    this.advice = undefined;
    try {
      const done = await api.act(this.game, this.you, legal.command, this.head, advised);
      this.status = done.status;
      this.addRows(done.rows);
      if (refresh) await this.refreshLive();
      else this.legal = []; // nothing to give from a stale list until the board is shown again
      return true;
    } catch (error) {
      this.fail(error);
      try {
        this.status = await api.status(this.game);
        await this.refreshLive();
      } catch {
        /* the message above says what went wrong */
      }
      return false;
    } finally {
      this.busy = false;
    }
  }

  /** Gives a command of yours, then lets the bots on. */
  async choose(legal: LegalCommand, advised = false): Promise<void> {
    if (this.busy || this.you === null) return;
    this.message = undefined;
    this.flowNote = undefined;
    this.endingTurn = false;
    // At the fastest bot speed the bots' batch follows at once: the board is shown once, after
    // it (runBots shows it even when no bot moves).
    const instant = (SPEEDS.find((s) => s.id === this.speed)?.ms ?? 450) === 0 && !this.running;
    // Given while the bots move (what you may do at any time): their step under way ends first.
    this.holding = true;
    try {
      while (this.running) await sleep(20);
      await this.act(legal, advised, !instant);
    } finally {
      this.holding = false;
    }
    this.resumeBots();
    await this.keepFocus();
  }

  /** From the keyboard, a button that went away with the command leaves the focus on the map's pieces or the step's next action. */
  private async keepFocus(): Promise<void> {
    if (!this.keyboard) return;
    await this.updateComplete;
    if (this.shadowRoot?.activeElement && this.shadowRoot.activeElement.isConnected) return;
    if (this.playModel && Object.values(this.playModel.play.pieces).some((p) => p.selectable)) this.map()?.focusGroup('pieces');
    else this.renderRoot.querySelector<HTMLElement>('[data-panel="turn"] .main-actions button, [data-panel="turn"] [data-action="undo"]')?.focus();
  }

  resumeBots(): void {
    void this.runBots();
  }

  async undo(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.paused = true;
    this.endingTurn = false;
    this.clearSelection();
    try {
      while (this.running) await sleep(30);
      const offer = this.status?.undo;
      this.status = await api.undo(this.game, this.head);
      await this.refreshTimeline();
      await this.refreshLive();
      this.undoPaused = this.botsToMove;
      if (!this.botsToMove) this.paused = false;
      this.say(`Undone: ${offer?.description ?? 'your last decision'}.`, 'info');
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  togglePause(): void {
    this.paused = !this.paused;
    this.undoPaused = false;
    if (!this.paused) void this.runBots();
  }

  /** Runs the bots at once, without pauses or animation, up to your next decision. */
  skipToYou(): void {
    this.skipping = true;
    this.paused = false;
    this.undoPaused = false;
    void this.runBots();
  }

  setSpeed(id: string): void {
    this.speed = id;
    saveSpeed(id);
  }

  setSettings(change: Partial<Settings>): void {
    this.settings = { ...this.settings, ...change };
    saveSettings(this.settings);
  }

  closeMenu(): void {
    this.menu = undefined;
  }

  leave(): void {
    this.menu = undefined;
    this.paused = true;
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

  endTurn(): void {
    void acts.endTurn(this);
  }

  clearSelection(): void {
    this.selection = [];
    this.hovered = undefined;
  }

  toggleActor(actor: string, on: boolean): void {
    const rest = this.selection.filter((a) => a !== actor);
    this.selection = on ? [...rest, actor] : rest.length ? rest : this.selection;
  }

  tapTarget(key: string): void {
    acts.tapTarget(this, key);
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
    if (this.keyboard) this.map()?.focusGroup('pieces');
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
    if (seq !== undefined) seq = Math.max(0, Math.min(this.head, Math.round(seq)));
    if (seq === undefined || seq === this.head) {
      this.cursor = undefined;
      this.pastShown = undefined;
      this.shown = this.live;
      this.strengths = this.liveStrengths;
      this.battle = this.liveBattle;
      this.dataset.cursor = String(this.head);
      if (!this.paused) void this.runBots();
      return;
    }
    if (!this.paused && this.running) this.paused = true;
    this.cursor = seq;
    void this.showPast();
  }

  /** Where a seq falls, in rounds and turns, for the timeline (now: the live clock). */
  whereAt(seq: number): string {
    const name = (f: number) => this.factionName(f);
    return seq >= this.head && this.live ? clockWords(this.live.clock, name) : timelineWords(this.marks, seq, name);
  }

  stepTo(unit: StepUnit, dir: 1 | -1): void {
    this.travel(stepSeq(this.marks, this.cursor ?? this.head, this.head, unit, dir));
  }

  /**
   * Shows the game at the cursor, one fetch at a time: while the slider is dragged each answer
   * shows at once and the next fetch asks for wherever the cursor is by then; once settled, the
   * next seq in the direction of travel is fetched ahead, so stepping is instant.
   */
  private async showPast(): Promise<void> {
    if (this.fetching) return;
    this.fetching = true;
    try {
      let ahead: number | undefined;
      while (this.cursor !== undefined && this.cursor !== this.pastShown) {
        const seq = this.cursor;
        const past = await this.pastAt(seq);
        if (this.cursor !== seq) continue;
        ahead = this.pastShown === undefined ? seq - 1 : seq + Math.sign(seq - this.pastShown);
        this.shown = past.view;
        this.strengths = past.strengths;
        this.battle = past.battle;
        this.pastShown = seq;
        this.dataset.cursor = String(seq);
      }
      if (ahead !== undefined && ahead >= 0 && ahead < this.head) await this.pastAt(ahead);
    } catch (error) {
      this.fail(error);
    } finally {
      this.fetching = false;
    }
    if (this.cursor !== undefined && this.cursor !== this.pastShown) void this.showPast();
  }

  async pastAt(seq: number): Promise<Past> {
    const known = this.past.get(seq);
    if (known) return known;
    const [at, strengths] = await Promise.all([api.stateAt(this.game, seq, this.you), api.strengths(this.game, seq)]);
    const past = { view: at.view, strengths, battle: await this.battleAt(at.view, seq) };
    if (this.past.size >= PAST_KEPT) this.past.delete(this.past.keys().next().value!);
    this.past.set(seq, past);
    return past;
  }

  async playOn(): Promise<void> {
    const seq = branchPoint(this.log, this.cursor ?? this.head);
    if (seq === undefined) {
      this.say('There is no decision before this point to play on from.', 'error');
      return;
    }
    this.busy = true;
    try {
      const status = await api.branch(this.game, seq);
      this.say(`Playing on from seq ${seq} in a new game (game ${status.game}); game ${this.game} is kept as it was.`, 'info');
      this.emit('open-game', { game: Number(status.game) });
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
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
        <button data-action="rules" aria-haspopup="dialog" @click=${() => openHelp()}>Rules</button>
        <button data-action="menu" aria-haspopup="dialog" @click=${() => (this.menu = 'main')}>Menu</button>
      </header>
      <div class="msgs">${this.message
        ? html`<p class="message ${this.message.kind}" role=${this.message.kind === 'info' ? 'status' : 'alert'} data-field="message" data-kind=${this.message.kind}>
            <span>${this.message.text}${ruleLink(this.message.rule)}</span><button class="close" aria-label="Dismiss" @click=${() => (this.message = undefined)}>×</button></p>`
        : nothing}${renderPaused(this)}<warwick-guide .game=${this.game} .status=${this.status} .yours=${this.yourTurn} @guide-suggest=${() => void askAdvice(this)}></warwick-guide></div>
      <warwick-map .content=${this.content} .board=${board} .highlight=${highlight} .play=${this.playModel?.play}
        @piece-tap=${(e: CustomEvent<{ key: string }>) => acts.tapPiece(this, e.detail.key)}
        @target-tap=${(e: CustomEvent<{ key: string }>) => this.tapTarget(e.detail.key)}
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
      ${renderMenu(this)} ${renderConfirm(this)} ${renderChooser(this)}
    </div>`;
  }

  private openTab(tab: string | undefined): void {
    this.tab = tab;
    this.preview = undefined;
    if (tab) this.map()?.closeDetails();
  }
}

customElements.define('warwick-game', WarwickGame);

