//! [`EventLog`]: games and their append-only, hash-chained events in one SQLite database.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::checkpoint::Checkpointer;
use super::error::{StoreError, StoreResult};
use super::hash::{GENESIS_HASH, event_hash};
use super::schema;

/// A game's row id.
pub type GameId = i64;

/// What is stored about a game besides its events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Row id (0 when creating; filled in by [`EventLog::create_game`]).
    pub id: GameId,
    /// When it was created (RFC 3339).
    pub created: String,
    /// The rules version that wrote its events.
    pub rules_version: u32,
    /// Hash of the content it was played with.
    pub content_hash: String,
    /// The game's random seed.
    pub seed: u64,
    /// `casual` or `challenge` (the undo policy).
    pub mode: String,
    /// Set-up options as JSON.
    pub options: serde_json::Value,
    /// For a branch: the game and seq whose history it continues.
    pub parent: Option<(GameId, u64)>,
}

/// An event to append: its kind, the schema version of its payload, and the payload.
#[derive(Clone, Debug, PartialEq)]
pub struct NewEvent {
    /// The event's name (`CardDrawn`).
    pub kind: String,
    /// The schema version of the payload's type.
    pub schema_version: u32,
    /// The payload as JSON text, stored and hashed exactly as given.
    pub payload: String,
}

/// An event as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// 1-based position in the game's history (shared with the parent for a branch).
    pub seq: u64,
    /// The event's name.
    pub kind: String,
    /// The payload's schema version.
    pub schema_version: u32,
    /// The payload, exactly as hashed (JSON text).
    pub payload: String,
    /// The previous event's hash ([`GENESIS_HASH`] for the first).
    pub prev_hash: String,
    /// This event's hash.
    pub hash: String,
}

/// A game's stored summary: the seq it describes and its JSON (written by the service; the
/// store does not read it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSummary {
    /// The seq the summary describes.
    pub head: u64,
    /// The summary, as JSON text.
    pub summary: String,
}

/// One game as listed: what its record says (but its options, which the summary carries in
/// short), where its history ends, and its summary if one was stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The game.
    pub id: GameId,
    /// When it was created.
    pub created: String,
    /// Its undo mode.
    pub mode: String,
    /// Its seed.
    pub seed: u64,
    /// For a branch: the game and seq whose history it continues.
    pub parent: Option<(GameId, u64)>,
    /// The seq its history ends at.
    pub head: u64,
    /// Its summary, if stored.
    pub summary: Option<StoredSummary>,
    /// Whether it is its day's scored attempt (it holds the day's row in `daily_scored`).
    pub daily_slot: bool,
    /// Whether the player has archived it (put it out of the list, kept whole).
    pub archived: bool,
    /// Whether a branch continues its history.
    pub branched: bool,
}

/// The event log of every game in one database.
#[derive(Debug)]
pub struct EventLog {
    /// The write-ahead log's checkpoints, off the appending thread (a file only). Declared
    /// before `conn`, so it stops before the connection closes.
    checkpointer: Option<Checkpointer>,
    conn: Connection,
    /// The database file (none in memory).
    path: Option<PathBuf>,
    /// What SQLite's own check found wrong with the file when it was opened, if anything.
    damage: Option<String>,
}

/// How long the check of a database file as it is opened may take; a larger file is opened
/// without finishing it (each game's chain is still checked when the game is first used).
const OPEN_CHECK_TIME: Duration = Duration::from_millis(500);

impl EventLog {
    /// Opens (creating if needed) a database file, checks it (SQLite's `quick_check`, within
    /// a time bound: what it finds is kept as [`EventLog::damage`], and the file still opens
    /// so that the games it can read stay usable) and brings its schema up to date. An error
    /// names the file.
    pub fn open(path: &Path) -> StoreResult<Self> {
        let named = |error: StoreError| StoreError::File {
            path: path.display().to_string(),
            reason: error.to_string(),
        };
        let mut conn = Connection::open(path).map_err(|e| named(e.into()))?;
        let damage = quick_check(&mut conn).map_err(named)?;
        let mut log = Self::prepared(conn).map_err(named)?;
        log.checkpointer = Checkpointer::start(path, &mut log.conn);
        log.path = Some(path.to_owned());
        log.damage = damage;
        Ok(log)
    }

