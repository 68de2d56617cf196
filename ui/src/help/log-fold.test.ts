import { describe, expect, it } from 'vitest';
import type { RowText } from '../bindings/RowText';
import { splitSetup } from './log-fold';

const clock = { round: 1, turn: 0, active: 0, phase: 'movement', step: 0 } as const;

const row = (seq: number, kind: string): RowText => ({ seq, kind, by: null, description: kind, irreversible: false, clock, affected: [] });

describe('folding the set-up lines', () => {
  it('puts everything before the first turn into the set-up', () => {
    const rows = [row(0, 'GameStarted'), row(1, 'CardsDealt'), row(2, 'TurnBegan'), row(3, 'Command')];
    const { setup, play } = splitSetup(rows);
    expect(setup.map((r) => r.seq)).toEqual([0, 1]);
    expect(play.map((r) => r.seq)).toEqual([2, 3]);
  });

  it('leaves a log without set-up lines alone', () => {
    const rows = [row(40, 'NobleMoved'), row(41, 'Command')];
    expect(splitSetup(rows)).toEqual({ setup: [], play: rows });
    expect(splitSetup([row(0, 'GameStarted')]).setup).toHaveLength(1);
  });
});
