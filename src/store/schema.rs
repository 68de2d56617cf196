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
    // 2: branches, heads and guards.
    // - A game may continue another game's history from a seq (a branch); its own events then
    //   start after that seq and chain from the parent's hash there.
    // - `heads` records where each game's history ends, kept by a trigger on every insert, so a
    //   removed tail (which the chain alone cannot see) shows as a head beyond the last event.
    // - Inserts must continue the history exactly (next seq, previous hash); games and heads
    //   are never deleted and a head only ever moves forward by one.
    r#"
    ALTER TABLE games ADD COLUMN parent_id INTEGER REFERENCES games(id);
    ALTER TABLE games ADD COLUMN parent_seq INTEGER;
    CREATE TABLE heads (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        seq     INTEGER NOT NULL,
        hash    TEXT    NOT NULL
    );
    INSERT INTO heads (game_id, seq, hash)
        SELECT g.id,
               COALESCE((SELECT MAX(seq) FROM events e WHERE e.game_id = g.id), 0),
               COALESCE((SELECT hash FROM events e WHERE e.game_id = g.id
                         ORDER BY seq DESC LIMIT 1),
                        '0000000000000000000000000000000000000000000000000000000000000000')
        FROM games g;
    CREATE TRIGGER games_never_update BEFORE UPDATE ON games
        BEGIN SELECT RAISE(ABORT, 'games are append-only: UPDATE is not allowed'); END;
    CREATE TRIGGER games_never_delete BEFORE DELETE ON games
        BEGIN SELECT RAISE(ABORT, 'games are append-only: DELETE is not allowed'); END;
    CREATE TRIGGER heads_never_delete BEFORE DELETE ON heads
        BEGIN SELECT RAISE(ABORT, 'heads are append-only: DELETE is not allowed'); END;
    CREATE TRIGGER heads_only_advance BEFORE UPDATE ON heads
        WHEN NEW.game_id != OLD.game_id OR NEW.seq != OLD.seq + 1
        BEGIN SELECT RAISE(ABORT, 'a head only moves forward by one event'); END;
    CREATE TRIGGER events_continue_the_head BEFORE INSERT ON events
        WHEN NOT EXISTS (SELECT 1 FROM heads h WHERE h.game_id = NEW.game_id
                         AND h.seq + 1 = NEW.seq AND h.hash = NEW.prev_hash)
        BEGIN SELECT RAISE(ABORT, 'an event must continue its game''s history'); END;
    CREATE TRIGGER events_move_the_head AFTER INSERT ON events
        BEGIN UPDATE heads SET seq = NEW.seq, hash = NEW.hash WHERE game_id = NEW.game_id; END;
    "#,
    // 3: a summary per game (where it stands: round, who is awaited, whether it ended), written
    // in the same transaction as the rows it describes, so listing saved games reads one row
    // per game instead of replaying every game. It is derived data, not history: it is
    // replaced as the game moves on, and `head` says which seq it describes.
    r#"
    CREATE TABLE summaries (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        head    INTEGER NOT NULL,
        summary TEXT    NOT NULL
    );
    "#,
    // 4: one scored attempt per daily challenge. The game that is a day's scored attempt
    // takes the day's row in the same transaction that creates it; the primary key refuses a
    // second, whatever the number of callers or of Warwicks writing the file. Filled from the
    // games already held: each day's first game tagged scored that is not someone else's.
    r#"
    CREATE TABLE daily_scored (
        date    TEXT    PRIMARY KEY,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games(id)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO daily_scored (date, game_id)
        SELECT json_extract(g.options, '$.daily.date'), MIN(g.id)
        FROM games g LEFT JOIN summaries s ON s.game_id = g.id
        WHERE json_valid(g.options)
          AND json_extract(g.options, '$.daily.scored') = 1
          AND json_extract(g.options, '$.daily.date') IS NOT NULL
          AND COALESCE(json_extract(s.summary, '$.watched'), 0) = 0
        GROUP BY json_extract(g.options, '$.daily.date');
    CREATE TRIGGER daily_scored_never_update BEFORE UPDATE ON daily_scored
        BEGIN SELECT RAISE(ABORT, 'a day''s scored attempt is kept: UPDATE is not allowed'); END;
    CREATE TRIGGER daily_scored_never_delete BEFORE DELETE ON daily_scored
        BEGIN SELECT RAISE(ABORT, 'a day''s scored attempt is kept: DELETE is not allowed'); END;
    "#,
    // 5: friends' boards. Each share line pasted for a day, once (by its code, or its words
    // when no code could be read), with what checking it found (JSON), so a day's board grows
    // as lines are pasted and is read back without replaying them again.
    r#"
    CREATE TABLE board (
        date  TEXT NOT NULL,
        key   TEXT NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (date, key)
    ) WITHOUT ROWID;
    "#,
    // 6: putting saved games away. `archived` holds the games the player has put out of the
    // list (they stay whole, and in the history); a row goes when the game is brought back.
    // Deleting removes a whole game, never part of one: the game is named in `deleting` for
    // the length of the transaction that removes its rows, and the append-only guards let
    // through the rows of that game alone. A day's scored attempt is never named there (it is
    // the day's one attempt and its record in the history), nor a game whose history a branch
    // continues.
    r#"
    CREATE TABLE archived (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        at      TEXT    NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE deleting (game_id INTEGER PRIMARY KEY) WITHOUT ROWID;
    CREATE TRIGGER deleting_never_a_scored_daily BEFORE INSERT ON deleting
        WHEN EXISTS (SELECT 1 FROM daily_scored d WHERE d.game_id = NEW.game_id)
        BEGIN SELECT RAISE(ABORT, 'a day''s scored attempt is kept: it cannot be deleted'); END;
    CREATE TRIGGER deleting_never_a_parent BEFORE INSERT ON deleting
        WHEN EXISTS (SELECT 1 FROM games g WHERE g.parent_id = NEW.game_id)
        BEGIN SELECT RAISE(ABORT, 'a branch continues this game: it cannot be deleted'); END;
    DROP TRIGGER events_never_delete;
    CREATE TRIGGER events_never_delete BEFORE DELETE ON events
        WHEN NOT EXISTS (SELECT 1 FROM deleting d WHERE d.game_id = OLD.game_id)
        BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE is not allowed'); END;
    DROP TRIGGER games_never_delete;
    CREATE TRIGGER games_never_delete BEFORE DELETE ON games
        WHEN NOT EXISTS (SELECT 1 FROM deleting d WHERE d.game_id = OLD.id)
        BEGIN SELECT RAISE(ABORT, 'games are append-only: DELETE is not allowed'); END;
    DROP TRIGGER heads_never_delete;
    CREATE TRIGGER heads_never_delete BEFORE DELETE ON heads
        WHEN NOT EXISTS (SELECT 1 FROM deleting d WHERE d.game_id = OLD.game_id)
        BEGIN SELECT RAISE(ABORT, 'heads are append-only: DELETE is not allowed'); END;
    "#,
];

/// The schema version this build writes: the number of migrations.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// SQLite's page cache per connection, as its `cache_size` pragma gives it: negative, in KiB.
const CACHE_KIB: i64 = -512;

/// Sets the connection's pragmas (WAL, `synchronous=NORMAL`, foreign keys, the page cache's
/// size) and applies every pending migration, each in its own transaction.
pub fn prepare(conn: &mut Connection) -> StoreResult<()> {
    // Another Warwick writing the same file holds its lock for a transaction's length (a few
    // milliseconds); wait briefly for it, then report the database busy so the caller can try
    // again, rather than hang for SQLite's default of five seconds.
    conn.busy_timeout(std::time::Duration::from_millis(100))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // SQLite's own cache of pages at most 512 KiB instead of its default ~2 MB: the app keeps
    // its connection open all evening and the cache only ever fills, while a page SQLite no
    // longer holds is read again from the system's file cache in microseconds
    // (docs/memory.md, issue 35).
    conn.pragma_update(None, "cache_size", CACHE_KIB)?;
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
