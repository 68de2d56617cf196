//! `warwick sim`: plays seeded bot-only games to the end, rotating the bots through the seats,
//! and prints a summary (games, completed, wins by bot and seat, victory types, rounds, decision
//! times, games per second). Owns argument parsing, timing and the summary; must not hold game
//! or bot logic (that is `rules` and `bots::Table`).

use crate::cli::output::{Usage, out};
use std::collections::BTreeMap;
use std::time::Instant;

use clap::Args;
use warwick::bots::{BOTS_VERSION, BotError, BotKind, Table, bots_version_rederived, make_bot_at};
use warwick::content::Content;
use warwick::rules::{self, FactionIdx, Outcome, Setup, SetupKind, VictoryKind};

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
    /// Bot kinds, comma-separated, cycled to fill the seats and rotated one seat per game
    /// (`normal,random,random`); `kind@version` plays the choices of an older bots' version
    /// these bots still make (`hard,hard@3`).
    #[arg(long, default_value = "random")]
    pub(super) bots: String,
    /// First seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Round cap: the time limit in rounds, ending in a Minor Victory (0 = none).
    #[arg(long, default_value_t = 30)]
    pub(super) rounds: u32,
    /// Command cap per game before it counts as unfinished.
    #[arg(long, default_value_t = 200_000)]
    pub(super) max_commands: u64,
    /// Check the rules invariants after every command (slow).
    #[arg(long)]
    pub(super) check: bool,
    /// Set-up kind (3.01): `preset`, `controlled-random`, or `both` (alternating game by game,
    /// preset first).
    #[arg(long, default_value = "preset")]
    pub(super) setup: String,
    /// Print one JSON line.
    #[arg(long)]
    pub(super) json: bool,
}

/// Runs the simulation.
pub fn run(args: SimArgs) -> CliResult {
    let (summary, _) = play(&args)?;
    if args.json {
        out!("{summary}")?;
    } else {
        out!("{}", serde_json::to_string_pretty(&summary)?)?;
    }
    Ok(())
}

/// One finished game: the bots in each seat and the winning seats.
pub(super) struct Played {
    /// The bot in each seat.
    pub seats: Vec<SeatBot>,
    /// The seats that won (empty when everyone lost).
    pub winners: Vec<FactionIdx>,
}

/// Plays the games and returns the summary and each finished game.
pub(super) fn play(
    args: &SimArgs,
) -> Result<(serde_json::Value, Vec<Played>), Box<dyn std::error::Error>> {
    let mut played = Vec::new();
    let kinds: &[SetupKind] = match args.setup.as_str() {
        "preset" => &[SetupKind::Preset],
        "controlled-random" => &[SetupKind::ControlledRandom],
        "both" => &[SetupKind::Preset, SetupKind::ControlledRandom],
        other => {
            return Err(Box::new(Usage(format!(
                "unknown set-up `{other}` (known: preset, controlled-random, both)"
            ))));
        }
    };
    let content = Content::embedded().map_err(|r| format!("content: {r:?}"))?;
    let line_up = line_up(&args.bots, args.players)?;
    let players = line_up.len();
    let mut results = Results::new(players);
    let mut unfinished_seeds: Vec<u64> = Vec::new();
    let mut errors = 0u32;
    let mut error_kinds: BTreeMap<String, u32> = BTreeMap::new();
    let mut violations = 0u64;
    let mut seats_by_bot: BTreeMap<String, u32> = BTreeMap::new();
    let mut rounds = 0u64;
    let mut events = 0u64;
    let mut commands = 0u64;
    let mut times: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    let mut engine_nanos = [0u64; 2];
    let started = Instant::now();
    for g in 0..args.games {
        let seed = args.seed.wrapping_add(u64::from(g));
        let mut setup = Setup::new(args.players, seed);
        setup.kind = kinds[g as usize % kinds.len()];
        setup.time_limit_rounds = (args.rounds > 0).then_some(args.rounds);
        let seats = seats_for(&line_up, g);
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, k)| make_bot_at(k.kind, i as FactionIdx, k.version))
            .collect();
        for k in &seats {
            *seats_by_bot.entry(k.key()).or_default() += 1;
        }
        let mut table = Table::new(&content, &setup, bots)?;
        let mut failed = None;
        while table.commands < args.max_commands {
            let t_next = Instant::now();
            let next = table.next();
            engine_nanos[0] += t_next.elapsed().as_nanos() as u64;
            let turn = match next {
                Ok(Some(turn)) => turn,
                Ok(None) => break,
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            };
            let t0 = Instant::now();
            let chosen = table.choose(&turn);
            let nanos = t0.elapsed().as_nanos() as u64;
            times
                .entry(seats[usize::from(turn.faction)].key())
                .or_default()
                .push(nanos);
            let command = match chosen {
                Ok(c) => c,
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            };
            let t_apply = Instant::now();
            let applied = table.apply(&turn, &command);
            engine_nanos[1] += t_apply.elapsed().as_nanos() as u64;
            if let Err(e) = applied {
                failed = Some(e);
                break;
            }
            if args.check && !rules::invariants::check(&content, table.state()).is_empty() {
                violations += 1;
            }
        }
        if let Some(e) = failed {
            errors += 1;
            let key = e.to_string().chars().take(80).collect::<String>();
            *error_kinds.entry(key).or_default() += 1;
        }
        match table.outcome() {
            Some(outcome) => {
                results.record(&seats, outcome);
                played.push(Played {
                    seats: seats.clone(),
                    winners: outcome.winners.clone(),
                });
            }
            None => unfinished_seeds.push(seed),
        }
        rounds += u64::from(table.state().clock.round);
        events += table.events;
        commands += table.commands;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let games = f64::from(args.games.max(1));
    let mut all: Vec<u64> = times.values().flatten().copied().collect();
    all.sort_unstable();
    let by_bot: BTreeMap<&str, serde_json::Value> = times
        .iter_mut()
        .map(|(k, v)| {
            v.sort_unstable();
            (
                k.as_str(),
                serde_json::json!({
                    "decisions": v.len(),
                    "p50_ms": percentile_ms(v, 0.50),
                    "p99_ms": percentile_ms(v, 0.99),
                    "max_ms": percentile_ms(v, 1.0),
                }),
            )
        })
        .collect();
    let summary = serde_json::json!({
        "games": args.games,
        "players": args.players,
        "bots": line_up.iter().map(|k| k.key()).collect::<Vec<_>>(),
        "seed": args.seed,
        "round_cap": args.rounds,
        "setup": args.setup,
        "completed": results.completed,
        "needed_round_cap": results.capped,
        "unfinished_seeds": unfinished_seeds,
        "errors": errors,
        "error_kinds": error_kinds,
        "invariant_violations": violations,
        "wins_by_bot": results.wins_by_bot,
        "seats_by_bot": seats_by_bot,
        "wins_by_seat": results.wins_by_seat,
        "victory_types": results.victory_types,
        "mean_rounds": rounds as f64 / games,
        "events_per_game": events as f64 / games,
        "commands_per_game": commands as f64 / games,
        "decision_ms_p50": percentile_ms(&all, 0.50),
        "decision_ms_p99": percentile_ms(&all, 0.99),
        "decision_ms_by_bot": by_bot,
        "engine_s": {
            "legal_and_view": engine_nanos[0] as f64 / 1e9,
            "decide_and_evolve": engine_nanos[1] as f64 / 1e9,
        },
        "games_per_s": f64::from(args.games) / elapsed.max(1e-9),
        "elapsed_s": elapsed,
    });
    Ok((summary, played))
}

