// The game screen: the map with the pieces drawn from the rules' view, and the panels wired to
// it (turn and prompt, your decisions, a battle, factions, your hand, Chancery, the Event card,
// Prestige, the log), the bots stepped one command at a time at a chosen speed (pausable), undo,
// and a timeline to step or drag through that shows the map and panels as they were, with
// "back to now" and "play on from here" (a branch).
//
// On a desktop the panels sit beside the map; on a phone (below 900 px) they open as a bottom
// sheet from a tab bar. Everything goes through `api` (../api.ts). A daily challenge is tagged
// in the top bar (practice marked). Events: `menu`, `open-game` {game}, `game-over` {game,
// scored} (once per game, when it is seen ended), `show-end` {game}; `startSeq` opens the
// timeline at a seq.

import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { api, ApiError } from '../api';
import type { Content } from '../bindings/Content';
import type { GameStatus } from '../bindings/GameStatus';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { NobleStrength } from '../bindings/NobleStrength';
import type { RowText } from '../bindings/RowText';
import type { Timeline } from '../bindings/Timeline';
import { factionColour, factionLetters, type Board } from '../map/pieces';
import '../map/map-view';
import type { WarwickMap } from '../map/map-view';
import {
  actorName,
  battleFromView,
  boardFromView,
  cardName,
  commandFocus,
  factionTroops,
  groupCommands,
  nobleName,
  offerText,
  outcomeText,
  placeName,
  placeText,
  prestigeTarget,
  royalName,
  subGroups,
  type MapFocus,
} from './model';
import { SPEEDS, promptText, type RulesPrompt } from './prompt';
import { dailyTagWords } from '../challenge/words';
import { gameStyles } from './styles';
import type { View } from '../bindings/View';

interface Tab {
  id: string;
  short: string;
  icon: string;
}

const TABS: Tab[] = [
  { id: 'play', short: 'Play', icon: '▶' },
  { id: 'factions', short: 'Factions', icon: '⚑' },
  { id: 'cards', short: 'Cards', icon: '▤' },
  { id: 'prestige', short: 'Prestige', icon: '★' },
  { id: 'log', short: 'Log', icon: '☰' },
];

/** The game at a past seq: the view and the Nobles' strengths. */
interface Past {
  view: View;
  strengths: Record<string, NobleStrength>;
}

/** How many past seqs are kept in memory (about 10 KB each). */
const PAST_KEPT = 400;

interface Mark {
  seq: number;
  round: number;
  turn: number;
  phase: string;
}

/** Whether the phone layout (map full screen, panels in a bottom sheet) is in use. */
const phoneLayout = () => window.matchMedia('(max-width: 899px)').matches;

