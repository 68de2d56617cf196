//! Semantic checks of a built [`Map`]. Every check pushes each problem it finds (file, item,
//! field, message) and carries on: dangling ids, terrain values that contradict the kind,
//! asymmetric adjacency, Region borders that do not match the Area borders, ports without a
//! sea Area, road steps between Areas that do not touch, Areas out of reach, and so on.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::content::Report;
use crate::content::ids::{AreaId, LocationId, RegionId, SeaZoneId};

use super::load::{
    AREAS_FILE, ESTUARIES_FILE, LOCATIONS_FILE, REGIONS_FILE, ROADS_FILE, SEA_FILE, ZONES_FILE,
};
use super::model::{Map, RoadNodeKind};

/// The place every mainland place must be reachable from, by Regional movement and by sea.
const CAPITAL: &str = "london";

/// Runs every check.
pub(super) fn check(map: &Map, report: &mut Report) {
    check_ids(map, report);
    check_locations(map, report);
    check_areas(map, report);
    check_regions(map, report);
    check_estuaries(map, report);
    check_sea(map, report);
    check_roads(map, report);
    check_zones(map, report);
    check_reachability(map, report);
}

fn is_key(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && id.starts_with(|c: char| c.is_ascii_lowercase())
}

fn check_ids(map: &Map, report: &mut Report) {
    let mut bad = |file: &str, id: &str| {
        if !is_key(id) {
            report.push(
                file,
                id,
                "id",
                "ids are lower_snake_case ASCII (a-z, 0-9, _)",
            );
        }
    };
    map.locations
        .iter()
        .for_each(|l| bad(LOCATIONS_FILE, l.id.as_str()));
    map.areas
        .iter()
        .for_each(|a| bad(AREAS_FILE, a.id.as_str()));
    map.regions
        .iter()
        .for_each(|r| bad(REGIONS_FILE, r.id.as_str()));
    map.sea_zones
        .iter()
        .for_each(|s| bad(SEA_FILE, s.id.as_str()));
    map.zones
        .iter()
        .for_each(|z| bad(ZONES_FILE, z.id.as_str()));
    map.roads.routes.iter().for_each(|r| bad(ROADS_FILE, &r.id));
    let sources = map
        .locations
        .iter()
        .map(|l| (LOCATIONS_FILE, l.id.as_str(), &l.source))
        .chain(
            map.areas
                .iter()
                .map(|a| (AREAS_FILE, a.id.as_str(), &a.source)),
        )
        .chain(
            map.regions
                .iter()
                .map(|r| (REGIONS_FILE, r.id.as_str(), &r.source)),
        )
        .chain(
            map.estuaries
                .iter()
                .map(|e| (ESTUARIES_FILE, e.estuary.as_str(), &e.source)),
        )
        .chain(
            map.sea_zones
                .iter()
                .map(|s| (SEA_FILE, s.id.as_str(), &s.source)),
        )
        .chain(
            map.ports
                .iter()
                .map(|p| (SEA_FILE, p.location.as_str(), &p.source)),
        )
        .chain(
            map.roads
                .routes
                .iter()
                .map(|r| (ROADS_FILE, r.id.as_str(), &r.source)),
        )
        .chain(
            map.zones
                .iter()
                .map(|z| (ZONES_FILE, z.id.as_str(), &z.source)),
        );
    for (file, item, source) in sources {
        if source.trim().is_empty() {
            report.push(
                file,
                item,
                "source",
                "every item needs a source (seed line or reconstruction note)",
            );
        }
    }
}

