//! The schema and its migrations: an append-only list applied in order and tracked with
//! `PRAGMA user_version`. Never edit or remove a migration; add a new one.

use rusqlite::Connection;

use super::error::{StoreError, StoreResult};

/// Every migration, in order. Entry `i` moves a database from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: games and their append-only events, with the hash chain.
    r#"
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY,
        created       TEXT    NOT NULL,
        rules_version INTEGER NOT NULL,
        content_hash  TEXT    NOT NULL,
        seed          TEXT    NOT NULL,
        mode          TEXT    NOT NULL,
        options       TEXT    NOT NULL
    );
    CREATE TABLE events (
        game_id        INTEGER NOT NULL REFERENCES games(id),
        seq            INTEGER NOT NULL,
        kind           TEXT    NOT NULL,
        schema_version INTEGER NOT NULL,
        payload        TEXT    NOT NULL,
        prev_hash      TEXT    NOT NULL,
        hash           TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    CREATE TRIGGER events_never_update BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE is not allowed'); END;
    CREATE TRIGGER events_never_delete BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE is not allowed'); END;
    "#,
    // 2: branches. A game may continue another game's history from a seq; its own events
    // then start after that seq and chain from the parent's hash there.
    r#"
    ALTER TABLE games ADD COLUMN parent_id INTEGER REFERENCES games(id);
    ALTER TABLE games ADD COLUMN parent_seq INTEGER;
    "#,
];

/// The schema version this build writes: the number of migrations.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Sets the connection's pragmas (WAL, `synchronous=NORMAL`, foreign keys) and applies every
/// pending migration, each in its own transaction.
pub fn prepare(conn: &mut Connection) -> StoreResult<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    migrate_to(conn, SCHEMA_VERSION)
}

/// Applies migrations up to `target` (tests use a lower target to make old databases).
pub fn migrate_to(conn: &mut Connection, target: i64) -> StoreResult<()> {
    let found: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    for (index, sql) in MIGRATIONS
        .iter()
        .enumerate()
        .take(target as usize)
        .skip(found as usize)
    {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", index as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}
