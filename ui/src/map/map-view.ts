// <warwick-map>: England and Wales drawn from the content geometry, with pan and zoom (mouse
// drag and wheel, arrow keys and +/-, two-finger pinch, double tap), decluttered names, place
// details on hover or tap (who is there included), an optional pieces layer, and the play layer
// (./map-play.ts): pieces to choose, where they can go, drags, moments and moving pieces. The
// map decides nothing: it says what was tapped, dragged or chosen by key (`piece-tap`,
// `target-tap`, `target-cluster` {keys} (a click on overlapping rings), `target-hover`, `piece-drop`,
// `background-tap`, `map-escape`).
//
// Outlines are drawn once in drawing units (./outlines.ts), in an <svg> of their own that is
// moved and scaled to the view; icons, names and pieces are drawn in screen pixels at their
// projected positions, so they keep their size at every zoom. During a drag, pinch or wheel
// zoom both layers are only moved and scaled (by the compositor, without drawing anything
// again) and are laid out afresh, names decluttered, when the gesture pauses or ends.

import { LitElement, html, nothing, svg, type PropertyValues, type SVGTemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Content } from '../bindings/Content';
import { insideShape, type MapGeometry, type Point } from '../geometry';
import { declutter, placeMinZoom, placePriority, textWidth, type Box, type LabelRequest } from './labels';
import { drawPieces, type PieceHit } from './pieces-layer';
import { drawPlay, hitAt, targetsAt, overlayItems, overlayTemplate, type MapPlay, type OverlayItem } from './map-play';
import { mapStyles } from './map-styles';
import { factionLetters, type Board } from './pieces';
import { nearestPlace, placeDetails, placeOccupants } from './places';
import { outlinesTemplate, shapeWidth } from './outlines';
import { iconRadius, legendTemplate, placeIcon } from './place-icons';
import { entryLink } from '../help/step-help';
import {
  fitBox,
  fitScale,
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

/** What an object holds, as text (each object written once): equal texts, equal contents. */
const written = new WeakMap<object, string>();
function same(value: object | undefined): string | undefined {
  if (!value) return undefined;
  let text = written.get(value);
  if (text === undefined) written.set(value, (text = JSON.stringify(value)));
  return text;
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
    play: { attribute: false },
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
  /** What the game screen asks the map to show while a person plays. */
  play?: MapPlay;
  /** The pieces' screen boxes as last drawn, and the overlay's items. */
  private hits: PieceHit[] = [];
  private items: OverlayItem[] = [];
  /** The overlay item that has had focus in each group (its Tab stop). */
  private active: Record<'pieces' | 'targets', string | undefined> = { pieces: undefined, targets: undefined };
  /** A chosen piece being dragged: its key and where the pointer is. */
  private dragPiece?: { key: string; x: number; y: number };
  private downItem?: OverlayItem;
  private lastTap?: { x: number; y: number; at: number };
  private tapTimer?: ReturnType<typeof setTimeout>;
  private frameRequest?: number;
  /** Moving pieces drawn so far (each animation once), shown as `data-moves-drawn` for the checks. */
  private movesDrawn = new WeakSet<object>();
  private movesDrawnCount = 0;

  private resizeObserver?: ResizeObserver;
  private pointers = new Map<number, Pointer>();
  private dragged = false;
  private downAt?: Pointer;
  private touched = false;
  /**
   * A pan, pinch or wheel zoom under way (`gestureView` is the view it set): until it pauses or
   * ends, the outlines keep the scale they were drawn at and the overlay (icons, names, pieces,
   * buttons) keeps its layout; both are only moved and scaled, which the compositor does
   * without drawing again. Then `settle` lays them out at the view.
   */
  private moving = false;
  private gestureView?: View;
  private settleTimer?: ReturnType<typeof setTimeout>;
  /**
   * The overlay as last laid out: the view it was laid out at, what it was drawn from, the
   * drawing. It is drawn in coordinates shifted by whole pixels (`origin`: the view's offset
   * rounded down) and placed there by a transform, so that after a pan only what changed (names,
   * icons coming into reach) is drawn again.
   */
  private laidOut?: { view: View; origin: Point; inputs: unknown[]; layer: SVGTemplateResult };
  /** The scale the outlines are drawn at. */
  private outlineK?: number;

  static styles = mapStyles;


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

  /**
   * Brings `focus` into view filling the band above `bottom`, zooming in if need be (at most to
   * 3× the whole map): on a phone the chosen piece and the places it can go are then big enough
   * to tap.
   */
  frameOn(focus: NonNullable<WarwickMap['highlight']>, bottom = this.height): void {
    const frame = this.frame();
    if (!frame || !this.view) return;
    const k = fitScale(frame) * 3;
    if (this.view.k >= k) {
      this.reveal(focus, bottom);
      return;
    }
    const before = this.view;
    this.view = { ...this.view, k, x: Number.NaN, y: Number.NaN };
    this.reveal(focus, bottom);
    if (!Number.isFinite(this.view.x)) this.view = before;
  }

  /** The key of the piece or target under a point of the page (a card dragged from the hand onto the map). */
  itemAt(clientX: number, clientY: number): string | undefined {
    const [x, y] = this.local({ clientX, clientY });
    return this.itemUnder(x, y, this.touched)?.key;
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
    // A view set otherwise than by the gesture (keys, buttons, reveal) is laid out at once.
    if (changed.has('view') && this.view !== this.gestureView) this.settle();
    if (!this.moving || this.outlineK === undefined) this.outlineK = this.view?.k;
  }

  /** The zoom level now (1 = the whole map fits); for tests and the shell. */
  get zoom(): number {
    const frame = this.frame();
    return frame && this.view ? zoomLevel(this.view, frame) : 1;
  }

  /** A view set by a gesture: drawn by moving the layers until the gesture pauses for `pause` ms. */
  private setGestureView(next: View | undefined, pause: number): void {
    if (!next) return;
    this.moving = true;
    this.gestureView = next;
    this.view = next;
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.settle(), pause);
  }

  /** The gesture paused or ended: the outlines and the overlay are laid out at the view. */
  private settle(): void {
    clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    if (!this.moving) return;
    this.moving = false;
    this.requestUpdate();
  }

  /** The transform from the overlay's coordinates to the screen: a scale, then a shift. */
  private shift(): { s: number; x: number; y: number } {
    const laid = this.laidOut;
    const view = this.view;
    if (!laid || !view) return { s: 1, x: 0, y: 0 };
    const s = view.k / laid.view.k;
    return { s, x: view.x - s * (laid.view.x - laid.origin[0]), y: view.y - s * (laid.view.y - laid.origin[1]) };
  }

  /** From the screen to the overlay's coordinates, and back. */
  private toLayout([x, y]: Point): Point {
    const t = this.shift();
    return [(x - t.x) / t.s, (y - t.y) / t.s];
  }

  private fromLayout([x, y]: Point): Point {
    const t = this.shift();
    return [x * t.s + t.x, y * t.s + t.y];
  }

  /** The overlay's items under a screen point. */
  private itemUnder(x: number, y: number, touch: boolean): OverlayItem | undefined {
    const [lx, ly] = this.toLayout([x, y]);
    return hitAt(this.items, lx, ly, touch);
  }

  private local(event: { clientX: number; clientY: number }): Point {
    const rect = this.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  private onWheel(event: WheelEvent): void {
    const frame = this.frame();
    if (!frame || !this.view) return;
    event.preventDefault();
    this.setGestureView(zoomAt(this.view, wheelFactor(event.deltaY, event.deltaMode), this.local(event), frame), 80);
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      this.pinned = undefined;
      this.emit('map-escape', {});
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
      const item = this.itemUnder(x, y, this.touched);
      this.downItem = item?.group === 'pieces' && this.play?.pieces[item.key]?.selectable ? item : undefined;
    } else {
      this.dragged = true;
      this.downItem = undefined;
      this.dragPiece = undefined;
    }
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
  }

  private onPointerMove(event: PointerEvent): void {
    const frame = this.frame();
    const [x, y] = this.local(event);
    const last = this.pointers.get(event.pointerId);
    if (!last) {
      if (event.pointerType === 'mouse') {
        const item = this.itemUnder(x, y, false);
        const target = item?.group === 'targets' ? item.key : undefined;
        // Over a marked place the details would pop up where the next click goes: its way is drawn
        // instead; and while a piece is chosen they would cover the places marked for it.
        this.hovered = target || this.play?.selected.length ? undefined : this.placeNear([x, y], 12);
        if (target !== this.play?.hovered) this.emit('target-hover', { key: target });
      }
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
      this.setGestureView(pinchView(this.view, [a0.x, a0.y], [b0.x, b0.y], [a1.x, a1.y], [b1.x, b1.y], frame), 150);
      return;
    }
    this.pointers.set(event.pointerId, { x, y });
    if (!this.dragged && this.downAt && Math.hypot(x - this.downAt.x, y - this.downAt.y) < 6) return;
    this.dragged = true;
    if (this.downItem) {
      // Dragging a piece that can act: it follows the pointer; the target under it is marked.
      this.dragPiece = { key: this.downItem.key, x, y };
      const item = this.itemUnder(x, y, this.touched);
      const target = item?.group === 'targets' ? item.key : undefined;
      if (target !== this.play?.hovered) this.emit('target-hover', { key: target });
      return;
    }
    this.setGestureView(panBy(this.view, x - last.x, y - last.y, frame), 150);
  }

  private onPointerUp(event: PointerEvent): void {
    const wasDown = this.pointers.delete(event.pointerId);
    if (!wasDown) return;
    const [x, y] = this.local(event);
    if (this.pointers.size === 0 && this.dragPiece) {
      const item = this.itemUnder(x, y, this.touched);
      this.emit('piece-drop', { piece: this.dragPiece.key, target: item?.group === 'targets' ? item.key : undefined, spot: this.spotAt([x, y]) });
      this.dragPiece = undefined;
    } else if (this.pointers.size === 0 && !this.dragged) {
      this.tap(x, y);
    }
    if (this.pointers.size === 0) {
      this.dragged = false;
      this.downItem = undefined;
      this.settle();
    }
  }

  /** A tap or click: a piece or target says so; on empty map, a second tap soon after zooms in. */
  private tap(x: number, y: number): void {
    const item = this.itemUnder(x, y, this.touched);
    const [lx, ly] = this.toLayout([x, y]);
    const cluster = item?.group === 'targets' ? targetsAt(this.items, lx, ly, this.touched) : [];
    if (cluster.length > 1) return void this.emit('target-cluster', { keys: cluster.map((i) => i.key) });
    if (item) {
      this.lastTap = undefined;
      // On a phone the details would cover the map the choice is made on: a mouse shows them.
      if (!this.touched) this.pinSpotOf(item);
      else this.hovered = undefined;
      this.emit(item.group === 'pieces' ? 'piece-tap' : 'target-tap', { key: item.key });
      return;
    }
    const now = performance.now();
    const frame = this.frame();
    if (this.lastTap && now - this.lastTap.at < 350 && Math.hypot(x - this.lastTap.x, y - this.lastTap.y) < 30 && frame && this.view) {
      clearTimeout(this.tapTimer);
      this.lastTap = undefined;
      this.view = zoomAt(this.view, 2, [x, y], frame);
      return;
    }
    this.lastTap = { x, y, at: now };
    // Pin the nearest place (finger-sized on touch), or unpin. With a piece chosen the tap is an
    // attempt to go there: the game screen answers it, and details would cover the marked places.
    const near = this.placeNear([x, y], this.touched ? 22 : 12);
    this.pinned = near && near !== this.pinned && !this.play?.selected.length ? near : undefined;
    clearTimeout(this.tapTimer);
    this.tapTimer = setTimeout(() => {
      if (this.lastTap?.at === now) this.emit('background-tap', { place: near });
    }, 360);
  }

  /** Shows the details of the place a piece stands in. */
  private pinSpotOf(item: OverlayItem): void {
    const hit = this.hits.find((h) => h.key === item.key);
    const place = hit?.spot.startsWith('location:') ? hit.spot.slice(9) : hit?.spot.startsWith('port:') ? hit.spot.slice(5) : undefined;
    if (place) this.hovered = place;
  }

  /** The place, Area or sea under a screen point. */
  private spotAt([x, y]: Point): { location: string } | { area: string } | { sea: string } | undefined {
    const g = this.geometry;
    if (!g || !this.view) return undefined;
    const place = this.placeNear([x, y], this.touched ? 22 : 14);
    if (place) return { location: place };
    const world = toWorld(this.view, [x, y]);
    for (const [id, shape] of Object.entries(g.areas)) if (insideShape(shape, world)) return { area: id };
    for (const [id, shape] of Object.entries(g.sea_zones)) if (insideShape(shape, world)) return { sea: id };
    return undefined;
  }

  private emit(name: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** A button of the overlay pressed from the keyboard (pointer taps are handled by position). */
  private onItem(item: OverlayItem, event: Event): void {
    if ((event as MouseEvent).detail > 0) return;
    this.pinSpotOf(item);
    this.emit(item.group === 'pieces' ? 'piece-tap' : 'target-tap', { key: item.key });
  }

  /** Arrows move between the items of a group; Escape gives up the choice. */
  private onItemKey(item: OverlayItem, event: KeyboardEvent): void {
    const list = this.items.filter((i) => i.group === item.group);
    const at = list.findIndex((i) => i.key === item.key);
    let next: OverlayItem | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = list[(at + 1) % list.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = list[(at - 1 + list.length) % list.length];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list[list.length - 1];
    else if (event.key === 'Escape') {
      event.stopPropagation();
      this.emit('map-escape', {});
      return;
    } else return;
    event.preventDefault();
    event.stopPropagation();
    this.focusItem(next.key);
  }

  /** Moves the keyboard focus to an overlay item, bringing it into view. */
  focusItem(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (!item) return;
    this.active[item.group] = key;
    this.revealScreen(...this.fromLayout([item.x + item.w / 2, item.y + item.h / 2]));
    this.requestUpdate();
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLElement>(`[data-hit="${CSS.escape(key)}"]`)?.focus({ preventScroll: true });
    });
  }

  /** Focuses the first item of a group (the chosen piece's targets, after a choice). */
  focusGroup(group: 'pieces' | 'targets'): void {
    void this.updateComplete.then(() => {
      const able = (i: OverlayItem) => !!this.play?.pieces[i.key]?.selectable;
      const first =
        this.items.find((i) => i.group === group && (group === 'targets' || i.selected)) ??
        this.items.find((i) => i.group === group && able(i)) ??
        this.items.find((i) => i.group === group);
      if (first) this.focusItem(first.key);
    });
  }

  /** Pans so a screen point is inside the frame, with a margin. */
  private revealScreen(x: number, y: number): void {
    const frame = this.frame();
    if (!frame || !this.view) return;
    const m = 40;
    if (x >= m && y >= m && x <= this.width - m && y <= this.height - m) return;
    this.view = panBy(this.view, x < m ? m - x + 60 : x > this.width - m ? this.width - m - x - 60 : 0, y < m ? m - y + 60 : y > this.height - m ? this.height - m - y - 60 : 0, frame);
  }

  private onItemFocus(item: OverlayItem): void {
    this.active[item.group] = item.key;
    if (item.group === 'targets') this.emit('target-hover', { key: item.key });
    else this.pinSpotOf(item);
  }

  private placeNear(point: Point, radius: number): string | undefined {
    const g = this.geometry;
    if (!g || !this.view || !this.content) return undefined;
    return nearestPlace(this.content, g.places, (at) => toScreen(this.view!, at), point, radius);
  }

  private zoomButton(factor: number): void {
    const frame = this.frame();
    if (!frame || !this.view) return;
    this.view = factor === 0 ? this.home(frame) : zoomAt(this.view, factor, [this.width / 2, this.height / 2], frame);
  }

  /** Whether each nudged spot of a Region's or Area's name lies inside it, at one scale. */
  private insides: { g?: MapGeometry; k: number; map: Map<string, boolean> } = { k: Number.NaN, map: new Map() };
  private widthsFor?: MapGeometry;
  private widthCache = { regions: new Map<string, number>(), areas: new Map<string, number>() };

  /** The width in drawing units of each Region's and Area's outline. */
  private widths(g: MapGeometry) {
    if (this.widthsFor === g) return this.widthCache;
    this.widthCache = {
      regions: new Map(Object.entries(g.regions).map(([id, shape]) => [id, shapeWidth(shape)])),
      areas: new Map(Object.entries(g.areas).map(([id, shape]) => [id, shapeWidth(shape)])),
    };
    this.widthsFor = g;
    return this.widthCache;
  }

  /**
   * The overlay laid out at the view; during a gesture, the one laid out before it if nothing
   * else it shows has changed (pieces moving along their way are drawn every frame).
   */
  private layout(g: MapGeometry, view: View, zoom: number): NonNullable<WarwickMap['laidOut']> {
    // The game screen hands over a new board and play at each of its renders, most of them the
    // same as before: compared by what they hold, they are drawn again only when that changed.
    const now = performance.now();
    const animating = !!this.play?.animations.some((a) => now < a.start + a.duration);
    // (Laid out while pieces moved: once more when they have arrived.)
    const inputs = [this.content, same(this.board), same(this.play), same(this.highlight), this.hovered, this.pinned, this.width, this.height, animating];
    const last = this.laidOut;
    const still = last && last.view.k === view.k && last.view.x === view.x && last.view.y === view.y;
    if ((this.moving || still) && last && !animating && inputs.every((v, i) => v === last.inputs[i])) return last;
    const origin: Point = [Math.floor(view.x), Math.floor(view.y)];
    const local = { k: view.k, x: view.x - origin[0], y: view.y - origin[1] };
    const screen = { x0: -origin[0], y0: -origin[1], x1: this.width - origin[0], y1: this.height - origin[1] };
    this.laidOut = { view, origin, inputs, layer: this.overlay(g, local, zoom, screen) };
    return this.laidOut;
  }

  /** The overlay drawn for `view`; `screen` is the frame in its coordinates. */
  private overlay(g: MapGeometry, view: View, zoom: number, screen: Box) {
    const content = this.content!;
    const icons: { id: string; icon: SVGTemplateResult }[] = [];
    const obstacles: Box[] = [];
    const requests: LabelRequest[] = [];
    const small = Math.min(this.width, this.height) < 600;
    const placeSize = small ? 12 : 13;
    const margin = Math.max(this.width, this.height) / 2;
    for (const place of content.locations) {
      const at = g.places[place.id];
      if (!at) continue;
      const [x, y] = toScreen(view, at);
      // Beyond the screen too, within half its size, for the overlay to be moved during a gesture.
      if (x < screen.x0 - margin || y < screen.y0 - margin || x > screen.x1 + margin || y > screen.y1 + margin) continue;
      const r = iconRadius(place.kind, zoom);
      const port = place.port
        ? svg`<circle cx=${x} cy=${y} r=${r + 3.2} fill="none" stroke="#1f5fa8" stroke-width="1.8"></circle>`
        : nothing;
      const cathedral = place.cathedral
        ? svg`<path d="M${x - r - 5},${y - r - 1} v-7 M${x - r - 7.5},${y - r - 5.5} h5" stroke="#6a2c86" stroke-width="1.8"></path>`
        : nothing;
      const focus = place.id === (this.pinned ?? this.hovered);
      icons.push({
        id: place.id,
        icon: svg`<g class="place" data-place=${place.id} data-kind=${place.kind}>
          ${focus ? svg`<circle cx=${x} cy=${y} r=${r + 7} fill="rgba(255,255,255,0.75)" stroke="#0072b2" stroke-width="2.5"></circle>` : nothing}
          ${port}${cathedral}${placeIcon(place, x, y, r)}</g>`,
      });
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
    if (this.insides.g !== g || this.insides.k !== view.k) this.insides = { g, k: view.k, map: new Map() };
    const insides = this.insides.map;
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
                  if (!shape) return true;
                  // Whether a nudge stays inside depends on the scale only, not on the pan.
                  const key = `${kind}:${item.id}:${Math.round(sx - x)}:${Math.round(sy - y)}`;
                  let inside = insides.get(key);
                  if (inside === undefined) insides.set(key, (inside = insideShape(shape, toWorld(view, [sx, sy]))));
                  return inside;
                },
          letterWidth: kind === 'region' ? 0.8 : 0.56,
        });
      }
    };
    names('region', content.regions, g.labels?.regions);
    names('sea', content.sea_zones, g.labels?.sea_zones);
    names('area', content.areas, g.labels?.areas);
    let pieces: SVGTemplateResult | typeof nothing = nothing;
    this.hits = [];
    if (this.board) {
      const play = this.play;
      const marks = play && {
        selected: new Set(play.selected),
        selectable: new Set(Object.entries(play.pieces).filter(([, p]) => p.selectable).map(([k]) => k)),
        targeted: new Set(play.targets.flatMap((t) => ('piece' in t.at ? [t.at.piece] : []))),
      };
      const drawing = drawPieces(this.board, g, view, factionLetters(this.board.factions), zoom, marks);
      pieces = drawing.layer;
      this.hits = drawing.hits;
      obstacles.push(...drawing.boxes);
    }
    const play = this.play ? drawPlay(this.play, g, view, this.hits, performance.now(), this.width) : nothing;
    for (const a of this.play?.animations ?? []) {
      if (this.movesDrawn.has(a)) continue;
      this.movesDrawn.add(a);
      this.movesDrawnCount += 1;
    }
    this.items = this.play ? overlayItems(this.play, g, view, this.hits) : [];
    const placed = declutter(requests, zoom, screen, obstacles);
    // Keyed, so that a name or icon coming or going does not redraw the others.
    const labels = repeat(placed, (label) => label.id, (label) => {
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
    return svg`<g class="icons">${repeat(icons, (i) => i.id, (i) => i.icon)}</g><g class="labels">${labels}</g>${pieces}<g class="marks">${marks}</g>${play}`;
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
      <h2>${d.name}${entryLink(id, d.name)}</h2>
      <dl>
        <dt>Kind</dt><dd data-field="kind">${d.kind}</dd>
        <dt>Garrison</dt><dd data-field="garrison">${d.garrison}</dd>
        <dt>Capacity</dt><dd data-field="capacity">${d.capacity}</dd>
        <dt>Port</dt><dd data-field="port">${d.port ?? 'no'}</dd>
        <dt>Cathedral</dt><dd data-field="cathedral">${d.cathedral ? 'yes' : 'no'}</dd>
        <dt>Area</dt><dd data-field="area">${d.area}</dd>
        <dt>Region</dt><dd data-field="region">${d.region}</dd>
        <dt>Controlled by</dt><dd data-field="controlled_by">${d.controlledBy.length ? d.controlledBy.join('; ') : 'no card (never controlled)'}</dd>
        ${this.board ? html`<dt>Here</dt><dd data-field="here">${placeOccupants(this.board, id)}</dd>` : nothing}
      </dl>
    </section>`;
  }

  protected updated(): void {
    if (this.movesDrawnCount) this.dataset.movesDrawn = String(this.movesDrawnCount);
    // Moving pieces: draw again each frame until every one has arrived.
    const now = performance.now();
    const moving = this.play?.animations.some((a) => now < a.start + a.duration);
    if (moving && this.frameRequest === undefined) {
      this.frameRequest = requestAnimationFrame(() => {
        this.frameRequest = undefined;
        this.requestUpdate();
      });
    }
  }

  render() {
    const g = this.geometry;
    const frame = this.frame();
    if (!g || !frame || !this.view) {
      return html`<div class="frame" role="img" aria-label="Map loading"></div>`;
    }
    const view = this.view;
    const zoom = zoomLevel(view, frame);
    const laid = this.layout(g, view, zoom);
    // During a gesture the layers drawn for earlier views are moved and scaled onto this one.
    const t = this.shift();
    const shift = `transform: translate(${t.x}px, ${t.y}px) scale(${t.s})`;
    const k = this.outlineK ?? view.k;
    const ghost = this.dragPiece && this.toLayout([this.dragPiece.x, this.dragPiece.y]);
    return html`<div
        class="frame ${this.dragged ? 'dragging' : ''}"
        tabindex="0"
        role="application"
        aria-label=${this.play ? 'Map of England and Wales. Arrow keys move the map, plus and minus zoom, 0 shows all. Tab goes to the pieces, then to where a chosen piece can go; arrow keys move between them, Enter chooses, Escape cancels.' : 'Map of England and Wales. Arrow keys move the map, plus and minus zoom, 0 shows all of England and Wales.'}
        data-zoom=${zoom.toFixed(3)}
        data-view=${`${view.x.toFixed(1)},${view.y.toFixed(1)},${view.k.toFixed(4)}`}
        @wheel=${this.onWheel}
        @keydown=${this.onKey}
        @pointerdown=${this.onPointerDown}
        @pointermove=${this.onPointerMove}
        @pointerup=${this.onPointerUp}
        @pointercancel=${this.onPointerUp}
        @pointerleave=${(e: PointerEvent) => e.pointerType === 'mouse' && !this.pointers.size && (this.hovered = undefined)}
        @scroll=${(e: Event) => ((e.currentTarget as HTMLElement).scrollTop = (e.currentTarget as HTMLElement).scrollLeft = 0)}
      >
        <svg class="world" width=${g.width * k} height=${g.height * k} viewBox="0 0 ${g.width} ${g.height}" aria-hidden="true"
          style="transform: translate(${view.x}px, ${view.y}px) scale(${view.k / k})">${guard([g], () => outlinesTemplate(this.content, g))}</svg>
        <svg class="moved" width=${this.width} height=${this.height} aria-hidden="true" style=${shift}>
          ${guard([laid], () => laid.layer)}
          ${ghost ? svg`<circle class="drag-ghost" cx=${ghost[0]} cy=${ghost[1]} r="14" fill="rgba(240,228,66,0.6)" stroke="#000" stroke-width="2.5"></circle>` : nothing}
        </svg>
        ${this.play ? html`<div class="moved" style=${shift}>${guard([this.items, this.active.pieces, this.active.targets], () =>
          overlayTemplate(this.items, this.active, {
            activate: (item, e) => this.onItem(item, e),
            key: (item, e) => this.onItemKey(item, e),
            focus: (item) => this.onItemFocus(item),
            blur: () => this.emit('target-hover', { key: undefined }),
          }))}</div>` : nothing}
      </div>
      <div class="controls">
        <button aria-label="Zoom in" title="Zoom in (+)" @click=${() => this.zoomButton(1.5)}>+</button>
        <button aria-label="Zoom out" title="Zoom out (−)" @click=${() => this.zoomButton(1 / 1.5)}>−</button>
        <button aria-label="Show all of England and Wales" title="All of England and Wales (0)" @click=${() => this.zoomButton(0)}>⤢</button>
      </div>
      ${guard([this.board], () => legendTemplate(this.board))} ${this.details()}`;
  }
}

customElements.define('warwick-map', WarwickMap);
