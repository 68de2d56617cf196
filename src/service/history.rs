//! [`History`]: a game's decoded rows replayed in memory. Keeps the state at the end, the
//! stack of batches still in force (set-up, then one per command; an undo pops batches), and
//! snapshots every [`SNAPSHOT_EVERY`] rows so the state at any seq is a snapshot plus a few
//! `evolve` calls. Must not touch the store or decide anything: it only applies what is recorded.

use crate::content::Content;
use crate::rules::{Event, FactionIdx, State, evolve};

use super::records::{GameRow, Row, UndoneRecord};

/// Rows between two in-memory snapshots.
pub const SNAPSHOT_EVERY: u64 = 128;

/// A set of rows that stand or fall together: the set-up events, or one command and the
/// events it produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The first row (the command; 1 for the set-up).
    pub start: u64,
    /// The last row.
    pub end: u64,
    /// Who gave the command (`None` for the set-up).
    pub by: Option<FactionIdx>,
    /// Whether one of its events revealed information or used randomness.
    pub irreversible: bool,
}

/// A recorded row that does not fit the history (an undo of something not in force, a second
/// game row).
#[derive(Debug, thiserror::Error)]
#[error("the row at seq {seq} does not fit the history: {reason}")]
pub struct BadRow {
    /// The row.
    pub seq: u64,
    /// Why.
    pub reason: String,
}

/// A game's rows, replayed.
#[derive(Clone, Debug)]
pub struct History {
    rows: Vec<Row>,
    stack: Vec<Batch>,
    /// `(seq of the undo row, first seq it cancels)`, in order.
    undos: Vec<(u64, u64)>,
    /// `(seq, state after that row)`, in order; the first is `(0, initial state)`.
    snapshots: Vec<(u64, State)>,
    current: State,
}

impl History {
    /// An empty history starting from the initial state.
    pub fn new(initial: State) -> Self {
        Self {
            rows: Vec::new(),
            stack: Vec::new(),
            undos: Vec::new(),
            snapshots: vec![(0, initial.clone())],
            current: initial,
        }
    }

    /// The seq of the last row (0 when empty).
    pub fn head(&self) -> u64 {
        self.rows.len() as u64
    }

    /// The state at the end.
    pub fn current(&self) -> &State {
        &self.current
    }

    /// Every row, index = seq − 1.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The batches in force, oldest first.
    pub fn stack(&self) -> &[Batch] {
        &self.stack
    }

    /// Applies the next row.
    pub fn push(&mut self, content: &Content, row: Row) -> Result<(), BadRow> {
        let seq = self.head() + 1;
        match &row {
            // The game row opens the set-up batch; the set-up events extend it.
            Row::Game(_) if seq == 1 => self.stack.push(Batch {
                start: seq,
                end: seq,
                by: None,
                irreversible: false,
            }),
            Row::Game(_) => {
                return Err(BadRow {
                    seq,
                    reason: "a game row may only be the first row".to_owned(),
                });
            }
            Row::Event(event) => self.apply_event(content, seq, event),
            Row::Command(record) => self.stack.push(Batch {
                start: seq,
                end: seq,
                by: Some(record.by),
                irreversible: false,
            }),
            Row::Undone(record) => self.apply_undo(content, seq, *record)?,
            Row::Resigned(record) => {
                if self.current.outcome.is_some() {
                    return Err(BadRow {
                        seq,
                        reason: "a resignation after the game has ended".to_owned(),
                    });
                }
                self.current.outcome = Some(record.outcome(self.current.players()));
                // In force, so the timeline and the log show it; by no command, so no undo
                // counts it as a decision to take back.
                self.stack.push(Batch {
                    start: seq,
                    end: seq,
                    by: None,
                    irreversible: true,
                });
            }
        }
        self.rows.push(row);
        if seq.is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push((seq, self.current.clone()));
        }
        Ok(())
    }

    fn apply_event(&mut self, content: &Content, seq: u64, event: &Event) {
        evolve(content, &mut self.current, event);
        match self.stack.last_mut() {
            Some(batch) => {
                batch.end = seq;
                batch.irreversible |= event.is_irreversible();
            }
            None => self.stack.push(Batch {
                start: seq,
                end: seq,
                by: None,
                irreversible: event.is_irreversible(),
            }),
        }
    }

    fn apply_undo(
        &mut self,
        content: &Content,
        seq: u64,
        undo: UndoneRecord,
    ) -> Result<(), BadRow> {
        let bad = |reason: String| BadRow { seq, reason };
        let end = self.stack.last().map_or(0, |b| b.end);
        if undo.to != end {
            return Err(bad(format!(
                "it cancels up to seq {}, but the history in force ends at seq {end}",
                undo.to
            )));
        }
        let Some(index) = self
            .stack
            .iter()
            .position(|b| b.start == undo.from && b.by.is_some())
        else {
            return Err(bad(format!(
                "seq {} is not a command still in force",
                undo.from
            )));
        };
        self.stack.truncate(index);
        self.current = self.state_at(content, undo.from - 1);
        self.undos.push((seq, undo.from));
        Ok(())
    }

    /// The state right after row `seq` (0 = before any row), as it stood then. Seqs past the
    /// end give the state at the end.
    pub fn state_at(&self, content: &Content, seq: u64) -> State {
        if seq >= self.head() {
            return self.current.clone();
        }
        let snap = self.snapshots.partition_point(|(s, _)| *s <= seq);
        let (snap_seq, snap_state) = &self.snapshots[snap.saturating_sub(1)];
        let undo = self.undos.partition_point(|(s, _)| *s <= seq);
        let (mut state, from) = match undo.checked_sub(1).map(|i| self.undos[i]) {
            Some((undo_seq, cancelled)) if undo_seq > *snap_seq => {
                (self.state_at(content, cancelled - 1), undo_seq)
            }
            _ => (snap_state.clone(), *snap_seq),
        };
        for row in &self.rows[from as usize..seq as usize] {
            if let Row::Event(event) = row {
                evolve(content, &mut state, event);
            }
        }
        state
    }

    /// How many undos the history holds.
    pub fn undo_count(&self) -> usize {
        self.undos.len()
    }

    /// The game row, if the history has begun.
    pub fn game(&self) -> Option<&GameRow> {
        match self.rows.first() {
            Some(Row::Game(game)) => Some(game),
            _ => None,
        }
    }

    /// Seqs of the rows in force (not cancelled by an undo), in order; undo rows excluded.
    pub fn in_force(&self) -> impl Iterator<Item = u64> + '_ {
        self.stack.iter().flat_map(|b| b.start..=b.end)
    }
}
