//! What may be done "at any time" at each moment of the game (19.18, 20.05, 17.10, 17.11,
//! 21.01): the one table `route` opens and closes the any-time commands by, and the transfer
//! checks read.

use crate::rules::state::{Pending, Phase, TieCause};

/// Which kinds of any-time command the current moment allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Open {
    /// Playing and awarding hand cards (19.18).
    pub hand: bool,
    /// Transfers between Nobles and handovers (20.05, 20.08).
    pub transfers: bool,
    /// Executing Royals (17.11).
    pub execute: bool,
    /// Reallocating Royals (17.10).
    pub reallocate: bool,
    /// Offers, reveals and captives (21.01).
    pub deals: bool,
}

const ALL: Open = Open {
    hand: true,
    transfers: true,
    execute: true,
    reallocate: true,
    deals: true,
};

/// While an Event card is drawn and resolved: hand cards (19.18 bars them only in combat) and
/// Royal reallocation (17.10); no transfers (20.05) and no executions (17.11).
const EVENT: Open = Open {
    hand: true,
    transfers: false,
    execute: false,
    reallocate: true,
    deals: false,
};

const NONE: Open = Open {
    hand: false,
    transfers: false,
    execute: false,
    reallocate: false,
    deals: false,
};

/// What may be done "at any time" at this moment (19.18, 20.05, 17.10, 17.11, 21.01; see
/// docs/rules-decisions.md, any-time-moments): everything in a faction's own steps, in the
/// windows and choices outside any resolution (an attack's card window included: the
/// resolution card is not drawn yet); while an Event card is drawn and resolved, hand cards
/// and Royal reallocation (and in its reaction window, offers as before); in combat
/// resolution's KILLED step only Royal reallocation; while an offer waits, only its answer.
pub fn open_now(state: &crate::rules::state::State) -> Open {
    match state.pending.last() {
        None
        | Some(
            Pending::Parliament { .. }
            | Pending::Politicking { .. }
            | Pending::Attack(_)
            | Pending::Occupy { .. }
            | Pending::ChanceryAwards { .. },
        ) => ALL,
        Some(Pending::EventReaction { .. }) => Open {
            deals: true,
            ..EVENT
        },
        Some(
            Pending::RaidDestination { .. } | Pending::StormPort(_) | Pending::EmbassyCompanions(_),
        ) => EVENT,
        // Landing from a storm is part of the Event; from a voyage, the mover's own step.
        Some(Pending::Disembark { .. }) => {
            if state.clock.phase == Phase::Event {
                EVENT
            } else {
                ALL
            }
        }
        Some(Pending::TieBreak(tie)) => match tie.cause {
            TieCause::Plague { .. } => EVENT,
            TieCause::Killed { .. } => Open {
                reallocate: true,
                ..NONE
            },
        },
        // The spoils of an execution or ransom are being placed: only the answer.
        Some(Pending::Offer(_) | Pending::SpoilsBishop { .. }) => NONE,
    }
}
