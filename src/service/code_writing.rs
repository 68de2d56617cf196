//! Writing a finished game's replay code: its identity, the person's choices and its end. Each
//! of the person's commands is written as cheaply as the layout allows: predicted (the
//! predictor, [`PREDICTOR`], would have given it: compact layout only), bare (a command
//! without parameters), listed (its place in the sorted list of their legal commands) or
//! written out; take-backs, advice asked for, choices out of turn and a resignation are marked
//! where they came. Reading a code back is `replay_code.rs`'s. Must not hold rule logic.

use crate::bots::BotKind;
use crate::content::Content;
use crate::rules::{Command, FactionIdx, initial_state, legal_commands, state_hash};

use super::bot_seat;
use super::challenge::{Choice, Claim, CodeGame, CodeSeat, Layout, hash_prefix, score_of};
use super::core::Session;
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::{GameOptions, SetupChoice};
use super::records::Row;

/// The predictor of a code's [`Choice::Predicted`]: the Normal bot in the person's seat, seeded
/// with the game's seed.
pub(super) const PREDICTOR: BotKind = BotKind::Normal;

/// The predictor playing the person's seat `seat` of a game of `options`: seeded with the
/// game's seed, choosing as the game's bots.
pub(super) fn predictor(options: &GameOptions, seat: FactionIdx) -> bot_seat::BotSeat {
    bot_seat::BotSeat {
        seat,
        kind: PREDICTOR,
        seed: options.setup.seed,
        version: options.bots_version_played(),
    }
}

/// The code of a finished game: its identity, the person's choices, and its end.
pub(super) fn encode(
    content: &Content,
    content_hash: &str,
    session: &Session,
    name: Option<String>,
    layout: Layout,
) -> ServiceResult<String> {
    let state = session.history.current();
    if state.outcome.is_none() {
        return Err(ServiceError::BadRequest(
            "a game gets its replay code once it has ended".to_owned(),
        ));
    }
    let options = &session.options;
    let person = options.humans().first().copied();
    let mut replay = History::new(initial_state(content, &options.setup));
    let mut choices = Vec::new();
    // The compact layout, with its predicted choices, for a game whose bots are these.
    let compact = layout == Layout::Compact && options.bots_rederived();
    let mut memories = bot_seat::Memories::default();
    for (index, row) in session.history.rows().iter().enumerate() {
        // A choice made while the person was not awaited (19.18, 21.01: at any time) is
        // marked, so the replay gives it before the bot then awaited acts. A resignation
        // says where it came itself.
        let mine = match row {
            Row::Command(record) => Some(record.by) == person,
            Row::Undone(undo) => Some(undo.by) == person,
            Row::Game(_) | Row::Event(_) | Row::Resigned(_) => false,
        };
        if mine
            && replay.current().outcome.is_none()
            && person.is_some_and(|p| !crate::rules::awaiting(replay.current()).contains(&p))
        {
            choices.push(Choice::OutOfTurn);
        }
        let predicted = |replay: &History, memories: &mut bot_seat::Memories, by: FactionIdx| {
            // Only while the person is awaited, and only for a game whose bots are known
            // (the predictor is one of them).
            (compact && crate::rules::awaiting(replay.current()).contains(&by))
                .then(|| bot_seat::choose(content, replay, predictor(options, by), memories))
                .flatten()
        };
        match row {
            Row::Command(record) if Some(record.by) == person && record.advised => {
                choices.push(Choice::Advised);
            }
            Row::Command(record)
                if Some(record.by) == person
                    && predicted(&replay, &mut memories, record.by).as_ref()
                        == Some(&record.command) =>
            {
                choices.push(Choice::Predicted);
            }
            Row::Command(record) if Some(record.by) == person => {
                choices.push(
                    match Command::PARAMETERLESS
                        .iter()
                        .position(|c| *c == record.command)
                    {
                        Some(bare) => Choice::Bare(bare as u8),
                        None => {
                            let mut legal = legal_commands(content, replay.current(), record.by);
                            legal.sort();
                            match legal.binary_search(&record.command) {
                                Ok(index) => Choice::Listed(index as u32),
                                Err(_) => Choice::Written(serde_json::to_string(&record.command)?),
                            }
                        }
                    },
                );
            }
            Row::Undone(undo) => {
                let back = replay
                    .stack()
                    .iter()
                    .rev()
                    .filter(|b| b.by == Some(undo.by))
                    .position(|b| b.start == undo.from)
                    .ok_or_else(|| {
                        ServiceError::Verify("an undo does not fit the game".to_owned())
                    })?;
                choices.push(Choice::Undo(back as u32 + 1));
            }
            Row::Resigned(_) => choices.push(Choice::Resign(index as u64)),
            Row::Game(_) | Row::Event(_) | Row::Command(_) => {}
        }
        replay
            .push(content, row.clone())
            .map_err(|e| ServiceError::Verify(e.to_string()))?;
    }
    let score = score_of(&session.history, options);
    let seats = options.seats.iter().map(CodeSeat::from).collect();
    let setup = &options.setup;
    let game = CodeGame {
        // The rules the game was created under (an old game's may be older ones).
        rules_version: options.setup.rules_version,
        // The bots that played the game, which a replay needs (an old game's may be others).
        bots_version: options.bots_version,
        content: hash_prefix(content_hash),
        seed: setup.seed,
        mode: session.mode,
        setup: match setup.kind {
            crate::rules::SetupKind::Preset => SetupChoice::Preset,
            crate::rules::SetupKind::ControlledRandom => SetupChoice::ControlledRandom,
        },
        two_player_variant: setup.two_player_variant,
        rounds: setup.time_limit_rounds,
        seats,
        daily: options.daily.clone(),
        choices,
        claim: Claim {
            result: score
                .as_ref()
                .map_or("none".to_owned(), |s| s.result.clone()),
            score: score.map_or(0, |s| s.total),
            round: state.clock.round,
            state: hash_prefix(&state_hash(state)),
        },
        name: name.as_deref().and_then(super::challenge::clean_name),
        layout: if compact {
            Layout::Compact
        } else {
            Layout::Full
        },
    };
    game.encode()
        .map_err(|e| ServiceError::Verify(format!("the code cannot be written: {e}")))
}
