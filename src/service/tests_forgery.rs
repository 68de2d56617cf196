//! Forged logs, each made as an attacker would (the change, then the whole hash chain and the
//! header's head re-forged so the chain holds), and each refused by import and verification
//! with its reason: a person relabelled as a bot or a bot as a person, a bot's tier or seed
//! changed, the undo mode switched, a challenge take-back across a drawn card, a bot's command
//! undone, seats that do not match the set-up, no seats, a header that disagrees with the first
//! row, a log without its game row, and rows written other than the way Warwick writes them.

use serde_json::Value;

use super::tests::{bots_game, human_game, human_move};
use super::*;
use crate::bots::BotKind;
use crate::store::{LogFile, event_hash};

/// Applies `edit` to a log file's header and rows, then re-forges every hash from the first
/// row on and the header's head, so the chain holds and only the replay can object. Each row
/// is written the way Warwick writes it (as a careful forger would), where it can be read.
pub(super) fn reforge(text: &str, edit: impl FnOnce(&mut Value, &mut Vec<Value>)) -> String {
    reforge_as(text, true, edit)
}

/// [`reforge`], writing edited rows exactly as edited when `canonical` is false.
fn reforge_as(
    text: &str,
    canonical: bool,
    edit: impl FnOnce(&mut Value, &mut Vec<Value>),
) -> String {
    let file = LogFile::parse(text).unwrap();
    let mut header = serde_json::to_value(&file.header).unwrap();
    let mut rows: Vec<Value> = file
        .events
        .iter()
        .map(|e| {
            serde_json::json!({
                "kind": e.kind,
                "schema_version": e.schema_version,
                "payload": serde_json::from_str::<Value>(&e.payload).unwrap(),
            })
        })
        .collect();
    edit(&mut header, &mut rows);
    let mut prev = crate::store::GENESIS_HASH.to_owned();
    let mut lines = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let seq = i as u64 + 1;
        let kind = row["kind"].as_str().unwrap();
        let version = row["schema_version"].as_u64().unwrap() as u32;
        let mut payload = serde_json::to_string(&row["payload"]).unwrap();
        if canonical {
            let stored = crate::store::StoredEvent {
                seq,
                kind: kind.to_owned(),
                schema_version: version,
                payload: payload.clone(),
                prev_hash: String::new(),
                hash: String::new(),
            };
            if let Ok(row) = Row::decode_lenient(&stored) {
                payload = row.encode().unwrap().payload;
            }
        }
        let hash = event_hash(&prev, seq, kind, version, &payload);
        lines.push(format!(
            r#"{{"seq":{seq},"kind":"{kind}","schema_version":{version},"payload":{payload},"prev_hash":"{prev}","hash":"{hash}"}}"#
        ));
        prev = hash;
    }
    header["events"] = Value::from(rows.len() as u64);
    header["head"] = Value::from(prev);
    let mut out = serde_json::to_string(&header).unwrap();
    for line in lines {
        out.push('\n');
        out.push_str(&line);
    }
    out.push('\n');
    out
}

/// Edits the seats (or other options) in both the header and the game row, as a forger who
/// knows the format would.
fn edit_options(text: &str, edit: impl Fn(&mut Value)) -> String {
    reforge(text, |header, rows| {
        edit(&mut header["options"]);
        edit(&mut rows[0]["payload"]["options"]);
    })
}

fn refused(text: &str) -> String {
    let service = Service::new();
    let verified = service.verify_log(text);
    let imported = service.import(text);
    match (verified, imported) {
        (Err(a), Err(b)) => {
            assert_eq!(a.to_string(), b.to_string(), "import and verify agree");
            assert!(service.list_games().unwrap().is_empty(), "nothing stored");
            a.to_string()
        }
        (v, i) => panic!("a forged log was accepted: verify {v:?}, import {i:?}"),
    }
}

