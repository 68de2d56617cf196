//! A request lane: its own in-memory service behind the real router, its own seeded generator,
//! and its own thread and runtime, sending its share of requests one at a time (well-formed
//! calls, mutated calls, hostile transport) and checking every answer; every so often, and at
//! its end, it audits every game its service holds and starts afresh. Must not decide what a
//! single request looks like (that is [`super::calls`], [`super::mutate`] and
//! [`super::transport`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use super::audit::audit_games;
use super::calls::{Expect, Games, Planned, plan};
use super::http::{Answer, Client, Outgoing, ROUTES};
use super::mutate::mutate;
use super::report::{Findings, Repro, Stats, take_panics};
use super::transport::hostile;
use super::vocab::Vocab;

/// The calls that change a game.
const CHANGING: [&str; 6] = ["submit", "act", "advance", "bot_step", "undo", "branch"];

/// What a lane is given.
pub struct LaneSpec {
    /// Its number.
    pub lane: usize,
    /// Its generator's seed.
    pub seed: u64,
    /// Requests to send.
    pub requests: u64,
    /// Requests between audits.
    pub audit_every: u64,
    /// The most games its service may hold before the calls that make games stop.
    pub game_cap: usize,
    /// Where reproducers go.
    pub out: PathBuf,
    /// The UI folder served.
    pub ui: PathBuf,
}

/// Runs a lane to its end on the calling thread; its counts and findings.
pub fn run_lane(spec: &LaneSpec, vocab: &Arc<Vocab>) -> Result<(Stats, Findings), String> {
    let prefix = thread_prefix(spec.lane);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(2)
        .thread_name(format!("{prefix}-blocking"))
        .build()
        .map_err(|e| e.to_string())?;
    let mut lane = Lane {
        spec,
        vocab: Arc::clone(vocab),
        rng: Xoshiro256PlusPlus::seed_from_u64(spec.seed),
        client: Client::new(&spec.ui)?,
        games: Games::default(),
        stats: Stats::default(),
        findings: Findings::new(&spec.out, spec.lane, spec.seed),
        prefix,
    };
    runtime.block_on(lane.run())?;
    Ok((lane.stats, lane.findings))
}

/// The name the threads of request lane `lane` start with.
pub fn thread_prefix(lane: usize) -> String {
    format!("fuzz-req{lane}")
}

struct Lane<'a> {
    spec: &'a LaneSpec,
    vocab: Arc<Vocab>,
    rng: Xoshiro256PlusPlus,
    client: Client,
    games: Games,
    stats: Stats,
    findings: Findings,
    prefix: String,
}

