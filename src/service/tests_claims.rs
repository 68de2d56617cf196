//! Claims that hold: each defect a hostile probe found in replay codes, dailies and requests,
//! pinned. A forged code is refused within its work bound (before the replay where its claim
//! alone shows it, in proportion to the game's size, at the cap of a waited check) and a caller
//! that goes away stops it; a daily's code or log must be in the daily's mode; the first-attempt
//! flag is the player's word, never verified; one scored attempt a day, however many start it
//! at once; settings are parsed strictly; a game whose rows do not hold is refused by name.

use std::sync::Arc;

use serde_json::Value;

use super::challenge::{Choice, Claim, CodeGame, CodeSeat, hash_prefix};
use super::tests_forgery::reforge;
use super::*;
use crate::bots::{BOTS_VERSION, BotKind};
use crate::rules::RULES_VERSION;

/// A code of a game of `seats`, claiming `claim`, with the person's `choices`, every field a
/// forger would need right so that only the replay can object.
fn forged(
    service: &Service,
    seats: Vec<CodeSeat>,
    rounds: Option<u32>,
    choices: Vec<Choice>,
    claim_round: u32,
) -> String {
    CodeGame {
        rules_version: RULES_VERSION,
        bots_version: Some(BOTS_VERSION),
        content: hash_prefix(&service.content_hash),
        seed: 7,
        mode: Mode::Challenge,
        setup: SetupChoice::Preset,
        two_player_variant: seats.len() == 2,
        rounds,
        seats,
        daily: None,
        choices,
        claim: Claim {
            result: "royalty".to_owned(),
            score: 9_999,
            round: claim_round,
            state: [0; 8],
        },
        name: None,
        layout: Default::default(),
    }
    .encode()
    .unwrap()
}

fn bots(tier: BotKind, n: u64) -> Vec<CodeSeat> {
    (0..n)
        .map(|i| CodeSeat::Bot {
            tier,
            seed: 100 + i,
        })
        .collect()
}

/// A check capped at `cap` steps (a debug build is too slow for the real cap in a test; the
/// logic is the same).
fn capped(cap: u64) -> Check {
    Check {
        cap: Some(cap),
        cancel: None,
    }
}

fn refusal(result: ServiceResult<VerifiedCode>) -> String {
    match result {
        Err(error) => error.to_string(),
        Ok(v) => panic!("a forged code verified: {v:?}"),
    }
}

#[test]
fn a_claim_no_game_of_its_size_can_make_is_refused_before_the_replay() {
    let service = Service::new();
    // Ending past its own round limit.
    let code = forged(&service, bots(BotKind::Random, 5), Some(15), vec![], 16);
    let reason = refusal(service.verify_code(&CodeText { code }));
    assert!(
        reason.contains("round 16") && reason.contains("15 rounds"),
        "{reason}"
    );
    // No round at all.
    let code = forged(&service, bots(BotKind::Random, 5), None, vec![], 0);
    assert!(refusal(service.verify_code(&CodeText { code })).contains("round 0"));
    // More choices than its rounds could ever need.
    let mut seats = bots(BotKind::Normal, 2);
    seats.insert(0, CodeSeat::Person);
    let many = vec![Choice::Bare(0); 2_000];
    let code = forged(&service, seats, Some(2), many, 2);
    let reason = refusal(service.verify_code(&CodeText { code }));
    assert!(reason.contains("2000 choices"), "{reason}");
}

#[test]
fn a_code_whose_game_goes_on_past_its_claimed_round_is_refused_there() {
    let service = Service::new();
    // Five Random bots, no round limit, no choices: it claims round 1, the game goes on.
    let code = forged(&service, bots(BotKind::Random, 5), None, vec![], 1);
    let reason = refusal(service.verify_code(&CodeText { code }));
    assert!(reason.contains("goes on past that round"), "{reason}");
}