/// A finished-or-not game of a person (seat 0) and two Random bots with a few of the
/// person's commands, as its log.
fn person_log(seed: u64, mode: Mode) -> String {
    let service = Service::new();
    let mut status = human_game(&service, mode, seed);
    for pick in 0..4 {
        if status.outcome.is_some() || !status.awaiting.contains(&0) {
            break;
        }
        status = human_move(&service, &status, pick, false).status;
    }
    let text = service.log_text(status.game).unwrap().text;
    assert!(
        Service::new().verify_log(&text).is_ok(),
        "the real log verifies"
    );
    text
}

#[test]
fn the_untouched_log_and_a_harmless_reforge_verify() {
    let text = person_log(3, Mode::Casual);
    // Re-forging without a change gives the very same rows, and the file still verifies.
    let same = reforge(&text, |_, _| {});
    assert_eq!(
        same.lines().skip(1).collect::<Vec<_>>(),
        text.lines().skip(1).collect::<Vec<_>>()
    );
    assert!(Service::new().verify_log(&same).is_ok());
}

#[test]
fn a_person_relabelled_as_a_bot_is_refused() {
    let text = person_log(3, Mode::Casual);
    let forged = edit_options(&text, |o| {
        o["seats"][0] = serde_json::json!({"kind": "bot", "tier": "random", "seed": 77});
    });
    let reason = refused(&forged);
    assert!(reason.contains("bot seat 0"), "{reason}");
}

#[test]
fn a_bot_relabelled_as_a_second_person_is_refused() {
    let text = person_log(4, Mode::Casual);
    let forged = edit_options(&text, |o| {
        o["seats"][1] = serde_json::json!({"kind": "human"})
    });
    let reason = refused(&forged);
    assert!(reason.contains("at most one person"), "{reason}");
}

#[test]
fn a_person_and_a_bot_swapped_are_refused() {
    let text = person_log(5, Mode::Casual);
    let forged = edit_options(&text, |o| {
        let bot = o["seats"][1].clone();
        o["seats"][1] = serde_json::json!({"kind": "human"});
        o["seats"][0] = bot;
    });
    let reason = refused(&forged);
    assert!(reason.contains("bot seat 0"), "{reason}");
}

#[test]
fn a_bot_with_another_tier_or_seed_is_refused() {
    let service = Service::new();
    let status = bots_game(&service, 3, 21);
    let text = service.log_text(status.game).unwrap().text;
    let tier = edit_options(&text, |o| o["seats"][1]["tier"] = Value::from("normal"));
    let reason = refused(&tier);
    assert!(reason.contains("bot seat 1 (normal)"), "{reason}");
    let unknown = edit_options(&text, |o| o["seats"][1]["tier"] = Value::from("genius"));
    let reason = refused(&unknown);
    assert!(reason.contains("genius"), "{reason}");
    // A Random bot's choices follow its seed, so another seed gives other commands.
    let seed = edit_options(&text, |o| o["seats"][2]["seed"] = Value::from(999_999));
    let reason = refused(&seed);
    assert!(reason.contains("bot seat 2"), "{reason}");
}

#[test]
fn seats_that_do_not_match_the_set_up_are_refused() {
    let text = person_log(6, Mode::Casual);
    let five = edit_options(&text, |o| {
        let bot = o["seats"][1].clone();
        let seats = o["seats"].as_array_mut().unwrap();
        seats.push(bot.clone());
        seats.push(bot);
    });
    let reason = refused(&five);
    assert!(reason.contains("3 factions but 5 seats"), "{reason}");
    let none = edit_options(&text, |o| o["seats"] = Value::Array(Vec::new()));
    let reason = refused(&none);
    assert!(reason.contains("3 factions but 0 seats"), "{reason}");
}

#[test]
fn a_header_that_disagrees_with_the_first_row_is_refused() {
    let text = person_log(7, Mode::Casual);
    // The mode switched in the header only.
    let header_only = reforge(&text, |header, _| header["mode"] = Value::from("challenge"));
    let reason = refused(&header_only);
    assert!(reason.contains("undo mode differs"), "{reason}");
    // Seats changed in the header only.
    let seats = reforge(&text, |header, _| {
        header["options"]["seats"][1]["seed"] = Value::from(5);
    });
    let reason = refused(&seats);
    assert!(reason.contains("seats and set-up differs"), "{reason}");
}

