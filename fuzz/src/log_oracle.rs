//! Whether an accepted mutated log is a forgery. It is not when it is its original (the same
//! rows, kind, version and payload, in the same order, and the same seed, mode and options;
//! the header's `created` may differ), or the original cut after a whole command's events (a
//! log's end is not sealed: any earlier point of a real game is a real game), or a game the
//! service itself plays when given the log's options and, one by one, its person's commands,
//! its bots' turns and its undos, reaching the same rows and state. Anything else verification
//! accepted is a forgery. Must not call verification.

use serde_json::Value;

use warwick::service::{
    AtSeq, GameOptions, Mode, NewGame, Row, SeatPlayer, Service, SetupChoice, StepRequest, Submit,
    UndoRequest,
};
use warwick::store::LogFile;

use super::log_mutate::Prepared;

/// What an accepted log is.
#[derive(Debug, PartialEq, Eq)]
pub enum Judged {
    /// Its original.
    Equivalent,
    /// Its original but for the game row's `created` (a time nothing checks).
    CreatedOnly,
    /// Its original cut after a command's events.
    Prefix,
    /// Another game, which the service plays the same way.
    Playable,
    /// A forgery: why.
    Forgery(String),
}

type Key = (String, u32, String);

/// Judges an accepted log against its original; `final_hash` is what verification found.
pub fn judge(original: &Prepared, text: &str, final_hash: &str) -> Judged {
    let file = match LogFile::parse(text) {
        Ok(file) => file,
        Err(error) => return Judged::Forgery(format!("accepted, yet it does not parse: {error}")),
    };
    let ours = LogFile::parse(&original.text).ok();
    let Some(ours) = ours else {
        return Judged::Forgery("the original does not parse".to_owned());
    };
    let same_game = file.header.seed == ours.header.seed
        && file.header.mode == ours.header.mode
        && file.header.options == ours.header.options;
    let keys = |f: &LogFile, mask: bool| -> Vec<Key> {
        f.events
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let payload = if mask && i == 0 {
                    masked_created(&e.payload)
                } else {
                    e.payload.clone()
                };
                (e.kind.clone(), e.schema_version, payload)
            })
            .collect()
    };
    if same_game {
        if keys(&file, false) == keys(&ours, false) {
            return Judged::Equivalent;
        }
        let (theirs, mine) = (keys(&file, true), keys(&ours, true));
        if theirs == mine {
            return Judged::CreatedOnly;
        }
        if theirs.len() < mine.len() && mine[..theirs.len()] == theirs[..] {
            let next = &mine[theirs.len()].0;
            return if next == "Command" || next == "Undone" {
                Judged::Prefix
            } else {
                Judged::Forgery(format!(
                    "accepted, cut at seq {} inside a command's events (next: {next})",
                    theirs.len()
                ))
            };
        }
    }
    match reproduce(&file, final_hash) {
        Ok(()) => Judged::Playable,
        Err(reason) => Judged::Forgery(reason),
    }
}

/// A game row's payload with its `created` blanked.
fn masked_created(payload: &str) -> String {
    match serde_json::from_str::<Value>(payload) {
        Ok(mut value) => {
            value["created"] = Value::Null;
            value.to_string()
        }
        Err(_) => payload.to_owned(),
    }
}

