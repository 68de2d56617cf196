//! [`value`]: how good a position is for one faction, from 0 (lost) to 1 (won), as the Hard
//! player's search scores the end of a playout. A finished game scores its result; an
//! unfinished one scores the faction's share of what wins games: Prestige (15.08, 15.10) and
//! the Royals it holds (15.02: holding the surviving Royals wins).

use crate::content::Content;
use crate::rules::state::{RoyalPlace, State};
use crate::rules::{FactionIdx, prestige};

/// Weight of one Royal held, in Prestige points.
const ROYAL: f64 = 5.0;
/// Extra weight of a crowned Royal held.
const CROWNED: f64 = 4.0;
/// Weight of each Noble in play (strength to act with).
const NOBLE: f64 = 0.6;
/// Softness of the share: a lead of this many points makes a faction e (~2.7) times as likely.
const TEMPERATURE: f64 = 4.0;

/// The position's worth to `me`: its result once the game is over, else its soft share of
/// the factions' standing.
pub fn value(content: &Content, state: &State, me: FactionIdx) -> f64 {
    if let Some(outcome) = &state.outcome {
        if outcome.winners.contains(&me) {
            return 1.0 / outcome.winners.len().max(1) as f64;
        }
        return 0.0;
    }
    let factions = state.factions.len();
    let mut standing = vec![0.0_f64; factions];
    for (i, score) in standing.iter_mut().enumerate() {
        *score = f64::from(prestige(content, state, i as FactionIdx));
    }
    for royal in state.royals.values() {
        if let RoyalPlace::With { noble } = &royal.place
            && let Some(holder) = state.nobles.get(noble)
            && let Some(score) = standing.get_mut(usize::from(holder.faction))
        {
            *score += ROYAL + if royal.crowned { CROWNED } else { 0.0 };
        }
    }
    for noble in state.nobles.values() {
        if let Some(score) = standing.get_mut(usize::from(noble.faction)) {
            *score += NOBLE;
        }
    }
    let top = standing.iter().cloned().fold(f64::MIN, f64::max);
    let weights: Vec<f64> = standing
        .iter()
        .map(|s| ((s - top) / TEMPERATURE).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    weights.get(usize::from(me)).map_or(0.0, |w| w / total)
}
