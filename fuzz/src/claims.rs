//! The claims lane: fixed cases a hostile player tries on what Warwick claims, each sent
//! through the real router and each required to be refused (or, for work, bounded): forged
//! replay codes that would cost minutes (five Random bots with no round limit, Hard bots made
//! to replay by take-backs, a game past its round limit), a daily's code or log in casual mode,
//! with another round limit or a date written another way, older bots claimed to escape the
//! bot check, the first-attempt flag shown as proven, two scored attempts from concurrent
//! starts, settings of another shape, a command with a field Warwick does not write, a game
//! that does not exist, a year that is no daily's. Must not choose random requests (the
//! request lanes do).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use warwick::bots::{BOTS_VERSION, BotKind, FIRST_REDERIVED_BOTS_VERSION};
use warwick::rules::RULES_VERSION;
use warwick::service::challenge::{Choice, Claim, CodeGame, CodeSeat, hash_prefix};
use warwick::service::{
    CHECK_CAP, DailyTag, GameRequest, Mode, Service, SetupChoice, embedded_content_hash, today,
};

use super::http::{Answer, Client, Outgoing};
use super::log_forge::Editable;
use super::report::{Findings, Repro, Stats};

/// What the claims lane needs.
pub struct ClaimsSpec {
    /// The lane's seed (the bots' seeds of its forged codes derive from it).
    pub seed: u64,
    /// Where reproducers go.
    pub out: PathBuf,
    /// The served UI folder.
    pub ui: PathBuf,
}

/// The cap a check runs under here: the app's in a release build; a debug build (the test
/// run's) checks about ten times slower, so it is given a tenth, the same bound in time.
fn cap() -> u64 {
    if cfg!(debug_assertions) {
        CHECK_CAP / 10
    } else {
        CHECK_CAP
    }
}

/// The longest a check may take before it is a finding: the target is 2 s; the margin is
/// for a loaded machine.
const CHECK_TIME: Duration = Duration::from_secs(5);

/// One case's result, for the summary.
struct Case<'a> {
    stats: &'a mut Stats,
    findings: &'a mut Findings,
    index: u64,
}

impl Case<'_> {
    /// Records a case: its outcome, and a finding when it is not what it must be.
    fn check(&mut self, name: &str, outcome: Result<String, String>, request: Option<Value>) {
        self.index += 1;
        match outcome {
            Ok(what) => {
                *self
                    .stats
                    .claims
                    .entry(format!("{name}: {what}"))
                    .or_default() += 1;
            }
            Err(problem) => {
                *self
                    .stats
                    .claims
                    .entry(format!("{name}: FINDING"))
                    .or_default() += 1;
                let repro = json!({ "case": name, "request": request, "problem": problem });
                self.findings.add(
                    "claim",
                    self.index,
                    format!("{name}: {problem}"),
                    Repro::Request(&repro),
                );
            }
        }
    }
}

/// Runs every case once.
pub fn run_claims(spec: &ClaimsSpec) -> Result<(Stats, Findings), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let mut stats = Stats::default();
    let mut findings = Findings::new(&spec.out, 0, spec.seed);
    runtime.block_on(async {
        let mut case = Case {
            stats: &mut stats,
            findings: &mut findings,
            index: 0,
        };
        codes(spec, &mut case).await?;
        play_while_checking(spec, &mut case).await?;
        dailies(spec, &mut case).await?;
        requests(spec, &mut case).await
    })?;
    Ok((stats, findings))
}

/// A router over a fresh service checking under [`cap`].
fn fresh(ui: &Path) -> Result<Client, String> {
    let client = Client::new(ui)?;
    client.service.cap_checks(cap());
    Ok(client)
}

async fn post(client: &Client, route: &str, body: &Value) -> Result<Answer, String> {
    client
        .send(&Outgoing::call(route, body.to_string().into_bytes()))
        .await
}

