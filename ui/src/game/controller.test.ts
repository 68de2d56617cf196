import { describe, expect, it, vi } from 'vitest';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { RowText } from '../bindings/RowText';
import { GameController, worthWatching, type ControllerHost, type GameApi } from './controller';

/** One step of the person's scripted turn: where the clock stands and what is legal there. */
interface Step {
  phase: string;
  step: number;
  legal: LegalCommand[];
  /** Bot commands answering this step (a window of your turn) before the next is yours. */
  answers?: number;
}

const cmd = (command: Record<string, unknown>, description = String(command.type)): LegalCommand =>
  ({ command, description, undoable: true }) as unknown as LegalCommand;
const END = cmd({ type: 'EndStep' });
const PASS = cmd({ type: 'Pass' });
const discard = (card: string) => cmd({ type: 'DiscardCrownCard', card }, `Discard ${card}`);
const move = (noble: string, free: boolean) => cmd({ type: 'MoveNoble', noble, kind: 'road', to: { area: 'x', inside: null }, free }, `Move ${noble}`);

const row = (seq: number, kind: string, by: number | null = null): RowText =>
  ({ seq, kind, by, description: kind, irreversible: false, clock: { round: 1, turn: 0, active: 0, phase: 'movement', step: 1 }, affected: [] }) as unknown as RowText;

/** A scripted service: the person (seat 0) goes through `turn`, then the bot (seat 1) gives `botCommands` commands. */
class Script {
  head = 10;
  at = 0;
  botLeft = 0;
  acted: string[] = [];
  botSteps = 0;
  stateAtCalls = 0;
  undone = 0;
  botRows: string[] = ['Command', 'NobleMoved'];
  /** The bots are answering a window of your turn. */
  answering = false;
  resigned = false;
  constructor(
    public turn: Step[],
    public botCommands = 2,
  ) {}

  get awaiting(): number[] {
    return this.botLeft > 0 ? [1] : [0];
  }

  status() {
    return {
      game: 1,
      head: this.head,
      seats: [{ kind: 'human' }, { kind: 'bot' }],
      awaiting: this.awaiting,
      outcome: this.resigned ? { kind: 'resigned', winners: [1] } : null,
      undo: this.acted.length ? { command_seq: this.head, by: 0, description: this.acted[this.acted.length - 1], rows: 1 } : null,
      undo_refused: null,
      watched: false,
      prompt: null,
    };
  }

  view(seq: number) {
    const s = this.turn[this.at];
    return {
      seq,
      clock: { round: 1, turn: 0, active: this.botLeft > 0 && !this.answering ? 1 : 0, phase: s.phase, step: s.step },
      pending: null,
      outcome: null,
      factions: [{ free_moves: ['FM'], hand: [] }, { free_moves: [], hand: [] }],
    };
  }

  api(): GameApi {
    const done = (rows: RowText[]) => ({ status: this.status(), rows });
    const api = {
      status: async () => this.status(),
      stateAt: async (_g: number, seq: number) => {
        this.stateAtCalls += 1;
        return { view: this.view(seq) };
      },
      strengths: async () => ({}),
      legal: async () => ({ commands: this.botLeft > 0 ? [] : this.turn[this.at].legal }),
      battlePreview: async () => null,
      timeline: async () => ({ rounds: [] }),
      act: async (_g: number, _by: number, command: { type: string }) => {
        this.acted.push(command.type);
        this.head += 1;
        const answers = this.turn[this.at].answers ?? 0;
        if (command.type !== 'MoveNoble') this.at += 1;
        if (answers) {
          this.botLeft = answers;
          this.answering = true;
        } else if (this.at >= this.turn.length) {
          this.at = 0;
          this.botLeft = this.botCommands;
        }
        return done([row(this.head, 'Command', 0)]);
      },
      botStep: async () => {
        this.botSteps += 1;
        this.botLeft -= 1;
        if (!this.botLeft) this.answering = false;
        const rows = this.botRows.map((kind) => row((this.head += 1), kind, 1));
        return done(rows);
      },
      advance: async () => {
        const rows: RowText[] = [];
        while (this.botLeft > 0) {
          this.botLeft -= 1;
          this.botSteps += 1;
          if (!this.botLeft) this.answering = false;
          rows.push(row((this.head += 1), 'Command', 1));
        }
        return done(rows);
      },
      undo: async () => {
        this.undone += 1;
        this.head += 1;
        return this.status();
      },
      branch: async () => ({ ...this.status(), game: 2 }),
      resign: async () => {
        this.resigned = true;
        this.head += 1;
        return this.status();
      },
    };
    return api as unknown as GameApi;
  }
}