/// A seat's bot: its tier and the bots' version whose choices it makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct SeatBot {
    /// The tier.
    pub kind: BotKind,
    /// The bots' version.
    pub version: u32,
}

impl SeatBot {
    /// This Warwick's bot of `kind`.
    pub fn current(kind: BotKind) -> SeatBot {
        SeatBot {
            kind,
            version: BOTS_VERSION,
        }
    }

    /// `normal`, or `normal@3` for an older version's choices.
    pub fn key(&self) -> String {
        if self.version == BOTS_VERSION {
            self.kind.key().to_owned()
        } else {
            format!("{}@{}", self.kind.key(), self.version)
        }
    }

    /// Parses `kind` or `kind@version`.
    fn parse(key: &str) -> Result<SeatBot, Usage> {
        let (kind, version) = match key.trim().split_once('@') {
            Some((kind, version)) => {
                let version: u32 = version.trim().parse().map_err(|_| {
                    Usage(format!("`{key}`: the bots' version after `@` is a number"))
                })?;
                (kind, version)
            }
            None => (key, BOTS_VERSION),
        };
        if !bots_version_rederived(version) {
            return Err(Usage(format!(
                "`{key}`: these bots make the choices of bots' versions {} to {BOTS_VERSION}",
                warwick::bots::FIRST_REDERIVED_BOTS_VERSION
            )));
        }
        let kind = BotKind::parse(kind).map_err(|e: BotError| Usage(e.to_string()))?;
        Ok(SeatBot { kind, version })
    }
}

/// The bots of `--bots` cycled to fill `players` seats.
pub(super) fn line_up(bots: &str, players: u8) -> Result<Vec<SeatBot>, Usage> {
    let kinds: Vec<SeatBot> = bots
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(SeatBot::parse)
        .collect::<Result<_, _>>()?;
    if kinds.is_empty() {
        return Err(Usage(BotError::NoBots.to_string()));
    }
    Ok((0..usize::from(players))
        .map(|i| kinds[i % kinds.len()])
        .collect())
}

/// The bots of game `index`: the line-up rotated one seat per game.
pub(super) fn seats_for(line_up: &[SeatBot], index: u32) -> Vec<SeatBot> {
    let players = line_up.len();
    (0..players)
        .map(|i| line_up[(i + players - (index as usize % players)) % players])
        .collect()
}

/// How the finished games ended: counts by victory type, by winning bot kind and seat.
#[derive(Debug, Default)]
pub(super) struct Results {
    /// Games that ended.
    pub completed: u32,
    /// Games ended by the round cap (Minor Prestige Victory).
    pub capped: u32,
    /// Games by how they ended.
    pub victory_types: BTreeMap<&'static str, u32>,
    /// Games won by at least one seat of each bot kind.
    pub wins_by_bot: BTreeMap<String, u32>,
    /// Wins by seat.
    pub wins_by_seat: Vec<u32>,
}

impl Results {
    /// No games yet, for `players` seats.
    pub fn new(players: usize) -> Results {
        Results {
            wins_by_seat: vec![0; players],
            ..Results::default()
        }
    }

    /// Counts one finished game played by `seats`.
    pub fn record(&mut self, seats: &[SeatBot], outcome: &Outcome) {
        self.completed += 1;
        self.capped += u32::from(outcome.kind == VictoryKind::MinorPrestige);
        *self.victory_types.entry(outcome.kind.key()).or_default() += 1;
        let mut won: Vec<SeatBot> = Vec::new();
        for w in &outcome.winners {
            let seat = usize::from(*w);
            if let Some(slot) = self.wins_by_seat.get_mut(seat) {
                *slot += 1;
            }
            if let Some(kind) = seats.get(seat)
                && !won.contains(kind)
            {
                won.push(*kind);
            }
        }
        for kind in won {
            *self.wins_by_bot.entry(kind.key()).or_default() += 1;
        }
    }
}

fn percentile_ms(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1e6
}
