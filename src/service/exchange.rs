//! Export and import: a game as a log file (a header line with versions, seed and options,
//! then one row per line) and back. Import refuses a file made by other versions, one larger
//! than [`MAX_LOG_BYTES`] or with a line longer than [`MAX_LINE_BYTES`], one whose header is
//! not what its first row fixed, whose chain or end does not hold, or whose replay does not
//! prove it (see [`super::verification`]); otherwise it stores the rows with the very same
//! hashes. Export refuses a game a person is still playing (its log shows every hand). Must
//! not write a game that did not verify.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::{EVENT_SCHEMA_VERSION, outcome};
use crate::store::{
    GENESIS_HASH, GameId, GameRecord, LOG_FORMAT, LOG_FORMAT_VERSION, LogFile, LogHeader, NewEvent,
};

use super::core::{Service, Session};
use super::error::{MAX_LOG_BYTES, ServiceError, ServiceResult};
use super::summary::GameSummaryRow;
use super::verification::{BotsChecked, Verified, replay_check};
use super::versions::refuse_versions;
use super::work::Check;

/// The longest line a log file may have, in bytes (a row is a few hundred bytes; the longest,
/// the set-up's deck, a few thousand).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The longest `created` time accepted, in characters (an RFC 3339 time is about 30).
const MAX_CREATED_CHARS: usize = 40;

/// A log file's text.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
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
    /// The game's whole history (shared rows of a branch included) as a log file. A game a
    /// person is still playing is not exported: its log would show the bots' hands.
    pub fn export(&self, game: GameId) -> ServiceResult<LogText> {
        self.with_game(game, |g| refuse_live_export(g.session))?;
        self.log_text(game)
    }

    /// The game's log file, whoever asks (the service's own use and tests: a person's client
    /// goes through [`Service::export`]).
    pub(super) fn log_text(&self, game: GameId) -> ServiceResult<LogText> {
        {
            let (record, events, (head_seq, head)) = self.with_db(|log| {
                // Never written out as sound if its rows do not hold.
                log.verify_chain(game)
                    .map_err(|e| super::core::damage(log, game, e))?;
                Ok((log.game(game)?, log.events(game)?, log.head(game)?))
            })?;
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
            let text = file.to_text()?;
            if text.len() > MAX_LOG_BYTES {
                return Err(ServiceError::TooLarge(format!(
                    "game {game}'s log is {} MB, more than the {} MB a log file may hold, so it \
                     could not be imported again; it is not exported",
                    text.len() / (1024 * 1024),
                    MAX_LOG_BYTES / (1024 * 1024)
                )));
            }
            Ok(LogText { text })
        }
    }

    /// Checks a log file without storing it.
    pub fn verify_log(&self, text: &str) -> ServiceResult<Verified> {
        self.verify_log_with(text, &Check::default())
    }

    /// [`Service::verify_log`] under `check`.
    pub fn verify_log_with(&self, text: &str, check: &Check) -> ServiceResult<Verified> {
        let content = self.content()?;
        let (file, record) = read_file(text, &self.content_hash)?;
        Ok(replay_check(content, &record, &file.events, check)?.0)
    }

    /// Verifies a log file and stores it as a new game.
    pub fn import(&self, text: &str) -> ServiceResult<Imported> {
        self.import_with(text, &Check::default())
    }

    /// [`Service::import`] under `check`. A log played by other bots than this Warwick's is
    /// refused: its bots' moves cannot be re-derived, so nothing proves them, and an unproven
    /// game is not kept (`verify_log` still says what its rules hold).
    pub fn import_with(&self, text: &str, check: &Check) -> ServiceResult<Imported> {
        let content = self.content()?;
        let (file, record) = read_file(text, &self.content_hash)?;
        let (verified, history) = replay_check(content, &record, &file.events, check)?;
        if let BotsChecked::OtherVersion { played, here, .. } = &verified.bots {
            let played = played.map_or("a version Warwick did not record".to_owned(), |v| {
                format!("version {v}")
            });
            return Err(ServiceError::Version(format!(
                "this log was played by bots of {played}; this Warwick's bots are version \
                 {here}, so the bots' moves in it cannot be checked, and a game not proven is \
                 not imported (checking it with `verify` still shows what its rules hold)"
            )));
        }
        let rows: Vec<NewEvent> = file
            .events
            .iter()
            .map(|e| NewEvent {
                kind: e.kind.clone(),
                schema_version: e.schema_version,
                payload: e.payload.clone(),
            })
            .collect();
        let (options, mode) = super::core::options_of(&record)?;
        let session = Session {
            record: record.clone(),
            options,
            mode,
            history,
            memories: Default::default(),
            // Someone's log file: kept to be watched, not counted as the player's own game.
            watched: true,
        };
        let summary = GameSummaryRow::of(content, &self.content_hash, &session).encode()?;
        let (game, stored) =
            self.with_db(|log| Ok(log.create_game_with_summary(&record, &rows, &summary)?))?;
        let head = stored.last().map_or(GENESIS_HASH, |e| e.hash.as_str());
        if head != file.header.head {
            return Err(ServiceError::Verify(
                "the imported rows do not hash as the file says".to_owned(),
            ));
        }
        Ok(Imported {
            game,
            verified: Verified { game, ..verified },
        })
    }
}

/// Refuses to export a game a person is still playing.
fn refuse_live_export(session: &Session) -> ServiceResult<()> {
    let live = outcome(session.history.current()).is_none();
    match session.person() {
        Some(_) if live => Err(ServiceError::NotYours(
            "a game you are playing can be exported once it has ended: its log shows every \
             faction's hand"
                .to_owned(),
        )),
        _ => Ok(()),
    }
}

/// Parses a file within the size limits, checks its chain, end and versions, and reads the
/// game record its header describes (with the options exactly as Warwick writes them).
fn read_file(text: &str, embedded: &str) -> ServiceResult<(LogFile, GameRecord)> {
    if text.len() > MAX_LOG_BYTES {
        return Err(ServiceError::TooLarge(format!(
            "the log is {} MB; a log file holds at most {} MB",
            text.len() / (1024 * 1024),
            MAX_LOG_BYTES / (1024 * 1024)
        )));
    }
    if let Some((index, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.len() > MAX_LINE_BYTES)
    {
        return Err(ServiceError::TooLarge(format!(
            "line {} of the log is {} KB; a line holds at most {} KB",
            index + 1,
            line.len() / 1024,
            MAX_LINE_BYTES / 1024
        )));
    }
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
    if header.created.chars().count() > MAX_CREATED_CHARS
        || chrono::DateTime::parse_from_rfc3339(&header.created).is_err()
    {
        return Err(ServiceError::Verify(
            "the header's `created` is not a date and time (RFC 3339)".to_owned(),
        ));
    }
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
    let (options, _) = super::core::options_of(&record)?;
    if serde_json::to_value(&options)? != header.options {
        return Err(ServiceError::Verify(
            "the header's options are not written the way Warwick writes them (an unknown or \
             missing field)"
                .to_owned(),
        ));
    }
    Ok((file, record))
}
