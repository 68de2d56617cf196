//! The SQLite event log: the single source of truth for every game.
//!
//! Owns the schema (append-only migrations tracked with `user_version`), appending events in one
//! transaction per command with an expected-sequence check, reading them back, and verifying the
//! hash chain. Events are never updated or deleted (triggers abort both). Must not hold rule
//! logic: it stores what the rules engine decided, as opaque kind + version + JSON payload.

mod board;
mod checkpoint;
mod error;
mod file;
mod hash;
mod log;
pub mod schema;
mod shelf;
mod verify;

pub use error::{StoreError, StoreResult};
pub use file::{LOG_FORMAT, LOG_FORMAT_VERSION, LogFile, LogFileError, LogHeader};
pub use hash::{GENESIS_HASH, event_hash};
pub use log::{EventLog, GameId, GameRecord, Listed, NewEvent, StoredEvent, StoredSummary};
pub use schema::{MIGRATIONS, SCHEMA_VERSION};
pub use shelf::kept_reason;
pub use verify::{verify_end, verify_events};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_shelf;
