//! Loading and validating the Crown, Royal, City and Major card files into [`Cards`]. Every
//! problem is pushed into the [`Report`] with its file, item and field; loading never stops at
//! the first one. Factions and tables are validated in `factions.rs` and `validate_tables.rs`.

use std::collections::{BTreeMap, BTreeSet};

use super::super::ids::ShipId;
use super::super::ids::{
    CityCardId, CrownCardId, LocationId, MajorCardId, NobleId, RoyalId, ZoneId,
};
use super::super::toml_file::read_table;
use super::super::{DataFiles, Report};
use super::data;
use super::model::{
    Bonus, CardType, Cards, CityCard, CrownCard, House, MajorCard, MajorKind, Royal, Ship,
};
use super::parse::{item_ids, items};
use super::raw::{RawCity, RawCrownCard, RawMajor, RawRoyal};
use super::tables::PrestigeTable;
use super::{factions, validate_tables};

/// Bonus zones the cards may name: the contract's list (the map defines them).
pub(super) const KNOWN_ZONES: &[&str] = &[
    "devon_and_cornwall",
    "north_of_trent",
    "north_of_tees",
    "wales",
    "near_london",
    "near_conway",
    "calais",
];

/// City card ids (001 L479).
pub(super) const CITY_IDS: [&str; 4] = ["city_bristol", "city_london", "city_norwich", "city_york"];

/// Crown cards in the deck (001 L469).
pub(super) const CROWN_COUNT: u32 = 74;

impl Cards {
    /// Parses and validates the card and table files, pushing every problem into `report`.
    pub fn load(files: &DataFiles, report: &mut Report) -> Cards {
        let tables = validate_tables::load(files, report);
        let crown_cards = load_crown(files, report);
        let city_cards = load_cities(files, report, &crown_cards);
        let royals = load_royals(files, report);
        let major_cards = load_majors(files, report, &tables.prestige);
        check_royal_castles(&royals, &crown_cards, report);
        validate_tables::check(&tables, &crown_cards, report);
        let factions = factions::load(files, report, &crown_cards, &tables);
        Cards {
            crown_cards,
            royals,
            city_cards,
            major_cards,
            factions,
            tables,
            by_id: Default::default(),
        }
    }
}

/// `C07` → 7 when `id` is `prefix` plus exactly `digits` digits.
pub(super) fn numbered(id: &str, prefix: &str, digits: usize) -> Option<u32> {
    let rest = id.strip_prefix(prefix)?;
    if rest.len() != digits || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    rest.parse().ok()
}

