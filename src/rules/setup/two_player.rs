//! The 2-player variant (§4): the non-player Faction's places (4.02, Z46) and the two Town
//! cards moved to the City-card pile (4.03).

use crate::content::{Content, CrownCardId, LocationId};

/// The places held by the non-player Faction (4.02).
pub fn neutral_towns(content: &Content) -> Vec<LocationId> {
    content.cards.tables.two_player.neutral_locations.clone()
}

/// The Crown cards kept out of the Crown deck on the City-card pile (4.03).
pub fn city_pile_cards(content: &Content) -> Vec<CrownCardId> {
    content.cards.tables.two_player.to_city_pile.clone()
}
