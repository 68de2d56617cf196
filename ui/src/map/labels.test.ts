import { describe, expect, it } from 'vitest';
import { declutter, overlaps, placeMinZoom, placePriority, RING_NAME_LINE, RING_NAME_RISE, stackRingNames, textWidth, type LabelRequest } from './labels';

const screen = { x0: 0, y0: 0, x1: 800, y1: 600 };

function place(id: string, x: number, y: number, priority = 5, minZoom = 1): LabelRequest {
  return { id, text: id, x, y, priority, minZoom, size: 12, offset: 5 };
}

describe('label declutter', () => {
  it('shows every label when there is room, right of its icon', () => {
    const out = declutter([place('London', 100, 100), place('York', 400, 300)], 1, screen);
    expect(out.map((l) => l.id).sort()).toEqual(['London', 'York']);
    expect(out.every((l) => l.anchor === 'start')).toBe(true);
  });

  it('never lets two labels overlap: the more important one wins the spot', () => {
    const requests = [place('Minorville', 100, 100, 7), place('Bigtown', 102, 101, 0)];
    const out = declutter(requests, 1, screen);
    expect(out[0].id).toBe('Bigtown');
    expect(out[0].anchor).toBe('start');
    // The minor label moves to another side if one is free.
    if (out.length === 2) expect(out[1].anchor).not.toBe('start');
    const boxes = out.map((l) => ({
      x0: l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - textWidth(l.text, 12) : l.x - textWidth(l.text, 12) / 2,
      y0: l.y - 12,
      x1: (l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - textWidth(l.text, 12) : l.x - textWidth(l.text, 12) / 2) + textWidth(l.text, 12),
      y1: l.y,
    }));
    if (boxes.length === 2) expect(overlaps(boxes[0], boxes[1])).toBe(false);
  });

  it('drops a label with no free spot', () => {
    // Eight places on top of each other: not all names fit.
    const requests = Array.from({ length: 8 }, (_, i) => place(`Place${i}`, 300, 300 + i, 5));
    const out = declutter(requests, 1, screen);
    expect(out.length).toBeLessThan(8);
    expect(out.length).toBeGreaterThan(0);
  });

  it('shows minor names only when zoomed in', () => {
    const requests = [place('City', 100, 100, 0, placeMinZoom('city')), place('Hamlet', 400, 400, 7, placeMinZoom('unfortified_town'))];
    expect(declutter(requests, 1, screen).map((l) => l.id)).toEqual(['City']);
    expect(declutter(requests, 4, screen).map((l) => l.id).sort()).toEqual(['City', 'Hamlet']);
  });

  it('hides Region names once zoomed in past their maxZoom', () => {
    const region: LabelRequest = { id: 'REGION', text: 'REGION', x: 300, y: 300, priority: 1, minZoom: 1, maxZoom: 2.6, size: 12, offset: 0 };
    expect(declutter([region], 1, screen)).toHaveLength(1);
    expect(declutter([region], 3, screen)).toHaveLength(0);
  });

  it('keeps labels off icons, and inside the screen', () => {
    const icon = { x0: 105, y0: 90, x1: 200, y1: 110 };
    const out = declutter([place('Town', 100, 100)], 1, screen, [icon]);
    expect(out[0].anchor).not.toBe('start');
    const edge = declutter([place('Edgetown', 795, 300)], 1, screen);
    expect(edge[0].anchor).toBe('end');
  });

  it('always shows a City, even where only an icon is free', () => {
    const icons = [{ x0: 0, y0: 0, x1: 800, y1: 600 }];
    const city = { ...place('London', 300, 300, 0), always: true };
    expect(declutter([city], 1, screen, icons)).toHaveLength(1);
    expect(declutter([place('Castle', 300, 300)], 1, screen, icons)).toHaveLength(0);
  });

  it('ranks Cities first and unfortified towns last', () => {
    expect(placePriority('city')).toBeLessThan(placePriority('castle'));
    expect(placePriority('castle')).toBeLessThan(placePriority('unfortified_town'));
  });

  it('is deterministic', () => {
    const requests = Array.from({ length: 30 }, (_, i) => place(`P${i}`, (i * 37) % 700, (i * 53) % 500));
    expect(declutter(requests, 1, screen)).toEqual(declutter([...requests].reverse(), 1, screen));
  });
});

describe('names above rings', () => {
  const wide = 1000;

  it('puts a lone name just above its ring', () => {
    expect(stackRingNames([{ x: 100, y: 200, width: 80 }], wide)).toEqual([{ x: 100, baseline: 200 - RING_NAME_RISE }]);
  });

  it('raises a name past another it would cover, and leaves apart names where they are', () => {
    const names = [
      { x: 100, y: 200, width: 150 },
      { x: 120, y: 205, width: 150 },
      { x: 600, y: 200, width: 100 },
    ];
    const [a, b, c] = stackRingNames(names, wide).map((n) => n.baseline);
    expect(a).toBe(200 - RING_NAME_RISE);
    expect(b).toBeLessThanOrEqual(a - RING_NAME_LINE);
    expect(c).toBe(200 - RING_NAME_RISE);
  });

  it('never lets two of many close names overlap', () => {
    const names = Array.from({ length: 6 }, (_, i) => ({ x: 300 + i * 7, y: 300 + (i % 2) * 6, width: 150 }));
    const placed = stackRingNames(names, wide);
    const boxes = placed.map(({ x, baseline }) => ({ x0: x - 75, y0: baseline - RING_NAME_LINE + 3, x1: x + 75, y1: baseline + 3 }));
    for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) expect(overlaps(boxes[i], boxes[j])).toBe(false);
  });

  it('keeps a name near an edge on the screen', () => {
    const [left, right] = stackRingNames(
      [
        { x: 20, y: 200, width: 200 },
        { x: 380, y: 400, width: 200 },
      ],
      390,
    );
    expect(left.x - 100).toBeGreaterThanOrEqual(0);
    expect(right.x + 100).toBeLessThanOrEqual(390);
  });
});
