//! A day's board among friends: share lines pasted (a whole chat, other text around them) are
//! each found, verified by replaying their code and checking their words, and placed — rank,
//! name, outcome, round, score, undos — beside the player's own result for the day; a line that
//! does not verify is kept apart with why (altered, another version, another day, a claim that
//! does not match). Each day's board is kept in the games database and grows as more lines are
//! pasted; it goes with the history file. Pasting goes a bounded share of the text per call
//! (the caller goes on from `next`). Must not hold rule logic.

use std::cmp::Reverse;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::challenge::{CODE_TAGS, CodeGame, parse_date};
use super::core::Service;
use super::dailies::today;
use super::error::{ServiceError, ServiceResult};
use super::replay_code::{CodeText, VerifiedCode};
use super::work::Check;

/// The most time one paste call spends verifying lines, beyond the first (the caller goes on
/// from `next`).
const PASTE_TIME: Duration = Duration::from_millis(300);

/// The most share lines read from one paste.
pub const MAX_BOARD_LINES: usize = 200;

/// The longest paste read, in bytes (a chat of two hundred long lines).
pub const MAX_PASTE_BYTES: usize = 256 * 1024;

/// The most characters of a refused line kept to show.
const SHOWN_CHARS: usize = 160;

/// A day's board.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct BoardRequest {
    /// The day (`YYYY-MM-DD`); today when left out.
    #[serde(default)]
    #[ts(optional)]
    pub date: Option<String>,
}

/// Share lines pasted onto a day's board, from a line on.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct BoardPaste {
    /// The day (`YYYY-MM-DD`); today when left out.
    #[serde(default)]
    #[ts(optional)]
    pub date: Option<String>,
    /// The pasted text: share lines or codes, with any other text around them.
    pub text: String,
    /// The line found in the text (0-based) to go on from; 0 the first time.
    #[serde(default)]
    pub from: u32,
}

/// Why a line is not on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum RefusedKind {
    /// The code was altered or cut short, or is no code.
    Altered,
    /// Another version of Warwick (its rules, bots or content) made it.
    Version,
    /// It is another day's daily, or no daily at all.
    AnotherDay,
    /// Its words claim what its game did not come to, or its game is not the day's.
    Claim,
    /// It could not be checked (too much work, or a failure).
    Unchecked,
}

/// A result on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BoardRow {
    /// Its place, 1 for the best (ties share none: round, then undos, then the order pasted).
    pub rank: u32,
    /// Who played: the name the code carries, `You`, or `A friend (line 3)`.
    pub who: String,
    /// The player's own result.
    pub yours: bool,
    /// How the game ended for them (`royalty` … `loss`).
    pub result: String,
    /// The round it ended in.
    pub round: u32,
    /// The score.
    pub score: u32,
    /// Undos taken.
    pub undos: u32,
    /// Played as practice (not the first attempt, by the player's word).
    pub practice: bool,
    /// The replay code, to watch the game.
    pub code: String,
}

/// A pasted line that did not verify.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BoardRefused {
    /// The line, cut short to show.
    pub line: String,
    /// What kind of refusal.
    pub kind: RefusedKind,
    /// Why, in the player's words.
    pub reason: String,
}

/// A day's board: the results that verify, best first, and the lines that did not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Board {
    /// The day.
    pub date: String,
    /// The results, best first.
    pub rows: Vec<BoardRow>,
    /// The lines that did not verify, in the order pasted.
    pub refused: Vec<BoardRefused>,
}

/// What one paste call did.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BoardPasted {
    /// The day's board now.
    pub board: Board,
    /// Share lines found in the text.
    pub found: u32,
    /// Where to go on from, if the text is not done.
    pub next: Option<u32>,
    /// Lines this call put on the board (verified or refused).
    pub added: u32,
    /// Lines this call found on the board already.
    pub already: u32,
}

/// A board entry as kept in the database.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Entry {
    /// A line that verified.
    Verified {
        /// Its place among the lines pasted onto the day (1-based), for "a friend (line n)".
        order: u32,
        name: Option<String>,
        result: String,
        round: u32,
        score: u32,
        undos: u32,
        practice: bool,
        code: String,
        /// The line as pasted (goes with the history file).
        line: String,
    },
    /// A line that did not.
    Refused {
        order: u32,
        line: String,
        refused: RefusedKind,
        reason: String,
    },
}

