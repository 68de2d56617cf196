import { describe, expect, it } from 'vitest';
import { insideShape, linesPath, roadSegments, shapePath, type MapGeometry } from './geometry';

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

  it('tells whether a point is inside a shape, holes excluded', () => {
    const square = [[0, 0], [10, 0], [10, 10], [0, 10]] as [number, number][];
    const hole = [[4, 4], [6, 4], [6, 6], [4, 6]] as [number, number][];
    expect(insideShape([square], [5, 5])).toBe(true);
    expect(insideShape([square, hole], [5, 5])).toBe(false);
    expect(insideShape([square, hole], [2, 2])).toBe(true);
    expect(insideShape([square], [11, 5])).toBe(false);
  });
});
