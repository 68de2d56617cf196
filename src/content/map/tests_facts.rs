//! Tests of the map data against the statements of the KII rulebook (001), each citing its
//! line, plus the reconstruction choices the README promises (estuaries, zones).

use crate::content::ids::{AreaId, LocationId, RegionId, RoadNodeId, ZoneId};
use crate::content::{DataFiles, Report};

use super::{LocationKind, Map, RoadNodeKind};

fn map() -> Map {
    let mut report = Report::new();
    let map = Map::load(&DataFiles::embedded(), &mut report);
    assert!(report.is_empty(), "{report}");
    map
}

fn loc(id: &str) -> LocationId {
    LocationId::new(id)
}

fn area_of(map: &Map, id: &str) -> AreaId {
    map.area_of(&loc(id))
        .cloned()
        .unwrap_or_else(|| panic!("no place {id}"))
}

#[test]
fn embedded_map_loads_without_problems() {
    let map = map();
    assert_eq!(
        map.locations.len(),
        122,
        "121 classic places (000 L1280-1413) + Hedingham"
    );
    assert!(map.summary().starts_with("122 places"));
}

#[test]
fn sea_examples_pevensey_chichester_corfe_to_london() {
    // 001 L805: Pevensey -> London 4 MP, Chichester 5, Corfe 6 (Thames estuary free).
    let map = map();
    assert_eq!(map.sea_distance(&loc("pevensey"), &loc("london")), Some(4));
    assert_eq!(
        map.sea_distance(&loc("chichester"), &loc("london")),
        Some(5)
    );
    assert_eq!(map.sea_distance(&loc("corfe"), &loc("london")), Some(6));
    // Symmetric, and 0 to stay.
    assert_eq!(map.sea_distance(&loc("london"), &loc("corfe")), Some(6));
    assert_eq!(map.sea_distance(&loc("london"), &loc("london")), Some(0));
}

#[test]
fn tattershall_and_boston_share_an_area() {
    // 001 L797: Cromwell boards at Boston straight from Tattershall (5D).
    let map = map();
    assert_eq!(area_of(&map, "tattershall"), area_of(&map, "boston"));
    assert!(map.location(&loc("boston")).is_some_and(|l| l.port));
}

#[test]
fn caister_is_in_an_area_next_to_wingfields() {
    // 001 L797: Pole in Wingfield (6C) cannot board at Caister, in an adjacent Area.
    let map = map();
    let (w, c) = (area_of(&map, "wingfield"), area_of(&map, "caister"));
    assert_ne!(w, c);
    assert!(map.areas_adjacent(&w, &c));
    assert!(map.location(&loc("caister")).is_some_and(|l| l.port));
}

#[test]
fn norwich_south_west_road_crosses_four_distinct_areas() {
    // 001 L759: the road south-west of Norwich passes through all 4 Areas containing Bury,
    // Framlingham, Thetford and Wingfield.
    let map = map();
    let road = map
        .roads
        .routes
        .iter()
        .find(|r| r.id == "norwich_southwest_road")
        .expect("road");
    assert_eq!(road.path.first(), Some(&RoadNodeId::new("norwich")));
    let areas: Vec<AreaId> = road
        .path
        .iter()
        .filter_map(|n| map.road_node(n))
        .map(|n| n.area)
        .collect();
    let wanted: Vec<AreaId> = ["bury_st_edmunds", "framlingham", "thetford", "wingfield"]
        .iter()
        .map(|p| area_of(&map, p))
        .collect();
    let distinct: std::collections::BTreeSet<_> = wanted.iter().collect();
    assert_eq!(distinct.len(), 4, "4 distinct Areas");
    for a in &wanted {
        assert!(areas.contains(a), "the road misses {a}");
    }
    // The road heads south-west: each of those Areas lies south of Norwich.
    let norwich = map.location(&loc("norwich")).expect("norwich");
    for p in ["bury_st_edmunds", "framlingham", "thetford", "wingfield"] {
        assert!(
            map.location(&loc(p)).is_some_and(|l| l.lat < norwich.lat),
            "{p}"
        );
    }
}

