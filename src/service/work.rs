//! Bounded checking: the work a replay of a code or a log may do, and a caller's way to give
//! up on it. Work is counted in commands the rules decide (each replayed command and its
//! events, each trial decision when a whole list of legal commands is taken, each command a
//! searching bot applies in its playouts, the rows a bot re-reads after a take-back), never in
//! time, so the same code or log is accepted or refused alike on every machine. A replay is
//! given a budget before it starts, in proportion to the size of the game it claims to be
//! ([`budget_for`]), and never more than [`CHECK_CAP`] for a check someone is waiting on; a
//! replay that needs more is refused with a plain reason. Must not hold rule logic.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::bots::BotKind;

/// The most work a check someone waits on may do (a pasted code, a line of a history file or
/// of a friends' board): 1 to 2 s on the reference machine (2 cores; a step costs 1.5 to
/// 3 µs there as its load varies, docs/solo-challenge.md), leaving room for the one decision
/// that may pass it.
/// A daily's whole game is a tenth of it.
pub const CHECK_CAP: u64 = 700_000;

/// Work allowed per faction and round for a faction played by a person or a heuristic bot:
/// an honest round costs up to 2,100 (Normal bots and the person), 3,600 for Random bots
/// (measured, docs/solo-challenge.md); the rest is margin.
const PER_FACTION_ROUND: u64 = 10_000;

/// Work allowed per Hard bot and round on top: its searches cost about 400,000 a round.
const PER_HARD_ROUND: u64 = 2_000_000;

/// Work allowed per take-back the game holds: the state rebuilt, and each bot seat re-reading
/// the rows in force.
pub const PER_UNDO: u64 = 20_000;

/// Work every replay may do whatever its size (the set-up, a first decision).
const BASE: u64 = 100_000;

/// A caller's way to give up on a piece of work it no longer waits for: a check that finds it
/// set stops at its next step. Cloned handles share one flag.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A handle not yet set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Gives the work up (the caller went away).
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the work was given up.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Why work stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// It needed more than a game of its size ever does: not an honest game.
    #[error(
        "it needs more checking than a game of its size ever does (over {limit} steps): it is \
         not a game Warwick played"
    )]
    OverBudget {
        /// The budget it had.
        limit: u64,
    },
    /// It needed more than one check someone waits on may take ([`CHECK_CAP`]).
    #[error(
        "it is too long a game to check here (over {limit} steps, a few seconds' work); \
         `warwick verify --code CODE --patient` checks it however long it takes"
    )]
    OverCap {
        /// The cap.
        limit: u64,
    },
    /// The caller gave it up.
    #[error("the check was given up: nobody waits for it any more")]
    Cancelled,
}

/// How a check may run: the most work it may do whatever the game's size (a check someone
/// waits on has [`CHECK_CAP`]) and the handle its caller gives it up with.
#[derive(Clone, Debug)]
pub struct Check {
    /// The cap, or `None` to take as long as the game's size allows (the command line's
    /// `--patient`; the app and the server never).
    pub cap: Option<u64>,
    /// Set when the caller goes away.
    pub cancel: Option<Cancel>,
}

impl Default for Check {
    fn default() -> Self {
        Check {
            cap: Some(CHECK_CAP),
            cancel: None,
        }
    }
}

impl Check {
    /// A check someone waits on, given up through `cancel`.
    pub fn waited(cancel: Cancel) -> Check {
        Check {
            cancel: Some(cancel),
            ..Check::default()
        }
    }

    /// A check as long as the game's size allows, or capped as in the app.
    pub fn patient(patient: bool) -> Check {
        Check {
            cap: (!patient).then_some(CHECK_CAP),
            cancel: None,
        }
    }

    /// The limit of a game whose size allows `size` steps, and whether it is the cap.
    fn limit(&self, size: u64) -> (u64, bool) {
        match self.cap {
            Some(cap) if size > cap => (cap, true),
            _ => (size, false),
        }
    }

