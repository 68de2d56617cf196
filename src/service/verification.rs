//! Verifying a game: its versions, its hash chain and end, and a full replay that proves the
//! game as well as its moves. The first row must fix the game (versions, seed, undo mode,
//! seats and set-up) as its record or file header says; every recorded command is re-decided
//! and must reproduce, row for row, the recorded events and the state hash it was decided on;
//! every bot command (and every suggestion taken) is re-derived by running that bot on its
//! seat's view and must be the command recorded; every undo must be one the game's undo policy
//! allows its person; and the conservation invariants must hold after every event. Bot commands
//! are re-derived only when the game was started with this Warwick's bots
//! ([`crate::bots::BOTS_VERSION`]): other bots may choose otherwise, so a game played by older
//! (or unrecorded) bots is checked by the rules alone and the result says so, rather than
//! calling its bot moves forged. Works the same on a game in SQLite and on a log file. Must not
//! write anything.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::{BOTS_VERSION, BotKind, Meter};
use crate::content::Content;
use crate::rules::{Event, FactionIdx, decide, initial_state, invariants, start, state_hash};
use crate::store::{GameId, GameRecord, StoredEvent};

use super::bot_seat;
use super::core::{Service, check_game_row, options_of};
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::{GameOptions, Mode, SeatPlayer};
use super::play::bot_to_act;
use super::records::{Row, UndoneRecord};
use super::resign::resign_refused;
use super::undo::undo_policy;
use super::versions::refuse_versions;
use super::work::{Check, PER_UNDO, Stopped, budget_for};

/// What a verification found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Verified {
    /// The game (0 for a file not imported).
    #[ts(type = "number")]
    pub game: GameId,
    /// Rows checked.
    #[ts(type = "number")]
    pub rows: u64,
    /// Commands re-decided.
    #[ts(type = "number")]
    pub commands: u64,
    /// Of those, bot commands re-derived from the bot.
    #[ts(type = "number")]
    pub bot_commands: u64,
    /// Undo rows.
    #[ts(type = "number")]
    pub undos: u64,
    /// The undo mode the game was played in (a daily's is always `challenge`).
    pub mode: Mode,
    /// The state hash at the end.
    pub final_state_hash: String,
    /// Whether the bots' part (their commands, the suggestions taken) was re-derived.
    pub bots: BotsChecked,
    /// What was checked, in words.
    pub checked: String,
}

/// How far a verification re-checked the bots' part of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export)]
pub enum BotsChecked {
    /// Every bot command and every suggestion taken was re-derived from this Warwick's bots
    /// and is the one recorded (or the game has none yet).
    Rederived,
    /// The game was started with other bots than this Warwick's, so their choices cannot be
    /// re-derived: the rules re-decided every command, but who chose the bots' commands and
    /// the suggestions taken is not proven. Not a forgery: an honest game played by older bots
    /// reads so.
    OtherVersion {
        /// The bots' version the game was started with; `None` when the game was made before
        /// Warwick recorded it.
        played: Option<u32>,
        /// This Warwick's bots' version.
        here: u32,
        /// Bot commands and suggestions taken that were not re-derived.
        #[ts(type = "number")]
        unchecked: u64,
    },
}

impl BotsChecked {
    /// What a verification with this bots' part checked, in a player's words.
    pub fn words(&self, commands: u64) -> String {
        match self {
            BotsChecked::Rederived => format!(
                "The rules re-decided every command ({commands}) and every bot move was \
                 re-derived from the bots: the game is proven."
            ),
            BotsChecked::OtherVersion {
                played,
                here,
                unchecked,
            } => {
                let played = match played {
                    Some(version) => format!("This game was played by bots of version {version}"),
                    None => {
                        "This game was made before Warwick recorded its bots' version".to_owned()
                    }
                };
                format!(
                    "{played}; this Warwick's bots are version {here}, so their {unchecked} \
                     moves (bot moves and suggestions taken) cannot be re-checked. The \
                     rules re-decided every command ({commands}) and they hold: every move is \
                     legal, but which moves the bots chose is not proven."
                )
            }
        }
    }
}

/// A request naming a game.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct GameRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
}

impl Service {
    /// Verifies a stored game: versions, chain, end, and a full replay.
    pub fn verify(&self, game: GameId) -> ServiceResult<Verified> {
        self.verify_with(game, &Check::default())
    }

