import { describe, expect, it } from 'vitest';
import {
  botsWords,
  dailyLineup,
  dailyTagWords,
  dayWords,
  formatPoints,
  isWin,
  outcomeSentence,
  pointsWords,
  refusalText,
  seatName,
  seatWords,
} from './words';

const names = ["Mowbray's Faction", "Talbot's Faction", "Neville's Faction"];
const name = (seat: number) => names[seat];

describe('numbers and line-ups', () => {
  it('writes points with thousands separators whatever the locale', () => {
    expect(formatPoints(0)).toBe('0');
    expect(formatPoints(252)).toBe('252');
    expect(formatPoints(8171)).toBe('8,171');
    expect(formatPoints(1234567)).toBe('1,234,567');
    expect(pointsWords(1)).toBe('1 point');
    expect(pointsWords(8171)).toBe('8,171 points');
  });

  it('says the bots and the daily in words', () => {
    expect(botsWords(['normal', 'normal', 'normal'])).toBe('3 Normal bots');
    expect(botsWords(['random', 'normal'])).toBe('1 Normal bot and 1 Random bot');
    expect(dailyLineup({ bots: ['normal', 'normal', 'normal'], rounds: 15, setup: 'preset' })).toBe(
      'You and 3 Normal bots, 15 rounds, pre-set set-up',
    );
    expect(dailyLineup({ bots: ['normal'], rounds: 1, setup: 'controlled_random' })).toBe(
      'You and 1 Normal bot, 1 round, controlled random set-up',
    );
  });

  it('writes the day in full, read as a UTC day', () => {
    expect(dayWords('2026-11-26')).toBe('Thursday 26 November 2026');
    expect(dayWords('not a day')).toBe('not a day');
  });

  it('marks practice, and only practice', () => {
    expect(dailyTagWords({ date: '2026-11-26', scored: true })).toBe('Daily 2026-11-26');
    expect(dailyTagWords({ date: '2026-11-26', scored: false })).toBe('Daily 2026-11-26 · practice');
    expect(dailyTagWords(null)).toBeNull();
  });
});

describe('the outcome sentence', () => {
  it('says a win with its kind and round', () => {
    expect(outcomeSentence({ result: 'prestige', outcome: { kind: 'prestige', winners: [1] }, round: 9, person: 1, name })).toBe(
      'You won a Prestige Victory in round 9.',
    );
    expect(isWin('prestige')).toBe(true);
    expect(isWin('loss')).toBe(false);
    expect(isWin('none')).toBe(false);
  });

  it('names the partners of a shared win and the round limit of a minor one', () => {
    expect(
      outcomeSentence({ result: 'shared_prestige', outcome: { kind: 'shared_prestige', winners: [1, 2] }, round: 7, person: 1, name }),
    ).toBe("You won a Shared Prestige Victory with Neville's Faction in round 7.");
    expect(outcomeSentence({ result: 'minor_prestige', outcome: { kind: 'minor_prestige', winners: [1] }, round: 15, person: 1, name })).toBe(
      'You won a Minor Prestige Victory when the round limit ran out in round 15.',
    );
  });

  it('says who won when you lost', () => {
    expect(outcomeSentence({ result: 'loss', outcome: { kind: 'royalty', winners: [2] }, round: 9, person: 1, name })).toBe(
      "You lost: Neville's Faction won a Royalty Victory in round 9.",
    );
    expect(outcomeSentence({ result: 'loss', outcome: { kind: 'minor_prestige', winners: [0] }, round: 1, person: 1, name })).toBe(
      "You lost: Mowbray's Faction won a Minor Prestige Victory when the round limit ran out in round 1.",
    );
    expect(outcomeSentence({ result: 'loss', outcome: { kind: 'all_lose', winners: [] }, round: 4, person: 1, name })).toBe(
      'You lost: every Royal died, so everyone lost (round 4).',
    );
  });

  it('speaks of the player for someone else\'s code, and of bots when only bots played', () => {
    const seats = [{ kind: 'bot', tier: 'normal', seed: 2 }, { kind: 'human' }] as const;
    const bySeat = (seat: number) => seatName([...seats], seat);
    expect(outcomeSentence({ result: 'loss', outcome: { kind: 'prestige', winners: [0] }, round: 3, person: 1, name: bySeat, subject: 'The player' })).toBe(
      'The player lost: the Normal bot in seat 1 won a Prestige Victory in round 3.',
    );
    expect(outcomeSentence({ result: 'none', outcome: { kind: 'royalty', winners: [0] }, round: 3, person: null, name })).toBe(
      "Only bots played: Mowbray's Faction won a Royalty Victory in round 3.",
    );
    expect(seatWords([...seats])).toEqual(['Seat 1: a Normal bot', 'Seat 2: the player']);
  });
});

describe('a refused code', () => {
  it('is explained in plain words, without the service\'s prefixes', () => {
    expect(refusalText({ code: 'bad_code', message: 'the code was altered or cut short: its checksum does not match (copy it whole)' })).toBe(
      'This is not a code Warwick can check: the code was altered or cut short: its checksum does not match (copy it whole).',
    );
    expect(refusalText({ code: 'code_refused', message: 'the replay code ends before the game does (in round 1)' })).toBe(
      'This code does not check out: the code ends before the game does (in round 1).',
    );
    expect(refusalText({ code: 'version', message: 'the replay code was made with other game data (another Warwick version)' })).toBe(
      'This code was made by another version of Warwick: the code was made with other game data (another Warwick version).',
    );
    expect(refusalText({ code: 'transport', message: 'network down' })).toBe('The code could not be checked: network down.');
  });
});