impl Lane<'_> {
    async fn run(&mut self) -> Result<(), String> {
        let mut next_audit = self.spec.audit_every;
        // A request's index is how many the lane had sent before it. Every request is built
        // to be sent, so the lane sends exactly its share (a race sends two at once).
        let mut stuck = 0;
        while self.stats.requests < self.spec.requests {
            let index = self.stats.requests;
            if index >= next_audit {
                self.audit(index)?;
                next_audit += self.spec.audit_every;
            }
            let room = self.games.list.len() < self.spec.game_cap;
            let planned = plan(&mut self.rng, &self.games, &self.vocab, room);
            let race = index + 2 <= self.spec.requests;
            match self.rng.random_range(0..100) {
                0..48 => self.call(index, planned).await,
                48..50 if race => self.race(index, planned).await,
                48..50 => self.call(index, planned).await,
                50..78 => self.mutated(index, &planned).await,
                _ => self.hostile(index, &planned).await,
            }
            // A request that could not be built is not counted: never loop on them forever.
            stuck = if self.stats.requests == index {
                stuck + 1
            } else {
                0
            };
            if stuck > 1000 {
                return Err(format!(
                    "lane {} builds no request it can send",
                    self.spec.lane
                ));
            }
        }
        self.audit(self.spec.requests)
    }

    /// Audits every game, then starts afresh with a new service.
    fn audit(&mut self, index: u64) -> Result<(), String> {
        audit_games(
            &self.client.service,
            index,
            &mut self.stats,
            &mut self.findings,
        );
        self.panics(index, &json!({"audit": index}));
        self.client = Client::new(&self.spec.ui)?;
        self.games = Games::default();
        Ok(())
    }

    /// A well-formed call, as the served page makes it.
    async fn call(&mut self, index: u64, mut planned: Planned) {
        if matches!(planned.expect, Expect::Nothing(_)) && !self.knew(&planned) {
            // The game is not where the lane thought (it may not have ended at all).
            planned.expect = Expect::Any;
        }
        let body = serde_json::to_vec(&planned.body).unwrap_or_default();
        let out = Outgoing::call(planned.route, body);
        let Some(answer) = self.send("call", index, &out).await else {
            return;
        };
        if let Expect::Nothing(class) = planned.expect
            && answer.ok()
        {
            let appended = answer
                .json()
                .is_some_and(|j| j["rows"].as_array().is_none_or(|r| !r.is_empty()));
            if appended {
                let detail = format!("{} changed a game that had ended", planned.route);
                self.finding(class, index, detail, &out, &answer);
            }
        }
        if answer.ok() {
            if planned.route == "act" || planned.route == "submit" {
                self.stats.commands_accepted += 1;
                self.note_unlisted(&planned.body);
            }
            if let Some(json) = answer.json() {
                self.games.learn(planned.route, &planned.body, &json);
            }
            return;
        }
        let code = answer.code().unwrap_or_default();
        if code == "stale"
            && let Some(game) = planned.body["game"].as_i64()
        {
            // The game moved on through a call not understood: ask its status next.
            self.games.unsure(game);
        }
        if let Expect::Ok(class) = planned.expect
            && code != "stale"
            && self.knew(&planned)
        {
            let detail = format!(
                "a well-formed {} was refused: {}",
                planned.route,
                String::from_utf8_lossy(&answer.body)
            );
            self.finding(class, index, detail, &out, &answer);
        }
    }

    /// Whether what the lane knew of the call's game when it planned the call was right (a
    /// request sent to another call than planned, or with another game, may have moved a game
    /// on unseen): a refusal of a call planned on wrong knowledge is no finding.
    fn knew(&mut self, planned: &Planned) -> bool {
        let Some(id) = planned.body["game"].as_i64() else {
            return true;
        };
        let Some(known) = self.games.list.iter().find(|g| g.id == id).cloned() else {
            return true;
        };
        let right = self.client.service.status(id).is_ok_and(|actual| {
            actual.head == known.head && actual.outcome.is_some() == known.ended
        });
        if !right {
            self.games.unsure(id);
        }
        right
    }

    /// Counts an accepted command that `legal` did not list at that point.
    fn note_unlisted(&mut self, body: &Value) {
        let (Some(game), Some(head)) = (body["game"].as_i64(), body["expected_last_seq"].as_u64())
        else {
            return;
        };
        let command = &body["command"];
        if let Some(listed) = self.games.listed(game, head)
            && !listed.contains(command)
        {
            let kind = command["type"].as_str().unwrap_or("?").to_owned();
            let entry = self
                .stats
                .unlisted_accepted
                .entry(kind)
                .or_insert_with(|| (0, command.clone()));
            entry.0 += 1;
        }
    }

    /// The same calls with a mutated body (now and then with the token instead of the origin).
    async fn mutated(&mut self, index: u64, planned: &Planned) {
        let (mutation, body) = mutate(&mut self.rng, &planned.body);
        let mut out = Outgoing::call(planned.route, body);
        if self.rng.random_bool(0.2) {
            out.headers.retain(|(n, _)| n != "origin");
            let token = self.client.token.as_str().as_bytes().to_vec();
            out.headers
                .push((warwick::web::TOKEN_HEADER.to_owned(), token));
        }
        *self
            .stats
            .by_kind
            .entry(format!("mutation:{mutation}"))
            .or_default() += 1;
        if let Some(answer) = self.send("mutated", index, &out).await
            && answer.ok()
        {
            self.learn_unparsed(planned, &out, &answer);
        }
    }

    /// A hostile request: what the guard must refuse is judged from the request, and a request
    /// without the right to change games must leave every game as it was.
    async fn hostile(&mut self, index: u64, planned: &Planned) {
        let body = serde_json::to_vec(&planned.body).unwrap_or_default();
        let (what, out) = hostile(&mut self.rng, planned.route, body, &self.client.token);
        *self
            .stats
            .by_kind
            .entry(format!("transport:{what}"))
            .or_default() += 1;
        let bad_host = out.bad_host();
        let credentialed = out.credentialed(&self.client.token);
        let before = (bad_host || !credentialed).then(|| self.client.fingerprint());
        let Some(answer) = self.send("transport", index, &out).await else {
            return;
        };
        let unsafe_api = !matches!(out.method.as_str(), "GET" | "HEAD" | "OPTIONS" | "TRACE") && {
            let path = out.uri.split(['?', '#']).next().unwrap_or("");
            path == "/api" || path.starts_with("/api/")
        };
        if bad_host && answer.status != 421 {
            let detail = format!("a request for another host was answered {}", answer.status);
            self.finding("guard_host", index, detail, &out, &answer);
        } else if unsafe_api && !credentialed && answer.ok() {
            let detail = "a call without the token or the served origin succeeded".to_owned();
            self.finding("guard_origin", index, detail, &out, &answer);
        } else if unsafe_api && clearly_not_json(&out) && answer.ok() {
            let detail = "a call not declared as JSON succeeded".to_owned();
            self.finding("guard_json", index, detail, &out, &answer);
        }
        if let Some(before) = before {
            let after = self.client.fingerprint();
            if after != before {
                let detail = format!(
                    "a request without the right to change games changed them: {before:?} -> \
                     {after:?}"
                );
                self.finding("guard_bypass", index, detail, &out, &answer);
            }
        }
        if answer.ok() {
            self.learn_unparsed(planned, &out, &answer);
        }
    }

    /// Learns from a successful answer to a request that was not the planned one (its body
    /// mutated, or sent to another call): from the call it reached, and by asking the planned
    /// game's status next if that call may have changed it.
    fn learn_unparsed(&mut self, planned: &Planned, out: &Outgoing, answer: &Answer) {
        let path = out.path();
        let Some(route) = path
            .strip_prefix("/api/")
            .and_then(|r| ROUTES.iter().find(|known| **known == r))
        else {
            return;
        };
        if let Some(json) = answer.json() {
            self.games.learn(route, &Value::Null, &json);
        }
        if CHANGING.contains(route)
            && let Some(game) = planned.body["game"].as_i64()
        {
            self.games.unsure(game);
        }
    }

    /// Sends one request and makes the checks every answer must pass; `None` when it could not
    /// be built.
    async fn send(&mut self, kind: &str, index: u64, out: &Outgoing) -> Option<Answer> {
        let started = Instant::now();
        let answer = self.client.send(out).await;
        self.record(kind, index, out, answer, started.elapsed())
    }

    /// Counts an answer and makes the checks every answer must pass.
    fn record(
        &mut self,
        kind: &str,
        index: u64,
        out: &Outgoing,
        answer: Result<Answer, String>,
        took: Duration,
    ) -> Option<Answer> {
        let Ok(answer) = answer else {
            *self
                .stats
                .by_kind
                .entry(format!("unbuildable:{kind}"))
                .or_default() += 1;
            return None;
        };
        let code = answer.code();
        self.stats
            .request(kind, out.route(), answer.status, code.as_deref(), took);
        for (class, detail) in answer.problems(&out.method) {
            self.finding(class, index, detail, out, &answer);
        }
        let request = out.to_json();
        self.panics(index, &request);
        Some(answer)
    }

    /// The same call that changes a game sent twice at once (as two tabs, or a double click,
    /// would): both run on the blocking threads side by side, and at most one may change the
    /// game; the other must find it moved on.
    async fn race(&mut self, index: u64, planned: Planned) {
        if !CHANGING.contains(&planned.route) || planned.route == "branch" {
            return self.call(index, planned).await;
        }
        let body = serde_json::to_vec(&planned.body).unwrap_or_default();
        let out = Outgoing::call(planned.route, body);
        let started = Instant::now();
        let (a, b) = tokio::join!(self.client.send(&out), self.client.send(&out));
        let took = started.elapsed();
        let answers: Vec<Answer> = [a, b]
            .into_iter()
            .filter_map(|answer| self.record("race", index, &out, answer, took))
            .collect();
        // A call that appended rows: a command or an undo, or a bots' turn that moved them.
        let appended = |a: &Answer| {
            a.ok()
                && a.json().is_some_and(|j| match planned.route {
                    "advance" | "bot_step" => j["rows"].as_array().is_some_and(|r| !r.is_empty()),
                    _ => true,
                })
        };
        if answers.iter().filter(|a| appended(a)).count() > 1 {
            let detail = format!(
                "the same {} at the same seq was applied twice at once",
                planned.route
            );
            if let Some(first) = answers.first() {
                self.finding("race_double_apply", index, detail, &out, first);
            }
        }
        for answer in answers.iter().filter(|a| a.ok()) {
            if let Some(json) = answer.json() {
                self.games.learn(planned.route, &planned.body, &json);
            }
        }
        if let Some(game) = planned.body["game"].as_i64() {
            self.games.unsure(game);
        }
    }

    /// Panics recorded on this lane's threads are findings of their own.
    fn panics(&mut self, index: u64, what: &Value) {
        for panic in take_panics(&self.prefix) {
            self.findings
                .add("panic", index, panic, Repro::Request(what));
        }
    }

    fn finding(&mut self, class: &str, index: u64, detail: String, out: &Outgoing, a: &Answer) {
        let request = json!({
            "request": out.to_json(),
            "answer": a.to_json(),
            "rerun": format!(
                "warwick-fuzz --seed <run seed> (lane {} starts from seed {}; this is its \
                 request #{index})",
                self.spec.lane, self.spec.seed
            ),
        });
        self.findings
            .add(class, index, detail, Repro::Request(&request));
    }
}

/// Whether a request's body is declared as one a cross-site form may send (none, plain text,
/// a form): never a call.
fn clearly_not_json(out: &Outgoing) -> bool {
    let declared: Vec<&[u8]> = out.header("content-type").collect();
    let essence = |v: &[u8]| {
        String::from_utf8_lossy(v)
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
    };
    declared.is_empty()
        || declared.iter().all(|v| {
            matches!(
                essence(v).as_str(),
                "" | "text/plain" | "application/x-www-form-urlencoded" | "multipart/form-data"
            )
        })
}
