//! The saved games list: a summary of where each game stands (round, who is awaited, whether
//! it has ended), stored beside its rows in the same transaction, so listing a thousand games
//! reads a row per game and replays none. A game whose summary is missing or behind its history
//! (one stored before summaries existed) is listed from what its record alone says. Must not
//! replay games or hold rule logic.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::{FactionIdx, awaiting, outcome};
use crate::store::{GameId, Listed};

use super::core::{Service, Session};
use super::error::ServiceResult;
use super::new_game::{Mode, SeatPlayer};

/// What is stored of where a game stands (and who plays it, so listing needs nothing else).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct GameSummaryRow {
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The round it is in.
    pub round: u32,
    /// The seats that may act now.
    pub awaiting: Vec<FactionIdx>,
    /// Whether it has ended.
    pub ended: bool,
}

impl GameSummaryRow {
    /// The summary of a loaded game.
    pub fn of(session: &Session) -> GameSummaryRow {
        let state = session.history.current();
        GameSummaryRow {
            seats: session.options.seats.clone(),
            round: state.clock.round,
            awaiting: awaiting(state),
            ended: outcome(state).is_some(),
        }
    }

    /// As stored.
    pub fn encode(&self) -> ServiceResult<String> {
        Ok(serde_json::to_string(self)?)
    }
}

/// A stored game, for the list of saved games.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameSummary {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// When it was created (RFC 3339).
    pub created: String,
    /// Its undo policy.
    pub mode: Mode,
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The game's seed.
    #[ts(type = "number")]
    pub seed: u64,
    /// The game and seq it was branched from.
    #[ts(type = "[number, number] | null")]
    pub parent: Option<(GameId, u64)>,
    /// The seq its history ends at.
    #[ts(type = "number")]
    pub head: u64,
    /// The round it is in.
    pub round: u32,
    /// The seats that may act now.
    pub awaiting: Vec<FactionIdx>,
    /// Whether it has ended.
    pub ended: bool,
    /// Whether this Warwick can open it (false for a game stored by an earlier version, or
    /// one whose record is unreadable).
    pub playable: bool,
}

impl Service {
    /// Every stored game, newest first, from the stored summaries (no game is replayed).
    pub fn list_games(&self) -> ServiceResult<Vec<GameSummary>> {
        let listed = self.with_db(|log| Ok(log.list()?))?;
        Ok(listed.into_iter().map(summarize).collect())
    }
}

fn summarize(listed: Listed) -> GameSummary {
    let stored = listed
        .summary
        .filter(|s| s.head == listed.head)
        .and_then(|s| serde_json::from_str::<GameSummaryRow>(&s.summary).ok());
    let mode = Mode::parse(&listed.mode);
    let playable = mode.is_some() && stored.is_some();
    let stored = stored.unwrap_or(GameSummaryRow {
        seats: Vec::new(),
        round: 0,
        awaiting: Vec::new(),
        ended: false,
    });
    GameSummary {
        game: listed.id,
        created: listed.created,
        mode: mode.unwrap_or(Mode::Casual),
        seats: stored.seats,
        seed: listed.seed,
        parent: listed.parent,
        head: listed.head,
        round: stored.round,
        awaiting: stored.awaiting,
        ended: stored.ended,
        playable,
    }
}
