// The way a piece goes, for drawing it: a Noble's road move along the road nodes the rules give
// for it (`LegalCommand.way`, `RowText.way`: the way the move can actually take, round the places
// it may not pass; this module never searches the roads itself), a ship's voyage through the sea
// Areas (sea moves pass every sea Area, so the fewest steps is the way), and a Regional or local
// move straight across. Points are in the map's drawing units. Pure; tested in routes.test.ts.

import type { Content } from '../bindings/Content';
import type { MapGeometry, Point } from '../geometry';
import type { Target } from './intents';

/** Where a route starts or ends: a place, an Area's open field, or a sea Area. */
export type End = { location: string } | { area: string } | { sea: string };

interface Graphs {
  sea: Map<string, string[]>;
  portZone: Map<string, string>;
}

const cache = new WeakMap<Content, Graphs>();

function graphs(content: Content): Graphs {
  const known = cache.get(content);
  if (known) return known;
  const sea = new Map<string, string[]>();
  for (const zone of content.sea_zones ?? []) sea.set(zone.id, [...zone.adjacent]);
  const g: Graphs = {
    sea,
    portZone: new Map((content.ports ?? []).map((p) => [p.location, p.sea_zone])),
  };
  cache.set(content, g);
  return g;
}

/** Breadth-first: the shortest path from any start to any goal, or null. */
export function shortestPath(graph: Map<string, string[]>, starts: string[], goals: Set<string>): string[] | null {
  const previous = new Map<string, string | null>();
  const queue: string[] = [];
  for (const s of starts) {
    if (!previous.has(s)) {
      previous.set(s, null);
      queue.push(s);
    }
  }
  for (let i = 0; i < queue.length; i += 1) {
    const node = queue[i];
    if (goals.has(node)) {
      const path = [node];
      let at = previous.get(node);
      while (at) {
        path.unshift(at);
        at = previous.get(at);
      }
      return path;
    }
    for (const next of graph.get(node) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The sea Areas a voyage passes through, from the ship's sea Area (or its port's) to the destination's. */
export function seaRoute(content: Content, from: End, to: End): string[] | null {
  const g = graphs(content);
  const zone = (end: End) => ('sea' in end ? end.sea : 'location' in end ? g.portZone.get(end.location) : undefined);
  const a = zone(from);
  const b = zone(to);
  if (!a || !b) return null;
  return shortestPath(g.sea, [a], new Set([b]));
}

/** A drawing point for an end. */
export function endPoint(geometry: MapGeometry, end: End): Point | undefined {
  if ('location' in end) return geometry.places[end.location];
  if ('area' in end) return geometry.labels?.areas?.[end.area];
  return geometry.labels?.sea_zones?.[end.sea];
}

export function targetEnd(target: Target): End | undefined {
  switch (target.kind) {
    case 'location':
      return { location: target.id };
    case 'field':
      return { area: target.id };
    case 'sea':
      return { sea: target.id };
    case 'enemy':
      return { area: target.area };
    default:
      return undefined;
  }
}

/**
 * The points of the way a piece goes from `from` to `to`: along `way` (the rules' road nodes) for
 * a road move, through the sea Areas for a voyage, else straight (a road move without its way
 * too). Always starts and ends at the two ends.
 */
export function routePoints(content: Content, geometry: MapGeometry, from: End, to: End, how: 'road' | 'sea' | 'straight', way?: string[]): Point[] {
  const a = endPoint(geometry, from);
  const b = endPoint(geometry, to);
  if (!a || !b) return [];
  const middle: Point[] = [];
  if (how === 'road') {
    for (const node of way ?? []) {
      const p = geometry.places[node] ?? geometry.road_nodes?.[node];
      if (p) middle.push(p);
    }
  } else if (how === 'sea') {
    const zones = seaRoute(content, from, to) ?? [];
    for (const zone of zones) {
      const p = geometry.labels?.sea_zones?.[zone];
      if (p) middle.push(p);
    }
  }
  const points = [a, ...middle, b];
  // Drop repeats (a route that starts at its own place's node).
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1][0] || p[1] !== points[i - 1][1]);
}

/** The point at fraction `t` (0–1) along a polyline, by length. */
export function pointAlong(points: Point[], t: number): Point {
  if (points.length === 0) return [0, 0];
  if (points.length === 1 || t <= 0) return points[0];
  const lengths: number[] = [];
  let total = 0;
  for (let i = 1; i < points.length; i += 1) {
    const d = Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
    lengths.push(d);
    total += d;
  }
  if (t >= 1 || total === 0) return points[points.length - 1];
  let left = t * total;
  for (let i = 0; i < lengths.length; i += 1) {
    if (left <= lengths[i]) {
      const f = lengths[i] ? left / lengths[i] : 0;
      const [x0, y0] = points[i];
      const [x1, y1] = points[i + 1];
      return [x0 + (x1 - x0) * f, y0 + (y1 - y0) * f];
    }
    left -= lengths[i];
  }
  return points[points.length - 1];
}
