//! What a fuzz run counts and finds: requests by route and status, logs by outcome and by
//! mutation, the games audited, and every finding with the file its reproducer was written to.
//! Owns the counters, the reproducer files under `--out` and the panic hook that records what
//! panicked. Must not make requests or logs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::Serialize;

/// Reproducer files written per finding class and lane; later findings of the class are
/// counted and listed, not written.
const FILES_PER_CLASS: usize = 8;

/// Counters of one lane (merged at the end).
#[derive(Debug, Default, Serialize)]
pub struct Stats {
    /// Requests sent through the router.
    pub requests: u64,
    /// Requests by route (`METHOD path`, odd paths grouped) and status.
    pub by_route: BTreeMap<String, BTreeMap<u16, u64>>,
    /// Requests by how they were made (`call`, `mutated`, `transport`, `log`).
    pub by_kind: BTreeMap<String, u64>,
    /// Error answers by their `code`.
    pub by_code: BTreeMap<String, u64>,
    /// Time spent answering, by route, in microseconds.
    pub micros_by_route: BTreeMap<String, u64>,
    /// Mutated logs fed to verification.
    pub logs: u64,
    /// Mutated logs by outcome (`refused:<code>`, `accepted_equivalent`, ...).
    pub log_outcomes: BTreeMap<String, u64>,
    /// Mutated logs by mutation and outcome.
    pub log_mutations: BTreeMap<String, BTreeMap<String, u64>>,
    /// Games audited: `verify` called on each, and the rules' invariants checked after every
    /// event of each exported log.
    pub games_verified: u64,
    /// Logs replayed event by event with the invariants checked.
    pub logs_replayed: u64,
    /// Invariant checks made (one per event replayed).
    pub invariant_checks: u64,
    /// Audits (each of every game of a lane's service, after which the lane starts afresh).
    pub audits: u64,
    /// The claims lane's cases by name and outcome.
    pub claims: BTreeMap<String, u64>,
    /// Listed legal commands given, and random commands the rules accepted.
    pub commands_accepted: u64,
    /// Commands the rules accepted that `legal` did not list at that point, by type, with
    /// the first one seen (not a finding: some choices are not listed in every combination).
    pub unlisted_accepted: BTreeMap<String, (u64, serde_json::Value)>,
}

impl Stats {
    /// Counts one answered request.
    pub fn request(
        &mut self,
        kind: &str,
        route: String,
        status: u16,
        code: Option<&str>,
        took: std::time::Duration,
    ) {
        self.requests += 1;
        *self.micros_by_route.entry(route.clone()).or_default() +=
            u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        *self.by_kind.entry(kind.to_owned()).or_default() += 1;
        *self
            .by_route
            .entry(route)
            .or_default()
            .entry(status)
            .or_default() += 1;
        if let Some(code) = code {
            *self.by_code.entry(code.to_owned()).or_default() += 1;
        }
    }

    /// Counts one mutated log.
    pub fn log(&mut self, mutation: &str, outcome: &str) {
        self.logs += 1;
        *self
            .log_mutations
            .entry(mutation.to_owned())
            .or_default()
            .entry(outcome.to_owned())
            .or_default() += 1;
        *self.log_outcomes.entry(outcome.to_owned()).or_default() += 1;
    }

    /// Adds another lane's counts.
    pub fn merge(&mut self, other: Stats) {
        self.requests += other.requests;
        for (route, statuses) in other.by_route {
            let mine = self.by_route.entry(route).or_default();
            for (status, n) in statuses {
                *mine.entry(status).or_default() += n;
            }
        }
        add_all(&mut self.by_kind, other.by_kind);
        add_all(&mut self.by_code, other.by_code);
        add_all(&mut self.micros_by_route, other.micros_by_route);
        self.logs += other.logs;
        add_all(&mut self.log_outcomes, other.log_outcomes);
        for (mutation, outcomes) in other.log_mutations {
            add_all(self.log_mutations.entry(mutation).or_default(), outcomes);
        }
        self.games_verified += other.games_verified;
        self.logs_replayed += other.logs_replayed;
        self.invariant_checks += other.invariant_checks;
        self.audits += other.audits;
        add_all(&mut self.claims, other.claims);
        self.commands_accepted += other.commands_accepted;
        for (kind, (n, example)) in other.unlisted_accepted {
            self.unlisted_accepted.entry(kind).or_insert((0, example)).0 += n;
        }
    }
}

fn add_all(into: &mut BTreeMap<String, u64>, from: BTreeMap<String, u64>) {
    for (key, n) in from {
        *into.entry(key).or_default() += n;
    }
}

