//! Playing step by step, for the UI: create a game without letting the bots act yet, give a
//! person's command without running the bots after it, let the bots give one command at a time
//! (so the UI can show their progress, at its own speed, and pause), and every Noble's
//! strength. Must not hold rule logic; reuses `play`'s building blocks.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use std::collections::BTreeMap;

use crate::rules::{base_strength, strength};
use crate::store::GameId;

use super::core::Service;
use super::error::ServiceResult;
use super::new_game::NewGame;
use super::play::{BotBudget, expect_head, person_acts, run_bots};
use super::seat_view::{GameStatus, Submit, Submitted, status, submitted};
use super::travel::{AtSeq, state_at_seq};

/// A request to let the bots act.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct StepRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seq the player saw the game at; a stale seq is refused.
    #[ts(type = "number")]
    pub expected_last_seq: u64,
    /// `advance` only: pass the person's card windows where they hold nothing to play on the
    /// way, as the UI's setting asks (absent: false).
    #[serde(default)]
    #[ts(as = "Option<bool>", optional)]
    pub pass_empty_windows: bool,
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
        self.with_game(request.game, |g| {
            let state = state_at_seq(g.content, g.session, request)?;
            Ok(state
                .nobles
                .keys()
                .map(|noble| {
                    let at = NobleStrength {
                        base: base_strength(g.content, &state, noble),
                        total: strength(g.content, &state, noble),
                    };
                    (noble.to_string(), at)
                })
                .collect())
        })
    }

    /// Creates a game and records its set-up, without letting the bots act (see `bot_step`).
    pub fn create_game_paused(&self, request: &NewGame) -> ServiceResult<GameStatus> {
        let game = self.create(request)?;
        self.with_game(game, |g| status(g))
    }

    /// Gives a person's command without letting the bots act after it (see `bot_step`).
    pub fn act(&self, request: &Submit) -> ServiceResult<Submitted> {
        self.with_game(request.game, |g| {
            let head = person_acts(g, request)?;
            submitted(g, head)
        })
    }

    /// Lets the bot that is awaited give one command (nothing when a person is awaited or the
    /// game has ended); returns the rows it appended.
    pub fn bot_step(&self, request: &StepRequest) -> ServiceResult<Submitted> {
        self.with_game(request.game, |g| {
            let head = expect_head(g.session, request.expected_last_seq)?;
            run_bots(g, BotBudget::commands(1), None)?;
            submitted(g, head)
        })
    }
}
