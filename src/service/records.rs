//! How the service's records become rows of the store and back: a rules [`Event`], a
//! [`Command`] (who gave it and the hash of the state it was decided on) or an undo (the seq
//! range it cancels). Owns the row kinds and payload layouts. Must not append or replay.

use serde::{Deserialize, Serialize};

use crate::rules::{Command, EVENT_SCHEMA_VERSION, Event, FactionIdx};
use crate::store::{NewEvent, StoredEvent};

/// The row kind of a command.
pub const COMMAND_KIND: &str = "Command";
/// The row kind of an undo.
pub const UNDONE_KIND: &str = "Undone";
/// The schema version of command rows (commands are rules types, versioned with events).
pub const COMMAND_SCHEMA_VERSION: u32 = EVENT_SCHEMA_VERSION;
/// The schema version of undo rows (a service record).
pub const UNDONE_SCHEMA_VERSION: u32 = 1;

/// A command as recorded: who gave it, what, and the hash of the state it was decided on (so
/// a replay can check it reaches the same state before re-deciding it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CommandRecord {
    /// The seat that gave it.
    pub by: FactionIdx,
    /// The command.
    pub command: Command,
    /// `state_hash` of the state it was decided on.
    pub state: String,
}

/// An undo: the rows `from..=to` (a command and everything after it) no longer count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoneRecord {
    /// The first cancelled row: a command.
    pub from: u64,
    /// The last cancelled row: the end of the history when the undo was made.
    pub to: u64,
    /// The seat that asked for it.
    pub by: FactionIdx,
}

/// One decoded row.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    /// A rules event.
    Event(Event),
    /// A command, followed by the events it produced.
    Command(CommandRecord),
    /// An undo.
    Undone(UndoneRecord),
}

/// A row that cannot be decoded.
#[derive(Debug, thiserror::Error)]
#[error("seq {seq} ({kind}) cannot be read: {reason}")]
pub struct RowError {
    /// Its seq.
    pub seq: u64,
    /// Its kind.
    pub kind: String,
    /// What is wrong.
    pub reason: String,
}

impl Row {
    /// The row to append.
    pub fn encode(&self) -> Result<NewEvent, serde_json::Error> {
        Ok(match self {
            Row::Event(event) => NewEvent {
                kind: event.kind().to_owned(),
                schema_version: EVENT_SCHEMA_VERSION,
                payload: serde_json::to_string(event)?,
            },
            Row::Command(record) => NewEvent {
                kind: COMMAND_KIND.to_owned(),
                schema_version: COMMAND_SCHEMA_VERSION,
                payload: serde_json::to_string(record)?,
            },
            Row::Undone(record) => NewEvent {
                kind: UNDONE_KIND.to_owned(),
                schema_version: UNDONE_SCHEMA_VERSION,
                payload: serde_json::to_string(record)?,
            },
        })
    }

    /// Decodes a stored row, checking its kind and schema version.
    pub fn decode(stored: &StoredEvent) -> Result<Row, RowError> {
        let error = |reason: String| RowError {
            seq: stored.seq,
            kind: stored.kind.clone(),
            reason,
        };
        let expect = |version: u32| {
            if stored.schema_version == version {
                Ok(())
            } else {
                Err(error(format!(
                    "it has schema version {}, this Warwick reads version {version} and has \
                     no upgrade path for it",
                    stored.schema_version
                )))
            }
        };
        match stored.kind.as_str() {
            COMMAND_KIND => {
                expect(COMMAND_SCHEMA_VERSION)?;
                serde_json::from_str(&stored.payload)
                    .map(Row::Command)
                    .map_err(|e| error(e.to_string()))
            }
            UNDONE_KIND => {
                expect(UNDONE_SCHEMA_VERSION)?;
                serde_json::from_str(&stored.payload)
                    .map(Row::Undone)
                    .map_err(|e| error(e.to_string()))
            }
            _ => {
                expect(EVENT_SCHEMA_VERSION)?;
                let event: Event =
                    serde_json::from_str(&stored.payload).map_err(|e| error(e.to_string()))?;
                if event.kind() != stored.kind {
                    return Err(error(format!("its payload is a {} event", event.kind())));
                }
                Ok(Row::Event(event))
            }
        }
    }
}
