//! The compact layout of a replay code (`W4-`): the same game as a `W2-` code, written in fewer
//! bytes so that a daily's share line fits a chat message. Three things make it short:
//! - the person's choices are one byte each where they can be: a parameterless command is its
//!   own byte, and a choice the predictor (the Normal bot in the person's seat, see
//!   [`Choice::Predicted`]) would have made is a single `Predicted` byte, so a game played
//!   much as the predictor plays is mostly runs of one byte, which deflate folds away;
//! - a bot's seed is written as its distance from the game's seed (a daily's bots are seeded
//!   just after it), a day as its number from the first daily, a result as its place in a
//!   list;
//! - the player's name (if any) is a field of the layout, under the same checksum.
//!
//! Owns the layout and its conversion to and from [`CodeGame`]; the text around it (tag,
//! checksum, deflate, base64) is `code.rs`'s. The layout follows the fields' order: reordering
//! them, or the variants of [`Token`], would misread every shared code (pinned by
//! `src/service/golden/replay-code-w4.json`).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::bots::BotKind;
use crate::service::new_game::{DailyTag, Mode, SetupChoice};

use super::code::{COMPACT_HASH_BYTES, Choice, Claim, CodeGame, CodeSeat};
use super::daily::{FIRST_DAILY, parse_date};

/// The results a claim may name, by their place (see [`super::score::result`]; `none` for a
/// game of bots only).
const RESULTS: [&str; 6] = [
    "royalty",
    "prestige",
    "shared_prestige",
    "minor_prestige",
    "loss",
    "none",
];

/// One choice as the compact layout writes it. Unit variants are one byte; the parameterless
/// commands are in [`crate::rules::Command::PARAMETERLESS`]'s order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Token {
    Predicted,
    EndStep,
    Pass,
    DrawEventCard,
    LaunchAttack,
    CallOffAttack,
    LeaveAlliance,
    AcceptOffer,
    RejectOffer,
    ClaimPrestigeVictory,
    Listed(u32),
    Written(String),
    Undo(u32),
    Advised,
    OutOfTurn,
    Resign(u64),
}

/// The parameterless commands' tokens, in [`crate::rules::Command::PARAMETERLESS`]'s order.
const BARE: [Token; 9] = [
    Token::EndStep,
    Token::Pass,
    Token::DrawEventCard,
    Token::LaunchAttack,
    Token::CallOffAttack,
    Token::LeaveAlliance,
    Token::AcceptOffer,
    Token::RejectOffer,
    Token::ClaimPrestigeVictory,
];

/// A seat: a bot's seed as its distance from the game's seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Seat {
    Person,
    Bot { tier: BotKind, offset: i64 },
}

/// Which game it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Game {
    /// A day's challenge: the day (its number from the first daily) and whether it is the
    /// scored attempt. Its seed, seats, set-up, round limit and mode are the day's, which
    /// follow from the date, the rules version and the content ([`super::daily`]), so they
    /// are not written: reading the code gives placeholders for them until the service fills
    /// them in (`CodeGame::is_day_game`).
    Day { number: u32, scored: bool },
    /// Any other game, as it was set up.
    Own {
        seed: u64,
        mode: Mode,
        setup: SetupChoice,
        two_player_variant: bool,
        rounds: Option<u32>,
        seats: Vec<Seat>,
    },
}

/// The compact layout's fields, in order, but its choices: written as they are (they are
/// mostly seeds and hashes, which do not compress), followed by the choices deflated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Head {
    rules_version: u32,
    bots_version: u32,
    content: [u8; COMPACT_HASH_BYTES],
    game: Game,
    result: u8,
    score: u32,
    round: u32,
    state: [u8; COMPACT_HASH_BYTES],
    name: Option<String>,
}

/// A game in the compact layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Compact {
    head: Head,
    choices: Vec<Token>,
}

/// A game's identity as a code reads it.
struct Identity {
    seed: u64,
    mode: Mode,
    setup: SetupChoice,
    two_player_variant: bool,
    rounds: Option<u32>,
    seats: Vec<CodeSeat>,
    daily: Option<DailyTag>,
}

impl Identity {
    /// What a day's game reads as before the service fills in the day's own.
    fn day_placeholder() -> Identity {
        Identity {
            seed: 0,
            mode: Mode::Challenge,
            setup: SetupChoice::Preset,
            two_player_variant: false,
            rounds: None,
            seats: Vec::new(),
            daily: None,
        }
    }
}