/// A refusal with `code` whose message holds `words`, as the case's outcome.
fn refused(answer: &Answer, code: &str, words: &[&str]) -> Result<String, String> {
    let message = answer
        .json()
        .and_then(|j| j["message"].as_str().map(str::to_owned))
        .unwrap_or_default();
    if answer.ok() {
        return Err(format!(
            "accepted: {}",
            String::from_utf8_lossy(&answer.body)
        ));
    }
    if answer.code().as_deref() != Some(code) {
        return Err(format!(
            "refused as {:?}, not {code}: {message}",
            answer.code()
        ));
    }
    match words.iter().find(|w| !message.contains(**w)) {
        Some(missing) => Err(format!("the reason does not say `{missing}`: {message}")),
        None => Ok(format!("refused {code}")),
    }
}

/// A forged code of `seats` with the person's `choices`, claiming a win in `round`.
fn forged(
    seed: u64,
    seats: Vec<CodeSeat>,
    rounds: Option<u32>,
    choices: Vec<Choice>,
    round: u32,
) -> String {
    let undoes = choices.iter().any(|c| matches!(c, Choice::Undo(_)));
    CodeGame {
        rules_version: RULES_VERSION,
        bots_version: Some(BOTS_VERSION),
        content: hash_prefix(&embedded_content_hash()),
        seed,
        // Take-backs past drawn cards are a casual game's: the costly kind.
        mode: if undoes {
            Mode::Casual
        } else {
            Mode::Challenge
        },
        setup: SetupChoice::Preset,
        two_player_variant: seats.len() == 2,
        rounds,
        seats,
        daily: None,
        choices,
        claim: Claim {
            result: "royalty".to_owned(),
            score: 9_999,
            round,
            state: [0; 8],
        },
        name: None,
        layout: Default::default(),
    }
    .encode()
    .unwrap_or_default()
}

fn bots(tier: BotKind, n: u64, seed: u64) -> Vec<CodeSeat> {
    (0..n)
        .map(|i| CodeSeat::Bot {
            tier,
            seed: seed + i,
        })
        .collect()
}

/// Forged codes that would cost minutes to replay in full: each refused within the bound.
async fn codes(spec: &ClaimsSpec, case: &mut Case<'_>) -> Result<(), String> {
    let client = fresh(&spec.ui)?;
    let seed = spec.seed;
    let person_and = |tier, n| {
        let mut seats = bots(tier, n, seed);
        seats.insert(0, CodeSeat::Person);
        seats
    };
    let undo_loop: Vec<Choice> = (0..20)
        .flat_map(|_| [Choice::Listed(0), Choice::Undo(1)])
        .collect();
    let long_loop: Vec<Choice> = (0..150)
        .flat_map(|i| [Choice::Listed(i % 3), Choice::Undo(1)])
        .collect();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "5 Random bots, no round limit, claiming round 500",
            forged(seed, bots(BotKind::Random, 5, seed), None, vec![], 500),
            "too long a game to check here",
        ),
        (
            "a person and 4 Hard bots, first choice and undo 20 times",
            forged(seed, person_and(BotKind::Hard, 4), Some(15), undo_loop, 15),
            "cannot be checked",
        ),
        (
            "a person and 4 Hard bots, 150 choices each undone",
            forged(seed, person_and(BotKind::Hard, 4), None, long_loop, 60),
            "cannot be checked",
        ),
        (
            "ending in round 16 of a 15-round game",
            forged(seed, bots(BotKind::Random, 5, seed), Some(15), vec![], 16),
            "cannot reach",
        ),
        (
            "5 Random bots claiming round 1 of a longer game",
            forged(seed, bots(BotKind::Random, 5, seed), None, vec![], 1),
            "goes on past that round",
        ),
    ];
    for (name, code, words) in cases {
        let body = json!({ "code": code });
        let started = Instant::now();
        let answer = post(&client, "verify_code", &body).await?;
        let took = started.elapsed();
        let outcome = refused(&answer, "code_refused", &[words]).and_then(|ok| {
            if took > CHECK_TIME {
                Err(format!("refused, but after {took:?}"))
            } else {
                Ok(format!("{ok} in {} ms", took.as_millis() / 100 * 100))
            }
        });
        case.check(name, outcome, Some(body));
    }
    Ok(())
}

