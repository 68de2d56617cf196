#!/usr/bin/env node
// Builds data/geometry/map.json: the drawing geometry of the Warwick map (coast, Area and
// Region outlines, sea Areas, place positions, label anchors) from Natural Earth coastlines and
// the game's map data. Usage: node build.mjs [MAP_DATA_DIR] [OUT_FILE]
// Defaults: ../../data/map and ../../data/geometry/map.json relative to this script.
// Deterministic: the same inputs give a byte-identical output.

import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Delaunay } from "d3-delaunay";
import polylabel from "polylabel";
import { makeProjection, buildCoast } from "./coast.mjs";
import { loadMapData } from "./mapdata.mjs";
import { AREA_SEEDS, SEA_SEEDS, PORT_SEED_OFFSET, SIMPLIFY_TOLERANCE, MIN_RING_AREA } from "./config.mjs";
import {
  pc,
  toRings,
  multiRings,
  pointInRings,
  distToRings,
  nearestOnRings,
  chainSegments,
  roundPt,
  polyArea,
  openRing,
} from "./geom.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const mapDir = resolve(process.argv[2] ?? resolve(here, "../../data/map"));
const outFile = resolve(process.argv[3] ?? resolve(here, "../../data/geometry/map.json"));

const proj = makeProjection();
const { projection, width, height } = proj;
const coast = buildCoast(proj);
const data = loadMapData(mapDir);
const warnings = [...data.warnings];

const byId = (xs) => new Map(xs.map((x) => [x.id, x]));
const areaById = byId(data.areas);
const P = (lon, lat) => projection([lon, lat]);

// ---------------------------------------------------------------- places
const places = {};
for (const p of [...data.places].sort((a, b) => (a.id < b.id ? -1 : 1))) {
  if (p.lon === undefined || p.lat === undefined) continue;
  places[p.id] = P(p.lon, p.lat);
}
const placeList = data.places.filter((p) => places[p.id]);

// ---------------------------------------------------------------- land Areas
// Places of the Pale of Calais (and any other enclave) own their enclave outright.
const areaShapes = {}; // area id -> MultiPolygon
const enclaveAreas = new Set();
for (const [placeId, shape] of Object.entries(coast.enclaves)) {
  const pl = data.places.find((p) => p.id === placeId);
  if (!pl || !pl.area) {
    warnings.push(`enclave of ${placeId}: place or its area missing in map data; drawn unnamed`);
    continue;
  }
  areaShapes[pl.area] = pc.union(areaShapes[pl.area] ?? [], shape);
  enclaveAreas.add(pl.area);
}

// Seeds: every place with an Area, plus helper seeds for Areas (from the map data or config).
const seeds = [];
for (const p of placeList) {
  if (!p.area || enclaveAreas.has(p.area)) continue;
  if (!areaById.has(p.area) && data.areas.length) warnings.push(`place ${p.id}: unknown area ${p.area}`);
  seeds.push({ id: p.id, area: p.area, pt: places[p.id] });
}
const areasWithPlaces = new Set(seeds.map((s) => s.area));
for (const a of data.areas) {
  if (enclaveAreas.has(a.id)) continue;
  // The map data's Area lat/lon is a label point (often the mean of its places): used as a seed
  // only for an Area without places; AREA_SEEDS adds shaping seeds in any case.
  if (AREA_SEEDS[a.id])
    AREA_SEEDS[a.id].forEach(([lon, lat], i) => seeds.push({ id: `@${a.id}#${i}`, area: a.id, pt: P(lon, lat) }));
  else if (!areasWithPlaces.has(a.id) && a.lon !== undefined && a.lat !== undefined)
    seeds.push({ id: `@${a.id}`, area: a.id, pt: P(a.lon, a.lat) });
}

