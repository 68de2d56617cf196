import { describe, expect, it } from 'vitest';
import type { RoundChances } from '../bindings/RoundChances';
import { chanceSeries, chanceWords, turningPoints, turningWords } from './analysis-model';

const round = (index: number, chances: number[]): RoundChances => ({
  index,
  rounds: 4,
  round: index + 1,
  seq: 100 * (index + 1),
  chances,
  playouts: 40,
});

const rounds = [round(0, [0.25, 0.75]), round(1, [0.3, 0.7]), round(2, [0.7, 0.3]), round(3, [0.45, 0.55])];

describe('post-game analysis', () => {
  it('charts each faction in percent, in round order', () => {
    const series = chanceSeries(
      [
        { faction: 0, name: 'You', colour: 'red', by_round: [] },
        { faction: 1, name: 'Bot', colour: 'blue', by_round: [] },
      ],
      [...rounds].reverse(),
    );
    expect(series[0].by_round).toEqual([25, 30, 70, 45]);
    expect(series[1].by_round).toEqual([75, 70, 30, 55]);
    expect(chanceWords(series)).toContain('You from 25% to 45%');
  });

  it('marks the rounds where your chance moved most, opening the round where it moved', () => {
    const points = turningPoints(rounds, 0);
    expect(points.map((p) => [p.round, p.from, p.to])).toEqual([
      [3, 30, 70],
      [4, 70, 45],
    ]);
    // The move happened during round 2: the timeline opens at round 2's start.
    expect(points[0].seq).toBe(200);
    expect(turningWords(points[0])).toBe('During round 2, your chance rose from 30% to 70%');
  });

  it('keeps small moves out', () => {
    expect(turningPoints([round(0, [0.5, 0.5]), round(1, [0.55, 0.45])], 0)).toEqual([]);
  });
});
