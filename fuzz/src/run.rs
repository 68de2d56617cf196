//! `warwick-fuzz [--requests N] [--logs N] [--seed S] [--out DIR] [--jobs N]`: builds the log
//! corpus, runs the request lanes then the log lanes side by side (one thread each), merges
//! their counts and findings, prints the JSON summary (also written to `DIR/summary.json`) and
//! fails when anything was found. Must not make requests or mutations itself.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use clap::Parser;
use serde_json::json;

use warwick::content::Content;

use super::claims::{ClaimsSpec, run_claims};
use super::http::make_ui;
use super::lane::{LaneSpec, run_lane};
use super::log_corpus::{CORPUS_LOGS, build};
use super::log_lane::{LogLaneSpec, run_log_lane};
use super::log_mutate::Prepared;
use super::report::{Finding, Findings, Stats, record_panics};
use super::vocab::Vocab;

/// Findings listed in full in the summary (all are counted).
const LISTED_FINDINGS: usize = 100;

/// A bounded, seeded fuzz of Warwick's local server and of log verification (fails on
/// findings).
///
/// A later occurrence of an option overrides an earlier one, so a script's defaults can be
/// overridden by its arguments.
#[derive(Debug, Parser)]
#[command(name = "warwick-fuzz", version, args_override_self = true)]
pub struct FuzzArgs {
    /// Requests to send through the router.
    #[arg(long, default_value_t = 500_000)]
    requests: u64,
    /// Mutated logs to verify and import.
    #[arg(long, default_value_t = 10_000)]
    logs: u64,
    /// The run's seed: every lane's generator and the log corpus derive from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where the summary, the reproducers and the served test UI folder go.
    #[arg(long, default_value = "artifacts/fuzz")]
    out: PathBuf,
    /// Lanes of each kind run side by side; the machine's cores when absent.
    #[arg(long)]
    jobs: Option<usize>,
    /// Requests between two audits of a lane's games (after each it starts a new service).
    #[arg(long, default_value_t = 10_000)]
    audit_every: u64,
    /// Games a lane's service holds before its calls stop making more (the service keeps 8
    /// loaded; past that, some calls replay a game from the database, as they should).
    #[arg(long, default_value_t = 10)]
    game_cap: usize,
    /// How many of the real logs to play and mutate (a person's finished game, a bots-only
    /// game cut off, a casual game with undos, a challenge game, a branch, a 2-player game, a
    /// 5-bot game: fewer plays faster).
    #[arg(long, default_value_t = CORPUS_LOGS)]
    corpus: usize,
}

