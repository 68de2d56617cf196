//! Royal pieces (§1, §13, §17): gaining control at the end of Movement and Combat, the
//! two-house limit, execution, reallocation, succession and coronation.

use crate::content::cards::House;
use crate::content::{Content, NobleId, RoyalId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::CrownCause;
use crate::rules::event::Event;
use crate::rules::state::{ControlSource, Place, RoyalPlace, State};

/// The Royal's house.
pub fn house(content: &Content, royal: &RoyalId) -> Option<House> {
    content.cards.royal(royal.as_str()).map(|r| r.house)
}

/// Where a Royal stands (its Noble's place when attached).
pub fn royal_place(state: &State, royal: &RoyalId) -> Option<Place> {
    match &state.royals.get(royal)?.place {
        RoyalPlace::With { noble } => state.nobles.get(noble).map(|n| n.place.clone()),
        RoyalPlace::Alone { place } => Some(place.clone()),
        RoyalPlace::Dead => None,
    }
}

/// Whether a Royal is the senior survivor of its house (1.02, 1.06).
pub fn is_senior(content: &Content, state: &State, royal: &RoyalId) -> bool {
    let Some(me) = content.cards.royal(royal.as_str()) else {
        return false;
    };
    !content.cards.royals.iter().any(|r| {
        r.house == me.house
            && r.rank < me.rank
            && state
                .royals
                .get(&r.id)
                .is_some_and(|s| !matches!(s.place, RoyalPlace::Dead))
    })
}

/// Gives the Royal to a Noble, with its castles (17.07, 17.08).
pub fn attach(ctx: &mut Ctx<'_>, royal: &RoyalId, noble: &NobleId) {
    let Some(faction) = ctx.owner(noble) else {
        return;
    };
    ctx.emit(Event::RoyalControlGained {
        royal: *royal,
        faction,
        noble: *noble,
    });
    let castles = ctx
        .content
        .cards
        .royal(royal.as_str())
        .map(|r| r.castles.clone())
        .unwrap_or_default();
    for castle in castles {
        ctx.grant_if_neutral(&castle, faction, ControlSource::Royal { royal: *royal });
    }
}

/// Releases the castles a Royal card granted (17.08) when it is lost by its controller.
pub fn release_castles(ctx: &mut Ctx<'_>, royal: &RoyalId) {
    let castles: Vec<_> = ctx
        .state
        .control
        .iter()
        .filter(|(_, c)| matches!(&c.source, ControlSource::Royal { royal: r } if r == royal))
        .map(|(l, _)| *l)
        .collect();
    for location in castles {
        crate::rules::control::recompute_control(ctx, &location, None);
    }
}

/// End of Movement or Combat (17.01–17.03): the faction gains every unattached Royal
/// standing with one of its Nobles.
pub fn gain_control(ctx: &mut Ctx<'_>, faction: FactionIdx) {
    let alone: Vec<(RoyalId, Place)> = ctx
        .state
        .royals
        .iter()
        .filter_map(|(id, r)| match &r.place {
            RoyalPlace::Alone { place } => Some((*id, place.clone())),
            _ => None,
        })
        .collect();
    for (royal, place) in alone {
        let noble = ctx
            .state
            .nobles
            .iter()
            .find(|(_, n)| n.faction == faction && n.place == place)
            .map(|(id, _)| *id);
        if let Some(noble) = noble {
            attach(ctx, &royal, &noble);
        }
    }
}

/// The houses each faction holds Royals of itself, by seat: bit 0 Lancaster, bit 1 York
/// (the controller read from each Royal's own entry, as `royal_controller` does).
fn houses_held(content: &Content, state: &State) -> Vec<u8> {
    let mut held = vec![0u8; state.players()];
    for (royal, r) in state.royals.iter() {
        let RoyalPlace::With { noble } = &r.place else {
            continue;
        };
        let (Some(n), Some(h)) = (state.nobles.get(noble), house(content, royal)) else {
            continue;
        };
        if let Some(slot) = held.get_mut(usize::from(n.faction)) {
            *slot |= match h {
                House::Lancaster => 1,
                House::York => 2,
            };
        }
    }
    held
}

/// Whether a faction's Alliance (or the faction alone) covers both houses in `held`.
fn team_holds_both(state: &State, held: &[u8], faction: FactionIdx) -> bool {
    state.team(faction).iter().fold(0u8, |acc, m| {
        acc | held.get(usize::from(*m)).copied().unwrap_or(0)
    }) == 3
}

/// Whether a faction (with its Alliance) holds Royals of both houses.
pub fn holds_both(content: &Content, state: &State, faction: FactionIdx) -> bool {
    team_holds_both(state, &houses_held(content, state), faction)
}

/// Keeps the both-houses marks current (17.13, 23.05).
pub fn mark_both_houses(ctx: &mut Ctx<'_>) {
    // The houses held worked out once for every faction, now and before the decision.
    let held = houses_held(ctx.content, &ctx.state);
    let before = houses_held(ctx.content, ctx.origin);
    for f in 0..ctx.state.players() {
        let faction = f as FactionIdx;
        let both = team_holds_both(&ctx.state, &held, faction);
        let since = ctx.state.factions[f].both_houses_since;
        if both && since.is_none() && owes_both_houses(&ctx.state, &held, &before, faction) {
            // 17.13: the deadline is the end of the faction's next turn after the gain. When
            // the gain comes in another faction's turn and the faction's own turn is still to
            // come this round, that turn is the deadline: the mark then counts from the
            // round before, so `must_resolve_both` holds already in this round.
            let clock = &ctx.state.clock;
            let own_turn_to_come = ctx
                .state
                .order
                .iter()
                .position(|f| *f == faction)
                .is_some_and(|at| at > usize::from(clock.turn));
            let round = if own_turn_to_come {
                clock.round.saturating_sub(1)
            } else {
                clock.round
            };
            ctx.emit(Event::BothHousesMarked {
                faction,
                since: Some(round),
            });
        } else if !both && since.is_some() {
            ctx.emit(Event::BothHousesMarked {
                faction,
                since: None,
            });
        }
    }
}

/// Whether the duty of a team newly holding both houses falls on `faction` (17.13, 23.05): a
/// faction alone always; in an Alliance, the member that gained the house the Alliance did
/// not hold (rules-decisions: alliance-both-houses-duty). When no member gained one in this
/// decision, a member is bound only while none of them is bound yet.
fn owes_both_houses(state: &State, held: &[u8], before: &[u8], faction: FactionIdx) -> bool {
    let team = state.team(faction);
    if team.len() < 2 {
        return true;
    }
    let houses = |of: &[u8]| {
        team.iter().fold(0u8, |acc, m| {
            acc | of.get(usize::from(*m)).copied().unwrap_or(0)
        })
    };
    let gained = houses(held) & !houses(before);
    let own = |of: &[u8], m: FactionIdx| of.get(usize::from(m)).copied().unwrap_or(0);
    let gainers: Vec<FactionIdx> = team
        .iter()
        .copied()
        .filter(|m| own(held, *m) & gained != 0)
        .collect();
    if gainers.is_empty() {
        return !team
            .iter()
            .any(|m| state.factions[usize::from(*m)].both_houses_since.is_some());
    }
    gainers.contains(&faction)
}

/// 17.13: a faction whose side holds Royals of both houses may give a Royal to a Noble of a
/// non-allied faction anywhere in the Area of the Noble it is with, not only in the same place
/// as a reallocation needs (17.10); neither Noble besieged, both on land (rules-decisions:
/// royal-gift-same-area).
pub fn may_give_in_area(content: &Content, state: &State, from: &NobleId, to: &NobleId) -> bool {
    let (Some(a), Some(b)) = (state.nobles.get(from), state.nobles.get(to)) else {
        return false;
    };
    let area = crate::rules::troops::area_of_noble(content, state, from);
    holds_both(content, state, a.faction)
        && !state.friendly(a.faction, b.faction)
        && !state.is_besieged(from)
        && !state.is_besieged(to)
        && area.is_some()
        && area == crate::rules::troops::area_of_noble(content, state, to)
}

/// Whether the faction must now execute or give away a Royal (17.13, Z31).
pub fn must_resolve_both(state: &State, faction: FactionIdx) -> bool {
    state.factions[usize::from(faction)]
        .both_houses_since
        .is_some_and(|since| since < state.clock.round)
}

/// Executes a Royal (17.11).
pub fn execute(ctx: &mut Ctx<'_>, royal: &RoyalId) {
    release_castles(ctx, royal);
    ctx.emit(Event::RoyalDied {
        royal: *royal,
        executed: true,
    });
}

/// Checks a Royal can be crowned now by its controller, or says why not (§13, Z30).
pub fn check_crown(content: &Content, state: &State, royal: &RoyalId) -> Result<(), CrownCause> {
    let Some(r) = state.royals.get(royal) else {
        return Err(CrownCause::NotYours);
    };
    if r.crowned {
        return Err(CrownCause::AlreadyCrowned);
    }
    if !is_senior(content, state, royal) {
        return Err(CrownCause::NotSenior);
    }
    let Some(faction) = state.royal_controller(royal) else {
        return Err(CrownCause::NotYours);
    };
    let Some(place) = royal_place(state, royal) else {
        return Err(CrownCause::Away);
    };
    let area = match &place {
        Place::Field { area } => *area,
        Place::Inside { location } => match content.map.area_of(location) {
            Some(a) => *a,
            None => return Err(CrownCause::Away),
        },
        Place::Aboard { .. } | Place::Captive { .. } => return Err(CrownCause::Away),
    };
    // 13.03, 10.70-10.72: a siege bars moving, cards, Events and Parliament, not a coronation in
    // the friendly place (rules-decisions: coronation-besieged).
    // 13.03: a cathedral in the Area; inside a fortified place it must be friendly.
    let cathedral =
        content.map.locations_in(&area).into_iter().any(|l| {
            l.cathedral && (!l.kind.is_fortified() || state.place_friendly(&l.id, faction))
        });
    if !cathedral {
        return Err(CrownCause::NoCathedral);
    }
    // 13.02, Z30: friendly Nobles in the same place hold an Archbishop or 2 Bishops.
    let (mut arch, mut bishops) = (0, 0);
    for n in state
        .nobles
        .values()
        .filter(|n| n.place == place && state.friendly(n.faction, faction))
    {
        for card in n
            .awards
            .iter()
            .filter_map(|c| content.cards.card(c.as_str()))
        {
            if card.card_type == crate::content::cards::CardType::Bishop {
                if card.archbishop {
                    arch += 1;
                } else {
                    bishops += 1;
                }
            }
        }
    }
    if arch >= 1 || bishops >= 2 {
        Ok(())
    } else {
        Err(CrownCause::NoBishops)
    }
}
