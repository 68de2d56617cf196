//! [`best`]: the Hard player's search. Each iteration draws one sample of the hidden
//! information ([`crate::bots::Legal::sample`], never the true state), tries every candidate on
//! it, plays each forward with Normal players in every seat up to a horizon, and scores the
//! end with [`super::value`]. Trying all candidates on the same sample with the same playout
//! generator compares them on equal terms. The work is a fixed number of playouts, never a
//! clock, so the same seed and budget give the same choice.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use super::value;
use crate::bots::NormalBot;
use crate::bots::bot::Decision;
use crate::rules::{self, Command, State};

/// Playouts per decision when the caller gives no budget.
pub const DEFAULT_PLAYOUTS: u32 = 36;
/// Playouts per decision at most, whatever the caller asks.
const MAX_PLAYOUTS: u32 = 512;
/// How many rounds after the current one a playout runs before its end is scored.
const HORIZON_ROUNDS: u32 = 3;
/// Commands a playout may apply at most (a guard; rounds take ~100 in 4-faction games).
const MAX_PLAYOUT_COMMANDS: u64 = 1500;

/// What one search found: how the chosen command and the best other one fared (each a mean
/// of [`super::value`] over the samples), for advice to put in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// Hidden-information samples tried.
    pub samples: usize,
    /// Commands compared.
    pub candidates: usize,
    /// The chosen command's mean value.
    pub chosen: f64,
    /// The best other command's mean value.
    pub runner_up: f64,
}

/// The shortlisted command that fares best over the samples with what the search found, or
/// `None` when the list is empty. With one candidate, or no game behind the list to sample,
/// the first is kept unsearched.
pub fn best(
    decision: &Decision<'_>,
    shortlist: &[Command],
    player: &NormalBot,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(Command, Option<Searched>)> {
    let first = shortlist.first()?;
    if shortlist.len() == 1 {
        return Some((first.clone(), None));
    }
    let budget = match decision.budget {
        0 => DEFAULT_PLAYOUTS,
        b => b.min(MAX_PLAYOUTS),
    };
    let samples = (budget as usize / shortlist.len()).max(1);
    let mut totals = vec![0.0_f64; shortlist.len()];
    for _ in 0..samples {
        let Some(sample) = decision.legal.sample(rng) else {
            return Some((first.clone(), None));
        };
        let playout_seed = rng.next_u64();
        for (command, total) in shortlist.iter().zip(totals.iter_mut()) {
            *total += playout(decision, &sample, command, player, playout_seed);
        }
    }
    // Ties keep the Normal player's order (the shortlist comes in its order of wishes).
    let mut chosen = 0;
    for (i, total) in totals.iter().enumerate() {
        if *total > totals[chosen] + 1e-9 {
            chosen = i;
        }
    }
    let mean = |total: f64| total / samples as f64;
    let runner_up = totals
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != chosen)
        .map(|(_, t)| mean(*t))
        .fold(0.0, f64::max);
    let found = Searched {
        samples,
        candidates: shortlist.len(),
        chosen: mean(totals[chosen]),
        runner_up,
    };
    shortlist.get(chosen).map(|c| (c.clone(), Some(found)))
}

/// Plays `command` on the sample, then Normal players in every seat until the horizon, and
/// scores the end for the deciding seat. A command the sample refuses scores nothing.
fn playout(
    decision: &Decision<'_>,
    sample: &State,
    command: &Command,
    player: &NormalBot,
    seed: u64,
) -> f64 {
    let me = decision.me;
    let Ok((_, after)) = rules::decide_and_apply(decision.content, sample, me, command) else {
        return 0.0;
    };
    let state = after.unwrap_or_else(|| sample.clone());
    let horizon = decision.view.clock.round + HORIZON_ROUNDS;
    let mut table = player.playout_table(decision.content, state, seed);
    while table.commands < MAX_PLAYOUT_COMMANDS && table.state().clock.round <= horizon {
        match table.step() {
            Ok(true) => {}
            Ok(false) | Err(_) => break,
        }
    }
    value(decision.content, table.state(), me)
}
