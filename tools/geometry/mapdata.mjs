// Reads the game's map data (data/map/*.toml) into the plain model the geometry build needs:
// places (id, name, lon, lat, area, kind, port, cathedral), Areas (id, name, region, island),
// Regions, sea Areas, ports (place -> sea Area) and road segments (node ids). Tolerant of
// missing files: whatever is absent comes back empty, with a warning.

import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";

function readToml(dir, name, warnings) {
  const path = join(dir, name);
  if (!existsSync(path)) {
    warnings.push(`map data: ${name} not found in ${dir}`);
    return {};
  }
  return parse(readFileSync(path, "utf8"));
}

/** First array-of-tables in a parsed TOML document among the given keys. */
function table(doc, keys) {
  for (const k of keys) if (Array.isArray(doc[k])) return doc[k];
  return [];
}

const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

export function loadMapData(dir) {
  const warnings = [];
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".toml")).sort() : [];
  if (!files.length) warnings.push(`map data: no TOML files in ${dir}; drawing the coast only`);
  const doc = (name) => (files.includes(name) ? readToml(dir, name, warnings) : {});

  const locDoc = doc("locations.toml");
  const areaDoc = doc("areas.toml");
  const regionDoc = doc("regions.toml");
  const seaDoc = doc("sea.toml");
  const estuaryDoc = doc("estuaries.toml");
  const roadDoc = doc("roads.toml");

  const places = table(locDoc, ["location", "locations", "place", "places"]).map((p) => ({
    id: p.id,
    name: p.name ?? p.id,
    lon: num(p.lon),
    lat: num(p.lat),
    area: p.area,
    kind: p.kind ?? p.type ?? "unknown",
    port: Boolean(p.port),
    cathedral: Boolean(p.cathedral),
    across_road: Boolean(p.across_road),
  }));

  const areas = table(areaDoc, ["area", "areas"]).map((a) => ({
    id: a.id,
    name: a.name ?? a.id,
    region: a.region,
    island: Boolean(a.island),
    lon: num(a.lon),
    lat: num(a.lat),
    adjacent: a.adjacent ?? [],
  }));

  const regions = table(regionDoc, ["region", "regions"]).map((r) => ({
    id: r.id,
    name: r.name ?? r.id,
    adjacent: r.adjacent ?? [],
  }));

  const seas = table(seaDoc, ["sea_area", "sea_areas", "sea", "sea_zone", "sea_zones"]).map((s) => ({
    id: s.id,
    name: s.name ?? s.id,
    lon: num(s.lon),
    lat: num(s.lat),
    adjacent: s.adjacent ?? [],
  }));

  const ports = table(seaDoc, ["port", "ports"]).map((p) => ({
    place: p.location ?? p.place ?? p.id,
    sea: p.sea_zone ?? p.sea_area ?? p.sea,
    estuary: p.estuary,
  }));
  for (const p of places) {
    if (!p.port) continue;
    if (!ports.some((q) => q.place === p.id)) ports.push({ place: p.id, sea: undefined });
  }

  const roadNodes = table(roadDoc, ["node", "nodes", "road_node", "road_nodes"]).map((n) => ({
    id: n.id,
    lon: num(n.lon),
    lat: num(n.lat),
  }));
  // Roads: ordered paths of node ids (a place id, or an Area id / "area:tag" for a stretch of
  // road inside that Area).
  const roads = [];
  for (const r of table(roadDoc, ["road", "roads"])) {
    const path = r.path ?? r.nodes ?? (r.from && r.to ? [r.from, r.to] : []);
    if (path.length >= 2) roads.push({ id: r.id ?? `road_${roads.length}`, name: r.name ?? r.id, path });
  }

  for (const p of places)
    if (p.lon === undefined || p.lat === undefined) warnings.push(`map data: place ${p.id} has no lon/lat`);

  const estuaries = table(estuaryDoc, ["estuary", "estuaries"]).map((e) => ({
    id: e.estuary ?? e.id,
    name: e.name,
    areas: e.areas ?? [],
  }));

  return { files, places, areas, regions, seas, ports, roadNodes, roads, estuaries, warnings };
}