#[test]
fn a_log_without_its_game_row_is_refused() {
    let text = person_log(8, Mode::Casual);
    let forged = reforge(&text, |_, rows| {
        rows.remove(0);
    });
    let reason = refused(&forged);
    assert!(reason.contains("first row must be the game"), "{reason}");
    let twice = reforge(&text, |_, rows| {
        let game = rows[0].clone();
        rows.insert(1, game);
    });
    let reason = refused(&twice);
    assert!(reason.contains("seq 2"), "{reason}");
}

#[test]
fn rows_not_written_the_way_warwick_writes_them_are_refused() {
    let text = person_log(9, Mode::Casual);
    // An unknown field smuggled into a command row.
    let forged = reforge_as(&text, false, |_, rows| {
        let command = rows.iter_mut().find(|r| r["kind"] == "Command").unwrap();
        command["payload"]["note"] = Value::from("x".repeat(100));
    });
    let reason = refused(&forged);
    assert!(
        reason.contains("not written the way Warwick writes it"),
        "{reason}"
    );
    // An unknown field in the header's options.
    let extra = reforge(&text, |header, _| {
        header["options"]["extra"] = Value::from(1)
    });
    let reason = refused(&extra);
    assert!(reason.contains("options"), "{reason}");
}

/// A casual game in which the person took back a command across a drawn card (allowed in
/// casual games), as a log; and the seq of that undo row.
fn casual_undo_across_a_reveal() -> (String, u64) {
    for seed in 1..40 {
        let service = Service::new();
        let mut status = human_game(&service, Mode::Casual, seed);
        for pick in 0..12 {
            if status.outcome.is_some() || !status.awaiting.contains(&0) {
                break;
            }
            let submitted = human_move(&service, &status, pick + seed as usize, false);
            let crossed = submitted.rows.iter().any(|r| r.irreversible);
            status = submitted.status;
            if crossed && status.undo.is_some() {
                let undone = service
                    .undo(&UndoRequest {
                        game: status.game,
                        expected_last_seq: status.head,
                        to_seq: None,
                    })
                    .unwrap();
                let text = service.log_text(undone.game).unwrap().text;
                return (text, undone.head);
            }
        }
    }
    panic!("no casual game undid across a reveal");
}

#[test]
fn a_casual_game_relabelled_as_challenge_is_refused_at_its_take_back() {
    let (text, undo_seq) = casual_undo_across_a_reveal();
    assert!(Service::new().verify_log(&text).is_ok());
    let forged = reforge(&text, |header, rows| {
        header["mode"] = Value::from("challenge");
        rows[0]["payload"]["mode"] = Value::from("challenge");
    });
    let reason = refused(&forged);
    assert!(
        reason.contains(&format!("seq {undo_seq}")) && reason.contains("undo policy"),
        "{reason}"
    );
    assert!(reason.contains("challenge"), "{reason}");
}

#[test]
fn a_bots_command_undone_is_refused() {
    let text = person_log(10, Mode::Casual);
    let file = LogFile::parse(&text).unwrap();
    let rows: Vec<Row> = file
        .events
        .iter()
        .map(|e| Row::decode(e).unwrap())
        .collect();
    // The last bot command still standing at the end of the log.
    let last = rows.len() as u64;
    let bot_command = rows
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, r)| match r {
            Row::Command(c) if c.by != 0 => Some(i as u64 + 1),
            _ => None,
        })
        .unwrap();
    for by in [0u8, 1] {
        let forged = reforge(&text, |_, rows| {
            rows.push(serde_json::json!({
                "kind": "Undone",
                "schema_version": 1,
                "payload": {"from": bot_command, "to": last, "by": by},
            }));
        });
        let reason = refused(&forged);
        assert!(reason.contains(&format!("seq {}", last + 1)), "{reason}");
        let expected = if by == 0 {
            "not a decision of yours"
        } else {
            "not played by a person"
        };
        assert!(reason.contains(expected), "by {by}: {reason}");
    }
}

