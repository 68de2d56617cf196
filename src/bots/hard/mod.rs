//! The Hard tier: the Normal player's best few choices, each tried over many samples of what
//! the seat cannot see and played forward by Normal players, keeping the one that fares best.
//! This file only declares and re-exports.

mod search;
mod value;

pub use search::{Searched, best, default_samples};
pub use value::value;
