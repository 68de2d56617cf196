//! The game's random generator. The generator state lives in [`crate::rules::State`] as the
//! seed and a draw counter; each random outcome is drawn from a `rand_xoshiro` generator
//! seeded from both, and recorded in an event so replay never needs the generator.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The per-game generator state: the seed and how many shuffles or draws have been made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RngState {
    /// The game seed.
    pub seed: u64,
    /// Random operations made so far (advanced by `evolve` on each random outcome).
    pub counter: u64,
}

impl RngState {
    /// A generator for the next random operation, given `offset` operations already drawn in
    /// the current decision.
    pub fn generator(&self, offset: u64) -> Xoshiro256PlusPlus {
        let mix = self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(
            self.counter
                .wrapping_add(offset)
                .wrapping_mul(0xBF58_476D_1CE4_E5B9),
        );
        Xoshiro256PlusPlus::seed_from_u64(mix)
    }
}

/// Shuffles a list in place (Fisher–Yates) with the given generator.
pub fn shuffle<T>(rng: &mut Xoshiro256PlusPlus, items: &mut [T]) {
    let n = items.len();
    for i in (1..n).rev() {
        let j = below(rng, (i + 1) as u64) as usize;
        items.swap(i, j);
    }
}

/// A uniform number in `0..n` (n > 0), without modulo bias worth caring about for card counts.
pub fn below(rng: &mut Xoshiro256PlusPlus, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u64
}
