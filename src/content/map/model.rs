//! The validated map types: places, Areas, Regions, estuaries, sea Areas, ports, the road
//! graph and bonus zones, with typed ids. [`Map`] serializes (flattened) into the content
//! export JSON; its look-up indexes are skipped.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::ids::{AreaId, LocationId, RegionId, RoadNodeId, SeaZoneId, ZoneId};

/// Terrain type of a place (classic Terrain Chart, 000 L327-370).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum LocationKind {
    /// London, York, Bristol, Norwich: garrison 300, unlimited capacity.
    City,
    /// A walled Town: garrison 200, capacity 400.
    FortifiedTown,
    /// A Royal castle: garrison 200, capacity 300.
    RoyalCastle,
    /// A castle: garrison 100, capacity 300.
    Castle,
    /// Cardigan, Hereford, Kingston: garrison 200 only when held by unfriendly Nobles, capacity 400.
    OpenTown,
    /// Part of its Area's open field; never controlled, no garrison.
    UnfortifiedTown,
}

impl LocationKind {
    /// The Terrain Chart garrison and capacity (`None` = unlimited).
    pub fn terrain(self) -> (u32, Option<u32>) {
        match self {
            LocationKind::City => (300, None),
            LocationKind::FortifiedTown | LocationKind::OpenTown => (200, Some(400)),
            LocationKind::RoyalCastle => (200, Some(300)),
            LocationKind::Castle => (100, Some(300)),
            LocationKind::UnfortifiedTown => (0, Some(0)),
        }
    }

    /// True for every kind a Noble can shelter in and that can block a road.
    pub fn is_fortified(self) -> bool {
        !matches!(self, LocationKind::UnfortifiedTown)
    }

    /// The key as written in the data (`royal_castle`).
    pub fn key(self) -> &'static str {
        match self {
            LocationKind::City => "city",
            LocationKind::FortifiedTown => "fortified_town",
            LocationKind::RoyalCastle => "royal_castle",
            LocationKind::Castle => "castle",
            LocationKind::OpenTown => "open_town",
            LocationKind::UnfortifiedTown => "unfortified_town",
        }
    }
}

/// A place on the map.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Location {
    /// Canonical id (`london`).
    pub id: LocationId,
    /// Display name.
    pub name: String,
    /// Terrain type.
    pub kind: LocationKind,
    /// The land Area holding it.
    pub area: AreaId,
    /// Permanent garrison (0 for unfortified towns).
    pub garrison: u32,
    /// Extra troops it can shelter; `None` = unlimited.
    pub capacity: Option<u32>,
    /// Has a cathedral.
    pub cathedral: bool,
    /// Has a port.
    pub port: bool,
    /// Lies across a road (a node of the road graph).
    pub across_road: bool,
    /// Latitude, degrees north.
    pub lat: f64,
    /// Longitude, degrees east.
    pub lon: f64,
    /// KII grid reference where 001 states it.
    pub grid: Option<String>,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// A land Area.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Area {
    /// Id (`area_london`, `cheviots`, `anglesey`).
    pub id: AreaId,
    /// Display name.
    pub name: String,
    /// Its Region; `None` for an island (no Regional movement).
    pub region: Option<RegionId>,
    /// An island (entered only by sea).
    pub island: bool,
    /// Label point, latitude (the mean of its places, or a chosen point for the Cheviots
    /// and the islands).
    pub lat: f64,
    /// Label point, longitude.
    pub lon: f64,
    /// Areas sharing a land border (sorted).
    pub adjacent: Vec<AreaId>,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// A Region.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Region {
    /// Id (`home_counties`).
    pub id: RegionId,
    /// Display name.
    pub name: String,
    /// False for Calais (not part of the mainland).
    pub mainland: bool,
    /// Regions across one purple boundary (sorted).
    pub adjacent: Vec<RegionId>,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// Two Areas facing each other across an estuary: no Regional movement between them.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Estuary {
    /// Which estuary (`thames`).
    pub estuary: String,
    /// Display name.
    pub name: String,
    /// The two Areas (sorted).
    pub areas: [AreaId; 2],
    /// Seed line or reconstruction note.
    pub source: String,
}

/// A sea Area.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct SeaZone {
    /// Id (`dover_strait`).
    pub id: SeaZoneId,
    /// Display name.
    pub name: String,
    /// Sea Areas touching it, corners included (sorted).
    pub adjacent: Vec<SeaZoneId>,
    /// Label point in open water, latitude.
    pub lat: f64,
    /// Label point in open water, longitude.
    pub lon: f64,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// A port and the one sea Area through which ships enter and leave it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Port {
    /// The place holding the port.
    pub location: LocationId,
    /// Its access sea Area.
    pub sea_zone: SeaZoneId,
    /// The estuary sailed up at no extra cost, if any.
    pub estuary: Option<String>,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// What a road node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum RoadNodeKind {
    /// A stretch of road inside an Area: a Noble in the Area may join or leave the road here.
    Segment,
    /// A fortified place lying across the road: it may block.
    Location,
}

