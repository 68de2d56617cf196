//! What a new game is made of: the undo mode, who sits in each seat (a person or a bot with
//! its tier and seed), the set-up choice and the seed; and [`GameOptions`], the JSON kept in the
//! game's row and a log file's header. Must not start the game (that is [`super::play`]).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export)]
pub enum SeatPlayer {
    /// A person using the app.
    Human,
    /// A computer player.
    Bot {
        /// The bot's tier: `random` or `normal`.
        tier: String,
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
                        tier: "random".to_owned(),
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
        let mut setup = Setup::new(players, self.seed);
        setup.kind = match self.setup {
            SetupChoice::Preset => SetupKind::Preset,
            SetupChoice::ControlledRandom => SetupKind::ControlledRandom,
        };
        if let Some(variant) = self.two_player_variant {
            setup.two_player_variant = variant;
        }
        setup.time_limit_rounds = self.time_limit_rounds;
        Ok(GameOptions {
            seats: self.seats.clone(),
            setup,
        })
    }
}

/// What is stored with a game (and in a log file's header): who sits where and the set-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOptions {
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The rules' set-up (players, seats, kind, variant, time limit, rulings, seed).
    pub setup: Setup,
}

impl GameOptions {
    /// The seats played by people.
    pub fn humans(&self) -> Vec<FactionIdx> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i] == SeatPlayer::Human)
            .filter_map(|i| u8::try_from(i).ok())
            .collect()
    }

    /// The bot in a seat: its seed, if the seat is a bot's.
    /// The tier and seed of a bot seat; `None` for a person.
    pub fn bot_tier(&self, seat: FactionIdx) -> Option<(&str, u64)> {
        match self.seats.get(usize::from(seat)) {
            Some(SeatPlayer::Bot { tier, seed }) => Some((tier.as_str(), *seed)),
            _ => None,
        }
    }
}
