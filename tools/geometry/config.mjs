// Geographic settings of the map drawing: the view, the projection, the cut lines that tell
// England and Wales (played) from Scotland and Ireland (depicted, unused), the Pale of Calais,
// and helper seed points. All positions are [longitude, latitude] in degrees (WGS84).
// Everything here is a drawing decision, not game data: the game data lives in data/map/*.toml.

/** Output width in drawing units (SVG user units); the height follows from the projection. */
export const WIDTH = 1000;

/** The geographic box that is drawn (west, south, east, north). */
export const VIEW = { west: -6.5, south: 49.85, east: 2.6, north: 56.05 };

/** Transverse Mercator centred on 2° W (the meridian of the Ordnance Survey grid). */
export const PROJECTION = { name: "transverseMercator", rotate: [2, 0, 0] };

/** Douglas–Peucker tolerance for the coastline, in drawing units (1 unit ≈ 0.65 km). */
export const SIMPLIFY_TOLERANCE = 0.5;

/** Land rings smaller than this (square drawing units) are dropped (tiny skerries). */
export const MIN_RING_AREA = 1.5;

/** Natural Earth admin-0 ids (ISO 3166 numeric) used from world-atlas countries-10m. */
export const COUNTRIES = {
  uk: "826",
  isle_of_man: "833",
  ireland: "372",
  france: "250",
  belgium: "056",
};

/**
 * The part of the United Kingdom and the Isle of Man that is played: everything south of the
 * Anglo-Scottish border (Marshall Meadows – Tweed – Cheviot – Liddel Water – Sark – Solway) and
 * east of a line through the North Channel that leaves out Northern Ireland.
 */
export const PLAYED_MASK = [
  [-7.0, 49.0],
  [3.0, 49.0],
  [3.0, 55.9],
  [-1.9, 55.83],
  [-2.034, 55.811],
  [-2.09, 55.79],
  [-2.17, 55.73],
  [-2.26, 55.66],
  [-2.33, 55.635],
  [-2.29, 55.58],
  [-2.22, 55.52],
  [-2.17, 55.475],
  [-2.27, 55.42],
  [-2.46, 55.35],
  [-2.6, 55.27],
  [-2.69, 55.2],
  [-2.86, 55.12],
  [-2.96, 55.05],
  [-3.03, 55.03],
  [-3.06, 54.99],
  [-3.2, 54.93],
  [-3.6, 54.85],
  [-4.6, 54.52],
  [-5.3, 54.15],
  [-5.8, 53.8],
  [-7.0, 53.7],
];

/**
 * The Pale of Calais: the English enclave around Calais (Gravelines – Wissant – Guînes),
 * drawn a little generously so that it reads on the map. Intersected with the French coast.
 * Keyed by a place id: the Area holding that place gets this outline.
 */
export const ENCLAVES = {
  calais: [
    [1.55, 51.02],
    [1.58, 50.8],
    [1.85, 50.74],
    [2.1, 50.78],
    [2.25, 50.9],
    [2.3, 51.1],
    [1.55, 51.1],
  ],
};

/**
 * Extra seed points for land Areas that hold few or no places (so their outline is sensible),
 * keyed by Area id. Used only when that Area exists in the map data and the map data gives no
 * position of its own for it.
 */
