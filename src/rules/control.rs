//! Control of places as cards move and Nobles leave play (11.03–11.05, Z21, Z22): a place held
//! through a card that left is settled again, its City card following, and occupants no longer
//! friendly are expelled; a City card passed on takes its City with it (11.11, 20.04); a
//! discarded Bishop's places lapse (19.12); a ship whose card left play leaves once it is in
//! port and empty (9.53, 20.08).

use crate::content::cards::CardType;
use crate::content::{CityCardId, CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::{CardDestination, Event};
use crate::rules::ships::{card_held, passengers};
use crate::rules::state::{ControlSource, Controller, Place, ShipPlace};

/// Who should control `location` now that its controller's source has gone: the first
/// in-play card listing it (by Noble seniority in play, Z22), else neutral. `except` is a
/// Noble leaving play.
pub fn recompute_control(ctx: &mut Ctx<'_>, location: &LocationId, except: Option<&NobleId>) {
    let content = ctx.content;
    let mut nobles: Vec<(&NobleId, &crate::rules::state::NobleState)> = ctx
        .state
        .nobles
        .iter()
        .filter(|(id, n)| Some(*id) != except && !matches!(n.place, Place::Captive { .. }))
        .collect();
    nobles.sort_by_key(|(_, n)| n.seq);
    let mut next: Option<Controller> = None;
    'outer: for (_, n) in nobles {
        for card in std::iter::once(&n.card).chain(n.awards.iter()) {
            let Some(c) = content.cards.card(card.as_str()) else {
                continue;
            };
            let grants_city = c.city.as_ref().is_some_and(|city| {
                content
                    .cards
                    .city_cards
                    .iter()
                    .any(|x| &x.id == city && &x.location == location)
            });
            if c.locations.contains(location) || grants_city {
                next = Some(Controller {
                    faction: Some(n.faction),
                    source: ControlSource::Card { card: *card },
                });
                break 'outer;
            }
        }
    }
    let current = ctx.state.control.get(location).cloned();
    if current != next {
        ctx.emit(Event::ControlChanged {
            location: *location,
            controller: next.clone(),
        });
    }
    // The City card follows control (11.05).
    if let Some(city) = content
        .cards
        .city_cards
        .iter()
        .find(|c| &c.location == location)
    {
        let holder = ctx
            .state
            .nobles
            .iter()
            .find(|(_, n)| n.cities.contains(&city.id))
            .map(|(id, _)| *id);
        let new_holder = match &next {
            Some(Controller {
                source: ControlSource::Card { card },
                ..
            }) => ctx
                .state
                .nobles
                .iter()
                .find(|(_, n)| &n.card == card || n.awards.contains(card))
                .map(|(id, _)| *id),
            _ => None,
        };
        if holder != new_holder {
            if let Some(h) = &holder {
                ctx.emit(Event::CityCardReturned {
                    noble: *h,
                    city: city.id,
                });
            }
            if let Some(h) = new_holder {
                ctx.emit(Event::CityCardAwarded {
                    noble: h,
                    city: city.id,
                });
            }
        }
    }
    expel(ctx, location);
}

/// A card left its Noble, discarded or passed to another faction's Noble: every place held
/// through it is settled again, to the earliest card in play listing it or else neutral, its
/// City card following (11.03, Z22); a ship it brought leaves once it is empty in port and
/// the card is out of play (9.53).
pub fn card_moved(ctx: &mut Ctx<'_>, card: &CrownCardId) {
    let lapsed: Vec<LocationId> = ctx
        .state
        .control
        .iter()
        .filter(|(_, c)| matches!(&c.source, ControlSource::Card { card: x } if x == card))
        .map(|(l, _)| *l)
        .collect();
    for location in lapsed {
        recompute_control(ctx, &location, None);
    }
    let ships: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|(_, s)| &s.card == card)
        .map(|(id, _)| id.clone())
        .collect();
    for ship in ships {
        remove_if_card_gone(ctx, &ship);
    }
}