    /// A private in-memory database (tests, simulations without `--db`).
    pub fn open_in_memory() -> StoreResult<Self> {
        Self::prepared(Connection::open_in_memory()?)
    }

    fn prepared(mut conn: Connection) -> StoreResult<Self> {
        schema::prepare(&mut conn)?;
        Ok(Self {
            checkpointer: None,
            conn,
            path: None,
            damage: None,
        })
    }

    /// The database file, in words (`in memory` when there is none).
    pub fn file_name(&self) -> String {
        self.path
            .as_ref()
            .map_or_else(|| "in memory".to_owned(), |p| p.display().to_string())
    }

    /// What SQLite's check found wrong with the file as it was opened, if anything.
    pub fn damage(&self) -> Option<&str> {
        self.damage.as_deref()
    }

    /// The underlying connection (tests use it to tamper on purpose).
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The underlying connection, to write in a transaction of its own.
    pub(super) fn connection_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }

    /// Stores a new game and returns its id. A branch's history starts at its parent's event
    /// `parent_seq`, which must exist.
    pub fn create_game(&mut self, game: &GameRecord) -> StoreResult<GameId> {
        Ok(self.create_game_with_events(game, &[])?.0)
    }

    /// Stores a new game, its first events and its summary in one transaction.
    pub fn create_game_with_summary(
        &mut self,
        game: &GameRecord,
        events: &[NewEvent],
        summary: &str,
    ) -> StoreResult<(GameId, Vec<StoredEvent>)> {
        self.create(game, events, Some(summary), None)
    }

    /// [`EventLog::create_game_with_summary`] for a day's scored attempt: the game takes the
    /// day's row in the same transaction, and nothing is stored (`DailyTaken`) when another
    /// game holds it already.
    pub fn create_scored_daily(
        &mut self,
        game: &GameRecord,
        events: &[NewEvent],
        summary: &str,
        date: &str,
    ) -> StoreResult<(GameId, Vec<StoredEvent>)> {
        self.create(game, events, Some(summary), Some(date))
    }

    /// Stores a new game and its first events in one transaction, so a crash leaves either
    /// nothing or the game with all of them.
    pub fn create_game_with_events(
        &mut self,
        game: &GameRecord,
        events: &[NewEvent],
    ) -> StoreResult<(GameId, Vec<StoredEvent>)> {
        self.create(game, events, None, None)
    }

    fn create(
        &mut self,
        game: &GameRecord,
        events: &[NewEvent],
        summary: Option<&str>,
        scored_day: Option<&str>,
    ) -> StoreResult<(GameId, Vec<StoredEvent>)> {
        let head = match game.parent {
            Some((parent, at)) => {
                let (parent_last, _) = self.head(parent)?;
                if at > parent_last {
                    return Err(StoreError::BeyondEnd {
                        game: parent,
                        seq: at,
                        last: parent_last,
                    });
                }
                (at, self.hash_at(parent, at)?)
            }
            None => (0, GENESIS_HASH.to_owned()),
        };
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO games (created, rules_version, content_hash, seed, mode, options, \
             parent_id, parent_seq) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                game.created,
                game.rules_version,
                game.content_hash,
                game.seed.to_string(),
                game.mode,
                serde_json::to_string(&game.options)?,
                game.parent.map(|(id, _)| id),
                game.parent.map(|(_, seq)| seq as i64),
            ],
        )?;
        let id = tx.last_insert_rowid();
        if let Some(date) = scored_day {
            let taken = tx.execute(
                "INSERT OR IGNORE INTO daily_scored (date, game_id) VALUES (?1, ?2)",
                params![date, id],
            )?;
            if taken == 0 {
                // Dropping the transaction rolls the game back: nothing is stored.
                return Err(StoreError::DailyTaken(date.to_owned()));
            }
        }
        tx.execute(
            "INSERT INTO heads (game_id, seq, hash) VALUES (?1, ?2, ?3)",
            params![id, head.0 as i64, head.1],
        )?;
        let stored = insert_events(&tx, id, head.0, head.1, events)?;
        if let Some(summary) = summary {
            let last = stored.last().map_or(head.0, |e| e.seq);
            write_summary(&tx, id, last, summary)?;
        }
        tx.commit()?;
        Ok((id, stored))
    }

    /// Every game with where its history ends and its stored summary, newest first, in one
    /// query.
    pub fn list(&self) -> StoreResult<Vec<Listed>> {
        let mut stmt = self.conn.prepare(
            "SELECT g.id, g.created, g.seed, g.mode, g.parent_id, g.parent_seq, h.seq, s.head, \
             s.summary, d.date IS NOT NULL, a.game_id IS NOT NULL, \
             EXISTS (SELECT 1 FROM games c WHERE c.parent_id = g.id) \
             FROM games g JOIN heads h ON h.game_id = g.id \
             LEFT JOIN summaries s ON s.game_id = g.id \
             LEFT JOIN daily_scored d ON d.game_id = g.id \
             LEFT JOIN archived a ON a.game_id = g.id ORDER BY g.id DESC",
        )?;
        let rows = stmt.query_map([], |r| {
            let seed: String = r.get(2)?;
            let parent_id: Option<i64> = r.get(4)?;
            let parent_seq: Option<i64> = r.get(5)?;
            let head: i64 = r.get(6)?;
            let summary_head: Option<i64> = r.get(7)?;
            let summary: Option<String> = r.get(8)?;
            Ok(Listed {
                id: r.get(0)?,
                created: r.get(1)?,
                seed: seed.parse().unwrap_or_default(),
                mode: r.get(3)?,
                parent: parent_id.zip(parent_seq.map(|s| s as u64)),
                head: head as u64,
                summary: summary_head.zip(summary).map(|(h, summary)| StoredSummary {
                    head: h as u64,
                    summary,
                }),
                daily_slot: r.get(9)?,
                archived: r.get(10)?,
                branched: r.get(11)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// A game's stored summary, if any.
    pub fn summary(&self, game: GameId) -> StoreResult<Option<StoredSummary>> {
        Ok(self
            .conn
            .prepare_cached("SELECT head, summary FROM summaries WHERE game_id = ?1")?
            .query_row([game], |r| {
                Ok(StoredSummary {
                    head: r.get::<_, i64>(0)? as u64,
                    summary: r.get(1)?,
                })
            })
            .optional()?)
    }

    /// Replaces a game's summary (for a game whose summary is missing or out of date).
    pub fn put_summary(&mut self, game: GameId, head: u64, summary: &str) -> StoreResult<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        write_summary(&tx, game, head, summary)?;
        tx.commit()?;
        Ok(())
    }

    /// One game's record.
    pub fn game(&self, id: GameId) -> StoreResult<GameRecord> {
        self.conn
            .query_row(
                "SELECT id, created, rules_version, content_hash, seed, mode, options, \
                 parent_id, parent_seq FROM games WHERE id = ?1",
                [id],
                row_to_game,
            )
            .optional()?
            .ok_or(StoreError::UnknownGame(id))?
    }

    /// Every game, oldest first.
    pub fn games(&self) -> StoreResult<Vec<GameRecord>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, created, rules_version, content_hash, seed, mode, options, parent_id, \
             parent_seq FROM games ORDER BY id",
        )?;
        let rows = stmt.query_map([], row_to_game)?;
        rows.map(|r| r?).collect()
    }

    /// The seq and hash the game's history ends at (0 and [`GENESIS_HASH`] when empty), as
    /// recorded in its head.
    pub fn head(&self, game: GameId) -> StoreResult<(u64, String)> {
        self.conn
            .prepare_cached("SELECT seq, hash FROM heads WHERE game_id = ?1")?
            .query_row([game], |r| Ok((r.get::<_, i64>(0)? as u64, r.get(1)?)))
            .optional()?
            .ok_or(StoreError::UnknownGame(game))
    }

    /// The highest seq stored for the game itself (not its parent), if any.
    pub(super) fn own_last_seq(&self, game: GameId) -> StoreResult<Option<u64>> {
        let last: Option<i64> = self.conn.query_row(
            "SELECT MAX(seq) FROM events WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )?;
        Ok(last.map(|s| s as u64))
    }

    /// The hash of the event at `seq` in a game's history (following branches back).
    pub fn hash_at(&self, game: GameId, seq: u64) -> StoreResult<String> {
        if seq == 0 {
            return Ok(GENESIS_HASH.to_owned());
        }
        let (owner, _) = self.owner_of(game, seq)?;
        self.conn
            .query_row(
                "SELECT hash FROM events WHERE game_id = ?1 AND seq = ?2",
                params![owner, seq as i64],
                |r| r.get(0),
            )
            .optional()?
            .ok_or(StoreError::ChainBroken {
                game,
                seq,
                reason: "the event is missing".to_owned(),
            })
    }

    /// Which game in the branch ancestry stores the event at `seq`.
    fn owner_of(&self, game: GameId, seq: u64) -> StoreResult<(GameId, GameRecord)> {
        let mut record = self.game(game)?;
        while let Some((parent, at)) = record.parent {
            if seq > at {
                break;
            }
            record = self.game(parent)?;
        }
        Ok((record.id, record))
    }

    /// Appends events after checking that the history still ends at `expected_last_seq`; all
    /// of them or none are written (one transaction).
    pub fn append(
        &mut self,
        game: GameId,
        expected_last_seq: u64,
        events: &[NewEvent],
    ) -> StoreResult<Vec<StoredEvent>> {
        self.append_with_summary(game, expected_last_seq, events, None)
    }

    /// [`EventLog::append`], replacing the game's summary in the same transaction.
    pub fn append_with_summary(
        &mut self,
        game: GameId,
        expected_last_seq: u64,
        events: &[NewEvent],
        summary: Option<&str>,
    ) -> StoreResult<Vec<StoredEvent>> {
        // IMMEDIATE: take the write lock before reading the head, so no other writer can
        // append between the check and the insert.
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (seq, prev) = tx
            .prepare_cached("SELECT seq, hash FROM heads WHERE game_id = ?1")?
            .query_row([game], |r| {
                Ok((r.get::<_, i64>(0)? as u64, r.get::<_, String>(1)?))
            })
            .optional()?
            .ok_or(StoreError::UnknownGame(game))?;
        if seq != expected_last_seq {
            return Err(StoreError::StaleSeq {
                expected: expected_last_seq,
                actual: seq,
            });
        }
        let stored = insert_events(&tx, game, seq, prev, events)?;
        if let Some(summary) = summary {
            let last = stored.last().map_or(seq, |e| e.seq);
            write_summary(&tx, game, last, summary)?;
        }
        tx.commit()?;
        Ok(stored)
    }

    /// The game's whole history in order, including what a branch shares with its parent.
    pub fn events(&self, game: GameId) -> StoreResult<Vec<StoredEvent>> {
        let (last, _) = self.head(game)?;
        self.events_through(game, last)
    }

    /// The history up to and including `to_seq`.
    pub fn events_through(&self, game: GameId, to_seq: u64) -> StoreResult<Vec<StoredEvent>> {
        // The ancestry, oldest first, each with the last seq taken from it.
        let mut chain = Vec::new();
        let mut record = self.game(game)?;
        let mut limit = to_seq;
        loop {
            let parent = record.parent;
            chain.push((record.id, limit));
            match parent {
                Some((p, at)) => {
                    limit = limit.min(at);
                    record = self.game(p)?;
                }
                None => break,
            }
        }
        chain.reverse();
        let mut out = Vec::new();
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, kind, schema_version, payload, prev_hash, hash FROM events \
             WHERE game_id = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq",
        )?;
        let mut from = 0u64;
        for (id, upto) in chain {
            let rows = stmt.query_map(params![id, from as i64, upto as i64], |r| {
                Ok(StoredEvent {
                    seq: r.get::<_, i64>(0)? as u64,
                    kind: r.get(1)?,
                    schema_version: r.get(2)?,
                    payload: r.get(3)?,
                    prev_hash: r.get(4)?,
                    hash: r.get(5)?,
                })
            })?;
            for row in rows {
                out.push(row?);
            }
            from = from.max(upto);
        }
        Ok(out)
    }
}

/// SQLite's `quick_check` of a database as it is opened, stopped after [`OPEN_CHECK_TIME`]:
/// what it found wrong, if anything (nothing when it ran out of time). A file that is not a
/// database at all is an error.
fn quick_check(conn: &mut Connection) -> StoreResult<Option<String>> {
    let started = Instant::now();
    conn.progress_handler(10_000, Some(move || started.elapsed() > OPEN_CHECK_TIME))?;
    let found: Result<Vec<String>, rusqlite::Error> = conn
        .prepare("PRAGMA quick_check(20)")
        .and_then(|mut stmt| stmt.query_map([], |r| r.get(0))?.collect());
    conn.progress_handler(0, None::<fn() -> bool>)?;
    let code = found
        .as_ref()
        .err()
        .and_then(rusqlite::Error::sqlite_error_code);
    match found {
        Ok(lines) if lines == ["ok"] => Ok(None),
        Ok(lines) => Ok(Some(lines.join("; "))),
        Err(_) if code == Some(rusqlite::ErrorCode::OperationInterrupted) => Ok(None),
        Err(error) if code == Some(rusqlite::ErrorCode::DatabaseCorrupt) => {
            Ok(Some(error.to_string()))
        }
        Err(error) => Err(error.into()),
    }
}

/// Writes (or replaces) a game's summary inside a transaction.
fn write_summary(
    tx: &rusqlite::Transaction<'_>,
    game: GameId,
    head: u64,
    summary: &str,
) -> StoreResult<()> {
    tx.prepare_cached(
        "INSERT INTO summaries (game_id, head, summary) VALUES (?1, ?2, ?3) \
         ON CONFLICT(game_id) DO UPDATE SET head = excluded.head, summary = excluded.summary",
    )?
    .execute(params![game, head as i64, summary])?;
    Ok(())
}

/// Inserts events after `seq` / `prev` inside a transaction; returns them as stored.
fn insert_events(
    tx: &rusqlite::Transaction<'_>,
    game: GameId,
    mut seq: u64,
    mut prev: String,
    events: &[NewEvent],
) -> StoreResult<Vec<StoredEvent>> {
    let mut stored = Vec::with_capacity(events.len());
    let mut insert = tx.prepare_cached(
        "INSERT INTO events (game_id, seq, kind, schema_version, payload, prev_hash, hash) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for event in events {
        seq += 1;
        let payload = event.payload.clone();
        let hash = event_hash(&prev, seq, &event.kind, event.schema_version, &payload);
        insert.execute(params![
            game,
            seq as i64,
            event.kind,
            event.schema_version,
            payload,
            prev,
            hash
        ])?;
        stored.push(StoredEvent {
            seq,
            kind: event.kind.clone(),
            schema_version: event.schema_version,
            payload,
            prev_hash: std::mem::replace(&mut prev, hash.clone()),
            hash,
        });
    }
    Ok(stored)
}

fn row_to_game(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoreResult<GameRecord>> {
    let seed: String = r.get(4)?;
    let options: String = r.get(6)?;
    let parent_id: Option<i64> = r.get(7)?;
    let parent_seq: Option<i64> = r.get(8)?;
    let id: i64 = r.get(0)?;
    let created: String = r.get(1)?;
    let rules_version: u32 = r.get(2)?;
    let content_hash: String = r.get(3)?;
    let mode: String = r.get(5)?;
    Ok((|| {
        Ok(GameRecord {
            id,
            created,
            rules_version,
            content_hash,
            seed: seed.parse().map_err(|_| StoreError::ChainBroken {
                game: id,
                seq: 0,
                reason: format!("the game's seed `{seed}` is not a number"),
            })?,
            mode,
            options: serde_json::from_str(&options)?,
            parent: parent_id.zip(parent_seq.map(|s| s as u64)),
        })
    })())
}
