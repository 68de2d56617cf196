// The game's controller: owns a game's state as the service gives it (status, the live view,
// the view shown, strengths, the rules' battle odds, your legal commands, the log and its
// marks), the bot loop (stepped at a chosen speed, pausable, skippable, passing your empty card
// windows by a setting), your commands, Undo, "End turn" (the flow through the steps that
// require nothing, asking only where a choice is owed) and the timeline (the game at any past
// seq, fetched one at a time and kept). It computes no rule: every answer comes from the service
// (`GameApi`). It draws nothing and touches no DOM: the game screen (./game-screen.ts) is its
// host, told of every change (`ControllerHost`) and asked the questions a person answers.
// Tested in controller.test.ts with a scripted service.

import type { api as realApi } from '../api';
import type { BattlePreview } from '../bindings/BattlePreview';
import type { GameStatus } from '../bindings/GameStatus';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { NobleStrength } from '../bindings/NobleStrength';
import type { RowText } from '../bindings/RowText';
import type { View } from '../bindings/View';
import { SPEEDS } from './prompt';
import { moveMs, pauseAfter, worthWatching } from './pace';

export { moveMs, worthWatching };
import { buildDigest, digestStart, type Digest } from './digest';
import { branchPoint, marksOf, rowsOf, stepSeq, type Mark, type StepUnit } from './timeline';
import { canFlowOn, freeMovesUseful, nothingToPlay, requiredOf, yourPrompt } from './turn';

/** The service calls the controller makes (../api.ts; a script of them in the tests). */
export type GameApi = Pick<
  typeof realApi,
  'status' | 'stateAt' | 'strengths' | 'legal' | 'battlePreview' | 'timeline' | 'botStep' | 'advance' | 'act' | 'undo' | 'branch' | 'resign'
>;

/** The game at a past seq: the view, the Nobles' strengths and the rules' odds of an attack under way. */
export interface Past {
  view: View;
  strengths: Record<string, NobleStrength>;
  battle: BattlePreview | null;
}

/** What the controller asks of the screen that shows it. */
export interface ControllerHost {
  /** Something changed: draw again. */
  changed(): void;
  /** A failure, in the player's words. */
  fail(error: unknown): void;
  /** A message for the player. */
  say(text: string, kind: 'info' | 'error'): void;
  /** The live view moved on from `before` to `after`; `fresh` are the rows since the last time. */
  liveChanged(before: View, after: View, fresh: RowText[]): void;
  /** The live view was fetched again (your prompt, your proposal's answer). */
  refreshed(): void;
  /** The bots gave these commands. */
  botsActed(commands: RowText[]): void;
  /** Whether your card windows with nothing to play pass by themselves. */
  autoPass(): boolean;
  /** Whether to ask before ending Movement with a Free Move that could still be used. */
  askFreeMoves(): boolean;
  /** Asks whether to end the turn with `free` Free Moves unspent; true to go on. */
  confirmFreeMoves(free: number): Promise<boolean>;
  /** Shows the hand and asks which card to discard (one of `options`); null when put off. */
  chooseDiscard(options: LegalCommand[]): Promise<LegalCommand | null>;
}

/** How many past seqs are kept in memory (about 10 KB each). */
const PAST_KEPT = 400;
/** At the fastest bot speed, the longest the board goes without showing the bots' batches. */
const BATCH_SHOWN_MS = 300;
/** The most steps End turn goes through at once. */
const FLOW_STEPS = 16;

/** Milliseconds between bot commands at a speed. */
export function speedMs(id: string): number {
  return SPEEDS.find((s) => s.id === id)?.ms ?? 450;
}

