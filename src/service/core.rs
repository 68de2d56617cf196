//! [`Service`]: the content, the event log and the games loaded from it. Owns opening the
//! database, the locks (one per game, and the database's own, held only for a statement or a
//! transaction, so a long call on one game never stalls another), loading a game's rows into a
//! [`History`] (cached for the few most recent games, reloaded when another writer has moved the
//! game on) and appending rows one command per transaction with the game's summary. Must not
//! hold rule logic or HTTP/Tauri types; the calls themselves live in the files named after them.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::content::{Content, Report};
use crate::rules::{Setup, initial_state};
use crate::store::{EventLog, GameId, GameRecord, StoreError, StoredEvent};

use super::bot_seat::Memories;
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::{GameOptions, Mode};
use super::records::{GameRow, Row};
use super::settings::SettingsPlace;
use super::summary::GameSummaryRow;
use super::versions::embedded_content_hash;

/// Games kept loaded in memory (docs/bounded-server.md): the game open now and
/// the few used just before it. Every call that loads or creates a game takes its place through
/// [`Service::slot`], which drops the least recently used games beyond this bound (they are
/// replayed from the database if opened again); a game in use by a call is never dropped under
/// it, so the count can pass the bound only for as long as more calls than this run at once.
/// Each loaded game holds its history's snapshots (1.4 to 2.3 MB measured), so this bounds the
/// service's memory however many games are opened in a sitting.
pub const CACHED_GAMES: usize = 4;

/// The service the app, the CLI and the web adapter share.
#[derive(Debug)]
pub struct Service {
    pub(super) content: Result<Content, Report>,
    pub(super) content_hash: String,
    db: Mutex<Result<EventLog, String>>,
    cache: Mutex<Cache>,
    /// The app's settings and the folders they name ([`super::settings`]).
    pub(super) settings: Mutex<SettingsPlace>,
    /// Where codes and logs are checked, apart from play ([`super::check_lane`]).
    pub(super) lane: super::check_lane::CheckLane,
    /// Games found damaged when first used, with what is wrong: listed as such, never served.
    pub(super) damaged: Mutex<std::collections::BTreeMap<GameId, String>>,
    /// The cap of a check in the lane ([`super::work::CHECK_CAP`] but in tests).
    pub(super) check_cap: std::sync::atomic::AtomicU64,
    /// Phones paired to play over the home network ([`super::phone`]).
    pub(super) phones: super::phone::Phones,
}

/// A game's lock and what it guards: the game's session once loaded.
type Slot = Arc<Mutex<Option<Session>>>;

/// Whether a call holds a game's slot now (the cache's own reference aside): such a game stays
/// loaded. Only asked with the cache locked, so no call can take the slot meanwhile.
fn held(slot: &Slot) -> bool {
    Arc::strong_count(slot) > 1
}

/// The loaded games, each behind its own lock, with when each was last used.
#[derive(Debug, Default)]
struct Cache {
    slots: HashMap<GameId, (Slot, u64)>,
    tick: u64,
}

/// One loaded game.
#[derive(Clone, Debug)]
pub(super) struct Session {
    pub record: GameRecord,
    pub options: GameOptions,
    pub mode: Mode,
    pub history: History,
    /// The bot seats' memories, kept between their decisions.
    pub memories: Memories,
    /// Whether the game is someone else's, kept to be watched (opened from a replay code or a
    /// log file), not one the player played here: it counts for neither the daily challenge
    /// nor the player's history.
    pub watched: bool,
}

impl Session {
    /// The seat played by the person, if any (a game has at most one).
    pub fn person(&self) -> Option<crate::rules::FactionIdx> {
        self.options.humans().first().copied()
    }
}

/// A game locked for one call: its session and the way to append to it.
pub(super) struct Game<'a> {
    pub service: &'a Service,
    pub content: &'a Content,
    pub id: GameId,
    pub session: &'a mut Session,
    /// Set when the cached session no longer matches the database (a failed append).
    stale: bool,
}

impl Default for Service {
    fn default() -> Self {
        Self::new()
    }
}

impl Service {
    /// A service over the content compiled into this binary and a private in-memory database.
    pub fn new() -> Self {
        Self::with_log(EventLog::open_in_memory())
    }

