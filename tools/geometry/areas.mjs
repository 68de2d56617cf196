// Land Areas: the places of each Area (plus helper seeds) split the played land by Voronoi;
// islands holding only island Areas are split on their own; enclaves (the Pale of Calais) are
// given whole to the Area of their place. Also the tuned helper seeds file.

import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { pc, pointInRings, distToRings, polyArea } from "./geom.mjs";
import { partition } from "./partition.mjs";
import { CORNERS } from "./config.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const TUNED_SEEDS_FILE = join(here, "tuned-seeds.json");

/** Helper seeds written by tune.mjs: { area_id: [[lon, lat], ...] } (empty if absent). */
export function loadTunedSeeds() {
  if (!existsSync(TUNED_SEEDS_FILE)) return {};
  return JSON.parse(readFileSync(TUNED_SEEDS_FILE, "utf8")).seeds ?? {};
}

/** Concatenates seed maps { id: [[lon, lat]...] }. */
export function mergeSeeds(...maps) {
  const out = {};
  for (const m of maps) for (const [k, v] of Object.entries(m)) out[k] = [...(out[k] ?? []), ...v];
  return out;
}

/**
 * Returns { area id -> MultiPolygon } and the mainland group ({ clip, seeds }).
 * `places`: id -> [x, y]; `P(lon, lat)` projects; `extraSeeds`: area id -> [[lon, lat]...].
 */
export function buildAreas(ctx) {
  const { areaShapes, groups } = areaSeedGroups(ctx);
  for (const g of groups) {
    for (const [k, shape] of partition(g.seeds, g.clip, (s) => s.area, ctx.warnings))
      areaShapes[k] = pc.union(areaShapes[k] ?? [], shape);
  }
  for (const a of ctx.data.areas)
    if (!areaShapes[a.id]) ctx.warnings.push(`area ${a.id}: no place or seed, not drawn`);
  return { areaShapes, mainland: groups[0] };
}

/**
 * The enclave Areas (already shaped) and the seed groups to partition: the mainland group
 * first ({ clip, seeds }), then one group per island that is split on its own.
 */
export function areaSeedGroups({ coast, data, places, P, warnings, extraSeeds }) {
  const areaById = new Map(data.areas.map((x) => [x.id, x]));
  const placeList = data.places.filter((p) => places[p.id]);
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
    seeds.push({ id: p.id, area: p.area, pt: places[p.id], anchor: true });
  }
  const areasWithPlaces = new Set(seeds.map((s) => s.area));
  for (const a of data.areas) {
    if (enclaveAreas.has(a.id)) continue;
    // The map data's Area lat/lon is a label point (often the mean of its places): used as a seed
    // only for an Area without places; extra seeds (config and tuned) add shaping seeds in any case.
    if (extraSeeds[a.id])
      extraSeeds[a.id].forEach(([lon, lat], i) => seeds.push({ id: `@${a.id}#${String(i).padStart(3, "0")}`, area: a.id, pt: P(lon, lat), anchor: false }));
    else if (!areasWithPlaces.has(a.id) && a.lon !== undefined && a.lat !== undefined)
      seeds.push({ id: `@${a.id}`, area: a.id, pt: P(a.lon, a.lat), anchor: true });
  }
  // Multi-Area junctions: seeds on a small circle (cocircular, so their Voronoi cells meet at
  // one point), one per Area in the given direction. Skipped if an Area is unknown.
  CORNERS.forEach((corner, ci) => {
    if (!corner.areas.every(([id]) => areaById.has(id))) {
      warnings.push(`config CORNERS #${ci}: unknown area`);
      return;
    }
    const c = P(...corner.center);
    for (const [id, deg] of corner.areas) {
      const t = (deg * Math.PI) / 180;
      // Degrees counter-clockwise from east on the map (y grows southwards).
      seeds.push({ id: `+${ci}:${id}`, area: id, pt: [c[0] + corner.radius * Math.cos(t), c[1] - corner.radius * Math.sin(t)], anchor: false });
    }
  });

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
  // Areas with no place: their helper seeds anchor them.
  const anchored = new Set(seeds.filter((x) => x.anchor).map((x) => x.area));
  for (const x of seeds) if (!anchored.has(x.area)) x.anchor = true;
  const groups = [{ clip: [], seeds: [] }];
  const groupOf = new Map();
  for (const c of comps) {
    if (!c.seeds.length) continue;
    const own = c !== biggest && c.seeds.every((x) => areaComps.get(x.area).size === 1);
    if (own) {
      groupOf.set(c.i, groups.length);
      groups.push({ clip: c.poly, seeds: c.seeds });
    } else {
      groupOf.set(c.i, 0);
      groups[0].clip = pc.union(groups[0].clip, c.poly);
      groups[0].seeds.push(...c.seeds);
    }
  }
  // A small island without places goes with the nearest land that has some (Holy Island with
  // Anglesey, Sheppey with Kent).
  const seeded = comps.filter((c) => c.seeds.length);
  for (const c of comps) {
    if (c.seeds.length || !seeded.length) continue;
    let best = null;
    let bestD = Infinity;
    for (const o of seeded) {
      for (const v of c.poly[0][0]) {
        const d = distToRings(v, o.poly[0]);
        if (d < bestD) {
          bestD = d;
          best = o;
        }
      }
    }
    const g = groups[groupOf.get(best.i)];
    g.clip = pc.union(g.clip, c.poly);
  }


  return { areaShapes, groups };
}