#[test]
fn a_long_forged_game_stops_at_the_cap_of_a_waited_check() {
    let service = Service::new();
    // Five Random bots, no round limit, claiming round 500: honest in shape, but far more work
    // than one check may take; refused at the cap, saying how to check it anyway.
    let code = forged(&service, bots(BotKind::Random, 5), None, vec![], 500);
    let reason = refusal(service.verify_code_with(&CodeText { code }, &capped(20_000)));
    assert!(reason.contains("too long a game to check here"), "{reason}");
    assert!(reason.contains("--patient"), "{reason}");
}

#[test]
fn take_backs_that_make_the_hard_bots_replay_are_bounded() {
    let service = Service::new();
    // A person and four Hard bots; "first choice, undo" twenty times.
    let mut seats = bots(BotKind::Hard, 4);
    seats.insert(0, CodeSeat::Person);
    let mut choices = Vec::new();
    for _ in 0..20 {
        choices.push(Choice::Listed(0));
        choices.push(Choice::Undo(1));
    }
    let code = forged(&service, seats, Some(15), choices, 15);
    let reason = refusal(service.verify_code_with(&CodeText { code }, &capped(20_000)));
    assert!(
        reason.contains("too long a game to check here") || reason.contains("undo"),
        "{reason}"
    );
}

#[test]
fn a_check_whose_caller_went_away_stops() {
    let service = Service::new();
    let code = forged(&service, bots(BotKind::Random, 5), None, vec![], 400);
    let cancel = Cancel::new();
    cancel.cancel();
    let check = Check::waited(cancel);
    let error = service
        .verify_code_with(&CodeText { code }, &check)
        .unwrap_err();
    assert_eq!(error.code(), "cancelled", "{error}");
}

#[test]
fn an_honest_code_reports_its_work_within_its_games_budget() {
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, 11);
    request.time_limit_rounds = Some(2);
    let created = service.create_game(&request).unwrap();
    let ended = service.autoplay(created.game, BotKind::Random, 11).unwrap();
    let code = service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap()
        .code;
    let verified = Service::new().verify_code(&CodeText { code }).unwrap();
    assert!(verified.checked_steps > 0);
    assert!(
        verified.checked_steps < CHECK_CAP,
        "{}",
        verified.checked_steps
    );
    assert_eq!(verified.mode, Mode::Challenge);
    assert!(verified.unproven.is_empty(), "not a daily");
}

/// Today's daily as a code with `edit` applied to what it says, choices left as they are.
fn daily_code(service: &Service, edit: impl FnOnce(&mut CodeGame)) -> String {
    let day = service.daily_of(today());
    let game = day.new_game();
    let mut code = CodeGame {
        rules_version: RULES_VERSION,
        bots_version: Some(BOTS_VERSION),
        content: hash_prefix(&service.content_hash),
        seed: day.seed,
        mode: Mode::Challenge,
        setup: day.setup,
        two_player_variant: false,
        rounds: Some(day.rounds),
        seats: game.seats.iter().map(CodeSeat::from).collect(),
        daily: Some(DailyTag {
            date: day.date.clone(),
            scored: true,
        }),
        choices: vec![],
        claim: Claim {
            result: "loss".to_owned(),
            score: 100,
            round: day.rounds,
            state: [0; 8],
        },
        name: None,
        layout: Default::default(),
    };
    edit(&mut code);
    code.encode().unwrap()
}

#[test]
fn a_daily_code_in_casual_mode_is_refused_saying_so() {
    let service = Service::new();
    let code = daily_code(&service, |c| c.mode = Mode::Casual);
    let reason = refusal(service.verify_code(&CodeText { code }));
    assert!(reason.contains("casual mode"), "{reason}");
    assert!(reason.contains("challenge mode"), "{reason}");
    // Another round limit or a date written another way are not the day's either.
    let code = daily_code(&service, |c| c.rounds = Some(30));
    let reason = refusal(service.verify_code(&CodeText { code }));
    assert!(reason.contains("round limit is 30"), "{reason}");
    let code = daily_code(&service, |c| {
        if let Some(d) = c.daily.as_mut() {
            d.date.push(' ');
        }
    });
    let reason = refusal(service.verify_code(&CodeText { code }));
    assert!(reason.contains("not a date written YYYY-MM-DD"), "{reason}");
}

