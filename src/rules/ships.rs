//! Who owns a ship, who moves it and who is aboard (9.40, 9.53, 9.54, 20.08): plain look-ups
//! on the state, for the sea rules and for the card effects that bring ships.

use crate::content::{CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::error::{RuleError, ShipCause};
use crate::rules::state::{Place, ShipPlace, ShipState, State};

/// The ship's owner: the faction whose Noble holds its card, or the faction whose marker it
/// was given without the card while that card is in play (20.08).
pub fn ship_owner(state: &State, ship: &str) -> Option<FactionIdx> {
    let s = state.ships.get(ship)?;
    let holder = state
        .nobles
        .values()
        .find(|n| n.awards.contains(&s.card) || n.card == s.card)
        .map(|n| n.faction)?;
    Some(s.marker.unwrap_or(holder))
}

/// The faction that moves the ship now: the borrower while lent, else the owner (9.54).
/// Once its card has left play, its passengers' faction (9.53), or else the faction whose
/// marker it carries (20.08), sails it until it next enters a port, where it is removed.
/// Ruling: 20.08 ends the handed-over ownership at once but removes the ship only at its
/// next port without saying who sails it meanwhile; the marker's faction does.
pub fn ship_mover(state: &State, ship: &str) -> Option<FactionIdx> {
    let s = state.ships.get(ship)?;
    s.lent_to.or_else(|| ship_owner(state, ship)).or_else(|| {
        passengers(state, ship)
            .first()
            .and_then(|n| state.nobles.get(n))
            .map(|n| n.faction)
            .or(s.marker)
    })
}

/// Whether a Noble in play holds the ship's card.
pub fn card_held(state: &State, s: &ShipState) -> bool {
    state
        .nobles
        .values()
        .any(|n| n.awards.contains(&s.card) || n.card == s.card)
}

/// 9.53: the ships of `card` at sea whose passengers' faction no longer owns them, with that
/// faction: a ship whose card has just come to another faction stays under its passengers'
/// control until it next reaches port; it then stays there, the new owner moving it from its
/// next turn on.
pub fn kept_by_passengers(state: &State, card: &CrownCardId) -> Vec<(String, FactionIdx)> {
    state
        .ships
        .iter()
        .filter(|(_, s)| &s.card == card && s.lent_to.is_none())
        .filter(|(_, s)| matches!(s.place, ShipPlace::Sea { .. }))
        .filter_map(|(id, _)| {
            let aboard = passengers(state, id);
            let faction = state.nobles.get(aboard.first()?)?.faction;
            (ship_owner(state, id) != Some(faction)).then(|| (id.clone(), faction))
        })
        .collect()
}

/// The passengers aboard a ship, sorted.
pub fn passengers(state: &State, ship: &str) -> Vec<NobleId> {
    state
        .nobles_at(&Place::Aboard {
            ship: ship.to_owned(),
        })
        .into_iter()
        .cloned()
        .collect()
}

pub(crate) fn cannot(ship: &str, cause: ShipCause) -> RuleError {
    RuleError::ShipCannot {
        ship: ship.to_owned(),
        cause,
    }
}
