// What changed between two views of the game: Nobles and ships that moved (to animate them
// along their way), and the moments that matter — a Noble killed or captured, a Royal crowned,
// left alone by an Event or killed, a Royal taken, a Prestige jump — each with the place to
// mark on the map and a sentence to announce. Pure; tested in changes.test.ts.

import type { Content } from '../bindings/Content';
import type { Place } from '../bindings/Place';
import type { ShipPlace } from '../bindings/ShipPlace';
import type { View } from '../bindings/View';
import { nobleName, placeName, royalName } from './model';
import type { End } from './routes';

export interface Moved {
  kind: 'noble' | 'ship';
  id: string;
  faction: number | undefined;
  from: End;
  to: End;
  /** Along the roads, by sea, or straight. */
  how: 'road' | 'sea' | 'straight';
  /** For a road move, the road nodes of its way as the rules gave it when it was made. */
  way?: string[];
}

export interface Moment {
  kind: 'killed' | 'captured' | 'crowned' | 'royal-died' | 'stranded' | 'royal-taken' | 'prestige' | 'event-moved';
  /** Where to mark it. */
  at: End | undefined;
  text: string;
}

export interface Changes {
  moved: Moved[];
  moments: Moment[];
}

export function placeEnd(view: View, place: Place | undefined): End | undefined {
  if (!place) return undefined;
  switch (place.kind) {
    case 'inside':
      return { location: place.location };
    case 'field':
    case 'captive':
      return { area: place.area };
    case 'aboard': {
      const ship = view.ships[place.ship];
      return ship ? shipEnd(ship.place) : undefined;
    }
  }
}

export function shipEnd(place: ShipPlace): End {
  return place.kind === 'port' ? { location: place.location } : { sea: place.zone };
}

const sameEnd = (a: End | undefined, b: End | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a way's last road node lies in the Area of `end` (a passage refused stops short of it). */
function wayEndsAt(content: Content, way: string[], end: End): boolean {
  const last = content.roads?.nodes.find((n) => n.id === way[way.length - 1]);
  const area = 'area' in end ? end.area : 'location' in end ? content.locations.find((l) => l.id === end.location)?.area : undefined;
  return !!last && last.area === area;
}

function royalEnd(view: View, id: string): End | undefined {
  const royal = view.royals[id];
  if (!royal) return undefined;
  if (royal.place.kind === 'with') return placeEnd(view, view.nobles[royal.place.noble]?.place);
  if (royal.place.kind === 'alone') return placeEnd(view, royal.place.place);
  return undefined;
}

/**
 * The changes from `before` to `after`. `byEvent` says the rows between them resolved an Event
 * card, so Nobles that moved were moved by it (a moment, not a march). `ways` holds the road
 * moves' ways the rows between them gave, by Noble: a Noble that moved is drawn along its way
 * when the way ends where it now stands, else straight (no way is guessed here).
 */
export function diffViews(content: Content, before: View, after: View, byEvent = false, ways: ReadonlyMap<string, string[]> = new Map()): Changes {
  const moved: Moved[] = [];
  const moments: Moment[] = [];
  const faction = (i: number | undefined) => (i === undefined ? 'Someone' : (after.factions[i]?.name ?? `Seat ${i + 1}`));
  for (const [id, was] of Object.entries(before.nobles)) {
    const now = after.nobles[id];
    const from = placeEnd(before, was.place);
    if (!now) {
      moments.push({ kind: 'killed', at: from, text: `${nobleName(content, id)} (${faction(was.faction)}) was killed.` });
      continue;
    }
    if (now.place.kind === 'captive' && was.place.kind !== 'captive') {
      moments.push({
        kind: 'captured',
        at: placeEnd(after, now.place),
        text: `${nobleName(content, id)} (${faction(now.faction)}) was captured by ${faction(now.place.captor)}.`,
      });
      continue;
    }
    const to = placeEnd(after, now.place);
    // Aboard a ship that sails: the ship's move shows it.
    if (was.place.kind === 'aboard' && now.place.kind === 'aboard') continue;
    if (from && to && !sameEnd(from, to)) {
      const way = now.place.kind === 'aboard' || byEvent ? undefined : ways.get(id);
      const arrived = way && wayEndsAt(content, way, to);
      moved.push({ kind: 'noble', id, faction: now.faction, from, to, how: arrived ? 'road' : 'straight', ...(arrived ? { way } : {}) });
      if (byEvent) {
        moments.push({
          kind: 'event-moved',
          at: to,
          text: `The Event moved ${nobleName(content, id)} (${faction(now.faction)}) to ${endName(content, to)}.`,
        });
      }
    }
  }
  for (const [id, was] of Object.entries(before.ships)) {
    const now = after.ships[id];
    if (!now) continue;
    const from = shipEnd(was.place);
    const to = shipEnd(now.place);
    if (!sameEnd(from, to)) {
      const holder = Object.values(after.nobles).find((n) => n.card === now.card || n.awards.includes(now.card));
      moved.push({ kind: 'ship', id, faction: holder?.faction, from, to, how: 'sea' });
    }
  }
  for (const [id, was] of Object.entries(before.royals)) {
    const now = after.royals[id];
    if (!now) continue;
    const name = royalName(content, id);
    if (now.place.kind === 'dead' && was.place.kind !== 'dead') {
      moments.push({ kind: 'royal-died', at: royalEnd(before, id), text: `${name} died.` });
    } else if (now.crowned && !was.crowned) {
      moments.push({ kind: 'crowned', at: royalEnd(after, id), text: `${name} was crowned.` });
    } else if (now.place.kind === 'alone' && was.place.kind === 'with') {
      moments.push({ kind: 'stranded', at: royalEnd(after, id), text: `${name} is left alone, with no Noble, at ${endName(content, royalEnd(after, id))}.` });
    } else if (now.place.kind === 'with') {
      const holder = after.nobles[now.place.noble]?.faction;
      const before_ = was.place.kind === 'with' ? before.nobles[was.place.noble]?.faction : undefined;
      if (holder !== undefined && holder !== before_) {
        moments.push({ kind: 'royal-taken', at: royalEnd(after, id), text: `${faction(holder)} took ${name}.` });
      }
    }
  }
  after.factions.forEach((f, i) => {
    const was = before.factions[i]?.prestige ?? f.prestige;
    if (Math.abs(f.prestige - was) >= 3) {
      moments.push({ kind: 'prestige', at: undefined, text: `${f.name}: Prestige ${was} → ${f.prestige}.` });
    }
  });
  return { moved, moments };
}

export function endName(content: Content, end: End | undefined): string {
  if (!end) return 'somewhere';
  if ('location' in end) return placeName(content, end.location);
  if ('area' in end) return `the open field of ${placeName(content, end.area)}`;
  return placeName(content, end.sea);
}