#[test]
fn a_daily_log_in_casual_mode_is_refused_for_import_and_verification() {
    let service = Service::new();
    let status = service.start_daily(&DailyRequest::default()).unwrap();
    let text = service.log_text(status.game).unwrap().text;
    let ours = Service::new().verify_log(&text).unwrap();
    assert_eq!(ours.mode, Mode::Challenge, "the result shows the mode");
    let forged = reforge(&text, |header, rows| {
        header["mode"] = Value::from("casual");
        rows[0]["payload"]["mode"] = Value::from("casual");
    });
    let other = Service::new();
    for error in [
        other.verify_log(&forged).unwrap_err(),
        other.import(&forged).unwrap_err(),
    ] {
        assert!(error.to_string().contains("casual mode"), "{error}");
    }
    assert!(other.list_games().unwrap().is_empty(), "nothing stored");
}

#[test]
fn the_first_attempt_flag_is_the_players_word_not_a_verified_fact() {
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, 12);
    request.time_limit_rounds = Some(1);
    let created = service.create_game(&request).unwrap();
    let ended = service.autoplay(created.game, BotKind::Random, 12).unwrap();
    let code = service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap()
        .code;
    let verified = service.verify_code(&CodeText { code }).unwrap();
    assert!(verified.unproven.is_empty());
    // A daily's code says it was the first attempt: shown as the player's claim only.
    let daily = service.start_daily(&DailyRequest::default()).unwrap();
    let scored = service
        .autoplay(daily.game, BotKind::Random, 3)
        .and_then(|s| service.replay_code(&GameRequest { game: s.game }))
        .unwrap()
        .code;
    let verified = Service::new()
        .verify_code(&CodeText { code: scored })
        .unwrap();
    assert_eq!(verified.daily.as_ref().map(|d| d.scored), Some(true));
    assert_eq!(verified.unproven.len(), 1, "{:?}", verified.unproven);
    assert!(verified.unproven[0].contains("the player says"));
    assert!(verified.unproven[0].contains("cannot be proven"));
}

#[test]
fn many_starts_at_once_make_one_scored_attempt() {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("games.db");
    // Two Warwicks on one file, four calls each at once.
    let services = [
        Arc::new(Service::open(&db).unwrap()),
        Arc::new(Service::open(&db).unwrap()),
    ];
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let service = Arc::clone(&services[i % 2]);
            std::thread::spawn(move || {
                // A busy database is the caller's to try again, as the app does.
                for _ in 0..200 {
                    match service.start_daily(&DailyRequest::default()) {
                        Err(ServiceError::Busy(_)) => {
                            std::thread::sleep(std::time::Duration::from_millis(5));
                        }
                        other => return other.unwrap(),
                    }
                }
                panic!("the database stayed busy");
            })
        })
        .collect();
    let started: Vec<GameStatus> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let scored = started
        .iter()
        .filter(|s| s.daily.as_ref().is_some_and(|d| d.scored))
        .count();
    assert_eq!(scored, 1, "exactly one scored attempt");
    let listed = services[0].list_games().unwrap();
    assert_eq!(listed.len(), 8);
    assert_eq!(
        listed
            .iter()
            .filter(|g| g.daily.as_ref().is_some_and(|d| d.scored))
            .count(),
        1
    );
}