/// The leading bytes of a hash a compact code carries.
fn leading(hash: &[u8; 8]) -> [u8; COMPACT_HASH_BYTES] {
    let mut out = [0; COMPACT_HASH_BYTES];
    out.copy_from_slice(&hash[..COMPACT_HASH_BYTES]);
    out
}

/// A hash's leading bytes as a code's 8, the rest zeros.
fn widened(bytes: [u8; COMPACT_HASH_BYTES]) -> [u8; 8] {
    let mut out = [0; 8];
    out[..COMPACT_HASH_BYTES].copy_from_slice(&bytes);
    out
}

/// The first daily's date.
fn first_day() -> Option<NaiveDate> {
    parse_date(FIRST_DAILY).ok()
}

impl Compact {
    /// The layout of a game, or `None` when it cannot be written compactly (no bots' version,
    /// a day or result it has no place for): it is then written in the full layout.
    pub(super) fn of(game: &CodeGame) -> Option<Compact> {
        let identity = match &game.daily {
            Some(tag) => {
                let day = parse_date(&tag.date).ok()?;
                Game::Day {
                    number: u32::try_from((day - first_day()?).num_days()).ok()?,
                    scored: tag.scored,
                }
            }
            None => Game::Own {
                seed: game.seed,
                mode: game.mode,
                setup: game.setup,
                two_player_variant: game.two_player_variant,
                rounds: game.rounds,
                seats: game
                    .seats
                    .iter()
                    .map(|seat| match seat {
                        CodeSeat::Person => Seat::Person,
                        CodeSeat::Bot { tier, seed } => Seat::Bot {
                            tier: *tier,
                            offset: seed.wrapping_sub(game.seed) as i64,
                        },
                    })
                    .collect(),
            },
        };
        let choices = game
            .choices
            .iter()
            .map(|choice| match choice {
                Choice::Predicted => Some(Token::Predicted),
                Choice::Bare(at) => BARE.get(usize::from(*at)).cloned(),
                Choice::Listed(at) => Some(Token::Listed(*at)),
                Choice::Written(json) => Some(Token::Written(json.clone())),
                Choice::Undo(back) => Some(Token::Undo(*back)),
                Choice::Advised => Some(Token::Advised),
                Choice::OutOfTurn => Some(Token::OutOfTurn),
                Choice::Resign(at) => Some(Token::Resign(*at)),
            })
            .collect::<Option<_>>()?;
        let head = Head {
            rules_version: game.rules_version,
            bots_version: game.bots_version?,
            content: leading(&game.content),
            game: identity,
            result: RESULTS.iter().position(|r| *r == game.claim.result)? as u8,
            score: game.claim.score,
            round: game.claim.round,
            state: leading(&game.claim.state),
            name: game.name.clone(),
        };
        Some(Compact { head, choices })
    }

    /// The layout's bytes: the head, then the choices deflated.
    pub(super) fn write(&self) -> Result<Vec<u8>, postcard::Error> {
        let mut bytes = postcard::to_stdvec(&self.head)?;
        let choices = postcard::to_stdvec(&self.choices)?;
        bytes.extend(miniz_oxide::deflate::compress_to_vec(&choices, 9));
        Ok(bytes)
    }

    /// A game's layout read from its bytes, or `None` when they are no such layout (the
    /// choices inflated to at most `limit` bytes).
    pub(super) fn read(bytes: &[u8], limit: usize) -> Option<Compact> {
        let (head, deflated) = postcard::take_from_bytes::<Head>(bytes).ok()?;
        let choices = miniz_oxide::inflate::decompress_to_vec_with_limit(deflated, limit).ok()?;
        let choices = postcard::from_bytes(&choices).ok()?;
        Some(Compact { head, choices })
    }

