//! Golden files for the formats players keep (issue 30): a replay code of a real finished game
//! with the game it decodes to written out, one stored event of every type, a history file
//! and the dailies of a few dates, in `src/service/golden/`. Each is read back and written
//! again byte for byte, so a field renamed or reordered fails here before it breaks a shared
//! code, a kept log or a history moved to another machine. Each must read the same in every
//! later build, or be refused by its version with a plain reason (a replay code of another
//! rules, bots or content version; an event of another schema version).
//!
//! `WARWICK_BLESS=1 cargo test -p warwick --lib tests_golden` rewrites them: only for a
//! deliberate new version of a format, kept beside the old file, never to make a test pass.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use strum::VariantArray;

use super::challenge::{CodeGame, Daily, daily, parse_date};
use super::records::Row;
use super::tests_challenge::finished;
use super::*;
use crate::content::Content;
use crate::rules::{
    Command, EVENT_SCHEMA_VERSION, Event, EventKind, Setup, SetupKind, decide, evolve, start,
};
use crate::store::{GameId, StoredEvent};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("src/service/golden")
        .join(name)
}

fn blessing() -> bool {
    std::env::var_os("WARWICK_BLESS").is_some()
}

/// The golden file's text, written first from `make` when blessing.
fn golden(name: &str, make: impl FnOnce() -> String) -> String {
    if blessing() {
        std::fs::write(path(name), make()).unwrap();
    }
    std::fs::read_to_string(path(name))
        .unwrap_or_else(|e| panic!("{name}: {e} (bless it with WARWICK_BLESS=1)"))
}

/// Whether this build can replay a code: the same rules, bots and game data made it.
fn replayable_here(service: &Service, code: &CodeGame) -> bool {
    crate::rules::rules_version_supported(code.rules_version)
        && code
            .bots_version
            .is_some_and(crate::bots::bots_version_rederived)
        && code.content_is(&service.content_hash)
}

/// A replay code golden: the code, and the game it decodes to.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CodeFile {
    code: String,
    game: serde_json::Value,
}

const CODE_FILE: &str = "replay-code-w2.json";

/// A real finished game (the person played by hand for a few decisions with a take-back,
/// then by a bot, to the round limit) and its `W2-` code.
fn code_file() -> String {
    let service = Service::new();
    let status = finished(&service, 1, 3, 2, &[1]);
    let code = service
        .with_game(status.game, |g| {
            super::code_writing::encode(
                g.content,
                &service.content_hash,
                g.session,
                None,
                super::challenge::Layout::Full,
            )
        })
        .unwrap();
    let game = serde_json::to_value(CodeGame::decode(&code).unwrap()).unwrap();
    serde_json::to_string_pretty(&CodeFile { code, game }).unwrap() + "\n"
}

#[test]
fn a_replay_code_decodes_to_the_game_written_out() {
    let text = golden(CODE_FILE, code_file);
    let file: CodeFile = serde_json::from_str(&text).unwrap();
    assert!(file.code.starts_with("W2-"), "{}", file.code);
    let decoded = CodeGame::decode(&file.code).unwrap();
    // The game as written out reads as the code's game: a field renamed fails to read, two
    // fields of one type swapped in the struct (the code's bytes follow its field order)
    // read as another game.
    let written: CodeGame = serde_json::from_value(file.game.clone())
        .unwrap_or_else(|e| panic!("the written-out game no longer reads: {e}"));
    assert_eq!(
        decoded, written,
        "the code decodes to another game than written"
    );
    assert_eq!(
        decoded.encode().unwrap(),
        file.code,
        "the game encodes to another code"
    );
    // Byte for byte, the file as this build writes it.
    let again = serde_json::to_string_pretty(&CodeFile {
        code: decoded.encode().unwrap(),
        game: serde_json::to_value(&decoded).unwrap(),
    })
    .unwrap()
        + "\n";
    assert_eq!(again, text, "the code's game is written out otherwise now");
    // It replays to its claim here, or is refused by its version with a plain reason.
    let service = Service::new();
    let verified = service.verify_code(&CodeText { code: file.code });
    if replayable_here(&service, &decoded) {
        let verified = verified.unwrap();
        assert_eq!(verified.result, decoded.claim.result);
        assert_eq!(
            verified.score.as_ref().map(|s| s.total),
            Some(decoded.claim.score)
        );
        assert!(decoded.claim.score > 0 && decoded.choices.len() > 3);
    } else {
        let error = verified.unwrap_err();
        assert_eq!(error.code(), "version", "{error}");
        assert!(error.to_string().contains("version"), "{error}");
    }
}

