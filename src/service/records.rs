//! How the service's records become rows of the store and back: the game itself (its first
//! row: versions, seed, undo mode, seats and set-up, so the hash chain commits to who played
//! and how), a rules [`Event`], a [`Command`] (who gave it and the hash of the state it was
//! decided on), an undo (the seq range it cancels) or a resignation (the person who gave up). Owns the row kinds and payload layouts,
//! and reads a row only in its one canonical encoding. Must not append or replay.

use serde::{Deserialize, Serialize};

use crate::rules::{Command, EVENT_SCHEMA_VERSION, Event, FactionIdx, Outcome, VictoryKind};
use crate::store::{GameRecord, NewEvent, StoredEvent};

use super::new_game::{GameOptions, Mode};

/// The row kind of a game's first row.
pub const GAME_KIND: &str = "Game";
/// The schema version of the game row.
pub const GAME_SCHEMA_VERSION: u32 = 1;
/// The row kind of a command.
pub const COMMAND_KIND: &str = "Command";
/// The row kind of an undo.
pub const UNDONE_KIND: &str = "Undone";
/// The schema version of command rows (commands are rules types, versioned with events).
pub const COMMAND_SCHEMA_VERSION: u32 = EVENT_SCHEMA_VERSION;
/// The schema version of undo rows (a service record).
pub const UNDONE_SCHEMA_VERSION: u32 = 1;
/// The row kind of a resignation.
pub const RESIGNED_KIND: &str = "Resigned";
/// The schema version of resignation rows (a service record).
pub const RESIGNED_SCHEMA_VERSION: u32 = 1;

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
    /// The person played the Hard player's suggestion ([`super::advice`]); verification
    /// re-derives it, and the challenge score counts it. Left out when false, so rows written
    /// before advice existed read and hash as they did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub advised: bool,
}

/// What a game is, fixed by its first row: nothing later can change it, and since every row's
/// hash covers the one before, the end of the chain commits to it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRow {
    /// The rules version the game is played under.
    pub rules_version: u32,
    /// The hash of the content it is played with.
    pub content_hash: String,
    /// When it was started (RFC 3339).
    pub created: String,
    /// The game's seed.
    pub seed: u64,
    /// The undo policy.
    pub mode: Mode,
    /// Who plays each seat (a person, or a bot with its tier and seed) and the set-up.
    pub options: GameOptions,
}

impl GameRow {
    /// The first row of the game `record` describes.
    pub fn of(record: &GameRecord, options: &GameOptions, mode: Mode) -> GameRow {
        GameRow {
            rules_version: record.rules_version,
            content_hash: record.content_hash.clone(),
            created: record.created.clone(),
            seed: record.seed,
            mode,
            options: options.clone(),
        }
    }

    /// Why the row's own fields are out of bounds, if they are: its creation time must be an
    /// RFC 3339 time of at most 40 characters.
    pub fn check(&self) -> Option<String> {
        let created = &self.created;
        if created.chars().count() > 40 || chrono::DateTime::parse_from_rfc3339(created).is_err() {
            return Some(
                "the game row's creation time is not a date and time (RFC 3339)".to_owned(),
            );
        }
        None
    }

    /// Why `record` (a stored game or a log file's header) does not describe this game, if it
    /// does not. A branch keeps its own creation time, so `created` is not compared.
    pub fn differs_from(&self, record: &GameRecord) -> Option<String> {
        let options = serde_json::to_value(&self.options).ok();
        let field = if record.rules_version != self.rules_version {
            "rules version"
        } else if record.content_hash != self.content_hash {
            "content hash"
        } else if record.seed != self.seed {
            "seed"
        } else if record.mode != self.mode.as_str() {
            "undo mode"
        } else if options.as_ref() != Some(&record.options) {
            "seats and set-up"
        } else {
            return None;
        };
        Some(format!(
            "the game's {field} differs from what its first row fixed when it was created"
        ))
    }
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

/// A resignation: the person gave the game up, a loss for them; it ends the game and is its
/// last row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignedRecord {
    /// The seat that resigned (the game's person).
    pub by: FactionIdx,
}

impl ResignedRecord {
    /// How the game ends: a loss for the seat that resigned, the others left standing.
    pub fn outcome(&self, players: usize) -> Outcome {
        Outcome {
            kind: VictoryKind::Resigned,
            winners: (0..players)
                .map(|i| i as FactionIdx)
                .filter(|&i| i != self.by)
                .collect(),
        }
    }
}

