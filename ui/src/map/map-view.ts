// <warwick-map>: England and Wales drawn from the content geometry, with pan and zoom (mouse
// drag and wheel, arrow keys and +/-, two-finger pinch), decluttered names, place details on
// hover or tap, and an optional pieces layer.
//
// Outlines are drawn once in drawing units under one transform; icons, names and pieces are
// drawn in screen pixels at their projected positions, so they keep their size at every zoom.

import { LitElement, css, html, nothing, svg, type PropertyValues, type SVGTemplateResult } from 'lit';
import type { Content } from '../bindings/Content';
import type { Location } from '../bindings/Location';
import type { LocationKind } from '../bindings/LocationKind';
import { insideShape, linesPath, roadSegments, shapePath, type MapGeometry, type Point } from '../geometry';
import { declutter, placeMinZoom, placePriority, textWidth, type Box, type LabelRequest } from './labels';
import { drawPieces } from './pieces-layer';
import { factionColour, factionLetters, type Board } from './pieces';
import { KIND_NAMES, placeDetails } from './places';
import {
  fitBox,
  fitView,
  keyView,
  panBy,
  pinchView,
  revealView,
  toScreen,
  toWorld,
  clampView,
  wheelFactor,
  zoomAt,
  zoomLevel,
  type Frame,
  type View,
} from './view';

/** Soft fills for the Regions, by their order in the content (the board's pastel colours). */
const REGION_FILLS = [
  '#f1d3a6', '#d8e6b5', '#c9d2ee', '#e9d0a8', '#f3e6a0', '#f0c9de', '#c5e3df', '#cfe0c0',
  '#f2c2b8', '#dbe8b8', '#e0d5ee', '#f5dfb0', '#d3e9d6', '#f0d6c0', '#e8d8f0', '#f4e3b0',
  '#dcd0e8', '#f2c6b6', '#e5e1c4',
];

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

