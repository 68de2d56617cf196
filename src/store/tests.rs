//! Tests of the event log: migrations, append-only triggers, stale commands, branches and the
//! hash chain catching every kind of tampering.

use rusqlite::Connection;
use serde_json::json;

use super::*;

fn record() -> GameRecord {
    GameRecord {
        id: 0,
        created: "2026-11-21T08:00:00Z".to_owned(),
        rules_version: 1,
        content_hash: "abc".to_owned(),
        seed: 42,
        mode: "casual".to_owned(),
        options: json!({"players": 3}),
        parent: None,
    }
}

fn event(n: u32) -> NewEvent {
    NewEvent {
        kind: "Something".to_owned(),
        schema_version: 1,
        payload: json!({ "n": n }).to_string(),
    }
}

fn log_with(events: u32) -> (EventLog, GameId) {
    let mut log = EventLog::open_in_memory().unwrap();
    let game = log.create_game(&record()).unwrap();
    let batch: Vec<_> = (1..=events).map(event).collect();
    log.append(game, 0, &batch).unwrap();
    (log, game)
}

/// Lets a test edit the log as an attacker with the sqlite shell would.
fn drop_guards(log: &EventLog) {
    log.connection()
        .execute_batch(
            "DROP TRIGGER events_never_update; DROP TRIGGER events_never_delete; \
             DROP TRIGGER events_continue_the_head; DROP TRIGGER events_move_the_head;",
        )
        .unwrap();
}

fn broken_at(log: &EventLog, game: GameId) -> u64 {
    broken(log, game).0
}

fn broken(log: &EventLog, game: GameId) -> (u64, String) {
    match log.verify_chain(game) {
        Err(StoreError::ChainBroken { seq, reason, .. }) => (seq, reason),
        other => panic!("expected a broken chain, got {other:?}"),
    }
}