function host(over: Partial<ControllerHost> = {}): ControllerHost & { said: string[] } {
  const said: string[] = [];
  return {
    said,
    changed: () => undefined,
    fail: (e) => said.push(`fail: ${String(e)}`),
    say: (text) => said.push(text),
    liveChanged: () => undefined,
    refreshed: () => undefined,
    botsActed: () => undefined,
    autoPass: () => true,
    askFreeMoves: () => true,
    confirmFreeMoves: async () => true,
    chooseDiscard: async (options) => options[0],
    ...over,
  };
}

const TURN: Step[] = [
  { phase: 'movement', step: 1, legal: [END, move('warwick', false)] },
  { phase: 'combat', step: 1, legal: [END] },
  { phase: 'parliament', step: 1, legal: [END] },
  { phase: 'coronation', step: 1, legal: [END] },
  { phase: 'end_of_turn', step: 3, legal: [END] },
  { phase: 'end_of_turn', step: 4, legal: [PASS] },
  { phase: 'end_of_turn', step: 5, legal: [discard('C1'), discard('C2')] },
];

const noWait = async () => undefined;
/** Lets every pending promise of the controller settle. */
const settle = async () => {
  for (let i = 0; i < 50; i += 1) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

describe('the game controller', () => {
  it('opens a game at your decision', async () => {
    const script = new Script(TURN);
    const c = new GameController(script.api(), host(), noWait);
    await c.load(1);
    expect(c.you).toBe(0);
    expect(c.yourTurn).toBe(true);
    expect(c.botsToMove).toBe(false);
    expect(c.legal).toEqual(TURN[0].legal);
    expect(c.shown).toBe(c.live);
  });

  it('ends a turn in one action: the steps that need nothing, the discard asked in place, then the bots to your next decision', async () => {
    const script = new Script(TURN);
    const asked: LegalCommand[][] = [];
    const confirm = vi.fn(async () => true);
    const c = new GameController(script.api(), host({ chooseDiscard: async (o) => (asked.push(o), o[1]), confirmFreeMoves: confirm }), noWait);
    await c.load(1);
    await c.endTurn();
    await settle();
    expect(script.acted).toEqual(['EndStep', 'EndStep', 'EndStep', 'EndStep', 'EndStep', 'Pass', 'DiscardCrownCard']);
    expect(asked).toHaveLength(1);
    expect(asked[0].map((l) => l.description)).toEqual(['Discard C1', 'Discard C2']);
    // A Free Move beside each piece's own move is not worth a question.
    expect(confirm).not.toHaveBeenCalled();
    expect(script.botSteps).toBe(2);
    expect(c.yourTurn).toBe(true);
    expect(c.running).toBe(false);
    expect(c.flowNote).toBeUndefined();
  });

  it('goes on by itself once the bots have answered your politicking, to the discard', async () => {
    const turn = TURN.map((s) => (s.step === 4 ? { ...s, answers: 2 } : s));
    const script = new Script(turn);
    const asked: LegalCommand[][] = [];
    const c = new GameController(script.api(), host({ chooseDiscard: async (o) => (asked.push(o), o[0]) }), noWait);
    await c.load(1);
    await c.endTurn();
    await settle();
    await settle();
    expect(asked).toHaveLength(1);
    expect(script.acted).toEqual(['EndStep', 'EndStep', 'EndStep', 'EndStep', 'EndStep', 'Pass', 'DiscardCrownCard']);
    expect(script.botSteps).toBe(4);
    expect(c.yourTurn).toBe(true);
  });

  it('goes on after you answer an offer that stopped it', async () => {
    const offer: Step = { phase: 'end_of_turn', step: 3, legal: [cmd({ type: 'AcceptOffer' }), cmd({ type: 'RejectOffer' })] };
    const turn = [...TURN.slice(0, 4), offer, ...TURN.slice(4)];
    const script = new Script(turn);
    const c = new GameController(script.api(), host(), noWait);
    await c.load(1);
    await c.endTurn();
    expect(c.flowNote).toMatch(/answer the offer/);
    expect(script.acted).toHaveLength(4);
    await c.choose(offer.legal[1]);
    await settle();
    await settle();
    expect(script.acted).toEqual(['EndStep', 'EndStep', 'EndStep', 'EndStep', 'RejectOffer', 'EndStep', 'Pass', 'DiscardCrownCard']);
  });

  it('stops where the discard is put off, saying why', async () => {
    const script = new Script(TURN);
    const c = new GameController(script.api(), host({ chooseDiscard: async () => null }), noWait);
    await c.load(1);
    await c.endTurn();
    expect(script.acted).toHaveLength(6);
    expect(c.flowNote).toMatch(/^Stopped: Discard one card/);
    expect(c.endingTurn).toBe(false);
  });

  it('asks about a Free Move only when it could still move a piece, and not when told never to', async () => {
    const turn: Step[] = [{ phase: 'movement', step: 1, legal: [END, move('warwick', true)] }, ...TURN.slice(1)];
    const confirm = vi.fn(async () => false);
    const script = new Script(turn);
    const c = new GameController(script.api(), host({ confirmFreeMoves: confirm }), noWait);
    await c.load(1);
    await c.endTurn();
    expect(confirm).toHaveBeenCalledWith(1);
    expect(script.acted).toEqual([]);

    const quiet = new Script(turn);
    const never = vi.fn(async () => false);
    const d = new GameController(quiet.api(), host({ confirmFreeMoves: never, askFreeMoves: () => false }), noWait);
    await d.load(1);
    await d.endTurn();
    expect(never).not.toHaveBeenCalled();
    expect(quiet.acted[0]).toBe('EndStep');
  });

  it('waits out the speed only after a bot step that shows on the map', async () => {
    const script = new Script(TURN, 3);
    script.botRows = ['Command', 'DecisionClosed'];
    const wait = vi.fn(async () => undefined);
    const c = new GameController(script.api(), host({ chooseDiscard: async (o) => o[0] }), wait);
    await c.load(1);
    await c.endTurn();
    await settle();
    expect(script.botSteps).toBe(3);
    expect(wait).not.toHaveBeenCalled();
    // One round of the bots' (three quiet steps): the screen puts focus on your decision again.
    expect(c.botRounds).toBe(1);
    expect(worthWatching([row(1, 'NobleMoved')])).toBe(true);
    expect(worthWatching([row(1, 'Command'), row(2, 'ClockAdvanced')])).toBe(false);
  });

  it('lets no bot act while paused, and Undo keeps them paused with a note', async () => {
    const script = new Script(TURN);
    const c = new GameController(script.api(), host(), noWait);
    await c.load(1);
    await c.choose(TURN[0].legal[1]);
    await settle();
    c.paused = true;
    const undone = await c.undo();
    expect(undone).toBe('MoveNoble');
    expect(script.undone).toBe(1);
    expect(c.paused).toBe(false); // no bot is to move: nothing stays paused
    expect(c.busy).toBe(false);
  });

  it('resigns: the game ends, and neither you nor the bots act any more', async () => {
    const script = new Script(TURN);
    const c = new GameController(script.api(), host(), noWait);
    await c.load(1);
    expect(await c.resign()).toBe(true);
    expect(c.status?.outcome?.kind).toBe('resigned');
    expect(c.yourTurn).toBe(false);
    expect(c.botsToMove).toBe(false);
    expect(await c.resign()).toBe(false);
  });

  it('shows the past on the timeline, keeps what it fetched, and comes back to now', async () => {
    const script = new Script(TURN);
    const c = new GameController(script.api(), host(), noWait);
    await c.load(1);
    const calls = script.stateAtCalls;
    c.paused = true;
    c.travel(5);
    await settle();
    expect(c.cursor).toBe(5);
    expect(c.traveling).toBe(true);
    expect((c.shown as unknown as { seq: number }).seq).toBe(5);
    const fetched = script.stateAtCalls - calls;
    await c.pastAt(5);
    expect(script.stateAtCalls - calls).toBe(fetched);
    c.travel(undefined);
    expect(c.traveling).toBe(false);
    expect(c.shown).toBe(c.live);
  });
});
