//! Raw serde structs: the data files exactly as written, before validation. Unknown fields are
//! errors. Kinds (`type`, `house`, `kind`) and zones stay strings here so that validation can
//! name a wrong value with its item and field.

use serde::Deserialize;

/// One `[[card]]` of `cards/crown.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCrownCard {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub card_type: String,
    #[serde(default)]
    pub archbishop: bool,
    #[serde(default)]
    pub troops: u32,
    #[serde(default)]
    pub bonus: Option<RawBonus>,
    #[serde(default)]
    pub noble: Option<String>,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub locations: Vec<String>,
    #[serde(default)]
    pub ships: Vec<RawShip>,
    #[serde(default)]
    pub city: Option<String>,
    pub prestige: u32,
    pub source: String,
}

/// A bracketed regional bonus.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBonus {
    pub troops: u32,
    pub zone: String,
}

/// A Ship piece granted by a card.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawShip {
    pub id: String,
    pub name: String,
    pub home_port: String,
    pub capacity: u32,
}

/// One `[[royal]]` of `cards/royals.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRoyal {
    pub id: String,
    pub name: String,
    pub house: String,
    pub rank: u32,
    pub start: String,
    #[serde(default)]
    pub crowned_at_start: bool,
    #[serde(default)]
    pub castles: Vec<String>,
    pub source: String,
}

/// One `[[city]]` of `cards/cities.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCity {
    pub id: String,
    pub name: String,
    pub location: String,
    pub granted_by: String,
    pub prestige: u32,
    pub source: String,
}

/// One `[[major]]` of `cards/majors.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMajor {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub prestige: u32,
    pub source: String,
}

/// One `[[faction]]` of `cards/factions.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFaction {
    pub id: String,
    pub name: String,
    pub players: u32,
    #[serde(default)]
    pub start_player: bool,
    pub source: String,
    pub noble: Vec<RawFactionNoble>,
}

/// A Noble of a pre-set Faction and the cards awarded to it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFactionNoble {
    pub card: String,
    #[serde(default)]
    pub awards: Vec<String>,
}