/// One decoded row.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    /// The game itself: always the first row, and only there.
    Game(Box<GameRow>),
    /// A rules event.
    Event(Event),
    /// A command, followed by the events it produced.
    Command(CommandRecord),
    /// An undo.
    Undone(UndoneRecord),
    /// A resignation.
    Resigned(ResignedRecord),
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
        let (kind, schema_version) = match self {
            Row::Game(_) => (GAME_KIND, GAME_SCHEMA_VERSION),
            Row::Event(event) => (event.kind(), EVENT_SCHEMA_VERSION),
            Row::Command(_) => (COMMAND_KIND, COMMAND_SCHEMA_VERSION),
            Row::Undone(_) => (UNDONE_KIND, UNDONE_SCHEMA_VERSION),
            Row::Resigned(_) => (RESIGNED_KIND, RESIGNED_SCHEMA_VERSION),
        };
        let mut payload = Vec::new();
        self.write_payload(&mut payload)?;
        Ok(NewEvent {
            kind: kind.to_owned(),
            schema_version,
            // serde_json writes UTF-8 only.
            payload: String::from_utf8(payload).map_err(|e| {
                serde_json::Error::io(std::io::Error::new(std::io::ErrorKind::InvalidData, e))
            })?,
        })
    }

    /// Writes the row's payload, the one way Warwick writes it.
    fn write_payload<W: std::io::Write>(&self, out: W) -> Result<(), serde_json::Error> {
        match self {
            Row::Game(game) => serde_json::to_writer(out, game),
            Row::Event(event) => serde_json::to_writer(out, event),
            Row::Command(record) => serde_json::to_writer(out, record),
            Row::Undone(record) => serde_json::to_writer(out, record),
            Row::Resigned(record) => serde_json::to_writer(out, record),
        }
    }

    /// Whether the row's payload, written the one way Warwick writes it, is exactly `payload`.
    /// The writing is compared as it goes (no copy is built) and stops at the first difference.
    fn writes_exactly(&self, payload: &str) -> Result<bool, serde_json::Error> {
        let mut same = SameAs {
            rest: payload.as_bytes(),
            differs: false,
        };
        match self.write_payload(&mut same) {
            Ok(()) => Ok(same.rest.is_empty()),
            Err(_) if same.differs => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Decodes a stored row, checking its kind and schema version, and that its payload is
    /// exactly the one encoding Warwick writes (no unknown or reordered fields, no padding), so
    /// that a row that reads back is the row that was written.
    pub fn decode(stored: &StoredEvent) -> Result<Row, RowError> {
        let row = Self::decode_lenient(stored)?;
        let canonical = row.writes_exactly(&stored.payload).map_err(|e| RowError {
            seq: stored.seq,
            kind: stored.kind.clone(),
            reason: e.to_string(),
        })?;
        if !canonical {
            return Err(RowError {
                seq: stored.seq,
                kind: stored.kind.clone(),
                reason: "its payload is not written the way Warwick writes it (an unknown \
                         field, a field out of order, or extra spacing)"
                    .to_owned(),
            });
        }
        Ok(row)
    }

    /// Decodes a stored row without checking that it is written canonically (for tools that
    /// rewrite rows and then [`Row::encode`] them the way Warwick writes them).
    pub fn decode_lenient(stored: &StoredEvent) -> Result<Row, RowError> {
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
            GAME_KIND => {
                expect(GAME_SCHEMA_VERSION)?;
                serde_json::from_str(&stored.payload)
                    .map(|g| Row::Game(Box::new(g)))
                    .map_err(|e| error(e.to_string()))
            }
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
            RESIGNED_KIND => {
                expect(RESIGNED_SCHEMA_VERSION)?;
                serde_json::from_str(&stored.payload)
                    .map(Row::Resigned)
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

/// A writer that compares what is written with the bytes expected, failing at the first
/// difference (so [`Row::writes_exactly`] stops there).
struct SameAs<'a> {
    rest: &'a [u8],
    differs: bool,
}

impl std::io::Write for SameAs<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.rest.strip_prefix(buf) {
            Some(rest) => {
                self.rest = rest;
                Ok(buf.len())
            }
            None => {
                self.differs = true;
                Err(std::io::Error::other("the payload differs"))
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undo_row() -> Row {
        Row::Undone(UndoneRecord {
            from: 3,
            to: 7,
            by: 1,
        })
    }

    #[test]
    fn only_the_exact_payload_is_written_exactly() {
        let row = undo_row();
        let payload = row.encode().expect("encode").payload;
        assert!(row.writes_exactly(&payload).expect("write"));
        // Longer (padding after), shorter, and different payloads are not the row's.
        assert!(!row.writes_exactly(&format!("{payload} ")).expect("write"));
        assert!(
            !row.writes_exactly(&payload[..payload.len() - 1])
                .expect("write")
        );
        assert!(
            !row.writes_exactly(&payload.replace('3', "4"))
                .expect("write")
        );
        assert!(!row.writes_exactly("").expect("write"));
    }
}