    /// [`Service::verify`] under `check`.
    pub fn verify_with(&self, game: GameId, check: &Check) -> ServiceResult<Verified> {
        let content = self.content()?;
        let (record, rows) = self.with_db(|log| {
            let record = log.game(game)?;
            if let Some(reason) = refuse_versions(
                record.rules_version,
                None,
                &record.content_hash,
                &self.content_hash,
            ) {
                return Err(ServiceError::Version(format!("game {game}: {reason}")));
            }
            log.verify_chain(game)?;
            Ok((record, log.events(game)?))
        })?;
        let (mut verified, _) = replay_check(content, &record, &rows, check)?;
        verified.game = game;
        Ok(verified)
    }
}

/// Replays rows by re-deciding every command, re-deriving every bot command and re-checking
/// every undo, against the game `record` describes (a stored game or a log file's header).
/// The chain must already have been checked.
pub(super) fn replay_check(
    content: &Content,
    record: &GameRecord,
    rows: &[StoredEvent],
    check: &Check,
) -> ServiceResult<(Verified, History)> {
    let broken = |seq: u64, reason: String| ServiceError::Verify(format!("at seq {seq}: {reason}"));
    let (options, mode) = options_of(record)?;
    options
        .check()
        .map_err(|reason| ServiceError::Verify(format!("the game's seats and set-up: {reason}")))?;
    super::dailies::check_daily(&options, mode, record.rules_version, &record.content_hash)
        .map_err(ServiceError::Verify)?;
    if options.setup.seed != record.seed {
        return Err(ServiceError::Verify(
            "the set-up's seed differs from the game's seed".to_owned(),
        ));
    }
    if options.setup.rules_version != record.rules_version {
        return Err(ServiceError::Verify(format!(
            "the set-up is of rules version {}, but the game claims rules version {}",
            options.setup.rules_version, record.rules_version
        )));
    }
    let decoded = super::core::decode_rows(rows)?;
    if !matches!(decoded.first(), Some(Row::Game(_))) {
        return Err(broken(
            1,
            "a game's first row must be the game itself (who plays, the undo mode and the \
             set-up); this log does not start with it"
                .to_owned(),
        ));
    }
    let (_, setup_events) = start(content, &options.setup)?;
    let mut history = History::new(initial_state(content, &options.setup));
    let mut expected: VecDeque<Event> = setup_events.into();
    let mut tally = Tally::default();
    let mut memories = bot_seat::Memories::default();
    // Only bots that choose as the game's bots can re-derive their choices.
    let rederive = options.bots_rederived();
    let bots: Vec<Option<BotKind>> = (0..options.seats.len())
        .map(|seat| options.bot_tier(seat as FactionIdx).map(|(tier, _)| tier))
        .collect();
    // The work grows with the rounds the log reaches (a log's size shows as it goes).
    let mut work = check.work(budget_for(bots.iter().copied(), 1));
    let stopped = |stop: Stopped| match stop {
        Stopped::Cancelled => ServiceError::Cancelled(stop.to_string()),
        Stopped::OverBudget { .. } | Stopped::OverCap { .. } => {
            ServiceError::Verify(format!("the log cannot be checked: {stop}"))
        }
    };
    for (index, row) in decoded.into_iter().enumerate() {
        let seq = index as u64 + 1;
        work.grow(
            budget_for(bots.iter().copied(), history.current().clock.round)
                .saturating_add((tally.undos + 1).saturating_mul(PER_UNDO)),
            check,
        );
        work.spend(1).map_err(stopped)?;
        match &row {
            Row::Game(_) => {}
            Row::Event(event) => match expected.pop_front() {
                Some(decided) => {
                    if let Some(difference) = difference(event, &decided) {
                        return Err(broken(seq, difference));
                    }
                }
                None => {
                    return Err(broken(
                        seq,
                        format!("{} is an event no command produced", event.kind()),
                    ));
                }
            },
            Row::Command(_) | Row::Undone(_) | Row::Resigned(_) if !expected.is_empty() => {
                let missing = expected.front().map_or("", |e| e.kind());
                return Err(broken(
                    seq,
                    format!("the rules produce {missing} before this row, but the log lacks it"),
                ));
            }
            Row::Command(_) | Row::Undone(_) | Row::Resigned(_)
                if !invariants::holds(content, history.current()) =>
            {
                return Err(broken(seq, conservation_broken(content, history.current())));
            }
            Row::Command(command) => {
                let state = history.current();
                if state_hash(state) != command.state {
                    return Err(broken(
                        seq,
                        "the replay reaches a different state than the one the command was \
                         decided on"
                            .to_owned(),
                    ));
                }
                let given_up = || work.given_up();
                let meter = Meter::new(work.left(), &given_up);
                let cost = check_who_played(
                    content,
                    &history,
                    &options,
                    command.by,
                    &command.command,
                    rederive.then_some(&mut memories),
                    &meter,
                );
                // A search the check stopped chose nothing that counts: the work decides.
                let ran_out = meter.stopped();
                work.spend(cost.as_ref().map_or(0, |c| c.0))
                    .map_err(stopped)?;
                if ran_out {
                    work.spend(work.left() + 1).map_err(stopped)?;
                }
                let decided = cost.map_err(|reason| broken(seq, reason))?.1;
                // A command marked as the advice taken must be the advice given there.
                if command.advised && !rederive {
                    tally.unchecked += 1;
                } else if command.advised {
                    let given_up = || work.given_up();
                    let meter = Meter::new(work.left(), &given_up);
                    let advised = super::advice::advise_metered(
                        content,
                        &history,
                        command.by,
                        record.seed,
                        options.bots_version_played(),
                        Some(&meter),
                    );
                    let ran_out = meter.stopped();
                    work.spend(advised.as_ref().map_or(1, |a| a.work))
                        .map_err(stopped)?;
                    if ran_out {
                        work.spend(work.left() + 1).map_err(stopped)?;
                    }
                    if advised.map(|a| a.command).as_ref() != Some(&command.command) {
                        return Err(broken(
                            seq,
                            "the log marks a command as the suggestion taken, but the suggestion \
                             there is another"
                                .to_owned(),
                        ));
                    }
                }
                if options.bot_tier(command.by).is_some() {
                    if rederive {
                        tally.bot_commands += 1;
                    } else {
                        tally.unchecked += 1;
                    }
                }
                // A bot command re-derived was decided by the bot's legality check on this
                // state: the rules' own events for it.
                let decided = match decided {
                    Some(events) => events,
                    None => decide(content, state, command.by, &command.command).map_err(|e| {
                        broken(seq, format!("the rules refuse the recorded command: {e}"))
                    })?,
                };
                expected = decided.into();
                tally.commands += 1;
            }
            Row::Undone(undo) => {
                check_undo(content, &history, &options, mode, undo)
                    .map_err(|reason| broken(seq, reason))?;
                // The state is rebuilt from the nearest snapshot.
                work.spend(super::history::SNAPSHOT_EVERY)
                    .map_err(stopped)?;
                tally.undos += 1;
            }
            Row::Resigned(resigned) => {
                if let Some(reason) = resign_refused(&history, &options, resigned.by) {
                    return Err(broken(
                        seq,
                        format!("a resignation that cannot be: {reason}"),
                    ));
                }
            }
        }
        history
            .push(content, row)
            .map_err(|e| ServiceError::Verify(e.to_string()))?;
        if index == 0 {
            check_game_row(&history, record)?;
        }
    }
    if let Some(missing) = expected.front() {
        return Err(broken(
            rows.len() as u64 + 1,
            format!(
                "the log ends before {}, which the last command produces: it was truncated",
                missing.kind()
            ),
        ));
    }
    if !invariants::holds(content, history.current()) {
        return Err(broken(
            rows.len() as u64,
            conservation_broken(content, history.current()),
        ));
    }
    let bots = if rederive || tally.unchecked == 0 {
        BotsChecked::Rederived
    } else {
        BotsChecked::OtherVersion {
            played: options.bots_version,
            here: BOTS_VERSION,
            unchecked: tally.unchecked,
        }
    };
    let verified = Verified {
        game: 0,
        rows: rows.len() as u64,
        commands: tally.commands,
        bot_commands: tally.bot_commands,
        undos: tally.undos,
        mode,
        final_state_hash: state_hash(history.current()),
        checked: bots.words(tally.commands),
        bots,
    };
    Ok((verified, history))
}

