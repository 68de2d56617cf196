//! The timeline: the rows in force grouped as rounds → turns → phases → entries, each entry a
//! command or event with its plain-English description and the seq to travel to. Undone rows
//! are listed apart. Must not change anything.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::{FactionIdx, State, evolve, initial_state};
use crate::store::GameId;

use super::core::Service;
use super::error::ServiceResult;
use super::records::Row;
use super::seat_view::{reader, row_text};

/// One command or event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TimelineEntry {
    /// Its seq (travel to it with `state_at`).
    #[ts(type = "number")]
    pub seq: u64,
    /// `Command` or the event's kind.
    pub kind: String,
    /// Who gave it (commands).
    pub by: Option<FactionIdx>,
    /// Plain English.
    pub description: String,
    /// Whether it revealed information or used randomness.
    pub irreversible: bool,
    /// What it did to any faction's pieces and places, in words (events only).
    pub affected: Vec<crate::rules::Affected>,
}

/// A phase of a turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TimelinePhase {
    /// The phase's name.
    pub phase: String,
    /// Its entries.
    pub entries: Vec<TimelineEntry>,
}

/// A faction's turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TimelineTurn {
    /// The active faction.
    pub faction: FactionIdx,
    /// Its phases.
    pub phases: Vec<TimelinePhase>,
}

/// A round (0 is the set-up).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TimelineRound {
    /// The round.
    pub round: u32,
    /// Its turns.
    pub turns: Vec<TimelineTurn>,
}

/// A cancelled stretch of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct UndoneSpan {
    /// The undo row.
    #[ts(type = "number")]
    pub seq: u64,
    /// The first row it cancelled.
    #[ts(type = "number")]
    pub from: u64,
    /// The last.
    #[ts(type = "number")]
    pub to: u64,
}

/// A game's timeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Timeline {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// Where its history ends.
    #[ts(type = "number")]
    pub head: u64,
    /// The rows in force.
    pub rounds: Vec<TimelineRound>,
    /// The undos.
    pub undone: Vec<UndoneSpan>,
}

impl Service {
    /// The game's timeline.
    pub fn timeline(&self, game: GameId) -> ServiceResult<Timeline> {
        self.with_game(game, |g| {
            let (content, session) = (g.content, &*g.session);
            let viewer = reader(session);
            let history = &session.history;
            let mut state: State = initial_state(content, &session.options.setup);
            let mut rounds: Vec<TimelineRound> = Vec::new();
            for seq in history.in_force() {
                let Some(row) = history.rows().get(seq as usize - 1) else {
                    continue;
                };
                if let Row::Undone(_) = row {
                    continue;
                }
                let text = row_text(content, &state, seq, row, viewer);
                let entry = TimelineEntry {
                    seq: text.seq,
                    kind: text.kind,
                    by: text.by,
                    description: text.description,
                    irreversible: text.irreversible,
                    affected: text.affected,
                };
                place(&mut rounds, &state, entry);
                if let Row::Event(event) = row {
                    evolve(content, &mut state, event);
                }
            }
            let undone = history
                .rows()
                .iter()
                .enumerate()
                .filter_map(|(i, row)| match row {
                    Row::Undone(u) => Some(UndoneSpan {
                        seq: i as u64 + 1,
                        from: u.from,
                        to: u.to,
                    }),
                    _ => None,
                })
                .collect();
            Ok(Timeline {
                game,
                head: history.head(),
                rounds,
                undone,
            })
        })
    }
}

/// Files an entry under the round, turn and phase of the state it happened in.
fn place(rounds: &mut Vec<TimelineRound>, state: &State, entry: TimelineEntry) {
    let clock = &state.clock;
    if rounds.last().is_none_or(|r| r.round != clock.round) {
        rounds.push(TimelineRound {
            round: clock.round,
            turns: Vec::new(),
        });
    }
    let Some(round) = rounds.last_mut() else {
        return;
    };
    if round.turns.last().is_none_or(|t| t.faction != clock.active) {
        round.turns.push(TimelineTurn {
            faction: clock.active,
            phases: Vec::new(),
        });
    }
    let Some(turn) = round.turns.last_mut() else {
        return;
    };
    let phase = clock.phase.name();
    if turn.phases.last().is_none_or(|p| p.phase != phase) {
        turn.phases.push(TimelinePhase {
            phase: phase.to_owned(),
            entries: Vec::new(),
        });
    }
    if let Some(last) = turn.phases.last_mut() {
        last.entries.push(entry);
    }
}
