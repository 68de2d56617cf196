import { describe, expect, it } from 'vitest';
import type { Affected } from '../bindings/Affected';
import type { RowText } from '../bindings/RowText';
import { buildDigest, digestStart, yourChanges } from './digest';

const clock = { round: 1, turn: 0, active: 0, phase: 'movement', step: 0 } as const;

const row = (seq: number, kind: string, description: string, by: number | null = null, affected: Affected[] = []): RowText => ({ seq, kind, by, description, irreversible: false, clock, affected });

const sent = (faction: number): Affected => ({
  faction,
  piece: { kind: 'noble', noble: 'percy' },
  change: 'moved',
  from: { kind: 'inside', location: 'york' },
  to: { kind: 'field', area: 'area_cornwall' },
  gainer: null,
  words: 'Percy was moved from inside York to the open field of Cornwall',
});

describe('the digest', () => {
  const rows = [
    row(1, 'Command', 'Pass', 1),
    row(2, 'DecisionUpdated', 'The decision moved on'),
    row(3, 'Command', 'Move Neville into Cardigan by Regional move', 1),
    row(4, 'NobleMoved', 'Neville moved to inside Cardigan'),
    row(5, 'ControlChanged', 'Neville’s Faction now controls Cardigan'),
    row(6, 'Command', 'End the Movement Phase step', 1),
    row(7, 'ClockAdvanced', 'Combat'),
    row(8, 'Command', 'Draw the Event card', 0),
    row(9, 'EventCardDrawn', 'You drew Plague'),
    row(10, 'Command', 'Award Bishop of Durham to Audley', 2),
    row(11, 'CardAwarded', 'Audley was awarded Bishop of Durham'),
    row(12, 'PrestigeChanged', 'Talbot’s Faction now has 7 Prestige'),
  ];

  it('has one line per bot action that changed something, passes folded', () => {
    const d = buildDigest(rows, 0);
    expect(d.entries.map((e) => [e.seq, e.end, e.by, e.icon])).toEqual([
      [3, 5, 1, 'move'],
      [10, 12, 2, 'card'],
    ]);
    expect(d.entries[0].notes).toEqual(['Neville’s Faction now controls Cardigan']);
    expect(d.folded).toBe(2);
  });

  it('gives each change to your pieces a line of its own, whoever caused it', () => {
    const raid = [
      row(1, 'Command', 'Draw the Event card', 1),
      row(2, 'EventCardDrawn', 'Neville drew French Raid'),
      row(3, 'NobleMoved', 'Percy moved to the open field of Cornwall', null, [sent(0)]),
      row(4, 'NobleMoved', 'Howard moved', null, [{ ...sent(2), words: 'Howard was moved' }]),
      // Your own march is no news; an Event card you drew moving your Noble is.
      row(5, 'Command', 'Move Percy', 0),
      row(6, 'NobleMoved', 'Percy moved', null, [sent(0)]),
      row(7, 'Command', 'Draw the Event card', 0),
      row(8, 'EventCardDrawn', 'You drew a raid'),
      row(9, 'NobleMoved', 'Percy moved', null, [sent(0)]),
    ];
    const d = buildDigest(raid, 0);
    expect(d.entries.map((e) => [e.seq, e.icon])).toEqual([
      [1, 'event'],
      [3, 'yours'],
      [9, 'yours'],
    ]);
    expect(d.entries[1].text).toBe('Percy was moved from inside York to the open field of Cornwall');
    expect(d.entries[1].by).toBe(1);
    expect(d.entries[1].notes).toEqual(['Neville drew French Raid']);
    expect(yourChanges(d).map((e) => e.seq)).toEqual([3, 9]);
  });

  it('starts after your previous turn', () => {
    const marks = [
      { seq: 1, active: 1 },
      { seq: 5, active: 0 },
      { seq: 9, active: 0 },
      { seq: 12, active: 1 },
      { seq: 20, active: 2 },
      { seq: 22, active: 0 },
    ];
    expect(digestStart(marks, 0)).toBe(9);
    expect(digestStart(marks.slice(0, 5), 0)).toBe(9);
    expect(digestStart(marks.slice(0, 1), 0)).toBe(0);
  });
});