/// Plays the log's game through a fresh service: the same options, then each person command
/// (`act`), bot turn (`bot_step`) and undo in order; each must be accepted and end where the
/// log's batch ends, and the game must end in the state verification found (and, when it may
/// be exported, with the very rows of the log).
fn reproduce(file: &LogFile, final_hash: &str) -> Result<(), String> {
    let rows = file
        .events
        .iter()
        .map(|e| Row::decode(e).map_err(|e| format!("accepted, yet a row does not read: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let options: GameOptions = serde_json::from_value(file.header.options.clone())
        .map_err(|e| format!("accepted, yet its options do not read: {e}"))?;
    let mode = Mode::parse(&file.header.mode)
        .ok_or_else(|| format!("accepted with mode `{}`", file.header.mode))?;
    let request = NewGame {
        mode,
        seats: options.seats.clone(),
        setup: match options.setup.kind {
            warwick::rules::SetupKind::Preset => SetupChoice::Preset,
            warwick::rules::SetupKind::ControlledRandom => SetupChoice::ControlledRandom,
        },
        two_player_variant: Some(options.setup.two_player_variant),
        time_limit_rounds: options.setup.time_limit_rounds,
        seed: file.header.seed,
    };
    let made = request
        .options()
        .map_err(|e| format!("accepted with options no new game can have: {e}"))?;
    if serde_json::to_value(&made).ok().as_ref() != Some(&file.header.options) {
        return Err(format!(
            "accepted with options no new game has (seat names, colours or rulings): {}",
            file.header.options
        ));
    }
    let scratch = Service::new();
    let e = |what: &str, seq: usize, error: warwick::service::ServiceError| {
        format!(
            "the service refuses the log's {what} at seq {}: {error}",
            seq + 1
        )
    };
    let status = scratch
        .create_game_paused(&request)
        .map_err(|error| e("game", 0, error))?;
    let game = status.game;
    let boundary = |r: &Row| matches!(r, Row::Command(_) | Row::Undone(_));
    let mut at = rows.iter().position(boundary).unwrap_or(rows.len());
    if status.head != at as u64 {
        return Err(format!(
            "the set-up is {} rows, the service's {}",
            at, status.head
        ));
    }
    while at < rows.len() {
        let end = rows[at + 1..]
            .iter()
            .position(boundary)
            .map_or(rows.len(), |p| at + 1 + p);
        let head = at as u64;
        let reached = match &rows[at] {
            Row::Command(c) if options.seats.get(usize::from(c.by)) == Some(&SeatPlayer::Human) => {
                let submit = Submit {
                    game,
                    by: c.by,
                    command: c.command.clone(),
                    expected_last_seq: head,
                    advised: None,
                };
                scratch
                    .act(&submit)
                    .map_err(|error| e("command", at, error))?
                    .status
                    .head
            }
            Row::Command(c) => {
                let step = StepRequest {
                    game,
                    expected_last_seq: head,
                    pass_empty_windows: false,
                };
                let done = scratch
                    .bot_step(&step)
                    .map_err(|error| e("bot turn", at, error))?;
                if done.rows.first().and_then(|r| r.by) != Some(c.by) {
                    return Err(format!(
                        "at seq {} the log has seat {} act; the service's bots do not",
                        at + 1,
                        c.by
                    ));
                }
                done.status.head
            }
            Row::Undone(u) => {
                let undo = UndoRequest {
                    game,
                    expected_last_seq: head,
                    to_seq: Some(u.from),
                };
                scratch
                    .undo(&undo)
                    .map_err(|error| e("undo", at, error))?
                    .head
            }
            _ => return Err(format!("seq {} is neither a command nor an undo", at + 1)),
        };
        if reached != end as u64 {
            return Err(format!(
                "the batch at seq {} ends at seq {end} in the log, at {reached} when played",
                at + 1
            ));
        }
        at = end;
    }
    let hash = scratch
        .state_at(&AtSeq {
            game,
            seq: rows.len() as u64,
            faction: None,
        })
        .map_err(|error| e("end", rows.len(), error))?
        .state_hash;
    if hash != final_hash {
        return Err("played, the game ends in another state than the log".to_owned());
    }
    if let Ok(exported) = scratch.export(game) {
        let played = LogFile::parse(&exported.text).map_err(|e| e.to_string())?;
        let differs = played
            .events
            .iter()
            .zip(&file.events)
            .enumerate()
            .find(|(i, (a, b))| {
                let (pa, pb) = if *i == 0 {
                    (masked_created(&a.payload), masked_created(&b.payload))
                } else {
                    (a.payload.clone(), b.payload.clone())
                };
                a.kind != b.kind || a.schema_version != b.schema_version || pa != pb
            });
        if let Some((i, _)) = differs {
            return Err(format!("played, row {} differs from the log's", i + 1));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log_corpus::RealLog;
    use crate::log_forge::Editable;
    use serde_json::json;
    use warwick::service::StepRequest;

    /// A short game of two Random bots, as its log, ready to mutate.
    fn bots_log() -> Prepared {
        let service = Service::new();
        let request = NewGame {
            time_limit_rounds: Some(1),
            ..NewGame::bots_around(2, None, Mode::Casual, 5)
        };
        let status = service.create_game_paused(&request).unwrap();
        for _ in 0..6 {
            let status = service.status(status.game).unwrap();
            service
                .bot_step(&StepRequest {
                    game: status.game,
                    expected_last_seq: status.head,
                    pass_empty_windows: false,
                })
                .unwrap();
        }
        let text = service.export(status.game).unwrap().text;
        Prepared::of(&RealLog { name: "test", text }).unwrap()
    }

    fn final_hash(text: &str) -> String {
        Service::new().verify_log(text).unwrap().final_state_hash
    }

    #[test]
    fn the_original_and_a_new_created_time_are_the_original() {
        let log = bots_log();
        let hash = final_hash(&log.text);
        assert_eq!(judge(&log, &log.text, &hash), Judged::Equivalent);
        let mut edit = log.edit.clone();
        edit.header["created"] = json!("2031-02-03T04:05:06.000Z");
        assert_eq!(judge(&log, &edit.forge(), &hash), Judged::Equivalent);
        edit.rows[0].payload["created"] = json!("not a time");
        assert_eq!(judge(&log, &edit.forge(), &hash), Judged::CreatedOnly);
    }

    #[test]
    fn a_cut_after_a_command_is_a_prefix_and_inside_one_a_forgery() {
        let log = bots_log();
        let last_command = *log.commands.last().unwrap() as usize;
        let mut edit = log.edit.clone();
        edit.rows.truncate(last_command - 1);
        let cut = edit.forge();
        assert_eq!(judge(&log, &cut, &final_hash(&cut)), Judged::Prefix);
        // Cut inside the set-up's events.
        assert!(matches!(log.rows[2], Row::Event(_)));
        let mut inside = log.edit.clone();
        inside.rows.truncate(2);
        let judged = judge(&log, &inside.forge(), "any");
        assert!(matches!(judged, Judged::Forgery(_)), "{judged:?}");
    }

    #[test]
    fn a_game_the_service_cannot_make_or_play_is_a_forgery() {
        let log = bots_log();
        let hash = final_hash(&log.text);
        // A seat name no new game has, in both the header and the first row.
        let mut named = log.edit.clone();
        named.header["options"]["setup"]["seats"][0]["name"] = json!("Mallory");
        named.rows[0].payload["options"]["setup"]["seats"][0]["name"] = json!("Mallory");
        match judge(&log, &named.forge(), &hash) {
            Judged::Forgery(reason) => assert!(reason.contains("seat names"), "{reason}"),
            other => panic!("{other:?}"),
        }
        // Another end state than the one verification found.
        match judge(&log, &named_seed(&log), &hash) {
            Judged::Forgery(_) => {}
            other => panic!("{other:?}"),
        }
    }

    /// The log with its seed changed everywhere: the service plays another game from it.
    fn named_seed(log: &Prepared) -> String {
        let mut edit: Editable = log.edit.clone();
        let seed = edit.header["seed"].as_u64().unwrap() + 1;
        edit.header["seed"] = json!(seed);
        edit.header["options"]["setup"]["seed"] = json!(seed);
        edit.rows[0].payload["seed"] = json!(seed);
        edit.rows[0].payload["options"]["setup"]["seed"] = json!(seed);
        edit.forge()
    }
}
