//! Putting saved games away: archiving a game (out of the list, kept whole) and bringing it
//! back, and deleting a whole game. Deleting goes through the `deleting` table the
//! append-only guards consult, in one transaction, so it removes every row of one game or
//! none; the guards refuse a day's scored attempt and a game a branch continues.

use rusqlite::{TransactionBehavior, params};

use super::error::{StoreError, StoreResult};
use super::log::{EventLog, GameId};

impl EventLog {
    /// Archives a game (`archived`) or brings it back to the list; the game itself is not
    /// touched. `at` is when (RFC 3339).
    pub fn set_archived(&mut self, game: GameId, archived: bool, at: &str) -> StoreResult<()> {
        self.head(game)?;
        if archived {
            self.connection().execute(
                "INSERT OR IGNORE INTO archived (game_id, at) VALUES (?1, ?2)",
                params![game, at],
            )?;
        } else {
            self.connection()
                .execute("DELETE FROM archived WHERE game_id = ?1", [game])?;
        }
        Ok(())
    }

    /// Why a game may not be deleted, if it may not ([`kept_reason`]).
    pub fn delete_refused(&self, game: GameId) -> StoreResult<Option<String>> {
        self.head(game)?;
        let (scored, branched): (bool, bool) = self.connection().query_row(
            "SELECT EXISTS (SELECT 1 FROM daily_scored WHERE game_id = ?1), \
             EXISTS (SELECT 1 FROM games WHERE parent_id = ?1)",
            [game],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(kept_reason(scored, branched))
    }

    /// Deletes a whole game: its events, head, summary, archive mark and record, in one
    /// transaction. A game that may not be deleted is refused ([`StoreError::Kept`]).
    pub fn delete_game(&mut self, game: GameId) -> StoreResult<()> {
        if let Some(reason) = self.delete_refused(game)? {
            return Err(StoreError::Kept { game, reason });
        }
        let tx = self
            .connection_mut()
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute("INSERT INTO deleting (game_id) VALUES (?1)", [game])?;
        for sql in [
            "DELETE FROM summaries WHERE game_id = ?1",
            "DELETE FROM archived WHERE game_id = ?1",
            "DELETE FROM events WHERE game_id = ?1",
            "DELETE FROM heads WHERE game_id = ?1",
            "DELETE FROM games WHERE id = ?1",
            "DELETE FROM deleting WHERE game_id = ?1",
        ] {
            tx.execute(sql, [game])?;
        }
        tx.commit()?;
        Ok(())
    }
}

/// Why a game may not be deleted, if it may not: it is its day's scored attempt (the day's
/// one attempt and its record in the history), or a branch continues its history.
pub fn kept_reason(scored_day: bool, branched: bool) -> Option<String> {
    if scored_day {
        Some("a day's scored attempt stays in your history: archive it instead".to_owned())
    } else if branched {
        Some("a branch continues this game: delete the branch first".to_owned())
    } else {
        None
    }
}
