// The pieces layer: a simple description of what stands on the board (the engine's game view
// will be mapped onto it) and the pure step that groups pieces into stacks at drawing
// positions. Drawing is in ./pieces-layer.ts.

import type { MapGeometry, Point } from '../geometry';

/** Where a land piece stands: inside a place, or in the open field of an Area. */
export type LandSpot = { location: string } | { field: string };
/** Where a ship is: at sea in a sea Area, or in a port. */
export type ShipSpot = { sea: string } | { port: string };

export interface BoardFaction {
  /** Shown in the legend and details (`Neville's Faction`). */
  name: string;
  /** The player's own faction. */
  you?: boolean;
  /** The seat colour the rules name (`red`, `blue`...), which their descriptions use. */
  colour?: string;
}

export interface BoardNoble {
  id: string;
  name: string;
  /** Index into `Board.factions`. */
  faction: number;
  at: LandSpot;
}

export interface BoardRoyal {
  id: string;
  name: string;
  house: 'lancaster' | 'york';
  crowned: boolean;
  at: LandSpot;
}

export interface BoardShip {
  id: string;
  name: string;
  /** The faction holding its card, if any. */
  faction?: number;
  at: ShipSpot;
}

/** Everything the pieces layer draws. */
export interface Board {
  factions: BoardFaction[];
  nobles: BoardNoble[];
  royals: BoardRoyal[];
  ships: BoardShip[];
  /** Faction markers: which faction controls which place. */
  control: { location: string; faction: number }[];
  /** Places under siege. */
  besieged: string[];
}

/**
 * Okabe–Ito colours (safe for the common colour-vision deficiencies), in the order factions
 * get them, each with the text colour readable on it.
 */
export const FACTION_COLOURS: { fill: string; text: string; name: string }[] = [
  { fill: '#E69F00', text: '#000000', name: 'orange' },
  { fill: '#56B4E9', text: '#000000', name: 'sky blue' },
  { fill: '#009E73', text: '#ffffff', name: 'bluish green' },
  { fill: '#CC79A7', text: '#000000', name: 'reddish purple' },
  { fill: '#0072B2', text: '#ffffff', name: 'blue' },
  { fill: '#D55E00', text: '#ffffff', name: 'vermilion' },
  { fill: '#F0E442', text: '#000000', name: 'yellow' },
];

/**
 * The rules' seat colours drawn in Okabe–Ito shades (black stays black). The log names them as
 * drawn (the engine's `colour_word`): "(green)" for green, "(orange)" for the red seat, whose
 * Okabe–Ito vermilion reads as orange.
 */
export const SEAT_COLOURS: Record<string, { fill: string; text: string; name: string }> = {
  red: { fill: '#D55E00', text: '#ffffff', name: 'orange' },
  blue: { fill: '#0072B2', text: '#ffffff', name: 'blue' },
  green: { fill: '#009E73', text: '#ffffff', name: 'green' },
  yellow: { fill: '#F0E442', text: '#000000', name: 'yellow' },
  black: { fill: '#2b2b2b', text: '#ffffff', name: 'black' },
};

/** A faction's colour: its seat colour when the rules name one, else by index. */
export function factionColour(index: number, colour?: string) {
  if (colour && SEAT_COLOURS[colour]) return SEAT_COLOURS[colour];
  return FACTION_COLOURS[((index % FACTION_COLOURS.length) + FACTION_COLOURS.length) % FACTION_COLOURS.length];
}

/**
 * One letter per faction, the second cue beside colour: the first letter of its name that no
 * earlier faction uses (`Neville's Faction` → N), else A, B, C... Never L or Y, the letters of
 * the Royal houses' discs (Lancaster, York), so a badge cannot be taken for a Royal.
 */