#[test]
fn newark_blocks_road_entry_from_the_south() {
    // 001 L757: the Trent runs through Newark and there is no road segment south of Newark in
    // its Area, so every road entering Newark's Area from the south meets Newark first.
    let map = map();
    let newark = map.location(&loc("newark")).expect("newark");
    assert!(newark.across_road && newark.kind.is_fortified());
    let mut entries_from_south = 0;
    for [a, b] in &map.roads.edges {
        for (outside, inside) in [(a, b), (b, a)] {
            let (Some(o), Some(i)) = (map.road_node(outside), map.road_node(inside)) else {
                continue;
            };
            if o.area == newark.area || i.area != newark.area {
                continue;
            }
            let south = map.locations_in(&o.area).iter().all(|l| l.lat < newark.lat);
            if south {
                entries_from_south += 1;
                assert_eq!(
                    inside.as_str(),
                    "newark",
                    "{outside} enters Newark's Area at {inside}"
                );
            }
        }
    }
    assert!(
        entries_from_south >= 1,
        "some road reaches Newark from the south"
    );
    // And no segment of Newark's Area touches Newark's southern neighbours directly.
    for node in map.road_nodes_in(&newark.area) {
        if node.kind == RoadNodeKind::Segment {
            for next in map.road_neighbours(&node.id) {
                let n = map.road_node(next).expect("node");
                if n.area != newark.area {
                    assert!(
                        map.locations_in(&n.area).iter().any(|l| l.lat > newark.lat),
                        "{} links south to {}",
                        node.id,
                        n.id
                    );
                }
            }
        }
    }
}

#[test]
fn open_towns_are_exactly_cardigan_hereford_kingston() {
    // 001 L1275: the Open Towns are Cardigan, Hereford and Kingston.
    let map = map();
    let open: Vec<&str> = map
        .locations
        .iter()
        .filter(|l| l.kind == LocationKind::OpenTown)
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(open, ["cardigan", "hereford", "kingston"]);
    assert!(
        map.location(&loc("kingston")).is_some_and(|l| l.port),
        "001 L807"
    );
}

#[test]
fn islands_are_not_mainland_and_have_no_region() {
    // 001 L143: Isle of Man, Isle of Wight and Anglesey are islands, not mainland; 001 L745:
    // entered only by sea.
    let map = map();
    for (place, island) in [
        ("douglas", "isle_of_man"),
        ("carisbrooke", "isle_of_wight"),
        ("beaumaris", "anglesey"),
    ] {
        let area = map.area(&AreaId::new(island)).expect("island");
        assert!(area.island && area.region.is_none() && area.adjacent.is_empty());
        assert_eq!(area_of(&map, place).as_str(), island);
        assert!(!map.is_mainland(&area.id));
        assert!(
            map.road_nodes_in(&area.id).is_empty(),
            "no roads on islands"
        );
        assert!(map.port_sea_zone(&loc(place)).is_some(), "reached by sea");
        // No Regional move from anywhere on the mainland reaches it.
        for a in &map.areas {
            if a.id != area.id {
                assert!(!map.regional_destinations(&a.id).contains(&area.id));
            }
        }
    }
    assert_eq!(map.areas.iter().filter(|a| a.island).count(), 3);
}

#[test]
fn calais_is_its_own_region_reachable_only_by_sea() {
    // 001 L143: the Calais Area forms a Region of its own; 001 L467 grid 6A.
    let map = map();
    let calais = map.location(&loc("calais")).expect("calais");
    assert_eq!(
        calais.kind,
        LocationKind::FortifiedTown,
        "plague can strike it, 001 L693"
    );
    assert_eq!(calais.grid.as_deref(), Some("6A"));
    let region = *map.region_of(&calais.area).expect("region");
    assert_eq!(map.areas_of_region(&region), vec![&calais.area]);
    assert!(
        map.region(&region)
            .is_some_and(|r| r.adjacent.is_empty() && !r.mainland)
    );
    assert!(map.road_nodes_in(&calais.area).is_empty());
    for a in &map.areas {
        if a.id != calais.area {
            assert!(
                !map.regional_destinations(&a.id).contains(&calais.area),
                "{}",
                a.id
            );
        }
    }
    // Dover to Calais: leave port, cross the strait, enter Calais (cf. classic 000 L908).
    assert_eq!(map.sea_distance(&loc("dover"), &loc("calais")), Some(2));
}

