//! Capacity of fortified places kept after every change (19.14): the Nobles inside a place
//! may not exceed its capacity for additional troops, whatever brought them over it (a card
//! awarded from hand or from Chancery, an Office moved at Parliament, a Noble placed on its
//! home castle). A Noble that cannot be accommodated is placed in the open field of the
//! Area; it is not a move. Entering a place already checks room (9.03, Z07); this catches
//! every other way in.

use crate::content::{LocationId, NobleId};
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::Place;
use crate::rules::troops::base_strength;

/// Places the Nobles that no longer fit in the open field, each place on its own. Those that
/// grew most during this decision go first (a Noble that arrived counts as having grown by
/// its whole strength); a besieged place keeps its defenders (no card reaches them, 19.18).
pub fn settle(ctx: &mut Ctx<'_>) {
    let mut occupied: Vec<LocationId> = ctx
        .state
        .nobles
        .values()
        .filter_map(|n| match &n.place {
            Place::Inside { location } => Some(location.clone()),
            _ => None,
        })
        .collect();
    occupied.sort();
    occupied.dedup();
    for location in occupied {
        if ctx.state.besieged.contains_key(&location) {
            continue;
        }
        let Some(l) = ctx.content.map.location(&location) else {
            continue;
        };
        let (Some(capacity), area) = (l.capacity, l.area.clone()) else {
            continue;
        };
        let inside = Place::Inside {
            location: location.clone(),
        };
        let mut here: Vec<(u32, u32, NobleId)> = ctx
            .state
            .nobles
            .iter()
            .filter(|(_, n)| n.place == inside)
            .map(|(id, _)| {
                let now = base_strength(ctx.content, &ctx.state, id);
                let before = match ctx.origin.nobles.get(id) {
                    Some(n) if n.place == inside => base_strength(ctx.content, ctx.origin, id),
                    _ => 0,
                };
                (now.saturating_sub(before), now, id.clone())
            })
            .collect();
        let mut total: u32 = here.iter().map(|(_, now, _)| now).sum();
        if total <= capacity {
            continue;
        }
        // Most grown first, then the strongest, then by id: one order, whatever the map.
        here.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        for (_, now, noble) in here {
            if total <= capacity {
                break;
            }
            ctx.emit(Event::NobleMoved {
                noble,
                to: Place::Field { area: area.clone() },
                counts_as_move: false,
            });
            total -= now;
        }
    }
}
