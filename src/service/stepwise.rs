//! Playing step by step, for the UI: create a game without letting the bots act yet, give a
//! person's command without running the bots after it, let the bots give one command at a time
//! (so the UI can show their progress, at its own speed, and pause), and list the stored games
//! so they can be resumed. Must not hold rule logic; reuses `play`'s building blocks.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use std::collections::BTreeMap;

use crate::rules::{FactionIdx, awaiting, base_strength, outcome, strength};
use crate::store::GameId;

use super::core::Service;
use super::error::ServiceResult;
use super::new_game::{Mode, NewGame, SeatPlayer};
use super::play::{
    GameStatus, Submit, Submitted, create, expect_head, person_acts, run_bots, status, submitted,
};
use super::travel::{AtSeq, state_at_seq};

/// A request to let the bots give one command.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StepRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seq the player saw the game at; a stale seq is refused.
    #[ts(type = "number")]
    pub expected_last_seq: u64,
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
}

/// A Noble's troop strength: without and with the regional bonuses where it stands.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NobleStrength {
    /// Without regional bonuses.
    pub base: u32,
    /// With the bonuses that apply where it stands.
    pub total: u32,
}

impl Service {
    /// The troop strength of every Noble in play at a seq (the faction is ignored: strength
    /// is public).
    pub fn strengths(&self, request: &AtSeq) -> ServiceResult<BTreeMap<String, NobleStrength>> {
        self.with_games(|content, games| {
            let state = state_at_seq(content, games.session(content, request.game)?, request)?;
            Ok(state
                .nobles
                .keys()
                .map(|noble| {
                    let at = NobleStrength {
                        base: base_strength(content, &state, noble),
                        total: strength(content, &state, noble),
                    };
                    (noble.to_string(), at)
                })
                .collect())
        })
    }

    /// Creates a game and records its set-up, without letting the bots act (see `bot_step`).
    pub fn create_game_paused(&self, request: &NewGame) -> ServiceResult<GameStatus> {
        self.with_games(|content, games| {
            let game = create(content, games, request, &self.content_hash)?;
            status(content, games, game)
        })
    }

    /// Gives a person's command without letting the bots act after it (see `bot_step`).
    pub fn act(&self, request: &Submit) -> ServiceResult<Submitted> {
        self.with_games(|content, games| {
            let head = person_acts(content, games, request)?;
            submitted(content, games, request.game, head)
        })
    }

    /// Lets the bot that is awaited give one command (nothing when a person is awaited or the
    /// game has ended); returns the rows it appended.
    pub fn bot_step(&self, request: &StepRequest) -> ServiceResult<Submitted> {
        self.with_games(|content, games| {
            let session = games.session(content, request.game)?;
            let head = expect_head(session, request.expected_last_seq)?;
            run_bots(content, games, request.game, 1, None)?;
            submitted(content, games, request.game, head)
        })
    }

    /// Every stored game, newest first.
    pub fn list_games(&self) -> ServiceResult<Vec<GameSummary>> {
        self.with_games(|content, games| {
            let mut ids: Vec<GameId> = games.log.games()?.iter().map(|g| g.id).collect();
            ids.reverse();
            let mut out = Vec::with_capacity(ids.len());
            for game in ids {
                let session = games.session(content, game)?;
                let state = session.history.current();
                out.push(GameSummary {
                    game,
                    created: session.record.created.clone(),
                    mode: session.mode,
                    seats: session.options.seats.clone(),
                    seed: session.record.seed,
                    parent: session.record.parent,
                    head: session.history.head(),
                    round: state.clock.round,
                    awaiting: awaiting(state),
                    ended: outcome(state).is_some(),
                });
            }
            Ok(out)
        })
    }
}
