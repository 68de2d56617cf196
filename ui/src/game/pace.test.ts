import { describe, expect, it } from 'vitest';
import type { RowText } from '../bindings/RowText';
import { moveMs, pauseAfter, worthWatching } from './pace';

const rows = (...kinds: string[]) => kinds.map((kind, i) => ({ seq: i + 1, kind }) as unknown as RowText);

describe('the pace of the bots on the map', () => {
  it('gives what matters the whole pause, a move its animation, a glance less, the rest none', () => {
    expect(pauseAfter(rows('Command', 'CombatResolved', 'NobleMoved'), 450)).toBe(450);
    expect(pauseAfter(rows('Command', 'RoyalCrowned'), 450)).toBe(450);
    expect(pauseAfter(rows('Command', 'NobleMoved'), 450)).toBe(moveMs(450));
    expect(moveMs(450)).toBeLessThan(450);
    expect(pauseAfter(rows('EventCardDrawn'), 450)).toBeLessThan(moveMs(450));
    expect(pauseAfter(rows('Command', 'DecisionClosed'), 450)).toBe(0);
    expect(pauseAfter(rows('NobleMoved'), 0)).toBe(0);
  });

  it('draws a move as long as its pause, never too short to follow nor when instant', () => {
    expect(moveMs(1200)).toBe(720);
    expect(moveMs(80)).toBe(200);
    expect(moveMs(0)).toBe(0);
    expect(worthWatching(rows('ControlChanged'))).toBe(true);
    expect(worthWatching(rows('Command', 'ClockAdvanced'))).toBe(false);
  });
});