/// One finding, as listed in the summary.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// What kind (`5xx`, `panic`, `error_shape`, `guard`, `accepted_forgery`, ...).
    pub class: String,
    /// The lane and its seed.
    pub lane: usize,
    /// The seed the lane's generator started from.
    pub lane_seed: u64,
    /// The request's or the log's index in the lane.
    pub index: u64,
    /// What was seen.
    pub detail: String,
    /// The reproducer, when one was written.
    pub file: Option<PathBuf>,
}

/// What reproduces a finding.
pub enum Repro<'a> {
    /// A request: its method, target, headers and body, and the answer.
    Request(&'a serde_json::Value),
    /// A mutated log, with what was done to it and what came of it.
    Log {
        /// The log's text.
        text: &'a str,
        /// The mutation and the answers.
        meta: &'a serde_json::Value,
    },
    /// Nothing beyond the detail (an audit finding names its game and seq).
    Detail(&'a serde_json::Value),
}

/// A lane's findings, written as they are found.
pub struct Findings {
    dir: PathBuf,
    lane: usize,
    lane_seed: u64,
    written: BTreeMap<String, usize>,
    files: usize,
    /// The findings so far.
    pub list: Vec<Finding>,
}

impl Findings {
    /// Findings of lane `lane`, written under `out/findings`.
    pub fn new(out: &Path, lane: usize, lane_seed: u64) -> Self {
        Self {
            dir: out.join("findings"),
            lane,
            lane_seed,
            written: BTreeMap::new(),
            files: 0,
            list: Vec::new(),
        }
    }

    /// Records a finding and writes its reproducer (the first few of each class).
    pub fn add(&mut self, class: &str, index: u64, detail: String, repro: Repro<'_>) {
        let written = self.written.entry(class.to_owned()).or_default();
        let file = if *written < FILES_PER_CLASS {
            *written += 1;
            self.files += 1;
            let stem = format!("{class}-lane{}-{index}-{}", self.lane, self.files);
            match self.write(&stem, class, index, &detail, repro) {
                Ok(path) => Some(path),
                Err(error) => {
                    note!("fuzz: could not write the reproducer {stem}: {error}");
                    None
                }
            }
        } else {
            None
        };
        note!(
            "fuzz: FINDING {class} (lane {}, seed {}, #{index}): {detail}{}",
            self.lane,
            self.lane_seed,
            file.as_ref()
                .map_or(String::new(), |f| format!(" [{}]", f.display()))
        );
        self.list.push(Finding {
            class: class.to_owned(),
            lane: self.lane,
            lane_seed: self.lane_seed,
            index,
            detail,
            file,
        });
    }

    fn write(
        &self,
        stem: &str,
        class: &str,
        index: u64,
        detail: &str,
        repro: Repro<'_>,
    ) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(&self.dir)?;
        let head = serde_json::json!({
            "class": class,
            "lane": self.lane,
            "lane_seed": self.lane_seed,
            "index": index,
            "detail": detail,
        });
        let (path, body) = match repro {
            Repro::Request(request) => (
                self.dir.join(format!("{stem}.json")),
                pretty(&merged(head, "request", request)),
            ),
            Repro::Detail(what) => (
                self.dir.join(format!("{stem}.json")),
                pretty(&merged(head, "what", what)),
            ),
            Repro::Log { text, meta } => {
                let log = self.dir.join(format!("{stem}.log"));
                std::fs::write(&log, text)?;
                let about = merged(head, "log", meta);
                std::fs::write(self.dir.join(format!("{stem}.json")), pretty(&about))?;
                return Ok(log);
            }
        };
        std::fs::write(&path, body)?;
        Ok(path)
    }
}

fn merged(mut head: serde_json::Value, key: &str, value: &serde_json::Value) -> serde_json::Value {
    head[key] = value.clone();
    head
}

fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"unwritable\":\"{e}\"}}"))
}

/// Panics seen and not yet taken: the panicking thread's name, and where and what.
static PANICS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// Records every panic's thread, message and place instead of printing it (a finding prints
/// it).
pub fn record_panics() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(a panic without a message)".to_owned());
        let place = info
            .location()
            .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
        let thread = std::thread::current();
        let name = thread.name().unwrap_or("?").to_owned();
        let text = format!("thread `{name}` panicked{place}: {message}");
        if let Ok(mut panics) = PANICS.lock()
            && panics.len() < 256
        {
            panics.push((name, text));
        }
    }));
}

/// The panics recorded on threads whose name starts with `prefix` (a lane's own threads), taken
/// out of the record.
pub fn take_panics(prefix: &str) -> Vec<String> {
    let Ok(mut panics) = PANICS.lock() else {
        return Vec::new();
    };
    let (mine, others): (Vec<_>, Vec<_>) = std::mem::take(&mut *panics)
        .into_iter()
        .partition(|(name, _)| name.starts_with(prefix));
    *panics = others;
    mine.into_iter().map(|(_, text)| text).collect()
}
