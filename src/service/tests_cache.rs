//! Tests of the game cache (docs/bounded-server.md): its bound over many games, the open game
//! kept loaded, and a game closed when the person leaves it, reopened from the log as it was.

use super::tests::{human_move, settle};
use super::*;
use crate::store::GameId;

#[test]
fn the_game_cache_stays_within_its_bound_and_keeps_the_open_game() {
    // docs/bounded-server.md: the game open now and the few used before it stay loaded.
    let service = Service::new();
    let bounded = |service: &Service, after: &str| {
        let cached = service.cached_games();
        assert!(
            cached <= CACHED_GAMES,
            "{cached} games loaded after {after}"
        );
    };
    let open = service
        .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, 0))
        .unwrap()
        .game;
    for seed in 1..30 {
        // Each path that loads or creates a game, with the player's own game used between them.
        let status = if seed % 2 == 0 {
            service
                .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, seed))
                .unwrap()
        } else {
            service
                .create_game(&NewGame::bots_around(4, None, Mode::Casual, seed))
                .unwrap()
        };
        bounded(&service, "creating a game");
        let game = status.game;
        service.status(open).unwrap();
        service.status(game).unwrap();
        bounded(&service, "a status");
        service.timeline(game).unwrap();
        service
            .state_at(&AtSeq {
                game,
                seq: 1,
                faction: None,
            })
            .unwrap();
        bounded(&service, "the timeline and a view at a seq");
        service
            .advance(&StepRequest {
                game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .unwrap();
        bounded(&service, "the bots' batch");
        if seed % 5 == 0 {
            service
                .branch(&BranchRequest {
                    game,
                    seq: status.head,
                })
                .unwrap();
            bounded(&service, "a branch");
        }
        service
            .legal(&SeatRequest {
                game: open,
                faction: 0,
            })
            .unwrap();
        assert!(service.is_cached(open), "the open game was dropped");
    }
    assert_eq!(service.cached_games(), CACHED_GAMES);
    assert_eq!(
        service.game_ids().unwrap().len(),
        35,
        "every game is still stored"
    );
}

/// Everything the game screen shows of a game, to compare before and after it is closed.
fn shown(
    service: &Service,
    game: GameId,
) -> (serde_json::Value, Timeline, serde_json::Value, Verified) {
    let status = service.status(game).unwrap();
    let moment = service
        .state_at(&AtSeq {
            game,
            seq: status.head / 2,
            faction: Some(0),
        })
        .unwrap();
    (
        serde_json::to_value(&status).unwrap(),
        service.timeline(game).unwrap(),
        serde_json::to_value(&moment).unwrap(),
        service.verify(game).unwrap(),
    )
}

#[test]
fn a_closed_game_leaves_the_cache_and_reopens_from_the_log_as_it_was() {
    let service = Service::new();
    let other = service
        .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, 7))
        .unwrap()
        .game;
    let mut status = settle(
        &service,
        service
            .create_game_paused(&NewGame::bots_around(4, Some(0), Mode::Casual, 8))
            .unwrap(),
    );
    // A few of the person's commands, so the game has batches of both kinds in force.
    for pick in 0..3 {
        if status.outcome.is_none() {
            status = human_move(&service, &status, pick, false).status;
        }
    }
    let game = status.game;
    let before = shown(&service, game);
    assert!(service.is_cached(game) && service.is_cached(other));

    service.close_game(game).unwrap();
    assert!(!service.is_cached(game), "the closed game is still loaded");
    assert!(service.is_cached(other), "closing one game dropped another");
    assert_eq!(service.cached_games(), 1);
    // Closing it again does nothing; a game that does not exist is unknown.
    service.close_game(game).unwrap();
    assert_eq!(
        service.close_game(game + 1000).unwrap_err().code(),
        "unknown_game"
    );
    assert_eq!(service.cached_games(), 1);

    assert_eq!(
        shown(&service, game),
        before,
        "the game reopened differently"
    );
    assert!(service.is_cached(game), "opening it again loads it");
    // And it goes on from where it was.
    if status.outcome.is_none() {
        let next = human_move(&service, &status, 0, false).status;
        assert!(next.head > status.head);
    }
}

#[test]
fn an_analysis_call_after_the_game_was_closed_does_not_keep_it_loaded() {
    let service = Service::new();
    let status = super::tests_challenge::finished(&service, 4, 3, 4, &[]);
    let game = status.game;
    let ask = |index| service.analysis_round(&AnalysisRequest { game, index });
    // On the end screen the game is open: the analysis runs on the game in memory.
    let first = ask(0).unwrap();
    assert!(service.is_cached(game));
    // The person leaves; the call that was on its way still comes, and is answered as before.
    service.close_game(game).unwrap();
    assert_eq!(ask(0).unwrap(), first);
    assert!(
        !service.is_cached(game),
        "the late call kept the game loaded"
    );
    assert_eq!(service.cached_games(), 0);
}
