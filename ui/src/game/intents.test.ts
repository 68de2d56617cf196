import { describe, expect, it } from 'vitest';
import type { LegalCommand } from '../bindings/LegalCommand';
import type { View } from '../bindings/View';
import { actionsFor, commandsForTarget, intentsOf, targetsFor } from './intents';

const view = {
  nobles: {
    neville: { faction: 0, card: 'C1', awards: [], cities: [], majors: [], place: { kind: 'inside', location: 'york' }, moved_round: null, attacked_round: null, seq: 1 },
    scrope: { faction: 0, card: 'C2', awards: [], cities: [], majors: [], place: { kind: 'inside', location: 'york' }, moved_round: null, attacked_round: null, seq: 2 },
  },
  ships: {},
  royals: {},
  pending: null,
} as unknown as View;
const areaOf = (l: string) => (l === 'york' ? 'area_york' : undefined);
const l = (command: Record<string, unknown>): LegalCommand => ({ command: command as LegalCommand['command'], description: JSON.stringify(command), undoable: true });

const legal = [
  l({ type: 'EndStep' }),
  l({ type: 'MoveNoble', noble: 'neville', kind: 'road', free: false, to: { area: 'area_x', inside: null } }),
  l({ type: 'MoveNoble', noble: 'neville', kind: 'regional', free: false, to: { area: 'area_x', inside: null } }),
  l({ type: 'MoveNoble', noble: 'neville', kind: 'road', free: true, to: { area: 'area_x', inside: null } }),
  l({ type: 'MoveNoble', noble: 'scrope', kind: 'road', free: false, to: { area: 'area_x', inside: null } }),
  l({ type: 'MoveNoble', noble: 'scrope', kind: 'road', free: true, to: { area: 'area_y', inside: 'leeds' } }),
  l({ type: 'StartAttack', area: 'area_york', target: { kind: 'location', location: 'york_castle' } }),
  l({ type: 'HandOverPlace', location: 'york', to: 1 }),
  l({ type: 'Crown', royal: 'R1' }),
  l({ type: 'AwardCard', card: 'C9', noble: 'neville' }),
];

describe('map intents', () => {
  const intents = intentsOf(view, areaOf, legal);

  it('gives each command its actor and target', () => {
    expect(intents[1]).toMatchObject({ actor: { kind: 'noble', id: 'neville' }, target: { kind: 'field', id: 'area_x' }, verb: 'move' });
    expect(intents[7].verb).toBe('offer');
    expect(intents[0].verb).toBe('flow');
    expect(intents[9]).toMatchObject({ actor: { kind: 'card', id: 'C9' }, target: { kind: 'noble', id: 'neville' } });
  });

  it('offers exactly the selection’s legal targets, one per place', () => {
    const targets = targetsFor(intents, new Set(['noble:neville']), view, areaOf);
    // The field of area_x (three variants), and the siege from the Noble's Area.
    expect(targets.map((t) => t.key).sort()).toEqual(['field:area_x', 'location:york_castle']);
    const both = targetsFor(intents, new Set(['noble:neville', 'noble:scrope']), view, areaOf);
    expect(both.find((t) => t.key === 'location:leeds')?.freeOnly).toBe(true);
    // With nothing selected: only what needs no piece first.
    expect(targetsFor(intents, new Set(), view, areaOf).map((t) => t.key)).toEqual(['location:york_castle']);
  });

  it('moves every selected Noble that can go, without spending a Free Move', () => {
    const both = targetsFor(intents, new Set(['noble:neville', 'noble:scrope']), view, areaOf);
    const { commands } = commandsForTarget(both.find((t) => t.key === 'field:area_x')!);
    expect(commands.map((c) => c.index)).toEqual([1, 4]);
  });

  it('lists the actions of a selected piece that need no place', () => {
    expect(actionsFor(intents, new Set(['royal:R1'])).map((i) => i.type)).toEqual(['Crown']);
  });
});
