// Plane geometry helpers for the map build: rings, areas, point-in-polygon, segment clipping,
// Voronoi shared edges, polyline chaining and rounding. Pure functions, no I/O.

import polygonClipping from "polygon-clipping";

/** Signed area of a ring (positive = counter-clockwise in y-up axes). */
export function ringArea(ring) {
  let a = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const [x1, y1] = ring[i];
    const [x2, y2] = ring[(i + 1) % n];
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

/** Ring without a repeated closing point. */
export function openRing(ring) {
  if (ring.length > 1) {
    const a = ring[0];
    const b = ring[ring.length - 1];
    if (a[0] === b[0] && a[1] === b[1]) return ring.slice(0, -1);
  }
  return ring;
}

/** Ring with a repeated closing point (polygon-clipping input). */
export function closeRing(ring) {
  const r = openRing(ring);
  return [...r, r[0]];
}

/** Even-odd point in a list of rings. */
export function pointInRings(p, rings) {
  const [x, y] = p;
  let inside = false;
  for (const ring0 of rings) {
    const ring = openRing(ring0);
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** All rings of a polygon-clipping MultiPolygon, flattened. */
export function multiRings(mp) {
  const out = [];
  for (const poly of mp) for (const ring of poly) out.push(ring);
  return out;
}

export function pointInMulti(p, mp) {
  return pointInRings(p, multiRings(mp));
}

/** Distance from a point to a segment. */
export function distToSegment(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Distance from a point to the boundary of a list of rings. */
export function distToRings(p, rings) {
  let best = Infinity;
  for (const ring0 of rings) {
    const ring = openRing(ring0);
    for (let i = 0; i < ring.length; i++) {
      const d = distToSegment(p, ring[i], ring[(i + 1) % ring.length]);
      if (d < best) best = d;
    }
  }
  return best;
}

/** Nearest point on the boundary of rings. */
export function nearestOnRings(p, rings) {
  let best = Infinity;
  let bestPt = p;
  for (const ring0 of rings) {
    const ring = openRing(ring0);
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % ring.length];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const l2 = dx * dx + dy * dy;
      let t = l2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
      t = Math.max(0, Math.min(1, t));
      const q = [a[0] + t * dx, a[1] + t * dy];
      const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
      if (d < best) {
        best = d;
        bestPt = q;
      }
    }
  }
  return bestPt;
}

/** Parameters t in (0,1) where segment a-b crosses the boundary of rings. */
function crossings(a, b, rings) {
  const ts = [];
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  for (const ring0 of rings) {
    const ring = openRing(ring0);
    for (let i = 0; i < ring.length; i++) {
      const c = ring[i];
      const d = ring[(i + 1) % ring.length];
      const sx = d[0] - c[0];
      const sy = d[1] - c[1];
      const den = rx * sy - ry * sx;
      if (den === 0) continue;
      const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
      const u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den;
      if (t > 0 && t < 1 && u >= 0 && u < 1) ts.push(t);
    }
  }
  return ts.sort((x, y) => x - y);
}

/**
 * The parts of segment a-b for which `inside(point)` holds, where the inside test only
 * changes where the segment crosses one of `rings`.
 */
export function clipSegment(a, b, rings, inside) {
  const ts = [0, ...crossings(a, b, rings), 1];
  const out = [];
  const at = (t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  for (let i = 0; i + 1 < ts.length; i++) {
    if (ts[i + 1] - ts[i] < 1e-9) continue;
    const mid = at((ts[i] + ts[i + 1]) / 2);
    if (inside(mid)) {
      const p = at(ts[i]);
      const q = at(ts[i + 1]);
      const last = out[out.length - 1];
      if (last && Math.abs(last[1][0] - p[0]) < 1e-9 && Math.abs(last[1][1] - p[1]) < 1e-9) {
        last[1] = q;
      } else out.push([p, q]);
    }
  }
  return out;
}

/**
 * The edge shared by the Voronoi cells of points i and j (cells as closed polygons from
 * d3-delaunay), as [p, q], or null.
 */
export function sharedEdge(cellI, pi, pj) {
  if (!cellI) return null;
  const mx = (pi[0] + pj[0]) / 2;
  const my = (pi[1] + pj[1]) / 2;
  const nx = pj[0] - pi[0];
  const ny = pj[1] - pi[1];
  const len = Math.hypot(nx, ny);
  if (len === 0) return null;
  const on = [];
  for (const v of openRing(cellI)) {
    const d = Math.abs((v[0] - mx) * nx + (v[1] - my) * ny) / len;
    if (d < 1e-6 * Math.max(1, len)) on.push(v);
  }
  if (on.length < 2) return null;
  let best = null;
  let bestD = -1;
  for (let a = 0; a < on.length; a++)
    for (let b = a + 1; b < on.length; b++) {
      const d = Math.hypot(on[a][0] - on[b][0], on[a][1] - on[b][1]);
      if (d > bestD) {
        bestD = d;
        best = [on[a], on[b]];
      }
    }
  return bestD > 1e-9 ? best : null;
}

export const round1 = (v) => Math.round(v * 10) / 10;
export const roundPt = (p) => [round1(p[0]), round1(p[1])];

/** Rounds a ring to 0.1, drops repeated points and the closing point; null if degenerate. */
export function roundRing(ring) {
  const out = [];
  for (const p of openRing(ring)) {
    const q = roundPt(p);
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  while (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1])
    out.pop();
  if (out.length < 3 || Math.abs(ringArea(out)) < 0.05) return null;
  return out;
}

/** Flat list of rounded rings of a MultiPolygon (draw with fill-rule evenodd). */
export function toRings(mp) {
  const out = [];
  for (const ring of multiRings(mp)) {
    const r = roundRing(ring);
    if (r) out.push(r);
  }
  return out;
}

/** Chains segments [[p,q],...] into polylines, joining at endpoints equal after rounding. */
export function chainSegments(segs) {
  const key = (p) => `${round1(p[0])},${round1(p[1])}`;
  const rounded = segs
    .map(([p, q]) => [roundPt(p), roundPt(q)])
    .filter(([p, q]) => key(p) !== key(q));
  // Dedupe (a shared edge may be found twice).
  const seen = new Set();
  const uniq = [];
  for (const [p, q] of rounded) {
    const k1 = key(p) + ";" + key(q);
    const k2 = key(q) + ";" + key(p);
    if (seen.has(k1) || seen.has(k2)) continue;
    seen.add(k1);
    uniq.push([p, q]);
  }
  const byEnd = new Map();
  uniq.forEach((s, i) => {
    for (const p of s) {
      const k = key(p);
      if (!byEnd.has(k)) byEnd.set(k, []);
      byEnd.get(k).push(i);
    }
  });
  const used = new Array(uniq.length).fill(false);
  const lines = [];
  const extend = (line) => {
    for (;;) {
      const end = line[line.length - 1];
      const cands = (byEnd.get(key(end)) || []).filter((i) => !used[i]);
      if (cands.length !== 1 || (byEnd.get(key(end)) || []).length > 2) return;
      const i = cands[0];
      used[i] = true;
      const [p, q] = uniq[i];
      line.push(key(p) === key(end) ? q : p);
    }
  };
  // Start at endpoints that are not simple pass-through joints first, then loops.
  const order = [...uniq.keys()];
  for (const pass of [0, 1]) {
    for (const i of order) {
      if (used[i]) continue;
      const [p, q] = uniq[i];
      const degP = byEnd.get(key(p)).length;
      if (pass === 0 && degP === 2) continue;
      used[i] = true;
      const line = [p, q];
      extend(line);
      if (pass === 1) {
        line.reverse();
        extend(line);
      }
      lines.push(line);
    }
  }
  return lines;
}

/** polygon-clipping wrappers that tolerate empty input. */
export const pc = {
  union: (...mps) => {
    const xs = mps.filter((m) => m && m.length);
    if (xs.length === 0) return [];
    return polygonClipping.union(...xs);
  },
  intersection: (a, ...bs) => {
    if (!a || !a.length || bs.some((b) => !b || !b.length)) return [];
    return polygonClipping.intersection(a, ...bs);
  },
  difference: (a, ...bs) => {
    if (!a || !a.length) return [];
    const xs = bs.filter((m) => m && m.length);
    if (!xs.length) return a;
    return polygonClipping.difference(a, ...xs);
  },
};

/** Area of a polygon-clipping Polygon (outer minus holes, absolute). */
export function polyArea(poly) {
  let a = 0;
  poly.forEach((ring, i) => {
    const v = Math.abs(ringArea(openRing(ring)));
    a += i === 0 ? v : -v;
  });
  return a;
}
