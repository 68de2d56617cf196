//! The map: places, Areas, Regions, estuaries, roads, sea Areas, ports and bonus zones, read
//! from `data/map/*.toml` and validated into a [`Map`] with typed ids. Drawing geometry is
//! derived elsewhere from the places' real positions and Areas.

mod checks;
mod load;
mod model;
mod parse;
mod query;
mod raw;

#[cfg(test)]
mod tests_facts;
#[cfg(test)]
mod tests_validation;

pub use load::{
    AREAS_FILE, ESTUARIES_FILE, LOCATIONS_FILE, REGIONS_FILE, ROADS_FILE, SEA_FILE, ZONES_FILE,
};
pub use model::{
    Area, Estuary, Location, LocationKind, Map, Port, Region, Road, RoadNode, RoadNodeKind, Roads,
    SeaZone, Zone,
};

/// Data files of the map, embedded at compile time (path relative to `data/`, text).
pub const FILES: &[(&str, &str)] = &[
    (
        "map/locations.toml",
        include_str!("../../../data/map/locations.toml"),
    ),
    (
        "map/areas.toml",
        include_str!("../../../data/map/areas.toml"),
    ),
    (
        "map/regions.toml",
        include_str!("../../../data/map/regions.toml"),
    ),
    (
        "map/estuaries.toml",
        include_str!("../../../data/map/estuaries.toml"),
    ),
    ("map/sea.toml", include_str!("../../../data/map/sea.toml")),
    (
        "map/roads.toml",
        include_str!("../../../data/map/roads.toml"),
    ),
    (
        "map/zones.toml",
        include_str!("../../../data/map/zones.toml"),
    ),
];