/// The slowest a new game may be made while hostile checks run (p99): the target is 250 ms in
/// a release build; a debug build is about ten times slower.
fn create_p99_bound() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_millis(2_500)
    } else {
        Duration::from_millis(250)
    }
}

/// Eight clients pasting forged codes again and again (each answered, refused as busy, or
/// refused as too long) while the player makes new games: play must not wait for checks.
async fn play_while_checking(spec: &ClaimsSpec, case: &mut Case<'_>) -> Result<(), String> {
    let client = Arc::new(fresh(&spec.ui)?);
    let hostile = forged(
        spec.seed,
        bots(BotKind::Random, 5, spec.seed),
        None,
        vec![],
        500,
    );
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut pasters = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let (client, stop, body) = (
            Arc::clone(&client),
            Arc::clone(&stop),
            json!({ "code": hostile }),
        );
        pasters.spawn(async move {
            let mut answers = std::collections::BTreeMap::<String, u64>::new();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let answer = post(&client, "verify_code", &body).await?;
                let code = answer.code().unwrap_or_else(|| "ok".to_owned());
                if code == "busy" {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                *answers.entry(code).or_default() += 1;
            }
            Ok::<_, String>(answers)
        });
    }
    // Let the checks fill the lane, then play.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let new_game = json!({"mode": "casual", "seats": [{"kind": "human"}, {"kind": "bot", "tier": "normal", "seed": 1}, {"kind": "bot", "tier": "normal", "seed": 2}], "setup": "preset", "seed": 3});
    let mut took = Vec::new();
    for _ in 0..40 {
        let started = Instant::now();
        let answer = post(&client, "create_game_paused", &new_game).await?;
        took.push(started.elapsed());
        if !answer.ok() {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            return Err(format!(
                "create_game_paused failed under load: {}",
                String::from_utf8_lossy(&answer.body)
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut answers = std::collections::BTreeMap::<String, u64>::new();
    while let Some(done) = pasters.join_next().await {
        for (code, n) in done.map_err(|e| e.to_string())?? {
            *answers.entry(code).or_default() += n;
        }
    }
    took.sort();
    let p99 = took[(took.len() * 99 / 100).min(took.len() - 1)];
    let outcome = if p99 <= create_p99_bound()
        && answers.get("code_refused").is_some_and(|n| *n > 0)
    {
        Ok(format!(
            "create_game_paused p99 {:.1} ms under 8 pasters",
            p99.as_secs_f64() * 1e3
        ))
    } else {
        Err(format!(
            "create_game_paused p99 {p99:?} (bound {:?}); the pasters were answered {answers:?}",
            create_p99_bound()
        ))
    };
    case.check(
        "new games while 8 clients paste forged codes",
        outcome,
        None,
    );
    Ok(())
}

/// Today's daily, played by a Random player to its end on `client`: its game and its code in
/// the full layout.
async fn played_daily(client: &Client) -> Result<(i64, String), String> {
    let started = post(client, "start_daily", &json!({})).await?;
    let game = started
        .json()
        .and_then(|j| j["game"].as_i64())
        .ok_or_else(|| {
            format!(
                "start_daily failed: {}",
                String::from_utf8_lossy(&started.body)
            )
        })?;
    let service = Arc::clone(&client.service);
    tokio::task::spawn_blocking(move || {
        service.autoplay(game, BotKind::Random, 5)?;
        // The full layout: a compact code names the day alone, so its mode, round limit and
        // date text cannot be edited at all; the full layout, still read, can be.
        let code = service.replay_code_full(&GameRequest { game })?;
        Ok::<_, warwick::service::ServiceError>((game, code))
    })
    .await
    .map_err(|e| e.to_string())?
    .map_err(|e| e.to_string())
}

/// A daily's code and log, edited as a forger would.
async fn dailies(spec: &ClaimsSpec, case: &mut Case<'_>) -> Result<(), String> {
    let client = fresh(&spec.ui)?;
    let (game, code) = played_daily(&client).await?;
    let honest = CodeGame::decode(&code).map_err(|e| e.to_string())?;
    let edited = |edit: &dyn Fn(&mut CodeGame)| {
        let mut game = honest.clone();
        edit(&mut game);
        game.encode().unwrap_or_default()
    };
    let other = fresh(&spec.ui)?;
    let cases: Vec<(&str, String, &[&str])> = vec![
        (
            "a daily's code in casual mode",
            edited(&|g| g.mode = Mode::Casual),
            &["casual mode", "challenge mode"],
        ),
        (
            "a daily's code with another round limit",
            edited(&|g| g.rounds = g.rounds.map(|r| r + 1)),
            &["round limit"],
        ),
        (
            "a daily's code dated with a trailing space",
            edited(&|g| {
                if let Some(d) = g.daily.as_mut() {
                    d.date.push(' ');
                }
            }),
            &["YYYY-MM-DD"],
        ),
        (
            // Older bots than these bots still replay (a code of the version before is
            // replayed by its own choices, and holds if the game comes out the same).
            "a daily's code claiming older bots than these replay",
            edited(&|g| g.bots_version = Some(FIRST_REDERIVED_BOTS_VERSION.saturating_sub(1))),
            &["bots of version"],
        ),
    ];
    for (name, code, words) in cases {
        let body = json!({ "code": code });
        let answer = post(&other, "verify_code", &body).await?;
        let code = if name.contains("older bots") {
            "version"
        } else {
            "code_refused"
        };
        case.check(name, refused(&answer, code, words), Some(body));
    }
    // The first-attempt flag is the player's word: verified, but never as proven.
    let practice = edited(&|g| {
        g.daily = Some(DailyTag {
            scored: true,
            ..g.daily.clone().unwrap_or(DailyTag {
                date: String::new(),
                scored: true,
            })
        })
    });
    let body = json!({ "code": practice });
    let answer = post(&other, "verify_code", &body).await?;
    let outcome = match answer.json() {
        Some(v) if answer.ok() => {
            let unproven = v["unproven"].as_array().map_or(0, Vec::len);
            if unproven == 1 && v["mode"] == "challenge" {
                Ok("verified, the first attempt shown as the player's word".to_owned())
            } else {
                Err(format!("the first attempt is not marked unproven: {v}"))
            }
        }
        _ => Err(format!(
            "the honest daily did not verify: {}",
            String::from_utf8_lossy(&answer.body)
        )),
    };
    case.check("a daily's first-attempt flag", outcome, Some(body));
    // The daily's log, with its mode or its bots' version changed: never imported.
    let exported = post(&client, "export", &json!({ "game": game })).await?;
    let text = exported
        .json()
        .and_then(|j| j["text"].as_str().map(str::to_owned))
        .ok_or("the daily's log was not exported")?;
    let log = Editable::parse(&text)?;
    let mut casual = log.clone();
    casual.header["mode"] = json!("casual");
    casual.rows[0].payload["mode"] = json!("casual");
    let mut older = log.clone();
    for options in [
        &mut older.header["options"],
        &mut older.rows[0].payload["options"],
    ] {
        if let Some(options) = options.as_object_mut() {
            options.remove("bots_version");
        }
    }
    for (name, text, code, words) in [
        (
            "a daily's log in casual mode",
            casual.forge(),
            "verify",
            &["casual mode"][..],
        ),
        (
            "a daily's log claiming unrecorded bots",
            older.forge(),
            "version",
            &["not imported"][..],
        ),
    ] {
        let answer = post(&other, "import", &json!({ "text": text })).await?;
        case.check(name, refused(&answer, code, words), None);
    }
    Ok(())
}

/// Requests: concurrent starts, settings junk, strict commands, unknown games, dates.
async fn requests(spec: &ClaimsSpec, case: &mut Case<'_>) -> Result<(), String> {
    // Eight starts of today's daily at once: one scored attempt.
    let client = Arc::new(fresh(&spec.ui)?);
    let mut starts = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let client = Arc::clone(&client);
        starts.spawn(async move { post(&client, "start_daily", &json!({})).await });
    }
    let mut scored = 0;
    let mut failed = Vec::new();
    while let Some(done) = starts.join_next().await {
        match done.map_err(|e| e.to_string())? {
            Ok(answer) if answer.ok() => {
                if answer
                    .json()
                    .is_some_and(|j| j["daily"]["scored"] == json!(true))
                {
                    scored += 1;
                }
            }
            Ok(answer) => failed.push(String::from_utf8_lossy(&answer.body).into_owned()),
            Err(error) => failed.push(error),
        }
    }
    let outcome = if scored == 1 && failed.is_empty() {
        Ok("one scored attempt".to_owned())
    } else {
        Err(format!("{scored} scored attempts; failures: {failed:?}"))
    };
    case.check("8 concurrent starts of the daily", outcome, None);

    // Settings of another shape: refused, and the file untouched.
    let home = spec.out.join("claims-data");
    let _ = std::fs::remove_dir_all(&home);
    let service = Service::open_data_folder(&home, "warwick.db").map_err(|e| e.to_string())?;
    let settings = Client::over(Arc::new(service), &spec.ui)?;
    let good = json!({
        "bots": ["hard", "easy"], "bot_speed": "fast", "animation": false, "auto_pass": false
    });
    post(&settings, "save_settings", &good).await?;
    let file = home.join("settings.json");
    let before = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
    let mut unknown = good.clone();
    unknown["theme"] = json!("dark");
    for junk in [json!([]), json!({}), json!({"elsewhere": 1}), unknown] {
        let answer = post(&settings, "save_settings", &junk).await?;
        let kept = std::fs::read_to_string(&file).map_err(|e| e.to_string())? == before;
        let outcome = refused(&answer, "bad_request", &[]).and_then(|ok| {
            if kept {
                Ok(ok)
            } else {
                Err("the settings file changed".to_owned())
            }
        });
        case.check("settings of another shape", outcome, Some(junk));
    }

    // A command with a field Warwick does not write; a game that does not exist; no daily's
    // year.
    let plain = fresh(&spec.ui)?;
    let created = post(
        &plain,
        "create_game_paused",
        &json!({"mode": "casual", "seats": [{"kind": "human"}, {"kind": "bot", "tier": "random", "seed": 1}], "setup": "preset", "seed": 1}),
    )
    .await?;
    let game = created.json().map_or(Value::Null, |j| j["game"].clone());
    let body = json!({
        "game": game, "by": 0, "expected_last_seq": 0,
        "command": {"type": "EndStep", "with": "more"}
    });
    let answer = post(&plain, "act", &body).await?;
    case.check(
        "a command with an unknown field",
        refused(&answer, "bad_request", &["with"]),
        Some(body),
    );
    let body = json!({ "game": 424_242 });
    let answer = post(&plain, "close_game", &body).await?;
    case.check(
        "closing a game that does not exist",
        refused(&answer, "unknown_game", &[]),
        Some(body),
    );
    for date in ["0000-01-01", "26-11-26", "2026-11-26 ", "1999-12-31"] {
        let body = json!({ "date": date });
        let answer = post(&plain, "daily", &body).await?;
        case.check(
            "a daily of no daily's date",
            refused(&answer, "bad_request", &[]),
            Some(body),
        );
    }
    let today = today().format("%Y-%m-%d").to_string();
    let answer = post(&plain, "daily", &json!({ "date": today })).await?;
    case.check(
        "today's daily",
        if answer.ok() {
            Ok("answered".to_owned())
        } else {
            Err(String::from_utf8_lossy(&answer.body).into_owned())
        },
        None,
    );
    Ok(())
}