/// Expels occupants from a place no longer friendly to them (11.04).
pub fn expel(ctx: &mut Ctx<'_>, location: &LocationId) {
    let Some(area) = ctx.content.map.area_of(location).cloned() else {
        return;
    };
    let inside: Vec<(NobleId, FactionIdx)> = ctx
        .state
        .nobles
        .iter()
        .filter(|(_, n)| matches!(&n.place, Place::Inside { location: l } if l == location))
        .map(|(id, n)| (*id, n.faction))
        .collect();
    for (noble, faction) in inside {
        if !ctx.state.place_friendly(location, faction) {
            ctx.emit(Event::NobleMoved {
                noble,
                to: Place::Field { area },
                counts_as_move: false,
            });
        }
    }
}

/// A City card passes to another Noble (11.11, 20.04): control of its City goes with it, held
/// through the card granting the City if the receiver's faction holds that card, else through
/// the receiver as after a conquest (10.63, Z21), so it lapses when the receiver leaves play
/// (11.03); occupants no longer friendly leave (11.04).
pub fn pass_city(ctx: &mut Ctx<'_>, city: &CityCardId, to: &NobleId) {
    let Some(faction) = ctx.owner(to) else {
        return;
    };
    ctx.emit(Event::CityCardAwarded {
        noble: *to,
        city: *city,
    });
    let Some(location) = ctx.content.cards.city_location(city.as_str()) else {
        return;
    };
    let current = ctx.state.control.get(&location).cloned();
    let source =
        match current.as_ref().map(|c| &c.source) {
            Some(ControlSource::Card { card })
                if ctx.state.nobles.values().any(|n| {
                    n.faction == faction && (&n.card == card || n.awards.contains(card))
                }) =>
            {
                ControlSource::Card { card: *card }
            }
            _ => ControlSource::Conquest { noble: *to },
        };
    let next = Controller {
        faction: Some(faction),
        source,
    };
    if current.as_ref() != Some(&next) {
        ctx.emit(Event::ControlChanged {
            location,
            controller: Some(next),
        });
    }
    expel(ctx, &location);
}

/// 9.53, 20.08: a ship whose card has left play is removed once it is in port and empty.
pub fn remove_if_card_gone(ctx: &mut Ctx<'_>, ship: &str) {
    let Some(s) = ctx.state.ships.get(ship) else {
        return;
    };
    let gone = !card_held(&ctx.state, s)
        && matches!(s.place, ShipPlace::Port { .. })
        && passengers(&ctx.state, ship).is_empty();
    if gone {
        let card = s.card;
        ctx.emit(Event::ShipPlaced {
            ship: ship.to_owned(),
            card,
            capacity: 0,
            place: None,
        });
    }
}

/// The Archbishop or Bishop `noble` holds goes to the Crown discard, and the places it
/// controlled are settled again (19.12, Z22).
pub fn discard_bishop(ctx: &mut Ctx<'_>, noble: &NobleId) {
    let Some(old) = ctx.state.nobles.get(noble).and_then(|n| {
        n.awards
            .iter()
            .find(|a| {
                ctx.content.cards.card(a.as_str()).map(|c| c.card_type) == Some(CardType::Bishop)
            })
            .cloned()
    }) else {
        return;
    };
    discard_awarded(ctx, noble, old);
}

/// `noble`'s awarded Bishop `old` goes to the Crown discard, and the places it controlled are
/// settled again (19.12, Z22).
pub fn discard_awarded(ctx: &mut Ctx<'_>, noble: &NobleId, old: CrownCardId) {
    ctx.emit(Event::CardRemoved {
        noble: *noble,
        card: old,
        to: CardDestination::Discard,
    });
    let lapsed: Vec<LocationId> = ctx
        .state
        .control
        .iter()
        .filter(|(_, c)| matches!(&c.source, ControlSource::Card { card: x } if *x == old))
        .map(|(l, _)| *l)
        .collect();
    for location in lapsed {
        recompute_control(ctx, &location, None);
    }
}
