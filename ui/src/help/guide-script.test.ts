import { describe, expect, it } from 'vitest';
import { allNotes, GUIDED_GAME, guideNote } from './guide-script';

describe('the guided first game', () => {
  it('is a fixed-seed game against one Easy bot', () => {
    expect(GUIDED_GAME.seed).toBe(1461);
    expect(GUIDED_GAME.seats).toEqual([{ kind: 'human' }, { kind: 'bot', tier: 'easy', seed: 1462 }]);
  });

  it('has a note for each step of both rounds, and stops after them', () => {
    for (const round of [1, 2]) {
      for (const key of ['phase.event', 'phase.movement', 'phase.combat', 'phase.end_of_turn.4', 'phase.end_of_turn.5']) {
        expect(guideNote(round, true, key), `${round} ${key}`).not.toBeNull();
      }
      expect(guideNote(round, false, 'phase.movement')?.id).toBe(`r${round}.waiting`);
    }
    expect(guideNote(3, true, 'phase.event')).toBeNull();
  });

  it('says what, why and which rule in every note', () => {
    for (const note of allNotes()) {
      expect(note.text.length).toBeGreaterThan(20);
      expect(note.why.length).toBeGreaterThan(20);
      expect(note.rule.section).toMatch(/^[a-z-]+$/);
    }
  });
});
