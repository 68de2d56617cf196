//! What a caller may see and do: where a game stands, a seat's view, its legal commands, and
//! the rows a call appended, in words. Owns who may look at what: while a person plays, their
//! client sees only their own seat (or the public view) and reads others' hidden cards only as
//! counts; a game of bots only is watched from the public view; once a game has ended, every
//! seat may be looked at. Must not change a game.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::NobleId;
use crate::rules::state::Clock;
use crate::rules::{
    Command, FactionIdx, State, Viewer, awaiting, describe_command_for, describe_event, evolve,
    legal_commands, outcome, prompt, road_way, view,
};
use crate::store::GameId;

use super::challenge::{Score, score_of};
use super::core::{Game, Service, Session};
use super::error::{ServiceError, ServiceResult};
use super::new_game::{DailyTag, Mode, SeatPlayer};
use super::play::{bot_to_act, could_undo};
use super::records::Row;
use super::undo::{UndoOffer, undo_offer};

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
    /// Whether a bot is to act now (no person is awaited and the game goes on): call
    /// `advance` or `bot_step` to let it.
    pub bots_to_move: bool,
    /// What is being decided (the rules' prompt).
    #[ts(as = "crate::rules::Prompt")]
    pub prompt: serde_json::Value,
    /// The result, once the game has ended.
    #[ts(as = "Option<crate::rules::Outcome>")]
    pub outcome: Option<serde_json::Value>,
    /// What undo would cancel now, if it is allowed.
    pub undo: Option<UndoOffer>,
    /// Why undo is not allowed now, in words (the reason `undo` would give), when it is not.
    pub undo_refused: Option<String>,
    /// Once the game has ended with a person playing: the score, line by line.
    pub score: Option<Score>,
    /// For a daily challenge: its day and whether this is the scored attempt.
    pub daily: Option<DailyTag>,
    /// Someone else's game kept to be watched (opened from a replay code or a log file): its
    /// person's seat is theirs, not the player's.
    pub watched: bool,
}

/// A person's command.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct Submit {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seat giving it (must be a person's seat).
    pub by: FactionIdx,
    /// The command, as listed by `legal`.
    pub command: Command,
    /// The seq the player saw the game at; a stale seq is refused.
    #[ts(type = "number")]
    pub expected_last_seq: u64,
    /// The command is the advice the person asked for ([`super::Advice`]); refused unless it
    /// is. Recorded with the command.
    #[serde(default)]
    #[ts(optional)]
    pub advised: Option<bool>,
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
    /// The game's clock as the row came (round, turn, phase, whose turn): a batch of rows
    /// spans turns, and the reader places each in its own.
    pub clock: Clock,
    /// What an event did to any faction's pieces and places (moved from → to, captured,
    /// killed, left alone, control lost), in words; empty for a command.
    pub affected: Vec<crate::rules::Affected>,
    /// For a Road move (or a request for passage), the way the rules gave it when it was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub way: Option<MoveWay>,
}

/// The way a Noble's Road move takes, as the rules give it ([`crate::rules::road_way`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct MoveWay {
    /// The Noble.
    pub noble: NobleId,
    /// The road nodes it passes, from where it joins the road to where it reaches its
    /// destination's Area (a place's node is the place's id).
    pub nodes: Vec<String>,
}

/// The way `command`, given by `by` on `state`, takes along the roads, if it is a Road move.
fn way_of(
    content: &crate::content::Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
) -> Option<MoveWay> {
    let (Command::MoveNoble { noble, .. } | Command::RequestPassage { noble, .. }) = command else {
        return None;
    };
    let nodes = road_way(content, state, by, command)?;
    Some(MoveWay {
        noble: *noble,
        nodes: nodes.iter().map(ToString::to_string).collect(),
    })
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
#[serde(deny_unknown_fields)]
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
    pub command: Command,
    /// Plain English.
    pub description: String,
    /// False when the command itself reveals information or uses randomness and the game is
    /// in challenge mode: once given, it cannot be undone. (In either mode an undo is also
    /// closed by such an event from anyone later.)
    pub undoable: bool,
    /// For a Road move (or a request for passage), the road nodes of the way it takes, as the
    /// rules give it: the map draws this way, never one of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub way: Option<Vec<String>>,
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
    #[ts(as = "crate::rules::View")]
    pub view: serde_json::Value,
}

impl Service {
    /// Where a game stands.
    pub fn status(&self, game: GameId) -> ServiceResult<GameStatus> {
        self.with_game(game, |g| status(g))
    }

    /// What a seat sees now (only the person's own seat while they play).
    pub fn view(&self, request: &SeatRequest) -> ServiceResult<GameView> {
        self.with_game(request.game, |g| {
            let viewer = viewer_for(g.session, Some(request.faction))?;
            let seen = view(g.content, g.session.history.current(), viewer);
            let view = serde_json::to_value(&seen)?;
            Ok(GameView {
                status: status(g)?,
                view,
            })
        })
    }

