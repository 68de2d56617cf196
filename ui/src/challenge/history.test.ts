import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../bindings/GameSummary';
import { gameRowWords, gameStateWords, histogram, recordRows, winRate } from './history';

const game = (patch: Partial<GameSummary>): GameSummary => ({
  game: 3,
  created: '2026-11-26T10:00:00Z',
  mode: 'challenge',
  seats: [{ kind: 'bot', tier: 'normal', seed: 2 }, { kind: 'human' }, { kind: 'bot', tier: 'normal', seed: 3 }],
  seed: 7,
  parent: null,
  head: 289,
  round: 1,
  awaiting: [],
  ended: true,
  playable: true,
  watched: false,
  damaged: null,
  archived: false,
  kept: null,
  daily: null,
  faction: "Talbot's Faction",
  lineup: 'Against 2 Normal bots',
  result: 'loss',
  score: 252,
  code: null,
  ...patch,
});

describe('a saved game in words', () => {
  it('says who played, the bots, the mode and the seed', () => {
    expect(gameRowWords(game({}))).toEqual(["You led Talbot's Faction", 'against 2 Normal bots', 'challenge', 'seed 7']);
    expect(gameRowWords(game({ seats: [{ kind: 'bot', tier: 'random', seed: 1 }, { kind: 'bot', tier: 'random', seed: 2 }], faction: null, parent: [1, 40] }))).toEqual([
      '2 bots',
      'challenge',
      'seed 7',
      'branched from game 1',
    ]);
    expect(gameRowWords(game({ watched: true }))[0]).toBe("A shared game, watched: the player led Talbot's Faction");
  });

  it('leaves out a daily\'s seed, which its day names', () => {
    expect(gameRowWords(game({ daily: { date: '2026-11-26', scored: false } }))).not.toContain('seed 7');
  });

  it('says how it ended and its score, or where it stands', () => {
    expect(gameStateWords(game({}))).toBe('Loss · 252 points');
    expect(gameStateWords(game({ result: 'prestige', score: 8171 }))).toBe('Prestige Victory · 8,171 points');
    expect(gameStateWords(game({ ended: false, result: null, score: null, round: 4 }))).toBe('in progress, round 4');
    expect(gameStateWords(game({ result: null, score: null }))).toBe('ended');
    expect(gameStateWords(game({ playable: false }))).toMatch(/earlier Warwick/);
    expect(gameStateWords(game({ playable: false, damaged: 'game 3 in warwick.db is damaged' }))).toMatch(/damaged/);
  });
});

describe('the stats', () => {
  it('draws the daily results worst first, the longest bar full', () => {
    expect(histogram({ loss: 2, prestige: 4 })).toEqual([
      { result: 'loss', label: 'Loss', count: 2, percent: 50 },
      { result: 'minor_prestige', label: 'Minor', count: 0, percent: 0 },
      { result: 'shared_prestige', label: 'Shared', count: 0, percent: 0 },
      { result: 'prestige', label: 'Prestige', count: 4, percent: 100 },
      { result: 'royalty', label: 'Royalty', count: 0, percent: 0 },
    ]);
    expect(histogram({}).every((b) => b.count === 0)).toBe(true);
  });

  it('lists records most played first', () => {
    expect(recordRows({ b: { played: 1, won: 0 }, a: { played: 1, won: 1 }, c: { played: 3, won: 2 } }).map((r) => r.name)).toEqual(['c', 'a', 'b']);
    expect(winRate({ played: 4, won: 1 })).toBe('25%');
    expect(winRate({ played: 0, won: 0 })).toBe('–');
  });
});
