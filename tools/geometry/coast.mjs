// The coastline: projection fitted to the view box, Natural Earth country outlines (world-atlas
// countries-10m) projected, simplified, clipped to the view, and split into the played land
// (England, Wales and their islands), the Pale of Calais and the depicted-but-unused land.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoTransverseMercator, geoPath } from "d3-geo";
import { feature } from "topojson-client";
import simplify from "simplify-js";
import {
  WIDTH,
  VIEW,
  PROJECTION,
  SIMPLIFY_TOLERANCE,
  MIN_RING_AREA,
  COUNTRIES,
  PLAYED_MASK,
  ENCLAVES,
} from "./config.mjs";
import { pc, ringArea, openRing, closeRing } from "./geom.mjs";

const require = createRequire(import.meta.url);

/** The view box as a densely sampled GeoJSON polygon (parallels are curves once projected). */
function viewOutline() {
  const { west, south, east, north } = VIEW;
  const pts = [];
  const n = 40;
  for (let i = 0; i <= n; i++) pts.push([west + ((east - west) * i) / n, south]);
  for (let i = 0; i <= n; i++) pts.push([east, south + ((north - south) * i) / n]);
  for (let i = 0; i <= n; i++) pts.push([east - ((east - west) * i) / n, north]);
  for (let i = 0; i <= n; i++) pts.push([west, north - ((north - south) * i) / n]);
  return { type: "Feature", geometry: { type: "MultiPoint", coordinates: pts } };
}

/** Projection fitted so that the view box is WIDTH wide; returns it with the height. */
export function makeProjection() {
  const outline = viewOutline();
  const projection = geoTransverseMercator().rotate(PROJECTION.rotate).fitWidth(WIDTH, outline);
  const [[, y0], [, y1]] = geoPath(projection).bounds(outline);
  const height = Math.ceil(y1 - Math.min(0, y0));
  return {
    projection,
    width: WIDTH,
    height,
    info: {
      name: PROJECTION.name,
      rotate: PROJECTION.rotate,
      scale: projection.scale(),
      translate: projection.translate(),
      view: VIEW,
      note:
        "d3-geo geoTransverseMercator().rotate(rotate).scale(scale).translate(translate) maps [lon, lat] to [x, y]",
    },
  };
}

/** Projects a lon/lat ring into drawing space. */
export function projectRing(projection, ring) {
  return ring.map((p) => projection(p));
}

function simplifyRing(ring) {
  const pts = openRing(ring).map(([x, y]) => ({ x, y }));
  const s = simplify(pts, SIMPLIFY_TOLERANCE, true).map((p) => [p.x, p.y]);
  return s;
}

/** One country as a projected, simplified MultiPolygon clipped to the view rectangle. */
function countryShape(topo, id, projection, rect) {
  const geom = topo.objects.countries.geometries.find((g) => g.id === id);
  if (!geom) throw new Error(`country ${id} not in world-atlas`);
  const f = feature(topo, geom);
  const polys = f.geometry.type === "Polygon" ? [f.geometry.coordinates] : f.geometry.coordinates;
  const out = [];
  for (const poly of polys) {
    const rings = [];
    for (const ring of poly) {
      const proj = projectRing(projection, ring);
      // Skip rings far outside the view before simplifying.
      const xs = proj.map((p) => p[0]);
      const ys = proj.map((p) => p[1]);
      if (Math.max(...xs) < -50 || Math.min(...xs) > rect.w + 50) continue;
      if (Math.max(...ys) < -50 || Math.min(...ys) > rect.h + 50) continue;
      const s = simplifyRing(proj);
      if (s.length < 3 || Math.abs(ringArea(s)) < MIN_RING_AREA) continue;
      rings.push(closeRing(s));
    }
    if (rings.length) out.push(rings);
  }
  // Union repairs any self-crossing the simplification introduced; then clip to the view.
  const healed = out.reduce((acc, poly) => pc.union(acc, [poly]), []);
  return pc.intersection(healed, rect.poly);
}

function geoPolygon(projection, lonlats) {
  return [[closeRing(lonlats.map((p) => projection(p)))]];
}

/**
 * Builds all land shapes (polygon-clipping MultiPolygons in drawing space):
 * played (England, Wales, Anglesey, Man, Wight and small islands), enclaves (place id ->
 * shape, e.g. the Pale of Calais), unused (Scotland, Ireland, France outside the Pale).
 */
export function buildCoast(proj) {
  const { projection, width, height } = proj;
  const topo = JSON.parse(readFileSync(require.resolve("world-atlas/countries-10m.json"), "utf8"));
  const rect = {
    w: width,
    h: height,
    poly: [
      [
        [
          [0, 0],
          [width, 0],
          [width, height],
          [0, height],
          [0, 0],
        ],
      ],
    ],
  };
  const shape = (k) => countryShape(topo, COUNTRIES[k], projection, rect);
  const uk = shape("uk");
  const man = shape("isle_of_man");
  const ireland = shape("ireland");
  const france = shape("france");
  const belgium = shape("belgium");
  const mask = geoPolygon(projection, PLAYED_MASK);
  const britain = pc.union(uk, man);
  const played = pc.intersection(britain, mask);
  const enclaves = {};
  let enclaveUnion = [];
  for (const [placeId, lonlats] of Object.entries(ENCLAVES)) {
    const e = pc.intersection(france, geoPolygon(projection, lonlats));
    enclaves[placeId] = e;
    enclaveUnion = pc.union(enclaveUnion, e);
  }
  const scotland = pc.difference(britain, mask);
  const continent = pc.difference(pc.union(france, belgium), enclaveUnion);
  const unused = pc.union(scotland, ireland, continent);
  const allLand = pc.union(played, enclaveUnion, unused);
  const sea = pc.difference(rect.poly, allLand);
  return { played, enclaves, unused, allLand, sea, rect };
}
