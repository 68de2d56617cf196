//! The bots' version a game records, and what verification and replay codes make of it: a game
//! of these bots has its bot moves re-derived and a forged one refused; a game of other (or
//! unrecorded) bots is checked by the rules alone and says so, never called forged; a log or
//! code written before the version was recorded still reads.

use serde_json::Value;

use super::challenge::CodeGame;
use super::history::History;
use super::new_game::GameOptions;
use super::records::{CommandRecord, Row};
use super::tests::bots_game;
use super::tests_forgery::reforge;
use super::*;
use crate::bots::{BOTS_VERSION, BotKind};
use crate::content::Content;
use crate::rules::{decide, initial_state, legal_commands, state_hash};
use crate::store::{GameId, LogFile};

/// A log of three Random bots, 120 commands in.
fn bots_log(seed: u64) -> String {
    let service = Service::new();
    let status = bots_game(&service, 3, seed);
    service.log_text(status.game).unwrap().text
}

/// The log with its bots' version set to `version` (left out for `None`) in the header and
/// the game row alike, the chain re-forged.
fn with_bots_version(text: &str, version: Option<u32>) -> String {
    reforge(text, |header, rows| {
        for options in [&mut header["options"], &mut rows[0]["payload"]["options"]] {
            let options = options.as_object_mut().unwrap();
            match version {
                Some(v) => options.insert("bots_version".to_owned(), Value::from(v)),
                None => options.remove("bots_version"),
            };
        }
    })
}

/// The log cut at its first bot command that has another legal command, that command put in
/// its place with the events the rules give for it, the chain re-forged: every rule holds,
/// only the bot would not have chosen it.
fn with_a_bot_command_replaced(text: &str) -> String {
    let content = Content::embedded().unwrap();
    let file = LogFile::parse(text).unwrap();
    let options: GameOptions = serde_json::from_value(file.header.options.clone()).unwrap();
    let rows: Vec<Row> = file
        .events
        .iter()
        .map(|e| Row::decode(e).unwrap())
        .collect();
    let mut history = History::new(initial_state(&content, &options.setup));
    let mut forged = None;
    for (at, row) in rows.iter().enumerate() {
        if let Row::Command(record) = row
            && options.bot_tier(record.by).is_some()
        {
            let state = history.current();
            let other = legal_commands(&content, state, record.by)
                .into_iter()
                .filter(|c| *c != record.command)
                .find_map(|c| Some((decide(&content, state, record.by, &c).ok()?, c)));
            if let Some((events, command)) = other {
                let mut new = vec![Row::Command(CommandRecord {
                    by: record.by,
                    command,
                    state: state_hash(state),
                    advised: false,
                })];
                new.extend(events.into_iter().map(Row::Event));
                forged = Some((at, new));
                break;
            }
        }
        history.push(&content, row.clone()).unwrap();
    }
    let (at, new) = forged.expect("a bot command with another choice");
    reforge(text, |_, rows| {
        rows.truncate(at);
        rows.extend(new.iter().map(|row| {
            let row = row.encode().unwrap();
            serde_json::json!({
                "kind": row.kind,
                "schema_version": row.schema_version,
                "payload": serde_json::from_str::<Value>(&row.payload).unwrap(),
            })
        }));
    })
}

fn other_version(verified: &Verified) -> (Option<u32>, u64) {
    match &verified.bots {
        BotsChecked::OtherVersion {
            played,
            here,
            unchecked,
        } => {
            assert_eq!(*here, BOTS_VERSION);
            (*played, *unchecked)
        }
        BotsChecked::Rederived => panic!("the bots were re-derived: {verified:?}"),
    }
}

