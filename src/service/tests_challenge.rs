//! The challenge layer through the service: a game played to its end has a score and a replay
//! code; the code replays to the very same game, score and final state; damaged codes and codes
//! that claim more than their game are refused; a verified code opens as a game; the daily
//! challenge starts once as scored, then as practice.

use super::tests::settle;
use super::*;
use crate::bots::BotKind;

/// A person (played by a bot) against bots, to its end.
pub(super) fn finished(
    service: &Service,
    seed: u64,
    players: u8,
    rounds: u32,
    undo_at: &[usize],
) -> GameStatus {
    let mut request = NewGame::bots_around(
        players,
        Some((seed % u64::from(players)) as u8),
        Mode::Casual,
        seed,
    );
    for seat in &mut request.seats {
        if let SeatPlayer::Bot { tier, .. } = seat {
            *tier = if seed.is_multiple_of(2) {
                BotKind::Normal
            } else {
                BotKind::Random
            };
        }
    }
    request.time_limit_rounds = Some(rounds);
    let mut status = settle(service, service.create_game(&request).unwrap());
    let person = request
        .seats
        .iter()
        .position(|s| *s == SeatPlayer::Human)
        .unwrap() as u8;
    // A few of the person's decisions by hand, with take-backs, then a bot plays on.
    for step in 0..12 {
        if status.outcome.is_some() || !status.awaiting.contains(&person) {
            break;
        }
        let legal = service
            .legal(&SeatRequest {
                game: status.game,
                faction: person,
            })
            .unwrap();
        let pick = &legal.commands[(step * 5 + seed as usize) % legal.commands.len()];
        status = service
            .submit(&Submit {
                game: status.game,
                by: person,
                command: pick.command.clone(),
                expected_last_seq: status.head,
                advised: None,
            })
            .unwrap()
            .status;
        status = settle(service, status);
        if undo_at.contains(&step) && status.undo.is_some() {
            status = settle(
                service,
                service
                    .undo(&UndoRequest {
                        game: status.game,
                        expected_last_seq: status.head,
                        to_seq: None,
                    })
                    .unwrap(),
            );
        }
    }
    let status = service
        .autoplay(status.game, BotKind::Random, seed)
        .unwrap();
    assert!(status.outcome.is_some(), "the game ended");
    status
}

#[test]
fn a_code_replays_to_the_same_game_score_and_state() {
    for seed in 0..4 {
        let service = Service::new();
        let players = 2 + (seed % 3) as u8;
        let status = finished(&service, seed, players, 2, &[1, 4]);
        let score = status
            .score
            .clone()
            .expect("a finished game with a person has a score");
        assert!(score.total > 0);
        let code = service
            .replay_code(&GameRequest { game: status.game })
            .unwrap()
            .code;
        let elsewhere = Service::new();
        let verified = elsewhere
            .verify_code(&CodeText { code: code.clone() })
            .unwrap();
        assert_eq!(verified.score.as_ref(), Some(&score), "seed {seed}");
        assert_eq!(verified.result, score.result);
        let hash = service
            .state_at(&AtSeq {
                game: status.game,
                seq: status.head,
                faction: None,
            })
            .unwrap()
            .state_hash;
        assert_eq!(verified.final_state_hash, hash, "seed {seed}");
        // Opened, it is a game that verifies like any other and has the same end.
        let opened = elsewhere.open_code(&CodeText { code }).unwrap();
        let game = opened.game.unwrap();
        assert_eq!(elsewhere.verify(game).unwrap().final_state_hash, hash);
        assert_eq!(elsewhere.status(game).unwrap().score, Some(score));
    }
}

