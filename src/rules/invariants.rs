//! Invariants checked after every event by the property tests and `warwick sim`: each Crown
//! and Event card in exactly one place; each living Royal attached to one of its controller's
//! Nobles or alone; Prestige equal to a fresh recomputation; no Noble inside an unfriendly
//! place; Royals of both houses held at most one round.

use std::collections::BTreeMap;

use crate::content::Content;
use crate::rules::setup::EventSlot;
use crate::rules::state::{Place, RoyalPlace, State};

/// Every invariant broken in `state`, as plain-English messages (empty = all hold).
pub fn check(content: &Content, state: &State) -> Vec<String> {
    let mut out = Vec::new();
    // Crown cards: each in exactly one place.
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let mut add = |id: &str| *seen.entry(id.to_owned()).or_default() += 1;
    state.crown_deck.iter().for_each(|c| add(c.as_str()));
    state.crown_discard.iter().for_each(|c| add(c.as_str()));
    state.chancery.iter().for_each(|c| add(c.as_str()));
    state.city_pile.iter().for_each(|c| add(c.as_str()));
    for f in &state.factions {
        f.hand.iter().for_each(|c| add(c.as_str()));
    }
    for n in state.nobles.values() {
        add(n.card.as_str());
        n.awards.iter().for_each(|c| add(c.as_str()));
    }
    for card in &content.cards.crown_cards {
        let count = seen.get(card.id.as_str()).copied().unwrap_or(0);
        if count != 1 {
            out.push(format!("Crown card {} is in {count} places", card.id));
        }
    }
    // Event cards.
    let mut events: BTreeMap<String, u32> = BTreeMap::new();
    let mut add = |id: &str| *events.entry(id.to_owned()).or_default() += 1;
    for slot in &state.event_deck {
        if let EventSlot::Card { card } = slot {
            add(card.as_str());
        }
    }
    state.event_discard.iter().for_each(|c| add(c.as_str()));
    state.event_removed.iter().for_each(|c| add(c.as_str()));
    state.clamours_aside.iter().for_each(|c| add(c.as_str()));
    state.clamours.iter().for_each(|(c, _)| add(c.as_str()));
    for f in &state.factions {
        f.free_moves.iter().for_each(|c| add(c.as_str()));
        f.chancellor_cards.iter().for_each(|c| add(c.as_str()));
    }
    let drawn: Vec<_> = state
        .pending
        .iter()
        .filter_map(|p| match p {
            crate::rules::state::Pending::EventReaction { card, .. } => Some(card.clone()),
            crate::rules::state::Pending::RaidDestination { card, .. } => Some(card.clone()),
            crate::rules::state::Pending::StormPort(s) => Some(s.card.clone()),
            crate::rules::state::Pending::EmbassyCompanions(c) => Some(c.card.clone()),
            crate::rules::state::Pending::TieBreak(t) => Some(match &t.cause {
                crate::rules::state::TieCause::Killed { card, .. }
                | crate::rules::state::TieCause::Plague { card } => card.clone(),
            }),
            _ => None,
        })
        .collect();
    drawn.iter().for_each(|c| add(c.as_str()));
    for card in content.events.cards() {
        let count = events.get(card.id.as_str()).copied().unwrap_or(0);
        if count != 1 {
            out.push(format!("Event card {} is in {count} places", card.id));
        }
    }
    // Royals.
    for (id, r) in &state.royals {
        if let RoyalPlace::With { noble } = &r.place
            && !state.nobles.contains_key(noble)
        {
            out.push(format!(
                "Royal {id} is attached to {noble}, who is not in play"
            ));
        }
    }
    // Prestige.
    for f in 0..state.players() {
        let fresh = crate::rules::prestige::prestige(content, state, f as u8);
        if fresh != state.factions[f].prestige {
            out.push(format!(
                "faction {f} Prestige {} but recomputed {fresh}",
                state.factions[f].prestige
            ));
        }
    }
    // No Noble inside an unfriendly place.
    for (id, n) in &state.nobles {
        if let Place::Inside { location } = &n.place {
            let open_town = content
                .map
                .location(location)
                .is_some_and(|l| l.kind == crate::content::map::LocationKind::OpenTown);
            if !open_town && !state.place_friendly(location, n.faction) {
                out.push(format!("{id} is inside unfriendly {location}"));
            }
        }
    }
    // Both houses at most one round.
    for (i, f) in state.factions.iter().enumerate() {
        if let Some(since) = f.both_houses_since
            && state.clock.round > since + 1
        {
            out.push(format!(
                "faction {i} has held both houses since round {since}"
            ));
        }
    }
    out
}
