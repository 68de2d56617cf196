import { describe, expect, it } from 'vitest';
import { linesPath, roadSegments, shapePath, type MapGeometry } from './geometry';

const base = { places: { york: [1, 2], lincoln: [5, 6] }, road_nodes: { area_york: [3, 4] } } as unknown as MapGeometry;

describe('geometry helpers', () => {
  it('reads roads written as paths of nodes, skipping ends without a position', () => {
    const g = { ...base, roads: { north: ['york', 'area_york', 'lincoln', 'nowhere'] } } as MapGeometry;
    expect(roadSegments(g)).toEqual([
      [[1, 2], [3, 4]],
      [[3, 4], [5, 6]],
    ]);
  });

  it('reads roads written as segments', () => {
    const g = { ...base, roads: [['york', 'lincoln']] } as MapGeometry;
    expect(roadSegments(g)).toEqual([[[1, 2], [5, 6]]]);
  });

  it('writes SVG paths: shapes closed, lines open', () => {
    expect(shapePath([[[0, 0], [1, 0], [1, 1]]])).toBe('M0,0L1,0L1,1Z');
    expect(linesPath([[[0, 0], [2, 3]], [[5, 5]]])).toBe('M0,0L2,3');
  });
});
