//! The Solo Challenge layer: the score of a finished game, the daily challenge, replay codes
//! and the player's history. This file only declares and re-exports.

mod code;
mod compact;
mod daily;
mod score;
mod share;

pub use code::{
    CODE_TAG, CODE_TAG_COMPACT, CODE_TAG_NAMED, CODE_TAG_V1, CODE_TAGS, Choice, Claim, CodeError,
    CodeGame, CodeSeat, Layout, MAX_CODE_CHARS, MAX_NAME_CHARS, clean_name, hash_prefix,
};
pub use daily::{DAILY_ROUNDS, Daily, daily, parse_date};
pub(super) use score::score_of;
pub use score::{Score, ScoreInput, ScoreLine, difficulty, lineup_words, score};
pub use share::{LineFacts, line_difference, read_line, share_line};
