//! Playing: creating a game, submitting a person's command (with the seq they saw), and
//! letting the bots act in bounded steps until a person must decide. Each command is appended
//! with its events as one transaction. No call does unbounded bot work: each gives the bots at
//! most [`BOT_COMMANDS_PER_CALL`] commands and [`BOT_TIME_PER_CALL`] of time, and says in its
//! status whether they have more to do (`advance` goes on). Must not hold rule logic (the
//! rules decide) nor undo, time travel or what a seat may see (their own files).

use std::time::{Duration, Instant};

use chrono::{SecondsFormat, Utc};

use crate::content::Content;
use crate::rules::state::Pending;
use crate::rules::{
    Command, FactionIdx, awaiting, decide, legal_commands, outcome, start, state_hash,
};
use crate::store::{GameId, GameRecord};

use super::bot_seat;
use super::core::{Game, Service, Session, game_row};
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::{GameOptions, Mode, NewGame, SeatPlayer};
use super::records::{CommandRecord, Row};
use super::seat_view::{GameStatus, Submit, Submitted, status, submitted};
use super::stepwise::StepRequest;
use super::summary::GameSummaryRow;

/// Commands a simulation lets the bots give before calling the game stuck.
pub const MAX_BOT_COMMANDS: usize = 200_000;

/// The most bot commands one call gives before returning (the caller steps on).
pub const BOT_COMMANDS_PER_CALL: usize = 48;

/// The most time one call spends on bot commands before returning (the caller steps on). It
/// bounds how long a call takes, never what the bots choose.
pub const BOT_TIME_PER_CALL: Duration = Duration::from_millis(40);

/// How much bot work a call may do.
#[derive(Clone, Copy, Debug)]
pub(super) struct BotBudget {
    /// Commands at most.
    pub commands: usize,
    /// Time at most, if bounded.
    pub time: Option<Duration>,
    /// Whether the person's card windows where they hold nothing to play pass by themselves
    /// on the way (the UI's setting, see [`empty_window_pass`]), so the bots go on in the
    /// same call.
    pub pass_empty_windows: bool,
}

impl BotBudget {
    /// What one API call may do.
    pub const CALL: BotBudget = BotBudget {
        commands: BOT_COMMANDS_PER_CALL,
        time: Some(BOT_TIME_PER_CALL),
        pass_empty_windows: false,
    };

    /// Exactly `n` commands (or fewer if the bots stop), without a time bound.
    pub fn commands(n: usize) -> BotBudget {
        BotBudget {
            commands: n,
            time: None,
            pass_empty_windows: false,
        }
    }
}

impl Service {
    /// Creates a game, records its set-up, and lets the bots act (at most one call's worth;
    /// the status says whether they have more to do).
    pub fn create_game(&self, request: &NewGame) -> ServiceResult<GameStatus> {
        let game = self.create(request)?;
        self.opened(game)
    }

    /// A game just stored, after the bots' first call's worth of commands: its status. The game
    /// exists from here on, so a busy database must not fail the call (its caller would try
    /// again and make a second game): if the bots' commands cannot be stored now, the status is
    /// the game as stored, and the bots go on at the next call (the status says so).
    pub(super) fn opened(&self, game: GameId) -> ServiceResult<GameStatus> {
        let played = self.with_game(game, |g| {
            run_bots(g, BotBudget::CALL, None)?;
            status(g)
        });
        match played {
            // The failed append left the cached game stale: this reads it again as stored.
            Err(ServiceError::Busy(_)) => self.with_game(game, |g| status(g)),
            other => other,
        }
    }

    /// Creates a game of bots only and plays it to the end (or `max_commands`); returns its
    /// status. For simulations run by the CLI, not for API calls: it is not bounded.
    pub fn simulate(&self, request: &NewGame, max_commands: usize) -> ServiceResult<GameStatus> {
        let game = self.create(request)?;
        self.with_game(game, |g| {
            run_bots(g, BotBudget::commands(max_commands), None)?;
            status(g)
        })
    }

    /// Lets the bots act (at most `max` commands) until a person must decide or the game ends;
    /// returns how many commands they gave. For the CLI; API calls use [`Service::advance`].
    pub fn play_bots(&self, game: GameId, max: usize) -> ServiceResult<usize> {
        self.with_game(game, |g| run_bots(g, BotBudget::commands(max), None))
    }