/// What is wrong when the conservation invariants do not hold.
fn conservation_broken(content: &Content, state: &crate::rules::State) -> String {
    format!(
        "the game no longer holds together before this row: {}",
        invariants::check(content, state).join("; ")
    )
}

/// Counts of what a verification checked.
#[derive(Default)]
struct Tally {
    commands: u64,
    bot_commands: u64,
    /// Bot commands and suggestions taken not re-derived (the game's bots are not these).
    unchecked: u64,
    undos: u64,
}

/// Why the seat `by` could not have given `command` at the end of `history`, if it could not
/// (else the work re-deriving it cost, with the command's events when re-deriving it decided
/// them):
/// a seat of the game; a bot only when the service would have let that bot act then, and
/// (given the bots' `memories`, when these are the game's bots) only the very command that bot
/// chooses there.
fn check_who_played(
    content: &Content,
    history: &History,
    options: &GameOptions,
    by: crate::rules::FactionIdx,
    command: &crate::rules::Command,
    memories: Option<&mut bot_seat::Memories>,
    meter: &Meter<'_>,
) -> Result<(u64, Option<Vec<Event>>), String> {
    match options.seats.get(usize::from(by)) {
        None => Err(format!(
            "the command is given by seat {by}, which the game does not have"
        )),
        Some(SeatPlayer::Human) => Ok((0, None)),
        Some(SeatPlayer::Bot { tier, seed }) => {
            if bot_to_act(history, options) != Some(by) {
                return Err(format!(
                    "the log has bot seat {by} give a command when it was not that bot's turn \
                     to act"
                ));
            }
            let Some(memories) = memories else {
                return Ok((0, None));
            };
            let bot_seat::Chosen {
                command: chosen,
                events,
                work,
            } = bot_seat::choose_decided(
                content,
                history,
                bot_seat::BotSeat {
                    seat: by,
                    kind: *tier,
                    seed: *seed,
                    version: options.bots_version_played(),
                },
                memories,
                Some(meter),
            );
            if chosen.as_ref() == Some(command) {
                Ok((work, events))
            } else {
                Err(format!(
                    "the log has bot seat {by} ({}) give {}, but that bot chooses {} here: a \
                     bot's command must be the bot's own",
                    tier.key(),
                    command.kind(),
                    chosen.as_ref().map_or("nothing", |c| c.kind())
                ))
            }
        }
    }
}

