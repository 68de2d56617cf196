//! Building a [`Map`] from the raw files: typed ids, duplicate ids dropped (and reported),
//! adjacency lists sorted, the road graph assembled from the written road paths, and the
//! look-up indexes filled. The semantic checks live in [`super::checks`].

use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};

use crate::content::ids::{AreaId, LocationId, RegionId, RoadNodeId, SeaZoneId, ZoneId};
use crate::content::{DataFiles, Report};

use super::model::{
    Area, Estuary, Index, Location, Map, Port, Region, Road, RoadNode, RoadNodeKind, Roads,
    SeaZone, Zone,
};
use super::parse::items;
use super::raw::{
    RawArea, RawEstuary, RawLocation, RawPort, RawRegion, RawRoad, RawSeaZone, RawZone,
};
use crate::content::toml_file::read_table;

/// `map/locations.toml`.
pub const LOCATIONS_FILE: &str = "map/locations.toml";
/// `map/areas.toml`.
pub const AREAS_FILE: &str = "map/areas.toml";
/// `map/regions.toml`.
pub const REGIONS_FILE: &str = "map/regions.toml";
/// `map/estuaries.toml`.
pub const ESTUARIES_FILE: &str = "map/estuaries.toml";
/// `map/sea.toml`.
pub const SEA_FILE: &str = "map/sea.toml";
/// `map/roads.toml`.
pub const ROADS_FILE: &str = "map/roads.toml";
/// `map/zones.toml`.
pub const ZONES_FILE: &str = "map/zones.toml";

/// Every map file as written.
#[derive(Default)]
struct RawMap {
    locations: Vec<RawLocation>,
    areas: Vec<RawArea>,
    regions: Vec<RawRegion>,
    estuaries: Vec<RawEstuary>,
    sea_zones: Vec<RawSeaZone>,
    ports: Vec<RawPort>,
    roads: Vec<RawRoad>,
    zones: Vec<RawZone>,
    /// Ids of entries that failed to deserialize (already reported).
    broken: BTreeSet<String>,
}

impl RawMap {
    fn read(files: &DataFiles, report: &mut Report) -> RawMap {
        let mut raw = RawMap::default();
        if let Some(t) = read_table(files, LOCATIONS_FILE, &["location"], report) {
            raw.locations = items(
                LOCATIONS_FILE,
                &t,
                "location",
                "id",
                report,
                &mut raw.broken,
            );
        }
        if let Some(t) = read_table(files, AREAS_FILE, &["area"], report) {
            raw.areas = items(AREAS_FILE, &t, "area", "id", report, &mut raw.broken);
        }
        if let Some(t) = read_table(files, REGIONS_FILE, &["region"], report) {
            raw.regions = items(REGIONS_FILE, &t, "region", "id", report, &mut raw.broken);
        }
        if let Some(t) = read_table(files, ESTUARIES_FILE, &["estuary"], report) {
            raw.estuaries = items(
                ESTUARIES_FILE,
                &t,
                "estuary",
                "estuary",
                report,
                &mut raw.broken,
            );
        }
        if let Some(t) = read_table(files, SEA_FILE, &["sea_zone", "port"], report) {
            raw.sea_zones = items(SEA_FILE, &t, "sea_zone", "id", report, &mut raw.broken);
            raw.ports = items(SEA_FILE, &t, "port", "location", report, &mut raw.broken);
        }
        if let Some(t) = read_table(files, ROADS_FILE, &["road"], report) {
            raw.roads = items(ROADS_FILE, &t, "road", "id", report, &mut raw.broken);
        }
        if let Some(t) = read_table(files, ZONES_FILE, &["zone"], report) {
            raw.zones = items(ZONES_FILE, &t, "zone", "id", report, &mut raw.broken);
        }
        raw
    }
}

/// Keeps the first item of each id, reporting every later duplicate.
fn dedup<T>(file: &str, items: Vec<T>, id: impl Fn(&T) -> String, report: &mut Report) -> Vec<T> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let key = id(&item);
        if seen.insert(key.clone()) {
            out.push(item);
        } else {
            report.push(
                file,
                key,
                "id",
                "duplicate id: this id is already defined in the file",
            );
        }
    }
    out
}

