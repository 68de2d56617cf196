//! [`Table`]: seats bots at a game and plays it one decision at a time, showing each bot only
//! its seat's view. Owns the loop shared by `warwick sim` and the tests; must not time
//! anything (callers time [`Table::choose`]) and must not decide for a bot.

use rand_xoshiro::Xoshiro256PlusPlus;

use std::cell::{OnceCell, RefCell};

use crate::bots::bot::{Bot, Decision, Legal, bot_rng};
use crate::content::Content;
use crate::rules::{
    self, Command, Event, FactionIdx, Outcome, RuleError, Setup, State, View, Viewer,
};

/// Why a game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// The set-up was refused.
    #[error("set-up refused: {0}")]
    Setup(RuleError),
    /// The seats and bots differ in number.
    #[error("{bots} bots for {seats} seats")]
    SeatCount {
        /// Bots given.
        bots: usize,
        /// Seats in the set-up.
        seats: usize,
    },
    /// A faction must decide but has no legal command (an engine gap).
    #[error("faction {faction} must decide but has no legal command")]
    NoLegalCommand {
        /// The faction.
        faction: FactionIdx,
    },
    /// A bot chose a command outside the legal list, or the rules refused a listed one.
    #[error("command {command} by faction {faction} refused: {error}")]
    Refused {
        /// The faction.
        faction: FactionIdx,
        /// The command's kind.
        command: &'static str,
        /// Why.
        error: RuleError,
    },
}

/// One decision due: who decides and what they see. The legal commands are asked lazily
/// through [`LiveLegal`].
#[derive(Clone, Debug)]
pub struct Turn {
    /// The deciding seat.
    pub faction: FactionIdx,
    /// Its view.
    pub view: View,
}

/// A command decided on the live state: the command, its events and the state after them
/// (`None`: unchanged).
type Decided = (Command, Vec<Event>, Option<State>);

/// The legal commands of the live state for the deciding seat, listed only on demand.
/// A single command is decided on the spot (a refused one is judged by the route alone, with
/// no copy of the state), and the last accepted decision is kept so applying that command
/// does not decide it again.
pub struct LiveLegal<'a> {
    content: &'a Content,
    state: &'a State,
    faction: FactionIdx,
    all: OnceCell<Vec<Command>>,
    decided: RefCell<Option<Decided>>,
}

impl<'a> LiveLegal<'a> {
    /// The oracle for `faction` at `state`.
    pub fn new(content: &'a Content, state: &'a State, faction: FactionIdx) -> LiveLegal<'a> {
        LiveLegal {
            content,
            state,
            faction,
            all: OnceCell::new(),
            decided: RefCell::new(None),
        }
    }

    /// How many commands the whole list held, once it was taken (each cost a trial decision).
    pub fn listed(&self) -> Option<usize> {
        self.all.get().map(Vec::len)
    }

    /// The last command `allows` accepted by deciding it, if any.
    fn into_decided(self) -> Option<Decided> {
        self.decided.into_inner()
    }

    /// The events of `command` if it is the last command `allows` accepted by deciding it
    /// (decided in full on this state for this seat, as `rules::decide` would), so a caller
    /// that applies the chosen command need not decide it again.
    pub fn decided_events(self, command: &Command) -> Option<Vec<Event>> {
        self.into_decided()
            .and_then(|(decided, events, _)| (decided == *command).then_some(events))
    }
}

impl Legal for LiveLegal<'_> {
    fn all(&self) -> &[Command] {
        self.all
            .get_or_init(|| rules::legal_commands(self.content, self.state, self.faction))
    }

    fn allows(&self, command: &Command) -> bool {
        match self.all.get() {
            Some(all) => all.binary_search(command).is_ok(),
            None => {
                // Asked again about the command last decided: the same answer, kept.
                if self
                    .decided
                    .borrow()
                    .as_ref()
                    .is_some_and(|(decided, _, _)| decided == command)
                {
                    return true;
                }
                // A refusal costs only the route's judgement (the state is copied at the first
                // event, and a refused command has none); an acceptance is decided once.
                match rules::decide_and_apply(self.content, self.state, self.faction, command) {
                    Ok((events, after)) => {
                        *self.decided.borrow_mut() = Some((command.clone(), events, after));
                        true
                    }
                    Err(_) => false,
                }
            }
        }
    }

    fn sample(&self, rng: &mut Xoshiro256PlusPlus) -> Option<State> {
        Some(rules::determinize(self.state, self.faction, rng))
    }
}

