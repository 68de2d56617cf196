//! Winning and losing (§15): [`Outcome`], the Royalty Victory, everyone losing when no Royal
//! survives (Z33 order), the Prestige Victory deadline, and the Minor Victory at a time limit.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::state::{RoyalPlace, State};

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

/// Checks the immediate end conditions after any change (Z33): all Royals dead, then the
/// Royalty Victory (15.02).
pub fn immediate(content: &Content, state: &State) -> Option<Outcome> {
    let _ = content;
    let living: Vec<_> = state
        .royals
        .iter()
        .filter(|(_, r)| !matches!(r.place, RoyalPlace::Dead))
        .collect();
    if living.is_empty() {
        return Some(Outcome {
            kind: VictoryKind::AllLose,
            winners: Vec::new(),
        });
    }
    if let [(id, royal)] = living.as_slice()
        && royal.crowned
        && let Some(faction) = state.royal_controller(id)
    {
        return Some(Outcome {
            kind: VictoryKind::Royalty,
            winners: state.team(faction),
        });
    }
    None
}

/// The Minor Victory at the time limit (15.08), Alliances ignored: the faction with the most
/// Prestige of its own wins; on a tie for the most, the faction controlling the Chancellor of
/// England wins alone whatever its own Prestige (tied or not: the rule says regardless of
/// Prestige points), and with no Chancellor of England in play the tied factions share it.
pub fn minor(content: &Content, state: &State) -> Outcome {
    let best = state.factions.iter().map(|f| f.prestige).max().unwrap_or(0);
    let tied: Vec<FactionIdx> = (0..state.players())
        .filter(|&i| state.factions[i].prestige == best)
        .map(|i| i as FactionIdx)
        .collect();
    if tied.len() > 1
        && let Some(chancellor) = crate::rules::prestige::chancellor_faction(content, state)
    {
        return Outcome {
            kind: VictoryKind::MinorPrestige,
            winners: vec![chancellor],
        };
    }
    Outcome {
        kind: VictoryKind::MinorPrestige,
        winners: tied,
    }
}
