import { describe, expect, it } from 'vitest';
import type { Content } from '../bindings/Content';
import type { View } from '../bindings/View';
import type { PlayTarget } from '../map/map-play';
import type { BattlePreview } from '../bindings/BattlePreview';
import type { Board } from '../map/pieces';
import { intentsOf, targetsFor } from './intents';
import { buildPlay, focusOfChanges, oddsWords, revealFocus, routeTo } from './play-map';

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

describe('the attacks the map marks', () => {
  const odds = (launchable: boolean): BattlePreview => ({
    odds: {
      area: 'a_york',
      target: { kind: 'location', location: 'york' },
      siege: true,
      stage: 'considered',
      attack: { faction: 0, nobles: [], garrison: 0, strength: 150, without_bonus: 150 },
      defence: { faction: 1, nobles: [], garrison: 100, strength: 200, without_bonus: 200 },
      larger: 'defence',
      step: 'majority',
      very_weak: false,
      launchable,
    },
    code: launchable ? null : 'too_weak_to_besiege',
    reason: launchable ? null : 'the attackers are too weak to besiege York',
    rule: null,
  });
  const board: Board = { factions: [], nobles: [], royals: [], ships: [], control: [], besieged: [] };
  const play = (preview: BattlePreview) => {
    const legal = [{ command: { type: 'StartAttack', area: 'a_york', target: { kind: 'location', location: 'york' } }, description: 'Besiege York', undoable: true }] as never;
    const intents = intentsOf(view, () => 'a_york', legal);
    return buildPlay(content, view, board, intents, [], undefined, [], [], () => 'a_york', new Map([['location:york', preview]])).play.targets;
  };

  it('marks a siege the rules say cannot be launched as too weak before it is chosen, with their reason', () => {
    const [weak] = play(odds(false));
    expect(weak.style).toBe('weak');
    expect(weak.label).toBe('Besiege York — cannot be launched as it stands (150 against 200): the attackers are too weak to besiege York');
    const [open] = play(odds(true));
    expect(open.style).toBe('attack');
    expect(open.label).toBe('Besiege York — 150 against 200');
    expect(oddsWords(undefined)).toBe('');
  });
});

describe('the way drawn to a destination', () => {
  const geometry = { places: { york: [0, 0], leeds: [10, 0] }, road_nodes: { n1: [5, 2], n2: [5, -9] }, labels: { areas: { a_leeds: [10, 1] } } } as unknown as Content['geometry'];
  const move = (way?: string[]) =>
    ({
      command: { type: 'MoveNoble', noble: 'neville', kind: 'road', to: { area: 'a_leeds', inside: null }, free: false },
      description: 'Neville moves by road to Leeds',
      undoable: true,
      ...(way ? { way } : {}),
    }) as never;
  const route = (way?: string[]) => {
    const [option] = targetsFor(intentsOf(view, () => 'a_york', [move(way)]), new Set(['noble:neville']), view, () => 'a_york');
    return routeTo(content, geometry, view, option);
  };

  it('follows the way the rules give for the move (round a place it may not pass), and never searches one', () => {
    expect(route(['york', 'n2', 'leeds'])).toEqual([[0, 0], [5, -9], [10, 0], [10, 1]]);
    expect(route()).toEqual([[0, 0], [10, 1]]);
  });
});