const COMPACT_FILE: &str = "replay-code-w4.json";

/// A real finished game, as [`code_file`]'s, in the compact layout Warwick writes now.
fn compact_file() -> String {
    let service = Service::new();
    let status = finished(&service, 2, 3, 2, &[1]);
    let code = service
        .replay_code(&GameRequest { game: status.game })
        .unwrap()
        .code;
    let game = serde_json::to_value(CodeGame::decode(&code).unwrap()).unwrap();
    serde_json::to_string_pretty(&CodeFile { code, game }).unwrap() + "\n"
}

/// The compact layout (`W4-`) is pinned as the full one is: the code decodes to the game
/// written out, encodes to itself, holds predicted choices, and replays to its claim here (or
/// is refused by its version).
#[test]
fn a_compact_replay_code_decodes_to_the_game_written_out() {
    let text = golden(COMPACT_FILE, compact_file);
    let file: CodeFile = serde_json::from_str(&text).unwrap();
    assert!(file.code.starts_with("W4-"), "{}", file.code);
    let decoded = CodeGame::decode(&file.code).unwrap();
    let written = CodeGame {
        layout: super::challenge::Layout::Compact,
        ..serde_json::from_value(file.game.clone())
            .unwrap_or_else(|e| panic!("the written-out game no longer reads: {e}"))
    };
    assert_eq!(decoded, written, "the code decodes to another game");
    assert_eq!(decoded.encode().unwrap(), file.code);
    let predicted = decoded
        .choices
        .iter()
        .filter(|c| **c == super::challenge::Choice::Predicted)
        .count();
    assert!(predicted > 0, "no predicted choice: {:?}", decoded.choices);
    // A predicted choice is the compact layout's alone: written in the full one, no code.
    let full = CodeGame {
        layout: super::challenge::Layout::Full,
        ..decoded.clone()
    };
    assert!(CodeGame::decode(&full.encode().unwrap()).is_err());
    let service = Service::new();
    let verified = service.verify_code(&CodeText { code: file.code });
    if replayable_here(&service, &decoded) {
        let verified = verified.unwrap();
        assert_eq!(verified.result, decoded.claim.result);
        assert_eq!(
            verified.score.as_ref().map(|s| s.total),
            Some(decoded.claim.score)
        );
    } else {
        let error = verified.unwrap_err();
        assert_eq!(error.code(), "version", "{error}");
    }
}

/// One stored event: its type, its schema version and its payload exactly as stored.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventLine<'a> {
    kind: String,
    schema_version: u32,
    #[serde(borrow)]
    payload: &'a RawValue,
}

const EVENTS_FILE: &str = "events-v1.jsonl";

fn event_line(event: &Event) -> String {
    let row = Row::Event(event.clone()).encode().unwrap();
    let payload = RawValue::from_string(row.payload).unwrap();
    serde_json::to_string(&EventLine {
        kind: row.kind,
        schema_version: row.schema_version,
        payload: &payload,
    })
    .unwrap()
}

/// Events of real play: the set-ups and games of bots at every table size, both set-ups and
/// the 2-player variant, and every rules scenario's accepted steps.
fn played_events(content: &Content) -> Vec<Event> {
    let mut events = Vec::new();
    for seed in 1..=12u64 {
        let players = 2 + (seed % 4) as u8;
        let mut setup = Setup::new(players, seed);
        setup.time_limit_rounds = Some(6);
        if seed % 3 == 0 {
            setup.kind = SetupKind::ControlledRandom;
        }
        setup.two_player_variant = players == 2 && seed % 2 == 0;
        let bots = (0..players)
            .map(|seat| {
                let kind = if seed % 2 == 0 {
                    crate::bots::BotKind::Normal
                } else {
                    crate::bots::BotKind::Random
                };
                crate::bots::make_bot(kind, seat)
            })
            .collect();
        let (_, setup_events) = start(content, &setup).unwrap();
        events.extend(setup_events);
        let mut table = crate::bots::Table::new(content, &setup, bots).unwrap();
        while table.commands < 20_000 && table.step().unwrap() {
            events.extend(table.last_events.iter().cloned());
        }
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let Ok(states) = crate::rules::scenario::scenario_states(content, &text) else {
            continue;
        };
        let Some(mut state) = states.into_iter().next() else {
            continue;
        };
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        for step in json["steps"].as_array().into_iter().flatten() {
            let (Some(by), Ok(command)) = (
                step["by"].as_u64().and_then(|b| u8::try_from(b).ok()),
                serde_json::from_value(step["command"].clone()),
            ) else {
                continue;
            };
            if let Ok(step_events) = decide(content, &state, by, &command) {
                for event in &step_events {
                    evolve(content, &mut state, event);
                }
                events.extend(step_events);
            }
        }
    }
    events
}

