//! Tests of putting games away: archiving keeps a game whole, deleting removes a whole game
//! and nothing else, and a day's scored attempt or a game a branch continues is never deleted.

use serde_json::json;

use super::*;

fn record(parent: Option<(GameId, u64)>) -> GameRecord {
    GameRecord {
        id: 0,
        created: "2026-11-21T08:00:00Z".to_owned(),
        rules_version: 1,
        content_hash: "abc".to_owned(),
        seed: 42,
        mode: "casual".to_owned(),
        options: json!({"players": 3}),
        parent,
    }
}

fn events(n: u32) -> Vec<NewEvent> {
    (1..=n)
        .map(|n| NewEvent {
            kind: "Something".to_owned(),
            schema_version: 1,
            payload: json!({ "n": n }).to_string(),
        })
        .collect()
}

fn count(log: &EventLog, table: &str, game: GameId) -> i64 {
    let column = if table == "games" { "id" } else { "game_id" };
    log.connection()
        .query_row(
            &format!("SELECT COUNT(*) FROM {table} WHERE {column} = ?1"),
            [game],
            |r| r.get(0),
        )
        .unwrap()
}

#[test]
fn deleting_removes_the_whole_game_and_nothing_else() {
    let mut log = EventLog::open_in_memory().unwrap();
    let (gone, _) = log
        .create_game_with_summary(&record(None), &events(3), "{}")
        .unwrap();
    let (kept, _) = log
        .create_game_with_summary(&record(None), &events(2), "{}")
        .unwrap();
    log.set_archived(gone, true, "now").unwrap();
    assert_eq!(log.delete_refused(gone).unwrap(), None);
    log.delete_game(gone).unwrap();
    for table in ["games", "heads", "events", "summaries", "archived"] {
        assert_eq!(count(&log, table, gone), 0, "{table}");
    }
    assert!(matches!(log.head(gone), Err(StoreError::UnknownGame(_))));
    assert!(matches!(
        log.delete_game(gone),
        Err(StoreError::UnknownGame(_))
    ));
    // The other game is whole, and its rows are still guarded.
    assert_eq!(log.verify_chain(kept).unwrap(), 2);
    assert_eq!(log.list().unwrap().len(), 1);
    let delete = log
        .connection()
        .execute("DELETE FROM events WHERE game_id = ?1", [kept]);
    assert!(delete.unwrap_err().to_string().contains("append-only"));
    let delete = log
        .connection()
        .execute("DELETE FROM games WHERE id = ?1", [kept]);
    assert!(delete.unwrap_err().to_string().contains("append-only"));
    assert_eq!(count(&log, "deleting", gone), 0);
}

#[test]
fn a_days_scored_attempt_is_never_deleted_but_may_be_archived() {
    let mut log = EventLog::open_in_memory().unwrap();
    let (daily, _) = log
        .create_scored_daily(&record(None), &events(2), "{}", "2026-11-21")
        .unwrap();
    let reason = log.delete_refused(daily).unwrap().unwrap();
    assert!(reason.contains("scored attempt"), "{reason}");
    assert!(matches!(
        log.delete_game(daily),
        Err(StoreError::Kept { .. })
    ));
    // Nor behind the service's back: the guard refuses to name it for deleting.
    let named = log
        .connection()
        .execute("INSERT INTO deleting (game_id) VALUES (?1)", [daily]);
    assert!(named.unwrap_err().to_string().contains("scored attempt"));
    assert_eq!(log.verify_chain(daily).unwrap(), 2);
    // The day stays taken: a second scored attempt is still refused.
    assert!(matches!(
        log.create_scored_daily(&record(None), &[], "{}", "2026-11-21"),
        Err(StoreError::DailyTaken(_))
    ));
    log.set_archived(daily, true, "now").unwrap();
    let listed = log.list().unwrap();
    assert!(listed[0].archived && listed[0].daily_slot);
    log.set_archived(daily, false, "later").unwrap();
    assert!(!log.list().unwrap()[0].archived);
}

#[test]
fn a_game_a_branch_continues_is_kept_until_the_branch_goes() {
    let mut log = EventLog::open_in_memory().unwrap();
    let (parent, _) = log
        .create_game_with_events(&record(None), &events(3))
        .unwrap();
    let (branch, _) = log
        .create_game_with_events(&record(Some((parent, 2))), &events(1))
        .unwrap();
    assert!(
        log.list()
            .unwrap()
            .iter()
            .any(|l| l.id == parent && l.branched)
    );
    let reason = log.delete_refused(parent).unwrap().unwrap();
    assert!(reason.contains("branch"), "{reason}");
    assert!(matches!(
        log.delete_game(parent),
        Err(StoreError::Kept { .. })
    ));
    log.delete_game(branch).unwrap();
    log.delete_game(parent).unwrap();
    assert!(log.list().unwrap().is_empty());
}
