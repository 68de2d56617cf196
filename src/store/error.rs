//! Errors of the event log. Technical failures (SQLite, JSON) are kept apart from the
//! conditions a caller acts on (a stale sequence number, an unknown game, a broken chain).

/// What can go wrong reading or writing the log.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed (disk, locking, corruption).
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored payload or option blob is not valid JSON.
    #[error("stored JSON is unreadable: {0}")]
    Json(#[from] serde_json::Error),
    /// The caller's view of the game is out of date: someone appended since.
    #[error("stale command: expected the log to end at seq {expected}, but it ends at {actual}")]
    StaleSeq {
        /// The last seq the caller saw.
        expected: u64,
        /// The last seq actually stored.
        actual: u64,
    },
    /// No game with this id.
    #[error("there is no game {0}")]
    UnknownGame(i64),
    /// The database was written by a newer Warwick.
    #[error("the database has schema version {found}, newer than this Warwick knows ({known})")]
    TooNew {
        /// `user_version` found.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// A seq past the end of a game's history.
    #[error("game {game} has no seq {seq}: its history ends at seq {last}")]
    BeyondEnd {
        /// The game.
        game: i64,
        /// The seq asked for.
        seq: u64,
        /// Where the history ends.
        last: u64,
    },
    /// A database file could not be opened or is not a database: which, and why.
    #[error("the games database {path} cannot be used: {reason}")]
    File {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The day's scored attempt is another game already.
    #[error("the daily challenge of {0} already has its scored attempt")]
    DailyTaken(String),
    /// A game that may not be deleted (a day's scored attempt, a game a branch continues).
    #[error("game {game} cannot be deleted: {reason}")]
    Kept {
        /// The game.
        game: i64,
        /// Why it is kept.
        reason: String,
    },
    /// The hash chain does not hold at some event.
    #[error("the log of game {game} is broken at seq {seq}: {reason}")]
    ChainBroken {
        /// The game.
        game: i64,
        /// The first event that does not verify.
        seq: u64,
        /// What is wrong there.
        reason: String,
    },
}

/// Result of a store operation.
pub type StoreResult<T> = Result<T, StoreError>;