#[test]
fn new_games_with_bad_seats_or_limits_are_refused() {
    let service = Service::new();
    let base = NewGame::bots_around(3, Some(0), Mode::Casual, 1);
    let two_people = NewGame {
        seats: vec![SeatPlayer::Human, SeatPlayer::Human, base.seats[2].clone()],
        ..base.clone()
    };
    let zero_limit = NewGame {
        time_limit_rounds: Some(0),
        ..base.clone()
    };
    let one_seat = NewGame {
        seats: vec![SeatPlayer::Human],
        ..base
    };
    for (request, words) in [
        (two_people, "at most one person"),
        (zero_limit, "time limit"),
        (one_seat, "2 to 5 seats"),
    ] {
        let error = service.create_game(&request).unwrap_err();
        assert_eq!(error.code(), "bad_request");
        assert!(error.to_string().contains(words), "{error}");
    }
    assert!(service.list_games().unwrap().is_empty());
    // Unknown fields and tiers are refused when the request is read.
    let json = serde_json::to_value(&base).unwrap();
    let mut extra = json.clone();
    extra["extra"] = Value::from(1);
    assert!(serde_json::from_value::<NewGame>(extra).is_err());
    let mut tier = json;
    tier["seats"][1]["tier"] = Value::from("genius");
    assert!(serde_json::from_value::<NewGame>(tier).is_err());
    let _ = BotKind::Random;
}

/// The log file of a game as Warwick writes it (its game row and set-up), pinned for every
/// rules version (a game keeps the version it was made under): a change to the layout of the
/// game row, the header or the set-up's events shows here.
#[test]
fn a_new_games_log_matches_the_golden_file() {
    for rules in crate::rules::FIRST_RULES_VERSION..=crate::rules::RULES_VERSION {
        a_new_games_log_matches_its_golden_file(rules);
    }
}

/// Stores `request`'s new game under rules `rules`, created at `created` (a fixed time, so
/// the game row is the same at every run).
pub(super) fn store_under_rules(
    service: &Service,
    request: &NewGame,
    rules: u32,
    created: &str,
) -> crate::store::GameId {
    store_pinned(service, request, rules, crate::bots::BOTS_VERSION, created)
}

/// [`store_under_rules`], the game recorded as played by the bots of `bots`.
pub(super) fn store_pinned(
    service: &Service,
    request: &NewGame,
    rules: u32,
    bots: u32,
    created: &str,
) -> crate::store::GameId {
    let mut options = request.options().unwrap();
    options.setup.rules_version = rules;
    options.bots_version = Some(bots);
    let record = crate::store::GameRecord {
        id: 0,
        created: created.to_owned(),
        rules_version: rules,
        content_hash: service.content_hash.clone(),
        seed: request.seed,
        mode: request.mode.as_str().to_owned(),
        options: serde_json::to_value(&options).unwrap(),
        parent: None,
    };
    service
        .store_new(record, options, request.mode, None)
        .unwrap()
}

fn a_new_games_log_matches_its_golden_file(rules: u32) {
    let service = Service::new();
    let request = NewGame::bots_around(3, Some(0), Mode::Challenge, 42);
    // Pinned with the bots they were written with (version 3, still re-derived here); that a
    // new game records this Warwick's bots' version is tests_bots_version's to show.
    let game = store_pinned(&service, &request, rules, 3, "2026-11-26T00:00:00.000Z");
    let text = service.log_text(game).unwrap().text;
    // Version 1's file keeps its name from before the rules had a second version.
    let path = format!(
        "{}/src/service/golden/game-v1{}.jsonl",
        env!("CARGO_MANIFEST_DIR"),
        if rules == 1 {
            String::new()
        } else {
            format!("-rules-{rules}")
        }
    );
    if std::env::var_os("WARWICK_BLESS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        text, golden,
        "rules {rules}: rerun with WARWICK_BLESS=1 only for a deliberate change of format or \
         set-up"
    );
    let verified = Service::new().verify_log(&golden).unwrap();
    assert_eq!(verified.commands, 0);
}

