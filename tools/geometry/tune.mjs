#!/usr/bin/env node
// Tunes helper seeds so that the drawn Area outlines touch exactly the Areas the map data
// declares adjacent (areas.toml `adjacent`). Greedy and deterministic: for each mismatch it tries
// a few extra seed points and keeps one that lowers the number of mismatches.
// Writes tools/geometry/tuned-seeds.json, which build.mjs reads. Rerun after the map data changes:
//   node tune.mjs [MAP_DATA_DIR]        (default ../../data/map)

import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { makeProjection, buildCoast } from "./coast.mjs";
import { loadMapData } from "./mapdata.mjs";
import { Delaunay } from "d3-delaunay";
import { areaSeedGroups, mergeSeeds, TUNED_SEEDS_FILE } from "./areas.mjs";
import { AREA_SEEDS, BARRIERS } from "./config.mjs";
import { pointInRings, multiRings, sharedEdge, clipSegment } from "./geom.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const mapDir = resolve(process.argv[2] ?? resolve(here, "../../data/map"));
const MAX_EVALS = Number(process.env.TUNE_MAX_EVALS ?? 600);
/** A declared pair must share at least this much border (drawing units) to count as drawn. */
const MIN_DECLARED = 3;
/** An undeclared pair may share at most this much border. */
const MAX_UNDECLARED = 0.5;

const proj = makeProjection();
const { projection } = proj;
const coast = buildCoast(proj);
const data = loadMapData(mapDir);
const P = (lon, lat) => projection([lon, lat]);
const places = {};
for (const p of data.places) if (p.lon !== undefined && p.lat !== undefined) places[p.id] = P(p.lon, p.lat);
const key = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const declared = new Set();
for (const a of data.areas) for (const b of a.adjacent) declared.add(key(a.id, b));
const adjOf = new Map(data.areas.map((a) => [a.id, new Set(a.adjacent)]));
const landRings = multiRings(coast.played);

const barriers = Object.values(BARRIERS).map((line) => line.map(([lon, lat]) => P(lon, lat)));
const side = (a, b, c) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
const crosses = (p, q, r, s) => side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0;

let evals = 0;
/**
 * Fast estimate of the drawn adjacency: the Voronoi edges between seeds of different Areas,
 * clipped to the mainland (the full build also reassigns orphan pieces; close enough to steer).
 */