/// Events of the types no game or scenario of this build plays, as a stored log may still
/// hold them: cards dealt to a hand at set-up, a ship's passage ending at sea, and a Major
/// card going back when its Noble leaves play (rare in play).
fn unplayed_events() -> Vec<Event> {
    vec![
        Event::CardsDealt {
            faction: 1,
            cards: vec!["C45".into(), "C67".into()],
        },
        Event::ShipAtSea {
            ship: "le_swan".to_owned(),
            zone: "northumbrian_coast".into(),
        },
        Event::MajorCardReturned {
            noble: "neville".into(),
            card: "MB01".into(),
        },
    ]
}

/// The first event of each type met in play (or made, for the types play does not meet), in
/// the order of [`EventKind`].
fn events_file() -> String {
    let content = Content::embedded().unwrap();
    let mut played = played_events(&content);
    played.extend(unplayed_events());
    let mut text = String::new();
    let mut missing = Vec::new();
    for kind in EventKind::VARIANTS {
        match played.iter().find(|e| EventKind::from(*e) == *kind) {
            Some(event) => {
                text.push_str(&event_line(event));
                text.push('\n');
            }
            None => missing.push(<&str>::from(kind)),
        }
    }
    assert!(
        missing.is_empty(),
        "no game or scenario played these event types: {missing:?}; add a scenario that \
         does, or make one in unplayed_events"
    );
    text
}

#[test]
fn one_stored_event_of_every_type_reads_and_writes_back_the_same() {
    let text = golden(EVENTS_FILE, events_file);
    let mut seen = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let parsed: EventLine<'_> = serde_json::from_str(line).unwrap();
        let stored = StoredEvent {
            seq: i as u64 + 1,
            kind: parsed.kind.clone(),
            schema_version: parsed.schema_version,
            payload: parsed.payload.get().to_owned(),
            prev_hash: String::new(),
            hash: String::new(),
        };
        // A row of another schema version is refused by its version, in words.
        if parsed.schema_version != EVENT_SCHEMA_VERSION {
            let error = Row::decode(&stored).map(|_| ()).unwrap_err();
            assert!(error.to_string().contains("schema version"), "{error}");
            continue;
        }
        // Read as Warwick reads a stored row (which refuses a payload not written exactly as
        // Warwick writes it: a field renamed, reordered or added), then written again.
        let event = match Row::decode(&stored) {
            Ok(Row::Event(event)) => event,
            Ok(_) => panic!("line {}: {} is not an event", i + 1, parsed.kind),
            Err(error) => panic!("line {}: {error}", i + 1),
        };
        assert_eq!(event.kind(), parsed.kind);
        assert_eq!(
            event_line(&event),
            line,
            "line {} is written otherwise now",
            i + 1
        );
        seen.push(EventKind::from(&event));
    }
    let missing: Vec<&str> = EventKind::VARIANTS
        .iter()
        .filter(|k| !seen.contains(k))
        .map(<&str>::from)
        .collect();
    assert!(
        missing.is_empty(),
        "{EVENTS_FILE} holds no {missing:?} event: a new event type needs its golden line \
         (bless with WARWICK_BLESS=1 once a game or scenario plays it)"
    );
}

const HISTORY_FILE: &str = "history-v1.txt";

/// The history of two finished games with a person.
fn history_file() -> String {
    let service = Service::new();
    for seed in [1, 2] {
        finished(&service, seed, 2, 1, &[]);
    }
    service.export_history().unwrap().text
}