// Components of the played land: islands whose places all belong to Areas with no place
// elsewhere get their own Voronoi; everything else is cut from the mainland Voronoi.
const comps = coast.played.map((poly, i) => ({ i, poly: [poly], seeds: [] }));
const compOf = (pt) => {
  for (const c of comps) if (pointInRings(pt, c.poly[0])) return c;
  let best = null;
  let bestD = Infinity;
  for (const c of comps) {
    const d = distToRings(pt, c.poly[0]);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
};
for (const s of seeds) compOf(s.pt).seeds.push(s);
const biggest = comps.reduce((a, c) => (polyArea(c.poly[0]) > polyArea(a.poly[0]) ? c : a), comps[0]);
const areaComps = new Map();
for (const c of comps) for (const s of c.seeds) {
  if (!areaComps.has(s.area)) areaComps.set(s.area, new Set());
  areaComps.get(s.area).add(c.i);
}
const groups = [{ clip: [], seeds: [] }];
for (const c of comps) {
  const own =
    c !== biggest && c.seeds.length > 0 && c.seeds.every((s) => areaComps.get(s.area).size === 1);
  if (own) groups.push({ clip: c.poly, seeds: c.seeds });
  else {
    groups[0].clip = pc.union(groups[0].clip, c.poly);
    groups[0].seeds.push(...c.seeds);
  }
}

const regionOf = (areaId) => areaById.get(areaId)?.region;
const bounds = [-width, -height, 2 * width, 2 * height];

/**
 * Partitions `clip` among the keys of `seedsIn`: Voronoi cells of the seeds, united per key,
 * clipped; then every piece that holds none of its key's seeds (a cell reaching across an
 * estuary or a headland) goes to the neighbour sharing the longest boundary with it.
 */
function partition(seedsIn, clip, keyOf) {
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
    const own = pts.filter((s) => keyOf(s) === k);
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

function bbox(poly) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const ring of poly) for (const [x, y] of ring) {
    if (x < x0) x0 = x;
    if (y < y0) y0 = y;
    if (x > x1) x1 = x;
    if (y > y1) y1 = y;
  }
  return [x0, y0, x1, y1];
}
const inBox = (p, b) => p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3];

/**
 * Shared boundaries between the (rounded) outlines of `shapes` (key -> rings): for each edge,
 * what lies just on either side. Returns segments [[p, q], keyA, keyB] with keyA < keyB.
 */
