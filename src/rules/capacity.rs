//! Capacity of fortified places kept after every change (19.14): the Nobles inside a place
//! may not exceed its capacity for additional troops, whatever brought them over it (a card
//! awarded from hand or from Chancery, an Office moved at Parliament, a Noble placed on its
//! home castle). A Noble that cannot be accommodated is placed in the open field of the
//! Area; it is not a move. Entering a place checks its room first ([`room`], [`fits`]: 9.03,
//! Z07); [`settle`] catches every other way in.

use crate::content::{AreaId, Content, LocationId, NobleId};
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::{Place, State};
use crate::rules::troops::{base_strength, troops_on};
use std::collections::BTreeMap;

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

/// A place over its capacity: the place, its Area, its capacity and the Nobles inside with
/// their strength now.
type Overfull = (LocationId, AreaId, u32, Vec<(NobleId, u32)>);

/// Places the Nobles that no longer fit in the open field, each place on its own. Those that
/// grew most during this decision go first (a Noble that arrived counts as having grown by
/// its whole strength); a besieged place keeps its defenders (no card reaches them, 19.18).
pub fn settle(ctx: &mut Ctx<'_>) {
    // One pass over the Nobles finds the places over their capacity (a Noble's strength is its
    // own cards', and moving a Noble out to the field changes no other place's count, so the
    // places can all be found before any Noble is moved).
    let mut inside: BTreeMap<&LocationId, Vec<(&NobleId, u32)>> = BTreeMap::new();
    for (id, n) in &ctx.state.nobles {
        if let Place::Inside { location } = &n.place {
            let now = troops_on(ctx.content, n, None, false, |_| false); // base strength
            inside.entry(location).or_default().push((id, now));
        }
    }
    let mut over: Vec<Overfull> = Vec::new();
    for (location, here) in inside {
        if ctx.state.besieged.contains_key(location) {
            continue;
        }
        let Some(l) = ctx.content.map.location(location) else {
            continue;
        };
        let Some(capacity) = l.capacity else {
            continue;
        };
        if here.iter().map(|(_, now)| now).sum::<u32>() <= capacity {
            continue;
        }
        let here = here.into_iter().map(|(id, now)| (*id, now)).collect();
        over.push((*location, l.area, capacity, here));
    }
    for (location, area, capacity, here) in over {
        let inside = Place::Inside { location };
        let mut here: Vec<(u32, u32, NobleId)> = here
            .into_iter()
            .map(|(id, now)| {
                let before = match ctx.origin.nobles.get(&id) {
                    Some(n) if n.place == inside => base_strength(ctx.content, ctx.origin, &id),
                    _ => 0,
                };
                (now.saturating_sub(before), now, id)
            })
            .collect();
        let mut total: u32 = here.iter().map(|(_, now, _)| now).sum();
        // Most grown first, then the strongest, then by id: one order, whatever the map.
        here.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        for (_, now, noble) in here {
            if total <= capacity {
                break;
            }
            ctx.emit(Event::NobleMoved {
                noble,
                to: Place::Field { area },
                counts_as_move: false,
            });
            total -= now;
        }
    }
}
