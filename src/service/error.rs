//! Errors the service returns. They serialize as `{ code, message }` so the UI can branch on a
//! stable code and show the message; a refusal by the rules adds `rule`, the section of the
//! rules reference that explains it.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::rules::RuleError;
use crate::store::{LogFileError, StoreError};

/// What can go wrong in a service call.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The request named something the service does not know.
    #[error("unknown request: {0}")]
    UnknownRequest(String),
    /// The request body could not be read.
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The game data built into this binary is broken (a build problem, not a player's).
    #[error("{0}")]
    InvalidContent(String),
    /// The database failed or is unavailable.
    #[error("{0}")]
    Store(StoreError),
    /// The database could not be opened or a previous call broke it.
    #[error("the game database is unavailable: {0}")]
    Unavailable(String),
    /// No such game.
    #[error("there is no game {0}")]
    UnknownGame(i64),
    /// The caller's view is out of date.
    #[error("stale request: you saw the game up to seq {expected}, but it is now at seq {actual}")]
    Stale {
        /// What the caller saw.
        expected: u64,
        /// Where the game is.
        actual: u64,
    },
    /// The rules refuse the command.
    #[error("{0}")]
    Rule(#[from] RuleError),
    /// The rules refuse a player's command; the message names things as players read them.
    #[error("{message}")]
    Refused {
        /// Why, as the rules say it.
        error: RuleError,
        /// The same, in words for players.
        message: String,
    },
    /// The seat may not act through this call (a bot's seat, not its turn, no such seat).
    #[error("{0}")]
    NotYours(String),
    /// Undo is not allowed here.
    #[error("cannot undo: {0}")]
    Undo(String),
    /// A seq that cannot be used (past the end, inside a command's events).
    #[error("{0}")]
    BadSeq(String),
    /// The log was made by another rules or content version.
    #[error("{0}")]
    Version(String),
    /// The log does not verify: where and why.
    #[error("the log does not verify: {0}")]
    Verify(String),
    /// A bot had no legal command (a rules bug).
    #[error("the game is stuck: {0}")]
    Stuck(String),
    /// The database is busy with another writer (another Warwick on the same file): the same
    /// call may simply be tried again.
    #[error("the game database is busy, try again: {0}")]
    Busy(String),
    /// The request or the log it carries is larger than Warwick accepts.
    #[error("{0}")]
    TooLarge(String),
    /// A replay code cannot be read: not a code, altered, cut short.
    #[error("{0}")]
    BadCode(String),
    /// A replay code reads, but its game does not bear it out.
    #[error("{0}")]
    CodeRefused(String),
    /// A folder or file of Warwick's (settings, the games folder) could not be read or written.
    #[error("a folder or file could not be used: {0}")]
    Folder(String),
    /// Every place to check a code or a log is taken: the same call may be tried again soon.
    #[error("{0}")]
    Queue(String),
    /// The caller gave the work up (it went away) before it was done.
    #[error("{0}")]
    Cancelled(String),
    /// A game (or the database holding it) is damaged: what and where. It is not served.
    #[error("{0}")]
    Damaged(String),
}

/// The largest log file (its text, in bytes) that export writes and import or verify read.
/// Both sides share it so that every exported game can be imported again.
pub const MAX_LOG_BYTES: usize = 32 * 1024 * 1024;

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::StaleSeq { expected, actual } => ServiceError::Stale { expected, actual },
            StoreError::UnknownGame(id) => ServiceError::UnknownGame(id),
            StoreError::ChainBroken { .. } => ServiceError::Verify(error.to_string()),
            StoreError::BeyondEnd { .. } => ServiceError::BadSeq(error.to_string()),
            StoreError::Kept { .. } => ServiceError::NotYours(error.to_string()),
            StoreError::Sqlite(error) if is_busy(&error) => ServiceError::Busy(error.to_string()),
            other => ServiceError::Store(other),
        }
    }
}

impl From<rusqlite::Error> for ServiceError {
    fn from(error: rusqlite::Error) -> Self {
        ServiceError::from(StoreError::Sqlite(error))
    }
}

/// Whether SQLite gave up waiting for another connection's lock.
fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

impl From<LogFileError> for ServiceError {
    fn from(error: LogFileError) -> Self {
        ServiceError::Verify(error.to_string())
    }
}

impl From<serde_json::Error> for ServiceError {
    fn from(error: serde_json::Error) -> Self {
        ServiceError::Store(StoreError::Json(error))
    }
}

impl ServiceError {
    /// A stable machine-readable code: for a refusal by the rules, the rule's own reason
    /// (`card_not_in_hand`, `already_moved`, …).
    pub fn code(&self) -> &'static str {
        match self {
            ServiceError::UnknownRequest(_) => "unknown_request",
            ServiceError::BadRequest(_) => "bad_request",
            ServiceError::InvalidContent(_) => "invalid_content",
            ServiceError::Store(_) => "store",
            ServiceError::Unavailable(_) => "unavailable",
            ServiceError::UnknownGame(_) => "unknown_game",
            ServiceError::Stale { .. } => "stale",
            ServiceError::Rule(error) | ServiceError::Refused { error, .. } => error.code(),
            ServiceError::NotYours(_) => "not_yours",
            ServiceError::Undo(_) => "undo_refused",
            ServiceError::BadSeq(_) => "bad_seq",
            ServiceError::Version(_) => "version",
            ServiceError::Verify(_) => "verify",
            ServiceError::Stuck(_) => "stuck",
            ServiceError::Busy(_) => "busy",
            ServiceError::TooLarge(_) => "too_large",
            ServiceError::BadCode(_) => "bad_code",
            ServiceError::CodeRefused(_) => "code_refused",
            ServiceError::Folder(_) => "folder",
            ServiceError::Queue(_) => "busy",
            ServiceError::Cancelled(_) => "cancelled",
            ServiceError::Damaged(_) => "damaged",
        }
    }
}

impl Serialize for ServiceError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rule = match self {
            ServiceError::Rule(error) | ServiceError::Refused { error, .. } => {
                Some(crate::help::rule_for(error).0)
            }
            _ => None,
        };
        let mut s = serializer.serialize_struct("ServiceError", 3)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("message", &self.to_string())?;
        // A refusal by the rules names its rule: a section of the rules reference (`help`).
        if let Some(rule) = rule {
            s.serialize_field("rule", &rule)?;
        }
        s.end()
    }
}

/// Result of a service call.
pub type ServiceResult<T> = Result<T, ServiceError>;