function sharedBorders(shapes) {
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

for (const g of groups) {
  for (const [k, shape] of partition(g.seeds, g.clip, (s) => s.area)) areaShapes[k] = pc.union(areaShapes[k] ?? [], shape);
}
for (const a of data.areas)
  if (!areaShapes[a.id] && !a.sea) warnings.push(`area ${a.id}: no place or seed, not drawn`);

// ---------------------------------------------------------------- Regions
const regionShapes = {};
for (const [areaId, shape] of Object.entries(areaShapes)) {
  const r = regionOf(areaId);
  if (!r) continue;
  regionShapes[r] = pc.union(regionShapes[r] ?? [], shape);
}

// ---------------------------------------------------------------- sea Areas
// Seeds: the sea Area's own point (map data), extra shaping points (config SEA_SEEDS), and a
// point offshore of each of its ports that is not up an estuary (so each port's water touches it).
const seaSeeds = [];
const landRings = multiRings(coast.allLand);
const seaIds = new Set(data.seas.map((s) => s.id));
function offshore(pt, dist) {
  const q = nearestOnRings(pt, landRings);
  let dx = q[0] - pt[0];
  let dy = q[1] - pt[1];
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return null;
  const outward = pointInRings(pt, landRings) ? 1 : -1;
  return [q[0] + (dx / len) * outward * dist, q[1] + (dy / len) * outward * dist];
}
for (const s of data.seas) {
  let n = 0;
  if (s.lon !== undefined && s.lat !== undefined) {
    seaSeeds.push({ id: s.id, sea: s.id, pt: P(s.lon, s.lat) });
    n++;
  }
  for (const [i, [lon, lat]] of (SEA_SEEDS[s.id] ?? []).entries()) {
    seaSeeds.push({ id: `${s.id}#${i}`, sea: s.id, pt: P(lon, lat) });
    n++;
  }
  for (const port of [...data.ports].sort((a, b) => (a.place < b.place ? -1 : 1))) {
    if (port.sea !== s.id || port.estuary || !places[port.place]) continue;
    const q = offshore(places[port.place], PORT_SEED_OFFSET);
    if (!q || pointInRings(q, landRings)) continue;
    seaSeeds.push({ id: `${s.id}<${port.place}`, sea: s.id, pt: q });
    n++;
  }
  if (!n) warnings.push(`sea area ${s.id}: no position, seeds or ports; not drawn`);
}
for (const id of Object.keys(SEA_SEEDS)) if (data.seas.length && !seaIds.has(id)) warnings.push(`config SEA_SEEDS: unknown sea area ${id}`);
for (const id of Object.keys(AREA_SEEDS)) if (data.areas.length && !areaById.has(id)) warnings.push(`config AREA_SEEDS: unknown area ${id}`);
const seaShapes = partition(seaSeeds, coast.sea, (s) => s.sea);

// ---------------------------------------------------------------- roads
// A road node is a place (its position) or a stretch of road inside an Area ("area" or
// "area:tag"), which has no position in the data: it is placed by relaxation, each stretch
// moving to the mean of its road neighbours and kept inside its Area.
const roadNeighbours = new Map();
for (const r of data.roads)
  for (let i = 0; i < r.path.length; i++) {
    const id = r.path[i];
    if (!roadNeighbours.has(id)) roadNeighbours.set(id, []);
    if (i > 0) roadNeighbours.get(id).push(r.path[i - 1]);
    if (i + 1 < r.path.length) roadNeighbours.get(id).push(r.path[i + 1]);
  }
const nodePos = new Map();
const stretchArea = new Map();
for (const id of [...roadNeighbours.keys()].sort()) {
  if (places[id]) nodePos.set(id, places[id]);
  else {
    const areaId = id.split(":")[0];
    const shape = areaShapes[areaId];
    if (!shape || !shape.length) {
      warnings.push(`road node ${id}: neither a place nor a drawn Area`);
      continue;
    }
    stretchArea.set(id, shape);
    nodePos.set(id, polylabel(shape.reduce((a, p) => (polyArea(p) > polyArea(a) ? p : a), shape[0]).map(openRing), 0.5));
  }
}
for (let iter = 0; iter < 60; iter++) {
  for (const [id, shape] of stretchArea) {
    const ns = roadNeighbours.get(id).filter((n) => nodePos.has(n));
    if (!ns.length) continue;
    let x = 0;
    let y = 0;
    for (const n of ns) {
      x += nodePos.get(n)[0];
      y += nodePos.get(n)[1];
    }
    let q = [x / ns.length, y / ns.length];
    const rings = multiRings(shape);
    if (!pointInRings(q, rings)) {
      // Pull back inside: the nearest boundary point, nudged towards the current position.
      const b = nearestOnRings(q, rings);
      const cur = nodePos.get(id);
      q = [b[0] + (cur[0] - b[0]) * 0.15, b[1] + (cur[1] - b[1]) * 0.15];
      if (!pointInRings(q, rings)) q = cur;
    }
    nodePos.set(id, q);
  }
}
const roadNodes = {};
for (const id of [...stretchArea.keys()].sort()) roadNodes[id] = roundPt(nodePos.get(id));
const roads = {};
for (const r of [...data.roads].sort((a, b) => (a.id < b.id ? -1 : 1))) {
  const missing = r.path.filter((n) => !nodePos.has(n));
  if (missing.length) warnings.push(`road ${r.id}: nodes without position: ${missing.join(", ")}`);
  roads[r.id] = r.path.filter((n) => nodePos.has(n));
}

// ---------------------------------------------------------------- labels
function labelOf(mp) {
  if (!mp || !mp.length) return null;
  const biggestPoly = mp.reduce((a, p) => (polyArea(p) > polyArea(a) ? p : a), mp[0]);
  const l = polylabel(biggestPoly.map(openRing), 0.5);
  return roundPt(l);
}
const labels = { areas: {}, regions: {}, sea_zones: {} };
const sortedEntries = (o) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1));

