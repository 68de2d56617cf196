//! [`Setup`]: how a game is started (players, seats, set-up kind, 2-player variant, time
//! limit, rulings, seed), and the set-up procedures that produce the opening events.

mod controlled_random;
mod event_deck;
mod preset;
pub mod two_player;

use serde::{Deserialize, Serialize};

use crate::content::EventCardId;
use crate::rules::options::Options;

pub use controlled_random::controlled_random;
pub use event_deck::build_event_deck;
pub use preset::preset;
pub use two_player::neutral_towns;

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The player's or bot's name.
    pub name: String,
    /// The faction colour.
    pub colour: String,
}

/// Which set-up to use (3.01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupKind {
    /// Pre-set Faction cards (§3).
    Preset,
    /// The controlled-random set-up, steps A–H (§5).
    ControlledRandom,
}

/// How a game is started. Persisted as the first record of a game's log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// 2–5.
    pub players: u8,
    /// One per player, in clockwise seat order.
    pub seats: Vec<Seat>,
    /// Pre-set or controlled random.
    pub kind: SetupKind,
    /// The recommended 2-player changes (§4).
    pub two_player_variant: bool,
    /// The optional time limit, in rounds (6.01); `None` = no limit.
    pub time_limit_rounds: Option<u32>,
    /// The rulings.
    pub options: Options,
    /// The game's random seed.
    pub seed: u64,
    /// The rules version the game is played under (fixed at creation; see
    /// [`crate::rules::version`]). Left out when 1, so the set-ups of games made before it was
    /// recorded read and hash as they did.
    #[serde(
        default = "first_rules_version",
        skip_serializing_if = "is_first_rules_version"
    )]
    pub rules_version: u32,
}

fn first_rules_version() -> u32 {
    crate::rules::FIRST_RULES_VERSION
}

fn is_first_rules_version(version: &u32) -> bool {
    *version == crate::rules::FIRST_RULES_VERSION
}

impl Setup {
    /// A default set-up: pre-set Factions, standard seats, no time limit.
    pub fn new(players: u8, seed: u64) -> Setup {
        const COLOURS: [&str; 5] = ["red", "blue", "green", "yellow", "black"];
        let seats = (0..players)
            .map(|i| Seat {
                name: format!("Player {}", i + 1),
                colour: COLOURS[usize::from(i) % COLOURS.len()].to_owned(),
            })
            .collect();
        Setup {
            players,
            seats,
            kind: SetupKind::Preset,
            two_player_variant: players == 2,
            time_limit_rounds: None,
            options: Options::default(),
            seed,
            rules_version: crate::rules::RULES_VERSION,
        }
    }
}

/// One position of the Event deck: a card, or the Prestige Victory tile (3.24).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventSlot {
    /// An Event card.
    Card {
        /// The card.
        card: EventCardId,
    },
    /// The Prestige Victory tile.
    PrestigeTile,
}