#[test]
fn appends_and_reads_back_in_order() {
    let (log, game) = log_with(3);
    let events = log.events(game).unwrap();
    assert_eq!(events.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(events[0].prev_hash, GENESIS_HASH);
    assert_eq!(events[1].prev_hash, events[0].hash);
    assert_eq!(log.head(game).unwrap(), (3, events[2].hash.clone()));
    assert_eq!(log.verify_chain(game).unwrap(), 3);
    assert_eq!(log.game(game).unwrap().options, json!({"players": 3}));
}

#[test]
fn a_stale_seq_is_refused_and_writes_nothing() {
    let (mut log, game) = log_with(2);
    let err = log.append(game, 1, &[event(9)]).unwrap_err();
    assert!(matches!(
        err,
        StoreError::StaleSeq {
            expected: 1,
            actual: 2
        }
    ));
    assert_eq!(log.events(game).unwrap().len(), 2);
}

#[test]
fn events_can_be_neither_updated_nor_deleted() {
    let (log, game) = log_with(2);
    let update = log.connection().execute(
        "UPDATE events SET payload = '{}' WHERE game_id = ?1",
        [game],
    );
    assert!(update.unwrap_err().to_string().contains("append-only"));
    let delete = log.connection().execute("DELETE FROM events", []);
    assert!(delete.unwrap_err().to_string().contains("append-only"));
}

#[test]
fn an_edited_payload_breaks_the_chain_where_it_was_edited() {
    let (log, game) = log_with(5);
    drop_guards(&log);
    log.connection()
        .execute("UPDATE events SET payload = '{\"n\":99}' WHERE seq = 3", [])
        .unwrap();
    assert_eq!(broken_at(&log, game), 3);
}

#[test]
fn reordered_events_break_the_chain() {
    let (log, game) = log_with(5);
    drop_guards(&log);
    log.connection()
        .execute_batch(
            "UPDATE events SET seq = 100 WHERE seq = 2; UPDATE events SET seq = 2 WHERE seq = 4; \
             UPDATE events SET seq = 4 WHERE seq = 100;",
        )
        .unwrap();
    assert_eq!(broken_at(&log, game), 2);
}

#[test]
fn a_removed_middle_event_breaks_the_chain() {
    let (log, game) = log_with(5);
    drop_guards(&log);
    log.connection()
        .execute("DELETE FROM events WHERE seq = 3", [])
        .unwrap();
    assert_eq!(broken_at(&log, game), 3);
}

#[test]
fn an_event_that_does_not_continue_the_history_is_refused_by_sqlite() {
    let (log, game) = log_with(3);
    let forged = log.connection().execute(
        "INSERT INTO events VALUES (?1, 4, 'Something', 1, '{}', 'forged', 'forged')",
        [game],
    );
    assert!(forged.unwrap_err().to_string().contains("continue"));
    let gap = log.connection().execute(
        "INSERT INTO events VALUES (?1, 9, 'Something', 1, '{}', 'x', 'x')",
        [game],
    );
    assert!(gap.is_err());
    assert_eq!(log.verify_chain(game).unwrap(), 3);
}

#[test]
fn a_forged_extra_event_is_seen_beyond_the_recorded_end() {
    let (log, game) = log_with(3);
    drop_guards(&log);
    let last = log.events(game).unwrap()[2].hash.clone();
    let hash = event_hash(&last, 4, "Something", 1, "{}");
    log.connection()
        .execute(
            "INSERT INTO events VALUES (?1, 4, 'Something', 1, '{}', ?2, ?3)",
            rusqlite::params![game, last, hash],
        )
        .unwrap();
    let (seq, reason) = broken(&log, game);
    assert_eq!(seq, 4);
    assert!(reason.contains("extended"), "{reason}");
}

#[test]
fn a_removed_tail_is_seen_as_truncation() {
    let (log, game) = log_with(5);
    drop_guards(&log);
    log.connection()
        .execute("DELETE FROM events WHERE seq >= 4", [])
        .unwrap();
    let (seq, reason) = broken(&log, game);
    assert_eq!(seq, 4);
    assert!(reason.contains("truncated"), "{reason}");
}

#[test]
fn heads_and_games_cannot_be_rewound_or_removed() {
    let (log, game) = log_with(5);
    let conn = log.connection();
    assert!(
        conn.execute("UPDATE heads SET seq = 3 WHERE game_id = ?1", [game])
            .is_err()
    );
    assert!(conn.execute("DELETE FROM heads", []).is_err());
    assert!(conn.execute("UPDATE games SET seed = '1'", []).is_err());
    assert!(conn.execute("DELETE FROM games", []).is_err());
    assert_eq!(log.head(game).unwrap().0, 5);
}

#[test]
fn a_branch_cannot_start_beyond_its_parent() {
    let (mut log, game) = log_with(2);
    let err = log
        .create_game(&GameRecord {
            parent: Some((game, 3)),
            ..record()
        })
        .unwrap_err();
    assert!(matches!(err, StoreError::BeyondEnd { last: 2, .. }));
}

#[test]
fn a_branch_shares_the_history_up_to_its_seq() {
    let (mut log, game) = log_with(4);
    let branch = log
        .create_game(&GameRecord {
            parent: Some((game, 2)),
            ..record()
        })
        .unwrap();
    assert_eq!(log.head(branch).unwrap().0, 2);
    assert!(matches!(
        log.append(branch, 4, &[event(7)]),
        Err(StoreError::StaleSeq { .. })
    ));
    log.append(branch, 2, &[event(7), event(8)]).unwrap();
    let events = log.events(branch).unwrap();
    assert_eq!(events.len(), 4);
    assert_eq!(events[2].payload, "{\"n\":7}");
    assert_eq!(events[2].prev_hash, events[1].hash);
    assert_eq!(log.verify_chain(branch).unwrap(), 4);
    // The parent is untouched.
    assert_eq!(log.events(game).unwrap().len(), 4);
    assert_eq!(log.events_through(branch, 3).unwrap().len(), 3);
}

#[test]
fn a_database_made_by_the_first_migration_is_upgraded() {
    let dir = std::env::temp_dir().join(format!("warwick-migrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.db");
    let _ = std::fs::remove_file(&path);
    {
        let mut conn = Connection::open(&path).unwrap();
        schema::migrate_to(&mut conn, 1).unwrap();
        conn.execute(
            "INSERT INTO games (created, rules_version, content_hash, seed, mode, options) \
             VALUES ('then', 1, 'abc', '7', 'casual', '{}')",
            [],
        )
        .unwrap();
        let hash = event_hash(GENESIS_HASH, 1, "Something", 1, "{}");
        conn.execute(
            "INSERT INTO events VALUES (1, 1, 'Something', 1, '{}', ?1, ?2)",
            [GENESIS_HASH, hash.as_str()],
        )
        .unwrap();
        let version: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, 1);
    }
    let log = EventLog::open(&path).unwrap();
    let version: i64 = log
        .connection()
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let games = log.games().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].seed, 7);
    assert_eq!(games[0].parent, None);
    assert_eq!(log.head(games[0].id).unwrap().0, 1);
    assert_eq!(log.verify_chain(games[0].id).unwrap(), 1);
    let mut log = log;
    log.append(games[0].id, 1, &[event(2)]).unwrap();
    assert_eq!(log.verify_chain(games[0].id).unwrap(), 2);
    drop(log);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_database_from_a_newer_warwick_is_refused() {
    let mut conn = Connection::open_in_memory().unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    assert!(matches!(
        schema::migrate_to(&mut conn, SCHEMA_VERSION),
        Err(StoreError::TooNew { .. })
    ));
}

