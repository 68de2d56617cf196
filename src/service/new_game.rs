//! What a new game is made of: the undo mode, who sits in each seat (a person or a bot with
//! its tier and seed), the set-up choice and the seed; and [`GameOptions`], the JSON kept in the
//! game's row and a log file's header. Must not start the game (that is [`super::play`]).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::{BOTS_VERSION, BotKind};
use crate::rules::{FactionIdx, Setup, SetupKind};

use super::error::{ServiceError, ServiceResult};

/// The undo policy of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Mode {
    /// Undo to any earlier decision of the player.
    Casual,
    /// Never undo across an event that revealed information or used randomness.
    Challenge,
}

impl Mode {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Casual => "casual",
            Mode::Challenge => "challenge",
        }
    }

    /// Reads a stored name.
    pub fn parse(text: &str) -> Option<Mode> {
        match text {
            "casual" => Some(Mode::Casual),
            "challenge" => Some(Mode::Challenge),
            _ => None,
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[ts(export)]
pub enum SeatPlayer {
    /// A person using the app.
    Human,
    /// A computer player.
    Bot {
        /// The bot's tier.
        tier: BotKind,
        /// Its seed.
        #[ts(type = "number")]
        seed: u64,
    },
}

/// Which set-up to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SetupChoice {
    /// Pre-set Faction cards.
    Preset,
    /// The controlled-random set-up.
    ControlledRandom,
}

/// A request to create a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct NewGame {
    /// The undo policy.
    pub mode: Mode,
    /// One per seat, clockwise; 2–5 seats.
    pub seats: Vec<SeatPlayer>,
    /// Pre-set or controlled random.
    pub setup: SetupChoice,
    /// The 2-player variant (2 seats only); defaults to on for 2 seats.
    #[serde(default)]
    pub two_player_variant: Option<bool>,
    /// The optional time limit in rounds.
    #[serde(default)]
    pub time_limit_rounds: Option<u32>,
    /// The game's seed.
    #[ts(type = "number")]
    pub seed: u64,
}

impl NewGame {
    /// A game of `players` seats: a person in `human` (if any), random bots elsewhere.
    pub fn bots_around(players: u8, human: Option<FactionIdx>, mode: Mode, seed: u64) -> Self {
        let seats = (0..players)
            .map(|seat| {
                if Some(seat) == human {
                    SeatPlayer::Human
                } else {
                    SeatPlayer::Bot {
                        tier: BotKind::Random,
                        seed: seed.wrapping_add(u64::from(seat) + 1),
                    }
                }
            })
            .collect();
        Self {
            mode,
            seats,
            setup: SetupChoice::Preset,
            two_player_variant: None,
            time_limit_rounds: None,
            seed,
        }
    }

    /// The options to store: the seats and the rules' set-up.
    pub fn options(&self) -> ServiceResult<GameOptions> {
        let players = u8::try_from(self.seats.len())
            .ok()
            .filter(|n| (2..=5).contains(n))
            .ok_or_else(|| {
                ServiceError::BadRequest(format!(
                    "a game has 2 to 5 seats, not {}",
                    self.seats.len()
                ))
            })?;
        if let Some(rounds) = self.time_limit_rounds
            && !(1..=MAX_TIME_LIMIT_ROUNDS).contains(&rounds)
        {
            return Err(ServiceError::BadRequest(format!(
                "a time limit is 1 to {MAX_TIME_LIMIT_ROUNDS} rounds, not {rounds}"
            )));
        }
        if self.two_player_variant == Some(true) && players != 2 {
            return Err(ServiceError::BadRequest(format!(
                "the 2-player variant needs 2 seats, not {players}"
            )));
        }
        let mut setup = Setup::new(players, self.seed);
        setup.kind = match self.setup {
            SetupChoice::Preset => SetupKind::Preset,
            SetupChoice::ControlledRandom => SetupKind::ControlledRandom,
        };
        if let Some(variant) = self.two_player_variant {
            setup.two_player_variant = variant;
        }
        setup.time_limit_rounds = self.time_limit_rounds;
        let options = GameOptions {
            seats: self.seats.clone(),
            setup,
            daily: None,
            bots_version: Some(BOTS_VERSION),
        };
        options.check().map_err(ServiceError::BadRequest)?;
        Ok(options)
    }
}

