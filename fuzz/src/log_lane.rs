//! A log lane: its share of mutated logs, each fed to `verify_log` directly (a panic caught) and
//! to `import` through the real router; both must agree, neither may fail with a 5xx or a
//! panic, and a log they accept must be no forgery ([`super::log_oracle`]), must keep the
//! rules' invariants, and once imported must verify as a stored game. Must not make mutations.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::Arc;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use warwick::service::{Service, Verified};

use super::audit::replay_with_invariants;
use super::http::{Answer, Client, Outgoing};
use super::log_mutate::{Mutant, Prepared, mutate};
use super::log_oracle::{Judged, judge};
use super::report::{Findings, Repro, Stats, take_panics};
use super::vocab::Vocab;

/// Accepted imports a lane's service holds before the lane starts a new one.
const IMPORTS_PER_SERVICE: u64 = 100;

/// What a log lane is given.
pub struct LogLaneSpec {
    pub lane: usize,
    pub seed: u64,
    pub logs: u64,
    pub out: PathBuf,
    pub ui: PathBuf,
}

/// The name the threads of log lane `lane` start with.
pub fn thread_prefix(lane: usize) -> String {
    format!("fuzz-log{lane}")
}

/// Runs a log lane to its end on the calling thread.
pub fn run_log_lane(
    spec: &LogLaneSpec,
    corpus: &Arc<Vec<Prepared>>,
    vocab: &Arc<Vocab>,
) -> Result<(Stats, Findings), String> {
    let prefix = thread_prefix(spec.lane);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(2)
        .thread_name(format!("{prefix}-blocking"))
        .build()
        .map_err(|e| e.to_string())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(spec.seed);
    let mut stats = Stats::default();
    let mut findings = Findings::new(&spec.out, spec.lane, spec.seed);
    let mut client = Client::new(&spec.ui)?;
    let mut imports = 0;
    let direct = Service::new();
    let content = direct.content().map_err(|e| e.to_string())?;
    for index in 0..spec.logs {
        let Some(original) = corpus.choose(&mut rng) else {
            return Err("the corpus is empty".to_owned());
        };
        let mutant = mutate(&mut rng, content, vocab, original);
        let verified = catch_unwind(AssertUnwindSafe(|| direct.verify_log(&mutant.text)));
        let body = serde_json::to_vec(&json!({"text": mutant.text})).unwrap_or_default();
        let mut out = Outgoing::call("import", body);
        out.headers.retain(|(n, _)| n != "origin");
        let token = client.token.as_str().as_bytes().to_vec();
        out.headers
            .push((warwick::web::TOKEN_HEADER.to_owned(), token));
        let started = std::time::Instant::now();
        let answer = runtime.block_on(client.send(&out));
        let took = started.elapsed();
        let case = Case {
            index,
            original,
            mutant: &mutant,
        };
        let outcome = match (verified, answer) {
            (Err(_), _) => {
                case.finding(
                    &mut findings,
                    "panic",
                    "verify_log panicked".to_owned(),
                    &json!({}),
                );
                "panic".to_owned()
            }
            (Ok(_), Err(reason)) => {
                case.finding(&mut findings, "unsent", reason, &json!({}));
                "unsent".to_owned()
            }
            (Ok(verified), Ok(answer)) => {
                let code = answer.code();
                stats.request("log", out.route(), answer.status, code.as_deref(), took);
                for (class, detail) in answer.problems(&out.method) {
                    case.finding(&mut findings, class, detail, &answer.to_json());
                }
                let outcome = case.judge(&verified, &answer, &client, &mut stats, &mut findings);
                if answer.ok() {
                    imports += 1;
                }
                outcome
            }
        };
        for panic in take_panics(&thread_prefix(spec.lane)) {
            case.finding(&mut findings, "panic", panic, &json!({}));
        }
        stats.log(mutant.name, &outcome);
        if imports >= IMPORTS_PER_SERVICE {
            client = Client::new(&spec.ui)?;
            imports = 0;
        }
    }
    Ok((stats, findings))
}

/// One mutated log and what it came from.
struct Case<'a> {
    index: u64,
    original: &'a Prepared,
    mutant: &'a Mutant,
}

impl Case<'_> {
    /// The outcome of verification and import, with the findings they show.
    fn judge(
        &self,
        verified: &Result<Verified, warwick::service::ServiceError>,
        answer: &Answer,
        client: &Client,
        stats: &mut Stats,
        findings: &mut Findings,
    ) -> String {
        let answers = json!({
            "verify_log": match verified {
                Ok(v) => json!({"ok": v}),
                Err(e) => json!({"err": e}),
            },
            "import": answer.to_json(),
        });
        let verified = match (verified, answer.ok()) {
            (Err(error), false) => {
                if answer.code().as_deref() != Some(error.code()) {
                    let detail = format!(
                        "verify_log refuses with `{}`, import with `{}`",
                        error.code(),
                        answer.code().unwrap_or_default()
                    );
                    self.finding(findings, "disagree", detail, &answers);
                }
                return format!("refused:{}", error.code());
            }
            (Ok(verified), true) => verified,
            (Ok(_), false) | (Err(_), true) => {
                let detail = "verify_log and import disagree on the log".to_owned();
                self.finding(findings, "disagree", detail, &answers);
                return "disagree".to_owned();
            }
        };
        let judged = judge(self.original, &self.mutant.text, &verified.final_state_hash);
        let outcome = match &judged {
            Judged::Equivalent => "accepted_equivalent",
            Judged::CreatedOnly => "accepted_game_row_created_changed",
            Judged::Prefix => "accepted_prefix",
            Judged::Playable => "accepted_playable",
            Judged::Forgery(reason) => {
                let detail = format!("an accepted forgery: {reason}");
                self.finding(findings, "accepted_forgery", detail, &answers);
                "accepted_forgery"
            }
        };
        if judged != Judged::Equivalent {
            if let Ok(content) = client.service.content()
                && let Err(broken) = replay_with_invariants(content, &self.mutant.text, stats)
            {
                self.finding(findings, "invariant", broken, &answers);
            }
            let game = answer.json().and_then(|j| j["game"].as_i64());
            if let Some(game) = game
                && let Err(error) = client.service.verify(game)
            {
                let detail = format!("the imported game {game} does not verify: {error}");
                self.finding(findings, "imported_not_verifying", detail, &answers);
            }
        }
        outcome.to_owned()
    }

    fn finding(&self, findings: &mut Findings, class: &str, detail: String, answers: &Value) {
        let meta = json!({
            "original": self.original.name,
            "mutation": self.mutant.name,
            "note": self.mutant.note,
            "answers": answers,
            "rerun": "warwick verify --log <this file>; warwick import --db <db> --log <this file>",
        });
        findings.add(
            class,
            self.index,
            format!(
                "{} ({}: {}): {detail}",
                self.original.name, self.mutant.name, self.mutant.note
            ),
            Repro::Log {
                text: &self.mutant.text,
                meta: &meta,
            },
        );
    }
}
