//! Friends' boards: each day's pasted share lines, each kept once (by its code, or its words)
//! with what checking it found, as the service wrote it (opaque JSON here). Side data like a
//! game's summary: not part of any game's history.

use rusqlite::params;

use super::error::StoreResult;
use super::log::EventLog;

impl EventLog {
    /// Keeps `entry` on `date`'s board under `key`; a key already there keeps its first entry.
    /// Whether it was new.
    pub fn board_put(&mut self, date: &str, key: &str, entry: &str) -> StoreResult<bool> {
        let added = self.connection().execute(
            "INSERT OR IGNORE INTO board (date, key, entry) VALUES (?1, ?2, ?3)",
            params![date, key, entry],
        )?;
        Ok(added == 1)
    }

    /// Every entry on `date`'s board, in the order of their keys.
    pub fn board(&self, date: &str) -> StoreResult<Vec<String>> {
        let mut statement = self
            .connection()
            .prepare("SELECT entry FROM board WHERE date = ?1 ORDER BY key")?;
        let rows = statement.query_map(params![date], |row| row.get::<_, String>(0))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Every board entry of every day, as `(date, entry)`, oldest day first.
    pub fn boards(&self) -> StoreResult<Vec<(String, String)>> {
        let mut statement = self
            .connection()
            .prepare("SELECT date, entry FROM board ORDER BY date, key")?;
        let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_keeps_each_key_once_per_day() {
        let mut log = EventLog::open_in_memory().unwrap();
        assert!(log.board_put("2026-11-26", "W2-a", "{\"n\":1}").unwrap());
        assert!(!log.board_put("2026-11-26", "W2-a", "{\"n\":2}").unwrap());
        assert!(log.board_put("2026-11-27", "W2-a", "{\"n\":3}").unwrap());
        assert_eq!(log.board("2026-11-26").unwrap(), vec!["{\"n\":1}"]);
        assert_eq!(log.boards().unwrap().len(), 2);
        assert!(log.board("2026-11-25").unwrap().is_empty());
    }
}
