//! Playing a bot seat inside the service: the seat's tier (from the game's options) chooses
//! among the legal commands through the [`crate::bots`] module, seeing only the seat's view.
//!
//! Each decision builds a bot whose memory (the promise ledger, what it tried this round) is
//! rebuilt from the rows in force ([`crate::bots::resume_bot`]), and derives its random stream
//! from the seat's seed and the seq the game is at, so a stored game replays and resumes
//! identically after a restart, and the bot remembers as one that lived through the game.
//! Must not hold bot policy.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::bots::{BotKind, Decision, Seen, resume_bot};
use crate::content::Content;
use crate::rules::{Command, FactionIdx, Viewer, legal_commands, view};

use super::history::History;
use super::records::Row;

/// Iteration budget handed to searching tiers (heuristic tiers ignore it).
const BUDGET: u32 = 256;

/// The log the seat has seen: the rows in force, in order (undone rows left out).
fn seen(history: &History) -> impl Iterator<Item = Seen<'_>> {
    let rows = history.rows();
    history.in_force().filter_map(move |seq| {
        match rows.get(usize::try_from(seq).ok()?.checked_sub(1)?)? {
            Row::Event(event) => Some(Seen::Event(event)),
            Row::Command(record) => Some(Seen::Command {
                by: record.by,
                command: &record.command,
            }),
            Row::Game(_) | Row::Undone(_) => None,
        }
    })
}

/// The command the seat's bot plays now at the end of `history`, or `None` when it has
/// nothing legal to do. Verification calls it too, to re-derive every recorded bot command.
pub fn choose(
    content: &Content,
    history: &History,
    seat: FactionIdx,
    kind: BotKind,
    seed: u64,
) -> Option<Command> {
    let state = history.current();
    let seq = history.head();
    let legal = legal_commands(content, state, seat);
    if legal.is_empty() {
        return None;
    }
    let seat_view = view(content, state, Viewer::Faction { faction: seat });
    let decision = Decision {
        content,
        me: seat,
        view: &seat_view,
        legal: &legal,
        budget: BUDGET,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let command = resume_bot(kind, seat, seen(history)).choose(&decision, &mut rng);
    // The bot contract says it returns a listed command; fall back to the first if not.
    if legal.contains(&command) {
        Some(command)
    } else {
        legal.into_iter().next()
    }
}