    /// The commands a seat may give now, each saying whether it could be undone later (only
    /// the person's own seat while they play).
    pub fn legal(&self, request: &SeatRequest) -> ServiceResult<LegalCommands> {
        self.with_game(request.game, |g| {
            viewer_for(g.session, Some(request.faction))?;
            let (content, session) = (g.content, &*g.session);
            let state = session.history.current();
            let commands = legal_commands(content, state, request.faction)
                .into_iter()
                .map(|command| LegalCommand {
                    description: crate::rules::describe_command(content, state, &command),
                    undoable: could_undo(content, session.mode, state, request.faction, &command),
                    way: way_of(content, state, request.faction, &command).map(|w| w.nodes),
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

/// The viewer a request for `faction`'s eyes (`None`: the public view) gets, or why not. While
/// a game with a person goes on, only the person's seat or the public view; a game of bots
/// only is watched from the public view; once ended, any seat of the game.
pub(super) fn viewer_for(session: &Session, faction: Option<FactionIdx>) -> ServiceResult<Viewer> {
    let Some(faction) = faction else {
        return Ok(Viewer::Spectator);
    };
    if usize::from(faction) >= session.options.seats.len() {
        return Err(ServiceError::NotYours(format!(
            "the game has no seat {faction}"
        )));
    }
    let ended = outcome(session.history.current()).is_some();
    match session.person() {
        _ if ended => Ok(Viewer::Faction { faction }),
        Some(person) if person == faction => Ok(Viewer::Faction { faction }),
        Some(_) => Err(ServiceError::NotYours(format!(
            "seat {faction} is a bot's: while the game goes on you see only your own seat"
        ))),
        None => Err(ServiceError::NotYours(format!(
            "this game is played by bots only: it is watched from the public view, not from \
             seat {faction}'s"
        ))),
    }
}

/// Whose eyes the rows of a game are described for: the person's (the public view in a game of
/// bots only).
pub(super) fn reader(session: &Session) -> Viewer {
    match session.person() {
        Some(faction) => Viewer::Faction { faction },
        None => Viewer::Spectator,
    }
}

/// One row in words for `viewer`, described against the state just before it.
pub(super) fn row_text(
    content: &crate::content::Content,
    state: &State,
    seq: u64,
    row: &Row,
    viewer: Viewer,
) -> RowText {
    let way = match row {
        Row::Command(record) => way_of(content, state, record.by, &record.command),
        _ => None,
    };
    let (kind, by, description, irreversible) = match row {
        Row::Game(_) => ("Game", None, "The game began".to_owned(), false),
        Row::Event(event) => (
            event.kind(),
            None,
            describe_event(content, state, event),
            event.is_irreversible(),
        ),
        Row::Command(record) => (
            "Command",
            Some(record.by),
            describe_command_for(content, state, record.by, &record.command, viewer),
            false,
        ),
        Row::Undone(record) => (
            "Undone",
            Some(record.by),
            format!("undid seq {} to {}", record.from, record.to),
            false,
        ),
        Row::Resigned(record) => (
            "Resigned",
            Some(record.by),
            format!(
                "{} resigned the game",
                crate::rules::faction_name(content, state, record.by)
            ),
            true,
        ),
    };
    RowText {
        seq,
        kind: kind.to_owned(),
        by,
        description,
        irreversible,
        clock: state.clock.clone(),
        affected: match row {
            Row::Event(event) => crate::rules::affected(content, state, event),
            Row::Game(_) | Row::Command(_) | Row::Undone(_) | Row::Resigned(_) => Vec::new(),
        },
        way,
    }
}

/// Where a game stands.
pub(super) fn status(g: &Game<'_>) -> ServiceResult<GameStatus> {
    let (content, session) = (g.content, &*g.session);
    let state = session.history.current();
    let offer = undo_offer(content, session, None);
    Ok(GameStatus {
        game: g.id,
        mode: session.mode,
        head: session.history.head(),
        seats: session.options.seats.clone(),
        awaiting: awaiting(state),
        bots_to_move: bot_to_act(&session.history, &session.options).is_some(),
        prompt: serde_json::to_value(prompt(content, state))?,
        outcome: outcome(state).map(serde_json::to_value).transpose()?,
        undo: offer.as_ref().ok().cloned(),
        undo_refused: offer.err(),
        score: score_of(&session.history, &session.options),
        daily: session.options.daily.clone(),
        watched: session.watched,
    })
}

/// The rows appended after `head` and where the game stands now.
pub(super) fn submitted(g: &Game<'_>, head: u64) -> ServiceResult<Submitted> {
    Ok(Submitted {
        rows: describe_rows(g, head),
        status: status(g)?,
    })
}

/// Describes the rows after `from` (each against the state just before it), for the game's
/// reader.
pub(super) fn describe_rows(g: &Game<'_>, from: u64) -> Vec<RowText> {
    let (content, session) = (g.content, &*g.session);
    let history = &session.history;
    let viewer = reader(session);
    let mut state: State = history.state_at(content, from);
    let mut out = Vec::new();
    for (index, row) in history.rows().iter().enumerate().skip(from as usize) {
        let seq = index as u64 + 1;
        if let Row::Undone(_) = row {
            state = history.state_at(content, seq);
        }
        out.push(row_text(content, &state, seq, row, viewer));
        if let Row::Event(event) = row {
            evolve(content, &mut state, event);
        }
    }
    out
}
