//! `warwick sim ... --db FILE`, the stored half: plays bot games through the service so each
//! one is recorded in the database, and prints per-game results. Must not hold rule logic.

use std::collections::BTreeMap;
use std::path::Path;

use warwick::bots::BotKind;
use warwick::rules::{Outcome, VictoryKind};
use warwick::service::{Mode, NewGame, SeatPlayer, Service};

use super::CliResult;
use super::sim::SimArgs;

/// Plays `sim.games` bot games into the database at `db`, with the bots of `sim.bots` rotated
/// one seat per game and the round cap of `sim.rounds`, as the in-memory run does; returns a
/// JSON summary (games, completed, wins by bot and seat, victory types, errors, game ids,
/// rows).
pub fn run_stored(
    db: &Path,
    sim: &SimArgs,
) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let service = Service::open(db)?;
    let kinds = BotKind::parse_list(&sim.bots)?;
    let players = usize::from(sim.players);
    let line_up: Vec<BotKind> = (0..players).map(|i| kinds[i % kinds.len()]).collect();
    let max_commands = usize::try_from(sim.max_commands)?;
    let (mut completed, mut capped, mut errors, mut ids, mut rows) =
        (0, 0, Vec::new(), Vec::new(), 0);
    let mut wins_by_bot: BTreeMap<&str, u32> = BTreeMap::new();
    let mut wins_by_seat = vec![0u32; players];
    let mut victory_types: BTreeMap<&str, u32> = BTreeMap::new();
    for index in 0..sim.games {
        let seed = sim.seed.wrapping_add(u64::from(index));
        let seats: Vec<BotKind> = (0..players)
            .map(|i| line_up[(i + players - (index as usize % players)) % players])
            .collect();
        let mut request = NewGame::bots_around(sim.players, None, Mode::Casual, seed);
        request.seats = seats
            .iter()
            .enumerate()
            .map(|(i, kind)| SeatPlayer::Bot {
                tier: kind.key().to_owned(),
                seed: seed.wrapping_add(i as u64 + 1),
            })
            .collect();
        request.time_limit_rounds = (sim.rounds > 0).then_some(sim.rounds);
        match service.simulate(&request, max_commands) {
            Ok(status) => {
                rows += status.head;
                ids.push(status.game);
                let Some(outcome) = status.outcome else {
                    continue;
                };
                let outcome: Outcome = serde_json::from_value(outcome)?;
                completed += 1;
                capped += u32::from(outcome.kind == VictoryKind::MinorPrestige);
                *victory_types.entry(outcome.kind.key()).or_default() += 1;
                let mut won: Vec<BotKind> = Vec::new();
                for w in &outcome.winners {
                    let seat = usize::from(*w);
                    if let Some(slot) = wins_by_seat.get_mut(seat) {
                        *slot += 1;
                    }
                    if let Some(kind) = seats.get(seat)
                        && !won.contains(kind)
                    {
                        won.push(*kind);
                    }
                }
                for kind in won {
                    *wins_by_bot.entry(kind.key()).or_default() += 1;
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
        "completed": completed,
        "needed_round_cap": capped,
        "wins_by_bot": wins_by_bot,
        "wins_by_seat": wins_by_seat,
        "victory_types": victory_types,
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
        println!("{summary}");
    } else {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    }
    Ok(())
}
