//! The exported log file: one JSON header line (format, versions, seed, mode, options, and
//! where the history ends) then one line per event, exactly as stored, so the hash chain can be
//! checked outside SQLite. Owns writing and parsing that text and checking its chain and end.
//! Must not judge rules or content versions (the service does) nor interpret payloads.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::error::StoreError;
use super::log::{GameId, StoredEvent};
use super::verify::{verify_end, verify_events};

/// The `format` field of every log file.
pub const LOG_FORMAT: &str = "warwick-log";
/// The version of the file layout (not of the events in it).
pub const LOG_FORMAT_VERSION: u32 = 1;

/// The first line of a log file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogHeader {
    /// Always [`LOG_FORMAT`].
    pub format: String,
    /// The file layout version ([`LOG_FORMAT_VERSION`]).
    pub format_version: u32,
    /// The rules version that wrote the events.
    pub rules_version: u32,
    /// The schema version of the events' payloads.
    pub event_schema_version: u32,
    /// Hash of the content the game was played with.
    pub content_hash: String,
    /// The game's seed.
    pub seed: u64,
    /// `casual` or `challenge`.
    pub mode: String,
    /// When the game was created (RFC 3339).
    pub created: String,
    /// Set-up options (players, seats, set-up choice) as JSON.
    pub options: serde_json::Value,
    /// How many events follow: the seq the history ends at.
    pub events: u64,
    /// The hash of the last event (the genesis hash for none).
    pub head: String,
}

/// A log file: its header and its events.
#[derive(Clone, Debug, PartialEq)]
pub struct LogFile {
    /// The header line.
    pub header: LogHeader,
    /// The events, in file order.
    pub events: Vec<StoredEvent>,
}

#[derive(Serialize)]
struct LineOut<'a> {
    seq: u64,
    kind: &'a str,
    schema_version: u32,
    payload: &'a RawValue,
    prev_hash: &'a str,
    hash: &'a str,
}

#[derive(Deserialize)]
struct LineIn<'a> {
    seq: u64,
    kind: String,
    schema_version: u32,
    #[serde(borrow)]
    payload: &'a RawValue,
    prev_hash: String,
    hash: String,
}

