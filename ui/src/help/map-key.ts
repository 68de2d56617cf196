// The map key's entries for the marks the pieces layer draws (./map/pieces-layer.ts): Royal
// discs of each house, the crown of a crowned Royal, a Faction's flag on a place it holds,
// ships, Nobles inside a place, and the Besieged ring — so the key covers every mark on the map.

import { html, svg } from 'lit';

const icon = (body: unknown) => html`<svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">${body}</svg>`;

/** Key lines (`<li>`) for the pieces' marks. */
export function pieceKeyItems() {
  return html`
    <li data-legend="royal-lancaster">${icon(svg`<circle cx="9" cy="10" r="7" fill="#b01c2e" stroke="#1b1b1b" stroke-width="1.2"></circle><text x="9" y="14" text-anchor="middle" font-size="10" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#fff">L</text>`)}Royal of Lancaster</li>
    <li data-legend="royal-york">${icon(svg`<circle cx="9" cy="10" r="7" fill="#fff" stroke="#1b1b1b" stroke-width="1.2"></circle><text x="9" y="14" text-anchor="middle" font-size="10" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#000">Y</text>`)}Royal of York</li>
    <li data-legend="crown">${icon(svg`<path d="M2,14 l2,-8 l3,4 l2,-6 l2,6 l3,-4 l2,8 z" fill="#f2c200" stroke="#1b1b1b" stroke-width="0.9"></path>`)}Crowned (a King, or Margaret as Queen Regent)</li>
    <li data-legend="flag">${icon(svg`<path d="M4,17 v-14" stroke="#1b1b1b" stroke-width="1.3"></path><path d="M4,3 h10 l-3,3.5 l3,3.5 h-10 z" fill="#888" stroke="#1b1b1b" stroke-width="1"></path>`)}Flag: the place is held by that Faction</li>
    <li data-legend="ship">${icon(svg`<path d="M1,9 h16 l-4,7 h-8 z" fill="#d9d9d9" stroke="#1b1b1b" stroke-width="1.2"></path><path d="M9,9 v-8 l6,6 z" fill="#fff" stroke="#1b1b1b" stroke-width="0.9"></path>`)}Ship (in port, or at sea), in its Faction's colour</li>
    <li data-legend="besieged">${icon(svg`<circle cx="9" cy="9" r="7" fill="none" stroke="#000" stroke-width="3.5"></circle><circle cx="9" cy="9" r="7" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 2.5"></circle>`)}Besieged</li>`;
}