export function factionLetters(factions: BoardFaction[]): string[] {
  const used = new Set<string>(['L', 'Y']);
  return factions.map((faction) => {
    const letters = faction.name.toUpperCase().replace(/[^A-Z]/g, '');
    const pick =
      [...letters].find((l) => !used.has(l)) ??
      [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((l) => !used.has(l)) ??
      '?';
    used.add(pick);
    return pick;
  });
}

/** Nobles of one faction at one spot. */
export interface NobleGroup {
  faction: number;
  count: number;
  names: string[];
  /** The Nobles' ids, in the order of `names`. */
  ids: string[];
}

/** All pieces at one spot of the board, with where to draw them. */
export interface Stack {
  /** `location:london`, `field:area_york`, `sea:irish_sea`, `port:bristol`. */
  key: string;
  /** Drawing position (world units). */
  at: Point;
  /** True when the stack stands beside its place (open field, or a ship in port). */
  beside: boolean;
  nobles: NobleGroup[];
  royals: BoardRoyal[];
  ships: BoardShip[];
}

function spotKey(spot: LandSpot | ShipSpot): string {
  if ('location' in spot) return `location:${spot.location}`;
  if ('field' in spot) return `field:${spot.field}`;
  if ('sea' in spot) return `sea:${spot.sea}`;
  return `port:${spot.port}`;
}

/** Where a spot is drawn, or undefined if the geometry does not draw it. */
export function spotPoint(geometry: MapGeometry, spot: LandSpot | ShipSpot): { at: Point; beside: boolean } | undefined {
  if ('location' in spot) {
    const at = geometry.places[spot.location];
    return at && { at, beside: false };
  }
  if ('field' in spot) {
    const at = geometry.labels?.areas?.[spot.field];
    // The open field stack sits a little below the Area's label point, clear of its name.
    return at && { at: [at[0], at[1] + 9], beside: true };
  }
  if ('sea' in spot) {
    const at = geometry.labels?.sea_zones?.[spot.sea];
    return at && { at: [at[0], at[1] + 10], beside: true };
  }
  // A ship in port is drawn just below the port's icon (the drawing offsets it on screen).
  const at = geometry.places[spot.port];
  return at && { at, beside: true };
}

/**
 * Groups the board's nobles, royals and ships into one stack per spot, nobles counted per
 * faction (factions in index order, names sorted). Pieces at spots the geometry does not draw
 * are returned in `missing` rather than dropped silently. Stacks come sorted by key.
 */
export function stackPieces(board: Board, geometry: MapGeometry): { stacks: Stack[]; missing: string[] } {
  const stacks = new Map<string, Stack>();
  const missing: string[] = [];
  const stackAt = (spot: LandSpot | ShipSpot, piece: string): Stack | undefined => {
    const key = spotKey(spot);
    let stack = stacks.get(key);
    if (!stack) {
      const point = spotPoint(geometry, spot);
      if (!point) {
        missing.push(`${piece} at ${key}`);
        return undefined;
      }
      stack = { key, at: point.at, beside: point.beside, nobles: [], royals: [], ships: [] };
      stacks.set(key, stack);
    }
    return stack;
  };
  for (const noble of board.nobles) {
    const stack = stackAt(noble.at, noble.id);
    if (!stack) continue;
    let group = stack.nobles.find((g) => g.faction === noble.faction);
    if (!group) {
      group = { faction: noble.faction, count: 0, names: [], ids: [] };
      stack.nobles.push(group);
    }
    group.count += 1;
    group.names.push(noble.name);
    group.ids.push(noble.id);
  }
  for (const royal of board.royals) stackAt(royal.at, royal.id)?.royals.push(royal);
  for (const ship of board.ships) stackAt(ship.at, ship.id)?.ships.push(ship);
  const out = [...stacks.values()].sort((a, b) => a.key.localeCompare(b.key));
  for (const stack of out) {
    stack.nobles.sort((a, b) => a.faction - b.faction);
    for (const group of stack.nobles) {
      const order = group.names.map((name, i) => [name, group.ids[i]] as const).sort((a, b) => a[0].localeCompare(b[0]));
      group.names = order.map(([name]) => name);
      group.ids = order.map(([, id]) => id);
    }
  }
  return { stacks: out, missing };
}