    /// A service storing its games in the database file at `path` (created if needed).
    pub fn open(path: &Path) -> ServiceResult<Self> {
        super::data_files::check_file(path)?;
        Ok(Self::with_log(Ok(EventLog::open(path)?)))
    }

    pub(super) fn with_log(log: Result<EventLog, StoreError>) -> Self {
        Self::with_content(Content::embedded(), log)
    }

    /// A service over `content` (the embedded content, already loaded by the caller) and `log`.
    pub(super) fn with_content(
        content: Result<Content, Report>,
        log: Result<EventLog, StoreError>,
    ) -> Self {
        Self {
            content,
            content_hash: embedded_content_hash(),
            db: Mutex::new(log.map_err(|e| e.to_string())),
            cache: Mutex::new(Cache::default()),
            settings: Mutex::new(SettingsPlace::default()),
            lane: Default::default(),
            damaged: Mutex::default(),
            check_cap: std::sync::atomic::AtomicU64::new(super::work::CHECK_CAP),
            phones: super::phone::Phones::default(),
        }
    }

    /// Puts another database in place of this one (games kept in another folder): every
    /// loaded game is dropped, so the next call reads the new database.
    pub(super) fn replace_log(&self, log: EventLog) -> ServiceResult<()> {
        *lock(&self.db)? = Ok(log);
        lock(&self.cache)?.slots.clear();
        lock(&self.damaged)?.clear();
        Ok(())
    }

    /// Closes the database as the app ends (its connection is dropped, and with it SQLite's
    /// write-ahead log is folded back in) and drops every loaded game; a call after this one
    /// is refused as unavailable.
    pub fn close(&self) {
        if let Ok(mut db) = self.db.lock() {
            *db = Err("Warwick is closing".to_owned());
        }
        if let Ok(mut cache) = self.cache.lock() {
            cache.slots.clear();
        }
    }

    /// The whole validated content (map, geometry, cards, tables), which the UI draws from.
    pub fn content(&self) -> ServiceResult<&Content> {
        self.content
            .as_ref()
            .map_err(|report| ServiceError::InvalidContent(report.to_string()))
    }

    /// Runs `f` on the database, holding its lock only for `f`: keep `f` to a statement or a
    /// transaction.
    pub(super) fn with_db<T>(
        &self,
        f: impl FnOnce(&mut EventLog) -> ServiceResult<T>,
    ) -> ServiceResult<T> {
        let mut guard = lock(&self.db)?;
        let log = guard
            .as_mut()
            .map_err(|e| ServiceError::Unavailable(e.clone()))?;
        f(log)
    }