    /// Gives a person's command, then lets the bots act (at most one call's worth).
    pub fn submit(&self, request: &Submit) -> ServiceResult<Submitted> {
        self.with_game(request.game, |g| {
            let head = person_acts(g, request)?;
            run_bots(g, BotBudget::CALL, None)?;
            submitted(g, head)
        })
    }

    /// Lets the bots act (at most one call's worth) until a person must decide or the game
    /// ends; the status says whether they have more to do. With `pass_empty_windows`, the
    /// person's card windows where they hold nothing to play are passed on the way.
    pub fn advance(&self, request: &StepRequest) -> ServiceResult<Submitted> {
        self.with_game(request.game, |g| {
            let head = expect_head(g.session, request.expected_last_seq)?;
            let budget = BotBudget {
                pass_empty_windows: request.pass_empty_windows,
                ..BotBudget::CALL
            };
            run_bots(g, budget, None)?;
            submitted(g, head)
        })
    }

    /// Stores a new game with its game row and set-up events; returns its id.
    pub(super) fn create(&self, request: &NewGame) -> ServiceResult<GameId> {
        self.create_with(request, request.options()?)
    }

    /// [`Service::create`] with options already made (a daily challenge adds its tag).
    pub(super) fn create_with(
        &self,
        request: &NewGame,
        options: GameOptions,
    ) -> ServiceResult<GameId> {
        self.create_claiming(request, options, None)
    }

    /// [`Service::create_with`]; with `scored_day`, the game is that day's scored attempt and
    /// takes the day's row in the same transaction (refused, nothing stored, when another
    /// game holds it: `StoreError::DailyTaken`).
    pub(super) fn create_claiming(
        &self,
        request: &NewGame,
        options: GameOptions,
        scored_day: Option<&str>,
    ) -> ServiceResult<GameId> {
        let record = GameRecord {
            id: 0,
            created: Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
            rules_version: options.setup.rules_version,
            content_hash: self.content_hash.clone(),
            seed: request.seed,
            mode: request.mode.as_str().to_owned(),
            options: serde_json::to_value(&options)?,
            parent: None,
        };
        self.store_new(record, options, request.mode, scored_day)
    }

    /// Stores a new (not branched) game: its game row, set-up events and summary in one
    /// transaction (with the day's row for a scored daily), and caches it.
    pub(super) fn store_new(
        &self,
        record: GameRecord,
        options: GameOptions,
        mode: Mode,
        scored_day: Option<&str>,
    ) -> ServiceResult<GameId> {
        let content = self.content()?;
        let (_, events) = start(content, &options.setup)?;
        let mut history = History::new(crate::rules::initial_state(content, &options.setup));
        let mut rows = vec![game_row(&record, &options, mode)];
        rows.extend(events.into_iter().map(Row::Event));
        let encoded = rows
            .iter()
            .map(Row::encode)
            .collect::<Result<Vec<_>, _>>()?;
        for row in rows {
            history
                .push(content, row)
                .map_err(|e| ServiceError::Verify(e.to_string()))?;
        }
        let mut session = Session {
            record,
            options,
            mode,
            history,
            memories: Default::default(),
            watched: false,
        };
        let summary = GameSummaryRow::of(content, &self.content_hash, &session).encode()?;
        // The game, its first rows and its summary in one transaction: all or nothing.
        let (game, _) = self.with_db(|log| {
            Ok(match scored_day {
                Some(date) => log.create_scored_daily(&session.record, &encoded, &summary, date)?,
                None => log.create_game_with_summary(&session.record, &encoded, &summary)?,
            })
        })?;
        session.record.id = game;
        self.cache_session(game, session)?;
        Ok(game)
    }
}

/// Decides one command and appends it with its events (one transaction).
pub(super) fn play(
    g: &mut Game<'_>,
    by: FactionIdx,
    command: &Command,
) -> ServiceResult<CommandTiming> {
    play_advised(g, by, command, false)
}

