//! Resigning: the person gives a game up. An appended `Resigned` row (a service record, like an
//! undo) ends the game as a loss for them, with its end screen and score, so the log, its
//! verification and the replay code all carry it. Owns who may resign and when: the game's own
//! person, in a game still going, never someone else's game kept to be watched. Must not hold
//! rule logic.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::FactionIdx;
use crate::store::GameId;

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::GameOptions;
use super::play::expect_head;
use super::records::{ResignedRecord, Row};
use super::seat_view::{GameStatus, status};

/// A request to resign a game.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ResignRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seq the player saw the game at.
    #[ts(type = "number")]
    pub expected_last_seq: u64,
}

/// Why the game's person may not resign it now, if they may not (for a live game and for
/// verification and replay codes alike).
pub(super) fn resign_refused(
    history: &History,
    options: &GameOptions,
    by: FactionIdx,
) -> Option<String> {
    if options.humans().first() != Some(&by) {
        return Some("only the game's person may resign it".to_owned());
    }
    if history.current().outcome.is_some() {
        return Some("the game has ended already".to_owned());
    }
    None
}

impl Service {
    /// Resigns the game for its person: it ends as their loss, scored as one.
    pub fn resign(&self, request: &ResignRequest) -> ServiceResult<GameStatus> {
        self.with_game(request.game, |g| {
            expect_head(g.session, request.expected_last_seq)?;
            if g.session.watched {
                return Err(ServiceError::NotYours(
                    "this game is someone else's, kept to be watched: it cannot be resigned"
                        .to_owned(),
                ));
            }
            let Some(by) = g.session.person() else {
                return Err(ServiceError::NotYours(
                    "this game is played by bots only: there is no one to resign it".to_owned(),
                ));
            };
            if let Some(reason) = resign_refused(&g.session.history, &g.session.options, by) {
                return Err(ServiceError::NotYours(format!("cannot resign: {reason}")));
            }
            g.append(vec![Row::Resigned(ResignedRecord { by })])?;
            status(g)
        })
    }
}
