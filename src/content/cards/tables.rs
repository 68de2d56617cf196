//! The game's tables (`data/cards/tables.toml`): Prestige values and victory targets, the Table
//! of Odds, Event-deck construction, bishop seniority, the alternative set-up numbers, the
//! 2-player changes and the time-limit suggestion. The same structs are read from the file
//! (unknown fields are errors) and serialized into the export.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::super::ids::{CrownCardId, LocationId};

/// Every table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Tables {
    /// Prestige values (001 L1156-1191).
    pub prestige: PrestigeTable,
    /// Prestige Victory targets by player count.
    pub prestige_victory: Vec<PrestigeVictory>,
    /// Table of Odds steps, weakest first.
    pub odds: Vec<OddsStep>,
    /// Event-deck construction.
    pub event_deck: EventDeckTable,
    /// Archbishops and Bishops, most senior first.
    pub bishop_seniority: BishopSeniority,
    /// The "controlled random" set-up.
    pub alternative_setup: AlternativeSetup,
    /// The recommended 2-player changes.
    pub two_player: TwoPlayer,
    /// The optional time limit.
    pub time_limit: TimeLimit,
}

/// Prestige points per reason (001 L1162-1173). Values lost in the OCR are data, never code
/// (ruling Z01).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct PrestigeTable {
    /// Control of the sole crowned King (reconstructed).
    pub sole_crowned_king: u32,
    /// Control of one of two crowned Kings (reconstructed).
    pub one_of_two_crowned_kings: u32,
    /// Control of any single other Royal piece (reconstructed).
    pub other_royal: u32,
    /// Each Office.
    pub office: u32,
    /// Each Archbishop.
    pub archbishop: u32,
    /// Each City card.
    pub city: u32,
    /// Each Major Battle card.
    pub major_battle: u32,
    /// Each Major Siege card.
    pub major_siege: u32,
    /// Dominion over Religion bonus (reconstructed).
    pub dominion_religion: u32,
    /// Dominion over Cities bonus.
    pub dominion_cities: u32,
    /// Dominion over Government bonus (reconstructed).
    pub dominion_government: u32,
    /// Where the values come from.
    pub source: String,
}

/// Prestige Victory targets for one player count.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct PrestigeVictory {
    /// Player count.
    pub players: u32,
    /// `targets[n - 1]` is the target for an Alliance of n Factions; the length is the largest
    /// Alliance allowed.
    pub targets: Vec<u32>,
    /// Where the values come from.
    pub source: String,
}

/// One step of the Table of Odds: it applies when `larger * smaller_part >= smaller *
/// larger_part` (or `>` when `strict`), integers only (ruling Z17).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct OddsStep {
    /// The step's name on the Event cards (`5-4`, `majority`).
    pub step: String,
    /// Numerator of the ratio.
    pub larger_part: u32,
    /// Denominator of the ratio.
    pub smaller_part: u32,
    /// Whether the comparison is strict (Majority: more than 1).
    #[serde(default)]
    pub strict: bool,
    /// Where the values come from.
    pub source: String,
}

impl OddsStep {
    /// Whether a force of `larger` against `smaller` reaches this step.
    pub fn reached(&self, larger: u64, smaller: u64) -> bool {
        let lhs = larger * u64::from(self.smaller_part);
        let rhs = smaller * u64::from(self.larger_part);
        if self.strict { lhs > rhs } else { lhs >= rhs }
    }
}

/// How the Event deck is built (001 L504-530).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct EventDeckTable {
    /// Cards in the KII Event deck.
    pub total: u32,
    /// Clamour for Parliament cards, one per pile.
    pub clamours: u32,
    /// Free Move cards given to each player at the start.
    pub free_moves_per_player: u32,
    /// Piles the deck is built from.
    pub piles: u32,
    /// Where the values come from.
    pub source: String,
    /// Numbers per player count.
    pub by_players: Vec<EventDeckByPlayers>,
}

/// Event-deck numbers for one player count.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct EventDeckByPlayers {
    /// Player count.
    pub players: u32,
    /// Cards removed at random and set aside.
    pub removed: u32,
    /// Cards per pile before its Clamour is shuffled in.
    pub pile_size: u32,
    /// Event cards drawn in each Event Phase.
    pub draws_per_turn: u32,
    /// Where the values come from.
    pub source: String,
}

/// Archbishops and Bishops, most senior first (start player, 001 L542).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct BishopSeniority {
    /// The cards, most senior first.
    pub order: Vec<CrownCardId>,
    /// Where the values come from.
    pub source: String,
}

/// The alternative "controlled random" set-up (001 L552-587).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct AlternativeSetup {
    /// Cards put in the discard before dealing.
    pub held_out: Vec<CrownCardId>,
    /// Titled Nobles dealt to each player.
    pub deal_titled_nobles: u32,
    /// Untitled Nobles dealt to each player.
    pub deal_untitled_nobles: u32,
    /// Titles dealt to each player.
    pub deal_titles: u32,
    /// Offices dealt to each player.
    pub deal_offices: u32,
    /// Where the values come from.
    pub source: String,
    /// Numbers per player count.
    pub by_players: Vec<AlternativeSetupByPlayers>,
}

/// Alternative set-up numbers for one player count.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct AlternativeSetupByPlayers {
    /// Player count.
    pub players: u32,
    /// Cards dealt at random after the typed deal.
    pub random_cards: u32,
    /// Draw until the Faction's unbracketed troops reach this.
    pub band_low: u32,
    /// Discard while the Faction's unbracketed troops are at or above this.
    pub band_high: u32,
    /// Where the values come from.
    pub source: String,
}

/// The recommended 2-player changes (001 L548).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct TwoPlayer {
    /// Places held by a non-player Faction.
    pub neutral_locations: Vec<LocationId>,
    /// Crown cards moved from the Crown deck to the City-card pile.
    pub to_city_pile: Vec<CrownCardId>,
    /// Where the values come from.
    pub source: String,
}

/// The optional time limit (001 L591).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(deny_unknown_fields)]
pub struct TimeLimit {
    /// Minutes for any game.
    pub base_minutes: u32,
    /// Minutes added per player.
    pub per_player_minutes: u32,
    /// Where the values come from.
    pub source: String,
}
