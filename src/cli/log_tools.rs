//! The event-log commands: `warwick new`, `replay`, `verify`, `export`, `import`, `timeline`
//! and `bench`. Each opens the database through the service and prints JSON or text; none
//! holds game logic.

use crate::cli::output::{out, out_part};
use std::path::PathBuf;

use clap::Args;

use super::CliResult;
use warwick::service::bench::{
    BenchOptions, COMMAND_P99_TARGET_US, REBUILD_OVER_READ_TARGET, run as run_bench,
};
use warwick::service::{AtSeq, Check, Mode, NewGame, Service};

/// `warwick new`: create a game with a person in one seat and random bots elsewhere.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// Number of seats (2–5).
    #[arg(long, default_value_t = 3)]
    players: u8,
    /// The person's seat (0-based); all bots when absent.
    #[arg(long)]
    human: Option<u8>,
    /// `casual` or `challenge`.
    #[arg(long, default_value = "casual")]
    mode: String,
    /// The game's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `warwick replay`: the state at the end of a game (or at `--to`).
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// The game (the latest when absent).
    #[arg(long)]
    game: Option<i64>,
    /// Replay up to this seq.
    #[arg(long)]
    to: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `warwick verify`: a game in a database, or a log file.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The database file (every game in it unless `--game`).
    #[arg(long, conflicts_with = "log")]
    db: Option<PathBuf>,
    /// One game.
    #[arg(long)]
    game: Option<i64>,
    /// A log file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// A replay code (or a share line holding one): replays the whole game and checks its
    /// claimed end; prints the verified outcome and score.
    #[arg(long, conflicts_with_all = ["db", "log"])]
    code: Option<String>,
    /// Take as long as the game's size allows: without it a check stops after a few seconds'
    /// work, as in the app (a long game of Hard bots may need more).
    #[arg(long)]
    patient: bool,
}

/// `warwick export`: a game as a log file.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// The game (the latest when absent).
    #[arg(long)]
    game: Option<i64>,
    /// Where to write (standard output when absent).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// `warwick import`: verify a log file and store it as a new game.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// The log file.
    #[arg(long)]
    log: PathBuf,
}

/// `warwick timeline`: rounds → turns → phases → events.
#[derive(Debug, Args)]
pub struct TimelineArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// The game (the latest when absent).
    #[arg(long)]
    game: Option<i64>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// `warwick bench`: the event log's figures on a recorded game.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Factions in the recorded game.
    #[arg(long, default_value_t = 5)]
    players: u8,
    /// Its seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the database here (a temporary file when absent).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Commands the bots may give in the recorded game.
    #[arg(long, default_value_t = 5_000)]
    max_commands: usize,
}

fn game_or_latest(service: &Service, game: Option<i64>) -> Result<i64, Box<dyn std::error::Error>> {
    match game {
        Some(id) => Ok(id),
        None => service
            .game_ids()?
            .last()
            .copied()
            .ok_or_else(|| "the database holds no game".into()),
    }
}

/// Runs `warwick new`.
pub fn new(args: NewArgs) -> CliResult {
    let mode = Mode::parse(&args.mode).ok_or("--mode is casual or challenge")?;
    let service = Service::open(&args.db)?;
    let created = service.create_game(&NewGame::bots_around(
        args.players,
        args.human,
        mode,
        args.seed,
    ))?;
    // The service gives the bots a bounded share per call; the CLI lets them play on until a
    // person must decide or the game ends.
    service.play_bots(created.game, warwick::service::MAX_BOT_COMMANDS)?;
    let status = service.status(created.game)?;
    out!("{}", serde_json::to_string_pretty(&status)?)?;
    Ok(())
}

/// Runs `warwick replay`.
pub fn replay(args: ReplayArgs) -> CliResult {
    let service = Service::open(&args.db)?;
    let game = game_or_latest(&service, args.game)?;
    let head = service.status(game)?.head;
    let at = service.state_at(&AtSeq {
        game,
        seq: args.to.unwrap_or(head),
        faction: None,
    })?;
    if args.json {
        let out = serde_json::json!({
            "game": game,
            "seq": at.seq,
            "head": at.head,
            "state_hash": at.state_hash,
            "round": at.round,
            "phase": at.phase,
            "step": at.step,
            "active": at.active,
        });
        out!("{}", serde_json::to_string_pretty(&out)?)?;
    } else {
        out!(
            "game {game} at seq {} of {}: round {}, {} step {}, state {}",
            at.seq,
            at.head,
            at.round,
            at.phase,
            at.step,
            at.state_hash
        )?;
    }
    Ok(())
}

