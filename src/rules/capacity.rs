//! Capacity of fortified places kept after every change (19.14): the Nobles inside a place
//! may not exceed its capacity for additional troops, whatever brought them over it (a card
//! awarded from hand or from Chancery, an Office moved at Parliament, a Noble placed on its
//! home castle). A Noble that cannot be accommodated is placed in the open field of the
//! Area; it is not a move. Entering a place checks its room first ([`room`], [`fits`]: 9.03,
//! Z07); [`settle`] catches every other way in.

use crate::content::{Content, LocationId, NobleId};
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::{Place, State};
use crate::rules::troops::base_strength;

/// The room in a fortified place against a Noble that would come in (19.14, Z07): troops
/// count without regional bonuses, the garrison apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// The troops it shelters besides its garrison.
    pub capacity: u32,
    /// The troops of the Nobles inside already (the one coming in apart).
    pub inside: u32,
    /// The troops the Noble would bring (0 when none is named).
    pub brings: u32,
}

impl Room {
    /// Whether the Noble fits with those already inside.
    pub fn fits(&self) -> bool {
        self.inside + self.brings <= self.capacity
    }
}

/// The room in `location` against `noble` coming in; `None` for a place with no limit (or no
/// such place).
pub fn room(
    content: &Content,
    state: &State,
    location: &LocationId,
    noble: Option<&NobleId>,
) -> Option<Room> {
    let capacity = content.map.location(location)?.capacity?;
    let inside = state
        .nobles
        .iter()
        .filter(|(id, n)| {
            Some(*id) != noble && matches!(&n.place, Place::Inside { location: x } if x == location)
        })
        .map(|(id, _)| base_strength(content, state, id))
        .sum();
    Some(Room {
        capacity,
        inside,
        brings: noble.map_or(0, |n| base_strength(content, state, n)),
    })
}

/// Whether a Noble fits inside a place with those already there (19.14, Z07); a place that is
/// not on the map has no room.
pub fn fits(ctx: &Ctx<'_>, location: &LocationId, noble: &NobleId) -> bool {
    if ctx.content.map.location(location).is_none() {
        return false;
    }
    room(ctx.content, &ctx.state, location, Some(noble)).is_none_or(|r| r.fits())
}

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
