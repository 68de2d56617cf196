//! Verifying a game: its versions, its hash chain and end, and a full replay that re-decides
//! every recorded command and must reproduce, row for row, the recorded events and the state
//! hash each command was decided on. Works the same on a game in SQLite and on a log file.
//! Must not write anything.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::Content;
use crate::rules::{Event, decide, start, state_hash};
use crate::store::{GameId, StoredEvent};

use super::core::{Service, options_of};
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::GameOptions;
use super::records::Row;
use super::versions::refuse_versions;

/// What a verification found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Verified {
    /// The game (0 for a file not imported).
    #[ts(type = "number")]
    pub game: GameId,
    /// Rows checked.
    #[ts(type = "number")]
    pub rows: u64,
    /// Commands re-decided.
    #[ts(type = "number")]
    pub commands: u64,
    /// Undo rows.
    #[ts(type = "number")]
    pub undos: u64,
    /// The state hash at the end.
    pub final_state_hash: String,
}

/// A request naming a game.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
}

impl Service {
    /// Verifies a stored game: versions, chain, end, and a full replay.
    pub fn verify(&self, game: GameId) -> ServiceResult<Verified> {
        self.with_games(|content, games| {
            let record = games.log.game(game)?;
            if let Some(reason) = refuse_versions(
                record.rules_version,
                None,
                &record.content_hash,
                &self.content_hash,
            ) {
                return Err(ServiceError::Version(format!("game {game}: {reason}")));
            }
            games.log.verify_chain(game)?;
            let (options, _) = options_of(&record)?;
            let rows = games.log.events(game)?;
            let mut verified = replay_check(content, &options, &rows)?;
            verified.game = game;
            Ok(verified)
        })
    }
}

fn same(recorded: &Event, decided: &Event) -> bool {
    match (
        serde_json::to_string(recorded),
        serde_json::to_string(decided),
    ) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Replays rows by re-deciding every command. The chain must already have been checked.
pub(super) fn replay_check(
    content: &Content,
    options: &GameOptions,
    rows: &[StoredEvent],
) -> ServiceResult<Verified> {
    let broken = |seq: u64, reason: String| ServiceError::Verify(format!("at seq {seq}: {reason}"));
    let decoded = rows
        .iter()
        .map(|r| Row::decode(r).map_err(|e| ServiceError::Verify(e.to_string())))
        .collect::<ServiceResult<Vec<_>>>()?;
    let (_, setup_events) = start(content, &options.setup)?;
    let mut history = History::new(crate::rules::initial_state(content, &options.setup));
    let mut expected: std::collections::VecDeque<Event> = setup_events.into();
    let (mut commands, mut undos) = (0, 0);
    for (index, row) in decoded.into_iter().enumerate() {
        let seq = index as u64 + 1;
        match &row {
            Row::Event(event) => match expected.pop_front() {
                Some(decided) if same(event, &decided) => {}
                Some(decided) => {
                    return Err(broken(
                        seq,
                        format!(
                            "the log records {} but the rules produce {} here",
                            event.kind(),
                            decided.kind()
                        ),
                    ));
                }
                None => {
                    return Err(broken(
                        seq,
                        format!("{} is an event no command produced", event.kind()),
                    ));
                }
            },
            Row::Command(_) | Row::Undone(_) if !expected.is_empty() => {
                let missing = expected.front().map_or("", |e| e.kind());
                return Err(broken(
                    seq,
                    format!("the rules produce {missing} before this row, but the log lacks it"),
                ));
            }
            Row::Command(record) => {
                let state = history.current();
                let hash = state_hash(state);
                if hash != record.state {
                    return Err(broken(
                        seq,
                        "the replay reaches a different state than the one the command was \
                         decided on"
                            .to_owned(),
                    ));
                }
                let decided = decide(content, state, record.by, &record.command).map_err(|e| {
                    broken(seq, format!("the rules refuse the recorded command: {e}"))
                })?;
                expected = decided.into();
                commands += 1;
            }
            Row::Undone(_) => undos += 1,
        }
        history
            .push(content, row)
            .map_err(|e| ServiceError::Verify(e.to_string()))?;
    }
    if let Some(missing) = expected.front() {
        return Err(broken(
            rows.len() as u64 + 1,
            format!(
                "the log ends before {}, which the last command produces: it was truncated",
                missing.kind()
            ),
        ));
    }
    Ok(Verified {
        game: 0,
        rows: rows.len() as u64,
        commands,
        undos,
        final_state_hash: state_hash(history.current()),
    })
}
