//! Playing: creating a game, submitting a person's command (with the seq they saw), letting
//! the bots act until a person must decide, and what a faction sees and may do. Each command
//! is appended with its events as one transaction. Must not hold rule logic (the rules decide)
//! nor undo or time travel (their own files).

use std::time::{Duration, Instant};

use chrono::Utc;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::Content;
use crate::rules::{
    Command, FactionIdx, RULES_VERSION, State, Viewer, awaiting, decide, describe_command,
    describe_error, describe_event, legal_commands, outcome, prompt, start, state_hash, view,
};
use crate::store::{GameId, GameRecord};

use super::bot_seat;
use super::core::{Games, Service, Session};
use super::error::{ServiceError, ServiceResult};
use super::new_game::{Mode, NewGame, SeatPlayer};
use super::records::{CommandRecord, Row};
use super::undo::{UndoOffer, undo_offer};

/// Commands a simulation lets the bots give before calling the game stuck.
pub const MAX_BOT_COMMANDS: usize = 200_000;

/// Where a game stands, for the player.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameStatus {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// Its undo policy.
    pub mode: Mode,
    /// The seq its history ends at: send it back with the next command.
    #[ts(type = "number")]
    pub head: u64,
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The seats that may act now.
    pub awaiting: Vec<FactionIdx>,
    /// What is being decided (the rules' prompt).
    #[ts(type = "unknown")]
    pub prompt: serde_json::Value,
    /// The result, once the game has ended.
    #[ts(type = "unknown")]
    pub outcome: Option<serde_json::Value>,
    /// What undo would cancel now, if it is allowed.
    pub undo: Option<UndoOffer>,
    /// Why undo is not allowed now, in words (the reason `undo` would give), when it is not.
    pub undo_refused: Option<String>,
}

/// A person's command.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Submit {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seat giving it (must be a person's seat).
    pub by: FactionIdx,
    /// The command, as listed by `legal`.
    #[ts(type = "unknown")]
    pub command: Command,
    /// The seq the player saw the game at; a stale seq is refused.
    #[ts(type = "number")]
    pub expected_last_seq: u64,
}

/// One appended row, described.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RowText {
    /// Its seq.
    #[ts(type = "number")]
    pub seq: u64,
    /// `Command`, `Undone` or the event's kind.
    pub kind: String,
    /// Who gave the command (commands only).
    pub by: Option<FactionIdx>,
    /// Plain English.
    pub description: String,
    /// Whether it revealed information or used randomness (closes a challenge-mode undo).
    pub irreversible: bool,
}

/// What a command led to: every row appended (the command, its events, and the bots' turns
/// that followed) and where the game now stands.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Submitted {
    /// The rows appended, in order.
    pub rows: Vec<RowText>,
    /// Where the game stands.
    pub status: GameStatus,
}

/// A request naming a game and a seat.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SeatRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seat.
    pub faction: FactionIdx,
}

/// A command the seat may give, and whether it could be undone later.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LegalCommand {
    /// The command, to send back in `submit`.
    #[ts(type = "unknown")]
    pub command: Command,
    /// Plain English.
    pub description: String,
    /// False when the command itself reveals information or uses randomness and the game is
    /// in challenge mode: once given, it cannot be undone. (In either mode an undo is also
    /// closed by such an event from anyone later.)
    pub undoable: bool,
}

/// What a seat may do now.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LegalCommands {
    /// The seq these are valid at.
    #[ts(type = "number")]
    pub head: u64,
    /// The commands.
    pub commands: Vec<LegalCommand>,
}

/// What a seat sees.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameView {
    /// Where the game stands.
    pub status: GameStatus,
    /// The rules' view for the seat (never hidden information).
    #[ts(type = "unknown")]
    pub view: serde_json::Value,
}

impl Service {
    /// Creates a game, records its set-up, and lets the bots act until a person must decide.
    pub fn create_game(&self, request: &NewGame) -> ServiceResult<GameStatus> {
        self.with_games(|content, games| {
            let game = create(content, games, request, &self.content_hash)?;
            run_bots(content, games, game, MAX_BOT_COMMANDS, None)?;
            status(content, games, game)
        })
    }

    /// Creates a game of bots only and plays it to the end (or `max_commands`); returns its
    /// status.
    pub fn simulate(&self, request: &NewGame, max_commands: usize) -> ServiceResult<GameStatus> {
        self.with_games(|content, games| {
            let game = create(content, games, request, &self.content_hash)?;
            run_bots(content, games, game, max_commands, None)?;
            status(content, games, game)
        })
    }

    /// Lets the bots act (at most `max` commands) until a person must decide or the game ends;
    /// returns how many commands they gave.
    pub fn play_bots(&self, game: GameId, max: usize) -> ServiceResult<usize> {
        self.with_games(|content, games| run_bots(content, games, game, max, None))
    }