#[test]
fn a_history_file_imports_and_exports_the_same() {
    let text = golden(HISTORY_FILE, history_file);
    assert!(text.starts_with("{\"format\":\"warwick-history\",\"version\":1}\n"));
    let service = Service::new();
    let codes: Vec<CodeGame> = text
        .lines()
        .skip(1)
        .map(|line| {
            assert!(
                line.starts_with("{\"created\":\"") && line.contains("\",\"code\":\"W2-"),
                "a history line is its date then its code: {line}"
            );
            let line: serde_json::Value = serde_json::from_str(line).unwrap();
            CodeGame::decode(line["code"].as_str().unwrap()).unwrap()
        })
        .collect();
    assert_eq!(codes.len(), 2);
    let mut from = 0;
    let mut refused = Vec::new();
    let mut imported = 0;
    loop {
        let step = service
            .import_history(&ImportHistory {
                text: text.clone(),
                from,
            })
            .unwrap();
        refused.extend(step.refused);
        imported += step.imported;
        match step.next {
            Some(next) => from = next,
            None => break,
        }
    }
    if codes.iter().all(|c| replayable_here(&service, c)) {
        assert!(refused.is_empty(), "{refused:?}");
        assert_eq!(imported, 2);
        assert_eq!(service.export_history().unwrap().text, text);
    } else {
        assert!(refused.iter().all(|r| r.contains("version")), "{refused:?}");
    }
}

const DAILIES_FILE: &str = "dailies-v1.json";

/// The inputs of the pinned dailies: dates across years (a leap day among them), and another
/// rules version and content beside the first.
const DAILY_INPUTS: [(&str, u32, &str); 6] = [
    (
        "2026-11-26",
        1,
        "149fe6286cc240ab52b3137940887557cebb4151a82aa78e1b5602939fad6287",
    ),
    (
        "2026-12-25",
        1,
        "149fe6286cc240ab52b3137940887557cebb4151a82aa78e1b5602939fad6287",
    ),
    (
        "2027-06-01",
        1,
        "149fe6286cc240ab52b3137940887557cebb4151a82aa78e1b5602939fad6287",
    ),
    (
        "2028-02-29",
        1,
        "149fe6286cc240ab52b3137940887557cebb4151a82aa78e1b5602939fad6287",
    ),
    (
        "2026-11-26",
        2,
        "149fe6286cc240ab52b3137940887557cebb4151a82aa78e1b5602939fad6287",
    ),
    ("2026-11-26", 1, "0000000000000000000000000000000000000000"),
];

/// One pinned daily: what it is made from, the challenge and the game it starts.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PinnedDaily {
    rules_version: u32,
    content_hash: String,
    daily: Daily,
    new_game: NewGame,
}

fn dailies() -> Vec<PinnedDaily> {
    DAILY_INPUTS
        .iter()
        .map(|(date, rules_version, content_hash)| {
            let daily = daily(parse_date(date).unwrap(), *rules_version, content_hash);
            PinnedDaily {
                rules_version: *rules_version,
                content_hash: (*content_hash).to_owned(),
                new_game: daily.new_game(),
                daily,
            }
        })
        .collect()
}

#[test]
fn the_dailies_of_fixed_days_are_pinned() {
    let made = serde_json::to_string_pretty(&dailies()).unwrap() + "\n";
    let text = golden(DAILIES_FILE, || made.clone());
    // Read back, each is what this build derives from the same inputs.
    let pinned: Vec<PinnedDaily> = serde_json::from_str(&text).unwrap();
    for (pinned, made) in pinned.iter().zip(dailies()) {
        assert_eq!(pinned.daily, made.daily, "{}", made.daily.date);
        assert_eq!(
            serde_json::to_value(&pinned.new_game).unwrap(),
            serde_json::to_value(&made.new_game).unwrap(),
            "{}",
            made.daily.date
        );
    }
    assert_eq!(
        made, text,
        "a daily is derived or written otherwise now: players on the same day would get \
         another game"
    );
}

const OUT_OF_TURN_FILE: &str = "replay-code-w2-out-of-turn.json";