/// A lane's seed: the run's seed mixed with the lane's kind and number.
fn lane_seed(seed: u64, kind: u64, lane: usize) -> u64 {
    let n = kind * 64 + lane as u64 + 1;
    seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// `count` split over `jobs` lanes, the first taking the remainder.
fn share(count: u64, jobs: usize, lane: usize) -> u64 {
    let jobs = jobs as u64;
    count / jobs + if lane == 0 { count % jobs } else { 0 }
}

/// Runs the fuzz; an error when anything was found.
pub fn run(args: FuzzArgs) -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    record_panics();
    let jobs = args
        .jobs
        .unwrap_or_else(|| thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    std::fs::create_dir_all(&args.out)?;
    let _ = std::fs::remove_dir_all(args.out.join("findings"));
    let ui = make_ui(&args.out)?;
    let content = Content::embedded().map_err(|report| report.to_string())?;
    let vocab = Arc::new(Vocab::of(&content));

    let corpus_started = Instant::now();
    let real = build(args.seed, args.corpus.clamp(1, CORPUS_LOGS))?;
    let corpus_dir = args.out.join("corpus");
    std::fs::create_dir_all(&corpus_dir)?;
    for log in &real {
        std::fs::write(corpus_dir.join(format!("{}.log", log.name)), &log.text)?;
    }
    let corpus = Arc::new(
        real.iter()
            .map(Prepared::of)
            .collect::<Result<Vec<_>, _>>()?,
    );
    let corpus_time = corpus_started.elapsed();

    let requests_started = Instant::now();
    let request_specs: Vec<LaneSpec> = (0..jobs)
        .map(|lane| LaneSpec {
            lane,
            seed: lane_seed(args.seed, 0, lane),
            requests: share(args.requests, jobs, lane),
            audit_every: args.audit_every.max(1),
            game_cap: args.game_cap,
            out: args.out.clone(),
            ui: ui.clone(),
        })
        .collect();
    let outcomes = thread::scope(|scope| {
        let handles: Vec<_> = request_specs
            .iter()
            .map(|spec| {
                let vocab = Arc::clone(&vocab);
                thread::Builder::new()
                    .name(super::lane::thread_prefix(spec.lane))
                    .spawn_scoped(scope, move || run_lane(spec, &vocab))
            })
            .collect();
        join(handles)
    })?;
    let requests_time = requests_started.elapsed();

    let logs_started = Instant::now();
    let log_specs: Vec<LogLaneSpec> = (0..jobs)
        .map(|lane| LogLaneSpec {
            lane,
            seed: lane_seed(args.seed, 1, lane),
            logs: share(args.logs, jobs, lane),
            out: args.out.clone(),
            ui: ui.clone(),
        })
        .collect();
    let log_outcomes = thread::scope(|scope| {
        let handles: Vec<_> = log_specs
            .iter()
            .map(|spec| {
                let (corpus, vocab) = (Arc::clone(&corpus), Arc::clone(&vocab));
                thread::Builder::new()
                    .name(super::log_lane::thread_prefix(spec.lane))
                    .spawn_scoped(scope, move || run_log_lane(spec, &corpus, &vocab))
            })
            .collect();
        join(handles)
    })?;
    let logs_time = logs_started.elapsed();

    let claims_started = Instant::now();
    let claims = run_claims(&ClaimsSpec {
        seed: lane_seed(args.seed, 2, 0),
        out: args.out.clone(),
        ui,
    })?;
    let claims_time = claims_started.elapsed();

    let mut stats = Stats::default();
    let mut findings: Vec<Finding> = Vec::new();
    for (lane_stats, lane_findings) in outcomes
        .into_iter()
        .chain(log_outcomes)
        .chain(std::iter::once(claims))
    {
        stats.merge(lane_stats);
        findings.extend(lane_findings.list);
    }
    let mut by_class = std::collections::BTreeMap::<String, u64>::new();
    for finding in &findings {
        *by_class.entry(finding.class.clone()).or_default() += 1;
    }
    let seconds = |d: std::time::Duration| (d.as_secs_f64() * 10.0).round() / 10.0;
    let summary = json!({
        "seed": args.seed,
        "jobs": jobs,
        "time_seconds": {
            "corpus": seconds(corpus_time),
            "requests": seconds(requests_time),
            "logs": seconds(logs_time),
            "claims": seconds(claims_time),
            "total": seconds(started.elapsed()),
        },
        "requests": {
            "total": stats.requests,
            "per_second": (stats.requests as f64 / requests_time.as_secs_f64().max(1e-9)).round(),
            "by_kind": stats.by_kind,
            "by_route": stats.by_route,
            "by_code": stats.by_code,
            "mean_micros_by_route": stats.micros_by_route.iter().map(|(route, micros)| {
                let n: u64 = stats.by_route.get(route).map_or(1, |s| s.values().sum());
                (route.clone(), micros / n.max(1))
            }).collect::<std::collections::BTreeMap<_, _>>(),
            "seconds_by_route": stats.micros_by_route.iter().map(|(route, micros)| {
                (route.clone(), (*micros as f64 / 1e5).round() / 10.0)
            }).collect::<std::collections::BTreeMap<_, _>>(),
            "commands_accepted": stats.commands_accepted,
            "unlisted_commands_accepted": stats.unlisted_accepted,
        },
        "logs": {
            "total": stats.logs,
            "corpus": real.iter().map(|l| json!({
                "name": l.name,
                "rows": l.text.lines().count().saturating_sub(1),
                "bytes": l.text.len(),
            })).collect::<Vec<_>>(),
            "by_outcome": stats.log_outcomes,
            "by_mutation": stats.log_mutations,
        },
        "claims": stats.claims,
        "games": {
            "audits": stats.audits,
            "verified": stats.games_verified,
            "logs_replayed_with_invariants": stats.logs_replayed,
            "invariant_checks": stats.invariant_checks,
        },
        "lanes": request_specs.iter().map(|s| json!({
            "kind": "requests", "lane": s.lane, "seed": s.seed, "count": s.requests,
        })).chain(log_specs.iter().map(|s| json!({
            "kind": "logs", "lane": s.lane, "seed": s.seed, "count": s.logs,
        }))).collect::<Vec<_>>(),
        "findings": {
            "total": findings.len(),
            "by_class": by_class,
            "list": findings.iter().take(LISTED_FINDINGS).collect::<Vec<_>>(),
        },
        "out": args.out,
    });
    let text = serde_json::to_string_pretty(&summary)?;
    std::fs::write(args.out.join("summary.json"), &text)?;
    writeln!(std::io::stdout().lock(), "{text}")?;
    if findings.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "fuzz: {} findings ({}); reproducers in {}",
            findings.len(),
            summary["findings"]["by_class"],
            args.out.join("findings").display()
        )
        .into())
    }
}

type LaneOutcome = Result<(Stats, Findings), String>;

/// Waits for every lane; the first lane that could not run is the run's error.
fn join(
    handles: Vec<std::io::Result<thread::ScopedJoinHandle<'_, LaneOutcome>>>,
) -> Result<Vec<(Stats, Findings)>, String> {
    let mut out = Vec::new();
    for handle in handles {
        let handle = handle.map_err(|e| format!("a lane could not start: {e}"))?;
        let outcome = handle
            .join()
            .map_err(|_| "a lane panicked outside any call".to_owned())?;
        out.push(outcome?);
    }
    Ok(out)
}
