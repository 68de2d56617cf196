// The map's place icons (one shape and colour per kind of place, a little larger when zoomed
// in) and its key: the icons, ports, cathedrals, roads, borders, pieces and each faction's chip.

import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { Location } from '../bindings/Location';
import type { LocationKind } from '../bindings/LocationKind';
import { pieceKeyItems } from '../help/map-key';
import { factionColour, factionLetters, type Board } from './pieces';
import { KIND_NAMES } from './places';

/** Icon radius in pixels at a zoom level: a little larger when zoomed in. */
export function iconRadius(kind: LocationKind, zoom: number): number {
  const grow = Math.min(1.6, 0.85 + zoom * 0.12);
  const base: Record<LocationKind, number> = {
    city: 6.5,
    fortified_town: 5,
    royal_castle: 5,
    castle: 4.5,
    open_town: 4.5,
    unfortified_town: 2.4,
  };
  return base[kind] * grow;
}

export function placeIcon(place: Location, x: number, y: number, r: number): SVGTemplateResult {
  const merlons = (w: number) =>
    `M${x - w},${y + w} V${y - w * 0.55} h${w * 0.5} v${-w * 0.45} h${w * 0.5} v${w * 0.45} h${w} v${-w * 0.45} h${w * 0.5} v${w * 0.45} h${w * 0.5} V${y + w} Z`;
  switch (place.kind) {
    case 'city':
      return svg`<rect x=${x - r} y=${y - r} width=${2 * r} height=${2 * r} fill="#b3202c" stroke="#2b2118" stroke-width="1.4"></rect>`;
    case 'fortified_town':
      return svg`<circle cx=${x} cy=${y} r=${r} fill="#e8842a" stroke="#2b2118" stroke-width="1.3"></circle>`;
    case 'royal_castle':
      return svg`<path d=${merlons(r)} fill="#f2c200" stroke="#2b2118" stroke-width="1.2"></path>`;
    case 'castle':
      return svg`<path d=${merlons(r)} fill="#4a4a4a" stroke="#1b1b1b" stroke-width="1"></path>`;
    case 'open_town':
      return svg`<circle cx=${x} cy=${y} r=${r} fill="#ffffff" stroke="#168a4a" stroke-width="2.4"></circle>`;
    case 'unfortified_town':
      return svg`<circle cx=${x} cy=${y} r=${r} fill="#2b2118"></circle>`;
  }
}

/** The map's key, with each faction of `board` (if any) by its chip. */
export function legendTemplate(board: Board | undefined): TemplateResult {
  const kinds = Object.entries(KIND_NAMES) as [LocationKind, string][];
  const letters = board ? factionLetters(board.factions) : [];
  return html`<details class="legend">
    <summary>Key</summary>
    <ul>
      ${kinds.map(([kind, name]) => {
        const fake = { kind } as Location;
        return html`<li><svg width="18" height="18" aria-hidden="true">${placeIcon(fake, 9, 9, iconRadius(kind, 1.5))}</svg>${name}</li>`;
      })}
      <li><svg width="18" height="18" aria-hidden="true"><circle cx="9" cy="9" r="6.5" fill="none" stroke="#1f5fa8" stroke-width="1.8"></circle></svg>Port (ring)</li>
      <li><svg width="18" height="18" aria-hidden="true"><path d="M9,3 v12 M5,7 h8" stroke="#6a2c86" stroke-width="2"></path></svg>Cathedral (cross)</li>
      <li><svg width="18" height="18" aria-hidden="true"><path d="M1,9 H17" stroke="#8a2b0e" stroke-width="2" stroke-dasharray="5 2"></path></svg>Road</li>
      <li><svg width="18" height="18" aria-hidden="true"><path d="M1,9 H17" stroke="#7b3294" stroke-width="3"></path></svg>Region border</li>
      ${pieceKeyItems()}
      ${board?.factions.map((f, i) => {
        const c = factionColour(i, f.colour);
        return html`<li data-legend-faction=${i}><svg width="18" height="18" aria-hidden="true"><rect x="1" y="2" width="16" height="14" rx="3" fill=${c.fill} stroke="#1b1b1b"></rect><text x="9" y="13" text-anchor="middle" font-size="10" font-weight="700" font-family="DejaVu Sans, sans-serif" fill=${c.text}>${letters[i]}</text></svg>${f.name}${f.you ? ' (you)' : ''}</li>`;
      })}
    </ul>
  </details>`;
}
