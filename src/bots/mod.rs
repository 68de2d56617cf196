//! Bot factions: computer players for every seat.
//!
//! Owns the `Bot` trait and its players. A bot sees only the view a person in its seat would
//! see, chooses among the legal commands the rules list, and is deterministic given its seed.
//! Must not read hidden information, the store, or any clock. This file only declares and
//! re-exports.

mod arena;
mod bot;
mod hard;
mod knowledge;
mod ledger;
mod normal;
mod odds;
mod random;
mod recall;
mod version;

pub use arena::{ArenaError, LiveLegal, Table, Turn};
pub use bot::{
    Bot, BotError, BotKind, BotMemory, Decision, Legal, Meter, bot_rng, make_bot, make_bot_at,
    resume_bot,
};
pub use hard::Searched;
pub use hard::default_samples as hard_samples;
pub use hard::value as position_value;
pub use ledger::Ledger;
pub use normal::{NormalBot, NormalTables};
pub use odds::OddsModel;
pub use random::RandomBot;
pub use recall::Seen;
pub use version::{BOTS_VERSION, FIRST_REDERIVED_BOTS_VERSION, bots_version_rederived};
