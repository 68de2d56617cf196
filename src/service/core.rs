//! [`Service`]: the content, the event log and the games loaded from it. Owns opening the
//! database, loading a game's rows into a [`History`] (cached, reloaded when another writer has
//! moved the game on) and appending rows one command per transaction. Must not hold rule logic
//! or HTTP/Tauri types; the calls themselves live in the files named after them.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::content::{Content, Report};
use crate::rules::{Setup, initial_state};
use crate::store::{EventLog, GameId, GameRecord, NewEvent, StoreError, StoredEvent};

use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::{GameOptions, Mode};
use super::records::Row;
use super::versions::embedded_content_hash;

/// The service the app, the CLI and the web adapter share.
#[derive(Debug)]
pub struct Service {
    pub(super) content: Result<Content, Report>,
    pub(super) content_hash: String,
    games: Mutex<Result<Games, String>>,
}

/// The log and the games loaded from it.
#[derive(Debug)]
pub(super) struct Games {
    pub log: EventLog,
    sessions: HashMap<GameId, Session>,
}

/// One loaded game.
#[derive(Clone, Debug)]
pub(super) struct Session {
    pub record: GameRecord,
    pub options: GameOptions,
    pub mode: Mode,
    pub history: History,
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
        Ok(Self::with_log(Ok(EventLog::open(path)?)))
    }

    fn with_log(log: Result<EventLog, StoreError>) -> Self {
        Self {
            content: Content::embedded(),
            content_hash: embedded_content_hash(),
            games: Mutex::new(log.map(Games::new).map_err(|e| e.to_string())),
        }
    }

    /// Runs `f` with the content and the games, holding the lock.
    pub(super) fn with_games<T>(
        &self,
        f: impl FnOnce(&Content, &mut Games) -> ServiceResult<T>,
    ) -> ServiceResult<T> {
        let content = self.content()?;
        let mut guard = self
            .games
            .lock()
            .map_err(|_| ServiceError::Unavailable("a previous call panicked".to_owned()))?;
        let games = guard
            .as_mut()
            .map_err(|e| ServiceError::Unavailable(e.clone()))?;
        f(content, games)
    }

    /// The whole validated content (map, geometry, cards, tables), which the UI draws from.
    pub fn content(&self) -> ServiceResult<&Content> {
        self.content
            .as_ref()
            .map_err(|report| ServiceError::InvalidContent(report.to_string()))
    }

    /// The ids of every stored game, oldest first.
    pub fn game_ids(&self) -> ServiceResult<Vec<GameId>> {
        self.with_games(|_, games| Ok(games.log.games()?.iter().map(|g| g.id).collect()))
    }
}

impl Games {
    fn new(log: EventLog) -> Self {
        Self {
            log,
            sessions: HashMap::new(),
        }
    }

    /// The loaded game, (re)loading it when it is not cached or the database has moved on.
    pub fn session(&mut self, content: &Content, game: GameId) -> ServiceResult<&mut Session> {
        let (head, _) = self.log.head(game)?;
        let fresh = self
            .sessions
            .get(&game)
            .is_some_and(|s| s.history.head() == head);
        if !fresh {
            let session = load(content, &self.log, game)?;
            self.sessions.insert(game, session);
        }
        self.sessions
            .get_mut(&game)
            .ok_or(ServiceError::UnknownGame(game))
    }

    /// Appends rows as one transaction after checking the game still ends at `expected`, then
    /// applies them to the cached history. A stale seq drops the cache.
    pub fn append(
        &mut self,
        content: &Content,
        game: GameId,
        expected: u64,
        rows: Vec<Row>,
    ) -> ServiceResult<AppendTiming> {
        let started = Instant::now();
        let encoded = rows
            .iter()
            .map(Row::encode)
            .collect::<Result<Vec<_>, _>>()?;
        if let Err(error) = self.log.append(game, expected, &encoded) {
            self.sessions.remove(&game);
            return Err(error.into());
        }
        let stored = Instant::now();
        let session = self.session_cached(content, game, expected)?;
        for row in rows {
            session
                .history
                .push(content, row)
                .map_err(|e| ServiceError::Verify(e.to_string()))?;
        }
        Ok(AppendTiming {
            store: stored - started,
            evolve: stored.elapsed(),
        })
    }

    /// The cached session if it ends at `head`, else a fresh load (which then already holds
    /// the appended rows, so nothing more may be pushed: callers get an error instead).
    fn session_cached(
        &mut self,
        content: &Content,
        game: GameId,
        head: u64,
    ) -> ServiceResult<&mut Session> {
        match self.sessions.get(&game) {
            Some(s) if s.history.head() == head => {}
            _ => {
                // Load what was there before the append, then the caller pushes the new rows.
                let session = load_through(content, &self.log, game, head)?;
                self.sessions.insert(game, session);
            }
        }
        self.sessions
            .get_mut(&game)
            .ok_or(ServiceError::UnknownGame(game))
    }

    /// Stores a game record and returns its id.
    pub fn create(&mut self, record: &GameRecord) -> ServiceResult<GameId> {
        Ok(self.log.create_game(record)?)
    }

    /// Stores a game record with its first rows in one transaction; returns its id.
    pub fn create_with(
        &mut self,
        record: &GameRecord,
        rows: &[NewEvent],
    ) -> ServiceResult<(GameId, Vec<StoredEvent>)> {
        Ok(self.log.create_game_with_events(record, rows)?)
    }
}

/// How long an append took: encoding and the SQLite transaction, then `evolve` (with the
/// occasional snapshot).
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

/// Decodes stored rows into a history (no re-deciding; see [`super::verification`]).
pub(super) fn replay_rows(
    content: &Content,
    setup: &Setup,
    rows: &[StoredEvent],
) -> ServiceResult<History> {
    let mut history = History::new(initial_state(content, setup));
    for stored in rows {
        let row = Row::decode(stored).map_err(|e| ServiceError::Verify(e.to_string()))?;
        history
            .push(content, row)
            .map_err(|e| ServiceError::Verify(e.to_string()))?;
    }
    Ok(history)
}

fn load(content: &Content, log: &EventLog, game: GameId) -> ServiceResult<Session> {
    let (head, _) = log.head(game)?;
    load_through(content, log, game, head)
}

fn load_through(
    content: &Content,
    log: &EventLog,
    game: GameId,
    through: u64,
) -> ServiceResult<Session> {
    let record = log.game(game)?;
    let (options, mode) = options_of(&record)?;
    let rows = log.events_through(game, through)?;
    let history = replay_rows(content, &options.setup, &rows)?;
    Ok(Session {
        record,
        options,
        mode,
        history,
    })
}