    /// Runs `f` on one game, holding that game's lock (and no other) for the call. The game
    /// is loaded (replayed from the database) if it is not cached or another writer moved it.
    pub(super) fn with_game<T>(
        &self,
        game: GameId,
        f: impl FnOnce(&mut Game<'_>) -> ServiceResult<T>,
    ) -> ServiceResult<T> {
        let content = self.content()?;
        let slot = self.slot(game)?;
        let mut guard = lock(&slot)?;
        let (head, _) = self.with_db(|log| log.head(game).map_err(|e| damage(log, game, e)))?;
        if guard.as_ref().is_none_or(|s| s.history.head() != head) {
            *guard = None;
            *guard = Some(self.load(content, game, head)?);
        }
        let Some(session) = guard.as_mut() else {
            return Err(ServiceError::UnknownGame(game));
        };
        let mut locked = Game {
            service: self,
            content,
            id: game,
            session,
            stale: false,
        };
        let result = f(&mut locked);
        if locked.stale {
            *guard = None;
        }
        result
    }

    /// Runs `f` on one game as [`Service::with_game`] does, but leaves the cache as it found
    /// it: a game that was not loaded is dropped again after the call. For the calls a screen
    /// makes in the background (the end screen's analysis, round by round), whose last call
    /// can arrive after the person has left the screen and the game was closed: it must not
    /// bring the game back into memory for the rest of the evening.
    pub(super) fn with_game_as_found<T>(
        &self,
        game: GameId,
        f: impl FnOnce(&mut Game<'_>) -> ServiceResult<T>,
    ) -> ServiceResult<T> {
        let loaded = self.is_cached(game);
        let result = self.with_game(game, f);
        if !loaded {
            // Only tidying: the answer stands even if the cache cannot be reached now (the
            // next call that needs it says so).
            self.drop_idle(game).ok();
        }
        result
    }

    /// Drops a game's session from the cache, unless a call holds it now (it is then first in
    /// line to go).
    fn drop_idle(&self, game: GameId) -> ServiceResult<()> {
        let mut cache = lock(&self.cache)?;
        let Some((slot, used)) = cache.slots.get_mut(&game) else {
            return Ok(());
        };
        if held(slot) {
            *used = 0;
        } else {
            cache.slots.remove(&game);
        }
        Ok(())
    }

    /// Puts a game just created (with its session) in the cache.
    pub(super) fn cache_session(&self, game: GameId, session: Session) -> ServiceResult<()> {
        let slot = self.slot(game)?;
        *lock(&slot)? = Some(session);
        Ok(())
    }

    /// The ids of every stored game, oldest first.
    pub fn game_ids(&self) -> ServiceResult<Vec<GameId>> {
        self.with_db(|log| Ok(log.games()?.iter().map(|g| g.id).collect()))
    }

    /// The lock of a game, made if needed; drops the least recently used unlocked games
    /// beyond [`CACHED_GAMES`].
    fn slot(&self, game: GameId) -> ServiceResult<Slot> {
        let mut cache = lock(&self.cache)?;
        cache.tick += 1;
        let tick = cache.tick;
        let slot = {
            let entry = cache
                .slots
                .entry(game)
                .or_insert_with(|| (Arc::new(Mutex::new(None)), tick));
            entry.1 = tick;
            Arc::clone(&entry.0)
        };
        if cache.slots.len() > CACHED_GAMES {
            // Only slots nobody holds can go: holding the cache lock, no one can take them now.
            let mut idle: Vec<(u64, GameId)> = cache
                .slots
                .iter()
                .filter(|(id, (s, _))| **id != game && !held(s))
                .map(|(id, (_, used))| (*used, *id))
                .collect();
            idle.sort_unstable();
            let excess = cache.slots.len() - CACHED_GAMES;
            for (_, id) in idle.into_iter().take(excess) {
                cache.slots.remove(&id);
            }
        }
        Ok(slot)
    }

    /// Closes a game: the person has left its screen, so its session is dropped from the cache
    /// and its memory goes back. Nothing is lost: opening it again replays it from the
    /// database. A game a call is using at this moment stays loaded for that call, first in line
    /// to be dropped after it; closing a game that is not loaded does nothing, and one that does
    /// not exist is refused as unknown.
    pub fn close_game(&self, game: GameId) -> ServiceResult<()> {
        // A game that does not exist is an error, as for every call naming a game.
        self.with_db(|log| Ok(log.head(game)?))?;
        self.drop_idle(game)
    }

    /// Runs `f` holding a game's lock with its session dropped, then takes the game out of
    /// the cache (for a call that removes the game: none other runs on it meanwhile, and a
    /// later game given the same id never meets this one's session).
    pub(super) fn with_game_lock<T>(
        &self,
        game: GameId,
        f: impl FnOnce() -> ServiceResult<T>,
    ) -> ServiceResult<T> {
        let slot = self.slot(game)?;
        let result = {
            let mut guard = lock(&slot)?;
            *guard = None;
            f()
        };
        lock(&self.cache)?.slots.remove(&game);
        result
    }

    /// How many games are loaded in memory (for tests and measurements).
    pub fn cached_games(&self) -> usize {
        lock(&self.cache).map_or(0, |c| c.slots.len())
    }

    /// Whether a game is loaded in memory.
    pub(super) fn is_cached(&self, game: GameId) -> bool {
        lock(&self.cache).is_ok_and(|c| c.slots.contains_key(&game))
    }

    /// Reads a game's rows through `head`, checks their hash chain ends where the game's head
    /// says, and replays them. A game whose rows do not hold (edited behind the database's
    /// guards, or on a damaged page) is marked damaged and refused, naming it and the file.
    fn load(&self, content: &Content, game: GameId, head: u64) -> ServiceResult<Session> {
        let read = self.with_db(|log| {
            let read = (|| {
                let (_, head_hash) = log.head(game)?;
                let rows = log.events_through(game, head)?;
                crate::store::verify_events(game, &rows)?;
                crate::store::verify_end(game, &rows, head, &head_hash)?;
                Ok((log.game(game)?, rows, log.summary(game)?))
            })();
            read.map_err(|error| damage(log, game, error))
        });
        let (record, rows, summary) = match read {
            Err(ServiceError::Damaged(reason)) => {
                lock(&self.damaged)?.insert(game, reason.clone());
                return Err(ServiceError::Damaged(reason));
            }
            other => other?,
        };
        let watched = summary
            .and_then(|s| serde_json::from_str::<GameSummaryRow>(&s.summary).ok())
            .is_some_and(|s| s.watched);
        let (options, mode) = options_of(&record)?;
        let history = replay_rows(content, &options.setup, &rows)?;
        check_game_row(&history, &record)?;
        Ok(Session {
            record,
            options,
            mode,
            history,
            memories: Memories::default(),
            watched,
        })
    }
}

/// A store error reading `game`, as the service reports it: a broken chain or a damaged file
/// is the game's damage, naming the game and the file; anything else as it is.
pub(super) fn damage(log: &EventLog, game: GameId, error: StoreError) -> ServiceError {
    let corrupt = |e: &rusqlite::Error| {
        matches!(
            e.sqlite_error_code(),
            Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
        )
    };
    match error {
        StoreError::ChainBroken { .. } => ServiceError::Damaged(format!(
            "game {game} in {} is damaged and is not opened: {error}",
            log.file_name()
        )),
        StoreError::Sqlite(ref e) if corrupt(e) => ServiceError::Damaged(format!(
            "game {game} in {} is damaged and is not opened: the database file cannot be read \
             there ({e})",
            log.file_name()
        )),
        other => other.into(),
    }
}

/// Locks a mutex, turning a poisoned one (a panic in an earlier call) into an error.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> ServiceResult<MutexGuard<'_, T>> {
    mutex
        .lock()
        .map_err(|_| ServiceError::Unavailable("a previous call panicked".to_owned()))
}

impl Game<'_> {
    /// Appends rows as one transaction, with the game's new summary, after checking the game
    /// still ends where this session does; applies them to the session first. On any failure
    /// the cached session is dropped (the next call reloads it from the database).
    pub fn append(&mut self, rows: Vec<Row>) -> ServiceResult<AppendTiming> {
        let started = Instant::now();
        let head = self.session.history.head();
        let encoded = rows
            .iter()
            .map(Row::encode)
            .collect::<Result<Vec<_>, _>>()?;
        for row in rows {
            if let Err(error) = self.session.history.push(self.content, row) {
                self.stale = true;
                return Err(ServiceError::Verify(error.to_string()));
            }
        }
        let evolved = Instant::now();
        let summary =
            GameSummaryRow::of(self.content, &self.service.content_hash, self.session).encode()?;
        let game = self.id;
        let stored = self
            .service
            .with_db(|log| Ok(log.append_with_summary(game, head, &encoded, Some(&summary))?));
        if let Err(error) = stored {
            self.stale = true;
            return Err(error);
        }
        Ok(AppendTiming {
            evolve: evolved - started,
            store: evolved.elapsed(),
        })
    }
}