#[test]
fn two_player_neutral_towns_lie_across_roads() {
    // 001 L548: London, Northampton, Shrewsbury and York cannot be passed by road until
    // conquered, so each lies across a road.
    let map = map();
    for p in ["london", "northampton", "shrewsbury", "york"] {
        let l = map.location(&loc(p)).expect(p);
        assert!(l.across_road, "{p}");
        let node = map.road_node(&RoadNodeId::new(p)).expect(p);
        assert_eq!(node.kind, RoadNodeKind::Location);
        assert!(
            map.road_neighbours(&node.id).len() >= 2,
            "{p} is passed through, not a dead end"
        );
    }
}

#[test]
fn royal_start_places_exist_with_grid_refs() {
    // 001 L461-467: London 5B, Kenilworth 3C, Coventry 4C, York 4E, Harlech 2D, Cardigan 1C,
    // Calais 6A; 001 L797: Tattershall 5D, Wingfield 6C.
    let map = map();
    for (p, grid) in [
        ("london", "5B"),
        ("kenilworth", "3C"),
        ("coventry", "4C"),
        ("york", "4E"),
        ("harlech", "2D"),
        ("cardigan", "1C"),
        ("calais", "6A"),
        ("tattershall", "5D"),
        ("wingfield", "6C"),
    ] {
        let l = map.location(&loc(p)).unwrap_or_else(|| panic!("{p}"));
        assert_eq!(l.grid.as_deref(), Some(grid), "{p}");
    }
    assert_eq!(map.locations.iter().filter(|l| l.grid.is_some()).count(), 9);
}

#[test]
fn kii_uses_kenilworth_windsor_stokesay_sandal_and_hedingham() {
    // 001 L462 (Kenilworth start); classic advanced-only castles are used normally in KII;
    // Hedingham is new in KII.
    let map = map();
    for p in ["kenilworth", "windsor", "stokesay", "sandal", "hedingham"] {
        assert!(
            map.location(&loc(p)).is_some_and(|l| l.kind.is_fortified()),
            "{p}"
        );
    }
    assert_eq!(area_of(&map, "hedingham"), area_of(&map, "colchester"));
}

#[test]
fn cities_and_terrain_values() {
    // 001 L1283: the four Cities; classic Terrain Chart values (000 L327-370).
    let map = map();
    let cities: Vec<&str> = map
        .locations
        .iter()
        .filter(|l| l.kind == LocationKind::City)
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(cities, ["bristol", "london", "norwich", "york"]);
    let london = map.location(&loc("london")).expect("london");
    assert_eq!((london.garrison, london.capacity), (300, None));
    assert!(london.cathedral && london.port);
}

#[test]
fn every_port_has_one_sea_area_and_thames_is_an_estuary_port() {
    // 001 L777: a port is entered and left through one sea Area; the Thames costs nothing.
    let map = map();
    let ports = map.locations.iter().filter(|l| l.port).count();
    assert_eq!(ports, map.ports.len());
    assert_eq!(ports, 34, "the classic gazetteer's 34 map ports");
    let london = map
        .ports
        .iter()
        .find(|p| p.location.as_str() == "london")
        .expect("port");
    assert_eq!(london.estuary.as_deref(), Some("thames"));
}

#[test]
fn estuaries_block_regional_movement() {
    // 001 L745 and ruling Z47: Rochester (Kent) and Mid Essex face each other across the
    // Thames; their Regions touch at London, but no Regional move crosses the estuary.
    let map = map();
    let kent_side = area_of(&map, "rochester");
    let essex_side = area_of(&map, "pleshey");
    assert!(map.regions_adjacent(
        map.region_of(&kent_side).expect("r"),
        map.region_of(&essex_side).expect("r")
    ));
    assert!(map.across_estuary(&kent_side, &essex_side));
    assert!(!map.regional_destinations(&kent_side).contains(&essex_side));
    assert!(!map.regional_destinations(&essex_side).contains(&kent_side));
    // London's own Area still reaches both banks.
    let london = area_of(&map, "london");
    let from_london = map.regional_destinations(&london);
    assert!(from_london.contains(&kent_side) && from_london.contains(&essex_side));
    // Humber and Severn lie on Region borders between non-adjacent Regions.
    for (a, b) in [("kingston", "lincoln"), ("cardiff", "bristol")] {
        let (ra, rb) = (
            map.region_of(&area_of(&map, a)).expect("r"),
            map.region_of(&area_of(&map, b)).expect("r"),
        );
        assert!(!map.regions_adjacent(ra, rb), "{a} / {b}");
    }
}