/// [`play`], recording whether the command was the advice the person asked for.
pub(super) fn play_advised(
    g: &mut Game<'_>,
    by: FactionIdx,
    command: &Command,
    advised: bool,
) -> ServiceResult<CommandTiming> {
    let content = g.content;
    let state = g.session.history.current();
    let started = Instant::now();
    let events = decide(content, state, by, command).map_err(|error| ServiceError::Refused {
        message: crate::rules::describe_error(content, state, &error),
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
        advised,
    }));
    #[cfg(debug_assertions)]
    let last = events.last().cloned();
    rows.extend(events.into_iter().map(Row::Event));
    let appended = g.append(rows)?;
    // Every card, Royal, Noble and ship in exactly one place after every command (debug
    // builds; verification checks the same in every build).
    #[cfg(debug_assertions)]
    if let Some(last) = &last {
        crate::rules::invariants::debug_assert_hold(content, g.session.history.current(), last);
    }
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
pub(super) fn person_acts(g: &mut Game<'_>, request: &Submit) -> ServiceResult<u64> {
    let head = expect_head(g.session, request.expected_last_seq)?;
    if g.session.options.seats.get(usize::from(request.by)) != Some(&SeatPlayer::Human) {
        return Err(ServiceError::NotYours(format!(
            "seat {} is not played by a person",
            request.by
        )));
    }
    let advised = request.advised == Some(true);
    if advised {
        let seed = g.session.record.seed;
        let suggested = super::advice::advise(
            g.content,
            &g.session.history,
            request.by,
            seed,
            g.session.options.bots_version_played(),
        );
        if suggested.map(|a| a.command).as_ref() != Some(&request.command) {
            return Err(ServiceError::NotYours(
                "that is not the suggested command: ask for advice again".to_owned(),
            ));
        }
    }
    play_advised(g, request.by, &request.command, advised)?;
    Ok(head)
}

/// The bot seat that acts next at the end of `history`: the first awaited seat when a bot
/// and no person is awaited and the game goes on. Verification asks the same question.
pub(super) fn bot_to_act(history: &History, options: &GameOptions) -> Option<FactionIdx> {
    let state = history.current();
    if outcome(state).is_some() {
        return None;
    }
    let waiting = awaiting(state);
    let humans = options.humans();
    if waiting.iter().any(|f| humans.contains(f)) {
        return None;
    }
    waiting
        .iter()
        .copied()
        .find(|&f| options.bot_tier(f).is_some())
}

/// The person, when they are awaited in a card window where their answer changes nothing
/// that they could not change at another moment, so the window passes by itself (the UI's
/// setting): in a bot's turn, a window every faction is asked in (before an Event,
/// Parliament's attendance, politicking) where, beside Pass, they could give only what they may
/// give at any time, in a bot's turn as in their own (cards from hand, transfers, Royals, offers and reveals: 19.18,
/// 20.05, 21.01, 19.02, 17.10, 17.11); or their battle's or siege's card window, or a window of
/// their own turn, when beside Pass they could give only offers (nothing to add, 10.15). The bots stop for
/// the person where their reaction changes something: their battle with cards to add, an
/// offer made to them, a choice of theirs. The UI's `nothingToPlay` (ui/src/game/turn.ts) asks
/// the same of the commands it lists.
pub(super) fn empty_window_pass(content: &Content, session: &Session) -> Option<FactionIdx> {
    let state = session.history.current();
    let person = session.person()?;
    if outcome(state).is_some() || !awaiting(state).contains(&person) {
        return None;
    }
    let others_turn = state.clock.active != person;
    let can_wait: fn(&Command) -> bool = match state.pending.last()? {
        Pending::Attack(attack) if attack.window.is_some() => is_offer,
        Pending::EventReaction { .. }
        | Pending::Parliament { .. }
        | Pending::Politicking { .. }
            if others_turn =>
        {
            |c| is_offer(c) || is_any_time(c)
        }
        Pending::EventReaction { .. }
        | Pending::Parliament { .. }
        | Pending::Politicking { .. } => is_offer,
        _ => return None,
    };
    let legal = legal_commands(content, state, person);
    let passes = legal.contains(&Command::Pass);
    (passes && legal.iter().all(|c| *c == Command::Pass || can_wait(c))).then_some(person)
}

/// What a faction may do at any time, in another's turn as in its own (19.18, 20.05, 17.10,
/// 17.11, 11.10): the UI's `ANY_TIME_TYPES`.
fn is_any_time(command: &Command) -> bool {
    matches!(
        command,
        Command::PlayNoble { .. }
            | Command::AwardCard { .. }
            | Command::ReplaceBishop { .. }
            | Command::ExecuteRoyal { .. }
            | Command::ReallocateRoyal { .. }
            | Command::ExecuteCaptive { .. }
    )
}