/// The longest name or colour of a seat, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The longest time limit a game may set, in rounds.
pub const MAX_TIME_LIMIT_ROUNDS: u32 = 500;

/// What is stored with a game (and in a log file's header): who sits where, the bots' version
/// and the set-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The rules' set-up (players, seats, kind, variant, time limit, rulings, seed).
    pub setup: Setup,
    /// For a daily challenge: its day, and whether this is the day's scored attempt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<DailyTag>,
    /// The version of the bots the game was started with ([`BOTS_VERSION`]): verification
    /// re-derives bot commands and suggestions only when it is this Warwick's. `None` for a
    /// game made before it was recorded (its bots' version is unknown); left out then, so such
    /// rows read and hash as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots_version: Option<u32>,
}

/// A game that is a day's challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DailyTag {
    /// The UTC day, `YYYY-MM-DD`.
    pub date: String,
    /// True for the day's scored attempt (the first game started on it), false for practice.
    pub scored: bool,
}

impl GameOptions {
    /// Why these options cannot describe a game, if they cannot: one seat per faction of the
    /// set-up, at most one person (Warwick is played by one person against bots), a time limit
    /// of at least one round.
    pub fn check(&self) -> Result<(), String> {
        let players = usize::from(self.setup.players);
        if !(2..=5).contains(&players) {
            return Err(format!("a game has 2 to 5 factions, not {players}"));
        }
        if self.seats.len() != players {
            return Err(format!(
                "the set-up is for {players} factions but {} seats are named",
                self.seats.len()
            ));
        }
        if self.setup.seats.len() != players {
            return Err(format!(
                "the set-up is for {players} factions but names {} seats",
                self.setup.seats.len()
            ));
        }
        if let Some(seat) = self.setup.seats.iter().find(|s| {
            s.name.chars().count() > MAX_NAME_CHARS || s.colour.chars().count() > MAX_NAME_CHARS
        }) {
            return Err(format!(
                "a seat's name and colour are at most {MAX_NAME_CHARS} characters; seat `{}` is \
                 longer",
                seat.name.chars().take(MAX_NAME_CHARS).collect::<String>()
            ));
        }
        let people = self.humans().len();
        if people > 1 {
            return Err(format!(
                "a game has at most one person playing, not {people}: the other seats are bots"
            ));
        }
        if let Some(rounds) = self.setup.time_limit_rounds
            && !(1..=MAX_TIME_LIMIT_ROUNDS).contains(&rounds)
        {
            return Err(format!(
                "a time limit is 1 to {MAX_TIME_LIMIT_ROUNDS} rounds, not {rounds}"
            ));
        }
        Ok(())
    }

    /// The seats played by people.
    pub fn humans(&self) -> Vec<FactionIdx> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i] == SeatPlayer::Human)
            .filter_map(|i| u8::try_from(i).ok())
            .collect()
    }

    /// The bots' version whose choices the game's bots make: the one it recorded when these
    /// bots re-derive it, else this Warwick's ([`crate::bots::BOTS_VERSION`]).
    pub fn bots_version_played(&self) -> u32 {
        self.bots_version
            .filter(|v| crate::bots::bots_version_rederived(*v))
            .unwrap_or(BOTS_VERSION)
    }

    /// Whether these bots make the choices of the bots the game recorded (so its bot commands
    /// can be re-derived); never for a game that recorded none.
    pub fn bots_rederived(&self) -> bool {
        self.bots_version
            .is_some_and(crate::bots::bots_version_rederived)
    }

    /// The tier and seed of a bot seat; `None` for a person.
    pub fn bot_tier(&self, seat: FactionIdx) -> Option<(BotKind, u64)> {
        match self.seats.get(usize::from(seat)) {
            Some(SeatPlayer::Bot { tier, seed }) => Some((*tier, *seed)),
            _ => None,
        }
    }
}