#[test]
fn damaged_and_overclaiming_codes_are_refused() {
    let service = Service::new();
    let status = finished(&service, 4, 3, 2, &[]);
    let code = service
        .replay_code(&GameRequest { game: status.game })
        .unwrap()
        .code;
    let mut game = challenge::CodeGame::decode(&code).unwrap();
    // Every change of one character and every cut is refused, never verified.
    for at in (challenge::CODE_TAG.len()..code.len()).step_by(3) {
        let mut chars: Vec<char> = code.chars().collect();
        chars[at] = if chars[at] == 'A' { 'B' } else { 'A' };
        let changed: String = chars.into_iter().collect();
        assert!(service.verify_code(&CodeText { code: changed }).is_err());
        assert!(
            service
                .verify_code(&CodeText {
                    code: code[..at].to_owned()
                })
                .is_err()
        );
    }
    // A well-formed code whose claim its game does not bear out.
    let honest = game.claim.clone();
    game.claim.score += 1;
    let more = game.encode().unwrap();
    let error = service.verify_code(&CodeText { code: more }).unwrap_err();
    assert!(error.to_string().contains("claims"), "{error}");
    game.claim = challenge::Claim {
        result: "royalty".to_owned(),
        ..honest
    };
    let error = service
        .verify_code(&CodeText {
            code: game.encode().unwrap(),
        })
        .unwrap_err();
    assert!(
        error.to_string().contains("claims the result `royalty`"),
        "{error}"
    );
    game.claim = honest;
    // Another rules version or other content.
    let mut other = game.clone();
    other.rules_version += 1;
    let error = service
        .verify_code(&CodeText {
            code: other.encode().unwrap(),
        })
        .unwrap_err();
    assert_eq!(error.code(), "version");
    let mut other = game.clone();
    other.content = [9; 8];
    let error = service
        .verify_code(&CodeText {
            code: other.encode().unwrap(),
        })
        .unwrap_err();
    assert_eq!(error.code(), "version");
    // A choice dropped: the game then goes elsewhere or stops short.
    let mut other = game.clone();
    other.choices.pop();
    assert!(
        service
            .verify_code(&CodeText {
                code: other.encode().unwrap()
            })
            .is_err()
    );
    // A bot's tier changed: the bots play another game than claimed.
    let mut other = game;
    for seat in &mut other.seats {
        if let challenge::CodeSeat::Bot { tier, .. } = seat {
            *tier = BotKind::Random;
        }
    }
    let result = service.verify_code(&CodeText {
        code: other.encode().unwrap(),
    });
    assert!(result.is_err(), "{result:?}");
    // Unfinished games have no code yet.
    let live = service
        .create_game(&NewGame::bots_around(3, Some(0), Mode::Casual, 3))
        .unwrap();
    assert_eq!(
        service
            .replay_code(&GameRequest { game: live.game })
            .unwrap_err()
            .code(),
        "bad_request"
    );
}

#[test]
fn the_daily_is_scored_once_then_practice() {
    let service = Service::new();
    let before = service.daily(&DailyRequest::default()).unwrap();
    assert_eq!(before.status, "not_played");
    assert!(before.today);
    let first = service.start_daily(&DailyRequest::default()).unwrap();
    assert_eq!(first.daily.as_ref().map(|d| d.scored), Some(true));
    assert_eq!(first.mode, Mode::Challenge);
    let during = service.daily(&DailyRequest::default()).unwrap();
    assert_eq!(
        (during.status.as_str(), during.game),
        ("in_progress", Some(first.game))
    );
    let second = service.start_daily(&DailyRequest::default()).unwrap();
    assert_eq!(
        second.daily.as_ref().map(|d| d.scored),
        Some(false),
        "practice"
    );
    // Both are the same game: same seats and seed.
    assert_eq!(first.seats, second.seats);
    let ended = service.autoplay(first.game, BotKind::Normal, 1).unwrap();
    // Once ended (every hand may now be looked at) nothing can be taken back.
    assert!(ended.undo.is_none(), "{:?}", ended.undo);
    let error = service
        .undo(&UndoRequest {
            game: first.game,
            expected_last_seq: ended.head,
            to_seq: None,
        })
        .unwrap_err();
    assert_eq!(error.code(), "undo_refused");
    assert!(error.to_string().contains("has ended"), "{error}");
    // Its story: everyone's Prestige for each round played, and the end among the moments.
    let story = service.story(&GameRequest { game: first.game }).unwrap();
    let last_round = service.stats().unwrap().recent[0].round;
    assert!(
        story
            .prestige
            .iter()
            .all(|p| p.by_round.len() as u32 == last_round.max(1))
    );
    assert_eq!(
        story.moments.last().map(|m| m.kind.as_str()),
        Some("game_ended")
    );
    let after = service.daily(&DailyRequest::default()).unwrap();
    assert_eq!(after.status, "scored");
    assert_eq!(after.score, ended.score.map(|s| s.total));
    assert_eq!(
        after.streak,
        Streak {
            current: 1,
            longest: 1
        }
    );
    // Its log verifies, daily tag included; a forged tag on another game does not.
    service.verify(first.game).unwrap();
    // A day to come is refused.
    let tomorrow = (today() + chrono::Days::new(1))
        .format("%Y-%m-%d")
        .to_string();
    let error = service
        .daily(&DailyRequest {
            date: Some(tomorrow),
        })
        .unwrap_err();
    assert_eq!(error.code(), "bad_request");
    // The code of the daily carries its day and verifies elsewhere.
    let code = service
        .replay_code(&GameRequest { game: first.game })
        .unwrap()
        .code;
    let verified = Service::new().verify_code(&CodeText { code }).unwrap();
    assert_eq!(verified.daily.map(|d| d.date), Some(before.daily.date));
}