#[test]
fn bonus_zones_are_defined() {
    // Contract zone ids; Devon and Cornwall is a Region of its own (001 L1259); Anglesey counts
    // as Wales (000 L361, ruling Z48).
    let map = map();
    for z in [
        "devon_and_cornwall",
        "north_of_trent",
        "north_of_tees",
        "wales",
        "near_london",
        "near_conway",
        "calais",
    ] {
        assert!(map.zone(&ZoneId::new(z)).is_some(), "{z}");
    }
    let zone = |z: &str| ZoneId::new(z);
    assert!(map.in_zone(&zone("wales"), &AreaId::new("anglesey")));
    assert!(map.in_zone(&zone("wales"), &area_of(&map, "harlech")));
    assert!(map.in_zone(&zone("devon_and_cornwall"), &area_of(&map, "plymouth")));
    assert!(!map.in_zone(&zone("devon_and_cornwall"), &area_of(&map, "bristol")));
    assert!(
        map.in_zone(&zone("north_of_trent"), &area_of(&map, "durham")),
        "Bishop of Durham, 001 L405"
    );
    assert!(map.in_zone(&zone("north_of_tees"), &area_of(&map, "berwick")));
    assert!(!map.in_zone(&zone("north_of_tees"), &area_of(&map, "york")));
    assert!(!map.in_zone(&zone("north_of_trent"), &area_of(&map, "london")));
    assert!(map.in_zone(&zone("near_london"), &area_of(&map, "london")));
    assert!(map.in_zone(&zone("near_conway"), &area_of(&map, "conway")));
    assert!(map.in_zone(&zone("calais"), &area_of(&map, "calais")));
    assert_eq!(
        map.region_of(&area_of(&map, "exeter")),
        Some(&RegionId::new("devon_and_cornwall"))
    );
}

#[test]
fn cheviots_area_exists_and_every_mainland_area_is_reachable() {
    // The Cheviots are a raid destination (classic 000 L3108): an Area, not a place.
    let map = map();
    let cheviots = map.area(&AreaId::new("cheviots")).expect("cheviots");
    assert!(map.is_mainland(&cheviots.id));
    assert!(map.location(&loc("cheviots")).is_none());
    // Regional movement is bounded: one move from London does not reach York.
    let from_london = map.regional_destinations(&area_of(&map, "london"));
    assert!(!from_london.contains(&area_of(&map, "york")));
    assert!(from_london.contains(&area_of(&map, "oxford")));
}

#[test]
fn road_queries_are_deterministic() {
    let map = map();
    let n = map.road_neighbours(&RoadNodeId::new("london"));
    let mut sorted = n.to_vec();
    sorted.sort();
    assert_eq!(n, sorted.as_slice());
    assert!(n.contains(&RoadNodeId::new("area_london")));
    // A Noble anywhere in York's Area may join the road at one of its segments.
    let york_area = area_of(&map, "york");
    assert!(
        map.road_nodes_in(&york_area)
            .iter()
            .any(|n| n.kind == RoadNodeKind::Segment)
    );
}