#[test]
fn a_gift_naming_a_card_twice_is_refused_with_its_own_reason() {
    let service = Service::new();
    let mut status = human_game(&service, Mode::Casual, 3);
    for step in 0..400 {
        assert!(status.outcome.is_none(), "no gift was ever possible");
        let legal = service
            .legal(&SeatRequest {
                game: status.game,
                faction: 0,
            })
            .unwrap();
        let gift = legal.commands.iter().find_map(|c| match &c.command {
            crate::rules::Command::OfferGift { to, cards } => Some((*to, cards.clone())),
            _ => None,
        });
        if let Some((to, cards)) = gift {
            let card = cards[0];
            let error = service
                .act(&Submit {
                    game: status.game,
                    by: 0,
                    command: crate::rules::Command::OfferGift {
                        to,
                        cards: vec![card; 5],
                    },
                    expected_last_seq: status.head,
                    advised: None,
                })
                .unwrap_err();
            assert_eq!(error.code(), "card_named_twice", "{error}");
            assert!(
                !error.to_string().contains(card.as_str()),
                "named for players: {error}"
            );
            assert_eq!(service.status(status.game).unwrap().head, status.head);
            return;
        }
        let quick = legal
            .commands
            .iter()
            .find(|c| {
                matches!(
                    c.command,
                    crate::rules::Command::EndStep | crate::rules::Command::Pass
                )
            })
            .unwrap_or(&legal.commands[step % legal.commands.len()]);
        status = human_move_with(&service, &status, quick.command.clone());
    }
    panic!("no gift was ever possible");
}

fn human_move_with(
    service: &Service,
    status: &GameStatus,
    command: crate::rules::Command,
) -> GameStatus {
    let submitted = service
        .submit(&Submit {
            game: status.game,
            by: 0,
            command,
            expected_last_seq: status.head,
            advised: None,
        })
        .unwrap();
    super::tests::settle(service, submitted.status)
}

#[test]
fn an_edited_event_names_the_field_that_differs() {
    let text = person_log(11, Mode::Casual);
    let forged = reforge(&text, |_, rows| {
        let moved = rows
            .iter_mut()
            .find(|r| r["kind"] == "NobleMoved" || r["kind"] == "ControlChanged")
            .unwrap();
        let payload = &mut moved["payload"];
        if payload["type"] == "NobleMoved" {
            payload["counts_as_move"] = Value::Bool(!payload["counts_as_move"].as_bool().unwrap());
        } else {
            payload["location"] = Value::from("york");
        }
    });
    let reason = refused(&forged);
    assert!(
        reason.contains("differs from what the rules produce in `"),
        "{reason}"
    );
}

#[test]
fn oversized_fields_and_lines_are_refused_before_they_cost_anything() {
    let text = person_log(12, Mode::Casual);
    let long_created = reforge(&text, |header, rows| {
        header["created"] = Value::from("2026-11-26T00:00:00Z".to_owned() + &"0".repeat(1000));
        rows[0]["payload"]["created"] = header["created"].clone();
    });
    let reason = refused(&long_created);
    assert!(reason.contains("created"), "{reason}");
    let row_created = reforge(&text, |_, rows| {
        rows[0]["payload"]["created"] = Value::from("x".repeat(100));
    });
    let reason = refused(&row_created);
    assert!(reason.contains("creation time"), "{reason}");
    let long_line = reforge_as(&text, false, |_, rows| {
        rows[1]["payload"]["padding"] = Value::from("x".repeat(super::MAX_LINE_BYTES));
    });
    let service = Service::new();
    let error = service.verify_log(&long_line).unwrap_err();
    assert_eq!(error.code(), "too_large", "{error}");
    let huge = "x".repeat(super::MAX_LOG_BYTES + 1);
    assert_eq!(service.import(&huge).unwrap_err().code(), "too_large");
}

#[test]
fn a_command_falsely_marked_as_the_suggestion_taken_is_refused() {
    let text = person_log(3, Mode::Casual);
    let forged = reforge(&text, |_, rows| {
        let person = rows
            .iter_mut()
            .skip(1)
            .find(|r| r["kind"] == "Command" && r["payload"]["by"] == 0)
            .expect("a command of the person");
        person["payload"]["advised"] = Value::Bool(true);
    });
    let error = refused(&forged);
    assert!(error.contains("suggestion"), "{error}");
}
