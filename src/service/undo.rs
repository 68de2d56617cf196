//! Undo: an appended `Undone` row naming the rows it cancels (a person's command and all that
//! followed), so the state is the replay of the rows in force and the log keeps everything.
//! Owns the two policies: casual undoes to any earlier decision of the person; challenge never
//! undoes across an event that revealed information or used randomness. Must not remove rows.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::Content;
use crate::rules::{FactionIdx, describe_command};
use crate::store::GameId;

use super::core::{Service, Session};
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::Mode;
use super::play::expect_head;
use super::records::{Row, UndoneRecord};
use super::seat_view::{GameStatus, status};

/// What an undo would cancel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UndoOffer {
    /// The seq of the command that would be taken back.
    #[ts(type = "number")]
    pub command_seq: u64,
    /// The seat that gave it.
    pub by: FactionIdx,
    /// The command, in plain English.
    pub description: String,
    /// How many rows (commands and events, the bots' included) it cancels.
    #[ts(type = "number")]
    pub rows: u64,
}

/// A request to undo.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct UndoRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seq the player saw the game at.
    #[ts(type = "number")]
    pub expected_last_seq: u64,
    /// Undo back to before this command (its seq); the person's last command when absent.
    #[ts(type = "number | null")]
    #[serde(default)]
    pub to_seq: Option<u64>,
}

/// What undo would cancel now: the person's last command (or the one at `to_seq`) and
/// everything after it; or why it is not allowed, in words a player reads.
pub(super) fn undo_offer(
    content: &Content,
    session: &Session,
    to_seq: Option<u64>,
) -> Result<UndoOffer, String> {
    let Some(person) = session.person() else {
        return Err(
            "this game is played by bots only: there is no decision of yours to take \
                    back"
                .to_owned(),
        );
    };
    undo_policy(content, session.mode, &session.history, person, to_seq)
}

/// The undo policy, for a live game and for verification alike: `by` may take back one of its
/// own commands still in force (`to_seq`, or its last) with everything after it, never a bot's
/// or another seat's; and in challenge mode never past a command whose events revealed
/// information or used chance. `by` must be the game's person (the caller checks).
pub(super) fn undo_policy(
    content: &Content,
    mode: Mode,
    history: &History,
    by: FactionIdx,
    to_seq: Option<u64>,
) -> Result<UndoOffer, String> {
    // Once the game has ended its result stands: every hand may then be looked at, so a
    // take-back would be a second try with the cards face up.
    if history.current().outcome.is_some() {
        return Err(
            "the game has ended: its result stands and nothing can be taken back".to_owned(),
        );
    }
    let stack = history.stack();
    let index = match to_seq {
        Some(seq) => stack
            .iter()
            .rposition(|b| b.start == seq)
            .filter(|&i| stack[i].by == Some(by))
            .ok_or_else(|| {
                format!("the row at seq {seq} is not a decision of yours that still stands")
            })?,
        None => stack
            .iter()
            .rposition(|b| b.by == Some(by))
            .ok_or_else(|| {
                "you have no decision to take back yet (or every one has been undone)".to_owned()
            })?,
    };
    if mode == Mode::Challenge
        && let Some(batch) = stack[index..].iter().find(|b| b.irreversible)
    {
        let whose = match batch.by {
            Some(who) if who == by => "your own command".to_owned(),
            Some(who) => format!(
                "{}'s command",
                crate::rules::faction_name(content, history.current(), who)
            ),
            None => "the set-up".to_owned(),
        };
        return Err(format!(
            "in challenge mode undo never goes back past a move that drew a card, used chance \
             or revealed something hidden, and {whose} \u{201c}{}\u{201d} did",
            command_words(content, history, batch.start)
        ));
    }
    let batch = &stack[index];
    let end = stack.last().map_or(batch.end, |b| b.end);
    Ok(UndoOffer {
        command_seq: batch.start,
        by,
        description: command_words(content, history, batch.start),
        rows: end - batch.start + 1,
    })
}

/// The command recorded at `seq`, in plain English (empty if that row is not a command).
fn command_words(content: &Content, history: &History, seq: u64) -> String {
    let Some(index) = seq.checked_sub(1) else {
        return String::new();
    };
    match history.rows().get(index as usize) {
        Some(Row::Command(record)) => {
            let state = history.state_at(content, index);
            describe_command(content, &state, &record.command)
        }
        _ => String::new(),
    }
}

impl Service {
    /// Takes back the person's last command (or back to `to_seq`) with everything after it,
    /// by appending an `Undone` row.
    pub fn undo(&self, request: &UndoRequest) -> ServiceResult<GameStatus> {
        self.with_game(request.game, |g| {
            expect_head(g.session, request.expected_last_seq)?;
            let offer =
                undo_offer(g.content, g.session, request.to_seq).map_err(ServiceError::Undo)?;
            let to = g.session.history.stack().last().map_or(0, |b| b.end);
            let row = Row::Undone(UndoneRecord {
                from: offer.command_seq,
                to,
                by: offer.by,
            });
            g.append(vec![row])?;
            status(g)
        })
    }
}
