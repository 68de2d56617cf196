//! The card data files, embedded at compile time, and their paths relative to `data/`.

/// Crown cards C01–C74.
pub(super) const CROWN: &str = "cards/crown.toml";
/// Royal pieces and cards R01–R07.
pub(super) const ROYALS: &str = "cards/royals.toml";
/// City cards.
pub(super) const CITIES: &str = "cards/cities.toml";
/// Major Battle / Major Siege cards.
pub(super) const MAJORS: &str = "cards/majors.toml";
/// Pre-set Faction cards F01–F14.
pub(super) const FACTIONS: &str = "cards/factions.toml";
/// Prestige, odds, set-up and other tables.
pub(super) const TABLES: &str = "cards/tables.toml";

/// Data files of the cards and tables, embedded at compile time (path relative to `data/`,
/// text).
pub const FILES: &[(&str, &str)] = &[
    (CROWN, include_str!("../../../data/cards/crown.toml")),
    (ROYALS, include_str!("../../../data/cards/royals.toml")),
    (CITIES, include_str!("../../../data/cards/cities.toml")),
    (MAJORS, include_str!("../../../data/cards/majors.toml")),
    (FACTIONS, include_str!("../../../data/cards/factions.toml")),
    (TABLES, include_str!("../../../data/cards/tables.toml")),
];
