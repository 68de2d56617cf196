//! Resigning through the service: the game ends as the person's loss with a score, its log
//! verifies, its replay code replays to the same end (a resignation while the bots are to act
//! included), the history counts it played and lost, and the daily resigned counts as scored.

use super::tests::{human_game, settle};
use super::*;

fn resign(service: &Service, status: &GameStatus) -> ServiceResult<GameStatus> {
    service.resign(&ResignRequest {
        game: status.game,
        expected_last_seq: status.head,
    })
}

#[test]
fn a_resigned_game_is_a_loss_that_verifies_and_replays() {
    let service = Service::new();
    let status = human_game(&service, Mode::Casual, 7);
    assert!(status.outcome.is_none());
    let ended = resign(&service, &status).unwrap();
    assert_eq!(
        ended.head,
        status.head + 1,
        "the resignation is a row of the log"
    );
    let outcome = ended.outcome.clone().expect("resigning ends the game");
    assert_eq!(outcome["kind"], "resigned");
    assert!(
        !outcome["winners"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!(0))
    );
    assert_eq!(
        ended.score.as_ref().map(|s| s.result.as_str()),
        Some("loss")
    );
    assert!(ended.awaiting.is_empty() || !ended.bots_to_move);
    // Nothing goes on after it: no second resignation, no undo.
    assert_eq!(resign(&service, &ended).unwrap_err().code(), "not_yours");
    assert!(ended.undo.is_none());
    // The log verifies; the timeline and the log say it.
    service.verify(status.game).unwrap();
    let timeline = service.timeline(status.game).unwrap();
    let rows: Vec<_> = timeline
        .rounds
        .iter()
        .flat_map(|r| &r.turns)
        .flat_map(|t| &t.phases)
        .flat_map(|p| &p.entries)
        .collect();
    assert!(
        rows.iter()
            .any(|e| e.kind == "Resigned" && e.description.contains("resigned"))
    );
    // The story's key moments end with the resignation, at its row.
    let story = service.story(&GameRequest { game: status.game }).unwrap();
    let last = story
        .moments
        .last()
        .expect("a resigned game has key moments");
    assert_eq!((last.kind.as_str(), last.seq), ("resigned", ended.head));
    assert!(last.text.contains("resigned the game"), "{}", last.text);
    // Its code replays elsewhere to the same end and score.
    let code = service
        .replay_code(&GameRequest { game: status.game })
        .unwrap()
        .code;
    let verified = Service::new().verify_code(&CodeText { code }).unwrap();
    assert_eq!(verified.result, "loss");
    assert_eq!(verified.score, ended.score);
    // The history counts it played and lost.
    let stats = service.stats().unwrap();
    assert_eq!((stats.games.played, stats.games.won), (1, 0));
}

#[test]
fn a_resignation_while_the_bots_are_to_act_replays_at_that_point() {
    let service = Service::new();
    let status = human_game(&service, Mode::Casual, 11);
    let legal = service
        .legal(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap();
    // The person acts; the bots are then to act, and the person resigns before they do.
    let acted = service
        .act(&Submit {
            game: status.game,
            by: 0,
            command: legal.commands[0].command.clone(),
            expected_last_seq: status.head,
            advised: None,
        })
        .unwrap()
        .status;
    let acted = if acted.bots_to_move {
        acted
    } else {
        // Not the bots' turn yet: let them play to the person's next decision, then act again.
        settle(&service, acted)
    };
    let ended = resign(&service, &acted).unwrap();
    assert!(ended.outcome.is_some());
    service.verify(status.game).unwrap();
    let code = service
        .replay_code(&GameRequest { game: status.game })
        .unwrap()
        .code;
    let hash = service
        .state_at(&AtSeq {
            game: status.game,
            seq: ended.head,
            faction: None,
        })
        .unwrap()
        .state_hash;
    let verified = Service::new().verify_code(&CodeText { code }).unwrap();
    assert_eq!(verified.final_state_hash, hash);
}

#[test]
fn the_daily_resigned_counts_as_played_and_lost() {
    let service = Service::new();
    let first = settle(
        &service,
        service.start_daily(&DailyRequest::default()).unwrap(),
    );
    let ended = resign(&service, &first).unwrap();
    assert_eq!(
        ended.score.as_ref().map(|s| s.result.as_str()),
        Some("loss")
    );
    let daily = service.daily(&DailyRequest::default()).unwrap();
    assert_eq!(daily.status, "scored");
    assert_eq!(daily.score, ended.score.map(|s| s.total));
    service.verify(first.game).unwrap();
}

#[test]
fn a_game_of_bots_only_cannot_be_resigned() {
    let service = Service::new();
    let status = super::tests::bots_game(&service, 3, 4);
    let error = service
        .resign(&ResignRequest {
            game: status.game,
            expected_last_seq: status.head,
        })
        .unwrap_err();
    assert_eq!(error.code(), "not_yours");
}