export class GameController {
  game = 0;
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
  busy = false;
  /** Bot calls (or commands, when batched) since the game was opened. */
  botCount = 0;
  /** How many times the bots have acted (a round of theirs, or a window they answered) since the game was opened: your decision after one is a new one. */
  botRounds = 0;
  /** Where the bots' time went since the game was opened, in ms: their steps (the service's calls, thinking included), fetching the board after them, and the pauses to follow them. */
  botTime = { steps: 0, step: 0, board: 0, pause: 0 };
  skipping = false;
  /** Undo paused the bots: a banner says so until they are resumed. */
  undoPaused = false;
  /** Why "End turn" stopped. */
  flowNote?: string;
  /** End turn is under way (it goes on when a window of your turn comes back to you). */
  endingTurn = false;
  /** End turn is going through the steps now (a second press waits for it). */
  flowing = false;
  /** End turn waits for your answer to an offer, then goes on. */
  private offerStop = false;
  /** The screen is gone: the loop stops. */
  disposed = false;

  private marks: Mark[] = [];
  private past = new Map<number, Past>();
  private pastShown?: number;
  private fetching = false;
  private liveStrengths: Record<string, NobleStrength> = {};
  private liveBattle: BattlePreview | null = null;
  /** The head the live view was last fetched at. */
  private liveHead?: number;
  /** Rows added since the view was last compared (did an Event move the pieces?). */
  private fresh: RowText[] = [];

  constructor(
    private readonly api: GameApi,
    private readonly host: ControllerHost,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

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

  /** What the bots did since your last turn. */
  get digest(): Digest | undefined {
    if (this.you === null) return undefined;
    const from = digestStart(this.marks, this.you);
    return buildDigest(this.log.filter((r) => Number(r.seq) > from), this.you);
  }

  /** The timeline's marks (round, turn, phase of every row). */
  get timelineMarks(): readonly Mark[] {
    return this.marks;
  }

  private changed(): void {
    this.host.changed();
  }

  // --- Loading --------------------------------------------------------------------------------

  /** Opens a game (at `startSeq` on the timeline, when given) and lets the bots on. */
  async load(game: number, startSeq?: number): Promise<void> {
    this.game = game;
    this.cursor = undefined;
    this.past.clear();
    this.pastShown = undefined;
    this.log = [];
    this.botCount = 0;
    this.liveHead = undefined;
    this.live = undefined;
    this.shown = undefined;
    this.flowNote = undefined;
    this.endingTurn = false;
    this.status = await this.api.status(game);
    await Promise.all([this.refreshTimeline(), this.refreshLive()]);
    if (startSeq !== undefined) this.travel(startSeq);
    this.changed();
    void this.runBots();
  }

  private async refreshLive(): Promise<void> {
    const status = this.status!;
    const before = this.live;
    const you = this.you;
    const [at, strengths, legal] = await Promise.all([
      this.api.stateAt(this.game, status.head, you),
      this.api.strengths(this.game, status.head),
      // Your commands while others decide too: what you may do at any time.
      you !== null && !status.outcome ? this.api.legal(this.game, you) : null,
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
    const fresh = this.fresh;
    this.fresh = [];
    if (before && before !== this.live) this.host.liveChanged(before, this.live, fresh);
    this.host.refreshed();
    this.changed();
  }

  /** The rules' odds of the attack under way in `view` (at `seq`), if one is. */
  private async battleAt(view: View, seq: number): Promise<BattlePreview | null> {
    return view.pending?.kind === 'attack' ? this.api.battlePreview(this.game, this.you, seq) : null;
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
        out.set(key, await this.api.battlePreview(this.game, you, undefined, { area: c.area, target: c.target }));
      }),
    );
    return out;
  }