/// How long an append took: `evolve` of its rows (with the occasional snapshot), then encoding
/// and the SQLite transaction.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct AppendTiming {
    pub store: Duration,
    pub evolve: Duration,
}

/// Reads a game's options from its record.
pub(super) fn options_of(record: &GameRecord) -> ServiceResult<(GameOptions, Mode)> {
    let options: GameOptions = serde_json::from_value(record.options.clone()).map_err(|e| {
        ServiceError::Verify(format!("game {}'s options are unreadable: {e}", record.id))
    })?;
    let mode = Mode::parse(&record.mode).ok_or_else(|| {
        ServiceError::Verify(format!(
            "game {} has an unknown mode `{}`",
            record.id, record.mode
        ))
    })?;
    Ok((options, mode))
}

/// Checks that a game's first row is its game row and agrees with its record.
pub(super) fn check_game_row(history: &History, record: &GameRecord) -> ServiceResult<()> {
    let Some(row) = history.game() else {
        return Err(ServiceError::Version(format!(
            "game {} was stored by an earlier Warwick that did not record the game in its first \
             row; it cannot be opened by this one",
            record.id
        )));
    };
    match row.check().or_else(|| row.differs_from(record)) {
        Some(reason) => Err(ServiceError::Verify(format!(
            "game {}: {reason}",
            record.id
        ))),
        None => Ok(()),
    }
}

