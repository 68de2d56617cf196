//! Sallies and relief (10.73–10.76): in their own Combat Phase, Nobles besieged inside a place
//! may sally out to battle the besiegers in the open field, alone or joining a relieving army's
//! battle against them. The garrison never fights in battles. Sallying Nobles stay besieged
//! while they fight, so nothing may be added to them (10.71, 10.74); if the battle is not won
//! they are not captured but go back inside, and the siege holds while the besiegers are still
//! strong enough (10.75, 10.77). Beating the besieger's side lifts the siege and lets friendly
//! victors go in (10.76).

use crate::content::{AreaId, Content, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::{AttackTarget, Place, State};

/// The place `noble` sallies from: it is besieged inside a place of `area` by the side of the
/// battle's `target` (10.73).
pub fn sallies_from(
    content: &Content,
    state: &State,
    noble: &NobleId,
    area: &AreaId,
    target: &AttackTarget,
) -> Option<LocationId> {
    let AttackTarget::Field { faction } = target else {
        return None;
    };
    match state.nobles.get(noble).map(|n| &n.place) {
        Some(Place::Inside { location })
            if content.map.area_of(location) == Some(area)
                && state
                    .besieged
                    .get(location)
                    .is_some_and(|by| state.friendly(*by, *faction)) =>
        {
            Some(*location)
        }
        _ => None,
    }
}

/// 10.76: the besieger's side lost a battle in the Area: its sieges there lift, and the victor
/// may put friendly Nobles inside a relieved place that is friendly to it.
pub fn relieved(
    ctx: &mut Ctx<'_>,
    area: &AreaId,
    losers: FactionIdx,
    winner: FactionIdx,
    winners: &[NobleId],
) {
    let sieges: Vec<(LocationId, FactionIdx)> = ctx
        .state
        .besieged
        .iter()
        .filter(|(l, by)| {
            ctx.state.friendly(**by, losers) && ctx.content.map.area_of(l) == Some(area)
        })
        .map(|(l, by)| (*l, *by))
        .collect();
    for (location, _) in sieges {
        ctx.emit(Event::BesiegedCleared { location });
        if ctx.state.place_friendly(&location, winner) {
            super::occupy::open(ctx, winner, &location, winners, false);
        }
    }
}