    /// Gives a person's command, then lets the bots act until a person must decide.
    pub fn submit(&self, request: &Submit) -> ServiceResult<Submitted> {
        self.with_games(|content, games| {
            let head = person_acts(content, games, request)?;
            run_bots(content, games, request.game, MAX_BOT_COMMANDS, None)?;
            submitted(content, games, request.game, head)
        })
    }

    /// Where a game stands.
    pub fn status(&self, game: GameId) -> ServiceResult<GameStatus> {
        self.with_games(|content, games| status(content, games, game))
    }

    /// What a seat sees now.
    pub fn view(&self, request: &SeatRequest) -> ServiceResult<GameView> {
        self.with_games(|content, games| {
            let session = games.session(content, request.game)?;
            check_seat(session, request.faction)?;
            let seen = view(
                content,
                session.history.current(),
                Viewer::Faction {
                    faction: request.faction,
                },
            );
            let view = serde_json::to_value(&seen)?;
            Ok(GameView {
                status: status(content, games, request.game)?,
                view,
            })
        })
    }

    /// The commands a seat may give now, each saying whether it could be undone later.
    pub fn legal(&self, request: &SeatRequest) -> ServiceResult<LegalCommands> {
        self.with_games(|content, games| {
            let session = games.session(content, request.game)?;
            check_seat(session, request.faction)?;
            let state = session.history.current();
            let commands = legal_commands(content, state, request.faction)
                .into_iter()
                .map(|command| LegalCommand {
                    description: describe_command(content, state, &command),
                    undoable: could_undo(content, session.mode, state, request.faction, &command),
                    command,
                })
                .collect();
            Ok(LegalCommands {
                head: session.history.head(),
                commands,
            })
        })
    }
}

/// Whether a command, once given, could be undone (before anything else happens).
pub(super) fn could_undo(
    content: &Content,
    mode: Mode,
    state: &State,
    by: FactionIdx,
    command: &Command,
) -> bool {
    match mode {
        Mode::Casual => true,
        Mode::Challenge => decide(content, state, by, command)
            .is_ok_and(|events| !events.iter().any(|e| e.is_irreversible())),
    }
}

fn check_seat(session: &Session, faction: FactionIdx) -> ServiceResult<()> {
    if usize::from(faction) < session.options.seats.len() {
        Ok(())
    } else {
        Err(ServiceError::NotYours(format!(
            "the game has no seat {faction}"
        )))
    }
}

/// Stores a new game with its set-up events; returns its id.
pub(super) fn create(
    content: &Content,
    games: &mut Games,
    request: &NewGame,
    content_hash: &str,
) -> ServiceResult<GameId> {
    let options = request.options()?;
    let (_, events) = start(content, &options.setup)?;
    let record = GameRecord {
        id: 0,
        created: Utc::now().to_rfc3339(),
        rules_version: RULES_VERSION,
        content_hash: content_hash.to_owned(),
        seed: request.seed,
        mode: request.mode.as_str().to_owned(),
        options: serde_json::to_value(&options)?,
        parent: None,
    };
    let rows = events
        .into_iter()
        .map(|e| Row::Event(e).encode())
        .collect::<Result<Vec<_>, _>>()?;
    // The game and its set-up events in one transaction: a crash leaves all or nothing.
    let (game, _) = games.create_with(&record, &rows)?;
    Ok(game)
}

/// Decides one command and appends it with its events (one transaction).
pub(super) fn play(
    content: &Content,
    games: &mut Games,
    game: GameId,
    by: FactionIdx,
    command: &Command,
) -> ServiceResult<CommandTiming> {
    let session = games.session(content, game)?;
    let state = session.history.current();
    let head = session.history.head();
    let started = Instant::now();
    let events = decide(content, state, by, command).map_err(|error| ServiceError::Refused {
        message: describe_error(content, state, &error),
        error,
    })?;
    let decided = Instant::now();
    let hash = state_hash(state);
    let hashed = Instant::now();
    let mut rows = Vec::with_capacity(events.len() + 1);
    rows.push(Row::Command(CommandRecord {
        by,
        command: command.clone(),
        state: hash,
    }));
    rows.extend(events.into_iter().map(Row::Event));
    let appended = games.append(content, game, head, rows)?;
    Ok(CommandTiming {
        decide: decided - started,
        hash: hashed - decided,
        store: appended.store,
        evolve: appended.evolve,
    })
}

/// How long one command took, by part.
#[derive(Clone, Copy, Debug, Default)]
pub struct CommandTiming {
    /// `decide`.
    pub decide: Duration,
    /// Hashing the state it was decided on.
    pub hash: Duration,
    /// Encoding and the SQLite transaction.
    pub store: Duration,
    /// `evolve` of its events (and a snapshot every so often).
    pub evolve: Duration,
}