/// The first row of a new game.
pub(super) fn game_row(record: &GameRecord, options: &GameOptions, mode: Mode) -> Row {
    Row::Game(Box::new(GameRow::of(record, options, mode)))
}

/// Decodes stored rows into a history (no re-deciding; see [`super::verification`]).
pub(super) fn replay_rows(
    content: &Content,
    setup: &Setup,
    rows: &[StoredEvent],
) -> ServiceResult<History> {
    let decoded = decode_rows(rows)?;
    let mut history = History::new(initial_state(content, setup));
    for row in decoded {
        history
            .push(content, row)
            .map_err(|e| ServiceError::Verify(e.to_string()))?;
    }
    Ok(history)
}

/// Rows below which decoding stays on one thread (starting threads costs more than it saves).
const PARALLEL_DECODE_FROM: usize = 2048;

/// Decodes stored rows, in order. Rows decode independently of each other, so a long log is
/// decoded in chunks on the machine's cores at once (up to four), and only evolving the state
/// is left one row after another; the first row that cannot be read, in seq order, is the
/// error.
pub(super) fn decode_rows(rows: &[StoredEvent]) -> ServiceResult<Vec<Row>> {
    let decode = |chunk: &[StoredEvent]| -> ServiceResult<Vec<Row>> {
        chunk
            .iter()
            .map(|stored| Row::decode(stored).map_err(|e| ServiceError::Verify(e.to_string())))
            .collect()
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    if threads < 2 || rows.len() < PARALLEL_DECODE_FROM {
        return decode(rows);
    }
    let size = rows.len().div_ceil(threads);
    let parts: Vec<ServiceResult<Vec<Row>>> = std::thread::scope(|scope| {
        let mut chunks = rows.chunks(size);
        // The first chunk is decoded here while the others are on their own threads.
        let first = chunks.next().unwrap_or_default();
        let handles: Vec<_> = chunks
            .map(|chunk| scope.spawn(move || decode(chunk)))
            .collect();
        let mut parts = vec![decode(first)];
        parts.extend(handles.into_iter().map(|handle| {
            handle.join().unwrap_or_else(|_| {
                Err(ServiceError::Verify(
                    "a row could not be read (the decoder stopped)".to_owned(),
                ))
            })
        }));
        parts
    });
    let mut out = Vec::with_capacity(rows.len());
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

#[cfg(test)]
mod decode_tests {
    use super::*;
    use crate::service::records::UndoneRecord;

    /// `n` stored undo rows (their meaning does not matter to decoding).
    fn stored(n: u64) -> Vec<StoredEvent> {
        (1..=n)
            .map(|seq| {
                let row = Row::Undone(UndoneRecord {
                    from: seq,
                    to: seq + 1,
                    by: 0,
                });
                let new = row.encode().expect("encode");
                StoredEvent {
                    seq,
                    kind: new.kind,
                    schema_version: new.schema_version,
                    payload: new.payload,
                    prev_hash: String::new(),
                    hash: String::new(),
                }
            })
            .collect()
    }

    #[test]
    fn a_long_log_decodes_in_order_and_names_its_first_bad_row() {
        let n = PARALLEL_DECODE_FROM as u64 * 2 + 7;
        let mut rows = stored(n);
        let decoded = decode_rows(&rows).expect("decode");
        assert_eq!(decoded.len(), rows.len());
        for (seq, row) in (1..).zip(&decoded) {
            assert!(
                matches!(row, Row::Undone(UndoneRecord { from, .. }) if *from == seq),
                "row {seq} out of order"
            );
        }
        // Two bad rows in different chunks: the earlier one is named.
        let late = usize::try_from(n - 3).expect("index");
        let early = PARALLEL_DECODE_FROM + 11;
        rows[late].payload.push(' ');
        rows[early].payload.push(' ');
        let error = decode_rows(&rows).expect_err("padding refused").to_string();
        assert!(error.contains(&format!("seq {}", early + 1)), "{error}");
    }
}