#[test]
fn a_game_of_these_bots_records_them_and_verifies_every_bot_move() {
    let service = Service::new();
    let status = bots_game(&service, 3, 71);
    let verified = service.verify(status.game).unwrap();
    assert_eq!(verified.bots, BotsChecked::Rederived);
    assert!(verified.bot_commands > 0, "{verified:?}");
    assert_eq!(verified.bot_commands, verified.commands, "bots only");
    assert!(verified.checked.contains("proven"), "{}", verified.checked);
    let text = service.log_text(status.game).unwrap().text;
    let header = text.lines().next().unwrap();
    let first = text.lines().nth(1).unwrap();
    let recorded = format!(r#""bots_version":{BOTS_VERSION}"#);
    assert!(header.contains(&recorded), "{header}");
    assert!(first.contains(&recorded), "{first}");
    assert_eq!(
        service.verify_log(&text).unwrap().bots,
        BotsChecked::Rederived
    );
}

#[test]
fn a_game_of_other_bots_is_checked_by_the_rules_and_not_called_forged() {
    let text = bots_log(72);
    let ours = Service::new().verify_log(&text).unwrap();
    for played in [Some(BOTS_VERSION + 1), None] {
        let older = with_bots_version(&text, played);
        let service = Service::new();
        let verified = service.verify_log(&older).unwrap();
        assert_eq!(other_version(&verified), (played, ours.bot_commands));
        assert_eq!(verified.commands, ours.commands, "every command re-decided");
        assert_eq!(verified.final_state_hash, ours.final_state_hash);
        assert_eq!(verified.bot_commands, 0, "none re-derived");
        let words = &verified.checked;
        assert!(words.contains("cannot be re-checked"), "{words}");
        assert!(words.contains("re-decided every command"), "{words}");
        match played {
            Some(v) => assert!(words.contains(&format!("bots of version {v}")), "{words}"),
            None => assert!(words.contains("before Warwick recorded"), "{words}"),
        }
        // Not proven, it is not imported: older bots are no way around the check.
        let error = service.import(&older).unwrap_err();
        assert_eq!(error.code(), "version");
        assert!(error.to_string().contains("not imported"), "{error}");
        assert!(service.list_games().unwrap().is_empty(), "nothing stored");
    }
}

#[test]
fn a_forged_bot_move_is_refused_under_these_bots_and_unproven_under_others() {
    let forged = with_a_bot_command_replaced(&bots_log(73));
    let error = Service::new().verify_log(&forged).unwrap_err().to_string();
    assert!(error.contains("must be the bot's own"), "{error}");
    // Claimed as another bots' game, the move is legal but not proven, and the result says so.
    let disowned = with_bots_version(&forged, Some(BOTS_VERSION + 1));
    let verified = Service::new().verify_log(&disowned).unwrap();
    let (_, unchecked) = other_version(&verified);
    assert!(unchecked > 0);
    // What the rules can check, they still do: a row cut from the end is caught.
    let cut = reforge(&disowned, |_, rows| {
        rows.pop();
    });
    let error = Service::new().verify_log(&cut).unwrap_err().to_string();
    assert!(error.contains("truncated"), "{error}");
}

#[test]
fn a_log_written_before_the_bots_version_still_loads() {
    let old = include_str!("golden/game-v1-no-bots-version.jsonl");
    assert!(!old.contains("bots_version"));
    let service = Service::new();
    let verified = service.verify_log(old).unwrap();
    // No command yet, so nothing of the bots' to check.
    assert_eq!(verified.bots, BotsChecked::Rederived);
    let game = service.import(old).unwrap().game;
    assert_eq!(service.verify(game).unwrap().rows, verified.rows);
    assert!(service.status(game).is_ok());
}

/// A finished game of a person (played by a Random bot) against two Random bots, as its code.
fn finished_code(seed: u64) -> String {
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, seed);
    request.time_limit_rounds = Some(2);
    let created = service.create_game(&request).unwrap();
    let ended = service
        .autoplay(created.game, BotKind::Random, seed)
        .unwrap();
    service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap()
        .code
}

/// [`finished_code`] in the full layout, as Warwick wrote codes before the compact one.
fn finished_full_code(seed: u64) -> String {
    let service = Service::new();
    let verified = service.open_code(&CodeText {
        code: finished_code(seed),
    });
    let opened = verified.unwrap().game.unwrap();
    let full = service
        .with_game(opened, |g| {
            super::code_writing::encode(
                g.content,
                &service.content_hash,
                g.session,
                None,
                challenge::Layout::Full,
            )
        })
        .unwrap();
    let game = CodeGame::decode(&full).unwrap();
    assert!(!game.choices.contains(&challenge::Choice::Predicted));
    full
}

