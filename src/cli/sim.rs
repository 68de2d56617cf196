//! `warwick sim`: plays seeded games with random bots to the end and prints a summary
//! (games, completed, errors, invariant violations, victory types, mean rounds, events per
//! game).

use std::collections::BTreeMap;

use clap::Args;
use warwick::content::Content;
use warwick::rules::{self, Setup};

use super::CliResult;

/// Arguments of `warwick sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub(super) games: u32,
    /// Players per game (2-5).
    #[arg(long, default_value_t = 3)]
    pub(super) players: u8,
    /// Bot kind (only `random`).
    #[arg(long, default_value = "random")]
    bots: String,
    /// First seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Optional time limit in rounds (Minor Victory when reached).
    #[arg(long)]
    rounds: Option<u32>,
    /// Command cap per game before it counts as unfinished.
    #[arg(long, default_value_t = 20000)]
    pub(super) max_commands: u32,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
}

/// Runs the simulation.
pub fn run(args: SimArgs) -> CliResult {
    let content = Content::embedded().map_err(|r| format!("content: {r:?}"))?;
    let mut completed = 0u32;
    let mut errors = 0u32;
    let mut violations = 0u32;
    let mut kinds: BTreeMap<String, u32> = BTreeMap::new();
    let mut rounds = 0u64;
    let mut events_total = 0u64;
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(u64::from(g));
        let mut setup = Setup::new(args.players, seed);
        setup.time_limit_rounds = args.rounds;
        let (mut state, events) = rules::start(&content, &setup)?;
        let mut events_count = events.len() as u64;
        let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..args.max_commands {
            if state.outcome.is_some() {
                break;
            }
            let Some(&faction) = rules::awaiting(&state).first() else {
                break;
            };
            let legal = rules::legal_commands(&content, &state, faction);
            if legal.is_empty() {
                errors += 1;
                break;
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let command = &legal[(pick % legal.len() as u64) as usize];
            match rules::decide(&content, &state, faction, command) {
                Ok(new) => {
                    for event in &new {
                        rules::evolve(&content, &mut state, event);
                    }
                    events_count += new.len() as u64;
                }
                Err(_) => {
                    errors += 1;
                    break;
                }
            }
            if !rules::invariants::check(&content, &state).is_empty() {
                violations += 1;
            }
        }
        if let Some(outcome) = &state.outcome {
            completed += 1;
            *kinds.entry(outcome.kind.key().to_owned()).or_default() += 1;
        }
        rounds += u64::from(state.clock.round);
        events_total += events_count;
    }
    let games = f64::from(args.games.max(1));
    let summary = serde_json::json!({
        "games": args.games,
        "players": args.players,
        "bots": args.bots,
        "completed": completed,
        "errors": errors,
        "invariant_violations": violations,
        "victory_types": kinds,
        "mean_rounds": rounds as f64 / games,
        "events_per_game": events_total as f64 / games,
    });
    if args.json {
        println!("{summary}");
    } else {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    }
    Ok(())
}
