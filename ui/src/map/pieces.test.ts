import { describe, expect, it } from 'vitest';
import type { MapGeometry } from '../geometry';
import { FACTION_COLOURS, factionColour, factionLetters, stackPieces, type Board } from './pieces';

const geometry = {
  format: 'warwick-map-geometry/1',
  width: 1000,
  height: 1000,
  land: [],
  unused_land: [],
  areas: {},
  regions: {},
  area_borders: [],
  region_borders: [],
  sea_zones: {},
  sea_borders: [],
  places: { london: [600, 800], york: [550, 400], bristol: [400, 800] },
  labels: { areas: { area_york: [560, 420] }, sea_zones: { irish_sea: [200, 500] } },
} as MapGeometry;

function board(): Board {
  return {
    factions: [{ name: "Neville's Faction" }, { name: "Talbot's Faction" }],
    nobles: [
      { id: 'a', name: 'Neville', faction: 0, at: { location: 'york' } },
      { id: 'b', name: 'Percy', faction: 0, at: { location: 'york' } },
      { id: 'c', name: 'Talbot', faction: 1, at: { location: 'york' } },
      { id: 'd', name: 'Stanley', faction: 1, at: { field: 'area_york' } },
      { id: 'e', name: 'Lost', faction: 1, at: { location: 'atlantis' } },
    ],
    royals: [{ id: 'R01', name: 'Henry VI', house: 'lancaster', crowned: true, at: { location: 'london' } }],
    ships: [
      { id: 'le_michael', name: 'Le Michael', at: { port: 'bristol' } },
      { id: 'le_swan', name: 'Le Swan', faction: 0, at: { sea: 'irish_sea' } },
    ],
    control: [],
    besieged: [],
  };
}

describe('piece stacking', () => {
  it('puts the nobles of one place in one stack, counted per faction', () => {
    const { stacks } = stackPieces(board(), geometry);
    const york = stacks.find((s) => s.key === 'location:york')!;
    expect(york.at).toEqual([550, 400]);
    expect(york.beside).toBe(false);
    expect(york.nobles).toEqual([
      { faction: 0, count: 2, names: ['Neville', 'Percy'], ids: ['a', 'b'] },
      { faction: 1, count: 1, names: ['Talbot'], ids: ['c'] },
    ]);
  });

  it('keeps the open field of an Area apart from the places in it', () => {
    const { stacks } = stackPieces(board(), geometry);
    const field = stacks.find((s) => s.key === 'field:area_york')!;
    expect(field.nobles).toEqual([{ faction: 1, count: 1, names: ['Stanley'], ids: ['d'] }]);
    expect(field.beside).toBe(true);
  });

  it('stacks royals and ships, at sea and in port', () => {
    const { stacks } = stackPieces(board(), geometry);
    expect(stacks.map((s) => s.key)).toEqual([
      'field:area_york',
      'location:london',
      'location:york',
      'port:bristol',
      'sea:irish_sea',
    ]);
    expect(stacks.find((s) => s.key === 'location:london')!.royals[0].crowned).toBe(true);
    expect(stacks.find((s) => s.key === 'sea:irish_sea')!.ships[0].id).toBe('le_swan');
  });

  it('reports pieces at spots the map does not draw', () => {
    expect(stackPieces(board(), geometry).missing).toEqual(['e at location:atlantis']);
  });

  it('gives each faction a letter, the first of its name not yet taken', () => {
    expect(factionLetters([{ name: "Neville's Faction" }, { name: "Talbot's Faction" }, { name: "Neville's Other" }])).toEqual([
      'N',
      'T',
      'E',
    ]);
    // Never the letters of the Royal houses' discs.
    expect(factionLetters([{ name: 'Player 1' }, { name: 'Player 2' }, { name: 'Player 3' }])).toEqual(['P', 'A', 'E']);
    expect(factionLetters([{ name: "York's Faction" }, { name: "Lovell's Faction" }])).toEqual(['O', 'V']);
  });

  it('uses the Okabe–Ito colours, distinct for up to seven factions', () => {
    const fills = Array.from({ length: 7 }, (_, i) => factionColour(i).fill);
    expect(new Set(fills).size).toBe(7);
    expect(FACTION_COLOURS.map((c) => c.fill)).toContain('#E69F00');
    expect(factionColour(7)).toEqual(factionColour(0));
  });
});