/// The code re-written with `edit` applied to what it says.
fn recoded(code: &str, edit: impl FnOnce(&mut CodeGame)) -> String {
    let mut game = CodeGame::decode(code).unwrap();
    edit(&mut game);
    game.encode().unwrap()
}

#[test]
fn a_code_carries_its_bots_version_and_other_bots_codes_are_refused_plainly() {
    let code = finished_code(74);
    assert!(code.starts_with(challenge::CODE_TAG_COMPACT), "{code}");
    assert_eq!(
        CodeGame::decode(&code).unwrap().bots_version,
        Some(BOTS_VERSION)
    );
    let verifier = Service::new();
    verifier
        .verify_code(&CodeText { code: code.clone() })
        .unwrap();
    let other = recoded(&code, |g| g.bots_version = Some(BOTS_VERSION + 1));
    match verifier.verify_code(&CodeText { code: other }) {
        Err(ServiceError::Version(reason)) => {
            assert!(reason.contains("bots of version"), "{reason}");
        }
        other => panic!("another bots' code was not refused for its version: {other:?}"),
    }
    // A false claim under these bots is a false claim.
    let false_claim = recoded(&code, |g| g.claim.score += 1);
    assert!(matches!(
        verifier.verify_code(&CodeText { code: false_claim }),
        Err(ServiceError::CodeRefused(_))
    ));
}

#[test]
fn a_code_written_before_the_bots_version_still_reads() {
    let code = finished_full_code(75);
    let old = recoded(&code, |g| g.bots_version = None);
    assert!(old.starts_with(challenge::CODE_TAG_V1), "{old}");
    let service = Service::new();
    let verified = service
        .verify_code(&CodeText { code: old.clone() })
        .unwrap();
    assert_eq!(verified.code, old, "read back as written");
    // Opened, the game keeps its code (so a history file's copy is known again), and says its
    // bots' version is unrecorded.
    let opened = service.open_code(&CodeText { code: old.clone() }).unwrap();
    let game = opened.game.unwrap();
    let again = service.replay_code(&GameRequest { game }).unwrap().code;
    assert_eq!(again, old);
    let stored = service.verify(game).unwrap();
    assert_eq!(other_version(&stored).0, None);
    // One that does not replay as it claims may be older bots' honest game: said so plainly.
    let false_claim = recoded(&old, |g| g.claim.score += 1);
    match service.verify_code(&CodeText { code: false_claim }) {
        Err(ServiceError::Version(reason)) => {
            assert!(reason.contains("before Warwick recorded"), "{reason}");
        }
        other => panic!("an unrecorded bots' code was called false: {other:?}"),
    }
}

/// A daily's code written by Warwick before the bots' version was recorded (`warwick daily
/// --date 2026-11-26 --autoplay random --code`).
const OLD_DAILY_CODE: &str = "W1-VZS9c4xRFMbf575fm933zX54k6wgvoUZiWQRkRARw4yajk6jCIq0Gho1KqPwB6gURseMUaTWGKWCMaM0ozAKv3N2N2Hv3I_33nOe8zzn3Lsf77-9perFt6Pr71dfPv786PevB5tSFKkZKzwZfEcKT4dH9d5cb2Fmfn6mt6DnqRoqNKKaMnosqaOKcZS51A7VWTXVZi6Vs6pjU1MShYgQ_Z8CZy1bYFtxXihx31xjoDRAsz3O-w20wE5QC6QUiw6ojqifQW8ChiMgBfxtHsWmxCcFLQOtwj7BMzdMdtvgp-y22DXrNlYtNaMkslO40oLz3AlC6TxNW4BhqnE0Fa4gwGIH-CPYx-CVnGTOruU56XOqsDBGhlKpzmhRTVOOd8Gc4Gcr02bKE6X9bMHJcpWAEHu-nJQmwe-ClTKLXhDN9kc8VyU9ZzfeztDXoGu6A79MYw7RsEwxj1oEx-xqL630LFsGKmdVQ2HhWa1cseVqUBUi5K6mw2mbL9NoPik-LXoTn9w1mqrSvWPrw5sgeQ1KX49rH2Me_Vd512L3JyaG5cHqhCr9iDWrG7rrlyzFuqRQbadbHwhMfO5oPxC7SJm1wstkkfcCn3mIA1DcAwbpw24KslMuKANriqBddhMuwiRjW22CbwYt6aYmUDIsielVXxKOzh4CNmYOHfqq9QoXS_Gwkgypy-Pn5sMrnxHnXdAXu5IJu8nAo-Nuta0EmW9Gi_myALN6aCHSwSsL_q6sggZE7bUb3qkFIEV210t6g97ylxp56NzB-zcwRzL3xPGmYDmuhlMoBjc6bNsOKDa8HKnLTGHgNm6befWHxHuMl4g9QV-jUD3t1zGt-P9ACyFNv-HH-F7WIudHOMvY3aPjsFikIHO0s6iy939SFzTN1yTr5QGTQ9RpRQVxmrpMoVd0UKfgsKYTRO6CuArSmK7y1SGSvacJoi4R8YxO6wqty8m0LvrLmIbjEuzO6TxX5BA2u3V4q2T_5qCiW9yaK02xjnyV2RtN1u9tbPzR6Ifvz15_un577C8";

