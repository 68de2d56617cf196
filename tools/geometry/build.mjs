#!/usr/bin/env node
// Builds data/geometry/map.json: the drawing geometry of the Warwick map (coast, Area and
// Region outlines, sea Areas, place positions, label anchors) from Natural Earth coastlines and
// the game's map data. Usage: node build.mjs [MAP_DATA_DIR] [OUT_FILE]
// Defaults: ../../data/map and ../../data/geometry/map.json relative to this script.
// Deterministic: the same inputs give a byte-identical output.

import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import polylabel from "polylabel";
import { makeProjection, buildCoast } from "./coast.mjs";
import { buildAreas, loadTunedSeeds, mergeSeeds } from "./areas.mjs";
import { partition, sharedBorders } from "./partition.mjs";
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

// ---------------------------------------------------------------- land Areas
const tuned = loadTunedSeeds();
const { areaShapes } = buildAreas({ coast, data, places, P, warnings, extraSeeds: mergeSeeds(AREA_SEEDS, tuned) });
const regionOf = (areaId) => areaById.get(areaId)?.region;

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
const seaById = byId(data.seas);
for (const [k, v] of [...seaShapes].sort(([a], [b]) => (a < b ? -1 : 1))) {
  seasOut[k] = toRings(v);
  // Label: the point of the zone's visible water farthest from coasts, sea borders and the view
  // edge (a 30-unit margin is kept clear); else the map data's own point.
  const m = 30;
  const inner = pc.intersection(v, [[[[m, m], [width - m, m], [width - m, height - m], [m, height - m], [m, m]]]]);
  const s = seaById.get(k);
  const own = s && s.lon !== undefined ? roundPt(P(s.lon, s.lat)) : null;
  labels.sea_zones[k] = inner.length ? labelOf(inner) : own ?? labelOf(v);
}
// ---------------------------------------------------------------- checks against the map data
// Area and sea adjacency as drawn versus as declared; ports next to their sea Area.
const checks = { area_adjacency: [], sea_adjacency: [], ports: [], places: [] };
{
  // Shared border length per pair; under 0.5 units (~350 m) counts as a corner contact.
  const borderLength = (shapes) => {
    const len = new Map();
    for (const [[p, q], a, b] of sharedBorders(new Map(Object.entries(shapes))))
      len.set(`${a}|${b}`, (len.get(`${a}|${b}`) ?? 0) + Math.hypot(q[0] - p[0], q[1] - p[1]));
    return len;
  };
  const areaLen = borderLength(areasOut);
  const drawnAdj = new Set([...areaLen].filter(([, l]) => l >= 0.5).map(([k]) => k));
  const declared = new Set();
  for (const a of data.areas) for (const b of a.adjacent) declared.add(a.id < b ? `${a.id}|${b}` : `${b}|${a.id}`);
  for (const k of [...declared].sort()) if (!drawnAdj.has(k)) checks.area_adjacency.push(`declared but not drawn: ${k.replace("|", " - ")}`);
  const estuaryPairs = new Set(data.estuaries.map((e) => [...e.areas].sort().join("|")));
  for (const k of [...drawnAdj].sort())
    if (!declared.has(k))
      checks.area_adjacency.push(
        `drawn but not declared${estuaryPairs.has(k) ? " (estuary pair)" : ""}: ${k.replace("|", " - ")} (${areaLen.get(k).toFixed(1)} units)`,
      );
  const seaLen = borderLength(seasOut);
  const seaDrawn = new Set([...seaLen].filter(([, l]) => l >= 0.5).map(([k]) => k));
  // Corner contact counts as adjacent in the rules: accept drawn zones whose outlines touch.
  const seaDeclared = new Set();
  for (const s of data.seas) for (const b of s.adjacent) seaDeclared.add(s.id < b ? `${s.id}|${b}` : `${b}|${s.id}`);
  for (const k of [...seaDeclared].sort()) if (!seaDrawn.has(k)) checks.sea_adjacency.push(`declared but not drawn: ${k.replace("|", " - ")}`);
  for (const k of [...seaDrawn].sort())
    if (!seaDeclared.has(k)) checks.sea_adjacency.push(`drawn but not declared: ${k.replace("|", " - ")} (${seaLen.get(k).toFixed(1)} units)`);
  for (const port of [...data.ports].sort((a, b) => (a.place < b.place ? -1 : 1))) {
    const pt = places[port.place];
    const rings = seasOut[port.sea];
    if (!pt || !rings) continue;
    const d = distToRings(pt, rings);
    if (d > 12 && !port.estuary) checks.ports.push(`${port.place}: ${d.toFixed(0)} units from its sea Area ${port.sea}`);
  }
  for (const p of [...data.places].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const pt = places[p.id];
    const rings = areasOut[p.area];
    if (!pt || !rings) continue;
    if (!pointInRings(pt, rings) && distToRings(pt, rings) > 2)
      checks.places.push(`${p.id}: ${distToRings(pt, rings).toFixed(0)} units outside its Area ${p.area}`);
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
