// The drawing geometry of the map (`data/geometry/map.json`, format `warwick-map-geometry/1`,
// documented in data/geometry/README.md). Written by hand, once: the Rust side keeps the file as
// parsed JSON (serde_json::Value), which ts-rs cannot describe, and the generated `Content` type
// refers to `MapGeometry` here. Every other content type is generated into ./bindings.

/** `[x, y]` in drawing units (the map is `width` ≈ 1000 units wide; y grows southwards). */
export type Point = [number, number];
/** A closed ring of points (the first point is not repeated). */
export type Ring = Point[];
/** A shape: rings drawn as one path with `fill-rule="evenodd"` (an inner ring is a hole). */
export type Shape = Ring[];
/** An open line of points. */
export type Polyline = Point[];

export interface MapGeometry {
  format: string;
  source?: string;
  projection?: Record<string, unknown>;
  width: number;
  height: number;
  /** Played land: England, Wales, their islands and the Pale of Calais. */
  land: Shape;
  /** Depicted but unused: Scotland, Ireland, the Continent (drawn greyed). */
  unused_land: Shape;
  /** Outline of each land Area, by Area id. */
  areas: Record<string, Shape>;
  /** Outline of each Region, by Region id. */
  regions: Record<string, Shape>;
  /** Borders between Areas of one Region (thin lines). */
  area_borders: Polyline[];
  /** Borders between Regions (thick lines); the coast is not included. */
  region_borders: Polyline[];
  /** Outline of each sea Area, by sea Area id. */
  sea_zones: Record<string, Shape>;
  /** Borders between sea Areas. */
  sea_borders: Polyline[];
  /** Position of each place, by place id. */
  places: Record<string, Point>;
  /** Positions of road nodes that are not places. */
  road_nodes?: Record<string, Point>;
  /**
   * Roads: either a list of segments `[node, node]`, or, by road id, the road's path of nodes.
   * A node is a place id or a `road_nodes` id.
   */
  roads?: [string, string][] | Record<string, string[]>;
  /** A point well inside each outline, for its name. */
  labels?: {
    areas?: Record<string, Point>;
    regions?: Record<string, Point>;
    sea_zones?: Record<string, Point>;
  };
}

/** Every road as a list of segments between two drawn points (ends without a position are skipped). */
export function roadSegments(geometry: MapGeometry): [Point, Point][] {
  const at = (node: string): Point | undefined =>
    geometry.places[node] ?? geometry.road_nodes?.[node];
  const pairs: [string, string][] = [];
  const roads = geometry.roads ?? [];
  if (Array.isArray(roads)) {
    pairs.push(...roads);
  } else {
    for (const path of Object.values(roads)) {
      for (let i = 1; i < path.length; i++) pairs.push([path[i - 1], path[i]]);
    }
  }
  const out: [Point, Point][] = [];
  for (const [a, b] of pairs) {
    const pa = at(a);
    const pb = at(b);
    if (pa && pb) out.push([pa, pb]);
  }
  return out;
}

/** An SVG path `d` for a shape (each ring closed). */
export function shapePath(shape: Shape): string {
  return shape
    .filter((ring) => ring.length > 1)
    .map((ring) => `M${ring.map(([x, y]) => `${x},${y}`).join('L')}Z`)
    .join('');
}

/** An SVG path `d` for open polylines. */
export function linesPath(lines: Polyline[]): string {
  return lines
    .filter((line) => line.length > 1)
    .map((line) => `M${line.map(([x, y]) => `${x},${y}`).join('L')}`)
    .join('');
}

/** Whether a point lies inside a shape (even-odd rule, as the shape is drawn). */
export function insideShape(shape: Shape, [x, y]: Point): boolean {
  let inside = false;
  for (const ring of shape) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}
