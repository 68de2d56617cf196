// Label declutter: which names to show at the current zoom, and where, so that no two overlap.
// Pure: works on screen positions and estimated text sizes, so it is tested without a browser.

import type { LocationKind } from '../bindings/LocationKind';

export interface LabelRequest {
  id: string;
  text: string;
  /** Screen position of the thing named (a place's icon, an Area's label point). */
  x: number;
  y: number;
  /** Lower is more important: placed first. */
  priority: number;
  /** Shown only at this zoom level or closer (1 = whole map fits). */
  minZoom: number;
  /** Shown only below this zoom level (Region names give way to Area names). */
  maxZoom?: number;
  /** Font size in screen pixels. */
  size: number;
  /** Radius of the icon beside which the label sits; 0 centres the label on the point. */
  offset: number;
  /** Width of a letter as a share of the font size (default 0.56; capitals with spacing ~0.8). */
  letterWidth?: number;
  /**
   * Always shown (Cities): placed at its first free spot ignoring icons, or at its first spot
   * even if it overlaps, rather than left out.
   */
  always?: boolean;
  /** For a centred name: whether a screen point lies inside what it names (nudges stay inside). */
  inside?: (x: number, y: number) => boolean;
}

export interface PlacedLabel {
  id: string;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  size: number;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Roughly how wide a text is in pixels (serif, mixed case). */
export function textWidth(text: string, size: number, letterWidth = 0.56): number {
  return text.length * size * letterWidth;
}

/** The zoom level from which a place's name is shown: minor places only when zoomed in. */
export function placeMinZoom(kind: LocationKind): number {
  switch (kind) {
    case 'city':
      return 1;
    case 'fortified_town':
      return 1;
    case 'royal_castle':
    case 'open_town':
      return 1.5;
    case 'castle':
      return 2;
    case 'unfortified_town':
      return 2.6;
  }
}

/** Which names go first when space is short: Cities, then Towns, royal castles, castles... */
export function placePriority(kind: LocationKind): number {
  switch (kind) {
    case 'city':
      return 0;
    case 'fortified_town':
      return 2;
    case 'royal_castle':
      return 3;
    case 'open_town':
      return 4;
    case 'castle':
      return 5;
    case 'unfortified_town':
      return 7;
  }
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Candidate spots for a label: right of the icon, left, above, below (or centred). */
function candidates(request: LabelRequest): { placed: PlacedLabel; box: Box }[] {
  const w = textWidth(request.text, request.size, request.letterWidth) + 2;
  const h = request.size * 1.15;
  const { x, y, offset } = request;
  const base = { id: request.id, text: request.text, size: request.size };
  const box = (x0: number, yMid: number): Box => ({ x0, y0: yMid - h / 2, x1: x0 + w, y1: yMid + h / 2 });
  // Text is drawn with a baseline; this puts the middle of the letters on yMid.
  const baseline = (yMid: number) => yMid + request.size * 0.35;
  if (offset === 0) {
    // Centred on its point, else nudged by up to two lines up or down and a third of its width
    // sideways: a name of an Area or Region still reads as that Area's or Region's.
    const spots: { placed: PlacedLabel; box: Box }[] = [];
    for (const dy of [0, -h, h, -2 * h, 2 * h]) {
      for (const dx of [0, -w / 3, w / 3]) {
        if ((dx !== 0 || dy !== 0) && request.inside && !request.inside(x + dx, y + dy)) continue;
        spots.push({
          placed: { ...base, x: x + dx, y: baseline(y + dy), anchor: 'middle' },
          box: box(x + dx - w / 2, y + dy),
        });
      }
    }
    return spots;
  }
  const gap = offset + 3;
  const above = y - offset - h / 2 - 1;
  const below = y + offset + h / 2 + 1;
  return [
    { placed: { ...base, x: x + gap, y: baseline(y), anchor: 'start' }, box: box(x + gap, y) },
    { placed: { ...base, x: x - gap, y: baseline(y), anchor: 'end' }, box: box(x - gap - w, y) },
    { placed: { ...base, x, y: baseline(above), anchor: 'middle' }, box: box(x - w / 2, above) },
    { placed: { ...base, x, y: baseline(below), anchor: 'middle' }, box: box(x - w / 2, below) },
  ];
}

/**
 * Chooses the labels to show at `zoom` inside the screen box `bounds`: most important first,
 * each at the first of its candidate spots that overlaps no label already placed and none of
 * the `obstacles` (icons); a label with no free spot is left out. Deterministic.
 */
export function declutter(
  requests: LabelRequest[],
  zoom: number,
  bounds: Box,
  obstacles: Box[] = [],
): PlacedLabel[] {
  const eligible = requests
    .filter((r) => zoom >= r.minZoom && (r.maxZoom === undefined || zoom < r.maxZoom))
    .filter((r) => r.x >= bounds.x0 - 50 && r.x <= bounds.x1 + 50 && r.y >= bounds.y0 - 20 && r.y <= bounds.y1 + 20)
    .sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id));
  const taken: Box[] = [];
  const out: PlacedLabel[] = [];
  for (const request of eligible) {
    const spots = candidates(request);
    const inside = (box: Box) => box.x0 >= bounds.x0 && box.x1 <= bounds.x1 && box.y0 >= bounds.y0 && box.y1 <= bounds.y1;
    const free = (box: Box, icons: boolean) =>
      inside(box) && !taken.some((t) => overlaps(t, box)) && !(icons && obstacles.some((o) => overlaps(o, box)));
    const spot =
      spots.find((s) => free(s.box, true)) ??
      (request.always ? (spots.find((s) => free(s.box, false)) ?? spots[0]) : undefined);
    if (!spot) continue;
    taken.push(spot.box);
    out.push(spot.placed);
  }
  return out;
}

/** A name to put above a ring on the map: the ring's centre and the name's width, in screen pixels. */
export interface RingName {
  x: number;
  y: number;
  width: number;
}

/** How far above its ring's centre a name sits, and how tall a line of names is. */
export const RING_NAME_RISE = 27;
export const RING_NAME_LINE = 17;

/**
 * Where the names of rings drawn close together go, so that no two overlap and none runs off a
 * screen `screenWidth` wide: each name's middle and baseline, in order, at `RING_NAME_RISE` above
 * its ring (moved sideways only as far as the screen's edge asks), raised a line at a time past
 * every name placed before it that it would cover (the newest moments are named last, on top).
 */
export function stackRingNames(names: RingName[], screenWidth: number): { x: number; baseline: number }[] {
  const taken: Box[] = [];
  return names.map(({ x: ringX, y, width }) => {
    const x = Math.max(Math.min(ringX, screenWidth - width / 2 - 4), width / 2 + 4);
    const box = (baseline: number): Box => ({ x0: x - width / 2, y0: baseline - RING_NAME_LINE + 3, x1: x + width / 2, y1: baseline + 3 });
    let baseline = y - RING_NAME_RISE;
    while (taken.some((t) => overlaps(t, box(baseline)))) baseline -= RING_NAME_LINE;
    taken.push(box(baseline));
    return { x, baseline };
  });
}