function placeIcon(place: Location, x: number, y: number, r: number): SVGTemplateResult {
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

interface Pointer {
  x: number;
  y: number;
}

export class WarwickMap extends LitElement {
  static properties = {
    content: { attribute: false },
    board: { attribute: false },
    highlight: { attribute: false },
    view: { state: true },
    width: { state: true },
    height: { state: true },
    hovered: { state: true },
    pinned: { state: true },
  };

  content?: Content;
  board?: Board;
  /** Places and Areas a hovered command points at (drawn as a ring and a dashed ring). */
  highlight?: { locations: string[]; areas: string[]; from?: { location?: string; area?: string } };
  view?: View;
  width = 0;
  height = 0;
  hovered?: string;
  pinned?: string;

  private resizeObserver?: ResizeObserver;
  private pointers = new Map<number, Pointer>();
  private dragged = false;
  private downAt?: Pointer;
  private touched = false;
  private staticLayer?: SVGTemplateResult;
  private staticFor?: MapGeometry;

  static styles = css`
    :host {
      display: block;
      position: relative;
      overflow: hidden;
      background: #b9d4e6;
      touch-action: none;
      user-select: none;
      -webkit-user-select: none;
    }
    .frame {
      position: absolute;
      inset: 0;
      outline: none;
      cursor: grab;
    }
    .frame:focus-visible {
      box-shadow: inset 0 0 0 3px #0072b2;
    }
    .frame.dragging {
      cursor: grabbing;
    }
    svg {
      display: block;
    }
    text {
      pointer-events: none;
    }
    .label {
      font-family: 'DejaVu Serif', Georgia, serif;
      paint-order: stroke;
      stroke: rgba(255, 251, 240, 0.92);
      stroke-width: 3px;
      stroke-linejoin: round;
    }
    .label.place {
      fill: #1e1710;
    }
    .label.city {
      font-weight: 700;
    }
    .label.region {
      fill: #6a2c86;
      font-weight: 700;
      letter-spacing: 0.08em;
      stroke-width: 2.5px;
    }
    .label.area {
      fill: #5d5045;
      font-style: italic;
    }
    .label.sea {
      fill: #1e4f7a;
      font-style: italic;
      stroke: rgba(200, 222, 238, 0.85);
    }
    .controls {
      position: absolute;
      right: 0.75rem;
      top: 0.75rem;
      display: flex;
      flex-direction: column;
      gap: 0.35rem;
    }
    .controls button {
      width: 2.6rem;
      height: 2.6rem;
      font-size: 1.3rem;
      line-height: 1;
      border-radius: 0.5rem;
      border: 1px solid #6b5d4f;
      background: rgba(255, 251, 240, 0.95);
      color: #2b2118;
      cursor: pointer;
    }
    .legend {
      position: absolute;
      left: 0.75rem;
      bottom: 0.75rem;
      background: rgba(255, 251, 240, 0.95);
      border: 1px solid #b9a98f;
      border-radius: 0.5rem;
      padding: 0.35rem 0.6rem;
      font-size: 0.8rem;
      max-width: 16rem;
    }
    .legend summary {
      cursor: pointer;
      font-weight: 600;
    }
    .legend ul {
      list-style: none;
      margin: 0.35rem 0 0;
      padding: 0;
      display: grid;
      gap: 0.2rem;
    }
    .legend li {
      display: flex;
      align-items: center;
      gap: 0.4rem;
    }
    .details {
      position: absolute;
      left: 0.75rem;
      top: 0.75rem;
      width: min(22rem, calc(100% - 5.5rem));
      background: rgba(255, 251, 240, 0.97);
      border: 1px solid #b9a98f;
      border-radius: 0.6rem;
      box-shadow: 0 4px 14px rgba(0, 0, 0, 0.18);
      padding: 0.6rem 0.8rem;
      font-size: 0.9rem;
    }
    .details h2 {
      margin: 0 1.8rem 0.3rem 0;
      font-size: 1.15rem;
    }
    .details dl {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.15rem 0.7rem;
      margin: 0;
    }
    .details dt {
      color: #6b5d4f;
    }
    .details dd {
      margin: 0;
    }
    .details .close {
      position: absolute;
      right: 0.35rem;
      top: 0.35rem;
      width: 2rem;
      height: 2rem;
      border: none;
      background: none;
      font-size: 1.2rem;
      cursor: pointer;
    }
    .details.moved {
      top: auto;
      bottom: 0.75rem;
      left: auto;
      right: 0.75rem;
    }
    @media (max-width: 899px) {
      .details {
        top: auto;
        bottom: 0.75rem;
        left: 0.5rem;
        right: auto;
        width: calc(100% - 1rem);
        box-sizing: border-box;
        max-height: 45%;
        overflow: auto;
      }
      .details.moved {
        top: 3.75rem;
        bottom: auto;
        left: 0.5rem;
        right: auto;
        width: calc(100% - 4.5rem);
      }
      .legend {
        bottom: auto;
        top: 0.75rem;
        left: 0.5rem;
      }
    }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver = new ResizeObserver(() => this.measure());
    this.resizeObserver.observe(this);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
  }

  /** The view the map opens at and `0` returns to: the played land as large as fits. */
  private home(frame: Frame): View {
    const land = this.geometry?.land ?? [];
    let box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of land) {
      for (const [x, y] of ring) box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
    }
    return Number.isFinite(box[0]) ? fitBox(frame, box) : fitView(frame);
  }

  /** Shows the home view. */
  goHome(): void {
    const frame = this.frame();
    if (frame) this.view = this.home(frame);
  }

  /**
   * Pans (zooming out only if it must) so the places and Areas of `focus`, and where a move
   * starts, show in the band of the map above `bottom` pixels from its top, e.g. above a sheet
   * covering the rest.
   */
  reveal(focus: NonNullable<WarwickMap['highlight']>, bottom = this.height): void {
    const g = this.geometry;
    const frame = this.frame();
    if (!g || !frame || !this.view) return;
    const area = (id: string) => g.labels?.areas?.[id] ?? g.labels?.sea_zones?.[id];
    const points = [
      ...focus.locations.map((id) => g.places[id]),
      ...focus.areas.map(area),
      focus.from?.location ? g.places[focus.from.location] : focus.from?.area ? area(focus.from.area) : undefined,
    ].filter((p): p is Point => !!p);
    this.view = revealView(this.view, points, frame, 0, Math.min(this.height, bottom));
  }

  /** Closes the place details. */
  closeDetails(): void {
    this.pinned = undefined;
    this.hovered = undefined;
  }

  private get geometry(): MapGeometry | undefined {
    return this.content?.geometry;
  }

  private frame(): Frame | undefined {
    const g = this.geometry;
    if (!g || this.width <= 0 || this.height <= 0) return undefined;
    return { worldWidth: g.width, worldHeight: g.height, screenWidth: this.width, screenHeight: this.height };
  }

  private measure(): void {
    const { width, height } = this.getBoundingClientRect();
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    const frame = this.frame();
    if (frame) this.view = this.view ? clampView(this.view, frame) : this.home(frame);
  }

  protected willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('content') && !this.view) {
      const frame = this.frame();
      if (frame) this.view = this.home(frame);
    }
  }

  /** The zoom level now (1 = the whole map fits); for tests and the shell. */
  get zoom(): number {
    const frame = this.frame();
    return frame && this.view ? zoomLevel(this.view, frame) : 1;
  }

  private setView(next: View | undefined): void {
    if (next) this.view = next;
  }

  private local(event: { clientX: number; clientY: number }): Point {
    const rect = this.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  private onWheel(event: WheelEvent): void {
    const frame = this.frame();
    if (!frame || !this.view) return;
    event.preventDefault();
    this.setView(zoomAt(this.view, wheelFactor(event.deltaY, event.deltaMode), this.local(event), frame));
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      this.pinned = undefined;
      return;
    }
    const frame = this.frame();
    if (!frame || !this.view || event.ctrlKey || event.metaKey || event.altKey) return;
    const next = keyView(this.view, event.key, frame, this.home(frame));
    if (next) {
      event.preventDefault();
      this.view = next;
    }
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const [x, y] = this.local(event);
    this.pointers.set(event.pointerId, { x, y });
    this.touched = event.pointerType !== 'mouse';
    if (this.pointers.size === 1) {
      this.downAt = { x, y };
      this.dragged = false;
    } else {
      this.dragged = true;
    }
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
  }

  private onPointerMove(event: PointerEvent): void {
    const frame = this.frame();
    const [x, y] = this.local(event);
    const last = this.pointers.get(event.pointerId);
    if (!last) {
      if (event.pointerType === 'mouse') this.hovered = this.placeNear([x, y], 12);
      return;
    }
    if (!frame || !this.view) return;
    if (this.pointers.size >= 2) {
      const [idA, idB] = [...this.pointers.keys()];
      const a0 = this.pointers.get(idA)!;
      const b0 = this.pointers.get(idB)!;
      this.pointers.set(event.pointerId, { x, y });
      const a1 = this.pointers.get(idA)!;
      const b1 = this.pointers.get(idB)!;
      this.view = pinchView(this.view, [a0.x, a0.y], [b0.x, b0.y], [a1.x, a1.y], [b1.x, b1.y], frame);
      return;
    }
    this.pointers.set(event.pointerId, { x, y });
    if (!this.dragged && this.downAt && Math.hypot(x - this.downAt.x, y - this.downAt.y) < 5) return;
    this.dragged = true;
    this.view = panBy(this.view, x - last.x, y - last.y, frame);
  }

  private onPointerUp(event: PointerEvent): void {
    const wasDown = this.pointers.delete(event.pointerId);
    if (!wasDown) return;
    if (this.pointers.size === 0 && !this.dragged) {
      // A tap or click: pin the nearest place (finger-sized on touch), or unpin.
      const near = this.placeNear(this.local(event), this.touched ? 22 : 12);
      this.pinned = near && near !== this.pinned ? near : undefined;
    }
    if (this.pointers.size === 0) this.dragged = false;
  }

  private placeNear([x, y]: Point, radius: number): string | undefined {
    const g = this.geometry;
    if (!g || !this.view || !this.content) return undefined;
    let best: string | undefined;
    let bestD = radius;
    for (const place of this.content.locations) {
      const at = g.places[place.id];
      if (!at) continue;
      const [sx, sy] = toScreen(this.view, at);
      const d = Math.hypot(sx - x, sy - y);
      if (d <= bestD) {
        best = place.id;
        bestD = d;
      }
    }
    return best;
  }

  private zoomButton(factor: number): void {
    const frame = this.frame();
    if (!frame || !this.view) return;
    this.view = factor === 0 ? this.home(frame) : zoomAt(this.view, factor, [this.width / 2, this.height / 2], frame);
  }

  private widthsFor?: MapGeometry;
  private widthCache = { regions: new Map<string, number>(), areas: new Map<string, number>() };

  /** The width in drawing units of each Region's and Area's outline. */
  private widths(g: MapGeometry) {
    if (this.widthsFor === g) return this.widthCache;
    const width = (shape: Point[][]) => {
      let min = Infinity;
      let max = -Infinity;
      for (const ring of shape) for (const [x] of ring) (min = Math.min(min, x)), (max = Math.max(max, x));
      return max - min;
    };
    this.widthCache = {
      regions: new Map(Object.entries(g.regions).map(([id, shape]) => [id, width(shape)])),
      areas: new Map(Object.entries(g.areas).map(([id, shape]) => [id, width(shape)])),
    };
    this.widthsFor = g;
    return this.widthCache;
  }

  /** The outlines, roads and borders: the same template object until the geometry changes. */
  private outlines(g: MapGeometry): SVGTemplateResult {
    if (this.staticLayer && this.staticFor === g) return this.staticLayer;
    const regionOf = new Map<string, string>();
    for (const area of this.content?.areas ?? []) if (area.region) regionOf.set(area.id, area.region);
    const regionIndex = new Map((this.content?.regions ?? []).map((r, i) => [r.id, i]));
    const roads = roadSegments(g)
      .map(([[x0, y0], [x1, y1]]) => `M${x0},${y0}L${x1},${y1}`)
      .join('');
    this.staticLayer = svg`
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
    this.staticFor = g;
    return this.staticLayer;
  }

  private overlay(g: MapGeometry, view: View, zoom: number) {
    const content = this.content!;
    const icons: SVGTemplateResult[] = [];
    const obstacles: Box[] = [];
    const requests: LabelRequest[] = [];
    const small = Math.min(this.width, this.height) < 600;
    const placeSize = small ? 12 : 13;
    for (const place of content.locations) {
      const at = g.places[place.id];
      if (!at) continue;
      const [x, y] = toScreen(view, at);
      if (x < -30 || y < -30 || x > this.width + 30 || y > this.height + 30) continue;
      const r = iconRadius(place.kind, zoom);
      const port = place.port
        ? svg`<circle cx=${x} cy=${y} r=${r + 3.2} fill="none" stroke="#1f5fa8" stroke-width="1.8"></circle>`
        : nothing;
      const cathedral = place.cathedral
        ? svg`<path d="M${x - r - 5},${y - r - 1} v-7 M${x - r - 7.5},${y - r - 5.5} h5" stroke="#6a2c86" stroke-width="1.8"></path>`
        : nothing;
      const focus = place.id === (this.pinned ?? this.hovered);
      icons.push(svg`<g class="place" data-place=${place.id} data-kind=${place.kind}>
        ${focus ? svg`<circle cx=${x} cy=${y} r=${r + 7} fill="rgba(255,255,255,0.75)" stroke="#0072b2" stroke-width="2.5"></circle>` : nothing}
        ${port}${cathedral}${placeIcon(place, x, y, r)}</g>`);
      obstacles.push({ x0: x - r - 2, y0: y - r - 2, x1: x + r + 2, y1: y + r + 2 });
      requests.push({
        id: `place:${place.id}`,
        text: place.name,
        x,
        y,
        priority: focus ? -10 : placePriority(place.kind),
        minZoom: focus ? 0 : placeMinZoom(place.kind),
        always: focus || place.kind === 'city',
        size: place.kind === 'city' ? placeSize + 2 : place.kind === 'unfortified_town' ? placeSize - 1.5 : placeSize,
        offset: r + (place.port ? 3 : 0),
        letterWidth: place.kind === 'city' ? 0.64 : 0.56,
      });
    }
    const widths = this.widths(g);
    const names = (kind: 'region' | 'area' | 'sea', list: { id: string; name: string }[], points: Record<string, Point> | undefined) => {
      for (const item of list) {
        const at = points?.[item.id];
        if (!at) continue;
        const [x, y] = toScreen(view, at);
        const text = kind === 'region' ? item.name.replace(/\s*\(.*\)$/, '').toUpperCase() : item.name;
        const size = kind === 'region' ? (small ? 10 : 12) : kind === 'area' ? 11 : small ? 11 : 12.5;
        // A Region's or Area's name only where it fits across its outline, so it reads as that
        // outline's name (on a phone, zoom in to see them).
        const outline = kind === 'region' ? widths.regions.get(item.id) : kind === 'area' ? widths.areas.get(item.id) : undefined;
        if (outline !== undefined && textWidth(text, size, kind === 'region' ? 0.8 : 0.56) > outline * view.k * 1.25) continue;
        requests.push({
          id: `${kind}:${item.id}`,
          text,
          x,
          y,
          priority: kind === 'region' ? 2.5 : kind === 'area' ? 8 : 9,
          minZoom: kind === 'area' ? 2.6 : 1,
          maxZoom: kind === 'region' ? 2.6 : undefined,
          size,
          offset: 0,
          inside:
            kind === 'sea'
              ? undefined
              : (sx: number, sy: number) => {
                  const shape = kind === 'region' ? g.regions[item.id] : g.areas[item.id];
                  return !shape || insideShape(shape, toWorld(view, [sx, sy]));
                },
          letterWidth: kind === 'region' ? 0.8 : 0.56,
        });
      }
    };
    names('region', content.regions, g.labels?.regions);
    names('sea', content.sea_zones, g.labels?.sea_zones);
    names('area', content.areas, g.labels?.areas);
    let pieces: SVGTemplateResult | typeof nothing = nothing;
    if (this.board) {
      const drawing = drawPieces(this.board, g, view, factionLetters(this.board.factions), zoom);
      pieces = drawing.layer;
      obstacles.push(...drawing.boxes);
    }
    const placed = declutter(requests, zoom, { x0: 0, y0: 0, x1: this.width, y1: this.height }, obstacles);
    const labels = placed.map((label) => {
      const [kind, id] = label.id.split(':');
      const place = kind === 'place' ? content.locations.find((l) => l.id === id) : undefined;
      const cls = `label ${kind}${place?.kind === 'city' ? ' city' : ''}`;
      return svg`<text class=${cls} data-label=${label.id} x=${label.x} y=${label.y} text-anchor=${label.anchor}
        font-size=${label.size}>${label.text}</text>`;
    });
    const marks: SVGTemplateResult[] = [];
    // A move: a line from where the piece stands to where it would go, and a ring where it starts.
    const from = this.highlight?.from;
    const start = from?.location ? g.places[from.location] : from?.area ? (g.labels?.areas?.[from.area] ?? g.labels?.sea_zones?.[from.area]) : undefined;
    if (start) {
      const [x0, y0] = toScreen(view, start);
      const ends = [
        ...(this.highlight?.locations ?? []).map((id) => g.places[id]),
        ...(this.highlight?.areas ?? []).map((id) => g.labels?.areas?.[id] ?? g.labels?.sea_zones?.[id]),
      ].filter((p): p is Point => !!p);
      for (const end of ends) {
        const [x1, y1] = toScreen(view, end);
        marks.push(svg`<line class="route" x1=${x0} y1=${y0} x2=${x1} y2=${y1} stroke="#000" stroke-width="5" opacity="0.45"></line>
          <line x1=${x0} y1=${y0} x2=${x1} y2=${y1} stroke="#f0e442" stroke-width="2.5" stroke-dasharray="8 5"></line>`);
      }
      marks.push(svg`<circle class="from" data-from=${from?.location ?? from?.area ?? ''} cx=${x0} cy=${y0} r="11" fill="#fff" fill-opacity="0.5" stroke="#000" stroke-width="2.5"></circle>`);
    }
    for (const id of this.highlight?.locations ?? []) {
      const at = g.places[id];
      if (!at) continue;
      const [x, y] = toScreen(view, at);
      marks.push(svg`<circle class="focus" data-focus=${id} cx=${x} cy=${y} r="17" fill="none" stroke="#000" stroke-width="6" opacity="0.55"></circle>
        <circle cx=${x} cy=${y} r="17" fill="none" stroke="#f0e442" stroke-width="3.5"></circle>`);
    }
    for (const id of this.highlight?.areas ?? []) {
      const at = g.labels?.areas?.[id] ?? g.labels?.sea_zones?.[id];
      if (!at) continue;
      const [x, y] = toScreen(view, at);
      marks.push(svg`<circle class="focus" data-focus=${id} cx=${x} cy=${y + 9 * 0} r="26" fill="rgba(240,228,66,0.25)" stroke="#000" stroke-width="3" stroke-dasharray="7 4"></circle>`);
    }
    return svg`<g class="icons">${icons}</g><g class="labels">${labels}</g>${pieces}<g class="marks">${marks}</g>`;
  }

  private details() {
    const id = this.pinned ?? this.hovered;
    if (!id || !this.content) return nothing;
    const d = placeDetails(this.content, id);
    if (!d) return nothing;
    // Keep the card off the place it describes: if the place lies under the card's usual spot
    // (top left on a desktop, the bottom on a phone), the card moves to the other end.
    const at = this.geometry?.places[id];
    const [sx, sy] = at && this.view ? toScreen(this.view, at) : [Infinity, Infinity];
    const phone = this.width < 900;
    const moved = phone ? sy > this.height * 0.5 : sx < 380 && sy < 300;
    return html`<section class="details ${moved ? 'moved' : ''}" data-details=${id} aria-live="polite">
      ${this.pinned ? html`<button class="close" aria-label="Close" @click=${() => (this.pinned = undefined)}>×</button>` : nothing}
      <h2>${d.name}</h2>
      <dl>
        <dt>Kind</dt><dd data-field="kind">${d.kind}</dd>
        <dt>Garrison</dt><dd data-field="garrison">${d.garrison}</dd>
        <dt>Capacity</dt><dd data-field="capacity">${d.capacity}</dd>
        <dt>Port</dt><dd data-field="port">${d.port ?? 'no'}</dd>
        <dt>Cathedral</dt><dd data-field="cathedral">${d.cathedral ? 'yes' : 'no'}</dd>
        <dt>Area</dt><dd data-field="area">${d.area}</dd>
        <dt>Region</dt><dd data-field="region">${d.region}</dd>
        <dt>Controlled by</dt><dd data-field="controlled_by">${d.controlledBy.length ? d.controlledBy.join('; ') : 'no card (never controlled)'}</dd>
      </dl>
    </section>`;
  }

  private legend() {
    const kinds = Object.entries(KIND_NAMES) as [LocationKind, string][];
    const letters = this.board ? factionLetters(this.board.factions) : [];
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
        ${this.board?.factions.map((f, i) => {
          const c = factionColour(i, f.colour);
          return html`<li data-legend-faction=${i}><svg width="18" height="18" aria-hidden="true"><rect x="1" y="2" width="16" height="14" rx="3" fill=${c.fill} stroke="#1b1b1b"></rect><text x="9" y="13" text-anchor="middle" font-size="10" font-weight="700" font-family="DejaVu Sans, sans-serif" fill=${c.text}>${letters[i]}</text></svg>${f.name}${f.you ? ' (you)' : ''}</li>`;
        })}
      </ul>
    </details>`;
  }

  render() {
    const g = this.geometry;
    const frame = this.frame();
    if (!g || !frame || !this.view) {
      return html`<div class="frame" role="img" aria-label="Map loading"></div>`;
    }
    const view = this.view;
    const zoom = zoomLevel(view, frame);
    return html`<div
        class="frame ${this.dragged ? 'dragging' : ''}"
        tabindex="0"
        role="application"
        aria-label="Map of England and Wales. Arrow keys move the map, plus and minus zoom, 0 shows all of England and Wales."
        data-zoom=${zoom.toFixed(3)}
        data-view=${`${view.x.toFixed(1)},${view.y.toFixed(1)},${view.k.toFixed(4)}`}
        @wheel=${this.onWheel}
        @keydown=${this.onKey}
        @pointerdown=${this.onPointerDown}
        @pointermove=${this.onPointerMove}
        @pointerup=${this.onPointerUp}
        @pointercancel=${this.onPointerUp}
        @pointerleave=${(e: PointerEvent) => e.pointerType === 'mouse' && !this.pointers.size && (this.hovered = undefined)}
      >
        <svg width=${this.width} height=${this.height} aria-hidden="true">
          <g transform="translate(${view.x} ${view.y}) scale(${view.k})">${this.outlines(g)}</g>
          ${this.overlay(g, view, zoom)}
        </svg>
      </div>
      <div class="controls">
        <button aria-label="Zoom in" title="Zoom in (+)" @click=${() => this.zoomButton(1.5)}>+</button>
        <button aria-label="Zoom out" title="Zoom out (−)" @click=${() => this.zoomButton(1 / 1.5)}>−</button>
        <button aria-label="Show all of England and Wales" title="All of England and Wales (0)" @click=${() => this.zoomButton(0)}>⤢</button>
      </div>
      ${this.legend()} ${this.details()}`;
  }
}

customElements.define('warwick-map', WarwickMap);
