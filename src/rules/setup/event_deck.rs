//! Building the Event deck (3.19–3.24): a Free Move per player, the Clamours aside, cards
//! removed at random, four equal piles each with a Clamour, the Prestige Victory tile between
//! the second and third pile.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::EventSlot;
use crate::content::events::EventType;
use crate::content::{Content, EventCardId};
use crate::rules::rng::shuffle;

/// The deck built: free moves dealt (one per player, in seat order), the clamours, the deck
/// order top first, and the removed cards.
pub struct BuiltDeck {
    /// One Free Move per player (3.19).
    pub free_moves: Vec<EventCardId>,
    /// The Clamours (3.20), shuffled into the piles.
    pub clamours: Vec<EventCardId>,
    /// The deck, top first.
    pub order: Vec<EventSlot>,
    /// Removed at random (3.21).
    pub removed: Vec<EventCardId>,
}

/// Builds the deck for `players` (3.19–3.24).
pub fn build_event_deck(content: &Content, players: u8, rng: &mut Xoshiro256PlusPlus) -> BuiltDeck {
    let table = &content.cards.tables.event_deck;
    let row = table
        .by_players
        .iter()
        .find(|r| r.players == u32::from(players));
    let removed_count = row.map_or(0, |r| r.removed as usize);
    let pile_size = row.map_or(12, |r| r.pile_size as usize);
    let mut free: Vec<EventCardId> = content
        .events
        .of_type(EventType::FreeMove)
        .map(|c| c.id)
        .collect();
    let clamours: Vec<EventCardId> = content
        .events
        .of_type(EventType::Clamour)
        .map(|c| c.id)
        .collect();
    let free_moves: Vec<EventCardId> = free.drain(..usize::from(players).min(free.len())).collect();
    let mut rest: Vec<EventCardId> = content
        .events
        .cards()
        .iter()
        .filter(|c| c.event_type() != EventType::Clamour && !free_moves.contains(&c.id))
        .map(|c| c.id)
        .collect();
    shuffle(rng, &mut rest);
    let removed: Vec<EventCardId> = rest.drain(..removed_count.min(rest.len())).collect();
    let mut order = Vec::new();
    for (i, chunk) in rest.chunks(pile_size.max(1)).enumerate() {
        let mut pile: Vec<EventCardId> = chunk.to_vec();
        if let Some(clamour) = clamours.get(i) {
            pile.push(*clamour);
        }
        shuffle(rng, &mut pile);
        if i == 2 {
            order.push(EventSlot::PrestigeTile);
        }
        order.extend(pile.into_iter().map(|card| EventSlot::Card { card }));
    }
    BuiltDeck {
        free_moves,
        clamours,
        order,
        removed,
    }
}
