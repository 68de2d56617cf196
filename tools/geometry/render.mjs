#!/usr/bin/env node
// Renders the map geometry with the map data into docs/map.svg and docs/map.png (a check
// picture, not the game UI): land, Areas, Region borders, sea Areas, roads, places by kind,
// ports, cathedrals and names.
// Usage: node render.mjs [MAP_DATA_DIR] [GEOMETRY_JSON] [OUT_DIR]
// Defaults: ../../data/map, ../../data/geometry/map.json, ../../docs (relative to this script).
// The PNG needs `rsvg-convert` (apt package librsvg2-bin); without it only the SVG is written.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { dirname, resolve, join } from "node:path";
import { fileURLToPath } from "node:url";
import { geoTransverseMercator } from "d3-geo";
import { loadMapData } from "./mapdata.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const mapDir = resolve(process.argv[2] ?? resolve(here, "../../data/map"));
const geoFile = resolve(process.argv[3] ?? resolve(here, "../../data/geometry/map.json"));
const outDir = resolve(process.argv[4] ?? resolve(here, "../../docs"));

const g = JSON.parse(readFileSync(geoFile, "utf8"));
const data = loadMapData(mapDir);
const W = g.width;
const H = g.height;

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const f1 = (v) => (Math.round(v * 10) / 10).toString();
const ringsPath = (rings) => rings.map((r) => "M" + r.map((p) => `${f1(p[0])} ${f1(p[1])}`).join("L") + "Z").join("");
const linePath = (lines) => lines.map((l) => "M" + l.map((p) => `${f1(p[0])} ${f1(p[1])}`).join("L")).join("");
const sorted = (o) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1));

// Stable soft colour per Region.
function hue(id) {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) % 3600;
  return h / 10;
}
const PALETTE = ["#f3d9a4", "#cfe3b4", "#f2c4b8", "#d9cbe8", "#bfe0dc", "#f4e7a1", "#e3c9a8", "#c9d8ef", "#e8c5d8", "#d5e6c0", "#f0d0a0", "#cbd5b0"];
const regionIds = [...new Set(data.areas.map((a) => a.region).filter(Boolean))].sort();
const regionFill = (r) => PALETTE[regionIds.indexOf(r) % PALETTE.length];
const areaRegion = new Map(data.areas.map((a) => [a.id, a.region]));
const names = new Map([...data.places, ...data.areas, ...data.regions, ...data.seas].map((x) => [x.id, x.name]));

