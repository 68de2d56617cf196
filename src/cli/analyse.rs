//! `warwick analyse`: the post-game analysis measured. Plays a seeded game of a person's seat
//! (played by a Normal bot) against Normal bots to its end, then estimates every round's
//! chances as the app does, round after round, and prints the figures and the time taken.

use crate::cli::output::out;
use std::time::Instant;

use clap::Args;

use warwick::bots::BotKind;
use warwick::service::{AnalysisRequest, Mode, NewGame, PLAYOUTS_PER_ROUND, SeatPlayer, Service};

use super::CliResult;

/// Arguments of `warwick analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// Factions in the game (2-5).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// The game's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Plays the game, analyses it and prints one JSON line.
pub fn run(args: AnalyseArgs) -> CliResult {
    let service = Service::new();
    let mut request = NewGame::bots_around(args.players, Some(0), Mode::Casual, args.seed);
    for seat in &mut request.seats {
        if let SeatPlayer::Bot { tier, .. } = seat {
            *tier = BotKind::Normal;
        }
    }
    let status = service.create_game(&request)?;
    let status = service.autoplay(status.game, BotKind::Normal, args.seed)?;
    let started = Instant::now();
    let mut rounds = Vec::new();
    let mut index = 0;
    loop {
        let step = service.analysis_round(&AnalysisRequest {
            game: status.game,
            index,
        })?;
        let total = step.rounds;
        rounds.push(step);
        index += 1;
        if index >= total {
            break;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let summary = serde_json::json!({
        "players": args.players,
        "seed": args.seed,
        "rounds": rounds.len(),
        "playouts_per_round": PLAYOUTS_PER_ROUND,
        "cores": std::thread::available_parallelism().map_or(1, |n| n.get()),
        "elapsed_s": elapsed,
        "chances": rounds.iter().map(|r| (r.round, r.chances.clone())).collect::<Vec<_>>(),
    });
    out!("{summary}")?;
    Ok(())
}
