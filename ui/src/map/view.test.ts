import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  clampView,
  fitBox,
  fitScale,
  fitView,
  keyView,
  panBy,
  pinchView,
  revealView,
  toScreen,
  toWorld,
  wheelFactor,
  zoomAt,
  zoomLevel,
  type Frame,
} from './view';

const frame: Frame = { worldWidth: 1000, worldHeight: 1072, screenWidth: 1000, screenHeight: 800 };

describe('map view math', () => {
  it('fits the whole drawing, centred', () => {
    const view = fitView(frame);
    expect(view.k).toBeCloseTo(800 / 1072);
    const [left] = toScreen(view, [0, 0]);
    const [right] = toScreen(view, [1000, 0]);
    expect(left + right).toBeCloseTo(1000); // centred horizontally
    expect(toScreen(view, [0, 1072])[1]).toBeCloseTo(800);
    expect(zoomLevel(view, frame)).toBeCloseTo(1);
  });

  it('converts between screen and world both ways', () => {
    const view = { k: 2.5, x: -100, y: 40 };
    expect(toWorld(view, toScreen(view, [123, 456]))).toEqual([123, 456]);
  });

  it('zooms about a point: the spot under it stays put', () => {
    const view = fitView(frame);
    const at: [number, number] = [600, 300];
    const under = toWorld(view, at);
    const zoomed = zoomAt(view, 3, at, frame);
    expect(zoomLevel(zoomed, frame)).toBeCloseTo(3);
    const [x, y] = toScreen(zoomed, under);
    expect(x).toBeCloseTo(600);
    expect(y).toBeCloseTo(300);
  });

  it('keeps the zoom between the whole map and MAX_ZOOM', () => {
    const view = fitView(frame);
    expect(zoomLevel(zoomAt(view, 0.1, [500, 400], frame), frame)).toBeCloseTo(1);
    expect(zoomLevel(zoomAt(view, 1000, [500, 400], frame), frame)).toBeCloseTo(MAX_ZOOM);
  });

  it('pans by screen pixels but never loses the map off screen', () => {
    const view = zoomAt(fitView(frame), 4, [500, 400], frame);
    const moved = panBy(view, 30, -20, frame);
    expect(moved.x - view.x).toBeCloseTo(30);
    expect(moved.y - view.y).toBeCloseTo(-20);
    const far = panBy(view, 1e6, 1e6, frame);
    // At most a quarter of the screen of empty margin.
    expect(far.x).toBeCloseTo(250);
    expect(far.y).toBeCloseTo(200);
    // A drawing narrower than the screen stays centred.
    const whole = panBy(fitView(frame), 200, 0, frame);
    expect(whole.x).toBeCloseTo(fitView(frame).x);
  });

  it('clamps a view after the screen is resized', () => {
    const small = { ...frame, screenWidth: 390, screenHeight: 700 };
    const view = clampView({ k: 0.01, x: 0, y: 0 }, small);
    expect(view.k).toBeCloseTo(fitScale(small));
  });

  it('pinch: spreading two fingers zooms, moving them together pans', () => {
    const view = zoomAt(fitView(frame), 2, [500, 400], frame);
    const spread = pinchView(view, [450, 400], [550, 400], [400, 400], [600, 400], frame);
    expect(spread.k / view.k).toBeCloseTo(2);
    const mid = toWorld(view, [500, 400]);
    const [mx, my] = toScreen(spread, mid);
    expect(mx).toBeCloseTo(500);
    expect(my).toBeCloseTo(400);
    const slide = pinchView(view, [450, 400], [550, 400], [470, 410], [570, 410], frame);
    expect(slide.k).toBeCloseTo(view.k);
    expect(slide.x - view.x).toBeCloseTo(20);
    expect(slide.y - view.y).toBeCloseTo(10);
  });

  it('wheel: up zooms in, down zooms out, by the same amount', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
    expect(wheelFactor(-100) * wheelFactor(100)).toBeCloseTo(1);
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-48)); // lines count as 16 px
  });

  it('keys: arrows pan, + and - zoom about the centre, 0 goes home', () => {
    const view = zoomAt(fitView(frame), 3, [500, 400], frame);
    expect(keyView(view, 'ArrowLeft', frame)!.x).toBeGreaterThan(view.x);
    expect(keyView(view, 'ArrowUp', frame)!.y).toBeGreaterThan(view.y);
    expect(keyView(view, '+', frame)!.k).toBeGreaterThan(view.k);
    expect(keyView(view, '-', frame)!.k).toBeLessThan(view.k);
    const home = fitBox(frame, [200, 50, 900, 1050]);
    expect(keyView(view, '0', frame, home)).toEqual(home);
    expect(keyView(view, 'a', frame)).toBeUndefined();
  });

  it('fits a box of the world into the screen', () => {
    const view = fitBox(frame, [200, 100, 600, 300], 0);
    expect(view.k).toBeCloseTo(2.5);
    const [x, y] = toScreen(view, [400, 200]);
    expect(x).toBeCloseTo(500);
    expect(y).toBeCloseTo(400);
  });

  it('reveals points hidden under a bottom sheet by panning, keeping the zoom', () => {
    const zoomed = zoomAt(fitView(frame), 4, [500, 400], frame);
    const south = toWorld(zoomed, [500, 700]); // under a sheet covering y > 600
    const shown = revealView(zoomed, [south], frame, 0, 600);
    expect(shown.k).toBeCloseTo(zoomed.k);
    const [x, y] = toScreen(shown, south);
    expect(y).toBeLessThanOrEqual(600 - 28);
    expect(x).toBeGreaterThanOrEqual(28);
    // Already in the band: the view stays.
    expect(revealView(shown, [south], frame, 0, 600)).toEqual(shown);
  });

  it('zooms out to reveal points too far apart for the band', () => {
    const zoomed = zoomAt(fitView(frame), 6, [500, 400], frame);
    const points: [number, number][] = [[300, 300], [700, 600]];
    const shown = revealView(zoomed, points, frame, 0, 500);
    expect(shown.k).toBeLessThan(zoomed.k);
    for (const p of points) {
      const [x, y] = toScreen(shown, p);
      expect(y).toBeGreaterThanOrEqual(28);
      expect(y).toBeLessThanOrEqual(500 - 28);
      expect(x).toBeGreaterThanOrEqual(28);
    }
  });
});
