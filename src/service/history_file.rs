//! The player's history as one file: every finished game with a person, as its replay code
//! (a few hundred characters each, so a thousand games fit in under a megabyte), one per line
//! after a header. Importing replays each code (so every game in the file is verified) and
//! keeps it as a game, skipping one already held; it goes a bounded share of the file per call
//! and says where to go on. After the games come the lines pasted onto friends' boards (a day
//! and a line each), checked again as they are brought back. Must not hold rule logic. The
//! format is pinned by `src/service/golden/history-v1.txt`.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::work::Check;

/// The first line of a history file.
const HEADER: &str = r#"{"format":"warwick-history","version":1}"#;

/// The most time one import call spends replaying codes (the caller goes on from `next`).
const IMPORT_TIME: Duration = Duration::from_millis(150);

/// The largest history file read, in bytes.
pub const MAX_HISTORY_BYTES: usize = 4 * 1024 * 1024;

/// A history file's text.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct HistoryText {
    /// The whole file.
    pub text: String,
}

/// A request to import a history file, from a line on.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ImportHistory {
    /// The whole file.
    pub text: String,
    /// The game (0-based, after the header) to go on from; 0 the first time.
    #[serde(default)]
    pub from: u32,
}

/// What one import call did.
#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HistoryImported {
    /// Games in the file.
    pub total: u32,
    /// Where to go on from, if the file is not done.
    pub next: Option<u32>,
    /// Games kept by this call.
    pub imported: u32,
    /// Games skipped by this call, already held.
    pub skipped: u32,
    /// Games refused by this call, each with why.
    pub refused: Vec<String>,
}

/// One game of a history file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    created: String,
    code: String,
}

/// One line pasted onto a day's board, in a history file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardLine {
    board: String,
    line: String,
}

impl Service {
    /// Every finished game with a person, as one history file.
    pub fn export_history(&self) -> ServiceResult<HistoryText> {
        let mut games = self.list_games()?;
        games.reverse();
        let mut text = format!("{HEADER}\n");
        for game in games {
            if let Some(code) = game.code {
                let line = Line {
                    created: game.created,
                    code,
                };
                text.push_str(&serde_json::to_string(&line)?);
                text.push('\n');
            }
        }
        for (board, line) in self.board_lines()? {
            text.push_str(&serde_json::to_string(&BoardLine { board, line })?);
            text.push('\n');
        }
        Ok(HistoryText { text })
    }

    /// Imports a history file, a bounded share per call: each game's code is replayed and
    /// checked, and kept unless a game with the same code is already held.
    pub fn import_history(&self, request: &ImportHistory) -> ServiceResult<HistoryImported> {
        self.import_history_with(request, &Check::default())
    }

    /// [`Service::import_history`] under `check` (each game's code is checked under it; a
    /// caller that goes away stops the import at the game it is on).
    pub fn import_history_with(
        &self,
        request: &ImportHistory,
        check: &Check,
    ) -> ServiceResult<HistoryImported> {
        if request.text.len() > MAX_HISTORY_BYTES {
            return Err(ServiceError::TooLarge(format!(
                "a history file holds at most {} MB",
                MAX_HISTORY_BYTES / (1024 * 1024)
            )));
        }
        let mut lines = request.text.lines().filter(|l| !l.trim().is_empty());
        if lines.next().map(str::trim) != Some(HEADER) {
            return Err(ServiceError::BadRequest(
                "this is not a Warwick history file (it does not start with its header)".to_owned(),
            ));
        }
        let lines: Vec<&str> = lines.collect();
        let mut held: BTreeSet<String> = self
            .list_games()?
            .into_iter()
            .filter(|g| !g.watched)
            .filter_map(|g| g.code)
            .collect();
        let mut out = HistoryImported {
            total: lines.len() as u32,
            ..HistoryImported::default()
        };
        let started = Instant::now();
        for (index, text) in lines.iter().enumerate().skip(request.from as usize) {
            if started.elapsed() >= IMPORT_TIME {
                out.next = Some(index as u32);
                break;
            }
            if let Ok(pasted) = serde_json::from_str::<BoardLine>(text) {
                let paste = super::board::BoardPaste {
                    date: Some(pasted.board),
                    text: pasted.line,
                    from: 0,
                };
                match self.board_paste_with(&paste, check) {
                    Ok(done) => {
                        out.imported += done.added;
                        out.skipped += done.already;
                    }
                    Err(error @ ServiceError::Cancelled(_)) => return Err(error),
                    Err(error) => out
                        .refused
                        .push(format!("board line {}: {error}", index + 1)),
                }
                continue;
            }
            let line: Line = match serde_json::from_str(text) {
                Ok(line) => line,
                Err(_) => {
                    out.refused
                        .push(format!("game {} of the file is unreadable", index + 1));
                    continue;
                }
            };
            if held.contains(&line.code) {
                out.skipped += 1;
                continue;
            }
            match self.open_code_at(&line.code, Some(&line.created), false, check) {
                Ok(_) => {
                    out.imported += 1;
                    held.insert(line.code);
                }
                Err(error @ ServiceError::Cancelled(_)) => return Err(error),
                Err(error) => out.refused.push(format!("game {}: {error}", index + 1)),
            }
        }
        Ok(out)
    }
}