function evaluate(extra) {
  evals++;
  const { groups } = areaSeedGroups({ coast, data, places, P, warnings: [], extraSeeds: mergeSeeds(AREA_SEEDS, extra) });
  const { clip, seeds } = groups[0];
  const sorted = [...seeds].sort((a, b) => (a.id < b.id ? -1 : 1));
  const seen = new Set();
  const pts = sorted.filter((s) => {
    const k = `${s.pt[0].toFixed(6)},${s.pt[1].toFixed(6)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const vor = Delaunay.from(pts.map((s) => s.pt)).voronoi([-5000, -5000, 6000, 6000]);
  const clipRings = multiRings(clip);
  const inside = (q) => pointInRings(q, clipRings);
  const len = new Map();
  const mids = new Map();
  // Union-find of same-Area cells that share land border: a group of cells with no place in it
  // would be a detached piece (the full build hands it to a neighbour), so it is penalised.
  const parent = pts.map((_, i) => i);
  const find = (i) => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  pts.forEach((s, i) => {
    const cell = vor.cellPolygon(i);
    for (const j of vor.neighbors(i)) {
      if (j <= i) continue;
      if (pts[j].area === s.area) {
        const e = sharedEdge(cell, s.pt, pts[j].pt);
        if (e && clipSegment(e[0], e[1], clipRings, inside).some(([p, q]) => Math.hypot(q[0] - p[0], q[1] - p[1]) > 0.5))
          parent[find(i)] = find(j);
        continue;
      }
      const e = sharedEdge(cell, s.pt, pts[j].pt);
      if (!e) continue;
      const k = key(s.area, pts[j].area);
      for (const [p, q] of clipSegment(e[0], e[1], clipRings, inside)) {
        const l = Math.hypot(q[0] - p[0], q[1] - p[1]);
        len.set(k, (len.get(k) ?? 0) + l);
        const m = mids.get(k) ?? [0, 0];
        mids.set(k, [m[0] + ((p[0] + q[0]) / 2) * l, m[1] + ((p[1] + q[1]) / 2) * l]);
      }
    }
  });
  const mainlandAreas = new Set(pts.map((s) => s.area));
  const missing = [...declared]
    .filter((k) => k.split("|").every((a) => mainlandAreas.has(a)) && (len.get(k) ?? 0) < MIN_DECLARED)
    .sort();
  const surplus = [...len.keys()].filter((k) => !declared.has(k) && len.get(k) > MAX_UNDECLARED).sort();
  const mid = (k) => {
    const m = mids.get(k);
    const l = len.get(k);
    return [m[0] / l, m[1] / l];
  };
  const anchoredRoots = new Set(pts.map((p, i) => (p.anchor ? find(i) : -1)));
  const detachedAreas = [...new Set(pts.map((p, i) => (anchoredRoots.has(find(i)) ? null : p.area)).filter(Boolean))].sort();
  return { score: missing.length + surplus.length + detachedAreas.length, missing, surplus, mid, detachedAreas };
}

const seedsOf = (area) => data.places.filter((p) => p.area === area && places[p.id]).map((p) => places[p.id]);
function closestPair(a, b) {
  let best = null;
  let bestD = Infinity;
  for (const p of seedsOf(a))
    for (const q of seedsOf(b)) {
      const d = Math.hypot(p[0] - q[0], p[1] - q[1]);
      if (d < bestD) {
        bestD = d;
        best = [p, q];
      }
    }
  return best;
}
const lerp = (p, q, t) => [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
const toLonLat = (pt) => projection.invert(pt).map((v) => Math.round(v * 10000) / 10000);

function candidates(state) {
  const out = [];
  for (const k of state.missing) {
    const [a, b] = k.split("|");
    const pair = closestPair(a, b);
    if (!pair) continue;
    const [p, q] = pair;
    for (const t of [0.45, 0.3]) {
      out.push([[a, lerp(p, q, t)]]);
      out.push([[b, lerp(q, p, t)]]);
    }
    out.push([
      [a, lerp(p, q, 0.4)],
      [b, lerp(q, p, 0.4)],
    ]);
  }
  for (const k of state.surplus) {
    const [a, b] = k.split("|");
    const m = state.mid(k);
    const both = [...(adjOf.get(a) ?? [])].filter((c) => adjOf.get(b)?.has(c)).sort();
    const either = [...new Set([...(adjOf.get(a) ?? []), ...(adjOf.get(b) ?? [])])].filter((c) => !both.includes(c)).sort();
    // Four corners: when a and b have two common declared neighbours c and d that are not
    // neighbours of each other, the four meet at one point: four helper seeds on a small circle
    // around the junction (cocircular points give a four-way Voronoi vertex, so no chord).
    for (let ci = 0; ci < both.length; ci++)
      for (let di = ci + 1; di < both.length; di++) {
        const c = both[ci];
        const d = both[di];
        if (declared.has(key(c, d))) continue;
        const dir = (area) => {
          const ps = seedsOf(area);
          if (!ps.length) return null;
          const near = ps.reduce((x, y) => (Math.hypot(y[0] - m[0], y[1] - m[1]) < Math.hypot(x[0] - m[0], x[1] - m[1]) ? y : x));
          return Math.atan2(near[1] - m[1], near[0] - m[0]);
        };
        const ta = dir(a);
        const tc = dir(c);
        if (ta === null || tc === null) continue;
        // c goes a quarter turn from a on the side where it really lies.
        const diff = Math.atan2(Math.sin(tc - ta), Math.cos(tc - ta));
        const sc = diff >= 0 ? 1 : -1;
        for (const r of [4, 7]) {
          const at = (t) => [m[0] + r * Math.cos(t), m[1] + r * Math.sin(t)];
          out.push([
            [a, at(ta)],
            [b, at(ta + Math.PI)],
            [c, at(ta + (sc * Math.PI) / 2)],
            [d, at(ta - (sc * Math.PI) / 2)],
          ]);
        }
      }
    for (const c of [...both, ...either]) {
      if (!seedsOf(c).length) continue;
      out.push([[c, m]]);
      // Also a little towards c's nearest place.
      const near = seedsOf(c).reduce((x, y) => (Math.hypot(y[0] - m[0], y[1] - m[1]) < Math.hypot(x[0] - m[0], x[1] - m[1]) ? y : x));
      out.push([[c, lerp(m, near, 0.3)]]);
      out.push([[c, lerp(m, near, 0.6)]]);
    }
  }
  // A helper seed must be reachable overland from its Area's nearest place (no seed across an
  // estuary or a bay).
  const overland = (area, pt) => {
    const ps = seedsOf(area);
    if (!ps.length) return pointInRings(pt, landRings);
    const near = ps.reduce((x, y) => (Math.hypot(y[0] - pt[0], y[1] - pt[1]) < Math.hypot(x[0] - pt[0], x[1] - pt[1]) ? y : x));
    const n = Math.ceil(Math.hypot(near[0] - pt[0], near[1] - pt[1]) / 1.5) + 1;
    for (let i = 0; i <= n; i++) if (!pointInRings(lerp(pt, near, i / n), landRings)) return false;
    return !barriers.some((line) => line.some((q, i) => i > 0 && crosses(pt, near, line[i - 1], q)));
  };
  return out.filter((cand) => cand.every(([area, pt]) => overland(area, pt)));
}

let extra = {};
let state = evaluate(extra);
console.log(`start: ${state.missing.length} declared-not-drawn, ${state.surplus.length} drawn-not-declared`);
let improved = true;
while (improved && evals < MAX_EVALS) {
  improved = false;
  for (const cand of candidates(state)) {
    if (evals >= MAX_EVALS) break;
    const trial = JSON.parse(JSON.stringify(extra));
    for (const [area, pt] of cand) (trial[area] ??= []).push(toLonLat(pt));
    const s = evaluate(trial);
    if (s.score < state.score) {
      extra = trial;
      state = s;
      improved = true;
      console.log(`  ${evals} evals: score ${state.score} (+ ${cand.map(([a]) => a).join(", ")})`);
      break;
    }
  }
}
console.log(`end after ${evals} evaluations: ${state.missing.length} declared-not-drawn, ${state.surplus.length} drawn-not-declared`);
for (const k of state.missing) console.log(`  still declared but not drawn: ${k}`);
for (const k of state.surplus) console.log(`  still drawn but not declared: ${k}`);
for (const k of state.detachedAreas) console.log(`  helper seeds detached from the places of: ${k}`);

const sorted = Object.fromEntries(Object.entries(extra).sort(([a], [b]) => (a < b ? -1 : 1)));
const text =
  "{\n" +
  `"note": "Helper seeds written by tools/geometry/tune.mjs so the drawn Areas touch exactly the declared neighbours. [lon, lat] per Area.",\n` +
  `"seeds": {\n` +
  Object.entries(sorted)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(",\n") +
  "\n}\n}\n";
writeFileSync(TUNED_SEEDS_FILE, text);
console.log(`wrote ${TUNED_SEEDS_FILE}`);
