import { describe, expect, it } from 'vitest';
import type { Content } from '../bindings/Content';
import type { View } from '../bindings/View';
import type { PlayTarget } from '../map/map-play';
import { focusOfChanges, revealFocus } from './play-map';

const content = {
  geometry: {
    places: { york: [0, 0], leeds: [10, 0], hull: [3, 4], dover: [200, 300], calais: [220, 310] },
    labels: { areas: { a_york: [1, 1] }, sea_zones: { s1: [500, 500] } },
  },
} as unknown as Content;
const view = { nobles: { neville: { place: { kind: 'inside', location: 'york' } } }, ships: {} } as unknown as View;
const target = (at: PlayTarget['at']): PlayTarget => ({ key: JSON.stringify(at), at, label: '', style: 'move' });

describe('what the map brings into view', () => {
  it('shows where the chosen piece stands and the marked places nearest to it, not the whole map', () => {
    const targets = [target({ location: 'dover' }), target({ location: 'leeds' }), target({ sea: 's1' }), target({ area: 'a_york' }), target({ location: 'hull' })];
    expect(revealFocus(content, view, ['noble:neville'], targets, 3)).toEqual({ locations: ['york', 'hull', 'leeds'], areas: ['a_york'] });
  });

  it('shows every marked place when nothing is chosen', () => {
    expect(revealFocus(content, view, [], [target({ location: 'dover' }), target({ sea: 's1' })])).toEqual({ locations: ['dover'], areas: ['s1'] });
  });

  it('names each place a change touched once', () => {
    const focus = focusOfChanges({
      moved: [
        { kind: 'noble', id: 'a', faction: 0, from: { location: 'york' }, to: { area: 'a_york' }, how: 'road' },
        { kind: 'noble', id: 'b', faction: 0, from: { location: 'york' }, to: { area: 'a_york' }, how: 'road' },
      ],
      moments: [{ kind: 'captured', at: { location: 'leeds' }, text: '' }, { kind: 'prestige', at: undefined, text: '' }],
    });
    expect(focus).toEqual({ locations: ['york', 'leeds'], areas: ['a_york'] });
  });
});
