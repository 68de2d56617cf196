//! The Solo Challenge on the command line: `warwick daily` (a day's challenge, or played to its
//! end by a bot in the person's seat with its replay code), `warwick stats` (the history of a
//! database) and `warwick codes` (replay codes measured: length, the time to play each game
//! beside the time to verify its code, and the round trip game → code → verified replay over
//! many seeded games).

use crate::cli::output::{Usage, out};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use warwick::bots::BotKind;
use warwick::service::{
    AtSeq, Check, CodeText, DailyRequest, GameRequest, Mode, NewGame, SeatPlayer, Service,
};

use super::CliResult;

/// `warwick daily`: a day's challenge.
#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The day (`YYYY-MM-DD`, UTC); today when absent.
    #[arg(long)]
    date: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Play the challenge with a bot of this tier (`random`, `normal`) in the person's seat,
    /// its choices recorded as the person's.
    #[arg(long)]
    autoplay: Option<String>,
    /// With `--autoplay`: print the finished game's replay code as the last line.
    #[arg(long)]
    code: bool,
    /// With `--autoplay`: the seed of the bot in the person's seat (the day's seed when
    /// absent), so that many different players of one day can be made.
    #[arg(long)]
    seed: Option<u64>,
    /// Keep the game in this database (a private in-memory one when absent).
    #[arg(long)]
    db: Option<PathBuf>,
}

/// `warwick stats`: the history kept in a database.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The database file.
    #[arg(long)]
    db: PathBuf,
    /// Print JSON (the default is the same JSON, pretty).
    #[arg(long)]
    json: bool,
}

/// `warwick codes`: replay codes measured over seeded full games.
#[derive(Debug, Args)]
pub struct CodesArgs {
    /// Play dailies instead: one day each, from the first (2026-11-26) on (the day's own line-up, set-up and
    /// rounds; `--players`, `--rounds` and `--bots` then do not apply).
    #[arg(long)]
    dailies: bool,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Factions (the person and Normal bots).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// The round limit.
    #[arg(long, default_value_t = 30)]
    rounds: u32,
    /// The first seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bots' tier.
    #[arg(long, default_value = "normal")]
    bots: String,
    /// The tier that plays the person's choices.
    #[arg(long, default_value = "normal")]
    person: String,
    /// Check each code however long it takes (without it a check stops at the app's cap).
    #[arg(long)]
    patient: bool,
}

/// Runs `warwick daily`.
pub fn daily(args: DailyArgs) -> CliResult {
    let service = match &args.db {
        Some(path) => Service::open(path)?,
        None => Service::new(),
    };
    let request = DailyRequest { date: args.date };
    let status = service.daily(&request)?;
    let Some(tier) = args.autoplay else {
        if args.json {
            out!("{}", serde_json::to_string(&status.daily)?)?;
        } else {
            out!("{}", serde_json::to_string_pretty(&status)?)?;
        }
        return Ok(());
    };
    let tier = BotKind::parse(&tier).map_err(|e| Usage(e.to_string()))?;
    let started = service.start_daily(&request)?;
    let ended = service.autoplay(started.game, tier, args.seed.unwrap_or(status.daily.seed))?;
    let score = ended.score.as_ref();
    let round = service
        .state_at(&AtSeq {
            game: ended.game,
            seq: ended.head,
            faction: None,
        })?
        .round;
    out!(
        "{}",
        serde_json::json!({
            "game": ended.game,
            "date": status.daily.date,
            "result": score.map(|s| s.result.clone()),
            "score": score.map(|s| s.total),
            "round": round,
        })
    )?;
    if args.code {
        out!(
            "{}",
            service.replay_code(&GameRequest { game: ended.game })?.code
        )?;
    }
    Ok(())
}

/// Runs `warwick stats`.
pub fn stats(args: StatsArgs) -> CliResult {
    let service = Service::open(&args.db)?;
    let stats = service.stats()?;
    if args.json {
        out!("{}", serde_json::to_string(&stats)?)?;
    } else {
        out!("{}", serde_json::to_string_pretty(&stats)?)?;
    }
    Ok(())
}