/// What is wrong with a log file's text.
#[derive(Debug, thiserror::Error)]
pub enum LogFileError {
    /// The file is empty.
    #[error("the log file is empty: it has no header line")]
    Empty,
    /// A line is not what it should be.
    #[error("line {line} of the log file is unreadable: {reason}")]
    BadLine {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// Not a Warwick log, or a layout this build cannot read.
    #[error("{0}")]
    Format(String),
    /// The events do not verify.
    #[error("{0}")]
    Chain(#[from] StoreError),
}

impl LogFile {
    /// The file's text: the header line, then one line per event, each ending in `\n`.
    pub fn to_text(&self) -> Result<String, LogFileError> {
        let bad = |line: usize, e: serde_json::Error| LogFileError::BadLine {
            line,
            reason: e.to_string(),
        };
        let mut out = serde_json::to_string(&self.header).map_err(|e| bad(1, e))?;
        out.push('\n');
        for (index, event) in self.events.iter().enumerate() {
            let line = index + 2;
            let payload: &RawValue =
                serde_json::from_str(&event.payload).map_err(|e| bad(line, e))?;
            let text = serde_json::to_string(&LineOut {
                seq: event.seq,
                kind: &event.kind,
                schema_version: event.schema_version,
                payload,
                prev_hash: &event.prev_hash,
                hash: &event.hash,
            })
            .map_err(|e| bad(line, e))?;
            let _ = writeln!(out, "{text}");
        }
        Ok(out)
    }

    /// Parses a file's text (no checks beyond its shape; see [`LogFile::verify`]).
    pub fn parse(text: &str) -> Result<Self, LogFileError> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        let (_, first) = lines.next().ok_or(LogFileError::Empty)?;
        let header: LogHeader = serde_json::from_str(first).map_err(|e| LogFileError::BadLine {
            line: 1,
            reason: format!("not a log header: {e}"),
        })?;
        if header.format != LOG_FORMAT {
            return Err(LogFileError::Format(format!(
                "this is not a Warwick log (format `{}`, expected `{LOG_FORMAT}`)",
                header.format
            )));
        }
        if header.format_version != LOG_FORMAT_VERSION {
            return Err(LogFileError::Format(format!(
                "the log file layout is version {}, this Warwick reads version \
                 {LOG_FORMAT_VERSION}",
                header.format_version
            )));
        }
        let mut events = Vec::new();
        for (index, line) in lines {
            let parsed: LineIn<'_> =
                serde_json::from_str(line).map_err(|e| LogFileError::BadLine {
                    line: index + 1,
                    reason: e.to_string(),
                })?;
            events.push(StoredEvent {
                seq: parsed.seq,
                kind: parsed.kind,
                schema_version: parsed.schema_version,
                payload: parsed.payload.get().to_owned(),
                prev_hash: parsed.prev_hash,
                hash: parsed.hash,
            });
        }
        Ok(Self { header, events })
    }

    /// Checks the chain and that the events end where the header says (catching a cut-off
    /// tail or lines added after the end). `game` only labels the messages.
    pub fn verify(&self, game: GameId) -> Result<u64, LogFileError> {
        let last = verify_events(game, &self.events)?;
        verify_end(game, &self.events, self.header.events, &self.header.head)?;
        Ok(last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{EventLog, GENESIS_HASH, GameRecord, NewEvent};
    use serde_json::json;

    fn sample() -> LogFile {
        let mut log = EventLog::open_in_memory().unwrap();
        let game = log
            .create_game(&GameRecord {
                id: 0,
                created: "2026-11-21T08:00:00Z".to_owned(),
                rules_version: 1,
                content_hash: "c0ffee".to_owned(),
                seed: 42,
                mode: "casual".to_owned(),
                options: json!({"players": 3}),
                parent: None,
            })
            .unwrap();
        let events: Vec<_> = [
            r#"{"type":"Dealt","cards":["a","b"]}"#,
            r#"{"by":0,"command":{"type":"EndStep"}}"#,
            r#"{"type":"StepEnded","text":"quote \" and é"}"#,
        ]
        .iter()
        .enumerate()
        .map(|(i, p)| NewEvent {
            kind: ["Dealt", "Command", "StepEnded"][i].to_owned(),
            schema_version: 1,
            payload: (*p).to_owned(),
        })
        .collect();
        log.append(game, 0, &events).unwrap();
        let events = log.events(game).unwrap();
        LogFile {
            header: LogHeader {
                format: LOG_FORMAT.to_owned(),
                format_version: LOG_FORMAT_VERSION,
                rules_version: 1,
                event_schema_version: 1,
                content_hash: "c0ffee".to_owned(),
                seed: 42,
                mode: "casual".to_owned(),
                created: "2026-11-21T08:00:00Z".to_owned(),
                options: json!({"players": 3}),
                events: 3,
                head: events[2].hash.clone(),
            },
            events,
        }
    }

    #[test]
    fn the_format_matches_the_golden_file() {
        let text = sample().to_text().unwrap();
        let golden = include_str!("golden/log-v1.jsonl");
        if std::env::var_os("WARWICK_BLESS").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/store/golden/log-v1.jsonl");
            std::fs::write(path, &text).unwrap();
        }
        assert_eq!(
            text, golden,
            "rerun with WARWICK_BLESS=1 only for a new format"
        );
        let parsed = LogFile::parse(golden).unwrap();
        assert_eq!(parsed, sample());
        assert_eq!(parsed.verify(1).unwrap(), 3);
    }

    fn refused(text: &str) -> String {
        match LogFile::parse(text).and_then(|f| f.verify(1)) {
            Err(e) => e.to_string(),
            Ok(n) => panic!("a tampered file verified ({n} events)"),
        }
    }

    #[test]
    fn every_kind_of_tampering_is_refused_with_where_it_breaks() {
        let text = sample().to_text().unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let join = |ls: &[&str]| ls.join("\n") + "\n";

        let edited = text.replace("quote", "QUOTE");
        assert!(refused(&edited).contains("seq 3"), "{}", refused(&edited));
        assert!(refused(&edited).contains("edited"));

        let reordered = join(&[lines[0], lines[2], lines[1], lines[3]]);
        assert!(
            refused(&reordered).contains("seq 1"),
            "{}",
            refused(&reordered)
        );

        let truncated = join(&lines[..3]);
        assert!(
            refused(&truncated).contains("truncated"),
            "{}",
            refused(&truncated)
        );

        let forged_next = {
            let last = &sample().events[2];
            let hash =
                crate::store::event_hash(&last.hash, 4, "StepEnded", 1, r#"{"type":"StepEnded"}"#);
            format!(
                r#"{{"seq":4,"kind":"StepEnded","schema_version":1,"payload":{{"type":"StepEnded"}},"prev_hash":"{}","hash":"{hash}"}}"#,
                last.hash
            )
        };
        let extended = join(&[lines[0], lines[1], lines[2], lines[3], &forged_next]);
        assert!(
            refused(&extended).contains("extended"),
            "{}",
            refused(&extended)
        );

        assert!(refused("").contains("empty"));
        assert!(refused("{\"format\":\"other\"}\n").contains("line 1"));
        let other = text.replacen("\"format_version\":1", "\"format_version\":9", 1);
        assert!(refused(&other).contains("version 9"));
        let garbage = join(&[lines[0], "not json"]);
        assert!(refused(&garbage).contains("line 2"));
        let _ = GENESIS_HASH;
    }
}
