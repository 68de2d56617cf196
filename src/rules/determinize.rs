//! [`determinize`]: a full game state that agrees with everything one faction may know, with
//! the parts hidden from it drawn at random. Searching players reason over such samples and
//! never over the true state.
//!
//! Hidden from a faction (see [`crate::rules::view`]): the other factions' hands (except cards
//! they have shown it, 19.02), the order and make-up of the Crown deck, the order of the City
//! pile and of the Event deck with the cards removed from it face down, and the generator's
//! future draws. The sample keeps every size the faction sees (hand sizes, deck sizes) and
//! every piece in exactly one place; the hidden cards are first put in a canonical order, so
//! two states that differ only in what the faction cannot see give the same sample for the
//! same generator.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use crate::content::CrownCardId;
use crate::rules::FactionIdx;
use crate::rules::rng::{RngState, shuffle};
use crate::rules::setup::EventSlot;
use crate::rules::state::{Pending, State};

/// A state consistent with what `viewer` knows of `state`, hidden cards dealt from `rng`.
pub fn determinize(state: &State, viewer: FactionIdx, rng: &mut Xoshiro256PlusPlus) -> State {
    let mut sample = state.clone();

    // Crown cards out of sight: others' unshown hand cards and the whole Crown deck.
    let mut pool: Vec<CrownCardId> = state.crown_deck.iter().cloned().collect();
    let mut slots: Vec<usize> = Vec::with_capacity(state.factions.len());
    for (i, faction) in state.factions.iter().enumerate() {
        if i == usize::from(viewer) {
            slots.push(0);
            continue;
        }
        let hidden: Vec<&CrownCardId> = faction
            .hand
            .iter()
            .filter(|c| !faction.shown.iter().any(|(to, s)| *to == viewer && s == *c))
            .collect();
        slots.push(hidden.len());
        pool.extend(hidden.into_iter().cloned());
    }
    pool.sort();
    shuffle(rng, &mut pool);
    let mut dealt = pool.into_iter();
    for (i, hidden) in slots.iter().enumerate() {
        if *hidden == 0 {
            continue;
        }
        if let Some(faction) = sample.factions.get_mut(i) {
            let viewer_knows =
                |c: &CrownCardId| faction.shown.iter().any(|(to, s)| *to == viewer && s == c);
            let kept: Vec<CrownCardId> = faction
                .hand
                .iter()
                .filter(|c| viewer_knows(c))
                .cloned()
                .collect();
            faction.hand = kept;
            faction.hand.extend(dealt.by_ref().take(*hidden));
        }
    }
    *sample.crown_deck = dealt.collect();

    // The City pile: its cards are known (every City card not elsewhere), not their order.
    let mut cities: Vec<CrownCardId> = state.city_pile.iter().cloned().collect();
    cities.sort();
    shuffle(rng, &mut cities);
    *sample.city_pile = cities;

    // The Event deck and the cards removed from it face down: sizes kept, contents pooled.
    let removed = state.event_removed.len();
    let mut events: Vec<EventSlot> = state.event_deck.iter().cloned().collect();
    events.extend(
        state
            .event_removed
            .iter()
            .map(|card| EventSlot::Card { card: *card }),
    );
    events.sort_by(|a, b| slot_key(a).cmp(&slot_key(b)));
    shuffle(rng, &mut events);
    // The Prestige Victory tile is never removed: keep it among the deck's slots.
    let deck_len = events.len() - removed;
    if let Some(tile) = events
        .iter()
        .position(|s| matches!(s, EventSlot::PrestigeTile))
        && tile >= deck_len
        && deck_len > 0
    {
        events.swap(tile, deck_len - 1);
    }
    let removed_cards: Vec<_> = events
        .split_off(deck_len)
        .into_iter()
        .filter_map(|s| match s {
            EventSlot::Card { card } => Some(card),
            EventSlot::PrestigeTile => None,
        })
        .collect();
    *sample.event_deck = events;
    *sample.event_removed = removed_cards;

    // Offers between two other factions are not the viewer's to see (view.rs).
    sample.pending.retain(|p| match p {
        Pending::Offer(o) => o.from == viewer || o.to == viewer,
        _ => true,
    });

    // Future draws: the sample's own generator.
    sample.rng = RngState {
        seed: rng.next_u64(),
        counter: 0,
    };
    sample
}

/// A sort key for Event deck slots (the tile first).
fn slot_key(slot: &EventSlot) -> Option<&str> {
    match slot {
        EventSlot::PrestigeTile => None,
        EventSlot::Card { card } => Some(card.as_str()),
    }
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::rand_core::SeedableRng;

    use super::*;
    use crate::content::Content;
    use crate::rules::{Setup, invariants, start};

    /// A 4-faction game just set up, with two Crown cards dealt from the deck to each other
    /// faction's hand (so hands hold hidden cards).
    fn started() -> (Content, State) {
        let content = Content::embedded().expect("content");
        let setup = Setup::new(4, 11);
        let (mut state, _) = start(&content, &setup).expect("start");
        for f in 0..4 {
            for _ in 0..2 {
                let card = state.crown_deck.pop().expect("a card");
                state.factions[f].hand.push(card);
            }
        }
        (content, state)
    }

    #[test]
    fn a_sample_keeps_what_the_viewer_sees_and_every_card_in_one_place() {
        let (content, state) = started();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let sample = determinize(&state, 1, &mut rng);
        assert_eq!(sample.factions[1].hand, state.factions[1].hand);
        for (a, b) in sample.factions.iter().zip(state.factions.iter()) {
            assert_eq!(a.hand.len(), b.hand.len());
        }
        assert_eq!(sample.crown_deck.len(), state.crown_deck.len());
        assert_eq!(sample.event_deck.len(), state.event_deck.len());
        assert!(invariants::holds(&content, &sample));
        // Something hidden moved (the deck is long enough for this seed).
        assert_ne!(*sample.crown_deck, *state.crown_deck);
    }

    #[test]
    fn states_differing_only_in_hidden_cards_give_the_same_sample() {
        let (_, state) = started();
        let mut other = state.clone();
        // Swap a card between two other factions' hands and reorder the deck.
        let a = other.factions[2].hand[0];
        let b = other.factions[3].hand[0];
        other.factions[2].hand[0] = b;
        other.factions[3].hand[0] = a;
        other.crown_deck.reverse();
        other.event_deck.reverse();
        other.rng.counter += 7;
        let s1 = determinize(&state, 1, &mut Xoshiro256PlusPlus::seed_from_u64(9));
        let s2 = determinize(&other, 1, &mut Xoshiro256PlusPlus::seed_from_u64(9));
        assert_eq!(s1, s2);
    }
}
