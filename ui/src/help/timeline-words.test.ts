import { describe, expect, it } from 'vitest';
import type { Mark } from '../game/timeline';
import { clockWords, markAt, timelineWords } from './timeline-words';

const marks: Mark[] = [
  { seq: 0, round: 0, turn: 0, phase: 'setup', active: 0 },
  { seq: 90, round: 1, turn: 10, phase: 'event', active: 1 },
  { seq: 95, round: 1, turn: 10, phase: 'movement', active: 1 },
  { seq: 140, round: 2, turn: 21, phase: 'combat', active: 0 },
];
const names = (f: number) => ['Neville', 'Percy'][f];

describe('the timeline in rounds and turns', () => {
  it('says the round, whose turn and the phase at a seq', () => {
    expect(markAt(marks, 100)?.seq).toBe(95);
    expect(timelineWords(marks, 100, names)).toBe("Round 1 · Percy's turn · Movement");
    expect(timelineWords(marks, 200, names)).toBe("Round 2 · Neville's turn · Combat");
    expect(timelineWords(marks, 10, names)).toBe('Set-up');
    expect(timelineWords([], 10, names)).toBe('');
    expect(clockWords({ round: 4, turn: 1, active: 0, phase: 'end_of_turn', step: 4 }, names)).toBe("Round 4 · Neville's turn · End of Turn");
  });
});