    /// The game this layout writes, or `None` when a field holds what no game has.
    pub(super) fn game(self) -> Option<CodeGame> {
        let Compact { head, choices } = self;
        let game = match head.game {
            Game::Day { number, scored } => {
                let day = first_day()?.checked_add_days(chrono::Days::new(u64::from(number)))?;
                Identity {
                    daily: Some(DailyTag {
                        date: day.format("%Y-%m-%d").to_string(),
                        scored,
                    }),
                    ..Identity::day_placeholder()
                }
            }
            Game::Own {
                seed,
                mode,
                setup,
                two_player_variant,
                rounds,
                seats,
            } => Identity {
                seed,
                mode,
                setup,
                two_player_variant,
                rounds,
                seats: seats
                    .into_iter()
                    .map(|seat| match seat {
                        Seat::Person => CodeSeat::Person,
                        Seat::Bot { tier, offset } => CodeSeat::Bot {
                            tier,
                            seed: seed.wrapping_add(offset as u64),
                        },
                    })
                    .collect(),
                daily: None,
            },
        };
        Some(CodeGame {
            rules_version: head.rules_version,
            bots_version: Some(head.bots_version),
            content: widened(head.content),
            seed: game.seed,
            mode: game.mode,
            setup: game.setup,
            two_player_variant: game.two_player_variant,
            rounds: game.rounds,
            seats: game.seats,
            daily: game.daily,
            choices: choices
                .into_iter()
                .map(|token| {
                    Some(match token {
                        Token::Predicted => Choice::Predicted,
                        Token::Listed(at) => Choice::Listed(at),
                        Token::Written(json) => Choice::Written(json),
                        Token::Undo(back) => Choice::Undo(back),
                        Token::Advised => Choice::Advised,
                        Token::OutOfTurn => Choice::OutOfTurn,
                        Token::Resign(at) => Choice::Resign(at),
                        bare => Choice::Bare(BARE.iter().position(|b| *b == bare)? as u8),
                    })
                })
                .collect::<Option<_>>()?,
            claim: Claim {
                result: (*RESULTS.get(usize::from(head.result))?).to_owned(),
                score: head.score,
                round: head.round,
                state: widened(head.state),
            },
            name: head.name,
            layout: super::code::Layout::Compact,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::code::{CODE_TAG, CODE_TAG_COMPACT, CodeError, Layout, hash_prefix};
    use super::*;

    fn daily_game() -> CodeGame {
        let seed = 0x000F_1234_5678_9ABC;
        CodeGame {
            rules_version: 1,
            bots_version: Some(3),
            // A compact code carries the first 4 bytes of each hash (see `hashes_are_cut`).
            content: hash_prefix("149fe62800000000"),
            seed,
            mode: Mode::Challenge,
            setup: SetupChoice::ControlledRandom,
            two_player_variant: false,
            rounds: Some(15),
            seats: vec![
                CodeSeat::Bot {
                    tier: BotKind::Normal,
                    seed: seed + 1,
                },
                CodeSeat::Person,
                CodeSeat::Bot {
                    tier: BotKind::Hard,
                    seed: 7,
                },
            ],
            daily: Some(DailyTag {
                date: "2027-02-03".to_owned(),
                scored: true,
            }),
            choices: [
                vec![Choice::Predicted; 40],
                vec![
                    Choice::Bare(0),
                    Choice::Bare(8),
                    Choice::Listed(300),
                    Choice::Written(r#"{"type":"Pass"}"#.to_owned()),
                    Choice::Undo(2),
                    Choice::Advised,
                    Choice::OutOfTurn,
                    Choice::Predicted,
                ],
                vec![Choice::Predicted; 40],
                vec![Choice::Resign(9_000)],
            ]
            .concat(),
            claim: Claim {
                result: "shared_prestige".to_owned(),
                score: 8_171,
                round: 15,
                state: [9, 8, 7, 6, 0, 0, 0, 0],
            },
            name: Some("Anna".to_owned()),
            layout: Layout::Compact,
        }
    }

    /// [`daily_game`] as a code of it reads: the day's game not written.
    fn daily_game_as_read() -> CodeGame {
        CodeGame {
            seed: 0,
            mode: Mode::Challenge,
            setup: SetupChoice::Preset,
            two_player_variant: false,
            rounds: None,
            seats: Vec::new(),
            ..daily_game()
        }
    }

    #[test]
    fn a_compact_code_reads_back_as_the_game_it_was_written_from() {
        let game = daily_game();
        let code = game.encode().unwrap();
        assert!(code.starts_with(CODE_TAG_COMPACT), "{code}");
        // A day's game is named by its day alone: the rest waits for the service.
        let read = CodeGame::decode(&code).unwrap();
        assert!(read.is_day_game());
        assert_eq!(read, daily_game_as_read());
        assert_eq!(read.encode().unwrap(), code);
        let day = crate::service::NewGame {
            mode: Mode::Challenge,
            seats: vec![crate::service::SeatPlayer::Human],
            setup: SetupChoice::ControlledRandom,
            two_player_variant: None,
            time_limit_rounds: Some(15),
            seed: 5,
        };
        let filled = read.with_day(&day);
        assert_eq!((filled.seed, filled.seats.len()), (5, 1));
        assert_eq!(
            filled.encode().unwrap(),
            code,
            "the day's game is not written"
        );
        // Shorter than the full layout of the same game without its predictions.
        let full = CodeGame {
            choices: game
                .choices
                .iter()
                .map(|c| match c {
                    Choice::Predicted => Choice::Listed(17),
                    other => other.clone(),
                })
                .collect(),
            layout: Layout::Full,
            ..game.clone()
        }
        .encode()
        .unwrap();
        assert!(code.len() < full.len(), "{} vs {}", code.len(), full.len());
        // A game of its own is written whole.
        let own = CodeGame {
            daily: None,
            ..game.clone()
        };
        let read = CodeGame::decode(&own.encode().unwrap()).unwrap();
        assert!(!read.is_day_game());
        assert_eq!(read, own);
        // Every result, and a game without a day or a name, read back too.
        for result in RESULTS {
            let other = CodeGame {
                daily: None,
                name: None,
                claim: Claim {
                    result: result.to_owned(),
                    ..game.claim.clone()
                },
                ..game.clone()
            };
            assert_eq!(CodeGame::decode(&other.encode().unwrap()).unwrap(), other);
        }
    }

    #[test]
    fn what_the_compact_layout_cannot_hold_is_written_in_the_full_one() {
        // No bots' version: the first layout; a result no game has: the full one.
        let old = CodeGame {
            bots_version: None,
            choices: vec![Choice::Bare(1)],
            ..daily_game()
        };
        assert!(Compact::of(&old).is_none());
        let odd = CodeGame {
            claim: Claim {
                result: "victory?".to_owned(),
                ..daily_game().claim
            },
            choices: vec![Choice::Bare(1)],
            ..daily_game()
        };
        assert!(Compact::of(&odd).is_none());
        assert!(odd.encode().unwrap().starts_with("W3-"));
        // A day before the first daily has no number.
        let early = CodeGame {
            daily: Some(DailyTag {
                date: "2026-11-25".to_owned(),
                scored: false,
            }),
            ..daily_game()
        };
        assert!(Compact::of(&early).is_none());
    }

    #[test]
    fn every_change_to_a_compact_code_is_refused() {
        let code = daily_game().encode().unwrap();
        let alphabet: Vec<char> = "AZaz09-_".chars().collect();
        for at in CODE_TAG_COMPACT.len()..code.len() {
            for &c in &alphabet {
                let mut changed: Vec<char> = code.chars().collect();
                if changed[at] == c {
                    continue;
                }
                changed[at] = c;
                let changed: String = changed.into_iter().collect();
                assert!(CodeGame::decode(&changed).is_err(), "{changed}");
            }
        }
        for cut in CODE_TAG_COMPACT.len()..code.len() {
            assert!(CodeGame::decode(&code[..cut]).is_err(), "cut at {cut}");
        }
        // Its body under another layout's tag is no code.
        assert_eq!(
            CodeGame::decode(&code.replacen(CODE_TAG_COMPACT, CODE_TAG, 1)).unwrap_err(),
            CodeError::Damaged
        );
    }

    #[test]
    fn hashes_are_cut_to_their_first_bytes_and_compared_so() {
        let full = CodeGame {
            content: hash_prefix("149fe6286cc240ab52b3137940887557"),
            claim: Claim {
                state: [9, 8, 7, 6, 5, 4, 3, 2],
                ..daily_game().claim
            },
            ..daily_game()
        };
        let read = CodeGame::decode(&full.encode().unwrap()).unwrap();
        assert_eq!(read, daily_game_as_read());
        assert!(read.content_is("149fe6286cc240ab52b3137940887557"));
        assert!(!read.content_is("149fe6296cc240ab52b3137940887557"));
        assert!(read.claims_state(&[9, 8, 7, 6, 5, 4, 3, 2]));
        assert!(!read.claims_state(&[9, 8, 7, 7, 5, 4, 3, 2]));
        // The full layout compares all 8 bytes.
        let old = CodeGame {
            layout: Layout::Full,
            ..full
        };
        assert!(!old.content_is("149fe6286cc240ac52b3137940887557"));
        assert!(!old.claims_state(&[9, 8, 7, 6, 5, 4, 3, 3]));
    }

    /// The layout's bytes are pinned: a day's code written today reads the same in every later
    /// build (a field or variant reordered fails here).
    #[test]
    fn a_days_compact_code_is_pinned() {
        let code = daily_game().encode().unwrap();
        assert_eq!(code, PINNED_DAY_CODE);
    }

    const PINNED_DAY_CODE: &str = "W4-chQ_UwEDFJ_mKABFAQLrPw8JCAcGAQRBbm5hjcy7EQAQDABQ0vlmh4xhALVWqdC7i8Y5-ygMaYW8AV5VQtrYBw43zTU6JSqNmY6HEKWDwps_";
}
