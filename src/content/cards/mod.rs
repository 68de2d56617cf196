//! Crown cards, Royal pieces and cards, City cards, Major Battle/Siege cards, pre-set Faction
//! cards and the game's tables (data under `data/cards/`). This module only declares its parts
//! and re-exports the public ones.

mod data;
mod factions;
mod model;
mod parse;
mod raw;
mod tables;
mod validate;
mod validate_tables;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_broken;

pub use super::ids::ShipId;
pub use data::FILES;
pub use model::{
    Bonus, CardType, Cards, CityCard, CrownCard, Faction, FactionNoble, House, MajorCard,
    MajorKind, Royal, Ship,
};
pub use tables::{
    AlternativeSetup, AlternativeSetupByPlayers, BishopSeniority, EventDeckByPlayers,
    EventDeckTable, OddsStep, PrestigeTable, PrestigeVictory, Tables, TimeLimit, TwoPlayer,
};