/// Why an undo row breaks the game's undo policy, if it does.
fn check_undo(
    content: &Content,
    history: &History,
    options: &GameOptions,
    mode: Mode,
    undo: &UndoneRecord,
) -> Result<(), String> {
    if options.seats.get(usize::from(undo.by)) != Some(&SeatPlayer::Human) {
        return Err(format!(
            "the undo is asked for by seat {}, which is not played by a person: only the \
             person takes back moves",
            undo.by
        ));
    }
    undo_policy(content, mode, history, undo.by, Some(undo.from))
        .map(|_| ())
        .map_err(|reason| format!("the undo breaks the game's undo policy: {reason}"))
}

/// How a recorded event differs from the one the rules produce, naming the first field that
/// differs; `None` when they are the same.
fn difference(recorded: &Event, decided: &Event) -> Option<String> {
    let (Ok(a), Ok(b)) = (
        serde_json::to_value(recorded),
        serde_json::to_value(decided),
    ) else {
        return Some("the event cannot be compared".to_owned());
    };
    if a == b {
        return None;
    }
    if recorded.kind() != decided.kind() {
        return Some(format!(
            "the log records {} but the rules produce {} here",
            recorded.kind(),
            decided.kind()
        ));
    }
    let (path, ours, theirs) = first_difference(&a, &b, String::new());
    Some(format!(
        "the log's {} differs from what the rules produce in `{}`: the log has {}, the rules \
         give {}",
        recorded.kind(),
        path.trim_start_matches('.'),
        shorten(&ours),
        shorten(&theirs)
    ))
}

/// The path of the first value that differs between `a` and `b`, with both values there.
fn first_difference(
    a: &serde_json::Value,
    b: &serde_json::Value,
    path: String,
) -> (String, serde_json::Value, serde_json::Value) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for key in keys {
                let (u, v) = (
                    x.get(key).unwrap_or(&Value::Null),
                    y.get(key).unwrap_or(&Value::Null),
                );
                if u != v {
                    return first_difference(u, v, format!("{path}.{key}"));
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                if u != v {
                    return first_difference(u, v, format!("{path}[{i}]"));
                }
            }
        }
        _ => {}
    }
    (
        if path.is_empty() {
            "(the whole event)".to_owned()
        } else {
            path
        },
        a.clone(),
        b.clone(),
    )
}

/// A value for a message, cut short if long.
fn shorten(value: &serde_json::Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= 80 {
        text
    } else {
        format!("{}…", text.chars().take(80).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_differing_event_names_the_field() {
        let a = serde_json::json!({"type": "NobleMoved", "noble": "neville", "to": {"area": "a1"}});
        let b = serde_json::json!({"type": "NobleMoved", "noble": "neville", "to": {"area": "a2"}});
        let (path, x, y) = first_difference(&a, &b, String::new());
        assert_eq!(path, ".to.area");
        assert_eq!((x, y), (serde_json::json!("a1"), serde_json::json!("a2")));
    }
}