export const AREA_SEEDS = {
  cheviots: [
    [-2.25, 55.4],
    [-2.55, 55.25],
  ],
  // Ceredigion runs up to the Dyfi, where it meets Meirionnydd.
  area_cardigan: [
    [-4.08, 52.41],
    [-3.95, 52.33],
  ],
  area_harlech: [[-3.88, 52.6]],
  // Leicestershire meets Warwickshire along Watling Street (Hinckley, Atherstone); Warwick's
  // Area reaches Atherstone west of Coventry (Meriden).
  area_leicester: [[-1.37, 52.54]],
  area_warwick: [
    [-1.68, 52.45],
    [-1.6, 52.56],
  ],
  // The Thames above Gravesend is land in the coastline data: London's Area holds the north
  // bank and Blackheath's the south bank up to the estuary, keeping Kent off Essex.
  area_london: [
    [0.12, 51.53],
    [0.3, 51.49],
  ],
  area_blackheath: [[0.3, 51.44]],
  // Clun and Knighton: Ludlow's Area between Radnor and Shrewsbury.
  area_ludlow: [[-3.0, 52.4]],
  // Alston Moor with Westmorland, between Cumberland and Durham.
  area_appleby: [[-2.45, 54.78]],
  // Radnor with Brecon, reaching the Montgomery corner.
  area_brecon: [[-3.2, 52.35]],
  // Macclesfield and Leek between Lancashire and Derby.
  area_newcastle_under_lyme: [[-2.05, 53.22]],
  // The head of the Humber (Trent Falls): Howdenshire (York) on the north bank of the Ouse,
  // Marshland and Axholme (Hallamshire) between Ouse and Trent, Lindsey east of the Trent.
  area_conisborough: [
    [-0.88, 53.62],
    [-0.76, 53.67],
  ],
  area_york: [
    [-0.8, 53.75],
    [-0.66, 53.735],
  ],
  area_lincoln: [[-0.62, 53.6]],
};

/**
 * Seed points for sea Areas, keyed by sea Area id, used when the map data gives no position.
 * A sea Area without seeds here or in the map data gets seeds derived from its ports.
 */
export const SEA_SEEDS = {
  // The Thames Mouth reaches across to Flanders, keeping the Suffolk Coast off the Strait.
  thames_mouth: [
    [2.3, 51.6],
    [1.9, 51.45],
    [0.98, 51.655],
  ],
  dover_strait: [[1.75, 50.85]],
  // Liverpool Bay runs up the Lancashire and Cumberland coast to meet the Solway.
  liverpool_bay: [
    [-3.35, 54.05],
    [-3.55, 54.35],
  ],
  solway_firth: [[-3.55, 54.75]],
};

/** How far (drawing units) port-derived sea seeds are pushed off the coast. */
export const PORT_SEED_OFFSET = 28;

/**
 * Rivers that are land in the coastline data but that helper seeds must not jump: tune.mjs never
 * puts a helper seed across one from its Area's nearest place. [lon, lat] polylines.
 */
export const BARRIERS = {
  thames: [
    [-0.6, 51.48],
    [-0.12, 51.505],
    [0.05, 51.5],
    [0.25, 51.47],
    [0.45, 51.455],
  ],
  severn: [
    [-2.2, 51.95],
    [-2.45, 51.75],
    [-2.7, 51.58],
  ],
  humber_ouse: [
    [-1.1, 53.72],
    [-0.72, 53.705],
    [-0.5, 53.7],
  ],
};

/**
 * Junctions where more than three Areas meet at one point. The map data declares some rings of
 * four or six Areas with no Area touching across the ring; a Voronoi drawing meets only three at
 * a time, so the ring is closed by seeds on a small circle (radius in drawing units), one per
 * Area, at the given direction (degrees counter-clockwise from east).
 */
export const CORNERS = [
  {
    // The Peak: Lancashire, the West Riding, Hallamshire, Derby, North Staffordshire, Cheshire.
    center: [-1.9, 53.38],
    radius: 5,
    areas: [
      ["area_lancaster", 140],
      ["area_wakefield", 75],
      ["area_conisborough", 10],
      ["area_tutbury", -60],
      ["area_newcastle_under_lyme", -120],
      ["area_chester", 190],
    ],
  },
  {
    // The Fens by Ely: Huntingdon, Marshland, Breckland, West Suffolk.
    center: [0.33, 52.38],
    radius: 5,
    areas: [
      ["area_kimbolton", 180],
      ["area_lynn", 90],
      ["area_thetford", 0],
      ["area_bury", -90],
    ],
  },
  {
    // Montgomery: Powys, Shropshire, Clun (Ludlow), Radnor (Brecon).
    center: [-3.1, 52.52],
    radius: 5,
    areas: [
      ["area_chirk", 135],
      ["area_shrewsbury", 45],
      ["area_ludlow", -45],
      ["area_brecon", -135],
    ],
  },
];
