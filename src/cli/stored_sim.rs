//! `warwick sim ... --db FILE`, the stored half: plays bot games through the service so each
//! one is recorded in the database, and prints per-game results. Must not hold rule logic.

use crate::cli::output::out;
use std::path::Path;

use warwick::rules::Outcome;
use warwick::service::{Mode, NewGame, SeatPlayer, Service};

use super::CliResult;
use super::sim::{Results, SeatBot, SimArgs, line_up, seats_for};

/// Plays `sim.games` bot games into the database at `db`, with the bots of `sim.bots` rotated
/// one seat per game and the round cap of `sim.rounds`, as the in-memory run does; returns a
/// JSON summary (games, completed, wins by bot and seat, victory types, errors, game ids,
/// rows).
pub fn run_stored(
    db: &Path,
    sim: &SimArgs,
) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let service = Service::open(db)?;
    let line_up = line_up(&sim.bots, sim.players)?;
    if let Some(old) = line_up.iter().find(|b| *b != &SeatBot::current(b.kind)) {
        return Err(Box::new(crate::cli::output::Usage(format!(
            "`{}`: a stored game is played by this Warwick's bots",
            old.key()
        ))));
    }
    let max_commands = usize::try_from(sim.max_commands)?;
    let (mut errors, mut ids, mut rows) = (Vec::new(), Vec::new(), 0);
    let mut results = Results::new(line_up.len());
    for index in 0..sim.games {
        let seed = sim.seed.wrapping_add(u64::from(index));
        let seats = seats_for(&line_up, index);
        let mut request = NewGame::bots_around(sim.players, None, Mode::Casual, seed);
        request.seats = seats
            .iter()
            .enumerate()
            .map(|(i, bot)| SeatPlayer::Bot {
                tier: bot.kind,
                seed: seed.wrapping_add(i as u64 + 1),
            })
            .collect();
        request.time_limit_rounds = (sim.rounds > 0).then_some(sim.rounds);
        match service.simulate(&request, max_commands) {
            Ok(status) => {
                rows += status.head;
                ids.push(status.game);
                if let Some(outcome) = status.outcome {
                    let outcome: Outcome = serde_json::from_value(outcome)?;
                    results.record(&seats, &outcome);
                }
            }
            Err(error) => errors.push(error.to_string()),
        }
    }
    Ok(serde_json::json!({
        "games": sim.games,
        "players": sim.players,
        "bots": line_up.iter().map(|k| k.key()).collect::<Vec<_>>(),
        "seed": sim.seed,
        "round_cap": sim.rounds,
        "completed": results.completed,
        "needed_round_cap": results.capped,
        "wins_by_bot": results.wins_by_bot,
        "wins_by_seat": results.wins_by_seat,
        "victory_types": results.victory_types,
        "errors": errors.len(),
        "error_messages": errors,
        "game_ids": ids,
        "rows": rows,
        "db": db.display().to_string(),
    }))
}

/// `warwick sim` with `--db`: the rules' simulation options, plus where to store each game.
#[derive(Debug, clap::Args)]
pub struct SimWithDb {
    #[command(flatten)]
    sim: super::sim::SimArgs,
    /// Store each game in this database file (played through the service: each command is
    /// one transaction, and the game can then be replayed, verified and exported).
    #[arg(long)]
    db: Option<std::path::PathBuf>,
}

/// Runs `warwick sim`: the rules' in-memory simulation, or with `--db` the stored one.
pub fn run(args: SimWithDb) -> CliResult {
    let Some(db) = args.db else {
        return super::sim::run(args.sim);
    };
    let sim = args.sim;
    let summary = run_stored(&db, &sim)?;
    if sim.json {
        out!("{summary}")?;
    } else {
        out!("{}", serde_json::to_string_pretty(&summary)?)?;
    }
    Ok(())
}
