//! Post-game analysis: each faction's chance of winning at the start of every round of a
//! finished game, estimated by playing the game on from that point many times with Normal
//! players in every seat. The cards the person could not see then are dealt afresh for each
//! playout ([`crate::rules::determinize`], from the person's seat), so the estimate uses only
//! what was known at the time, and each playout's seed follows from the game's, so the same
//! game always gets the same figures.
//!
//! Bounded work: one call estimates one round (its playouts spread over every core); the app
//! asks round after round in the background and draws its progress. Must not change a game.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::NormalBot;
use crate::content::Content;
use crate::rules::{FactionIdx, State, determinize, evolve, initial_state};
use crate::store::GameId;

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::records::Row;

/// Playouts per round.
pub const PLAYOUTS_PER_ROUND: u32 = 40;
/// Commands a playout may apply before it counts as unfinished (a guard; whole 4-faction
/// games take ~1,300).
const MAX_PLAYOUT_COMMANDS: u64 = 20_000;
/// Mixed into the game's seed for the analysis's playouts.
const ANALYSIS_SEED: u64 = 0xA7A1_7515_0000_0001;

/// Which round of a finished game to estimate: `index` counts the rounds from 0.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct AnalysisRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// Which round start, 0 for the first round.
    pub index: u32,
}

/// Each faction's chance of winning at the start of one round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoundChances {
    /// The index asked for.
    pub index: u32,
    /// How many round starts the game has (the analysis is done after the last).
    pub rounds: u32,
    /// The round.
    pub round: u32,
    /// The seq of the first row of the round (to open the timeline there).
    #[ts(type = "number")]
    pub seq: u64,
    /// Each faction's chance of winning, by seat, from 0 to 1 (a shared win counts shared).
    pub chances: Vec<f64>,
    /// Playouts behind the figures.
    pub playouts: u32,
}

impl Service {
    /// One round of a finished game's analysis.
    pub fn analysis_round(&self, request: &AnalysisRequest) -> ServiceResult<RoundChances> {
        // The end screen asks round after round; its last call may come after the person left
        // the screen, and must not keep the game loaded.
        self.with_game_as_found(request.game, |g| {
            let session = &*g.session;
            if session.history.current().outcome.is_none() {
                return Err(ServiceError::BadRequest(
                    "a game is analysed once it has ended".to_owned(),
                ));
            }
            let starts = round_starts(g.content, session);
            let rounds = u32::try_from(starts.len()).unwrap_or(u32::MAX);
            let (seq, state) = starts
                .into_iter()
                .nth(request.index as usize)
                .ok_or_else(|| {
                    ServiceError::BadRequest(format!(
                        "the game has {rounds} rounds to analyse, not {}",
                        request.index + 1
                    ))
                })?;
            let person = session.options.humans().first().copied().unwrap_or(0);
            let seed = session.record.seed ^ ANALYSIS_SEED ^ u64::from(request.index) << 40;
            let chances = chances(g.content, &state, person, seed, PLAYOUTS_PER_ROUND);
            Ok(RoundChances {
                index: request.index,
                rounds,
                round: state.clock.round,
                seq,
                chances,
                playouts: PLAYOUTS_PER_ROUND,
            })
        })
    }
}

/// The state at the start of each round of the rows in force, with the seq of its first row.
fn round_starts(content: &Content, session: &super::core::Session) -> Vec<(u64, State)> {
    let history = &session.history;
    let mut state = initial_state(content, &session.options.setup);
    let mut starts: Vec<(u64, State)> = Vec::new();
    let mut last_round = 0;
    for seq in history.in_force() {
        let Some(row) = history.rows().get(seq as usize - 1) else {
            continue;
        };
        if state.clock.round > last_round && matches!(row, Row::Command(_)) {
            last_round = state.clock.round;
            starts.push((seq, state.clone()));
        }
        if let Row::Event(event) = row {
            evolve(content, &mut state, event);
        }
    }
    starts
}

/// Each seat's share of `playouts` games played on from `state` by Normal players, the
/// playouts spread over every core.
pub fn chances(
    content: &Content,
    state: &State,
    person: FactionIdx,
    seed: u64,
    playouts: u32,
) -> Vec<f64> {
    let seats = state.factions.len();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, playouts.max(1) as usize);
    let mut wins = vec![0.0_f64; seats];
    // One set of the Normal players' tables for every playout.
    let player = NormalBot::prepared(person, content);
    let player = &player;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                scope.spawn(move || {
                    let mut mine = vec![0.0_f64; seats];
                    for k in (w as u32..playouts).step_by(workers) {
                        for (total, won) in mine
                            .iter_mut()
                            .zip(playout(content, state, person, player, seed, k))
                        {
                            *total += won;
                        }
                    }
                    mine
                })
            })
            .collect();
        for handle in handles {
            if let Ok(mine) = handle.join() {
                for (total, won) in wins.iter_mut().zip(mine) {
                    *total += won;
                }
            }
        }
    });
    wins.into_iter()
        .map(|w| w / f64::from(playouts.max(1)))
        .collect()
}

/// One playout: who won it (each winner's share), nothing for a game that did not finish.
fn playout(
    content: &Content,
    state: &State,
    person: FactionIdx,
    player: &NormalBot,
    seed: u64,
    k: u32,
) -> Vec<f64> {
    let seats = state.factions.len();
    let mix = seed ^ u64::from(k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix);
    let sample = determinize(state, person, &mut rng);
    let mut table = player.playout_table(content, sample, mix);
    let mut won = vec![0.0; seats];
    if let Ok(Some(outcome)) = table.play(MAX_PLAYOUT_COMMANDS) {
        let share = 1.0 / outcome.winners.len().max(1) as f64;
        for w in &outcome.winners {
            if let Some(slot) = won.get_mut(usize::from(*w)) {
                *slot = share;
            }
        }
    }
    won
}
