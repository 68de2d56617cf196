//! A log as a forger edits it: the header and each row's kind, version and payload as JSON
//! values, written back with the whole hash chain and the header's end re-forged, each row
//! encoded the way Warwick writes it where it can be read (as a careful forger would), so that
//! only the replay can object. Must not judge a log.

use serde_json::Value;

use warwick::service::Row;
use warwick::store::{GENESIS_HASH, LogFile, StoredEvent, event_hash};

/// One row, editable.
#[derive(Clone, Debug, PartialEq)]
pub struct EditRow {
    pub kind: String,
    pub version: u32,
    pub payload: Value,
}

/// A log, editable.
#[derive(Clone, Debug)]
pub struct Editable {
    pub header: Value,
    pub rows: Vec<EditRow>,
}

impl Editable {
    /// Reads a log's text.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file = LogFile::parse(text).map_err(|e| e.to_string())?;
        let header = serde_json::to_value(&file.header).map_err(|e| e.to_string())?;
        let rows = file
            .events
            .iter()
            .map(|e| {
                Ok(EditRow {
                    kind: e.kind.clone(),
                    version: e.schema_version,
                    payload: serde_json::from_str(&e.payload).map_err(|e| e.to_string())?,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Self { header, rows })
    }

    /// The log's text with every hash and the header's end re-forged; rows that can be read
    /// are written the way Warwick writes them.
    pub fn forge(&self) -> String {
        let mut prev = GENESIS_HASH.to_owned();
        let mut lines = Vec::with_capacity(self.rows.len() + 1);
        for (index, row) in self.rows.iter().enumerate() {
            let seq = index as u64 + 1;
            let payload = canonical(seq, row);
            let hash = event_hash(&prev, seq, &row.kind, row.version, &payload);
            let kind = serde_json::to_string(&row.kind).unwrap_or_default();
            lines.push(format!(
                r#"{{"seq":{seq},"kind":{kind},"schema_version":{},"payload":{payload},"prev_hash":"{prev}","hash":"{hash}"}}"#,
                row.version
            ));
            prev = hash;
        }
        let mut header = self.header.clone();
        header["events"] = Value::from(self.rows.len() as u64);
        header["head"] = Value::from(prev);
        let mut out = serde_json::to_string(&header).unwrap_or_default();
        for line in lines {
            out.push('\n');
            out.push_str(&line);
        }
        out.push('\n');
        out
    }
}

/// A row's payload as Warwick writes it, if it can be read; else as edited.
fn canonical(seq: u64, row: &EditRow) -> String {
    let written = serde_json::to_string(&row.payload).unwrap_or_default();
    let stored = StoredEvent {
        seq,
        kind: row.kind.clone(),
        schema_version: row.version,
        payload: written.clone(),
        prev_hash: String::new(),
        hash: String::new(),
    };
    Row::decode_lenient(&stored)
        .ok()
        .and_then(|row| row.encode().ok())
        .map_or(written, |encoded| encoded.payload)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warwick::service::{Mode, NewGame, Service};

    #[test]
    fn a_log_forged_unchanged_has_the_very_rows_and_verifies() {
        let service = Service::new();
        let request = NewGame {
            time_limit_rounds: Some(1),
            ..NewGame::bots_around(3, None, Mode::Challenge, 9)
        };
        let status = service.create_game(&request).unwrap();
        let text = service.export(status.game).unwrap().text;
        let forged = Editable::parse(&text).unwrap().forge();
        assert_eq!(
            forged.lines().skip(1).collect::<Vec<_>>(),
            text.lines().skip(1).collect::<Vec<_>>()
        );
        assert!(Service::new().verify_log(&forged).is_ok());
    }
}