fn sorted<T: Ord, S: AsRef<str>>(ids: &[S], make: impl Fn(&str) -> T) -> Vec<T> {
    let mut out: Vec<T> = ids.iter().map(|s| make(s.as_ref())).collect();
    out.sort();
    out.dedup();
    out
}

fn position_index<K: std::hash::Hash + Eq + Clone, T>(
    items: &[T],
    key: impl Fn(&T) -> K,
) -> FxHashMap<K, usize> {
    let mut index = FxHashMap::default();
    for (i, item) in items.iter().enumerate() {
        index.entry(key(item)).or_insert(i);
    }
    index
}

impl Map {
    /// Parses and validates the map files, pushing every problem into `report`.
    pub fn load(files: &DataFiles, report: &mut Report) -> Map {
        let raw = RawMap::read(files, report);
        let map = build(raw, report);
        super::checks::check(&map, report);
        map
    }
}

fn build(raw: RawMap, report: &mut Report) -> Map {
    let raw_broken = raw.broken;
    let mut locations: Vec<Location> =
        dedup(LOCATIONS_FILE, raw.locations, |l| l.id.clone(), report)
            .into_iter()
            .map(|l| Location {
                id: LocationId::new(l.id),
                name: l.name,
                kind: l.kind,
                area: AreaId::new(l.area),
                garrison: l.garrison,
                capacity: l.capacity,
                cathedral: l.cathedral,
                port: l.port,
                across_road: l.across_road,
                lat: l.lat,
                lon: l.lon,
                grid: l.grid,
                source: l.source,
            })
            .collect();
    locations.sort_by_key(|a| a.id);

    let areas: Vec<Area> = dedup(AREAS_FILE, raw.areas, |a| a.id.clone(), report)
        .into_iter()
        .map(|a| Area {
            adjacent: sorted(&a.adjacent, |s| AreaId::from(s)),
            id: AreaId::new(a.id),
            name: a.name,
            region: a.region.map(RegionId::new),
            island: a.island,
            lat: a.lat,
            lon: a.lon,
            source: a.source,
        })
        .collect();

    let regions: Vec<Region> = dedup(REGIONS_FILE, raw.regions, |r| r.id.clone(), report)
        .into_iter()
        .map(|r| Region {
            adjacent: sorted(&r.adjacent, |s| RegionId::from(s)),
            id: RegionId::new(r.id),
            name: r.name,
            mainland: r.mainland,
            source: r.source,
        })
        .collect();

    let mut estuaries = Vec::new();
    for (i, e) in raw.estuaries.into_iter().enumerate() {
        if e.areas.len() != 2 {
            report.push(
                ESTUARIES_FILE,
                format!("{} #{}", e.estuary, i + 1),
                "areas",
                format!(
                    "an estuary pair names exactly 2 Areas, not {}",
                    e.areas.len()
                ),
            );
            continue;
        }
        let mut pair = [
            AreaId::new(e.areas[0].clone()),
            AreaId::new(e.areas[1].clone()),
        ];
        pair.sort();
        estuaries.push(Estuary {
            estuary: e.estuary,
            name: e.name,
            areas: pair,
            source: e.source,
        });
    }

    let sea_zones: Vec<SeaZone> = dedup(SEA_FILE, raw.sea_zones, |s| s.id.clone(), report)
        .into_iter()
        .map(|s| SeaZone {
            adjacent: sorted(&s.adjacent, |x| SeaZoneId::from(x)),
            id: SeaZoneId::new(s.id),
            name: s.name,
            lat: s.lat,
            lon: s.lon,
            source: s.source,
        })
        .collect();

    let mut ports: Vec<Port> = Vec::new();
    let mut port_seen = BTreeSet::new();
    for p in raw.ports {
        if !port_seen.insert(p.location.clone()) {
            report.push(
                SEA_FILE,
                p.location,
                "location",
                "this place already has a [[port]]: a port has exactly one access sea Area",
            );
            continue;
        }
        ports.push(Port {
            location: LocationId::new(p.location),
            sea_zone: SeaZoneId::new(p.sea_zone),
            estuary: p.estuary,
            source: p.source,
        });
    }
    ports.sort_by_key(|a| a.location);

    let zones: Vec<Zone> = dedup(ZONES_FILE, raw.zones, |z| z.id.clone(), report)
        .into_iter()
        .map(|z| Zone {
            regions: sorted(&z.regions, |s| RegionId::from(s)),
            areas: sorted(&z.areas, |s| AreaId::from(s)),
            id: ZoneId::new(z.id),
            name: z.name,
            source: z.source,
        })
        .collect();

    let location_index = position_index(&locations, |l| l.id);
    let area_index = position_index(&areas, |a| a.id);
    let raw_roads = dedup(ROADS_FILE, raw.roads, |r| r.id.clone(), report);
    let roads = build_roads(
        raw_roads,
        &locations,
        &location_index,
        &area_index,
        &raw_broken,
        report,
    );

    let mut index = Index {
        locations: location_index,
        areas: area_index,
        regions: position_index(&regions, |r| r.id),
        sea_zones: position_index(&sea_zones, |s| s.id),
        zones: position_index(&zones, |z| z.id),
        ports: position_index(&ports, |p| p.location),
        road_nodes: position_index(&roads.nodes, |n| n.id),
        road_adjacent: BTreeMap::new(),
        broken: raw_broken,
        derived: Default::default(),
    };
    for [a, b] in &roads.edges {
        index.road_adjacent.entry(*a).or_default().push(*b);
        index.road_adjacent.entry(*b).or_default().push(*a);
    }
    for list in index.road_adjacent.values_mut() {
        list.sort();
        list.dedup();
    }

    let mut map = Map {
        locations,
        areas,
        regions,
        estuaries,
        sea_zones,
        ports,
        roads,
        zones,
        index,
    };
    map.index.derived = map.derive();
    map
}

