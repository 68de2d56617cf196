import { describe, expect, it } from 'vitest';
import type { Content } from '../bindings/Content';
import type { View } from '../bindings/View';
import { diffViews } from './changes';

const content = {
  crown_cards: [{ id: 'C1', name: 'Neville', type: 'titled_noble', noble: 'neville' }],
  royals: [{ id: 'R1', name: 'Henry VI', house: 'lancaster' }],
  locations: [{ id: 'york', name: 'York' }],
  areas: [{ id: 'a_x', name: 'Xshire' }],
  roads: {
    nodes: [
      { id: 'york', kind: 'place', area: 'a_york', location: 'york' },
      { id: 'n1', kind: 'junction', area: 'a_mid', location: null },
      { id: 'x1', kind: 'segment', area: 'a_x', location: null },
    ],
    edges: [],
    routes: [],
  },
  sea_zones: [],
  event_cards: [],
  city_cards: [],
  major_cards: [],
} as unknown as Content;
const noble = (place: unknown) => ({ faction: 0, card: 'C1', awards: [], cities: [], majors: [], place, moved_round: null, attacked_round: null, seq: 1 });
const view = (patch: Partial<View>): View =>
  ({ factions: [{ name: 'Red', prestige: 5 }, { name: 'Blue', prestige: 4 }], nobles: {}, royals: {}, ships: {}, ...patch }) as unknown as View;

describe('changes between views', () => {
  it('sees a march, a capture, a coronation, a stranded Royal and a Prestige jump', () => {
    const before = view({
      nobles: { neville: noble({ kind: 'inside', location: 'york' }) } as View['nobles'],
      royals: { R1: { place: { kind: 'with', noble: 'neville' }, crowned: false, gained_round: 1 } },
    });
    const moved = view({ nobles: { neville: noble({ kind: 'field', area: 'a_x' }) } as View['nobles'], royals: before.royals });
    // Along the way the rules gave the road move; with no way (or one that stops short), straight.
    const marched = diffViews(content, before, moved, false, new Map([['neville', ['york', 'n1', 'x1']]]));
    expect(marched.moved).toEqual([{ kind: 'noble', id: 'neville', faction: 0, from: { location: 'york' }, to: { area: 'a_x' }, how: 'road', way: ['york', 'n1', 'x1'] }]);
    expect(marched.moments).toEqual([]);
    expect(diffViews(content, before, moved).moved[0].how).toBe('straight');
    expect(diffViews(content, before, moved, false, new Map([['neville', ['york', 'n1']]])).moved[0].how).toBe('straight');
    const after = view({
      factions: [{ name: 'Red', prestige: 9 }, { name: 'Blue', prestige: 4 }] as View['factions'],
      nobles: {},
      royals: { R1: { place: { kind: 'alone', place: { kind: 'inside', location: 'york' } }, crowned: true, gained_round: 1 } },
    });
    const texts = diffViews(content, before, after, true).moments.map((m) => m.text);
    expect(texts).toEqual(['Neville (Red) was killed.', 'Henry VI was crowned.', 'Red: Prestige 5 → 9.']);
    const captured = diffViews(content, before, view({ nobles: { neville: noble({ kind: 'captive', captor: 1, area: 'a_x' }) } as View['nobles'], royals: {} }));
    expect(captured.moments[0]).toMatchObject({ kind: 'captured', at: { area: 'a_x' }, text: 'Neville (Red) was captured by Blue.' });
  });
});