fn check_locations(map: &Map, report: &mut Report) {
    for loc in &map.locations {
        let item = loc.id.as_str();
        match map.area(&loc.area) {
            None if map.index.broken.contains(loc.area.as_str()) => {}
            None => report.push(
                LOCATIONS_FILE,
                item,
                "area",
                format!("names the unknown Area `{}`", loc.area),
            ),
            Some(area) if area.island && loc.across_road => report.push(
                LOCATIONS_FILE,
                item,
                "across_road",
                "a place on an island cannot lie across a road (islands have no roads)",
            ),
            Some(_) => {}
        }
        let (garrison, capacity) = loc.kind.terrain();
        if loc.garrison != garrison {
            report.push(
                LOCATIONS_FILE,
                item,
                "garrison",
                format!(
                    "a {} has garrison {garrison}, not {}",
                    loc.kind.key(),
                    loc.garrison
                ),
            );
        }
        if loc.capacity != capacity {
            let want = capacity.map_or("unlimited (omit the field)".to_owned(), |c| c.to_string());
            report.push(
                LOCATIONS_FILE,
                item,
                "capacity",
                format!("a {} has capacity {want}", loc.kind.key()),
            );
        }
        if !(49.0..=56.5).contains(&loc.lat) {
            report.push(
                LOCATIONS_FILE,
                item,
                "lat",
                format!("latitude {} is off the map", loc.lat),
            );
        }
        if !(-6.5..=2.5).contains(&loc.lon) {
            report.push(
                LOCATIONS_FILE,
                item,
                "lon",
                format!("longitude {} is off the map", loc.lon),
            );
        }
        if let Some(grid) = &loc.grid {
            let mut chars = grid.chars();
            let ok = matches!((chars.next(), chars.next(), chars.next()),
                (Some(d), Some(l), None) if d.is_ascii_digit() && l.is_ascii_uppercase());
            if !ok {
                report.push(
                    LOCATIONS_FILE,
                    item,
                    "grid",
                    format!("grid `{grid}` is not like `5B`"),
                );
            }
        }
        if loc.across_road && !loc.kind.is_fortified() {
            report.push(
                LOCATIONS_FILE,
                item,
                "across_road",
                "only fortified places lie across a road (place names never block)",
            );
        }
        let is_node = map
            .road_node(&crate::content::ids::RoadNodeId::new(item))
            .is_some();
        if loc.across_road != is_node {
            let message = if loc.across_road {
                "is marked across_road but no road in roads.toml passes it"
            } else {
                "a road in roads.toml passes it but across_road is false"
            };
            report.push(LOCATIONS_FILE, item, "across_road", message);
        }
        if loc.port && !map.index.ports.contains_key(&loc.id) {
            report.push(
                LOCATIONS_FILE,
                item,
                "port",
                "has a port but no [[port]] in sea.toml gives its access sea Area",
            );
        }
    }
}

/// Latitude and longitude must fall on the board (England, Wales, Calais and the seas round).
fn check_position(file: &str, item: &str, lat: f64, lon: f64, report: &mut Report) {
    if !(49.0..=57.0).contains(&lat) {
        report.push(file, item, "lat", format!("latitude {lat} is off the map"));
    }
    if !(-7.0..=3.0).contains(&lon) {
        report.push(file, item, "lon", format!("longitude {lon} is off the map"));
    }
}

fn check_areas(map: &Map, report: &mut Report) {
    for area in &map.areas {
        let item = area.id.as_str();
        check_position(AREAS_FILE, item, area.lat, area.lon, report);
        match (&area.region, area.island) {
            (Some(region), false)
                if map.region(region).is_none() && !map.index.broken.contains(region.as_str()) =>
            {
                report.push(
                    AREAS_FILE,
                    item,
                    "region",
                    format!("names the unknown Region `{region}`"),
                );
            }
            (Some(_), true) => report.push(
                AREAS_FILE,
                item,
                "region",
                "an island belongs to no Region (no Regional movement to islands)",
            ),
            (None, false) => report.push(
                AREAS_FILE,
                item,
                "region",
                "an Area that is not an island must belong to a Region",
            ),
            _ => {}
        }
        for other in &area.adjacent {
            match map.area(other) {
                None if map.index.broken.contains(other.as_str()) => {}
                None => report.push(
                    AREAS_FILE,
                    item,
                    "adjacent",
                    format!("names the unknown Area `{other}`"),
                ),
                Some(_) if other == &area.id => report.push(
                    AREAS_FILE,
                    item,
                    "adjacent",
                    "an Area is not adjacent to itself",
                ),
                Some(o) if !o.adjacent.contains(&area.id) => report.push(
                    AREAS_FILE,
                    item,
                    "adjacent",
                    format!("lists `{other}` but `{other}` does not list it back"),
                ),
                Some(_) => {}
            }
        }
        if area.island && !area.adjacent.is_empty() {
            report.push(
                AREAS_FILE,
                item,
                "adjacent",
                "an island shares no land border",
            );
        }
    }
}

