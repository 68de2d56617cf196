//! [`Outcome`]: how a finished game ended and who won (§15), as the state records it. The
//! rules that decide it are in `victory`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::FactionIdx;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum VictoryKind {
    /// The last surviving Royal, crowned and controlled (15.02).
    Royalty,
    /// A faction alone held the Prestige Victory card to its deadline (15.06).
    Prestige,
    /// An Alliance held it (15.06).
    SharedPrestige,
    /// The time limit expired (15.08).
    MinorPrestige,
    /// Every Royal piece died: everyone loses (15.09).
    AllLose,
    /// A person resigned the game: a loss for them, the other factions left standing. Not a
    /// rule of the board game: the service records it (`Resigned` row), never the rules.
    Resigned,
}

impl VictoryKind {
    /// The stable key.
    pub fn key(self) -> &'static str {
        match self {
            VictoryKind::Royalty => "royalty",
            VictoryKind::Prestige => "prestige",
            VictoryKind::SharedPrestige => "shared_prestige",
            VictoryKind::MinorPrestige => "minor_prestige",
            VictoryKind::AllLose => "all_lose",
            VictoryKind::Resigned => "resigned",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Outcome {
    /// How it ended.
    pub kind: VictoryKind,
    /// The winners (empty when everyone loses).
    pub winners: Vec<FactionIdx>,
}