/// A game with a bot in every seat.
pub struct Table<'c> {
    content: &'c Content,
    state: State,
    bots: Vec<Box<dyn Bot>>,
    rngs: Vec<Xoshiro256PlusPlus>,
    /// Commands applied so far.
    pub commands: u64,
    /// Events applied so far (set-up included).
    pub events: u64,
    /// The events of the last command applied (for callers that tell the game as it goes).
    pub last_events: Vec<Event>,
    /// The decision made while the bot chose, on the live state, and by whom.
    decided: Option<(FactionIdx, Decided)>,
}

impl<'c> Table<'c> {
    /// Starts a game; `bots[i]` plays seat `i`.
    pub fn new(
        content: &'c Content,
        setup: &Setup,
        bots: Vec<Box<dyn Bot>>,
    ) -> Result<Table<'c>, ArenaError> {
        if bots.len() != setup.seats.len() {
            return Err(ArenaError::SeatCount {
                bots: bots.len(),
                seats: setup.seats.len(),
            });
        }
        let (state, events) = rules::start(content, setup).map_err(ArenaError::Setup)?;
        let rngs = (0..bots.len())
            .map(|i| bot_rng(setup.seed, i as FactionIdx))
            .collect();
        Ok(Table {
            content,
            state,
            bots,
            rngs,
            commands: 0,
            events: events.len() as u64,
            last_events: Vec::new(),
            decided: None,
        })
    }

    /// Seats bots at a game already under way (a searching player's sample), each with its
    /// own generator.
    pub fn resume(
        content: &'c Content,
        state: State,
        bots: Vec<Box<dyn Bot>>,
        rngs: Vec<Xoshiro256PlusPlus>,
    ) -> Table<'c> {
        Table {
            content,
            state,
            bots,
            rngs,
            commands: 0,
            events: 0,
            last_events: Vec::new(),
            decided: None,
        }
    }

    /// The game state (for the caller's checks; never shown to a bot).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The result, once the game has ended.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }

    /// The decision due now, or `None` when the game is over.
    pub fn next(&self) -> Result<Option<Turn>, ArenaError> {
        let Some(&faction) = rules::awaiting(&self.state).first() else {
            return Ok(None);
        };
        let view = rules::view(self.content, &self.state, Viewer::Faction { faction });
        Ok(Some(Turn { faction, view }))
    }

    /// Asks the seat's bot to choose (the only call a caller should time as "decision").
    /// A bot that answers outside the list is caught by [`Table::apply`].
    pub fn choose(&mut self, turn: &Turn) -> Result<Command, ArenaError> {
        let seat = usize::from(turn.faction);
        let legal = LiveLegal::new(self.content, &self.state, turn.faction);
        let decision = Decision {
            content: self.content,
            me: turn.faction,
            view: &turn.view,
            legal: &legal,
            budget: 0,
            meter: None,
        };
        let chosen = match (self.bots.get_mut(seat), self.rngs.get_mut(seat)) {
            (Some(bot), Some(rng)) => Some(bot.choose(&decision, rng)),
            _ => legal.all().first().cloned(),
        };
        self.decided = legal.into_decided().map(|d| (turn.faction, d));
        chosen.ok_or(ArenaError::NoLegalCommand {
            faction: turn.faction,
        })
    }

    /// Applies a chosen command.
    pub fn apply(&mut self, turn: &Turn, command: &Command) -> Result<(), ArenaError> {
        let (events, after) = match self.decided.take() {
            // Decided on this same state while the bot chose: the same events and result.
            Some((faction, (decided, events, after)))
                if faction == turn.faction && decided == *command =>
            {
                (events, after)
            }
            _ => rules::decide_and_apply(self.content, &self.state, turn.faction, command)
                .map_err(|error| ArenaError::Refused {
                    faction: turn.faction,
                    command: command.kind(),
                    error,
                })?,
        };
        // The decision's working copy is the state evolved with its events.
        if let Some(after) = after {
            self.state = after;
        }
        self.commands += 1;
        self.events += events.len() as u64;
        self.last_events = events;
        Ok(())
    }

    /// Plays one decision; `false` once the game is over.
    pub fn step(&mut self) -> Result<bool, ArenaError> {
        let Some(turn) = self.next()? else {
            return Ok(false);
        };
        let command = self.choose(&turn)?;
        self.apply(&turn, &command)?;
        Ok(true)
    }

    /// Plays until the game ends or `max_commands` commands have been applied.
    pub fn play(&mut self, max_commands: u64) -> Result<Option<&Outcome>, ArenaError> {
        while self.commands < max_commands && self.step()? {}
        Ok(self.outcome())
    }
}