#[test]
fn a_game_made_while_its_bots_cannot_be_stored_is_answered_once() {
    // The bots' first commands after a new game is stored find the database held by another
    // writer: the call still answers with the game as stored, so its caller (which tries again
    // when busy) does not make a second game.
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("games.db");
    let service = Service::open(&db).unwrap();
    let made = service
        .create_game_paused(&NewGame::bots_around(4, None, Mode::Casual, 3))
        .unwrap();
    assert!(made.bots_to_move);
    let other = rusqlite::Connection::open(&db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let answered = service.opened(made.game).unwrap();
    assert_eq!(answered.head, made.head, "nothing stored, nothing claimed");
    assert!(answered.bots_to_move, "the bots go on at the next call");
    other.execute_batch("ROLLBACK").unwrap();
    assert_eq!(service.status(made.game).unwrap().head, made.head);
    assert!(service.opened(made.game).unwrap().head > made.head);
    assert_eq!(service.list_games().unwrap().len(), 1);
}

#[test]
fn settings_of_another_shape_are_refused_before_anything_is_written() {
    for junk in [
        "[]",
        "{}",
        r#"{"bots":["normal"],"bot_speed":"normal","animation":true,"auto_pass":true,"extra":1}"#,
        r#"[["normal"],"normal",true,true,null]"#,
        r#"{"bots":"normal","bot_speed":"normal","animation":true,"auto_pass":true}"#,
        "null",
        "42",
    ] {
        assert!(
            serde_json::from_str::<Settings>(junk).is_err(),
            "{junk} was taken as settings"
        );
    }
    let good = r#"{"bots":["hard"],"bot_speed":"fast","animation":false,"auto_pass":true}"#;
    let settings: Settings = serde_json::from_str(good).unwrap();
    assert_eq!(settings.bots, vec![BotKind::Hard]);
    assert_eq!(settings.games_folder, None);
}

/// A service over a database file with one finished bots' game and one more, for tampering.
fn two_games(db: &std::path::Path) -> (i64, i64) {
    let service = Service::open(db).unwrap();
    let a = super::tests::bots_game(&service, 3, 31).game;
    let b = super::tests::bots_game(&service, 3, 32).game;
    (a, b)
}

#[test]
fn an_event_edited_behind_the_guards_is_refused_by_name_and_the_rest_play_on() {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("games.db");
    let (a, b) = two_games(&db);
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(&format!(
            "DROP TRIGGER events_never_update; UPDATE events SET payload = payload || ' ' \
             WHERE game_id = {a} AND seq = 3;"
        ))
        .unwrap();
    }
    let service = Service::open(&db).unwrap();
    for error in [
        service.status(a).unwrap_err(),
        service.timeline(a).unwrap_err(),
        service.export(a).unwrap_err(),
    ] {
        assert_eq!(error.code(), "damaged", "{error}");
        let words = error.to_string();
        assert!(words.contains(&format!("game {a}")), "{words}");
        assert!(words.contains("games.db"), "{words}");
    }
    let listed = service.list_games().unwrap();
    let shown = listed.iter().find(|g| g.game == a).unwrap();
    assert!(shown.damaged.is_some() && !shown.playable);
    // The other game is untouched.
    assert!(service.status(b).is_ok());
    assert!(service.export(b).is_ok());
}

#[test]
fn a_file_that_is_not_a_database_is_named() {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("games.db");
    std::fs::write(&db, vec![7u8; 8192]).unwrap();
    let error = Service::open(&db).unwrap_err().to_string();
    assert!(error.contains("games.db"), "{error}");
    assert!(error.contains("not a database"), "{error}");
}

#[test]
fn a_damaged_page_is_told_at_open_and_its_game_is_refused_by_name() {
    let home = tempfile::tempdir().unwrap();
    let db = home.path().join("warwick.db");
    let (a, _) = two_games(&db);
    // Zero one page of the events' table (past the schema pages), as a disk fault would.
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;")
            .unwrap();
    }
    let mut bytes = std::fs::read(&db).unwrap();
    let page = 4096;
    let pages = bytes.len() / page;
    assert!(pages > 6, "{pages} pages");
    let at = page * (pages / 2);
    bytes[at..at + page].fill(0);
    std::fs::write(&db, &bytes).unwrap();
    let service = Service::open_data_folder(home.path(), "warwick.db").unwrap();
    let notice = service.settings().unwrap().notice.unwrap_or_default();
    assert!(notice.contains("is damaged"), "{notice}");
    assert!(notice.contains("warwick.db"), "{notice}");
    // Whichever games the page held are refused by name, never served as sound; none is a
    // bare database error.
    let mut refused = 0;
    for game in [a, a + 1] {
        match service.status(game) {
            Ok(_) => {}
            Err(error) => {
                assert_eq!(error.code(), "damaged", "{error}");
                refused += 1;
            }
        }
    }
    assert!(refused > 0, "the zeroed page hurt no game");
}

