// The map's drawing in drawing units: seas, the played Areas in their Region's colour, unused
// land, the borders and the roads. It changes only with the geometry, so <warwick-map> builds
// it once and moves and scales it as a whole (./map-view.ts).

import { svg, type SVGTemplateResult } from 'lit';
import type { Content } from '../bindings/Content';
import { linesPath, roadSegments, shapePath, type MapGeometry } from '../geometry';

/** Soft fills for the Regions, by their order in the content (the board's pastel colours). */
const REGION_FILLS = [
  '#f1d3a6', '#d8e6b5', '#c9d2ee', '#e9d0a8', '#f3e6a0', '#f0c9de', '#c5e3df', '#cfe0c0',
  '#f2c2b8', '#dbe8b8', '#e0d5ee', '#f5dfb0', '#d3e9d6', '#f0d6c0', '#e8d8f0', '#f4e3b0',
  '#dcd0e8', '#f2c6b6', '#e5e1c4',
];

/** The outlines, roads and borders of `g`, for an `<svg>` whose view box is the drawing. */
export function outlinesTemplate(content: Content | undefined, g: MapGeometry): SVGTemplateResult {
  const regionOf = new Map<string, string>();
  for (const area of content?.areas ?? []) if (area.region) regionOf.set(area.id, area.region);
  const regionIndex = new Map((content?.regions ?? []).map((r, i) => [r.id, i]));
  const roads = roadSegments(g)
    .map(([[x0, y0], [x1, y1]]) => `M${x0},${y0}L${x1},${y1}`)
    .join('');
  return svg`
    <g class="sea">${Object.entries(g.sea_zones).map(
      ([id, shape]) => svg`<path data-sea=${id} d=${shapePath(shape)} fill-rule="evenodd" fill="#bcd7ea"></path>`,
    )}</g>
    <path d=${linesPath(g.sea_borders)} fill="none" stroke="#6f9cc4" stroke-width="1" stroke-dasharray="5 4" vector-effect="non-scaling-stroke"></path>
    <path d=${shapePath(g.unused_land)} fill-rule="evenodd" fill="#dcd8cf" stroke="#b5ae9f" stroke-width="0.8" vector-effect="non-scaling-stroke"></path>
    <g class="areas">${Object.entries(g.areas).map(([id, shape]) => {
      const region = regionOf.get(id);
      const fill = region !== undefined ? REGION_FILLS[(regionIndex.get(region) ?? 0) % REGION_FILLS.length] : '#efe3c4';
      return svg`<path data-area=${id} d=${shapePath(shape)} fill-rule="evenodd" fill=${fill}></path>`;
    })}</g>
    <path d=${linesPath(g.area_borders)} fill="none" stroke="#ffffff" stroke-width="1.2" vector-effect="non-scaling-stroke"></path>
    <path d=${shapePath(g.land)} fill="none" stroke="#5f6f7a" stroke-width="1" vector-effect="non-scaling-stroke"></path>
    <path d=${linesPath(g.region_borders)} fill="none" stroke="#7b3294" stroke-width="3" stroke-linecap="round" vector-effect="non-scaling-stroke"></path>
    <path class="roads" d=${roads} fill="none" stroke="#8a2b0e" stroke-width="1.6" stroke-dasharray="6 3" vector-effect="non-scaling-stroke"></path>
  `;
}

/** The width in drawing units of an outline (a Region's or Area's rings). */
export function shapeWidth(shape: [number, number][][]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const ring of shape) for (const [x] of ring) (min = Math.min(min, x)), (max = Math.max(max, x));
  return max - min;
}