#[test]
fn an_old_warwicks_code_reads_and_is_never_called_false() {
    let game = CodeGame::decode(OLD_DAILY_CODE).unwrap();
    assert_eq!(game.bots_version, None);
    assert_eq!(
        (game.claim.result.as_str(), game.claim.score),
        ("loss", 252)
    );
    assert_eq!(game.claim.round, 14);
    assert_eq!(game.encode().unwrap(), OLD_DAILY_CODE);
    // These bots may or may not play it as the old ones did; either way it is not false.
    match Service::new().verify_code(&CodeText {
        code: OLD_DAILY_CODE.to_owned(),
    }) {
        Ok(verified) => assert_eq!(verified.round, 14),
        Err(ServiceError::Version(reason)) => {
            assert!(reason.contains("before Warwick recorded"), "{reason}");
        }
        Err(other) => panic!("an old code was refused as false: {other}"),
    }
}

/// A game of four Normal bots recorded as played by the bots of `version`, played `max`
/// commands in (or to its end) by them.
fn normal_game(service: &Service, seed: u64, version: u32, max: usize) -> GameId {
    let mut request = NewGame::bots_around(4, None, Mode::Casual, seed);
    request.seats = (0..4)
        .map(|i| SeatPlayer::Bot {
            tier: BotKind::Normal,
            seed: seed + i,
        })
        .collect();
    request.time_limit_rounds = Some(8);
    let mut options = request.options().unwrap();
    options.bots_version = Some(version);
    let game = service.create_with(&request, options).unwrap();
    service.play_bots(game, max).unwrap();
    game
}

#[test]
fn a_game_of_the_bots_before_is_played_on_by_them_and_rechecked() {
    let service = Service::new();
    let game = normal_game(&service, 81, 3, 600);
    let verified = service.verify(game).unwrap();
    assert_eq!(verified.bots, BotsChecked::Rederived);
    assert!(verified.bot_commands > 0, "{verified:?}");
    let text = service.log_text(game).unwrap().text;
    assert!(text.lines().next().unwrap().contains(r#""bots_version":3"#));
    assert_eq!(
        Service::new().verify_log(&text).unwrap().bots,
        BotsChecked::Rederived
    );
}

/// Bots of version 4 bring cards into play before another faction's Event, where those of
/// version 3 passed: a log of theirs claimed as version 3's is refused at the first such
/// command, not passed as version 3's bots' own.
#[test]
fn a_game_of_these_bots_claimed_as_the_bots_before_is_refused_where_they_differ() {
    let mut refused = None;
    for seed in 0..12 {
        let service = Service::new();
        let game = normal_game(&service, 900 + seed, BOTS_VERSION, 5_000);
        let text = service.log_text(game).unwrap().text;
        assert_eq!(
            Service::new().verify_log(&text).unwrap().bots,
            BotsChecked::Rederived
        );
        if let Err(e) = Service::new().verify_log(&with_bots_version(&text, Some(3))) {
            refused = Some(e.to_string());
            break;
        }
    }
    let refused = refused.expect("a game where version 4's bots played before an Event");
    assert!(
        refused.contains("bot's command must be the bot's own"),
        "{refused}"
    );
}
