//! [`Clock`]: round, turn, active faction, phase and step — the summary used by timelines.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::FactionIdx;

/// The six phases of a turn (7.02), plus set-up and the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first turn.
    Setup,
    /// 8: Event Phase.
    Event,
    /// 9: Movement Phase.
    Movement,
    /// 10: Combat Phase.
    Combat,
    /// 12: Parliament Phase.
    Parliament,
    /// 13: Coronation Phase.
    Coronation,
    /// 14: End of Turn Phase (steps 1–5).
    EndOfTurn,
    /// The game has ended.
    GameOver,
}

impl Phase {
    /// The phase after this one within a turn (`EndOfTurn` wraps to `Event`).
    pub fn next(self) -> Phase {
        match self {
            Phase::Setup => Phase::Event,
            Phase::Event => Phase::Movement,
            Phase::Movement => Phase::Combat,
            Phase::Combat => Phase::Parliament,
            Phase::Parliament => Phase::Coronation,
            Phase::Coronation => Phase::EndOfTurn,
            Phase::EndOfTurn => Phase::Event,
            Phase::GameOver => Phase::GameOver,
        }
    }

    /// Plain-English name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Set-up",
            Phase::Event => "Event Phase",
            Phase::Movement => "Movement Phase",
            Phase::Combat => "Combat Phase",
            Phase::Parliament => "Parliament Phase",
            Phase::Coronation => "Coronation Phase",
            Phase::EndOfTurn => "End of Turn Phase",
            Phase::GameOver => "game over",
        }
    }
}

/// Where the game stands: round (from 1), the turn's position in the order, the active
/// faction, the phase and the step within it (End of Turn has steps 1–5; others use 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Clock {
    /// Round number, 1 first (7.01).
    pub round: u32,
    /// Position of the active faction in the turn order.
    pub turn: u8,
    /// The active faction.
    pub active: FactionIdx,
    /// The phase.
    pub phase: Phase,
    /// The step within the phase.
    pub step: u8,
}