/// Runs `warwick codes`: for each seed, a full game of the person (played by a Normal bot)
/// against Normal bots, its code, and the code verified by a fresh service; the round trip
/// must give the same final state, result and score. Each game's play (created and played to
/// its end through the service, as the app plays it: the bots' and the person's decisions,
/// decide, evolve and storing) is timed beside its code's verification, so the two compare
/// game for game in one run.
pub fn codes(args: CodesArgs) -> CliResult {
    let mut lengths = Vec::new();
    let mut play_ms = Vec::new();
    let mut encode_ms = Vec::new();
    let mut verify_ms = Vec::new();
    let mut ratios = Vec::new();
    let mut steps = Vec::new();
    let mut per_round = Vec::new();
    let mut mismatches = Vec::new();
    let bots = BotKind::parse(&args.bots).map_err(|e| Usage(e.to_string()))?;
    let person = BotKind::parse(&args.person).map_err(|e| Usage(e.to_string()))?;
    let check = Check::patient(args.patient);
    let verifier = Service::new();
    let started = Instant::now();
    for seed in args.seed..args.seed + args.games {
        let service = Service::new();
        let mut request = NewGame::bots_around(args.players, Some(0), Mode::Challenge, seed);
        for seat in &mut request.seats {
            if let SeatPlayer::Bot { tier, .. } = seat {
                *tier = bots;
            }
        }
        request.time_limit_rounds = Some(args.rounds);
        let clock = Instant::now();
        let game = if args.dailies {
            let first = chrono::NaiveDate::from_ymd_opt(2026, 11, 26).ok_or("no first day")?;
            let day = first + chrono::Duration::days((seed - args.seed) as i64);
            service
                .start_daily(&DailyRequest {
                    date: Some(day.format("%Y-%m-%d").to_string()),
                })?
                .game
        } else {
            service.create_game(&request)?.game
        };
        let ended = service.autoplay(game, person, seed)?;
        let played = clock.elapsed().as_secs_f64() * 1e3;
        play_ms.push(played);
        let clock = Instant::now();
        let code = service.replay_code(&GameRequest { game: ended.game })?.code;
        encode_ms.push(clock.elapsed().as_secs_f64() * 1e3);
        lengths.push(code.len());
        let hash = service
            .state_at(&AtSeq {
                game: ended.game,
                seq: ended.head,
                faction: None,
            })?
            .state_hash;
        let clock = Instant::now();
        let verified = verifier.verify_code_with(&CodeText { code }, &check);
        let verified_ms = clock.elapsed().as_secs_f64() * 1e3;
        verify_ms.push(verified_ms);
        ratios.push(verified_ms / played.max(1e-3));
        match verified {
            Ok(v) if v.final_state_hash == hash && v.score == ended.score => {
                steps.push(v.checked_steps as f64);
                per_round.push(
                    v.checked_steps as f64 / f64::from(v.round.max(1)) / f64::from(args.players),
                );
            }
            Ok(v) => mismatches.push(format!(
                "seed {seed}: the replay gives {} ({:?}), the game {:?}",
                v.result,
                v.score.map(|s| s.total),
                ended.score.map(|s| s.total)
            )),
            Err(error) => mismatches.push(format!("seed {seed}: {error}")),
        }
    }
    lengths.sort_unstable();
    let total_ms: f64 = verify_ms.iter().sum();
    let total_steps: f64 = steps.iter().sum();
    verify_ms.sort_by(f64::total_cmp);
    play_ms.sort_by(f64::total_cmp);
    encode_ms.sort_by(f64::total_cmp);
    ratios.sort_by(f64::total_cmp);
    steps.sort_by(f64::total_cmp);
    per_round.sort_by(f64::total_cmp);
    let pct = |v: &[f64], p: f64| {
        v.get(((v.len() as f64 * p) as usize).min(v.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    let lens: Vec<f64> = lengths.iter().map(|l| *l as f64).collect();
    let ratio = |p: f64| {
        let play = pct(&play_ms, p);
        if play > 0.0 {
            pct(&verify_ms, p) / play
        } else {
            0.0
        }
    };
    out!(
        "{}",
        serde_json::to_string_pretty(&serde_json::json!({
            "games": args.games,
            "dailies": args.dailies,
            "players": args.players,
            "rounds": args.rounds,
            "code_chars_p50": pct(&lens, 0.5),
            "code_chars_p99": pct(&lens, 0.99),
            "code_chars_max": lens.last(),
            "play_ms_p50": pct(&play_ms, 0.5),
            "play_ms_p99": pct(&play_ms, 0.99),
            "play_ms_max": play_ms.last(),
            "code_ms_p50": pct(&encode_ms, 0.5),
            "code_ms_p99": pct(&encode_ms, 0.99),
            "verify_ms_p50": pct(&verify_ms, 0.5),
            "verify_ms_p99": pct(&verify_ms, 0.99),
            "verify_ms_max": verify_ms.last(),
            "verify_over_play_p50": ratio(0.5),
            "verify_over_play_p99": ratio(0.99),
            "verify_over_play_per_game_p50": pct(&ratios, 0.5),
            "verify_over_play_per_game_max": ratios.last(),
            "check_steps_p50": pct(&steps, 0.5),
            "check_steps_p99": pct(&steps, 0.99),
            "check_steps_max": steps.last(),
            "check_steps_per_faction_round_p50": pct(&per_round, 0.5),
            "check_steps_per_faction_round_max": per_round.last(),
            "us_per_step": if total_steps > 0.0 { total_ms * 1e3 / total_steps } else { 0.0 },
            "round_trip_mismatches": mismatches,
            "seconds": started.elapsed().as_secs_f64(),
            "cpus": std::thread::available_parallelism().map_or(1, usize::from),
        }))?
    )?;
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(format!("{} codes did not replay to their game", mismatches.len()).into())
    }
}