#[test]
fn a_command_with_a_field_warwick_does_not_write_is_refused() {
    let extra: Result<crate::rules::Command, _> =
        serde_json::from_str(r#"{"type":"EndStep","whatever":1}"#);
    assert!(extra.is_err());
    let nested: Result<crate::rules::Command, _> = serde_json::from_str(
        r#"{"type":"MoveNoble","noble":"neville","kind":"road","to":{"area":"a","inside":null,"x":1},"free":false}"#,
    );
    assert!(nested.is_err());
    let fine: crate::rules::Command = serde_json::from_str(r#"{"type":"EndStep"}"#).unwrap();
    assert_eq!(fine, crate::rules::Command::EndStep);
}

#[test]
fn a_claim_differing_only_in_its_final_position_says_so() {
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, 14);
    request.time_limit_rounds = Some(1);
    let created = service.create_game(&request).unwrap();
    let ended = service.autoplay(created.game, BotKind::Random, 14).unwrap();
    let code = service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap()
        .code;
    let mut game = CodeGame::decode(&code).unwrap();
    game.claim.state[0] ^= 1;
    let reason = refusal(service.verify_code(&CodeText {
        code: game.encode().unwrap(),
    }));
    assert!(reason.contains("final position"), "{reason}");
    assert!(!reason.contains("but its game replays to"), "{reason}");
    // Words after a code in a share line are not part of it.
    let line = format!("Warwick: won in round 1. {code} try to beat it");
    assert!(service.verify_code(&CodeText { code: line }).is_ok());
    assert!(code.starts_with(super::challenge::CODE_TAG_COMPACT));
}

#[test]
fn a_share_line_whose_words_were_edited_is_refused_saying_what_differs() {
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, 15);
    request.time_limit_rounds = Some(1);
    let created = service.create_game(&request).unwrap();
    let ended = service.autoplay(created.game, BotKind::Random, 15).unwrap();
    let shared = service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap();
    let total = ended.score.as_ref().unwrap().total;
    assert!(shared.line.ends_with(&shared.code), "{}", shared.line);
    assert!(shared.line.contains("Lost in round 1") || shared.line.contains("Victory in round 1"));
    // The line as shared checks out, words and all, and the verified result carries it.
    let verified = Service::new()
        .verify_code(&CodeText {
            code: shared.line.clone(),
        })
        .unwrap();
    assert_eq!(verified.line, shared.line);
    // Its score edited in the words: refused, naming both numbers.
    let points = |n: u32| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    let edited = shared.line.replace(
        &format!("{} point", points(total)),
        &format!("{} point", points(total + 800)),
    );
    assert_ne!(edited, shared.line);
    let reason = refusal(Service::new().verify_code(&CodeText { code: edited }));
    assert!(reason.contains("do not match"), "{reason}");
    assert!(
        reason.contains(&points(total + 800)) && reason.contains(&points(total)),
        "{reason}"
    );
    // Another round in the words, or words that are no longer a result: refused too.
    let edited = shared.line.replace("in round 1", "in round 2");
    assert!(refusal(Service::new().verify_code(&CodeText { code: edited })).contains("round 2"));
    let edited = shared.line.replace("in round 1", "at dawn");
    assert!(
        refusal(Service::new().verify_code(&CodeText { code: edited })).contains("do not read")
    );
}
