//! Games keep the rules version they were created under: a game, log and replay code of an
//! older version (whose set-up the newer rules deal otherwise) still replays and verifies
//! under its own rules; a claim of another version than the game's is refused; a version this
//! Warwick does not know is refused in words.

use super::challenge::CodeGame;
use super::*;
use crate::bots::BotKind;
use crate::content::Content;
use crate::rules::{FIRST_RULES_VERSION, RULES_VERSION, Setup, SetupKind, start};
use crate::store::GameId;

/// A 3-player controlled-random seed whose set-up rules version 1 deals otherwise than the
/// current rules (the step F cut, rules-decisions: setup-cut-title-under-office).
fn seed_dealt_otherwise() -> u64 {
    let content = Content::embedded().unwrap();
    (1..200u64)
        .find(|&seed| {
            let dealt = |rules: u32| {
                let mut setup = Setup::new(3, seed);
                setup.kind = SetupKind::ControlledRandom;
                setup.rules_version = rules;
                start(&content, &setup).unwrap().0.nobles
            };
            dealt(FIRST_RULES_VERSION) != dealt(RULES_VERSION)
        })
        .expect("a set-up the two versions deal otherwise")
}

/// A finished 2-round game of `rules` (the person played by a Random bot), and its code.
fn finished_game(service: &Service, seed: u64, rules: u32) -> (GameId, String) {
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, seed);
    request.setup = SetupChoice::ControlledRandom;
    request.time_limit_rounds = Some(2);
    let game = super::tests_forgery::store_under_rules(
        service,
        &request,
        rules,
        "2026-11-28T00:00:00.000Z",
    );
    let ended = service.autoplay(game, BotKind::Random, seed).unwrap();
    assert!(ended.outcome.is_some(), "the game did not end");
    let code = service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap()
        .code;
    (ended.game, code)
}

#[test]
fn an_older_rules_versions_game_verifies_under_its_own_rules() {
    let seed = seed_dealt_otherwise();
    let service = Service::new();
    let (game, code) = finished_game(&service, seed, FIRST_RULES_VERSION);
    assert_eq!(
        CodeGame::decode(&code).unwrap().rules_version,
        FIRST_RULES_VERSION
    );
    service.verify(game).unwrap();
    let log = service.log_text(game).unwrap().text;
    let other = Service::new();
    other.verify_log(&log).unwrap();
    other.verify_code(&CodeText { code: code.clone() }).unwrap();
    // The same game claimed under the current rules is another deal: refused.
    let mut claimed = CodeGame::decode(&code).unwrap();
    claimed.rules_version = RULES_VERSION;
    let error = other
        .verify_code(&CodeText {
            code: claimed.encode().unwrap(),
        })
        .unwrap_err();
    assert_ne!(error.code(), "version", "{error}");
    // A version from a newer Warwick is refused by its version, in words.
    claimed.rules_version = RULES_VERSION + 1;
    let error = other
        .verify_code(&CodeText {
            code: claimed.encode().unwrap(),
        })
        .unwrap_err();
    assert_eq!(error.code(), "version", "{error}");
    assert!(
        error.to_string().contains(&format!(
            "rules versions {FIRST_RULES_VERSION} to {RULES_VERSION}"
        )),
        "{error}"
    );
}

#[test]
fn a_new_game_is_played_under_the_current_rules() {
    let seed = seed_dealt_otherwise();
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Challenge, seed);
    request.setup = SetupChoice::ControlledRandom;
    request.time_limit_rounds = Some(2);
    let created = service.create_game(&request).unwrap();
    let ended = service
        .autoplay(created.game, BotKind::Random, seed)
        .unwrap();
    let code = service
        .replay_code(&GameRequest { game: ended.game })
        .unwrap()
        .code;
    assert_eq!(
        CodeGame::decode(&code).unwrap().rules_version,
        RULES_VERSION
    );
    Service::new().verify_code(&CodeText { code }).unwrap();
    // A game row claiming another version than its set-up's is refused by verification.
    let (v1_game, _) = finished_game(&service, seed, FIRST_RULES_VERSION);
    let log = service.log_text(v1_game).unwrap().text;
    let forged = super::tests_forgery::reforge(&log, |header, rows| {
        header["rules_version"] = serde_json::Value::from(RULES_VERSION);
        rows[0]["payload"]["rules_version"] = serde_json::Value::from(RULES_VERSION);
    });
    assert!(Service::new().verify_log(&forged).is_err());
}
