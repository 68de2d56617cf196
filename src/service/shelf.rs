//! Putting saved games away: archiving a game out of the list of saved games (it stays whole
//! and in the player's history, and comes back when unarchived) and deleting a whole game.
//! A day's scored attempt is never deleted — it is the day's one attempt and its record in
//! the history and on friends' boards — nor a game a branch continues; the store refuses
//! both, and the list says why beside each game. Must not hold rule logic.

use chrono::{SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::store::GameId;

use super::core::Service;
use super::error::ServiceResult;

/// A request to archive a game, or to bring it back to the list.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ArchiveRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// Archive it (true) or bring it back (false).
    pub archived: bool,
}

impl Service {
    /// Archives a game or brings it back to the list; the game itself is not touched.
    pub fn archive_game(&self, request: &ArchiveRequest) -> ServiceResult<()> {
        let at = Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true);
        self.with_db(|log| Ok(log.set_archived(request.game, request.archived, &at)?))
    }

    /// Deletes a whole game, unless it is a day's scored attempt or a branch continues it.
    /// The game's lock is held meanwhile, so no call on it runs half before and half after,
    /// and its session leaves the cache.
    pub fn delete_game(&self, game: GameId) -> ServiceResult<()> {
        self.with_game_lock(game, || self.with_db(|log| Ok(log.delete_game(game)?)))?;
        super::core::lock(&self.damaged)?.remove(&game);
        Ok(())
    }
}
