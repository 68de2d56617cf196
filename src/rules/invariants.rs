//! Invariants that hold between decisions: after set-up and after the last event of every
//! decision (inside one decision an event may leave Prestige or a place's occupants to the
//! next). They are checked by the property tests, `warwick sim --check`, and the debug hook
//! [`debug_assert_hold`].
//!
//! What holds: every card and piece in exactly one place (`conservation`: Crown, Event, City
//! and Major cards, Royals, Nobles and ships); every controlled place held through something
//! still in play (`control`); Prestige equal to a fresh recomputation; no Noble inside an
//! unfriendly place; no place over its capacity unless besieged; Royals of both houses held at
//! most one round.
//!
//! [`holds`] answers yes or no without building any text; [`check`] builds a message for each
//! broken invariant only.

mod conservation;
mod control;
#[cfg(test)]
mod tests;

use crate::content::Content;
use crate::content::map::LocationKind;
use crate::rules::event::Event;
use crate::rules::state::{Place, State};

/// What a run of the checks found: the number of broken invariants and, when asked for, a
/// message for each.
pub(crate) struct Findings {
    messages: Option<Vec<String>>,
    broken: usize,
}

impl Findings {
    /// Notes one broken invariant; the message is built only when messages are kept.
    fn note(&mut self, message: impl FnOnce() -> String) {
        self.broken += 1;
        if let Some(messages) = &mut self.messages {
            messages.push(message());
        }
    }
}

/// Every invariant broken in `state`, as plain-English messages (empty = all hold).
pub fn check(content: &Content, state: &State) -> Vec<String> {
    let mut out = Findings {
        messages: Some(Vec::new()),
        broken: 0,
    };
    run(content, state, &mut out);
    out.messages.unwrap_or_default()
}

/// Whether every invariant holds: the same checks as [`check`], without building messages.
pub fn holds(content: &Content, state: &State) -> bool {
    let mut out = Findings {
        messages: None,
        broken: 0,
    };
    run(content, state, &mut out);
    out.broken == 0
}

/// For callers that apply decisions (the service, replays of stored games): in debug builds,
/// panics when an invariant is broken, listing them with `after`, the last event applied (call
/// it once a decision's events are all applied, not between them); in release builds does
/// nothing and costs nothing.
#[inline]
pub fn debug_assert_hold(content: &Content, state: &State, after: &Event) {
    if cfg!(debug_assertions) && !holds(content, state) {
        let broken = check(content, state);
        panic!(
            "rules invariants broken after event {} ({after:?}):\n  {}",
            state.events_applied,
            broken.join("\n  ")
        );
    }
}

fn run(content: &Content, state: &State, out: &mut Findings) {
    let in_play = conservation::check(content, state, out);
    control::check(content, state, &in_play, out);
    prestige(content, state, out);
    inside_friendly(content, state, out);
    within_capacity(content, state, out);
    both_houses(state, out);
}

/// The Nobles inside a fortified place, besieged ones apart, fit its capacity (19.14).
fn within_capacity(content: &Content, state: &State, out: &mut Findings) {
    let mut inside: std::collections::BTreeMap<&crate::content::LocationId, u32> =
        std::collections::BTreeMap::new();
    for (id, n) in &state.nobles {
        if let Place::Inside { location } = &n.place {
            *inside.entry(location).or_default() +=
                crate::rules::troops::base_strength(content, state, id);
        }
    }
    for (location, total) in inside {
        let capacity = content.map.location(location).and_then(|l| l.capacity);
        if let Some(capacity) = capacity
            && total > capacity
            && !state.besieged.contains_key(location)
        {
            out.note(|| format!("{total} troops inside {location} over its capacity {capacity}"));
        }
    }
}

/// Each faction's Prestige on the track equals a fresh recomputation (16.12).
fn prestige(content: &Content, state: &State, out: &mut Findings) {
    let fresh = crate::rules::prestige::all_prestige(content, state);
    for (f, (faction, fresh)) in state.factions.iter().zip(fresh).enumerate() {
        if fresh != faction.prestige {
            out.note(|| {
                format!(
                    "faction {f} Prestige {} but recomputed {fresh}",
                    faction.prestige
                )
            });
        }
    }
}

/// No Noble inside an unfriendly fortified place, Open Towns apart (9.03, 11.04, 19.15).
fn inside_friendly(content: &Content, state: &State, out: &mut Findings) {
    for (id, n) in state.nobles.iter() {
        if let Place::Inside { location } = &n.place {
            let open_town = content
                .map
                .location(location)
                .is_some_and(|l| l.kind == LocationKind::OpenTown);
            if !open_town && !state.place_friendly(location, n.faction) {
                out.note(|| format!("{id} is inside unfriendly {location}"));
            }
        }
    }
}

/// Royals of both houses are held at most one round (17.13).
fn both_houses(state: &State, out: &mut Findings) {
    for (i, f) in state.factions.iter().enumerate() {
        if let Some(since) = f.both_houses_since
            && state.clock.round > since + 1
        {
            out.note(|| format!("faction {i} has held both houses since round {since}"));
        }
    }
}