/// A real finished game in which the person, while a bot was to move and between two bot
/// commands, gave a command out of turn (19.18, 19.02: at any time), then a bot played the
/// person on; returns the game and its `W2-` code.
fn out_of_turn_game(service: &Service) -> (GameId, String) {
    let mut request = NewGame::bots_around(3, Some(0), Mode::Casual, 31);
    for seat in &mut request.seats {
        if let SeatPlayer::Bot { tier, .. } = seat {
            *tier = crate::bots::BotKind::Normal;
        }
    }
    request.time_limit_rounds = Some(2);
    let mut status = service.create_game_paused(&request).unwrap();
    let game = status.game;
    let person = 0;
    let mut last_by_bot = false;
    let mut given = false;
    for _ in 0..2_000 {
        if given || status.outcome.is_some() {
            break;
        }
        if status.awaiting.contains(&person) {
            // The person's own decisions: the first listed step on.
            let legal = service
                .legal(&SeatRequest {
                    game,
                    faction: person,
                })
                .unwrap();
            let pick = legal
                .commands
                .iter()
                .find(|l| matches!(l.command, Command::Pass | Command::EndStep))
                .or(legal.commands.first())
                .unwrap();
            status = service
                .act(&Submit {
                    game,
                    by: person,
                    command: pick.command.clone(),
                    expected_last_seq: status.head,
                    advised: None,
                })
                .unwrap()
                .status;
            last_by_bot = false;
            continue;
        }
        if last_by_bot {
            // A bot is to move, after a bot's command: the person reveals a card, out of turn.
            let legal = service
                .legal(&SeatRequest {
                    game,
                    faction: person,
                })
                .unwrap();
            if let Some(reveal) = legal
                .commands
                .iter()
                .find(|l| matches!(l.command, Command::RevealCards { .. }))
            {
                status = service
                    .act(&Submit {
                        game,
                        by: person,
                        command: reveal.command.clone(),
                        expected_last_seq: status.head,
                        advised: None,
                    })
                    .unwrap()
                    .status;
                given = true;
            }
        }
        status = service
            .bot_step(&StepRequest {
                game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .unwrap()
            .status;
        last_by_bot = true;
    }
    assert!(
        given,
        "the person never had a card to reveal in a bot's turn"
    );
    service
        .autoplay(game, crate::bots::BotKind::Random, 7)
        .unwrap();
    let code = service.replay_code(&GameRequest { game }).unwrap().code;
    (game, code)
}

fn out_of_turn_file() -> String {
    let service = Service::new();
    let (_, code) = out_of_turn_game(&service);
    let game = serde_json::to_value(CodeGame::decode(&code).unwrap()).unwrap();
    serde_json::to_string_pretty(&CodeFile { code, game }).unwrap() + "\n"
}

/// A person's command given between two bot commands, out of turn, is carried by the log
/// (verification re-derives every bot command around it) and by the replay code (marked
/// `OutOfTurn`, given before the bot then awaited acts): a golden code proves it.
#[test]
fn a_command_out_of_turn_between_bot_commands_verifies() {
    let service = Service::new();
    let (game, code) = out_of_turn_game(&service);
    let verified = service.verify(game).unwrap();
    assert!(verified.bot_commands > 0, "{verified:?}");
    let rows = service
        .with_game(game, |g| Ok(g.session.history.rows().to_vec()))
        .unwrap();
    let at = rows
        .iter()
        .position(|r| matches!(r, Row::Command(c) if c.by == 0 && matches!(c.command, Command::RevealCards { .. })))
        .expect("the reveal is in the log");
    let bot_before = rows[..at].iter().rev().find_map(|r| match r {
        Row::Command(c) => Some(c.by),
        _ => None,
    });
    let bot_after = rows[at + 1..].iter().find_map(|r| match r {
        Row::Command(c) => Some(c.by),
        _ => None,
    });
    assert!(
        bot_before.is_some_and(|b| b != 0) && bot_after.is_some_and(|b| b != 0),
        "the reveal is not between two bot commands: {bot_before:?} {bot_after:?}"
    );
    let decoded = CodeGame::decode(&code).unwrap();
    assert!(
        decoded
            .choices
            .contains(&super::challenge::Choice::OutOfTurn)
    );
    service.verify_code(&CodeText { code }).unwrap();
    // The golden code: it decodes as written and replays to its claim here (or is refused by
    // its version, plainly).
    let text = golden(OUT_OF_TURN_FILE, out_of_turn_file);
    let file: CodeFile = serde_json::from_str(&text).unwrap();
    let decoded = CodeGame::decode(&file.code).unwrap();
    let written: CodeGame = serde_json::from_value(file.game).unwrap();
    assert_eq!(decoded, written);
    assert!(
        decoded
            .choices
            .contains(&super::challenge::Choice::OutOfTurn)
    );
    let verified = service.verify_code(&CodeText { code: file.code });
    if replayable_here(&service, &decoded) {
        let verified = verified.unwrap();
        assert_eq!(verified.result, decoded.claim.result);
    } else {
        let error = verified.unwrap_err();
        assert_eq!(error.code(), "version", "{error}");
    }
}
