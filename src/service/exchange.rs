//! Export and import: a game as a log file (a header line with versions, seed and options,
//! then one event per line) and back. Import refuses a file made by other versions, one whose
//! chain or end does not hold, and one whose replay does not reproduce it; otherwise it stores
//! the rows with the very same hashes. Must not write a game that did not verify.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::EVENT_SCHEMA_VERSION;
use crate::store::{
    GENESIS_HASH, GameId, GameRecord, LOG_FORMAT, LOG_FORMAT_VERSION, LogFile, LogHeader, NewEvent,
};

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::new_game::{GameOptions, Mode};
use super::verification::{Verified, replay_check};
use super::versions::refuse_versions;

/// A log file's text.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LogText {
    /// The whole file.
    pub text: String,
}

/// What an import stored.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Imported {
    /// The new game.
    #[ts(type = "number")]
    pub game: GameId,
    /// What verification found.
    pub verified: Verified,
}

impl Service {
    /// The game's whole history (shared rows of a branch included) as a log file.
    pub fn export(&self, game: GameId) -> ServiceResult<LogText> {
        self.with_games(|_, games| {
            let record = games.log.game(game)?;
            let events = games.log.events(game)?;
            let (head_seq, head) = games.log.head(game)?;
            let file = LogFile {
                header: LogHeader {
                    format: LOG_FORMAT.to_owned(),
                    format_version: LOG_FORMAT_VERSION,
                    rules_version: record.rules_version,
                    event_schema_version: EVENT_SCHEMA_VERSION,
                    content_hash: record.content_hash,
                    seed: record.seed,
                    mode: record.mode,
                    created: record.created,
                    options: record.options,
                    events: head_seq,
                    head,
                },
                events,
            };
            Ok(LogText {
                text: file.to_text()?,
            })
        })
    }

    /// Checks a log file without storing it.
    pub fn verify_log(&self, text: &str) -> ServiceResult<Verified> {
        self.with_games(|content, _| {
            let (file, options) = read_file(text, &self.content_hash)?;
            replay_check(content, &options, &file.events)
        })
    }

    /// Verifies a log file and stores it as a new game.
    pub fn import(&self, text: &str) -> ServiceResult<Imported> {
        self.with_games(|content, games| {
            let (file, options) = read_file(text, &self.content_hash)?;
            let verified = replay_check(content, &options, &file.events)?;
            let header = &file.header;
            let rows: Vec<NewEvent> = file
                .events
                .iter()
                .map(|e| NewEvent {
                    kind: e.kind.clone(),
                    schema_version: e.schema_version,
                    payload: e.payload.clone(),
                })
                .collect();
            let record = GameRecord {
                id: 0,
                created: header.created.clone(),
                rules_version: header.rules_version,
                content_hash: header.content_hash.clone(),
                seed: header.seed,
                mode: header.mode.clone(),
                options: header.options.clone(),
                parent: None,
            };
            let (game, stored) = games.create_with(&record, &rows)?;
            let head = stored.last().map_or(GENESIS_HASH, |e| e.hash.as_str());
            if head != header.head {
                return Err(ServiceError::Verify(
                    "the imported rows do not hash as the file says".to_owned(),
                ));
            }
            Ok(Imported {
                game,
                verified: Verified { game, ..verified },
            })
        })
    }
}

/// Parses a file, checks its chain, end and versions, and reads its options.
fn read_file(text: &str, embedded: &str) -> ServiceResult<(LogFile, GameOptions)> {
    let file = LogFile::parse(text)?;
    let header = &file.header;
    if let Some(reason) = refuse_versions(
        header.rules_version,
        Some(header.event_schema_version),
        &header.content_hash,
        embedded,
    ) {
        return Err(ServiceError::Version(reason));
    }
    file.verify(0)?;
    if Mode::parse(&header.mode).is_none() {
        return Err(ServiceError::Verify(format!(
            "unknown mode `{}`",
            header.mode
        )));
    }
    let options: GameOptions = serde_json::from_value(header.options.clone())
        .map_err(|e| ServiceError::Verify(format!("the header's options are unreadable: {e}")))?;
    if options.setup.seed != header.seed {
        return Err(ServiceError::Verify(
            "the header's seed differs from the set-up's seed".to_owned(),
        ));
    }
    Ok((file, options))
}
