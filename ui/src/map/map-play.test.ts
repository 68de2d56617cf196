import { describe, expect, it } from 'vitest';
import { hitAt, type OverlayItem } from './map-play';

const piece: OverlayItem = { key: 'nobles:location:york:0', group: 'pieces', label: 'Neville', x: 100, y: 100, w: 20, h: 20 };
const target: OverlayItem = { key: 'location:york', group: 'targets', label: 'Move to York', x: 104, y: 104, w: 28, h: 28 };

describe('what a pointer hits on the map', () => {
  it('hits a piece inside its drawn box with a mouse, and nothing just outside it', () => {
    expect(hitAt([piece], 110, 110, false)?.key).toBe(piece.key);
    expect(hitAt([piece], 130, 110, false)).toBeUndefined();
  });

  it('gives a finger 22 px of reach around a small piece (a 44 px target)', () => {
    expect(hitAt([piece], 130, 110, true)?.key).toBe(piece.key);
    expect(hitAt([piece], 140, 110, true)).toBeUndefined();
  });

  it('prefers a target over a piece at the same spot: the second tap is where the chosen piece goes', () => {
    expect(hitAt([piece, target], 112, 112, false)?.key).toBe(target.key);
  });
});