/// Appends `commands` commands of `per` events each, padded so that the log grows by pages.
fn append_padded(log: &mut EventLog, game: GameId, commands: u32, per: u32) {
    let pad = "x".repeat(3000);
    for _ in 0..commands {
        let (seq, _) = log.head(game).unwrap();
        let batch: Vec<_> = (0..per)
            .map(|n| NewEvent {
                kind: "Something".to_owned(),
                schema_version: 1,
                payload: json!({ "n": n, "pad": pad }).to_string(),
            })
            .collect();
        log.append(game, seq, &batch).unwrap();
    }
}

fn file_len(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

#[test]
fn the_write_ahead_log_is_copied_into_the_database_once_the_writing_pauses() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let wal = dir.path().join("games.db-wal");
    let mut log = EventLog::open(&path).unwrap();
    let game = log.create_game(&record()).unwrap();
    // Up to the commit that takes the log past 1,000 pages, which wakes the checkpoint: the
    // rows are in the log only (SQLite's own checkpoint would have copied them in that commit).
    let mut commits = 0;
    while file_len(&wal) < 1_001 * (4096 + 24) {
        append_padded(&mut log, game, 1, 4);
        commits += 1;
    }
    let before = file_len(&path);
    assert!(before < 1_000_000, "nothing copied yet: {before} bytes");
    // The writing has paused: the rows reach the database file without another commit.
    let payloads = commits as u64 * 4 * 3000;
    let waited = std::time::Instant::now();
    while file_len(&path) < payloads && waited.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        file_len(&path) >= payloads,
        "copied: {} bytes of {payloads}",
        file_len(&path)
    );
    // And every row reads back, before and after the file is closed and opened again.
    assert_eq!(log.events(game).unwrap().len(), commits * 4);
    drop(log);
    let log = EventLog::open(&path).unwrap();
    log.verify_chain(game).unwrap();
    assert_eq!(log.events(game).unwrap().len(), commits * 4);
}

#[test]
fn writing_that_never_pauses_still_keeps_the_log_short() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let wal = dir.path().join("games.db-wal");
    let mut log = EventLog::open(&path).unwrap();
    let game = log.create_game(&record()).unwrap();
    // Some 6,000 pages with no pause: a commit past 4,000 checkpoints itself, and the log
    // starts again from its beginning rather than growing on.
    append_padded(&mut log, game, 1500, 4);
    let pages = file_len(&wal) / 4096;
    assert!(pages < 5_000, "the log holds {pages} pages");
    assert!(
        file_len(&path) >= 4_000_000,
        "copied: {} bytes",
        file_len(&path)
    );
    assert_eq!(log.events(game).unwrap().len(), 6000);
    log.verify_chain(game).unwrap();
}

#[test]
fn a_connection_keeps_a_small_page_cache() {
    let log = EventLog::open_in_memory().unwrap();
    let kib: i64 = log
        .connection()
        .pragma_query_value(None, "cache_size", |r| r.get(0))
        .unwrap();
    assert_eq!(kib, -512);
}
