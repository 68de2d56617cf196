//! The random player: a seeded, uniform choice among the legal commands. It stands in for
//! every bot tier until the bots module lands, and drives simulations and the crash test.
//! Must not look at anything but the list it is given.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::rules::Command;

/// Picks one command, determined by the bot's seed and the seq the game is at.
pub fn choose(legal: &[Command], seed: u64, seq: u64) -> Option<&Command> {
    if legal.is_empty() {
        return None;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let index = rng.next_u64() % legal.len() as u64;
    legal.get(usize::try_from(index).ok()?)
}
