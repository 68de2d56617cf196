//! Putting saved games away through the service: an archived game leaves the list's default
//! view but stays whole and in the history; a deleted game is gone, its session with it; a
//! day's scored attempt is never deleted (the day stays played, its score kept, and the next
//! attempt is still practice), whether it was finished or abandoned.

use super::tests::{human_game, settle};
use super::*;
use crate::store::GameId;

fn listed(service: &Service, game: GameId) -> Option<GameSummary> {
    service
        .list_games()
        .unwrap()
        .into_iter()
        .find(|g| g.game == game)
}

#[test]
fn a_deleted_game_is_gone_and_an_archived_one_is_kept() {
    let service = Service::new();
    let gone = human_game(&service, Mode::Casual, 7);
    let kept = human_game(&service, Mode::Casual, 8);
    assert_eq!(listed(&service, gone.game).unwrap().kept, None);
    service
        .archive_game(&ArchiveRequest {
            game: kept.game,
            archived: true,
        })
        .unwrap();
    assert!(listed(&service, kept.game).unwrap().archived);
    service.delete_game(gone.game).unwrap();
    assert!(listed(&service, gone.game).is_none());
    assert!(!service.is_cached(gone.game));
    assert_eq!(
        service.status(gone.game).unwrap_err().code(),
        ServiceError::UnknownGame(0).code()
    );
    // The archived game is whole: it opens, verifies and comes back to the list.
    service.verify(kept.game).unwrap();
    assert_eq!(service.status(kept.game).unwrap().head, kept.head);
    service
        .archive_game(&ArchiveRequest {
            game: kept.game,
            archived: false,
        })
        .unwrap();
    assert!(!listed(&service, kept.game).unwrap().archived);
}

#[test]
fn a_days_scored_attempt_cannot_be_deleted_to_play_the_day_again() {
    let service = Service::new();
    let first = settle(
        &service,
        service.start_daily(&DailyRequest::default()).unwrap(),
    );
    // Abandoned part-way, then finished by resigning: neither lets it go.
    let summary = listed(&service, first.game).unwrap();
    assert!(summary.kept.as_deref().unwrap().contains("scored attempt"));
    let refused = service.delete_game(first.game).unwrap_err();
    assert_eq!(refused.code(), "not_yours");
    let ended = service
        .resign(&ResignRequest {
            game: first.game,
            expected_last_seq: first.head,
        })
        .unwrap();
    assert!(service.delete_game(first.game).is_err());
    service
        .archive_game(&ArchiveRequest {
            game: first.game,
            archived: true,
        })
        .unwrap();
    // The day stays played and scored, in the history as on the daily's card.
    let daily = service.daily(&DailyRequest::default()).unwrap();
    assert_eq!(daily.status, "scored");
    assert_eq!(daily.score, ended.score.map(|s| s.total));
    let stats = service.stats().unwrap();
    assert_eq!((stats.games.played, stats.days_played), (1, 1));
    // Another start of the day is practice.
    let again = service.start_daily(&DailyRequest::default()).unwrap();
    let tag = listed(&service, again.game).unwrap().daily.unwrap();
    assert!(!tag.scored);
    // A practice attempt may go.
    service.delete_game(again.game).unwrap();
    assert_eq!(
        service.daily(&DailyRequest::default()).unwrap().status,
        "scored"
    );
}
