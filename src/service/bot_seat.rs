//! Playing a bot seat inside the service: the seat's tier (from the game's options) chooses
//! among the legal commands through the [`crate::bots`] module, seeing only the seat's view.
//!
//! Each decision builds a fresh bot and derives its random stream from the seat's seed and the
//! seq the game is at, so a stored game replays and resumes identically after a restart (a
//! bot's memory between decisions — the promise ledger — is not kept here yet). Must not hold
//! bot policy.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::bots::{BotKind, Decision, make_bot};
use crate::content::Content;
use crate::rules::{Command, FactionIdx, State, Viewer, legal_commands, view};

/// Iteration budget handed to searching tiers (heuristic tiers ignore it).
const BUDGET: u32 = 256;

/// The command the seat's bot plays now, or `None` when it has nothing legal to do. An
/// unknown tier plays as `random`.
pub fn choose(
    content: &Content,
    state: &State,
    seat: FactionIdx,
    tier: &str,
    seed: u64,
    seq: u64,
) -> Option<Command> {
    let legal = legal_commands(content, state, seat);
    if legal.is_empty() {
        return None;
    }
    let kind = BotKind::parse(tier).unwrap_or(BotKind::Random);
    let seat_view = view(content, state, Viewer::Faction { faction: seat });
    let decision = Decision {
        content,
        me: seat,
        view: &seat_view,
        legal: &legal,
        budget: BUDGET,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let command = make_bot(kind, seat).choose(&decision, &mut rng);
    // The bot contract says it returns a listed command; fall back to the first if not.
    if legal.contains(&command) {
        Some(command)
    } else {
        legal.into_iter().next()
    }
}