/// Negotiation and card passing between factions (the UI's `OFFER_TYPES`).
fn is_offer(command: &Command) -> bool {
    matches!(
        command,
        Command::OfferRansom { .. }
            | Command::OfferRansomKeeping { .. }
            | Command::OfferGift { .. }
            | Command::ProposeAlliance { .. }
            | Command::ProposeAllianceExecuting { .. }
            | Command::LeaveAlliance
            | Command::RevealCards { .. }
            | Command::HandOverPlace { .. }
            | Command::HandOverShip { .. }
            | Command::OfferTrade { .. }
            | Command::TransferCard { .. }
            | Command::ExchangeCards { .. }
            | Command::MoveOffice { .. }
            | Command::ProposeForce { .. }
            | Command::RequestShipLoan { .. }
    )
}

/// The most empty card windows of the person's passed after a call's budget has run out.
const TRAILING_PASSES: usize = 4;

/// Lets bots act while one of them is awaited and no person is, within `budget`. With
/// `timings`, records how long each command took (decide + append + evolve). With
/// `pass_empty_windows`, a call never ends at an empty card window of the person's: one met as
/// the budget runs out is passed all the same (a pass decides nothing; a few at most).
pub(super) fn run_bots(
    g: &mut Game<'_>,
    budget: BotBudget,
    timings: Option<&mut Vec<CommandTiming>>,
) -> ServiceResult<usize> {
    let done = run_bots_within(g, budget, timings)?;
    if budget.pass_empty_windows {
        for _ in 0..TRAILING_PASSES {
            let Some(person) = empty_window_pass(g.content, g.session) else {
                break;
            };
            play(g, person, &Command::Pass)?;
        }
    }
    Ok(done)
}

/// [`run_bots`] within its budget.
fn run_bots_within(
    g: &mut Game<'_>,
    budget: BotBudget,
    mut timings: Option<&mut Vec<CommandTiming>>,
) -> ServiceResult<usize> {
    let started = Instant::now();
    for done in 0..budget.commands {
        if budget.time.is_some_and(|t| started.elapsed() >= t) {
            return Ok(done);
        }
        let Some(bot) = bot_to_act(&g.session.history, &g.session.options) else {
            if budget.pass_empty_windows
                && let Some(person) = empty_window_pass(g.content, g.session)
            {
                play(g, person, &Command::Pass)?;
                continue;
            }
            return Ok(done);
        };
        let Some(seat) = bot_seat::BotSeat::of(&g.session.options, bot) else {
            return Ok(done);
        };
        let command =
            bot_seat::choose(g.content, &g.session.history, seat, &mut g.session.memories)
                .ok_or_else(|| {
                    ServiceError::Stuck(format!(
                        "seat {bot} is awaited at seq {} but has no legal command",
                        g.session.history.head()
                    ))
                })?;
        let timing = play(g, bot, &command)?;
        if let Some(timings) = timings.as_deref_mut() {
            timings.push(timing);
        }
    }
    Ok(budget.commands)
}

/// Whether a command, once given, could be undone (before anything else happens).
pub(super) fn could_undo(
    content: &Content,
    mode: Mode,
    state: &crate::rules::State,
    by: FactionIdx,
    command: &Command,
) -> bool {
    match mode {
        Mode::Casual => true,
        Mode::Challenge => decide(content, state, by, command)
            .is_ok_and(|events| !events.iter().any(|e| e.is_irreversible())),
    }
}

impl Service {
    /// Plays a game to its end with a bot of `tier` (seeded with `seed`) choosing for the
    /// person, its choices recorded as the person's: for the CLI's `--autoplay`, tests and
    /// benchmarks, not for API calls (it is not bounded). Returns the final status.
    pub fn autoplay(
        &self,
        game: GameId,
        tier: crate::bots::BotKind,
        seed: u64,
    ) -> ServiceResult<GameStatus> {
        self.with_game(game, |g| {
            let person = g.session.person();
            for _ in 0..MAX_BOT_COMMANDS {
                run_bots(g, BotBudget::commands(MAX_BOT_COMMANDS), None)?;
                let state = g.session.history.current();
                let Some(person) =
                    person.filter(|p| state.outcome.is_none() && awaiting(state).contains(p))
                else {
                    break;
                };
                let seat = bot_seat::BotSeat {
                    seat: person,
                    kind: tier,
                    seed,
                    version: g.session.options.bots_version_played(),
                };
                let command =
                    bot_seat::choose(g.content, &g.session.history, seat, &mut g.session.memories)
                        .ok_or_else(|| {
                            ServiceError::Stuck(format!(
                                "the person's seat {person} has nothing to do"
                            ))
                        })?;
                play(g, person, &command)?;
            }
            status(g)
        })
    }
}