impl Entry {
    fn order(&self) -> u32 {
        match self {
            Entry::Verified { order, .. } | Entry::Refused { order, .. } => *order,
        }
    }
}

/// One share line found in a paste: its text (from its line's start to its code's end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundLine {
    /// The text to verify: the line's words and its code.
    pub text: String,
    /// The key it is kept under: the share line's own words (from `Warwick …`, whatever the
    /// chat put before them) and the code as it reads; the text when no code reads. The same
    /// line pasted twice is one entry; an edited copy of it is another.
    pub key: String,
}

/// A share line's own words before its code: from `Warwick daily`/`Warwick game` on, spaces
/// made single; empty for a bare code.
fn own_words(before_code: &str) -> String {
    let start = before_code
        .rfind("Warwick daily ")
        .or_else(|| before_code.rfind("Warwick game"));
    start
        .map(|at| {
            before_code[at..]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// Every share line (or bare code) in `text`, in order: each from the start of its line (or the
/// end of the code before it on the same line) to the end of its code, a code a chat broke
/// over lines taken whole.
pub fn find_lines(text: &str) -> Vec<FoundLine> {
    let mut found = Vec::new();
    let mut at = 0;
    while found.len() < MAX_BOARD_LINES {
        let rest = &text[at..];
        let Some(tag_at) = CODE_TAGS.iter().filter_map(|t| rest.find(t)).min() else {
            break;
        };
        let tag_at = at + tag_at;
        let line_start = text[at..tag_at].rfind('\n').map_or(at, |n| at + n + 1);
        // The code runs to the end of its token; if it reads, as far as the pieces it took.
        let token_end = text[tag_at..]
            .find(char::is_whitespace)
            .map_or(text.len(), |n| tag_at + n);
        let (end, key) = match CodeGame::decode(&text[tag_at..]) {
            Ok(game) => {
                let code = game.encode().unwrap_or_default();
                let end = span_of(text, tag_at, &code).unwrap_or(token_end);
                let words = own_words(&text[line_start..tag_at]);
                (end, format!("{words} {code}").trim().to_owned())
            }
            Err(_) => (token_end, text[line_start..token_end].trim().to_owned()),
        };
        found.push(FoundLine {
            text: text[line_start..end].trim().to_owned(),
            key,
        });
        at = end.max(tag_at + 1);
        while !text.is_char_boundary(at) {
            at += 1;
        }
    }
    found
}

/// Where in `text` the code that starts at `from` ends, its characters perhaps broken by
/// whitespace (a chat's line breaks).
fn span_of(text: &str, from: usize, code: &str) -> Option<usize> {
    let mut wanted = code.chars().peekable();
    for (offset, c) in text[from..].char_indices() {
        match wanted.peek() {
            None => return Some(from + offset),
            Some(w) if *w == c => {
                wanted.next();
            }
            Some(_) if c.is_whitespace() => {}
            Some(_) => return None,
        }
    }
    wanted.peek().is_none().then_some(text.len())
}

impl Service {
    /// A day's board (today's by default): the results pasted that verified, best first, with
    /// the player's own, and the lines that did not.
    pub fn board(&self, request: &BoardRequest) -> ServiceResult<Board> {
        let date = board_date(request.date.as_deref())?;
        self.board_of(&date)
    }

    /// Pastes share lines onto a day's board, a bounded share of them per call: each is
    /// verified (its code replayed, its words checked) and kept, verified or refused, once.
    pub fn board_paste_with(
        &self,
        request: &BoardPaste,
        check: &Check,
    ) -> ServiceResult<BoardPasted> {
        if request.text.len() > MAX_PASTE_BYTES {
            return Err(ServiceError::TooLarge(format!(
                "paste at most {} KB of text at a time",
                MAX_PASTE_BYTES / 1024
            )));
        }
        let date = board_date(request.date.as_deref())?;
        let lines = find_lines(&request.text);
        let mut out = BoardPasted {
            board: Board {
                date: date.clone(),
                rows: Vec::new(),
                refused: Vec::new(),
            },
            found: lines.len() as u32,
            next: None,
            added: 0,
            already: 0,
        };
        let started = Instant::now();
        for (index, line) in lines.iter().enumerate().skip(request.from as usize) {
            if index > request.from as usize && started.elapsed() >= PASTE_TIME {
                out.next = Some(index as u32);
                break;
            }
            let held = self.with_db(|log| Ok(log.board(&date)?))?;
            let order = held.len() as u32 + 1;
            let entry = self.check_line(&date, line, order, check)?;
            let kept = serde_json::to_string(&entry)?;
            if self.with_db(|log| Ok(log.board_put(&date, &line.key, &kept)?))? {
                out.added += 1;
            } else {
                out.already += 1;
            }
        }
        out.board = self.board_of(&date)?;
        Ok(out)
    }

    /// Verifies one found line for `date`'s board.
    fn check_line(
        &self,
        date: &str,
        line: &FoundLine,
        order: u32,
        check: &Check,
    ) -> ServiceResult<Entry> {
        let refused = |refused: RefusedKind, reason: String| Entry::Refused {
            order,
            line: line.text.chars().take(SHOWN_CHARS).collect(),
            refused,
            reason,
        };
        let verified = match self.verify_code_with(
            &CodeText {
                code: line.text.clone(),
            },
            check,
        ) {
            Ok(verified) => verified,
            Err(error @ ServiceError::Cancelled(_)) => return Err(error),
            Err(ServiceError::BadCode(why)) => return Ok(refused(RefusedKind::Altered, why)),
            Err(ServiceError::Version(why)) => return Ok(refused(RefusedKind::Version, why)),
            Err(ServiceError::CodeRefused(why)) => return Ok(refused(RefusedKind::Claim, why)),
            Err(other) => return Ok(refused(RefusedKind::Unchecked, other.to_string())),
        };
        Ok(match &verified.daily {
            None => refused(
                RefusedKind::AnotherDay,
                "it verifies, but it is not a daily challenge: only the day's daily goes on its board".to_owned(),
            ),
            Some(daily) if daily.date != date => refused(
                RefusedKind::AnotherDay,
                format!("it verifies, but it is the daily of {}, not of {date}", daily.date),
            ),
            Some(daily) => verified_entry(&verified, order, !daily.scored, &line.text),
        })
    }

    /// `date`'s board as kept, with the player's own result, ranked.
    fn board_of(&self, date: &str) -> ServiceResult<Board> {
        let kept = self.with_db(|log| Ok(log.board(date)?))?;
        let mut entries: Vec<Entry> = kept
            .iter()
            .filter_map(|e| serde_json::from_str(e).ok())
            .collect();
        entries.sort_by_key(Entry::order);
        let own = self
            .list_games()?
            .into_iter()
            .filter(|g| !g.watched && g.ended)
            .filter(|g| g.daily.as_ref().is_some_and(|d| d.date == date && d.scored))
            .find_map(|g| Some((g.code?, g.result?, g.score?, g.round)));
        let own_game = own
            .as_ref()
            .and_then(|(code, ..)| CodeGame::decode(code).ok());
        let mut rows: Vec<(u32, BoardRow)> = Vec::new();
        let mut refused = Vec::new();
        for entry in entries {
            match entry {
                Entry::Verified {
                    order,
                    name,
                    result,
                    round,
                    score,
                    undos,
                    practice,
                    code,
                    ..
                } => {
                    // The player's own line pasted back is their own row, not a friend's.
                    let same = CodeGame::decode(&code)
                        .ok()
                        .map(|g| CodeGame { name: None, ..g });
                    if same.is_some() && same == own_game {
                        continue;
                    }
                    let who = name.unwrap_or_else(|| format!("A friend (line {order})"));
                    rows.push((
                        order,
                        BoardRow {
                            rank: 0,
                            who,
                            yours: false,
                            result,
                            round,
                            score,
                            undos,
                            practice,
                            code,
                        },
                    ));
                }
                Entry::Refused {
                    line,
                    refused: kind,
                    reason,
                    ..
                } => refused.push(BoardRefused { line, kind, reason }),
            }
        }
        if let Some((code, result, score, round)) = own {
            let undos = own_game.as_ref().map_or(0, |g| {
                g.choices
                    .iter()
                    .filter(|c| matches!(c, super::challenge::Choice::Undo(_)))
                    .count() as u32
            });
            rows.push((
                0,
                BoardRow {
                    rank: 0,
                    who: "You".to_owned(),
                    yours: true,
                    result,
                    round,
                    score,
                    undos,
                    practice: false,
                    code,
                },
            ));
        }
        rows.sort_by_key(|(order, r)| (Reverse(r.score), r.round, r.undos, *order));
        let rows = rows
            .into_iter()
            .enumerate()
            .map(|(i, (_, row))| BoardRow {
                rank: i as u32 + 1,
                ..row
            })
            .collect();
        Ok(Board {
            date: date.to_owned(),
            rows,
            refused,
        })
    }

    /// Every board entry, as the history file carries it: `(date, the line as pasted)`.
    pub(super) fn board_lines(&self) -> ServiceResult<Vec<(String, String)>> {
        let kept = self.with_db(|log| Ok(log.boards()?))?;
        Ok(kept
            .into_iter()
            .filter_map(
                |(date, entry)| match serde_json::from_str::<Entry>(&entry).ok()? {
                    Entry::Verified { line, .. } | Entry::Refused { line, .. } => {
                        Some((date, line))
                    }
                },
            )
            .collect())
    }
}

/// The entry of a line that verified.
fn verified_entry(verified: &VerifiedCode, order: u32, practice: bool, line: &str) -> Entry {
    Entry::Verified {
        order,
        name: verified.name.clone(),
        result: verified.result.clone(),
        round: verified.round,
        score: verified.score.as_ref().map_or(0, |s| s.total),
        undos: verified.undos,
        practice,
        code: verified.code.clone(),
        line: line.to_owned(),
    }
}

/// The board's day: the one asked for, or today.
fn board_date(date: Option<&str>) -> ServiceResult<String> {
    match date {
        Some(date) => parse_date(date)
            .map(|d| d.format("%Y-%m-%d").to_string())
            .map_err(ServiceError::BadRequest),
        None => Ok(today().format("%Y-%m-%d").to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_found_in_a_chat_with_codes_broken_and_words_around() {
        use crate::service::challenge::{Choice, Claim, CodeSeat, hash_prefix};
        let game = CodeGame {
            rules_version: 1,
            bots_version: Some(1),
            content: hash_prefix("149fe6286cc240ab52b3137940887557"),
            seed: 42,
            mode: crate::service::Mode::Challenge,
            setup: crate::service::SetupChoice::Preset,
            two_player_variant: false,
            rounds: Some(15),
            seats: vec![CodeSeat::Person],
            daily: None,
            choices: vec![Choice::Bare(1), Choice::Listed(3)],
            claim: Claim {
                result: "loss".to_owned(),
                score: 189,
                round: 1,
                state: [1, 2, 3, 4, 5, 6, 7, 8],
            },
            name: None,
            layout: Default::default(),
        };
        let code = game.encode().unwrap();
        let chat = format!(
            "Anna: look!\nWarwick daily 2026-11-26 — Lost in round 1 — 189 points, no undos — {code} beat that\n\
             Bob: mine {}\n{} ok\nnot a code W2-zzzz here\n",
            &code[..20],
            &code[20..]
        );
        let found = find_lines(&chat);
        assert_eq!(found.len(), 3, "{found:?}");
        assert_eq!(
            found[0].key,
            format!("Warwick daily 2026-11-26 — Lost in round 1 — 189 points, no undos — {code}")
        );
        assert!(found[0].text.starts_with("Warwick daily 2026-11-26"));
        assert!(found[0].text.ends_with(&code));
        assert_eq!(
            found[1].key, code,
            "a code broken over two lines is read whole"
        );
        assert_eq!(
            found[1].text,
            format!("Bob: mine {}\n{}", &code[..20], &code[20..])
        );
        assert!(found[2].key.ends_with("W2-zzzz"));
        assert!(find_lines("no codes here").is_empty());
    }
}