/// Runs `warwick verify`.
pub fn verify(args: VerifyArgs) -> CliResult {
    let check = Check::patient(args.patient);
    if let Some(code) = args.code {
        let verified =
            Service::new().verify_code_with(&warwick::service::CodeText { code }, &check)?;
        out!("{}", serde_json::to_string_pretty(&verified)?)?;
        return Ok(());
    }
    if let Some(log) = args.log {
        let text = std::fs::read_to_string(&log)?;
        let verified = Service::new().verify_log_with(&text, &check)?;
        out!("{}", serde_json::to_string_pretty(&verified)?)?;
        return Ok(());
    }
    let db = args.db.ok_or("give --db FILE or --log FILE")?;
    let service = Service::open(&db)?;
    let ids = match args.game {
        Some(id) => vec![id],
        None => service.game_ids()?,
    };
    for id in ids {
        let verified = service.verify_with(id, &check)?;
        out!("{}", serde_json::to_string(&verified)?)?;
    }
    Ok(())
}

/// Runs `warwick export`.
pub fn export(args: ExportArgs) -> CliResult {
    let service = Service::open(&args.db)?;
    let game = game_or_latest(&service, args.game)?;
    let text = service.export(game)?.text;
    match args.out {
        Some(path) => warwick::service::write_atomically(&path, text.as_bytes())?,
        None => out_part!("{text}")?,
    }
    Ok(())
}

/// Runs `warwick import`.
pub fn import(args: ImportArgs) -> CliResult {
    let text = std::fs::read_to_string(&args.log)?;
    let imported = Service::open(&args.db)?.import(&text)?;
    out!("{}", serde_json::to_string_pretty(&imported)?)?;
    Ok(())
}

/// Runs `warwick timeline`.
pub fn timeline(args: TimelineArgs) -> CliResult {
    let service = Service::open(&args.db)?;
    let game = game_or_latest(&service, args.game)?;
    let timeline = service.timeline(game)?;
    if args.json {
        out!("{}", serde_json::to_string_pretty(&timeline)?)?;
        return Ok(());
    }
    for round in &timeline.rounds {
        out!("Round {}", round.round)?;
        for turn in &round.turns {
            out!("  Turn of seat {}", turn.faction)?;
            for phase in &turn.phases {
                out!("    {}", phase.phase)?;
                for entry in &phase.entries {
                    out!("      {:>6}  {}", entry.seq, entry.description)?;
                }
            }
        }
    }
    for span in &timeline.undone {
        out!(
            "undo at seq {}: cancelled seq {}..={}",
            span.seq,
            span.from,
            span.to
        )?;
    }
    Ok(())
}

/// Runs `warwick bench`.
pub fn bench(args: BenchArgs) -> CliResult {
    let report = run_bench(&BenchOptions {
        players: args.players,
        seed: args.seed,
        db: args.db,
        max_commands: args.max_commands,
        ..BenchOptions::default()
    })?;
    if args.json {
        out!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        out!(
            "recorded game: {} rows, {} commands, finished: {}",
            report.rows,
            report.commands,
            report.finished
        )?;
        out!(
            "(a) read + decode all rows:     {:.3} ms",
            report.read_decode_ms
        )?;
        out!(
            "(b) rebuild the final state:    {:.3} ms",
            report.rebuild_ms
        )?;
        out!(
            "    b/a:                        {:.2} (target <= {REBUILD_OVER_READ_TARGET})",
            report.rebuild_over_read
        )?;
        out!(
            "(c) command p50 / p99:          {:.0} / {:.0} us (target p99 <= {COMMAND_P99_TARGET_US})",
            report.command_p50_us,
            report.command_p99_us
        )?;
        for (label, [decide, hash, store, evolve]) in [
            ("p50", report.command_parts_p50_us),
            ("p99", report.command_parts_p99_us),
        ] {
            out!(
                "    {label} by part: decide {decide:.0}, state hash {hash:.0}, store {store:.0}, \
                 evolve {evolve:.0} us"
            )?;
        }
        out!(
            "(d) state at a seq p50 / p99:   {:.3} / {:.3} ms (target <= 5)",
            report.state_at_p50_ms,
            report.state_at_p99_ms
        )?;
        out!(
            "    cold from SQLite p50 / p99: {:.3} / {:.3} ms",
            report.state_at_cold_p50_ms,
            report.state_at_cold_p99_ms
        )?;
        for miss in &report.misses {
            out!("MISSED: {miss}")?;
        }
    }
    Ok(())
}
