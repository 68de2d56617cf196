//! [`best`]: the Hard player's search. Each iteration draws one sample of the hidden
//! information ([`crate::bots::Legal::sample`], never the true state), tries every candidate on
//! it, plays each forward with Normal players in every seat up to a horizon, and scores the
//! end with [`super::value`]. Trying all candidates on the same sample with the same playout
//! generator compares them on equal terms. The work is a fixed number of samples (each a
//! playout per candidate), never a clock, so the same seed and budget give the same choice.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use super::value;
use crate::bots::NormalBot;
use crate::bots::bot::{Decision, Meter};
use crate::rules::{self, Command, State};

/// Samples of the hidden information per decision at tables of three factions or more when
/// the caller gives no budget; each sample plays every candidate out once, so a decision costs
/// this many playouts per candidate (up to five candidates).
pub const DEFAULT_SAMPLES: u32 = 16;
/// Samples per decision in two-faction games: a playout moves half as many factions, so twice
/// the samples cost about what a four-faction decision does (CPU p99 ~0.5 s, docs/bots.md).
pub const TWO_FACTION_SAMPLES: u32 = 32;

/// The Hard player's samples per decision at a table of `factions`, when the caller gives no
/// budget (the app and the arena alike).
pub fn default_samples(factions: usize) -> u32 {
    if factions <= 2 {
        TWO_FACTION_SAMPLES
    } else {
        DEFAULT_SAMPLES
    }
}

/// Samples per decision at most, whatever the caller asks.
const MAX_SAMPLES: u32 = 128;
/// How many rounds after the current one a playout runs before its end is scored.
const HORIZON_ROUNDS: u32 = 4;
/// Samples after which candidates that have scored exactly alike on each are taken to lead
/// to the same positions, and the search stops.
const PROBE_SAMPLES: usize = 2;
/// How many standard errors another candidate's paired gain must reach to overturn the
/// Normal player's first wish.
const MARGIN: f64 = 1.0;
/// Values closer than this are alike.
const ALIKE: f64 = 1e-9;
/// The work one playout command counts for, in commands a replay decides: a Normal player's
/// decision and the command, about ten times a replayed command's cost (measured with
/// `warwick codes --bots hard`, docs/solo-challenge.md). Counted for verification only.
const PLAYOUT_WORK: u64 = 10;
/// Commands a playout may apply at most (a guard; rounds take ~100 in 4-faction games).
const MAX_PLAYOUT_COMMANDS: u64 = 2000;

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
    /// The chosen command's place in the shortlist (0: the Normal player's own first wish).
    pub index: usize,
    /// Every candidate's mean value, in shortlist order.
    pub means: Vec<f64>,
}