/// Resolves every path entry into a node (a place across the road, or a segment `area[:tag]`)
/// and links consecutive entries. Entries that resolve to nothing are reported and skipped.
fn build_roads(
    raw: Vec<RawRoad>,
    locations: &[Location],
    location_index: &FxHashMap<LocationId, usize>,
    area_index: &FxHashMap<AreaId, usize>,
    broken: &BTreeSet<String>,
    report: &mut Report,
) -> Roads {
    let mut nodes: BTreeMap<RoadNodeId, RoadNode> = BTreeMap::new();
    let mut edges: BTreeSet<[RoadNodeId; 2]> = BTreeSet::new();
    let mut routes = Vec::new();
    for road in raw {
        if road.path.len() < 2 {
            report.push(
                ROADS_FILE,
                &road.id,
                "path",
                "a road needs at least 2 nodes",
            );
        }
        let mut path = Vec::new();
        for (i, entry) in road.path.iter().enumerate() {
            let node = if let Some(&at) = location_index.get(&LocationId::from(entry.as_str())) {
                let loc = &locations[at];
                RoadNode {
                    id: RoadNodeId::new(entry.clone()),
                    kind: RoadNodeKind::Location,
                    area: loc.area,
                    location: Some(loc.id),
                }
            } else {
                let area = entry.split(':').next().unwrap_or_default();
                if !area_index.contains_key(&AreaId::from(area)) {
                    if broken.contains(area) || broken.contains(entry.as_str()) {
                        continue;
                    }
                    report.push(
                        ROADS_FILE,
                        &road.id,
                        "path",
                        format!(
                            "entry {} `{entry}` names neither a place nor an Area (segments are `area` or `area:tag`)",
                            i + 1
                        ),
                    );
                    continue;
                }
                RoadNode {
                    id: RoadNodeId::new(entry.clone()),
                    kind: RoadNodeKind::Segment,
                    area: AreaId::from(area),
                    location: None,
                }
            };
            nodes.entry(node.id).or_insert(node);
            path.push(RoadNodeId::new(entry.clone()));
        }
        for pair in path.windows(2) {
            if pair[0] == pair[1] {
                continue;
            }
            let mut edge = [pair[0], pair[1]];
            edge.sort();
            edges.insert(edge);
        }
        routes.push(Road {
            id: road.id,
            name: road.name,
            path,
            source: road.source,
        });
    }
    Roads {
        nodes: nodes.into_values().collect(),
        edges: edges.into_iter().collect(),
        routes,
    }
}