fn check_regions(map: &Map, report: &mut Report) {
    // Region pairs whose Areas share a land border.
    let mut bordering: BTreeSet<(RegionId, RegionId)> = BTreeSet::new();
    for area in &map.areas {
        for other in area.adjacent.iter().filter_map(|o| map.area(o)) {
            if let (Some(r1), Some(r2)) = (&area.region, &other.region)
                && r1 != r2
            {
                bordering.insert((*r1, *r2));
            }
        }
    }
    for region in &map.regions {
        let item = region.id.as_str();
        if map.areas_of_region(&region.id).is_empty() {
            report.push(REGIONS_FILE, item, "id", "no Area belongs to this Region");
        }
        if !region.mainland && !region.adjacent.is_empty() {
            report.push(
                REGIONS_FILE,
                item,
                "adjacent",
                "a Region off the mainland has no neighbours",
            );
        }
        for other in &region.adjacent {
            match map.region(other) {
                None if map.index.broken.contains(other.as_str()) => {}
                None => report.push(
                    REGIONS_FILE,
                    item,
                    "adjacent",
                    format!("names the unknown Region `{other}`"),
                ),
                Some(_) if other == &region.id => report.push(
                    REGIONS_FILE,
                    item,
                    "adjacent",
                    "a Region is not adjacent to itself",
                ),
                Some(o) => {
                    if !o.adjacent.contains(&region.id) {
                        report.push(
                            REGIONS_FILE,
                            item,
                            "adjacent",
                            format!("lists `{other}` but `{other}` does not list it back"),
                        );
                    }
                    if !bordering.contains(&(region.id, *other)) {
                        report.push(
                            REGIONS_FILE,
                            item,
                            "adjacent",
                            format!("lists `{other}` but no Areas of the two Regions share a land border"),
                        );
                    }
                }
            }
        }
    }
    for (r1, r2) in &bordering {
        if map.region(r1).is_some_and(|r| !r.adjacent.contains(r2)) {
            report.push(
                REGIONS_FILE,
                r1.as_str(),
                "adjacent",
                format!("Areas of `{r1}` and `{r2}` share a land border but `{r2}` is not listed"),
            );
        }
    }
}

fn check_estuaries(map: &Map, report: &mut Report) {
    for e in &map.estuaries {
        let item = e.estuary.as_str();
        for area in &e.areas {
            match map.area(area) {
                None if map.index.broken.contains(area.as_str()) => {}
                None => report.push(
                    ESTUARIES_FILE,
                    item,
                    "areas",
                    format!("names the unknown Area `{area}`"),
                ),
                Some(a) if a.island => report.push(
                    ESTUARIES_FILE,
                    item,
                    "areas",
                    format!("`{area}` is an island: islands are never reached by Regional movement anyway"),
                ),
                Some(_) => {}
            }
        }
        if e.areas[0] == e.areas[1] {
            report.push(ESTUARIES_FILE, item, "areas", "the two Areas must differ");
        }
        if map.areas_adjacent(&e.areas[0], &e.areas[1]) {
            report.push(
                ESTUARIES_FILE,
                item,
                "areas",
                format!(
                    "`{}` and `{}` also share a land border in areas.toml; an estuary pair must not",
                    e.areas[0], e.areas[1]
                ),
            );
        }
    }
}

fn check_sea(map: &Map, report: &mut Report) {
    for zone in &map.sea_zones {
        check_position(SEA_FILE, zone.id.as_str(), zone.lat, zone.lon, report);
        for other in &zone.adjacent {
            match map.sea_zone(other) {
                None if map.index.broken.contains(other.as_str()) => {}
                None => report.push(
                    SEA_FILE,
                    zone.id.as_str(),
                    "adjacent",
                    format!("names the unknown sea Area `{other}`"),
                ),
                Some(_) if other == &zone.id => report.push(
                    SEA_FILE,
                    zone.id.as_str(),
                    "adjacent",
                    "a sea Area is not adjacent to itself",
                ),
                Some(o) if !o.adjacent.contains(&zone.id) => report.push(
                    SEA_FILE,
                    zone.id.as_str(),
                    "adjacent",
                    format!("lists `{other}` but `{other}` does not list it back"),
                ),
                Some(_) => {}
            }
        }
    }
    for port in &map.ports {
        let item = port.location.as_str();
        match map.location(&port.location) {
            None if map.index.broken.contains(item) => {}
            None => report.push(
                SEA_FILE,
                item,
                "location",
                format!("names the unknown place `{}`", port.location),
            ),
            Some(loc) if !loc.port => report.push(
                SEA_FILE,
                item,
                "location",
                "this place is not marked port = true in locations.toml",
            ),
            Some(_) => {}
        }
        if map.sea_zone(&port.sea_zone).is_none()
            && !map.index.broken.contains(port.sea_zone.as_str())
        {
            report.push(
                SEA_FILE,
                item,
                "sea_zone",
                format!("names the unknown sea Area `{}`", port.sea_zone),
            );
        }
    }
}