#[test]
fn export_json_has_the_contract_fields() {
    // The UI and the geometry work read these names from `warwick content export --json`.
    let map = map();
    let json = serde_json::to_value(&map).expect("json");
    for key in [
        "locations",
        "areas",
        "regions",
        "sea_zones",
        "ports",
        "roads",
        "zones",
        "estuaries",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
    let london = json["locations"]
        .as_array()
        .and_then(|l| l.iter().find(|l| l["id"] == "london"))
        .expect("london");
    for key in [
        "id",
        "name",
        "kind",
        "area",
        "port",
        "cathedral",
        "garrison",
        "capacity",
        "lat",
        "lon",
        "across_road",
        "grid",
    ] {
        assert!(london.get(key).is_some(), "{key}");
    }
    assert_eq!(london["kind"], "city");
    assert!(london["capacity"].is_null(), "unlimited");
    let anglesey = json["areas"]
        .as_array()
        .and_then(|a| a.iter().find(|a| a["id"] == "anglesey"))
        .expect("anglesey");
    assert!(anglesey["region"].is_null() && anglesey["island"] == true);
    assert!(json["regions"][0].get("adjacent").is_some());
    assert!(json["sea_zones"][0].get("adjacent").is_some());
    assert!(
        json["ports"][0].get("location").is_some() && json["ports"][0].get("sea_zone").is_some()
    );
    assert!(json["roads"]["nodes"].is_array() && json["roads"]["edges"].is_array());
    assert!(
        json.get("index").is_none(),
        "look-up indexes are not exported"
    );
}

#[test]
fn road_moves_stop_at_enemy_places_across_the_road() {
    // 001 L761: an enemy place across the road blocks it, and the mover stops in that Area.
    // 001 L757: Newark has no road south of it in its Area, so from the south the mover cannot
    // even enter Newark's Area.
    let map = map();
    let all = |_: &LocationId| true;
    let a = |p: &str| area_of(&map, p);
    let grantham = a("grantham");
    let newark_area = a("newark");
    assert!(map.road_destinations(&grantham, all).contains(&newark_area));
    let hostile = |ids: &'static [&'static str]| move |l: &LocationId| !ids.contains(&l.as_str());
    // Every place across a road hostile: from Grantham's Area the road north stops short of
    // Newark's Area (no segment south of Newark in it), while the road to Lincoln stops inside
    // Lincoln's Area (a segment comes before the city).
    let none = |_: &LocationId| false;
    let reach = map.road_destinations(&grantham, none);
    assert!(!reach.contains(&newark_area), "{reach:?}");
    assert!(reach.contains(&a("lincoln")), "{reach:?}");
    // Only Newark let through: its Area opens.
    let only_newark = |l: &LocationId| l.as_str() == "newark";
    assert!(
        map.road_destinations(&grantham, only_newark)
            .contains(&newark_area)
    );
    // Shrewsbury hostile (the 001 L765 example): a mover on Watling Street stops in
    // Shrewsbury's Area and cannot go on into mid Wales.
    let reach = map.road_destinations(&a("lichfield"), hostile(&["shrewsbury"]));
    assert!(reach.contains(&a("shrewsbury")));
    assert!(!reach.contains(&a("chirk")));
    assert!(
        map.road_destinations(&a("lichfield"), all)
            .contains(&a("chirk"))
    );
    // Islands and Calais: no road at all.
    assert!(map.road_destinations(&a("calais"), all).is_empty());
    assert!(map.road_destinations(&a("douglas"), all).is_empty());
}

#[test]
fn defines_places_areas_regions_zones_and_sea_areas() {
    use crate::content::ids::{CrownCardId, SeaZoneId};
    use crate::content::refs::Target;
    let map = map();
    assert!(map.defines(&Target::Location(loc("hedingham"))));
    assert!(map.defines(&Target::Area(AreaId::new("cheviots"))));
    assert!(map.defines(&Target::Region(RegionId::new("calais"))));
    assert!(map.defines(&Target::Zone(ZoneId::new("near_conway"))));
    assert!(map.defines(&Target::SeaZone(SeaZoneId::new("dover_strait"))));
    assert!(
        !map.defines(&Target::Location(loc("cheviots"))),
        "an Area, not a place"
    );
    assert!(!map.defines(&Target::Location(loc("pontefract"))));
    assert!(!map.defines(&Target::CrownCard(CrownCardId::new("C01"))));
    assert_eq!(
        map.summary(),
        "122 places, 75 Areas, 19 Regions, 20 sea Areas, 34 ports, 24 roads"
    );
}

#[test]
fn the_reach_checks_agree_with_the_destination_lists() {
    // The early-stopping checks the rules use for one command, against the full lists the
    // legal-command listing uses, for every pair of Areas and three kinds of blocked roads.
    let map = map();
    let blocked_castles = |l: &LocationId| {
        map.location(l)
            .is_none_or(|x| !matches!(x.kind, LocationKind::RoyalCastle | LocationKind::City))
    };
    for from in &map.areas {
        let regional = map.regional_destinations(&from.id);
        let all_open = map.road_destinations(&from.id, |_| true);
        let none_open = map.road_destinations(&from.id, |_| false);
        let some_open = map.road_destinations(&from.id, blocked_castles);
        for to in &map.areas {
            assert_eq!(
                map.regional_reaches(&from.id, &to.id),
                regional.contains(&to.id)
            );
            assert_eq!(
                map.road_reaches(&from.id, &to.id, |_| true),
                all_open.contains(&to.id)
            );
            assert_eq!(
                map.road_reaches(&from.id, &to.id, |_| false),
                none_open.contains(&to.id)
            );
            assert_eq!(
                map.road_reaches(&from.id, &to.id, blocked_castles),
                some_open.contains(&to.id)
            );
        }
    }
}