const out = [];
out.push(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="DejaVu Sans, Arial, sans-serif">`,
);
out.push(`<rect width="${W}" height="${H}" fill="#bcd7ea"/>`);

// Sea Areas.
const seaIds = Object.keys(g.sea_zones).sort();
seaIds.forEach((id, i) => {
  const light = i % 2 === 0 ? "#b3d1ea" : "#c4dcef";
  out.push(`<path d="${ringsPath(g.sea_zones[id])}" fill="${light}" fill-rule="evenodd"/>`);
});
out.push(`<path d="${linePath(g.sea_borders)}" fill="none" stroke="#2f6fb0" stroke-width="1" stroke-dasharray="4 2"/>`);

// Land.
out.push(`<path d="${ringsPath(g.unused_land)}" fill="#dcdad4" stroke="#9a978f" stroke-width="0.6" fill-rule="evenodd"/>`);
out.push(`<path d="${ringsPath(g.land)}" fill="#efe6c8" fill-rule="evenodd"/>`);
for (const [id, rings] of sorted(g.areas)) {
  const r = areaRegion.get(id);
  const fill = r ? regionFill(r) : "#efe6c8";
  out.push(`<path d="${ringsPath(rings)}" fill="${fill}" fill-rule="evenodd"><title>${esc(id)}</title></path>`);
}
out.push(`<path d="${linePath(g.area_borders)}" fill="none" stroke="#ffffff" stroke-width="1.3"/>`);
out.push(`<path d="${linePath(g.region_borders)}" fill="none" stroke="#7b2a8f" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`);
out.push(`<path d="${ringsPath(g.land)}" fill="none" stroke="#5b5040" stroke-width="0.7"/>`);
for (const [id, rings] of sorted(g.areas))
  if (areaRegion.get(id) && rings.length && g.regions[areaRegion.get(id)] === undefined)
    out.push(`<path d="${ringsPath(rings)}" fill="none" stroke="#7b2a8f" stroke-width="2"/>`);

// Enclaves and islands (Regions of a single Area) get a purple outline of their own.
const regionAreas = new Map();
for (const [a, r] of areaRegion) if (g.areas[a]) regionAreas.set(r, (regionAreas.get(r) ?? 0) + 1);

// Names of the depicted but unused lands.
const projection = geoTransverseMercator()
  .rotate(g.projection.rotate)
  .scale(g.projection.scale)
  .translate(g.projection.translate);
for (const [name, lon, lat] of [
  ["SCOTLAND", -3.3, 55.85],
  ["IRELAND", -6.38, 53.25],
  ["FRANCE", 2.2, 50.45],
]) {
  const [x, y] = projection([lon, lat]);
  out.push(`<text x="${f1(x)}" y="${f1(y)}" font-size="13" letter-spacing="3" fill="#8d8a82" text-anchor="${x < 40 ? "start" : "middle"}">${name}</text>`);
}

// Roads.
const pos = new Map([...Object.entries(g.places), ...Object.entries(g.road_nodes)]);
const roadD = Object.values(g.roads)
  .map((path) => "M" + path.map((n) => `${f1(pos.get(n)[0])} ${f1(pos.get(n)[1])}`).join("L"))
  .join("");
out.push(`<path d="${roadD}" fill="none" stroke="#8c2d19" stroke-width="1.6" stroke-dasharray="5 2" stroke-linecap="round"/>`);

// Labels of Regions, Areas and sea Areas.
const halo = `paint-order="stroke" stroke="#ffffff" stroke-width="2.2" stroke-linejoin="round"`;
const textWidth = (text, size) => text.length * size * 0.56;
for (const [id, p] of sorted(g.labels.sea_zones))
  if (p) {
    const name = String(names.get(id) ?? id);
    const half = textWidth(name, 11) / 2;
    const x = Math.min(Math.max(p[0], half + 4), W - half - 4);
    out.push(
      `<text x="${f1(x)}" y="${p[1]}" font-size="11" font-style="italic" fill="#1f4f86" text-anchor="middle" ${halo.replace("#ffffff", "#d6e6f3")}>${esc(name)}</text>`,
    );
  }
for (const [id, p] of sorted(g.labels.areas))
  if (p)
    out.push(
      `<text x="${p[0]}" y="${p[1] + 10}" font-size="6.5" font-style="italic" fill="#6d6453" text-anchor="middle" opacity="0.9">${esc(names.get(id) ?? id)}</text>`,
    );
for (const [id, p] of sorted(g.labels.regions))
  if (p)
    out.push(
      `<text x="${p[0]}" y="${p[1] - 8}" font-size="9" font-weight="bold" fill="#7b2a8f" text-anchor="middle" letter-spacing="1" opacity="0.75">${esc(String(names.get(id) ?? id).split(" (")[0].toUpperCase())}</text>`,
    );

// Places.
function kindOf(k) {
  const s = String(k).toLowerCase();
  if (s.includes("city")) return "city";
  if (s.includes("royal")) return "royal_castle";
  if (s.includes("castle")) return "castle";
  if (s.includes("open")) return "open_town";
  if (s.includes("unfortified")) return "unfortified_town";
  if (s.includes("town")) return "fortified_town";
  return "other";
}
const SYMBOL = {
  city: (x, y) => `<rect x="${x - 4.5}" y="${y - 4.5}" width="9" height="9" fill="#c0392b" stroke="#000" stroke-width="1"/>`,
  fortified_town: (x, y) => `<circle cx="${x}" cy="${y}" r="4" fill="#e67e22" stroke="#000" stroke-width="1"/>`,
  royal_castle: (x, y) =>
    `<path d="M${x - 4.5} ${y + 4}V${y - 4}h2v2h1.5v-2h2v2h1.5v-2h2V${y + 4}Z" fill="#f1c40f" stroke="#000" stroke-width="0.9"/>`,
  castle: (x, y) =>
    `<path d="M${x - 3.5} ${y + 3.5}V${y - 3.5}h1.75v1.75h1.75v-1.75h1.75v1.75h1.75v-1.75V${y + 3.5}Z" fill="#555" stroke="#000" stroke-width="0.8"/>`,
  open_town: (x, y) => `<circle cx="${x}" cy="${y}" r="3.8" fill="#fff" stroke="#27ae60" stroke-width="2"/>`,
  unfortified_town: (x, y) => `<circle cx="${x}" cy="${y}" r="2.2" fill="#222"/>`,
  other: (x, y) => `<circle cx="${x}" cy="${y}" r="2" fill="#f0f" stroke="#000" stroke-width="0.5"/>`,
};
const portRing = (x, y) => `<circle cx="${x}" cy="${y}" r="7" fill="none" stroke="#1f5fa8" stroke-width="1.4"/>`;
const cross = (x, y) =>
  `<path d="M${x} ${y - 14}v8M${x - 2.5} ${y - 11.5}h5" stroke="#6a1b9a" stroke-width="1.6" fill="none"/>`;

const placeById = new Map(data.places.map((p) => [p.id, p]));
const portIds = new Set(data.ports.map((p) => p.place));
const symbols = [];
const texts = [];
const rank = { city: 0, fortified_town: 1, open_town: 1, royal_castle: 2, castle: 3, unfortified_town: 4, other: 5 };
const entries = sorted(g.places).map(([id, pt]) => {
  const p = placeById.get(id);
  return { id, pt, p, kind: kindOf(p?.kind ?? "other") };
});
// Boxes already taken: every symbol first, then labels as they are placed (most important first).
const taken = entries.map(({ pt: [x, y] }) => [x - 5, y - 5, x + 5, y + 5]);
const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
for (const { id, pt: [x, y], p, kind } of entries) {
  if (portIds.has(id) || p?.port) symbols.push(portRing(x, y));
  if (p?.cathedral) symbols.push(cross(x, y));
  symbols.push(SYMBOL[kind](x, y));
}
const order = [...entries].sort((a, b) => rank[a.kind] - rank[b.kind] || (a.id < b.id ? -1 : 1));
for (const { id, pt: [x, y], p, kind } of order) {
  const size = kind === "city" ? 9 : 7.5;
  const name = String(p?.name ?? id);
  const w = textWidth(name, size) * (kind === "city" ? 1.1 : 1);
  const h = size;
  // Candidate anchors: right, left, above, below, and the four diagonals.
  const cands = [
    [x + 6.5, y + h * 0.35, "start"],
    [x - 6.5, y + h * 0.35, "end"],
    [x, y - 7, "middle"],
    [x, y + 7 + h * 0.8, "middle"],
    [x + 5, y - 5, "start"],
    [x + 5, y + 5 + h * 0.8, "start"],
    [x - 5, y - 5, "end"],
    [x - 5, y + 5 + h * 0.8, "end"],
  ];
  let best = null;
  for (const [i, [tx, ty, anchor]] of cands.entries()) {
    const x0 = anchor === "start" ? tx : anchor === "end" ? tx - w : tx - w / 2;
    const box = [x0, ty - h * 0.8, x0 + w, ty + h * 0.2];
    let cost = i * 0.5;
    for (const t of taken) cost += overlap(box, t);
    if (box[0] < 0 || box[2] > W) cost += 1000;
    if (!best || cost < best.cost) best = { cost, tx, ty, anchor, box };
  }
  taken.push(best.box);
  const weight = kind === "city" ? ` font-weight="bold" font-size="9"` : ` font-size="7.5"`;
  texts.push(
    `<text x="${f1(best.tx)}" y="${f1(best.ty)}" text-anchor="${best.anchor}"${weight} fill="#111" ${halo}>${esc(name)}</text>`,
  );
}
out.push(...symbols, ...texts);

// Legend.
const lx = 20;
const ly = 20;
const legend = [
  ["city", "City"],
  ["fortified_town", "Fortified town"],
  ["royal_castle", "Royal castle"],
  ["castle", "Castle"],
  ["open_town", "Open town"],
  ["unfortified_town", "Unfortified town"],
];
out.push(`<rect x="${lx - 10}" y="${ly - 10}" width="180" height="${legend.length * 16 + 80}" fill="#ffffff" opacity="0.85" stroke="#555"/>`);
legend.forEach(([k, label], i) => {
  const y = ly + 6 + i * 16;
  out.push(SYMBOL[k](lx + 5, y), `<text x="${lx + 18}" y="${y + 3.5}" font-size="10">${label}</text>`);
});
let y2 = ly + 6 + legend.length * 16;
out.push(portRing(lx + 5, y2), `<text x="${lx + 18}" y="${y2 + 3.5}" font-size="10">Port</text>`);
y2 += 16;
out.push(cross(lx + 5, y2 + 8), `<text x="${lx + 18}" y="${y2 + 3.5}" font-size="10">Cathedral</text>`);
y2 += 16;
out.push(`<path d="M${lx} ${y2}h14" stroke="#8c2d19" stroke-width="1.6" stroke-dasharray="5 2"/><text x="${lx + 18}" y="${y2 + 3.5}" font-size="10">Road</text>`);
y2 += 16;
out.push(`<path d="M${lx} ${y2}h14" stroke="#7b2a8f" stroke-width="3.2"/><text x="${lx + 18}" y="${y2 + 3.5}" font-size="10">Region border</text>`);
out.push(
  `<text x="10" y="${H - 10}" font-size="9" fill="#333">Warwick map check render — coast: Natural Earth 1:10m (public domain); Areas: Voronoi of places (tools/geometry)</text>`,
);
out.push("</svg>");

mkdirSync(outDir, { recursive: true });
const svgPath = join(outDir, "map.svg");
writeFileSync(svgPath, out.join("\n") + "\n");
const pngPath = join(outDir, "map.png");
try {
  execFileSync("rsvg-convert", ["-h", "1600", "-b", "#bcd7ea", "-o", pngPath, svgPath]);
  console.log(`wrote ${svgPath} and ${pngPath}`);
} catch (e) {
  console.warn(`rsvg-convert failed (${e.message}); wrote only ${svgPath}`);
}
