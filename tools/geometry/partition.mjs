// Splitting a clip shape among keyed seed points (Voronoi cells united per key, with orphan
// pieces handed to their best neighbour) and finding the shared borders between outlines.

import { Delaunay } from "d3-delaunay";
import { pc, pointInRings, distToRings, openRing } from "./geom.mjs";

/** Far bounds for the Voronoi diagram (everything is clipped afterwards). */
const bounds = [-5000, -5000, 6000, 6000];

/**
 * Partitions `clip` among the keys of `seedsIn`: Voronoi cells of the seeds, united per key,
 * clipped; then every piece that holds none of its key's seeds (a cell reaching across an
 * estuary or a headland) goes to the neighbour sharing the longest boundary with it.
 */
export function partition(seedsIn, clip, keyOf, warnings = []) {
  const sorted = [...seedsIn].sort((a, b) => (a.id < b.id ? -1 : 1));
  const seen = new Map();
  const pts = [];
  for (const s of sorted) {
    const k = `${s.pt[0].toFixed(6)},${s.pt[1].toFixed(6)}`;
    if (seen.has(k)) {
      if (keyOf(seen.get(k)) !== keyOf(s)) warnings.push(`${s.id} and ${seen.get(k).id} share a position but not an area`);
      continue;
    }
    seen.set(k, s);
    pts.push(s);
  }
  const shapes = new Map();
  if (pts.length === 0) return shapes;
  if (pts.length === 1) {
    shapes.set(keyOf(pts[0]), clip);
    return shapes;
  }
  const vor = Delaunay.from(pts.map((s) => s.pt)).voronoi(bounds);
  const cellsByKey = new Map();
  pts.forEach((s, i) => {
    const cell = vor.cellPolygon(i);
    if (!cell) return;
    const k = keyOf(s);
    if (!cellsByKey.has(k)) cellsByKey.set(k, []);
    cellsByKey.get(k).push([[cell]]);
  });
  for (const k of [...cellsByKey.keys()].sort()) {
    const shape = pc.intersection(pc.union(...cellsByKey.get(k)), clip);
    if (shape.length) shapes.set(k, shape);
  }
  // Orphan pieces.
  const holds = (poly, s) => pointInRings(s.pt, poly) || distToRings(s.pt, poly) < 3;
  const pieces = [];
  for (const [k, mp] of shapes) {
    // Only anchor seeds (places) make a piece legitimate: a piece held by helper seeds alone is
    // handed to a neighbour, so helper seeds never leave an Area in two parts.
    const own = pts.filter((s) => keyOf(s) === k && s.anchor !== false);
    const flags = mp.map((poly) => own.some((s) => holds(poly, s)));
    mp.forEach((poly, i) => pieces.push({ k, poly, orphan: !flags[i] && flags.some((f) => f) }));
  }
  const index = pieces.map((p) => ({ ...p, box: bbox(p.poly) }));
  for (const piece of index) {
    if (!piece.orphan) continue;
    const score = new Map();
    for (const ring of piece.poly) {
      const r = openRing(ring);
      for (let i = 0; i < r.length; i++) {
        const a = r[i];
        const b = r[(i + 1) % r.length];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        if (len < 1e-6) continue;
        const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const n = [(-(b[1] - a[1]) / len) * 0.3, ((b[0] - a[0]) / len) * 0.3];
        for (const q of [
          [m[0] + n[0], m[1] + n[1]],
          [m[0] - n[0], m[1] - n[1]],
        ]) {
          const other = index.find((o) => o !== piece && o.k !== piece.k && inBox(q, o.box) && pointInRings(q, o.poly));
          if (other) score.set(other.k, (score.get(other.k) ?? 0) + len);
        }
      }
    }
    const best = [...score].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0];
    if (best) piece.k = best[0];
  }
  const out = new Map();
  for (const p of index) out.set(p.k, pc.union(out.get(p.k) ?? [], [p.poly]));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function bbox(poly) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const ring of poly) for (const [x, y] of ring) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}
export const inBox = (p, b) => p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3];

/**
 * Shared boundaries between the (rounded) outlines of `shapes` (key -> rings): for each edge,
 * what lies just on either side. Returns segments [[p, q], keyA, keyB] with keyA < keyB.
 */
export function sharedBorders(shapes) {
  const idx = [...shapes].map(([k, rings]) => ({ k, rings, box: bbox(rings) }));
  const at = (q) => idx.find((o) => inBox(q, o.box) && pointInRings(q, o.rings))?.k;
  const out = [];
  for (const o of idx)
    for (const ring of o.rings)
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i];
        const b = ring[(i + 1) % ring.length];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        if (len < 1e-6) continue;
        const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        const n = [(-(b[1] - a[1]) / len) * 0.2, ((b[0] - a[0]) / len) * 0.2];
        for (const q of [
          [m[0] + n[0], m[1] + n[1]],
          [m[0] - n[0], m[1] - n[1]],
        ]) {
          const k2 = at(q);
          if (k2 !== undefined && o.k < k2) out.push([[a, b], o.k, k2]);
        }
      }
  return out;
}