// ---------------------------------------------------------------- output
const rec = (o) => Object.fromEntries(sortedEntries(o));
const areasOut = {};
for (const [k, v] of sortedEntries(areaShapes)) {
  areasOut[k] = toRings(v);
  labels.areas[k] = labelOf(v);
}
const regionsOut = {};
for (const [k, v] of sortedEntries(regionShapes)) {
  regionsOut[k] = toRings(v);
  labels.regions[k] = labelOf(v);
}
const seasOut = {};
for (const [k, v] of [...seaShapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
  seasOut[k] = toRings(v);
  labels.sea_zones[k] = labelOf(v);
}
// ---------------------------------------------------------------- checks against the map data
// Area and sea adjacency as drawn versus as declared; ports next to their sea Area.
const checks = { area_adjacency: [], sea_adjacency: [], ports: [] };
{
  const drawnAdj = new Set();
  for (const [, a, b] of sharedBorders(new Map(Object.entries(areasOut)))) drawnAdj.add(`${a}|${b}`);
  const declared = new Set();
  for (const a of data.areas) for (const b of a.adjacent) declared.add(a.id < b ? `${a.id}|${b}` : `${b}|${a.id}`);
  for (const k of [...declared].sort()) if (!drawnAdj.has(k)) checks.area_adjacency.push(`declared but not drawn: ${k.replace("|", " - ")}`);
  const estuaryPairs = new Set(data.estuaries.map((e) => [...e.areas].sort().join("|")));
  for (const k of [...drawnAdj].sort())
    if (!declared.has(k)) checks.area_adjacency.push(`drawn but not declared${estuaryPairs.has(k) ? " (estuary pair)" : ""}: ${k.replace("|", " - ")}`);
  const seaDrawn = new Set();
  for (const [, a, b] of sharedBorders(new Map(Object.entries(seasOut)))) seaDrawn.add(`${a}|${b}`);
  // Corner contact counts as adjacent in the rules: accept drawn zones whose outlines touch.
  const seaDeclared = new Set();
  for (const s of data.seas) for (const b of s.adjacent) seaDeclared.add(s.id < b ? `${s.id}|${b}` : `${b}|${s.id}`);
  for (const k of [...seaDeclared].sort()) if (!seaDrawn.has(k)) checks.sea_adjacency.push(`declared but not drawn: ${k.replace("|", " - ")}`);
  for (const k of [...seaDrawn].sort()) if (!seaDeclared.has(k)) checks.sea_adjacency.push(`drawn but not declared: ${k.replace("|", " - ")}`);
  for (const port of [...data.ports].sort((a, b) => (a.place < b.place ? -1 : 1))) {
    const pt = places[port.place];
    const rings = seasOut[port.sea];
    if (!pt || !rings) continue;
    const d = distToRings(pt, rings);
    if (d > 12 && !port.estuary) checks.ports.push(`${port.place}: ${d.toFixed(0)} units from its sea Area ${port.sea}`);
  }
  for (const list of Object.values(checks)) for (const c of list) warnings.push(`check: ${c}`);
}

// Borders from the rounded outlines, so they coincide exactly with the drawn Areas.
const areaBorderSegs = [];
const regionBorderSegs = [];
for (const [seg, a, b] of sharedBorders(new Map(Object.entries(areasOut)))) {
  const ra = regionOf(a);
  const rb = regionOf(b);
  (ra !== undefined && rb !== undefined && ra !== rb ? regionBorderSegs : areaBorderSegs).push(seg);
}
const seaBorderSegs = sharedBorders(new Map(Object.entries(seasOut))).map(([seg]) => seg);
const placesOut = {};
for (const [k, v] of sortedEntries(places)) placesOut[k] = roundPt(v);

const out = {
  format: "warwick-map-geometry/1",
  source:
    "Coastlines: Natural Earth 1:10m admin-0 countries (public domain) via npm world-atlas countries-10m; " +
    "Areas, Regions and sea Areas: Voronoi cells of the places of data/map (see data/geometry/README.md); " +
    "built by tools/geometry/build.mjs",
  projection: { ...proj.info, simplify_tolerance: SIMPLIFY_TOLERANCE, min_ring_area: MIN_RING_AREA },
  width,
  height,
  land: toRings(pc.union(coast.played, ...Object.values(coast.enclaves))),
  unused_land: toRings(coast.unused),
  areas: areasOut,
  regions: regionsOut,
  area_borders: chainSegments(areaBorderSegs),
  region_borders: chainSegments(regionBorderSegs),
  sea_zones: seasOut,
  sea_borders: chainSegments(seaBorderSegs),
  places: placesOut,
  road_nodes: roadNodes,
  roads,
  checks,
  labels: { areas: rec(labels.areas), regions: rec(labels.regions), sea_zones: rec(labels.sea_zones) },
};

// One top-level key per line, one id per line inside maps: compact but diffable.
function serialize(o) {
  const lines = ["{"];
  const keys = Object.keys(o);
  keys.forEach((k, i) => {
    const v = o[k];
    const comma = i + 1 < keys.length ? "," : "";
    if (v && typeof v === "object" && !Array.isArray(v) && k !== "projection" && Object.keys(v).length) {
      lines.push(`${JSON.stringify(k)}: {`);
      const ks = Object.keys(v);
      ks.forEach((kk, j) => lines.push(`  ${JSON.stringify(kk)}: ${JSON.stringify(v[kk])}${j + 1 < ks.length ? "," : ""}`));
      lines.push(`}${comma}`);
    } else lines.push(`${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
  });
  lines.push("}");
  return lines.join("\n") + "\n";
}

mkdirSync(dirname(outFile), { recursive: true });
const text = serialize(out);
writeFileSync(outFile, text);
for (const w of [...new Set(warnings)].sort()) console.warn(`warning: ${w}`);
console.log(
  `wrote ${outFile}: ${(text.length / 1024).toFixed(0)} KB, ${Object.keys(areasOut).length} areas, ` +
    `${Object.keys(regionsOut).length} regions, ${Object.keys(seasOut).length} sea areas, ${Object.keys(placesOut).length} places`,
);