/// The shortlisted command that fares best over the samples with what the search found, or
/// `None` when the list is empty. With one candidate, or no game behind the list to sample,
/// the first is kept unsearched; so is it when the first samples score every candidate
/// exactly alike (they lead to the same positions: nothing to weigh, and the budget is saved).
/// Adds the commands its playouts applied to `work` (what verifying this choice costs again).
pub fn best(
    decision: &Decision<'_>,
    shortlist: &[Command],
    player: &NormalBot,
    rng: &mut Xoshiro256PlusPlus,
    work: &mut u64,
) -> Option<(Command, Option<Searched>)> {
    let first = shortlist.first()?;
    if shortlist.len() == 1 {
        return Some((first.clone(), None));
    }
    let samples = match decision.budget {
        0 => default_samples(decision.view.factions.len()),
        b => b.min(MAX_SAMPLES),
    } as usize;
    let mut totals = vec![0.0_f64; shortlist.len()];
    // Each candidate's value less the first's, sample by sample (paired: same sample and seed).
    let mut gains: Vec<Vec<f64>> = vec![Vec::with_capacity(samples); shortlist.len()];
    let mut tried = 0;
    let mut apart = false;
    for _ in 0..samples {
        let Some(sample) = decision.legal.sample(rng) else {
            return Some((first.clone(), None));
        };
        let playout_seed = rng.next_u64();
        let mut first_value = None;
        for ((command, total), gain) in shortlist.iter().zip(totals.iter_mut()).zip(&mut gains) {
            let (v, applied) = playout(decision, &sample, command, player, playout_seed);
            *work += applied * PLAYOUT_WORK;
            if decision.meter.is_some_and(Meter::stopped) {
                // The check gave up: this choice will not count.
                return Some((first.clone(), None));
            }
            let base = *first_value.get_or_insert(v);
            apart |= (v - base).abs() > ALIKE;
            gain.push(v - base);
            *total += v;
        }
        tried += 1;
        if !apart && tried >= PROBE_SAMPLES {
            return Some((first.clone(), None));
        }
    }
    let samples = tried;
    // The Normal player's first wish stands unless another beats it clearly: by more than
    // its paired gains' standard error (a lucky run of samples does not overturn it). Among
    // those, the best mean; ties keep the Normal player's order.
    let mut chosen = 0;
    for (i, gain) in gains.iter().enumerate().skip(1) {
        if clearly_ahead(gain) && totals[i] > totals[chosen] + ALIKE {
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
        index: chosen,
        means: totals.iter().map(|t| mean(*t)).collect(),
    };
    shortlist.get(chosen).map(|c| (c.clone(), Some(found)))
}

/// Whether paired gains over the first candidate are positive by more than their standard
/// error.
fn clearly_ahead(gains: &[f64]) -> bool {
    let n = gains.len() as f64;
    if gains.is_empty() {
        return false;
    }
    let mean = gains.iter().sum::<f64>() / n;
    let spread = gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    mean > MARGIN * (spread / n).sqrt() + ALIKE
}

/// Plays `command` on the sample, then Normal players in every seat until the horizon, and
/// scores the end for the deciding seat, with the commands applied on the way. A command the
/// sample refuses scores nothing.
fn playout(
    decision: &Decision<'_>,
    sample: &State,
    command: &Command,
    player: &NormalBot,
    seed: u64,
) -> (f64, u64) {
    let me = decision.me;
    let Ok((_, after)) = rules::decide_and_apply(decision.content, sample, me, command) else {
        return (0.0, 1);
    };
    let state = after.unwrap_or_else(|| sample.clone());
    let horizon = decision.view.clock.round + HORIZON_ROUNDS;
    let mut table = player.playout_table(decision.content, state, seed);
    while table.commands < MAX_PLAYOUT_COMMANDS && table.state().clock.round <= horizon {
        if decision.meter.is_some_and(|m| !m.spend(PLAYOUT_WORK)) {
            break;
        }
        match table.step() {
            Ok(true) => {}
            Ok(false) | Err(_) => break,
        }
    }
    (
        value(decision.content, table.state(), me),
        table.commands + 1,
    )
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::rand_core::SeedableRng;

    use super::*;
    use crate::bots::{Bot, BotKind, LiveLegal, Table, make_bot};
    use crate::content::Content;
    use crate::rules::{Setup, Viewer, view};

    /// The samples of the first decision a Hard player searches in a Normal game of `players`.
    fn first_search_samples(players: u8) -> usize {
        let content = Content::embedded().expect("content");
        let bots = (0..players).map(|i| make_bot(BotKind::Normal, i)).collect();
        let mut table = Table::new(&content, &Setup::new(players, 5), bots).expect("table");
        while table.commands < 5_000 {
            let Some(turn) = table.next().expect("next") else {
                break;
            };
            let state = table.state().clone();
            let legal = LiveLegal::new(&content, &state, turn.faction);
            let seat_view = view(
                &content,
                &state,
                Viewer::Faction {
                    faction: turn.faction,
                },
            );
            let decision = Decision {
                content: &content,
                me: turn.faction,
                view: &seat_view,
                legal: &legal,
                budget: 0,
                meter: None,
            };
            let mut hard = NormalBot::hard(turn.faction);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(table.commands);
            hard.choose(&decision, &mut rng);
            if let Some(found) = hard.searched() {
                return found.samples;
            }
            let command = table.choose(&turn).expect("choose");
            table.apply(&turn, &command).expect("apply");
        }
        panic!("no searched decision in a {players}-faction game");
    }

    #[test]
    fn two_faction_decisions_draw_twice_the_samples() {
        // The two games side by side: one of the library's longest tests (CI time).
        let (two, four) = std::thread::scope(|scope| {
            let two = scope.spawn(|| first_search_samples(2));
            let four = first_search_samples(4);
            (
                two.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
                four,
            )
        });
        assert_eq!(two, TWO_FACTION_SAMPLES as usize);
        assert_eq!(four, DEFAULT_SAMPLES as usize);
    }
}
