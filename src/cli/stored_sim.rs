//! `warwick sim ... --db FILE`, the stored half: plays bot games through the service so each
//! one is recorded in the database, and prints per-game results. Must not hold rule logic.

use std::path::Path;

use warwick::service::{Mode, NewGame, Service};

use super::CliResult;

/// Plays `games` bot games of `players` seats from `seed` into the database at `db`; returns
/// a JSON summary (games, completed, errors, game ids, rows).
pub fn run_stored(
    db: &Path,
    games: u32,
    players: u8,
    seed: u64,
    max_commands: usize,
) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let service = Service::open(db)?;
    let (mut completed, mut errors, mut ids, mut rows) = (0, Vec::new(), Vec::new(), 0);
    for index in 0..games {
        let request = NewGame::bots_around(
            players,
            None,
            Mode::Casual,
            seed.wrapping_add(u64::from(index)),
        );
        match service.simulate(&request, max_commands) {
            Ok(status) => {
                completed += u32::from(status.outcome.is_some());
                rows += status.head;
                ids.push(status.game);
            }
            Err(error) => errors.push(error.to_string()),
        }
    }
    Ok(serde_json::json!({
        "games": games,
        "completed": completed,
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
    let summary = run_stored(
        &db,
        sim.games,
        sim.players,
        sim.seed,
        usize::try_from(sim.max_commands)?,
    )?;
    if sim.json {
        println!("{summary}");
    } else {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    }
    Ok(())
}