/// Whether a key is lower_snake_case ASCII (`castle_rising`).
pub(super) fn is_snake(key: &str) -> bool {
    !key.is_empty()
        && !key.starts_with('_')
        && !key.ends_with('_')
        && !key.contains("__")
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Reports an empty `source`.
fn check_source(source: &str, file: &str, item: &str, report: &mut Report) {
    if source.trim().is_empty() {
        report.push(file, item, "source", "every item needs a source");
    }
}

/// Checks a list of place ids: lower_snake_case and no repeats.
fn places(
    list: &[String],
    file: &str,
    item: &str,
    field: &str,
    report: &mut Report,
) -> Vec<LocationId> {
    let mut seen = BTreeSet::new();
    for place in list {
        if !is_snake(place) {
            report.push(
                file,
                item,
                field,
                format!("`{place}` is not a lower_snake_case place id"),
            );
        }
        if !seen.insert(place.as_str()) {
            report.push(file, item, field, format!("`{place}` is listed twice"));
        }
    }
    list.iter().map(|p| LocationId::new(p.as_str())).collect()
}

/// Reports ids seen twice and ids of `expected` never seen.
fn check_id_set(seen: &[String], expected: &[String], file: &str, report: &mut Report) {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for id in seen {
        *counts.entry(id.as_str()).or_default() += 1;
    }
    for (id, n) in &counts {
        if *n > 1 {
            report.push(file, *id, "id", format!("the id is used {n} times"));
        }
    }
    for id in expected {
        if !counts.contains_key(id.as_str()) {
            report.push(file, id.as_str(), "id", "this card is missing");
        }
    }
}

fn load_crown(files: &DataFiles, report: &mut Report) -> Vec<CrownCard> {
    let file = data::CROWN;
    let Some(table) = read_table(files, file, &["card"], report) else {
        return Vec::new();
    };
    let raws = items::<RawCrownCard>(&table, "card", file, report);
    let seen = item_ids(&table, "card");
    let expected: Vec<String> = (1..=CROWN_COUNT).map(|n| format!("C{n:02}")).collect();
    check_id_set(&seen, &expected, file, report);

    let mut cards = Vec::new();
    for (name, raw) in raws {
        if let Some(card) = crown_card(raw, &name, report) {
            cards.push(card);
        }
    }
    cards.sort_by_key(|a| a.id);
    check_deck(&cards, report);
    cards
}

/// One card's own checks.
fn crown_card(raw: RawCrownCard, item: &str, report: &mut Report) -> Option<CrownCard> {
    let file = data::CROWN;
    check_source(&raw.source, file, item, report);
    let number = numbered(&raw.id, "C", 2);
    if number.is_none_or(|n| n == 0 || n > CROWN_COUNT) {
        report.push(file, item, "id", "a Crown card id is C01 to C74");
    }
    let Some(card_type) = CardType::from_key(&raw.card_type) else {
        let keys: Vec<&str> = CardType::ALL.iter().map(|t| t.key()).collect();
        report.push(
            file,
            item,
            "type",
            format!(
                "unknown type `{}`; expected one of: {}",
                raw.card_type,
                keys.join(", ")
            ),
        );
        return None;
    };
    if let Some(n) = number {
        let (first, last) = card_type.id_range();
        if !(first..=last).contains(&n) {
            report.push(
                file,
                item,
                "type",
                format!(
                    "ids C{first:02}-C{last:02} are the {} cards",
                    card_type.key()
                ),
            );
        }
    }
    if raw.archbishop && card_type != CardType::Bishop {
        report.push(
            file,
            item,
            "archbishop",
            "only an Archbishop/Bishop card can be an Archbishop",
        );
    }
    let bonus = raw.bonus.map(|b| {
        if !KNOWN_ZONES.contains(&b.zone.as_str()) {
            report.push(
                file,
                item,
                "bonus.zone",
                format!(
                    "unknown zone `{}`; expected one of: {}",
                    b.zone,
                    KNOWN_ZONES.join(", ")
                ),
            );
        }
        if b.troops == 0 {
            report.push(file, item, "bonus.troops", "a regional bonus needs troops");
        }
        Bonus {
            troops: b.troops,
            zone: ZoneId::new(b.zone),
        }
    });
    match (&raw.noble, card_type.is_noble()) {
        (None, true) => report.push(file, item, "noble", "a Noble card names its family"),
        (Some(_), false) => report.push(file, item, "noble", "only Noble cards name a family"),
        (Some(key), true) if !is_snake(key) => report.push(
            file,
            item,
            "noble",
            format!("`{key}` is not a lower_snake_case key"),
        ),
        _ => {}
    }
    if raw.title.is_some() && card_type != CardType::TitledNoble {
        report.push(
            file,
            item,
            "title",
            "only titled Nobles carry an intrinsic Title",
        );
    }
    let locations = places(&raw.locations, file, item, "locations", report);
    let needs_place = card_type.is_noble() || card_type == CardType::Town;
    if needs_place && locations.is_empty() {
        report.push(
            file,
            item,
            "locations",
            "Nobles and Towns control at least one place",
        );
    }
    if card_type == CardType::Town && locations.len() > 1 {
        report.push(file, item, "locations", "a Town card controls one Town");
    }
    if card_type == CardType::Ship && raw.ships.len() != 1 {
        report.push(
            file,
            item,
            "ships",
            "a Ship card brings exactly one Ship piece",
        );
    }
    let mut ships = Vec::new();
    for ship in raw.ships {
        if !is_snake(&ship.id) {
            report.push(
                file,
                item,
                "ships.id",
                format!("`{}` is not lower_snake_case", ship.id),
            );
        }
        if ship.capacity == 0 {
            report.push(file, item, "ships.capacity", "a ship carries some troops");
        }
        let port = places(
            std::slice::from_ref(&ship.home_port),
            file,
            item,
            "ships.home_port",
            report,
        );
        ships.push(Ship {
            id: ShipId::new(ship.id),
            name: ship.name,
            home_port: port
                .into_iter()
                .next()
                .unwrap_or_else(|| LocationId::new("")),
            capacity: ship.capacity,
        });
    }
    if let Some(city) = &raw.city
        && !CITY_IDS.contains(&city.as_str())
    {
        report.push(file, item, "city", format!("unknown City card `{city}`"));
    }
    let expected_prestige = u32::from(card_type == CardType::Office || raw.archbishop);
    if raw.prestige != expected_prestige {
        report.push(
            file,
            item,
            "prestige",
            format!(
                "must be {expected_prestige}: 1 for each Office and Archbishop, else 0 (001 L445)"
            ),
        );
    }
    Some(CrownCard {
        id: CrownCardId::new(raw.id),
        name: raw.name,
        card_type,
        archbishop: raw.archbishop,
        troops: raw.troops,
        bonus,
        noble: raw.noble.map(NobleId::new),
        title: raw.title,
        locations,
        ships,
        city: raw.city.map(CityCardId::new),
        prestige: raw.prestige,
        source: raw.source,
    })
}

/// Checks across the deck: counts per type, Archbishops, Nobles, places and ships.
fn check_deck(cards: &[CrownCard], report: &mut Report) {
    let file = data::CROWN;
    for card_type in CardType::ALL {
        let found = cards.iter().filter(|c| c.card_type == card_type).count();
        let wanted = card_type.count_in_deck();
        if found != wanted {
            report.push(
                file,
                "-",
                "type",
                format!(
                    "{wanted} {} cards expected (001 L1239-1247), found {found}",
                    card_type.key()
                ),
            );
        }
    }
    let archbishops: Vec<&str> = cards
        .iter()
        .filter(|c| c.archbishop)
        .map(|c| c.id.as_str())
        .collect();
    if archbishops != ["C01", "C02"] {
        report.push(
            file,
            "-",
            "archbishop",
            format!("the Archbishops are C01 and C02, found {archbishops:?}"),
        );
    }
    let mut nobles: BTreeMap<&str, &str> = BTreeMap::new();
    let mut places: BTreeMap<&str, &str> = BTreeMap::new();
    let mut ships: BTreeMap<&str, &str> = BTreeMap::new();
    for card in cards {
        let item = card.id.as_str();
        if let Some(noble) = &card.noble
            && let Some(other) = nobles.insert(noble.as_str(), item)
        {
            report.push(
                file,
                item,
                "noble",
                format!("`{noble}` is also the Noble of {other}"),
            );
        }
        for place in &card.locations {
            if let Some(other) = places.insert(place.as_str(), item) {
                report.push(
                    file,
                    item,
                    "locations",
                    format!("`{place}` is also controlled by {other}"),
                );
            }
        }
        for ship in &card.ships {
            if let Some(other) = ships.insert(ship.id.as_str(), item) {
                report.push(
                    file,
                    item,
                    "ships.id",
                    format!("`{}` is also brought by {other}", ship.id),
                );
            }
        }
    }
    let total = cards.iter().map(|c| c.ships.len()).sum::<usize>();
    if total != 9 {
        report.push(
            file,
            "-",
            "ships",
            format!("9 Ship pieces expected (001 L207), found {total}"),
        );
    }
}

fn load_cities(files: &DataFiles, report: &mut Report, crown: &[CrownCard]) -> Vec<CityCard> {
    let file = data::CITIES;
    let Some(table) = read_table(files, file, &["city"], report) else {
        return Vec::new();
    };
    let raws = items::<RawCity>(&table, "city", file, report);
    let seen = item_ids(&table, "city");
    let expected: Vec<String> = CITY_IDS.iter().map(|s| (*s).to_owned()).collect();
    check_id_set(&seen, &expected, file, report);
    let mut out = Vec::new();
    for (item, raw) in raws {
        check_source(&raw.source, file, &item, report);
        if !CITY_IDS.contains(&raw.id.as_str()) {
            report.push(
                file,
                &item,
                "id",
                format!("the City cards are {}", CITY_IDS.join(", ")),
            );
        }
        if raw.prestige != 1 {
            report.push(
                file,
                &item,
                "prestige",
                "each City is worth 1 Prestige (001 L445)",
            );
        }
        match crown.iter().find(|c| c.id.as_str() == raw.granted_by) {
            None => report.push(
                file,
                &item,
                "granted_by",
                format!("unknown Crown card `{}`", raw.granted_by),
            ),
            Some(card) if card.city.as_ref().map(CityCardId::as_str) != Some(raw.id.as_str()) => {
                report.push(
                    file,
                    &item,
                    "granted_by",
                    format!("{} does not name this City in its `city` field", card.id),
                );
            }
            Some(_) => {}
        }
        let location = places(
            std::slice::from_ref(&raw.location),
            file,
            &item,
            "location",
            report,
        );
        out.push(CityCard {
            id: CityCardId::new(raw.id),
            name: raw.name,
            location: location
                .into_iter()
                .next()
                .unwrap_or_else(|| LocationId::new("")),
            granted_by: CrownCardId::new(raw.granted_by),
            prestige: raw.prestige,
            source: raw.source,
        });
    }
    for card in crown {
        if let Some(city) = &card.city
            && !out.iter().any(|c| &c.id == city && c.granted_by == card.id)
        {
            report.push(
                data::CROWN,
                card.id.as_str(),
                "city",
                format!("{city} is not granted by this card"),
            );
        }
    }
    out.sort_by_key(|a| a.id);
    out
}

fn load_royals(files: &DataFiles, report: &mut Report) -> Vec<Royal> {
    let file = data::ROYALS;
    let Some(table) = read_table(files, file, &["royal"], report) else {
        return Vec::new();
    };
    let raws = items::<RawRoyal>(&table, "royal", file, report);
    let seen = item_ids(&table, "royal");
    let expected: Vec<String> = (1..=7).map(|n| format!("R{n:02}")).collect();
    check_id_set(&seen, &expected, file, report);
    let mut out = Vec::new();
    for (item, raw) in raws {
        check_source(&raw.source, file, &item, report);
        if numbered(&raw.id, "R", 2).is_none_or(|n| n == 0 || n > 7) {
            report.push(file, &item, "id", "a Royal id is R01 to R07 (001 L334)");
        }
        let house = match raw.house.as_str() {
            "lancaster" => House::Lancaster,
            "york" => House::York,
            other => {
                report.push(
                    file,
                    &item,
                    "house",
                    format!("unknown house `{other}`; expected lancaster or york"),
                );
                continue;
            }
        };
        let start = places(
            std::slice::from_ref(&raw.start),
            file,
            &item,
            "start",
            report,
        );
        let castles = places(&raw.castles, file, &item, "castles", report);
        out.push(Royal {
            id: RoyalId::new(raw.id),
            name: raw.name,
            house,
            rank: raw.rank,
            start: start
                .into_iter()
                .next()
                .unwrap_or_else(|| LocationId::new("")),
            crowned_at_start: raw.crowned_at_start,
            castles,
            source: raw.source,
        });
    }
    out.sort_by_key(|a| a.id);
    for house in [House::Lancaster, House::York] {
        let mut ranks: Vec<u32> = out
            .iter()
            .filter(|r| r.house == house)
            .map(|r| r.rank)
            .collect();
        ranks.sort_unstable();
        let wanted: Vec<u32> = (1..=u32::try_from(ranks.len()).unwrap_or(0)).collect();
        if ranks != wanted {
            report.push(
                file,
                "-",
                "rank",
                format!("the {house:?} ranks must be 1, 2, ... without gaps: {ranks:?}"),
            );
        }
    }
    let crowned: Vec<&str> = out
        .iter()
        .filter(|r| r.crowned_at_start)
        .map(|r| r.id.as_str())
        .collect();
    if crowned != ["R01"] {
        report.push(
            file,
            "-",
            "crowned_at_start",
            format!("only Henry VI (R01) starts crowned (001 L461), found {crowned:?}"),
        );
    }
    out
}

fn load_majors(files: &DataFiles, report: &mut Report, prestige: &PrestigeTable) -> Vec<MajorCard> {
    let file = data::MAJORS;
    let Some(table) = read_table(files, file, &["major"], report) else {
        return Vec::new();
    };
    let raws = items::<RawMajor>(&table, "major", file, report);
    let seen = item_ids(&table, "major");
    let expected: Vec<String> = (1..=8).map(|n| format!("MB{n:02}")).collect();
    check_id_set(&seen, &expected, file, report);
    let mut out = Vec::new();
    for (item, raw) in raws {
        check_source(&raw.source, file, &item, report);
        if numbered(&raw.id, "MB", 2).is_none_or(|n| n == 0 || n > 8) {
            report.push(
                file,
                &item,
                "id",
                "a Major card id is MB01 to MB08 (001 L334)",
            );
        }
        let (kind, wanted) = match raw.kind.as_str() {
            "battle" => (MajorKind::Battle, prestige.major_battle),
            "siege" => (MajorKind::Siege, prestige.major_siege),
            other => {
                report.push(
                    file,
                    &item,
                    "kind",
                    format!("unknown kind `{other}`; expected battle or siege"),
                );
                continue;
            }
        };
        if raw.prestige != wanted {
            report.push(
                file,
                &item,
                "prestige",
                format!("must be {wanted}, as in tables.toml [prestige]"),
            );
        }
        out.push(MajorCard {
            id: MajorCardId::new(raw.id),
            name: raw.name,
            kind,
            prestige: raw.prestige,
            source: raw.source,
        });
    }
    out.sort_by_key(|a| a.id);
    out
}

/// A castle a Royal card gives must not also be controlled by a Crown card: control of one place
/// follows one card.
fn check_royal_castles(royals: &[Royal], crown: &[CrownCard], report: &mut Report) {
    for royal in royals {
        for castle in &royal.castles {
            if let Some(card) = crown.iter().find(|c| c.locations.contains(castle)) {
                report.push(
                    data::ROYALS,
                    royal.id.as_str(),
                    "castles",
                    format!(
                        "`{castle}` is already controlled by the Crown card {}",
                        card.id
                    ),
                );
            }
        }
    }
}