    /// The work of one replay of a game whose size allows `size` steps: that many, or the
    /// cap when less.
    pub fn work(&self, size: u64) -> Work<'_> {
        let (limit, capped) = self.limit(size);
        Work {
            used: 0,
            limit,
            capped,
            cancel: self.cancel.as_ref(),
        }
    }
}

/// The work one replay has done, against its budget.
#[derive(Clone, Debug)]
pub struct Work<'a> {
    used: u64,
    limit: u64,
    /// Whether the limit is the cap rather than the game's own size.
    capped: bool,
    cancel: Option<&'a Cancel>,
}

impl<'a> Work<'a> {
    /// A budget of `limit` steps, given up when `cancel` is set.
    pub fn new(limit: u64, cancel: Option<&'a Cancel>) -> Work<'a> {
        Work {
            used: 0,
            limit,
            capped: false,
            cancel,
        }
    }

    /// No bound (a check the caller asked to take as long as it needs).
    pub fn unbounded(cancel: Option<&'a Cancel>) -> Work<'a> {
        Work::new(u64::MAX, cancel)
    }

    /// Counts `steps` of work: an error once the budget is passed or the caller gave up.
    pub fn spend(&mut self, steps: u64) -> Result<(), Stopped> {
        self.used = self.used.saturating_add(steps);
        if self.cancel.is_some_and(Cancel::is_cancelled) {
            return Err(Stopped::Cancelled);
        }
        if self.used > self.limit {
            let limit = self.limit;
            return Err(if self.capped {
                Stopped::OverCap { limit }
            } else {
                Stopped::OverBudget { limit }
            });
        }
        Ok(())
    }

    /// Lets the work grow to what a game of a larger size allows (a log's replay, whose size
    /// shows as it goes), never past the cap of a check someone waits on.
    pub fn grow(&mut self, size: u64, check: &Check) {
        let (limit, capped) = check.limit(size);
        if limit > self.limit {
            self.limit = limit;
            self.capped = capped;
        }
    }

    /// The steps left before the limit.
    pub fn left(&self) -> u64 {
        self.limit.saturating_sub(self.used)
    }

    /// Whether the caller gave the work up.
    pub fn given_up(&self) -> bool {
        self.cancel.is_some_and(Cancel::is_cancelled)
    }

    /// The steps counted so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// The budget.
    pub fn limit(&self) -> u64 {
        self.limit
    }
}

/// The budget of a replay of a game of these seats' bots over `rounds` rounds, in proportion
/// to its size, before any cap (take-backs are allowed for apart, [`PER_UNDO`]).
pub fn budget_for(bots: impl IntoIterator<Item = Option<BotKind>>, rounds: u32) -> u64 {
    let rounds = u64::from(rounds.max(1));
    let per_round: u64 = bots
        .into_iter()
        .map(|bot| match bot {
            Some(BotKind::Hard) => PER_FACTION_ROUND + PER_HARD_ROUND,
            Some(BotKind::Random | BotKind::Easy | BotKind::Normal) | None => PER_FACTION_ROUND,
        })
        .sum();
    BASE.saturating_add(per_round.saturating_mul(rounds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_stops_past_its_budget_and_when_given_up() {
        let mut work = Work::new(10, None);
        assert_eq!(work.spend(10), Ok(()));
        assert_eq!(work.spend(1), Err(Stopped::OverBudget { limit: 10 }));
        let cancel = Cancel::new();
        let mut work = Work::new(100, Some(&cancel));
        assert_eq!(work.spend(1), Ok(()));
        cancel.clone().cancel();
        assert_eq!(work.spend(1), Err(Stopped::Cancelled));
    }

    #[test]
    fn a_budget_grows_with_the_game_and_hard_bots_cost_more() {
        let normal = [None, Some(BotKind::Normal), Some(BotKind::Normal)];
        let hard = [None, Some(BotKind::Hard), Some(BotKind::Normal)];
        assert!(budget_for(normal, 15) > budget_for(normal, 5));
        assert!(budget_for(hard, 15) > budget_for(normal, 15));
        assert!(budget_for([None, Some(BotKind::Normal)], 15) < budget_for(normal, 15));
    }
}