/// A node of the road graph.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct RoadNode {
    /// `area_york`, `area_york:north` (segments) or a location id (`york`).
    pub id: RoadNodeId,
    /// Segment or location.
    pub kind: RoadNodeKind,
    /// The Area it lies in.
    pub area: AreaId,
    /// The place, for a location node.
    pub location: Option<LocationId>,
}

/// A named road: the path it was written as.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Road {
    /// Id (`great_north_road`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its nodes in order.
    pub path: Vec<RoadNodeId>,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// The road graph (ruling Z23).
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Roads {
    /// Every node, sorted by id.
    pub nodes: Vec<RoadNode>,
    /// Undirected edges, each pair sorted, the list sorted.
    pub edges: Vec<[RoadNodeId; 2]>,
    /// The named roads the graph was built from.
    pub routes: Vec<Road>,
}

/// A named bonus zone: a set of Regions plus (island) Areas.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Zone {
    /// Id (`north_of_trent`).
    pub id: ZoneId,
    /// Display name.
    pub name: String,
    /// Regions inside the zone.
    pub regions: Vec<RegionId>,
    /// Extra Areas inside the zone (islands such as Anglesey).
    pub areas: Vec<AreaId>,
    /// Seed line or reconstruction note.
    pub source: String,
}

/// The validated map.
#[derive(Clone, Debug, Default, Serialize, TS)]
#[ts(export)]
pub struct Map {
    /// Every place, sorted by id.
    pub locations: Vec<Location>,
    /// Every land Area, in file order.
    pub areas: Vec<Area>,
    /// Every Region, in file order.
    pub regions: Vec<Region>,
    /// Estuary-separated Area pairs.
    pub estuaries: Vec<Estuary>,
    /// Every sea Area, in file order.
    pub sea_zones: Vec<SeaZone>,
    /// Every port with its access sea Area, sorted by place.
    pub ports: Vec<Port>,
    /// The road graph.
    pub roads: Roads,
    /// Named bonus zones.
    pub zones: Vec<Zone>,
    #[serde(skip)]
    pub(super) index: Index,
}

/// Look-up tables built once after loading (positions in the vectors of [`Map`]). The
/// position maps are only looked up by key, never iterated, so no hash order reaches a result.
#[derive(Clone, Debug, Default)]
pub(super) struct Index {
    pub locations: FxHashMap<LocationId, usize>,
    pub areas: FxHashMap<AreaId, usize>,
    pub regions: FxHashMap<RegionId, usize>,
    pub sea_zones: FxHashMap<SeaZoneId, usize>,
    pub zones: FxHashMap<ZoneId, usize>,
    pub ports: FxHashMap<LocationId, usize>,
    pub road_nodes: FxHashMap<RoadNodeId, usize>,
    pub road_adjacent: BTreeMap<RoadNodeId, Vec<RoadNodeId>>,
    /// Ids of entries that failed to deserialize: references to them are not re-reported.
    pub broken: BTreeSet<String>,
    /// Derived for the hot look-ups (built once by `Map::derive`); a query falls back to a
    /// scan for an Area they do not cover.
    pub derived: Derived,
}

/// Look-ups derived from the loaded map, positions in its vectors, for the queries the rules
/// and bots ask many times per decision. Only looked up by key, never iterated, so their
/// order never reaches a result.
#[derive(Clone, Debug, Default)]
pub(super) struct Derived {
    /// Per road node (by position): its neighbours' positions, sorted by id, no repeats.
    pub road_links: Vec<Vec<usize>>,
    /// Per Area: the positions of its road nodes, in node order.
    pub road_starts: FxHashMap<AreaId, Vec<usize>>,
    /// Per Area: its places (positions), in place order.
    pub area_locations: FxHashMap<AreaId, Vec<usize>>,
    /// Per Area: its Regional move destinations.
    pub regional: FxHashMap<AreaId, Vec<AreaId>>,
    /// The places that are ports (positions), with their access sea Areas, in place order.
    pub port_locations: Vec<(usize, SeaZoneId)>,
    /// Per sea Area: the sea Areas reachable from it, with the number entered after it.
    pub sea: FxHashMap<SeaZoneId, BTreeMap<SeaZoneId, u32>>,
    /// Per road node (by position): the rank of its Area among the Areas sorted by id
    /// (`None` when every node's Area is not a known Area: queries then fall back to ids).
    pub node_area_rank: Option<Vec<usize>>,
    /// The Areas sorted by id, so a rank gives back the id.
    pub areas_by_rank: Vec<AreaId>,
    /// Per bonus zone: every Area in it, through its Regions or listed itself.
    pub zone_areas: FxHashMap<ZoneId, rustc_hash::FxHashSet<AreaId>>,
    /// Per sea Area: the sea steps from it to each port of `port_locations` (same order).
    pub port_steps: FxHashMap<SeaZoneId, Vec<Option<u32>>>,
    /// Per Area (by position): the adjacency steps to every Area (by position), `None` when
    /// unreachable.
    pub area_steps: Vec<Vec<Option<u8>>>,
}