impl CommandTiming {
    /// The whole command.
    pub fn total(&self) -> Duration {
        self.decide + self.hash + self.store + self.evolve
    }
}

/// Refuses a caller whose view of the game is out of date; returns the head it saw.
pub(super) fn expect_head(session: &Session, expected_last_seq: u64) -> ServiceResult<u64> {
    let head = session.history.head();
    if head == expected_last_seq {
        Ok(head)
    } else {
        Err(ServiceError::Stale {
            expected: expected_last_seq,
            actual: head,
        })
    }
}

/// Checks the seq and that the seat is a person's, then plays the person's command; returns
/// the head before it, so the caller can describe what it appended.
pub(super) fn person_acts(
    content: &Content,
    games: &mut Games,
    request: &Submit,
) -> ServiceResult<u64> {
    let session = games.session(content, request.game)?;
    let head = expect_head(session, request.expected_last_seq)?;
    if session.options.seats.get(usize::from(request.by)) != Some(&SeatPlayer::Human) {
        return Err(ServiceError::NotYours(format!(
            "seat {} is not played by a person",
            request.by
        )));
    }
    play(content, games, request.game, request.by, &request.command)?;
    Ok(head)
}

/// The rows appended after `head` and where the game stands now.
pub(super) fn submitted(
    content: &Content,
    games: &mut Games,
    game: GameId,
    head: u64,
) -> ServiceResult<Submitted> {
    let session = games.session(content, game)?;
    let rows = describe_rows(content, session, head);
    Ok(Submitted {
        rows,
        status: status(content, games, game)?,
    })
}

/// Lets bots act while one of them is awaited and no person is; at most `max` commands. With
/// `timings`, records how long each command took (decide + append + evolve).
pub(super) fn run_bots(
    content: &Content,
    games: &mut Games,
    game: GameId,
    max: usize,
    mut timings: Option<&mut Vec<CommandTiming>>,
) -> ServiceResult<usize> {
    for done in 0..max {
        let session = games.session(content, game)?;
        let state = session.history.current();
        if outcome(state).is_some() {
            return Ok(done);
        }
        let waiting = awaiting(state);
        let humans = session.options.humans();
        if waiting.iter().any(|f| humans.contains(f)) {
            return Ok(done);
        }
        let Some((bot, tier, seed)) = waiting.iter().find_map(|&f| {
            session
                .options
                .bot_tier(f)
                .map(|(tier, seed)| (f, tier, seed))
        }) else {
            return Ok(done);
        };
        let command =
            bot_seat::choose(content, &session.history, bot, tier, seed).ok_or_else(|| {
                ServiceError::Stuck(format!(
                    "seat {bot} is awaited at seq {} but has no legal command",
                    session.history.head()
                ))
            })?;
        let timing = play(content, games, game, bot, &command)?;
        if let Some(timings) = timings.as_deref_mut() {
            timings.push(timing);
        }
    }
    Ok(max)
}

/// Where a game stands.
pub(super) fn status(
    content: &Content,
    games: &mut Games,
    game: GameId,
) -> ServiceResult<GameStatus> {
    let session = games.session(content, game)?;
    let state = session.history.current();
    let offer = undo_offer(content, session, None);
    Ok(GameStatus {
        game,
        mode: session.mode,
        head: session.history.head(),
        seats: session.options.seats.clone(),
        awaiting: awaiting(state),
        prompt: serde_json::to_value(prompt(content, state))?,
        outcome: outcome(state).map(serde_json::to_value).transpose()?,
        undo: offer.as_ref().ok().cloned(),
        undo_refused: offer.err(),
    })
}

/// Describes the rows after `from` (each against the state just before it).
pub(super) fn describe_rows(content: &Content, session: &Session, from: u64) -> Vec<RowText> {
    let history = &session.history;
    let mut state = history.state_at(content, from);
    let mut out = Vec::new();
    for (index, row) in history.rows().iter().enumerate().skip(from as usize) {
        let seq = index as u64 + 1;
        let text = match row {
            Row::Event(event) => {
                let text = RowText {
                    seq,
                    kind: event.kind().to_owned(),
                    by: None,
                    description: describe_event(content, &state, event),
                    irreversible: event.is_irreversible(),
                };
                crate::rules::evolve(content, &mut state, event);
                text
            }
            Row::Command(record) => RowText {
                seq,
                kind: "Command".to_owned(),
                by: Some(record.by),
                description: describe_command(content, &state, &record.command),
                irreversible: false,
            },
            Row::Undone(record) => {
                state = history.state_at(content, seq);
                RowText {
                    seq,
                    kind: "Undone".to_owned(),
                    by: Some(record.by),
                    description: format!("undid seq {} to {}", record.from, record.to),
                    irreversible: false,
                }
            }
        };
        out.push(text);
    }
    out
}