  private async refreshTimeline(): Promise<void> {
    const timeline = await this.api.timeline(this.game);
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

  // --- The bots -------------------------------------------------------------------------------

  /** Lets the bots act, one command at a time, while one is awaited and play is not paused; passes your empty card windows. */
  async runBots(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.changed();
    let shownAt = performance.now();
    let stepped = false;
    try {
      for (;;) {
        while (!this.disposed && !this.paused && !this.holding && this.botsToMove && !this.traveling) {
          const ms = this.skipping ? 0 : speedMs(this.speed);
          // At the fastest speed (and when skipping) the service gives the bots a bounded batch
          // of commands per call, passing your empty card windows on the way when that setting
          // is on, and the screen updates once per batch; slower speeds step and animate one
          // command at a time. The digest reads the rows either way.
          const t0 = performance.now();
          const done = ms > 0 ? await this.api.botStep(this.game, this.head) : await this.api.advance(this.game, this.head, this.host.autoPass());
          const t1 = performance.now();
          this.botTime.steps += 1;
          stepped = true;
          this.botTime.step += t1 - t0;
          this.status = done.status;
          this.addRows(done.rows);
          const commands = done.rows.filter((r) => r.kind === 'Command');
          this.botCount += ms > 0 ? 1 : commands.length;
          if (commands.length) this.host.botsActed(commands);
          // Batches follow each other without redrawing until the bots are done, or a long bot
          // turn has gone BATCH_SHOWN_MS without the board being shown.
          // Stepped, the board is fetched after a step that shows on the map; a step that
          // shows nothing goes by without it, up to BATCH_SHOWN_MS, the log telling it.
          if ((ms > 0 && worthWatching(done.rows)) || !this.botsToMove || performance.now() - shownAt >= BATCH_SHOWN_MS) {
            await this.refreshLive();
            shownAt = performance.now();
          }
          const t2 = performance.now();
          this.botTime.board += t2 - t1;
          // What shows on the map waits out a pause by how much it matters (./pace.ts), counted
          // from the step's answer: fetching the board is part of it (the next step and its board
          // take longer than that, so a move's animation is never cut short).
          const pause = this.botsToMove ? pauseAfter(done.rows, ms) - (t2 - t1) : 0;
          if (pause > 0) await this.wait(pause);
          this.botTime.pause += performance.now() - t2;
        }
        if (this.liveHead !== this.head) await this.refreshLive();
        // A card window where you hold nothing to play passes by itself (a setting).
        const pass = this.legal.find((l) => l.command.type === 'Pass');
        if (!this.disposed && !this.paused && !this.traveling && this.host.autoPass() && this.yourTurn && pass && nothingToPlay(this.live!.pending, this.legal, this.live!.clock.active !== this.you)) {
          // The loop shows the board once the bots are done: no redraw for the pass alone.
          if (!(await this.act(pass, false, false))) break;
          continue;
        }
        break;
      }
    } catch (error) {
      this.host.fail(error);
    } finally {
      this.running = false;
      this.skipping = false;
      if (stepped) this.botRounds += 1;
      // The round is over: the screen may now put the focus on your decision.
      this.host.refreshed();
      this.changed();
    }
    // End turn, interrupted by others answering a window of your turn, goes on.
    if (this.endingTurn && !this.offerStop && this.yourTurn && this.live?.clock.active === this.you && !this.paused && !this.disposed) void this.endTurn(true);
    else if (this.live?.clock.active !== this.you) this.endingTurn = false;
  }

  togglePause(): void {
    this.paused = !this.paused;
    this.undoPaused = false;
    this.changed();
    if (!this.paused) void this.runBots();
  }

  /** Runs the bots at once, without pauses or animation, up to your next decision. */
  skipToYou(): void {
    this.skipping = true;
    this.paused = false;
    this.undoPaused = false;
    this.changed();
    void this.runBots();
  }

  // --- Your commands --------------------------------------------------------------------------

  /** Gives a command of yours without letting the bots on (`refresh`: and fetches the board after it); false when it failed. */
  async act(legal: LegalCommand, advised = false, refresh = true): Promise<boolean> {
    const you = this.you;
    if (you === null) return false;
    this.busy = true;
    this.changed();
    try {
      const done = await this.api.act(this.game, you, legal.command, this.head, advised);
      this.status = done.status;
      this.addRows(done.rows);
      if (refresh) await this.refreshLive();
      else this.legal = []; // nothing to give from a stale list until the board is shown again
      return true;
    } catch (error) {
      this.host.fail(error);
      try {
        this.status = await this.api.status(this.game);
        await this.refreshLive();
      } catch {
        /* the message says what went wrong */
      }
      return false;
    } finally {
      this.busy = false;
      this.changed();
    }
  }

  /** Gives a command of yours, then lets the bots on. */
  async choose(legal: LegalCommand, advised = false): Promise<void> {
    if (this.busy || this.you === null) return;
    this.flowNote = undefined;
    // Answering an offer that stopped End turn lets it go on; anything else ends it.
    const answer = legal.command.type === 'AcceptOffer' || legal.command.type === 'RejectOffer';
    if (!answer) this.endingTurn = false;
    this.offerStop = false;
    // At the fastest bot speed the bots' batch follows at once: the board is shown once, after
    // it (runBots shows it even when no bot moves).
    const instant = speedMs(this.speed) === 0 && !this.running;
    // Given while the bots move (what you may do at any time): their step under way ends first.
    this.holding = true;
    try {
      while (this.running) await new Promise((r) => setTimeout(r, 20));
      await this.act(legal, advised, !instant);
    } finally {
      this.holding = false;
    }
    void this.runBots();
  }

  /** Takes back your last decision still in force; the bots stay paused until resumed. */
  async undo(): Promise<string | undefined> {
    if (this.busy) return undefined;
    this.busy = true;
    this.paused = true;
    this.endingTurn = false;
    this.flowNote = undefined;
    this.changed();
    try {
      while (this.running) await this.wait(30);
      const offer = this.status?.undo;
      this.status = await this.api.undo(this.game, this.head);
      await this.refreshTimeline();
      // The past kept ahead of the undone seq is another history now.
      this.past.clear();
      await this.refreshLive();
      this.undoPaused = this.botsToMove;
      if (!this.botsToMove) this.paused = false;
      return offer?.description ?? 'your last decision';
    } catch (error) {
      this.host.fail(error);
      return undefined;
    } finally {
      this.busy = false;
      this.changed();
      // Not paused (nothing for the bots to do, or Resume pressed while the undo ran): the
      // bots go on as after any command of yours.
      if (!this.paused) void this.runBots();
    }
  }

  /** Resigns the game: it ends as your loss, with its score. */
  async resign(): Promise<boolean> {
    if (this.busy || this.you === null || this.status?.outcome) return false;
    this.busy = true;
    this.paused = true;
    this.endingTurn = false;
    this.changed();
    try {
      while (this.running) await this.wait(30);
      this.status = await this.api.resign(this.game, this.head);
      await this.refreshTimeline();
      this.cursor = undefined;
      await this.refreshLive();
      return true;
    } catch (error) {
      this.host.fail(error);
      return false;
    } finally {
      this.busy = false;
      this.paused = false;
      this.changed();
    }
  }

  /**
   * "End turn": ends step after step while nothing in them is required; where a discard is
   * owed, asks which card (the hand shown in place) and goes on; stops, saying why, where
   * something else is. Asks once when a Free Move that could still be used would go unspent.
   */
  async endTurn(asked = false): Promise<void> {
    const you = this.you;
    if (you === null || !this.live || this.busy || this.flowing) return;
    this.flowing = true;
    this.changed();
    try {
      await this.flow(you, asked);
    } finally {
      this.flowing = false;
      this.changed();
    }
    void this.runBots();
  }

  private async flow(you: number, asked: boolean): Promise<void> {
    this.offerStop = false;
    if (!this.live) return;
    if (!asked && this.live.clock.phase === 'movement' && this.host.askFreeMoves()) {
      const free = this.live.factions[you]?.free_moves.length ?? 0;
      if (free > 0 && freeMovesUseful(this.legal) && !(await this.host.confirmFreeMoves(free))) return;
    }
    this.flowNote = undefined;
    // Kept on while others answer a window of your turn (a bot passing at politicking): when the
    // decision comes back to you in the same turn, End turn goes on by itself (see runBots).
    this.endingTurn = true;
    for (let i = 0; i < FLOW_STEPS; i += 1) {
      const now = this.live;
      if (!now || now.clock.active !== you || !this.yourTurn) break;
      const required = requiredOf(this.legal);
      if (required?.types.includes('DiscardCrownCard')) {
        const options = this.legal.filter((l) => l.command.type === 'DiscardCrownCard');
        const chosen = await this.host.chooseDiscard(options);
        if (!chosen) {
          this.flowNote = `Stopped: ${required.text}`;
          break;
        }
        if (!(await this.act(chosen))) break;
        continue;
      }
      if (required?.types.includes('AcceptOffer')) {
        // An offer put to you on the way: once you answer it, End turn goes on (see choose).
        this.flowNote = 'Stopped: answer the offer — End turn goes on after it.';
        this.offerStop = true;
        return;
      }
      if (required) {
        this.flowNote = `Stopped: ${required.text}`;
        break;
      }
      const flow = canFlowOn(now.clock, you, this.legal);
      const legal = flow && this.legal.find((l) => l.command.type === flow);
      if (!legal) {
        this.flowNote = `Stopped: ${yourPrompt(now.clock, now.pending, this.legal, you)}`;
        break;
      }
      if (!(await this.act(legal))) break;
    }
    // Still on only while others answer a window of this turn of yours.
    if (this.flowNote || this.live?.clock.active !== you || this.yourTurn) this.endingTurn = false;
  }

  // --- The timeline ---------------------------------------------------------------------------

  /** Shows the game at a seq on the timeline (undefined: now). */
  travel(seq: number | undefined): void {
    if (seq !== undefined) seq = Math.max(0, Math.min(this.head, Math.round(seq)));
    if (seq === undefined || seq === this.head) {
      this.cursor = undefined;
      this.pastShown = undefined;
      this.shown = this.live;
      this.strengths = this.liveStrengths;
      this.battle = this.liveBattle;
      this.changed();
      if (!this.paused) void this.runBots();
      return;
    }
    if (!this.paused && this.running) this.paused = true;
    this.cursor = seq;
    this.changed();
    void this.showPast();
  }

  /** Steps the timeline by a unit (an event, a phase, a turn, a round). */
  stepTo(unit: StepUnit, dir: 1 | -1): void {
    this.travel(stepSeq(this.marks, this.cursor ?? this.head, this.head, unit, dir));
  }

  /**
   * Shows the game at the cursor, one fetch at a time: while the slider is dragged each answer
   * shows at once and the next fetch asks for wherever the cursor is by then; once settled, the
   * next seq in the direction of travel is fetched ahead, so stepping is instant.
   */
  async showPast(): Promise<void> {
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
        this.changed();
      }
      if (ahead !== undefined && ahead >= 0 && ahead < this.head) await this.pastAt(ahead);
    } catch (error) {
      this.host.fail(error);
    } finally {
      this.fetching = false;
    }
    if (this.cursor !== undefined && this.cursor !== this.pastShown) void this.showPast();
  }

  /** The game at a seq (kept once fetched). */
  async pastAt(seq: number): Promise<Past> {
    const known = this.past.get(seq);
    if (known) return known;
    const [at, strengths] = await Promise.all([this.api.stateAt(this.game, seq, this.you), this.api.strengths(this.game, seq)]);
    const past = { view: at.view, strengths, battle: await this.battleAt(at.view, seq) };
    if (this.past.size >= PAST_KEPT) this.past.delete(this.past.keys().next().value!);
    this.past.set(seq, past);
    return past;
  }

  /** A new game going on from the latest decision at or before the seq shown; its id, or undefined. */
  async playOn(): Promise<number | undefined> {
    const seq = branchPoint(this.log, this.cursor ?? this.head);
    if (seq === undefined) {
      this.host.say('There is no decision before this point to play on from.', 'error');
      return undefined;
    }
    this.busy = true;
    this.changed();
    try {
      const status = await this.api.branch(this.game, seq);
      this.host.say(`Playing on from seq ${seq} in a new game (game ${status.game}); game ${this.game} is kept as it was.`, 'info');
      return Number(status.game);
    } catch (error) {
      this.host.fail(error);
      return undefined;
    } finally {
      this.busy = false;
      this.changed();
    }
  }
}
