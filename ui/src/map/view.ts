// The map's view: a scale `k` and an offset (`x`, `y`) mapping drawing units to screen pixels,
// `screen = world * k + offset`. Pure functions, so pan, wheel, keyboard and pinch all share
// one tested piece of math.

import type { Point } from '../geometry';

export interface View {
  /** Screen pixels per drawing unit. */
  k: number;
  /** Screen position of the drawing's origin. */
  x: number;
  y: number;
}

/** The size of the drawing and of the screen area that shows it. */
export interface Frame {
  worldWidth: number;
  worldHeight: number;
  screenWidth: number;
  screenHeight: number;
}

/** How far in and out one may zoom, as multiples of the scale that fits the whole map. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

/** The scale at which the whole drawing just fits the screen. */
export function fitScale(frame: Frame): number {
  const k = Math.min(frame.screenWidth / frame.worldWidth, frame.screenHeight / frame.worldHeight);
  return k > 0 && Number.isFinite(k) ? k : 1;
}

/** The view showing the whole drawing, centred. */
export function fitView(frame: Frame): View {
  const k = fitScale(frame);
  return {
    k,
    x: (frame.screenWidth - frame.worldWidth * k) / 2,
    y: (frame.screenHeight - frame.worldHeight * k) / 2,
  };
}

/** The view showing the world box `box` (x0, y0, x1, y1) as large as fits, centred, clamped. */
export function fitBox(frame: Frame, box: [number, number, number, number], margin = 8): View {
  const [x0, y0, x1, y1] = box;
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const k = Math.min((frame.screenWidth - 2 * margin) / w, (frame.screenHeight - 2 * margin) / h);
  const view = {
    k,
    x: frame.screenWidth / 2 - ((x0 + x1) / 2) * k,
    y: frame.screenHeight / 2 - ((y0 + y1) / 2) * k,
  };
  return clampView(view, frame);
}

/** The zoom level: 1 when the whole map fits, larger when zoomed in. */
export function zoomLevel(view: View, frame: Frame): number {
  return view.k / fitScale(frame);
}

export function toScreen(view: View, [x, y]: Point): Point {
  return [x * view.k + view.x, y * view.k + view.y];
}

export function toWorld(view: View, [x, y]: Point): Point {
  return [(x - view.x) / view.k, (y - view.y) / view.k];
}

/**
 * Keeps the scale within [MIN_ZOOM, MAX_ZOOM] × fit and the drawing on screen: when it is
 * smaller than the screen along an axis it is centred on that axis, otherwise no empty margin
 * wider than a quarter of the screen shows beside it.
 */
export function clampView(view: View, frame: Frame): View {
  const fit = fitScale(frame);
  const k = Math.min(Math.max(view.k, fit * MIN_ZOOM), fit * MAX_ZOOM);
  const axis = (offset: number, world: number, screen: number): number => {
    const size = world * k;
    if (size <= screen) return (screen - size) / 2;
    const slack = screen / 4;
    return Math.min(slack, Math.max(screen - size - slack, offset));
  };
  return {
    k,
    x: axis(view.x, frame.worldWidth, frame.screenWidth),
    y: axis(view.y, frame.worldHeight, frame.screenHeight),
  };
}

/**
 * The view that shows every world point in `points` inside the screen band from `top` to
 * `bottom` (pixels; the rest of the screen is covered, e.g. by a bottom sheet), `margin` pixels
 * clear of its edges. It keeps `view` when they already show; otherwise it pans to centre them
 * in the band, zooming out only when they do not fit at the current scale.
 */
export function revealView(view: View, points: Point[], frame: Frame, top: number, bottom: number, margin = 28): View {
  if (!points.length) return view;
  const inBand = (v: View) =>
    points.every((p) => {
      const [x, y] = toScreen(v, p);
      return x >= margin && x <= frame.screenWidth - margin && y >= top + margin && y <= bottom - margin;
    });
  if (inBand(view)) return view;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const room = [Math.max(1, frame.screenWidth - 2 * margin), Math.max(1, bottom - top - 2 * margin)];
  const k = Math.min(view.k, room[0] / Math.max(1e-9, x1 - x0), room[1] / Math.max(1e-9, y1 - y0));
  const centred = { k, x: frame.screenWidth / 2 - ((x0 + x1) / 2) * k, y: (top + bottom) / 2 - ((y0 + y1) / 2) * k };
  return clampView(centred, frame);
}

/** Zooms by `factor` keeping the screen point `at` over the same spot of the map. */
export function zoomAt(view: View, factor: number, at: Point, frame: Frame): View {
  const [wx, wy] = toWorld(view, at);
  const fit = fitScale(frame);
  const k = Math.min(Math.max(view.k * factor, fit * MIN_ZOOM), fit * MAX_ZOOM);
  return clampView({ k, x: at[0] - wx * k, y: at[1] - wy * k }, frame);
}

/** Moves the map by a screen distance. */
export function panBy(view: View, dx: number, dy: number, frame: Frame): View {
  return clampView({ k: view.k, x: view.x + dx, y: view.y + dy }, frame);
}

/** The zoom factor of one wheel event (deltaY in pixels; up zooms in). */
export function wheelFactor(deltaY: number, deltaMode = 0): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-Math.max(-600, Math.min(600, pixels)) * 0.0015);
}

/**
 * Two-finger pinch: the fingers moved from `a0`, `b0` to `a1`, `b1`. The map scales by the
 * change in their distance and the spot under their midpoint follows the midpoint.
 */
export function pinchView(view: View, a0: Point, b0: Point, a1: Point, b1: Point, frame: Frame): View {
  const d0 = Math.hypot(b0[0] - a0[0], b0[1] - a0[1]);
  const d1 = Math.hypot(b1[0] - a1[0], b1[1] - a1[1]);
  const m0: Point = [(a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2];
  const m1: Point = [(a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2];
  const factor = d0 > 0 && d1 > 0 ? d1 / d0 : 1;
  const zoomed = zoomAt(view, factor, m0, frame);
  return panBy(zoomed, m1[0] - m0[0], m1[1] - m0[1], frame);
}

/** What a key does to the view, or undefined if the key is not a map key. `0` goes `home`. */
export function keyView(view: View, key: string, frame: Frame, home?: View): View | undefined {
  const step = Math.max(40, Math.min(frame.screenWidth, frame.screenHeight) / 6);
  const centre: Point = [frame.screenWidth / 2, frame.screenHeight / 2];
  switch (key) {
    case 'ArrowLeft':
      return panBy(view, step, 0, frame);
    case 'ArrowRight':
      return panBy(view, -step, 0, frame);
    case 'ArrowUp':
      return panBy(view, 0, step, frame);
    case 'ArrowDown':
      return panBy(view, 0, -step, frame);
    case '+':
    case '=':
      return zoomAt(view, 1.4, centre, frame);
    case '-':
    case '_':
      return zoomAt(view, 1 / 1.4, centre, frame);
    case '0':
    case 'Home':
      return home ?? fitView(frame);
    default:
      return undefined;
  }
}
