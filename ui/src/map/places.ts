// What the map says about one place: its kind, garrison, capacity, port, cathedral, Area,
// Region and the card that controls it, and who is there. Pure, from the content and a board.

import type { Content } from '../bindings/Content';
import type { LocationKind } from '../bindings/LocationKind';
import type { Board } from './pieces';

export const KIND_NAMES: Record<LocationKind, string> = {
  city: 'City',
  fortified_town: 'Fortified town',
  royal_castle: 'Royal castle',
  castle: 'Castle',
  open_town: 'Open town',
  unfortified_town: 'Unfortified town',
};

export interface PlaceDetails {
  id: string;
  name: string;
  kind: string;
  garrison: string;
  capacity: string;
  port: string | undefined;
  cathedral: boolean;
  area: string;
  region: string;
  /** The cards whose holder controls the place (Noble, Town, Royal or City card). */
  controlledBy: string[];
}

export function placeDetails(content: Content, id: string): PlaceDetails | undefined {
  const place = content.locations.find((l) => l.id === id);
  if (!place) return undefined;
  const area = content.areas.find((a) => a.id === place.area);
  const region = area?.region ? content.regions.find((r) => r.id === area.region) : undefined;
  const port = content.ports.find((p) => p.location === id);
  const sea = port && content.sea_zones.find((s) => s.id === port.sea_zone);
  const estuary = port?.estuary ? (content.estuaries.find((e) => e.estuary === port.estuary)?.name ?? port.estuary) : undefined;
  const controlledBy = [
    ...content.crown_cards.filter((c) => c.locations.includes(id)).map((c) => `${c.name} (Crown card ${c.id})`),
    ...content.royals.filter((r) => r.castles.includes(id)).map((r) => `${r.name} (Royal card)`),
    ...content.city_cards.filter((c) => c.location === id).map((c) => `${c.name} (City card)`),
  ];
  const unfortified = place.kind === 'unfortified_town';
  return {
    id,
    name: place.name,
    kind: KIND_NAMES[place.kind],
    garrison: unfortified
      ? 'none'
      : place.kind === 'open_town'
        ? `${place.garrison} (only while held by unfriendly Nobles)`
        : String(place.garrison),
    capacity: place.capacity === null ? 'unlimited' : unfortified ? 'none (part of the open field)' : String(place.capacity),
    port: port ? `yes — ships use ${sea?.name ?? port.sea_zone}${estuary ? ` (up ${estuary.replace(/^The /, 'the ')})` : ''}` : undefined,
    cathedral: place.cathedral,
    area: area?.name ?? place.area,
    region: region?.name ?? (area?.island ? 'none (an island)' : '—'),
    controlledBy,
  };
}

/** Who is in a place, in words: each faction's Nobles, Royals, ships in port, its controller. */
export function placeOccupants(board: Board, id: string): string {
  const parts: string[] = [];
  board.factions.forEach((f, i) => {
    const names = board.nobles.filter((n) => n.faction === i && 'location' in n.at && n.at.location === id).map((n) => n.name);
    if (names.length) parts.push(`${f.name}${f.you ? ' (you)' : ''}: ${names.join(', ')}`);
  });
  const royals = board.royals.filter((r) => 'location' in r.at && r.at.location === id).map((r) => `${r.name}${r.crowned ? ' (crowned)' : ''}`);
  if (royals.length) parts.push(`Royals: ${royals.join(', ')}`);
  const ships = board.ships.filter((s) => 'port' in s.at && s.at.port === id).map((s) => s.name);
  if (ships.length) parts.push(`Ships in port: ${ships.join(', ')}`);
  const control = board.control.find((c) => c.location === id);
  if (control) parts.push(`controlled by ${board.factions[control.faction]?.name ?? 'a faction'}`);
  if (board.besieged.includes(id)) parts.push('under siege');
  return parts.length ? parts.join('; ') : 'no one';
}

/** The place whose point (on screen, by `toScreen`) is nearest `[x, y]`, within `radius`. */
export function nearestPlace(
  content: Content,
  places: Record<string, [number, number]>,
  toScreen: (at: [number, number]) => [number, number],
  [x, y]: [number, number],
  radius: number,
): string | undefined {
  let best: string | undefined;
  let bestD = radius;
  for (const place of content.locations) {
    const at = places[place.id];
    if (!at) continue;
    const [sx, sy] = toScreen(at);
    const d = Math.hypot(sx - x, sy - y);
    if (d <= bestD) {
      best = place.id;
      bestD = d;
    }
  }
  return best;
}
