// A reference section's small example drawn on the real map: the marked Areas (the starting
// one outlined) and named places, on the map's own geometry, cropped to what it shows. The
// example comes resolved from the service (src/help/examples.rs) as a figure's `data-map`.

import { svg, type SVGTemplateResult } from 'lit';
import { linesPath, roadSegments, shapePath, type MapGeometry, type Point } from '../geometry';

/** An example as the service resolves it. */
export interface MapExample {
  caption: string;
  areas: string[];
  places: string[];
  /** The places' names, in the same order. */
  names: string[];
  from: string | null;
}

function bounds(points: Point[]): [number, number, number, number] {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The view box around what the example marks, padded, never smaller than a fifth of the map. */
export function exampleBox(g: MapGeometry, ex: MapExample): [number, number, number, number] {
  const points: Point[] = [];
  for (const id of [...ex.areas, ...(ex.from ? [ex.from] : [])]) for (const ring of g.areas[id] ?? []) points.push(...ring);
  for (const id of ex.places) if (g.places[id]) points.push(g.places[id]);
  if (points.length === 0) return [0, 0, g.width, g.height];
  let [x0, y0, x1, y1] = bounds(points);
  const min = g.width / 5;
  const pad = Math.max(x1 - x0, y1 - y0, min) * 0.12;
  if (x1 - x0 < min) [x0, x1] = [(x0 + x1) / 2 - min / 2, (x0 + x1) / 2 + min / 2];
  if (y1 - y0 < min) [y0, y1] = [(y0 + y1) / 2 - min / 2, (y0 + y1) / 2 + min / 2];
  return [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
}

/** The example as an SVG drawing. */
export function drawExample(g: MapGeometry, ex: MapExample): SVGTemplateResult {
  const [x, y, w, h] = exampleBox(g, ex);
  const unit = w / 100;
  const marked = new Set(ex.areas);
  return svg`<svg class="map-example-svg" viewBox="${x} ${y} ${w} ${h}" role="img" aria-label=${ex.caption}>
    <rect x=${x} y=${y} width=${w} height=${h} fill="#cfe3ee"></rect>
    <path d=${shapePath(g.unused_land)} fill="#e4e0d6"></path>
    <path d=${shapePath(g.land)} fill="#f4efe2" stroke="#9c9280" stroke-width=${unit * 0.15}></path>
    ${Object.entries(g.areas).map(([id, shape]) =>
      marked.has(id) || id === ex.from
        ? svg`<path d=${shapePath(shape)} fill=${id === ex.from ? '#e0b43c' : '#f2d98a'} fill-opacity="0.9" stroke=${id === ex.from ? '#7a5a00' : 'none'} stroke-width=${unit * 0.5}></path>`
        : null,
    )}
    <path d=${linesPath(g.area_borders)} fill="none" stroke="#b8ad98" stroke-width=${unit * 0.12}></path>
    <path d=${linesPath(g.region_borders)} fill="none" stroke="#7b4f9d" stroke-width=${unit * 0.45}></path>
    ${roadSegments(g).map(([[ax, ay], [bx, by]]) => svg`<line x1=${ax} y1=${ay} x2=${bx} y2=${by} stroke="#8a5a2b" stroke-width=${unit * 0.2} stroke-dasharray=${`${unit} ${unit * 0.6}`}></line>`)}
    ${ex.places.map((id, i) => {
      const at = g.places[id];
      if (!at) return null;
      const name = ex.names[i] ?? id;
      return svg`<circle cx=${at[0]} cy=${at[1]} r=${unit * 1.1} fill="#a4161a" stroke="#fff" stroke-width=${unit * 0.3}></circle>
        <text x=${at[0] + unit * 1.6} y=${at[1] + unit * 0.9} font-size=${unit * 3.4} font-family="system-ui, sans-serif" fill="#222"
          stroke="#fff" stroke-width=${unit * 0.6} paint-order="stroke">${name}</text>`;
    })}
  </svg>`;
}