fn check_roads(map: &Map, report: &mut Report) {
    for node in &map.roads.nodes {
        let Some(area) = map.area(&node.area) else {
            continue;
        };
        if area.island
            || area
                .region
                .as_ref()
                .and_then(|r| map.region(r))
                .is_some_and(|r| !r.mainland)
        {
            report.push(
                ROADS_FILE,
                node.id.as_str(),
                "path",
                format!(
                    "`{}` is off the mainland: islands and Calais have no roads",
                    node.area
                ),
            );
        }
        if node.kind == RoadNodeKind::Location
            && let Some(loc) = node.location.as_ref().and_then(|l| map.location(l))
            && !loc.kind.is_fortified()
        {
            report.push(
                ROADS_FILE,
                node.id.as_str(),
                "path",
                "an unfortified town is never a road node: name its Area's segment instead",
            );
        }
    }
    for road in &map.roads.routes {
        for pair in road.path.windows(2) {
            let (Some(a), Some(b)) = (map.road_node(&pair[0]), map.road_node(&pair[1])) else {
                continue;
            };
            let known = map.area(&a.area).is_some() && map.area(&b.area).is_some();
            if known && a.area != b.area && !map.areas_adjacent(&a.area, &b.area) {
                report.push(
                    ROADS_FILE,
                    road.id.as_str(),
                    "path",
                    format!(
                        "`{}` ({}) to `{}` ({}): the road steps between Areas that share no land border",
                        a.id, a.area, b.id, b.area
                    ),
                );
            }
        }
    }
}

fn check_zones(map: &Map, report: &mut Report) {
    for zone in &map.zones {
        for region in &zone.regions {
            if map.region(region).is_none() && !map.index.broken.contains(region.as_str()) {
                report.push(
                    ZONES_FILE,
                    zone.id.as_str(),
                    "regions",
                    format!("names the unknown Region `{region}`"),
                );
            }
        }
        for area in &zone.areas {
            if map.area(area).is_none() && !map.index.broken.contains(area.as_str()) {
                report.push(
                    ZONES_FILE,
                    zone.id.as_str(),
                    "areas",
                    format!("names the unknown Area `{area}`"),
                );
            }
        }
        if zone.regions.is_empty() && zone.areas.is_empty() {
            report.push(
                ZONES_FILE,
                zone.id.as_str(),
                "regions",
                "a zone needs a Region or an Area",
            );
        }
    }
}

fn check_reachability(map: &Map, report: &mut Report) {
    let capital = LocationId::new(CAPITAL);
    let Some(london) = map.location(&capital) else {
        report.push(
            LOCATIONS_FILE,
            CAPITAL,
            "id",
            "the map needs London: reachability is checked from it",
        );
        return;
    };
    // Regional movement, repeated: every mainland Area must be reachable from London's Area.
    let mut reached: BTreeSet<AreaId> = BTreeSet::new();
    let mut queue: VecDeque<AreaId> = VecDeque::from([london.area]);
    while let Some(area) = queue.pop_front() {
        if !reached.insert(area) {
            continue;
        }
        for next in map.regional_destinations(&area) {
            if !reached.contains(&next) {
                queue.push_back(next);
            }
        }
    }
    for loc in &map.locations {
        let mainland = map.area(&loc.area).is_some_and(|a| {
            !a.island
                && a.region
                    .as_ref()
                    .and_then(|r| map.region(r))
                    .is_some_and(|r| r.mainland)
        });
        if mainland && !reached.contains(&loc.area) {
            report.push(
                LOCATIONS_FILE,
                loc.id.as_str(),
                "area",
                format!(
                    "`{}` cannot be reached from London by Regional movement",
                    loc.area
                ),
            );
        }
    }
    // Sea: every port's sea Area must be reachable from London's.
    let Some(start) = map.port_sea_zone(&capital) else {
        report.push(
            SEA_FILE,
            CAPITAL,
            "location",
            "London needs a [[port]]: sea reach is checked from it",
        );
        return;
    };
    let distances = sea_distances(map, start);
    for port in &map.ports {
        if map.sea_zone(&port.sea_zone).is_some() && !distances.contains_key(&port.sea_zone) {
            report.push(
                SEA_FILE,
                port.location.as_str(),
                "sea_zone",
                format!("`{}` cannot be reached by sea from London", port.sea_zone),
            );
        }
    }
}

/// Breadth-first distances (in sea Areas entered) from one sea Area to every reachable one.
pub(super) fn sea_distances(map: &Map, start: &SeaZoneId) -> BTreeMap<SeaZoneId, u32> {
    let mut dist = BTreeMap::from([(*start, 0)]);
    let mut queue = VecDeque::from([*start]);
    while let Some(zone) = queue.pop_front() {
        let d = dist[&zone];
        if let Some(z) = map.sea_zone(&zone) {
            for next in &z.adjacent {
                if map.sea_zone(next).is_some() && !dist.contains_key(next) {
                    dist.insert(*next, d + 1);
                    queue.push_back(*next);
                }
            }
        }
    }
    dist
}
