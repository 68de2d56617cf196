//! Raw serde shapes of the map files under `data/map/`, exactly as written in TOML. Every
//! struct denies unknown fields; ids are still plain strings here and are checked in
//! [`super::load`].

use serde::Deserialize;

use super::model::LocationKind;

/// One `[[location]]` of `map/locations.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLocation {
    pub id: String,
    pub name: String,
    pub kind: LocationKind,
    pub area: String,
    pub garrison: u32,
    #[serde(default)]
    pub capacity: Option<u32>,
    pub cathedral: bool,
    pub port: bool,
    pub across_road: bool,
    pub lat: f64,
    pub lon: f64,
    #[serde(default)]
    pub grid: Option<String>,
    pub source: String,
}

/// One `[[area]]` of `map/areas.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawArea {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub region: Option<String>,
    pub island: bool,
    pub lat: f64,
    pub lon: f64,
    pub adjacent: Vec<String>,
    pub source: String,
}

/// One `[[region]]` of `map/regions.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRegion {
    pub id: String,
    pub name: String,
    #[serde(default = "mainland_default")]
    pub mainland: bool,
    pub adjacent: Vec<String>,
    pub source: String,
}

fn mainland_default() -> bool {
    true
}

/// One `[[estuary]]` of `map/estuaries.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEstuary {
    pub estuary: String,
    pub name: String,
    pub areas: Vec<String>,
    pub source: String,
}

/// One `[[sea_zone]]` of `map/sea.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSeaZone {
    pub id: String,
    pub name: String,
    pub adjacent: Vec<String>,
    pub lat: f64,
    pub lon: f64,
    pub source: String,
}

/// One `[[port]]` of `map/sea.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPort {
    pub location: String,
    pub sea_zone: String,
    #[serde(default)]
    pub estuary: Option<String>,
    pub source: String,
}

/// One `[[road]]` of `map/roads.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRoad {
    pub id: String,
    pub name: String,
    pub path: Vec<String>,
    pub source: String,
}

/// One `[[zone]]` of `map/zones.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawZone {
    pub id: String,
    pub name: String,
    pub regions: Vec<String>,
    #[serde(default)]
    pub areas: Vec<String>,
    pub source: String,
}
