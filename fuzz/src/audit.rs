//! The audit of every game a lane's service holds: `verify` (the full replay with all its
//! checks) must pass, and every log that may be exported is replayed here row by row with the
//! rules' conservation invariants checked between commands (a person's unfinished game cannot
//! be exported; verification is its audit). Also the replay of any log with the invariants, which
//! the log lanes use on the logs they see accepted. Must not change a game.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::json;

use warwick::content::Content;
use warwick::rules::{initial_state, invariants};
use warwick::service::{COMMAND_KIND, GameOptions, History, Row, Service, UNDONE_KIND};
use warwick::store::LogFile;

use super::report::{Findings, Repro, Stats};

/// Audits every game of `service`; `index` labels the findings (the request count).
pub fn audit_games(service: &Service, index: u64, stats: &mut Stats, findings: &mut Findings) {
    stats.audits += 1;
    let games = match service.game_ids() {
        Ok(games) => games,
        Err(error) => {
            let what = json!({"call": "game_ids"});
            findings.add("audit", index, error.to_string(), Repro::Detail(&what));
            return;
        }
    };
    for game in games {
        let what = json!({"game": game});
        match catch_unwind(AssertUnwindSafe(|| service.verify(game))) {
            Ok(Ok(_)) => stats.games_verified += 1,
            Ok(Err(error)) => {
                let detail = format!("game {game} does not verify: {error}");
                findings.add("verify_failed", index, detail, Repro::Detail(&what));
            }
            Err(_) => {
                let detail = format!("verify panicked on game {game}");
                findings.add("panic", index, detail, Repro::Detail(&what));
            }
        }
        match catch_unwind(AssertUnwindSafe(|| service.export(game))) {
            Ok(Ok(log)) => {
                let Ok(content) = service.content() else {
                    continue;
                };
                if let Err(broken) = replay_with_invariants(content, &log.text, stats) {
                    let meta = json!({"game": game});
                    let repro = Repro::Log {
                        text: &log.text,
                        meta: &meta,
                    };
                    findings.add("invariant", index, format!("game {game}: {broken}"), repro);
                }
            }
            // A game a person is still playing is not exported: verification was its audit.
            Ok(Err(error)) if error.code() == "not_yours" => {}
            Ok(Err(error)) => {
                let detail = format!("game {game} cannot be exported: {error}");
                findings.add("export_failed", index, detail, Repro::Detail(&what));
            }
            Err(_) => {
                let detail = format!("export panicked on game {game}");
                findings.add("panic", index, detail, Repro::Detail(&what));
            }
        }
    }
}

/// Replays a log's rows from its set-up, checking the rules' invariants after the set-up, after
/// every command's events and after every undo; the first broken one (seq and what), if any. A log whose rows cannot be read is not
/// judged here (verification judges it).
pub fn replay_with_invariants(
    content: &Content,
    text: &str,
    stats: &mut Stats,
) -> Result<(), String> {
    let Ok(file) = LogFile::parse(text) else {
        return Ok(());
    };
    let Ok(options) = serde_json::from_value::<GameOptions>(file.header.options.clone()) else {
        return Ok(());
    };
    stats.logs_replayed += 1;
    let boundary = |seq: usize| {
        file.events
            .get(seq)
            .is_none_or(|next| next.kind == COMMAND_KIND || next.kind == UNDONE_KIND)
    };
    let replay = catch_unwind(AssertUnwindSafe(|| {
        let mut history = History::new(initial_state(content, &options.setup));
        for (index, stored) in file.events.iter().enumerate() {
            let Ok(row) = Row::decode(stored) else {
                return Ok(());
            };
            if history.push(content, row).is_err() {
                return Ok(());
            }
            // The invariants hold between commands: after the set-up, after each command's
            // events, after each undo (as the rules' own property tests check them).
            if boundary(index + 1) {
                stats.invariant_checks += 1;
                let broken = invariants::check(content, history.current());
                if !broken.is_empty() {
                    return Err(format!(
                        "after seq {} ({}): {}",
                        stored.seq,
                        stored.kind,
                        broken.join("; ")
                    ));
                }
            }
        }
        Ok(())
    }));
    replay.unwrap_or_else(|_| Err("the replay panicked".to_owned()))
}