/** Whether a map focus points anywhere. */
const hasPlace = (focus: MapFocus | undefined) => !!focus && (focus.locations.length > 0 || focus.areas.length > 0);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class WarwickGame extends LitElement {
  static properties = {
    content: { attribute: false },
    game: { type: Number },
    status: { state: true },
    live: { state: true },
    shown: { state: true },
    strengths: { state: true },
    legal: { state: true },
    log: { state: true },
    timeline: { state: true },
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
    startSeq: { type: Number },
  };

  content!: Content;
  game!: number;
  status?: GameStatus;
  /** The view at the head of the game. */
  live?: View;
  /** The view shown: the live one, or one from the timeline. */
  shown?: View;
  strengths: Record<string, NobleStrength> = {};
  legal: LegalCommand[] = [];
  log: RowText[] = [];
  timeline?: Timeline;
  /** The seq the timeline shows; undefined means now. */
  cursor?: number;
  running = false;
  paused = false;
  speed = 'normal';
  mapFocus?: MapFocus;
  message?: { text: string; kind: 'info' | 'error' };
  busy = false;
  tab?: string;
  botCount = 0;
  /**
   * On a phone, a command with a place that was tapped: the sheet shrinks to a short bar
   * asking to confirm it, so the place it points at shows on the map.
   */
  preview?: LegalCommand;
  /** The seq to show on the timeline once the game is loaded (the end screen's moments, a replay). */
  startSeq?: number;
  /** The game whose end was announced (`game-over`), so it is announced once. */
  private announced?: number;
  private marks: Mark[] = [];
  private disposed = false;
  /** The game at past seqs already fetched (a seq's past never changes), for smooth scrubbing. */
  private past = new Map<number, Past>();
  /** The seq of the past view shown, once it has arrived. */
  private pastShown?: number;
  /** Whether a past view is being fetched (only one at a time; the latest cursor wins). */
  private fetching = false;
  /** The strengths at the head, to show again on "back to now" without asking. */
  private liveStrengths: Record<string, NobleStrength> = {};

  static styles = gameStyles;

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

  get botAwaited(): boolean {
    const s = this.status;
    if (!s || s.outcome) return false;
    return s.awaiting.some((seat) => s.seats[seat]?.kind === 'bot');
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.disposed = false;
    const saved = localStorage.getItem('warwick.speed');
    if (saved && SPEEDS.some((s) => s.id === saved)) this.speed = saved;
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.disposed = true;
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('game') && this.game) void this.load();
  }

  protected updated(): void {
    // For tests and tools: where the game and the bots stand.
    this.dataset.head = String(this.head);
    this.dataset.botMoves = String(this.botCount);
    if (this.status?.outcome && Number(this.status.game) === this.game && this.announced !== this.game) {
      this.announced = this.game;
      this.emit('game-over', { game: this.game, scored: !!this.status.score });
    }
  }

  private async load(): Promise<void> {
    this.cursor = undefined;
    this.past.clear();
    this.pastShown = undefined;
    this.log = [];
    this.botCount = 0;
    try {
      this.status = await api.status(this.game);
      await this.refreshTimeline();
      this.log = this.flatTimeline();
      await this.refreshLive();
      if (this.startSeq !== undefined) this.travel(this.startSeq);
      this.dataset.loaded = String(this.game);
      void this.runBots();
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.message = { text: error instanceof ApiError ? error.message : String(error), kind: 'error' };
  }

  private async refreshLive(): Promise<void> {
    const status = this.status!;
    const [at, strengths] = await Promise.all([
      api.stateAt(this.game, status.head, this.you),
      api.strengths(this.game, status.head),
    ]);
    this.live = at.view ;
    this.liveStrengths = strengths;
    if (!this.traveling) {
      this.shown = this.live;
      this.strengths = strengths;
    }
    this.legal = this.yourTurn ? (await api.legal(this.game, this.you!)).commands : [];
  }

  private async refreshTimeline(): Promise<void> {
    this.timeline = await api.timeline(this.game);
    const marks: Mark[] = [];
    this.timeline.rounds.forEach((round) =>
      round.turns.forEach((turn, ti) =>
        turn.phases.forEach((phase) =>
          phase.entries.forEach((e) => marks.push({ seq: Number(e.seq), round: round.round, turn: ti + round.round * 10, phase: phase.phase })),
        ),
      ),
    );
    marks.sort((a, b) => a.seq - b.seq);
    this.marks = marks;
  }

  private flatTimeline(): RowText[] {
    const rows: RowText[] = [];
    for (const round of this.timeline?.rounds ?? [])
      for (const turn of round.turns) for (const phase of turn.phases) for (const e of phase.entries) rows.push({ ...e });
    rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    return rows;
  }

  private addRows(rows: RowText[]): void {
    if (!rows.length) return;
    this.log = [...this.log, ...rows].slice(-3000);
    for (const row of rows) {
      const clock = this.live?.clock;
      this.marks.push({ seq: Number(row.seq), round: clock?.round ?? 0, turn: (clock?.turn ?? 0) + (clock?.round ?? 0) * 10, phase: clock?.phase ?? '' });
    }
  }

  /** Lets the bots act, one command at a time, while one is awaited and play is not paused. */
  private async runBots(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (!this.disposed && !this.paused && this.botAwaited && !this.traveling) {
        const ms = SPEEDS.find((s) => s.id === this.speed)?.ms ?? 450;
        const done = await api.botStep(this.game, this.head);
        this.status = done.status;
        this.addRows(done.rows);
        this.botCount += 1;
        if (ms > 0 || !this.botAwaited || this.botCount % 25 === 0) await this.refreshLive();
        if (ms > 0) await sleep(ms);
      }
      await this.refreshLive();
    } catch (error) {
      this.fail(error);
    } finally {
      this.running = false;
    }
    if (this.yourTurn && window.innerWidth < 900) this.tab = 'play';
  }

  private async choose(legal: LegalCommand): Promise<void> {
    if (this.busy || this.you === null) return;
    this.busy = true;
    this.message = undefined;
    this.mapFocus = undefined;
    this.preview = undefined;
    try {
      const done = await api.act(this.game, this.you, legal.command, this.head);
      this.status = done.status;
      this.addRows(done.rows);
      await this.refreshLive();
    } catch (error) {
      this.fail(error);
      try {
        this.status = await api.status(this.game);
        await this.refreshLive();
      } catch {
        /* the message above says what went wrong */
      }
    } finally {
      this.busy = false;
    }
    void this.runBots();
  }

  private async undo(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.paused = true;
    try {
      while (this.running) await sleep(30);
      const offer = this.status?.undo;
      this.status = await api.undo(this.game, this.head);
      await this.refreshTimeline();
      this.log = this.flatTimeline();
      await this.refreshLive();
      this.message = { text: `Undone: ${offer?.description ?? 'your last decision'}.`, kind: 'info' };
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  private togglePause(): void {
    this.paused = !this.paused;
    if (!this.paused) void this.runBots();
  }

  private setSpeed(id: string): void {
    this.speed = id;
    localStorage.setItem('warwick.speed', id);
  }

  // --- Timeline -----------------------------------------------------------------------------

  /** Shows the game at a seq on the timeline (undefined: now). */
  travel(seq: number | undefined): void {
    this.preview = undefined;
    if (seq !== undefined) seq = Math.max(0, Math.min(this.head, Math.round(seq)));
    if (seq === undefined || seq === this.head) {
      this.cursor = undefined;
      this.pastShown = undefined;
      this.shown = this.live;
      this.strengths = this.liveStrengths;
      this.dataset.cursor = String(this.head);
      if (!this.paused) void this.runBots();
      return;
    }
    if (!this.paused && this.running) this.paused = true;
    this.cursor = seq;
    void this.showPast();
  }

  /**
   * Shows the game at the cursor. One fetch at a time, with no delay: while the slider is
   * dragged each answer shows at once and the next fetch asks for wherever the cursor is by
   * then, so the map follows the drag as fast as the service answers; seqs seen before come
   * from memory. Once settled, the next seq in the direction of travel is fetched ahead, so
   * stepping event by event is instant.
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
        this.pastShown = seq;
        this.dataset.cursor = String(seq);
      }
      if (ahead !== undefined && ahead >= 0 && ahead < this.head) await this.pastAt(ahead);
    } catch (error) {
      this.fail(error);
    } finally {
      this.fetching = false;
    }
    // The cursor may have moved while the look-ahead was fetched.
    if (this.cursor !== undefined && this.cursor !== this.pastShown) void this.showPast();
  }

  private async pastAt(seq: number): Promise<Past> {
    const known = this.past.get(seq);
    if (known) return known;
    const [at, strengths] = await Promise.all([api.stateAt(this.game, seq, this.you), api.strengths(this.game, seq)]);
    const past = { view: at.view , strengths };
    if (this.past.size >= PAST_KEPT) this.past.delete(this.past.keys().next().value!);
    this.past.set(seq, past);
    return past;
  }

  /** The seq of the next (dir 1) or previous (dir −1) change of `unit` from the cursor. */
  private stepSeq(unit: 'event' | 'phase' | 'turn' | 'round', dir: 1 | -1): number {
    const at = this.cursor ?? this.head;
    if (unit === 'event') return at + dir;
    const key = (m: Mark) => (unit === 'round' ? `${m.round}` : unit === 'turn' ? `${m.turn}` : `${m.turn}:${m.phase}`);
    const marks = this.marks;
    let here = -1;
    marks.forEach((m, i) => {
      if (m.seq <= at) here = i;
    });
    if (here < 0) return dir > 0 ? (marks[0]?.seq ?? at) : 0;
    const k = key(marks[here]);
    if (dir > 0) {
      const next = marks.findIndex((m, i) => i > here && key(m) !== k);
      return next < 0 ? this.head : marks[next].seq;
    }
    // Back: to the start of this unit, or of the previous one when already at its start.
    let start = here;
    while (start > 0 && key(marks[start - 1]) === k) start -= 1;
    if (marks[start].seq < at) return marks[start].seq;
    if (start === 0) return 0;
    const pk = key(marks[start - 1]);
    let prev = start - 1;
    while (prev > 0 && key(marks[prev - 1]) === pk) prev -= 1;
    return marks[prev].seq;
  }

  /** The latest point at or before `seq` where a game may branch: just before a command. */
  private branchPoint(seq: number): number | undefined {
    let best: number | undefined;
    for (const row of this.log) {
      const s = Number(row.seq);
      if (row.kind === 'Command' && s - 1 <= seq) best = s - 1;
    }
    return best;
  }

  private async playOn(): Promise<void> {
    const seq = this.branchPoint(this.cursor ?? this.head);
    if (seq === undefined) {
      this.message = { text: 'There is no decision before this point to play on from.', kind: 'error' };
      return;
    }
    this.busy = true;
    try {
      const status = await api.branch(this.game, seq);
      this.message = { text: `Playing on from seq ${seq} in a new game (game ${status.game}); game ${this.game} is kept as it was.`, kind: 'info' };
      this.emit('open-game', { game: Number(status.game) });
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  // --- Rendering ----------------------------------------------------------------------------

  private chip(faction: number | null | undefined, letters: string[]) {
    if (faction === null || faction === undefined) return html`<span class="chip neutral">–</span>`;
    const c = factionColour(faction, this.shown?.factions[faction]?.colour);
    return html`<span class="chip" style="background:${c.fill};color:${c.text}">${letters[faction] ?? '?'}</span>`;
  }

  private factionName(faction: number | null | undefined): string {
    if (faction === null || faction === undefined) return 'no one';
    return this.shown?.factions[faction]?.name ?? `Seat ${faction + 1}`;
  }

  private renderStatusLine(view: View) {
    const c = view.clock;
    if (view.outcome || c.phase === 'game_over') return `Round ${c.round} · Game over`;
    const phase = c.phase.replace(/_/g, ' ');
    const step = c.phase === 'end_of_turn' ? ` · Step ${c.step}` : '';
    return `Round ${c.round} · ${this.factionName(c.active)}'s turn · ${phase[0]?.toUpperCase()}${phase.slice(1)} phase${step}`;
  }

  private renderPlay(view: View, letters: string[]) {
    const status = this.status!;
    const outcome = outcomeText(view);
    const prompt = promptText(status.prompt as RulesPrompt | null, (f) => this.factionName(f), this.you);
    // Why undo is closed, in the service's own words (what `undo` would answer).
    const undoReason = status.undo === null ? `Undo is not available: ${status.undo_refused ?? 'nothing of yours to undo'}.` : '';
    return html`<section class="panel" data-panel="turn">
        <h2 class="clock" data-field="clock">${this.renderStatusLine(view)}</h2>
        ${outcome
          ? html`<p class="outcome" data-field="outcome" role="status">${outcome}</p>
              <p class="after">The game is over. Drag the timeline to look back at any moment of it,${this.you !== null ? html` see <button class="small primary" data-action="show-end" @click=${() => this.emit('show-end', { game: this.game })}>the result and your score</button>,` : nothing} or
                <button class="small" data-action="new-game" @click=${() => this.emit('menu')}>start a new game</button></p>`
          : this.traveling
            ? html`<p class="travel-note">You are looking at the past (seq ${this.cursor} of ${this.head}). Go back to now to play.</p>`
            : html`<p data-field="prompt">${prompt}</p>`}
        <div class="bots" data-field="bots" ?hidden=${!!view.outcome}>
          <button class="small" data-action="pause" @click=${this.togglePause} aria-pressed=${this.paused ? 'true' : 'false'}>
            ${this.paused ? '▶ Resume bots' : '❚❚ Pause bots'}
          </button>
          <label>Speed
            <select data-field="speed" @change=${(e: Event) => this.setSpeed((e.target as HTMLSelectElement).value)}>
              ${SPEEDS.map((s) => html`<option value=${s.id} ?selected=${s.id === this.speed}>${s.label}</option>`)}
            </select>
          </label>
          ${this.running ? html`<span class="progress" role="status">Bots playing… ${this.botCount} moves</span>` : nothing}
        </div>
        ${this.running && this.log.length
          ? html`<p class="latest" data-field="latest">${this.log[this.log.length - 1].description}</p>`
          : nothing}
        <div class="undo" ?hidden=${this.you === null}>
          <button class="small" data-action="undo" ?disabled=${!status.undo || this.busy || this.traveling} @click=${this.undo}
            title=${status.undo ? `Undo: ${status.undo.description}` : undoReason}>↶ Undo</button>
          <span class="undo-note" data-field="undo">${this.traveling && status.undo ? 'Go back to now to undo.' : status.undo ? `Undo would cancel: ${status.undo.description}` : undoReason}</span>
        </div>
      </section>
      ${this.renderOffer(view)} ${this.renderBattle(view, letters)} ${this.renderActions()}`;
  }

  /** The offer waiting for an answer: what it proposes, so it can be weighed before answering. */
  private renderOffer(view: View) {
    const text = offerText(this.content, view);
    if (!text) return nothing;
    return html`<section class="panel offer" data-panel="offer"><h2>An offer</h2><p data-field="offer">${text}</p></section>`;
  }

  private renderBattle(view: View, letters: string[]) {
    const battle = battleFromView(this.content, view, this.strengths);
    if (!battle) return nothing;
    const side = (title: string, s: typeof battle.attack) => html`<div class="side-box" data-side=${title.toLowerCase()}>
      <h3>${this.chip(s.faction, letters)}${title}: ${s.faction === null || s.faction === undefined ? (s.garrison ? `the garrison of ${battle.where}` : 'no one') : this.factionName(s.faction)}</h3>
      <p class="strength">${s.strength} troops</p>
      <ul>
        ${s.nobles.map((n) => html`<li>${nobleName(this.content, n)} (${this.strengths[n]?.total ?? '?'})</li>`)}
        ${s.garrison ? html`<li>The garrison (${s.garrison})</li>` : nothing}
        ${!s.nobles.length && !s.garrison ? html`<li class="muted">${title === 'Attack' ? 'No Noble committed yet' : 'No one'}</li>` : nothing}
      </ul>
    </div>`;
    return html`<section class="panel battle" data-panel="battle">
      <h2>${view.pending?.kind === 'attack' && view.pending.target.kind === 'location' ? 'Siege' : 'Battle'} at ${battle.where}</h2>
      <div class="sides">${side('Attack', battle.attack)} ${side('Defence', battle.defence)}</div>
      <p data-field="odds">Odds: ${battle.odds ? html`<strong>${battle.odds}</strong> for the ${battle.larger === 'attack' ? 'attacker' : 'defender'}` : battle.larger === 'equal' ? 'even' : 'below the table'}.
        The Event card drawn decides: the larger side wins if it reaches the card's odds.</p>
      ${battle.tooWeakToBesiege
        ? html`<p class="warn" data-field="too-weak">Too weak to besiege: a siege can be launched only with at least as many troops as the defence. Commit more Nobles or call it off.</p>`
        : nothing}
      <p data-field="killed">Could be named KILLED: ${battle.couldBeKilled.length ? battle.couldBeKilled.map((n) => nobleName(this.content, n)).join(', ') : 'none of those taking part'}.</p>
    </section>`;
  }

  private renderActions() {
    if (!this.yourTurn || this.traveling) {
      if (this.you === null) return html`<section class="panel" data-panel="actions"><h2>Watching</h2><p>${this.status?.watched ? 'This is a shared game, kept here to watch: it is not counted as yours.' : 'Only bots play this game.'}</p></section>`;
      return nothing;
    }
    const groups = groupCommands(this.legal);
    return html`<section class="panel actions" data-panel="actions" aria-label="Your decisions">
      <h2>Your decision</h2>
      ${groups.length === 0 ? html`<p>Loading your choices…</p>` : nothing}
      ${groups.map((g) => {
        const subs = subGroups(g);
        const split = g.commands.length > 6 && subs.length > 1;
        return html`<div class="group" data-group=${g.title}>
          <h3>${g.title} <span class="count">${g.commands.length}</span></h3>
          ${split
            ? subs.map(
                (sub) => html`<details class="sub">
                  <summary>${sub.actor ? actorName(this.content, sub.actor) : 'Other'} <span class="count">${sub.commands.length}</span></summary>
                  <ul>${sub.commands.map(({ index, legal }) => this.commandButton(index, legal))}</ul>
                </details>`,
              )
            : html`<ul>${g.commands.map(({ index, legal }) => this.commandButton(index, legal))}</ul>`}
        </div>`;
      })}
    </section>`;
  }

  /** Where the decision under way is, for the map when no command is hovered. */
  private pendingFocus(view: View): MapFocus | undefined {
    const p = view.pending;
    if (p?.kind === 'attack') {
      return p.target.kind === 'location' ? { locations: [p.target.location], areas: [] } : { locations: [], areas: [p.area] };
    }
    if (p?.kind === 'parliament') return { locations: [], areas: [p.area] };
    // An offer about a place: the place handed over, or the one a Noble asks to pass through.
    if (p?.kind === 'offer' && p.terms.kind === 'hand_over') return { locations: [p.terms.location], areas: [] };
    if (p?.kind === 'offer' && p.terms.kind === 'passage') return { locations: [p.terms.through], areas: [p.terms.to] };
    return undefined;
  }

  private commandButton(index: number, legal: LegalCommand) {
    const focus = () => (this.mapFocus = commandFocus(this.live!, legal.command));
    return html`<li>
      <button class="command" data-command=${(legal.command).type} data-index=${index}
        ?disabled=${this.busy}
        @click=${() => this.tap(legal)}
        @mouseenter=${focus}
        @mouseleave=${() => (this.mapFocus = undefined)}
        @focus=${focus}
        @blur=${() => (this.mapFocus = undefined)}>
        ${legal.description}
        ${legal.undoable ? nothing : html`<span class="no-undo" title="Once given, this cannot be undone">⚠ cannot be undone</span>`}
      </button>
    </li>`;
  }

  /**
   * A command clicked or tapped. On a desktop the map already marked its place on hover, so it
   * is given at once; on a phone a command with a place first shows that place above a short
   * confirm bar (the sheet would cover it), and one without a place is given at once.
   */
  private async tap(legal: LegalCommand): Promise<void> {
    const focus = commandFocus(this.live!, legal.command);
    if (!phoneLayout() || !hasPlace(focus)) {
      void this.choose(legal);
      return;
    }
    this.preview = legal;
    this.mapFocus = focus;
    await this.updateComplete;
    const map = this.renderRoot.querySelector<WarwickMap>('warwick-map');
    const sheet = this.renderRoot.querySelector<HTMLElement>('.side');
    if (!map || !sheet) return;
    map.closeDetails();
    map.reveal(focus, sheet.getBoundingClientRect().top - map.getBoundingClientRect().top);
  }

  private renderPreview() {
    const legal = this.preview;
    if (!legal) return nothing;
    return html`<div class="preview" data-field="preview" role="group" aria-label="Confirm your decision">
      <p><span class="muted">On the map:</span> <strong>${legal.description}</strong>
        ${legal.undoable ? nothing : html`<span class="no-undo">⚠ cannot be undone</span>`}</p>
      <div class="preview-actions">
        <button class="small" data-action="preview-back" @click=${() => (this.preview = undefined)}>‹ Back to the list</button>
        <button class="small primary" data-action="preview-do" ?disabled=${this.busy} @click=${() => this.choose(legal)}>Do it</button>
      </div>
    </div>`;
  }

  private renderFactions(view: View, letters: string[]) {
    const players = view.factions.length;
    return html`<section class="panel" data-panel="factions">
      <h2>Factions</h2>
      ${view.factions.map((f, i) => {
        const nobles = Object.entries(view.nobles).filter(([, n]) => n.faction === i);
        const troops = factionTroops(view, i, this.strengths);
        const seat = this.status?.seats[i];
        const who = i === this.you ? 'you' : seat?.kind === 'bot' ? `bot, ${seat.tier}` : 'person';
        const royals = Object.entries(view.royals).filter(([, r]) => r.place.kind === 'with' && view.nobles[r.place.noble]?.faction === i);
        return html`<details class="faction" data-faction=${i} ?open=${i === this.you || players <= 3}>
          <summary>${this.chip(i, letters)}<strong>${f.name}</strong> <span class="muted">(${who})</span>
            <span class="stats">★${f.prestige} · ${troops.total} troops${troops.total !== troops.base ? ` (${troops.base} + ${troops.total - troops.base} regional)` : ''}</span></summary>
          <p class="muted">Hand: ${f.hand_size} card${f.hand_size === 1 ? '' : 's'} · Free Moves: ${f.free_moves.length}${f.chancellor_cards.length ? ` · Chancellor cards: ${f.chancellor_cards.length}` : ''}</p>
          ${royals.length ? html`<p>Holds: ${royals.map(([id, r]) => `${r.crowned ? '♛ ' : ''}${royalName(this.content, id)}`).join(', ')}</p>` : nothing}
          <ul class="nobles">
            ${nobles.map(([id, n]) => {
              const s = this.strengths[id];
              return html`<li data-noble=${id}><strong>${nobleName(this.content, id)}</strong>
                <span class="muted">${placeText(this.content, view, n.place)} · ${s ? (s.total !== s.base ? `${s.total} troops (${s.base} + ${s.total - s.base} regional)` : `${s.total} troops`) : ''}</span>
                ${n.awards.length ? html`<br /><span class="awards">${n.awards.map((c) => cardName(this.content, c)).join(' · ')}</span>` : nothing}
              </li>`;
            })}
            ${nobles.length ? nothing : html`<li class="muted">No Nobles in play.</li>`}
          </ul>
        </details>`;
      })}
    </section>`;
  }

  private renderCards(view: View) {
    const you = this.you;
    const hand = you !== null ? (view.factions[you]?.hand ?? []) : [];
    const rows = this.traveling ? this.log.filter((r) => Number(r.seq) <= (this.cursor ?? 0)) : this.log;
    let drawnAt = -1;
    for (let i = rows.length - 1; i >= 0; i -= 1) {
      if (rows[i].kind === 'EventCardDrawn') {
        drawnAt = i;
        break;
      }
    }
    const drawn: RowText | undefined = rows[drawnAt];
    const effects: RowText[] = [];
    for (const row of drawnAt >= 0 ? rows.slice(drawnAt + 1) : []) {
      if (row.kind === 'ClockAdvanced' || row.kind === 'TurnBegan' || row.kind === 'EventCardDrawn') break;
      if (row.kind === 'Command' || row.kind.startsWith('Decision')) continue;
      effects.push(row);
    }
    // The card drawn: the longest Event card name its description mentions.
    const event = drawn
      ? this.content.event_cards
          .filter((e) => drawn.description.includes(e.name))
          .sort((a, b) => b.name.length - a.name.length)[0]
      : undefined;
    return html`<section class="panel" data-panel="hand">
        <h2>Your hand ${you !== null ? html`<span class="count">${hand.length}</span>` : nothing}</h2>
        ${you === null
          ? html`<p class="muted">You are watching: hands stay hidden.</p>`
          : hand.length
            ? html`<ul class="cards">${hand.map((c) => this.cardItem(c))}</ul>`
            : html`<p class="muted">No Crown cards in hand.</p>`}
      </section>
      <section class="panel" data-panel="chancery">
        <h2>Chancery <span class="count">${view.chancery.length}</span></h2>
        ${view.chancery.length ? html`<ul class="cards">${view.chancery.map((c) => this.cardItem(c))}</ul>` : html`<p class="muted">Empty.</p>`}
        <p class="muted">Crown deck: ${view.crown_deck_size} cards · discard: ${view.crown_discard.length}</p>
      </section>
      <section class="panel" data-panel="event">
        <h2>Event card</h2>
        ${event
          ? html`<p data-field="event"><strong>${event.name}</strong> <span class="muted">(${event.type.replace(/_/g, ' ')}${event.combat ? `; combat: ${event.combat.result.replace('_', ' ')}` : ''})</span></p>`
          : html`<p class="muted">No Event card drawn yet.</p>`}
        ${drawn ? html`<p>${drawn.description}.</p>` : nothing}
        ${effects.length
          ? html`<p class="muted">What it did:</p><ul class="effects">${effects.slice(0, 12).map((r) => html`<li>${r.description}</li>`)}</ul>`
          : drawn
            ? html`<p class="muted">Nothing has come of it yet.</p>`
            : nothing}
        <p class="muted">Event deck: ${view.event_deck_size} cards</p>
      </section>`;
  }

  private cardItem(id: string) {
    const card = this.content.crown_cards.find((c) => c.id === id);
    if (!card) return html`<li>${cardName(this.content, id)}</li>`;
    const zone = card.bonus && (this.content.zones.find((z) => z.id === card.bonus!.zone)?.name ?? card.bonus.zone.replace(/_/g, ' '));
    const bonus = card.bonus ? ` (+${card.bonus.troops} in ${zone})` : '';
    return html`<li data-card=${id}><strong>${card.name}</strong> <span class="muted">${card.type}${card.troops ? ` · ${card.troops} troops${bonus}` : bonus}</span></li>`;
  }

  private renderPrestige(view: View, letters: string[]) {
    const players = view.factions.length;
    const target = prestigeTarget(this.content, players);
    const max = Math.max(target ?? 0, ...view.factions.map((f) => f.prestige), 10);
    const claim = view.prestige_claim;
    return html`<section class="panel" data-panel="prestige">
      <h2>Prestige</h2>
      <ol class="track">
        ${[...view.factions.keys()]
          .sort((a, b) => view.factions[b].prestige - view.factions[a].prestige)
          .map(
            (i) => html`<li>${this.chip(i, letters)}<span class="bar-name">${view.factions[i].name}</span>
              <span class="meter"><span style="width:${(100 * view.factions[i].prestige) / max}%;background:${factionColour(i, view.factions[i].colour).fill}"></span>
              ${target ? html`<i class="target" style="left:${(100 * target) / max}%"></i>` : nothing}</span>
              <b>${view.factions[i].prestige}</b></li>`,
          )}
      </ol>
      <p data-field="tile">Prestige Victory tile: ${view.tile_revealed ? 'revealed' : 'face down'}${target ? ` · target ${target} for a faction alone` : ''}.
        ${claim
          ? html`<strong>Claimed</strong> by ${claim.factions.map((f) => this.factionName(f)).join(' and ')} in round ${claim.round} (target ${claim.target}).`
          : 'No one has claimed it.'}</p>
      ${view.alliances.length ? html`<p>Alliances: ${view.alliances.map((a) => a.map((f) => this.factionName(f)).join(' + ')).join('; ')}</p>` : nothing}
      ${view.kings_peace ? html`<p>King's Peace in ${placeName(this.content, view.kings_peace.area)}.</p>` : nothing}
    </section>`;
  }

  private renderLog() {
    // Newest first, so the latest events are in view without scrolling.
    const rows = this.log.filter((r) => !this.traveling || Number(r.seq) <= (this.cursor ?? 0)).slice(-250).reverse();
    return html`<section class="panel log" data-panel="log">
      <h2>Log <span class="muted">(newest first; tap a number to see the game then)</span></h2>
      <ol class="log-rows">
        ${rows.map(
          (r) => html`<li class=${r.kind === 'Command' ? 'cmd' : r.kind === 'Undone' ? 'undone' : r.kind.startsWith('Decision') ? 'quiet' : ''} data-seq=${r.seq}>
            <button class="seq" title="Show the game as it was here" @click=${() => this.travel(Number(r.seq))}>${r.seq}</button>
            ${r.kind === 'Command' ? html`<b>${this.factionName(r.by)}:</b> ` : nothing}${r.description}</li>`,
        )}
      </ol>
    </section>`;
  }

  private renderTimeline() {
    const head = this.head;
    const at = this.cursor ?? head;
    const step = (unit: 'event' | 'phase' | 'turn' | 'round', dir: 1 | -1, label: string, title: string) =>
      html`<button class="small" data-step=${`${unit}${dir > 0 ? '+' : '-'}`} title=${title} @click=${() => this.travel(this.stepSeq(unit, dir))}>${label}</button>`;
    return html`<div class="timeline" data-field="timeline">
      <div class="steps">
        ${step('round', -1, '«R', 'Back a round')} ${step('turn', -1, '‹T', 'Back a turn')} ${step('phase', -1, '‹P', 'Back a phase')}
        ${step('event', -1, '‹', 'Back an event')}
      </div>
      <input type="range" min="0" max=${head} .value=${String(at)} aria-label="Timeline: drag to see the game as it was"
        @input=${(e: Event) => this.travel(Number((e.target as HTMLInputElement).value))} />
      <div class="steps">
        ${step('event', 1, '›', 'Forward an event')} ${step('phase', 1, 'P›', 'Forward a phase')}
        ${step('turn', 1, 'T›', 'Forward a turn')} ${step('round', 1, 'R»', 'Forward a round')}
      </div>
      <span class="where" data-field="cursor">${this.traveling ? `seq ${at} / ${head}` : `now · seq ${head}`}</span>
      ${this.traveling
        ? html`<button class="small primary" data-action="now" @click=${() => this.travel(undefined)}>Back to now</button>
            <button class="small" data-action="branch" ?disabled=${this.busy} @click=${this.playOn}
              title="Start a new game that continues from this point (this game is kept)">Play on from here</button>`
        : nothing}
    </div>`;
  }

  render() {
    const view = this.shown;
    if (!this.status || !view) {
      return html`<div class="loading">${this.message ? html`<p class="error" role="alert">${this.message.text}</p>` : html`<p>Loading the game…</p>`}</div>`;
    }
    const board: Board = boardFromView(this.content, view, this.you);
    const letters = factionLetters(board.factions);
    const current = this.tab;
    const panels: Record<string, unknown> = {
      play: this.renderPlay(view, letters),
      factions: this.renderFactions(view, letters),
      cards: this.renderCards(view),
      prestige: this.renderPrestige(view, letters),
      log: this.renderLog(),
    };
    return html`<div class="game ${this.traveling ? 'past' : ''}">
      <header class="bar">
        <span class="name">Warwick</span>
        <span class="status" data-field="status">${this.you !== null ? html`${this.chip(this.you, letters)}` : html`<span class="watch">Watching</span>`}${this.renderStatusLine(view)}</span>
        ${this.status.daily ? html`<span class="daily-tag ${this.status.daily.scored ? '' : 'practice'}" data-field="daily-tag" title=${dailyTagWords(this.status.daily) ?? ''}>${this.status.daily.scored ? 'Daily' : 'Practice'}</span>` : nothing}
        <button @click=${() => this.emit('menu')}>Menu</button>
      </header>
      ${this.message
        ? html`<p class="message ${this.message.kind}" role=${this.message.kind === 'error' ? 'alert' : 'status'} data-field="message">
            ${this.message.text}<button class="close" aria-label="Dismiss" @click=${() => (this.message = undefined)}>×</button></p>`
        : nothing}
      <warwick-map .content=${this.content} .board=${board} .highlight=${this.preview ? commandFocus(this.live!, this.preview.command) : hasPlace(this.mapFocus) ? this.mapFocus : this.pendingFocus(view)}></warwick-map>
      ${this.renderTimeline()}
      <aside class="side ${current ? 'open' : ''} ${this.preview ? 'peek' : ''}" aria-label="Game panels">
        ${this.renderPreview()}
        <button class="sheet-close" @click=${() => (this.tab = undefined)}>Close ✕</button>
        ${TABS.map((t) => html`<div class="tabpanel ${t.id === current ? 'current' : ''}" data-tabpanel=${t.id}>${panels[t.id]}</div>`)}
      </aside>
      <nav class="tabs" role="tablist" aria-label="Panels">
        ${TABS.map(
          (t) => html`<button role="tab" data-tab=${t.id} aria-selected=${t.id === current ? 'true' : 'false'}
            @click=${() => this.openTab(t.id === current ? undefined : t.id)}>
            <span class="icon" aria-hidden="true">${t.icon}</span>${t.short}${t.id === 'play' && this.yourTurn ? html`<span class="dot" aria-label="your decision"></span>` : nothing}
          </button>`,
        )}
      </nav>
    </div>`;
  }

  private emit(name: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  private openTab(tab: string | undefined): void {
    this.tab = tab;
    this.preview = undefined;
    if (tab) this.renderRoot.querySelector<WarwickMap>('warwick-map')?.closeDetails();
  }
}

customElements.define('warwick-game', WarwickGame);