#[test]
fn the_history_moves_to_another_machine_as_one_file() {
    let service = Service::new();
    for seed in [1, 2] {
        finished(&service, seed, 2, 1, &[]);
    }
    let file = service.export_history().unwrap().text;
    assert_eq!(file.lines().count(), 3, "a header and two games: {file}");
    let other = Service::new();
    let mut from = 0;
    let mut imported = 0;
    loop {
        let step = other
            .import_history(&ImportHistory {
                text: file.clone(),
                from,
            })
            .unwrap();
        assert!(step.refused.is_empty(), "{:?}", step.refused);
        imported += step.imported;
        match step.next {
            Some(next) => from = next,
            None => break,
        }
    }
    assert_eq!(imported, 2);
    let (mine, theirs) = (service.stats().unwrap(), other.stats().unwrap());
    assert_eq!(theirs.games, mine.games);
    assert_eq!(theirs.by_result, mine.by_result);
    // Importing again keeps nothing twice; a file that is not one is refused.
    let again = other
        .import_history(&ImportHistory {
            text: file,
            from: 0,
        })
        .unwrap();
    assert_eq!((again.imported, again.skipped), (0, 2));
    let error = other
        .import_history(&ImportHistory {
            text: "hello".to_owned(),
            from: 0,
        })
        .unwrap_err();
    assert_eq!(error.code(), "bad_request");
}

#[test]
fn a_friends_game_opened_to_watch_is_not_the_players_own() {
    let friend = Service::new();
    let day = friend.start_daily(&DailyRequest::default()).unwrap();
    friend.autoplay(day.game, BotKind::Random, 2).unwrap();
    let code = friend
        .replay_code(&GameRequest { game: day.game })
        .unwrap()
        .code;
    let me = Service::new();
    let opened = me.open_code(&CodeText { code }).unwrap();
    let game = opened.game.unwrap();
    assert!(me.status(game).unwrap().watched);
    assert!(me.list_games().unwrap()[0].watched);
    // Today's challenge is still mine to play, and my history is still empty.
    let daily = me.daily(&DailyRequest::default()).unwrap();
    assert_eq!(daily.status, "not_played");
    assert_eq!(daily.streak.current, 0);
    assert_eq!(me.stats().unwrap().games.played, 0);
    let mine = me.start_daily(&DailyRequest::default()).unwrap();
    assert_eq!(
        mine.daily.map(|d| d.scored),
        Some(true),
        "my first attempt is scored"
    );
    // Bad codes say so with their own codes.
    let error = me
        .verify_code(&CodeText {
            code: "W1-AAAA".to_owned(),
        })
        .unwrap_err();
    assert_eq!(error.code(), "bad_code");
    assert!(!error.to_string().starts_with("bad request"), "{error}");
}

#[test]
fn a_finished_game_is_analysed_round_by_round() {
    let service = Service::new();
    let status = finished(&service, 4, 3, 4, &[]);
    let ask = |index| {
        service.analysis_round(&AnalysisRequest {
            game: status.game,
            index,
        })
    };
    let first = ask(0).unwrap();
    assert_eq!(first.round, 1);
    assert!(first.rounds >= 2, "{first:?}");
    assert_eq!(first.chances.len(), 3);
    let total: f64 = first.chances.iter().sum();
    assert!(first.chances.iter().all(|c| (0.0..=1.0).contains(c)));
    assert!(total <= 1.0 + 1e-9 && total > 0.0, "{first:?}");
    assert_eq!(ask(0).unwrap(), first, "the same game, the same figures");
    let last = ask(first.rounds - 1).unwrap();
    assert!(last.round > first.round && last.seq > first.seq);
    assert!(ask(first.rounds).is_err(), "no round past the end");

    // A game under way is not analysed (it would tell what the person cannot see).
    let open = super::tests::human_game(&service, Mode::Casual, 9);
    let refused = service.analysis_round(&AnalysisRequest {
        game: open.game,
        index: 0,
    });
    assert!(refused.is_err());
}
