//! Which places on the roads a faction may pass (9.24, 9.25, 9.29, Z25, Z46): the road
//! searches of Road moves and passage, and the entry into Open Towns, ask here.

use crate::content::Content;
use crate::content::LocationId;
use crate::rules::FactionIdx;
use crate::rules::error::BlockCause;
use crate::rules::state::{Place, State};

/// Whether a road place may be passed by `faction` (9.24, 9.25, 9.29, Z25, Z46).
pub fn passable(
    content: &Content,
    state: &State,
    faction: FactionIdx,
    location: &LocationId,
) -> bool {
    road_block(content, state, faction, location).is_none()
}

/// Why a road place stops `faction`, if it does (9.24, 9.25, 9.29, Z25, Z46).
pub fn road_block(
    content: &Content,
    state: &State,
    faction: FactionIdx,
    location: &LocationId,
) -> Option<BlockCause> {
    if state.besieged.contains_key(location) {
        return Some(BlockCause::Besieged);
    }
    // Neutral (no controller) or friendly passes; one look-up of the controller.
    match state.control.get(location).map(|c| c.faction) {
        None => {}
        Some(Some(owner)) if state.friendly(owner, faction) => {}
        Some(Some(_)) => return Some(BlockCause::Enemy),
        Some(None) => return Some(BlockCause::NonPlayer), // 4.02
    }
    // An Open Town held by an enemy Noble inside blocks the road too (the cheaper checks
    // first: this one looks at every Noble).
    let open_town_occupied = content
        .map
        .location(location)
        .is_some_and(|l| l.kind == crate::content::map::LocationKind::OpenTown)
        && state.nobles.values().any(|n| {
            !state.friendly(n.faction, faction)
                && matches!(&n.place, Place::Inside { location: x } if x == location)
        });
    open_town_occupied.then_some(BlockCause::EnemyInside)
}
