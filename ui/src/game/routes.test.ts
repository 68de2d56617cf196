import { describe, expect, it } from 'vitest';
import type { Content } from '../bindings/Content';
import type { MapGeometry } from '../geometry';
import { pointAlong, routePoints, seaRoute, shortestPath } from './routes';

const content = {
  roads: {
    nodes: [
      { id: 'york', kind: 'place', area: 'a_york', location: 'york' },
      { id: 'n1', kind: 'junction', area: 'a_mid', location: null },
      { id: 'leeds', kind: 'place', area: 'a_leeds', location: 'leeds' },
    ],
    edges: [['york', 'n1'], ['n1', 'leeds']],
    routes: [],
  },
  sea_zones: [
    { id: 's1', adjacent: ['s2'] },
    { id: 's2', adjacent: ['s1', 's3'] },
    { id: 's3', adjacent: ['s2'] },
  ],
  ports: [{ location: 'hull', sea_zone: 's1' }, { location: 'dover', sea_zone: 's3' }],
  locations: [{ id: 'york', area: 'a_york' }, { id: 'leeds', area: 'a_leeds' }],
} as unknown as Content;
const geometry = {
  places: { york: [0, 0], leeds: [10, 0], hull: [0, 5], dover: [20, 5] },
  road_nodes: { n1: [5, 2] },
  labels: { areas: { a_york: [0, 1], a_leeds: [10, 1] }, sea_zones: { s1: [0, 8], s2: [10, 8], s3: [20, 8] } },
} as unknown as MapGeometry;

describe('routes', () => {
  it('finds the fewest steps', () => {
    expect(shortestPath(new Map([['a', ['b', 'c']], ['b', ['d']], ['c', ['d']]]), ['a'], new Set(['d']))).toEqual(['a', 'b', 'd']);
    expect(shortestPath(new Map(), ['a'], new Set(['z']))).toBeNull();
  });

  it('draws a road move along the way the rules give, and the seas from port to port', () => {
    expect(seaRoute(content, { location: 'hull' }, { location: 'dover' })).toEqual(['s1', 's2', 's3']);
    expect(routePoints(content, geometry, { location: 'york' }, { location: 'leeds' }, 'road', ['york', 'n1', 'leeds'])).toEqual([[0, 0], [5, 2], [10, 0]]);
    // No way given: straight across, never a way searched here (it could cross a place the move may not pass).
    expect(routePoints(content, geometry, { location: 'york' }, { location: 'leeds' }, 'road')).toEqual([[0, 0], [10, 0]]);
    expect(routePoints(content, geometry, { location: 'hull' }, { location: 'dover' }, 'sea')).toEqual([[0, 5], [0, 8], [10, 8], [20, 8], [20, 5]]);
  });

  it('walks along a polyline by length', () => {
    expect(pointAlong([[0, 0], [10, 0], [10, 10]], 0.75)).toEqual([10, 5]);
  });
});
