//! The Event Phase (§8): drawing the card, the window before it resolves (8.02), and each
//! Event type: Raid/Revolt, Embassy, Storms at Sea, Mercenaries Go Home, Plague, Free Move,
//! Clamour for Parliament, Chancellor. Who responds to an Event and ending one are shared
//! with Embassy and Storms at Sea, in `event_common`.

use crate::content::events::{Destination, Summoner, TopHalf};
use crate::content::{EventCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::{DeathCause, Event};
use crate::rules::flow;
use crate::rules::phases::event_common::{after_event, finish_event, responds};
use crate::rules::state::{Pending, Place, RoyalPlace, ShipPlace, WindowKind};

/// Draws the Event card (8.01, 4.07) and either resolves it or opens the window (8.02).
pub fn draw(ctx: &mut Ctx<'_>, by: FactionIdx) {
    let Some(card) = flow::draw_event(ctx, by) else {
        after_event(ctx);
        return;
    };
    let Some(top) = ctx.content.events.card(&card).map(|c| c.top.clone()) else {
        return;
    };
    match top {
        TopHalf::FreeMove => {
            ctx.emit(Event::FreeMoveKept { faction: by, card }); // 8.37
            after_event(ctx);
        }
        TopHalf::Clamour => {
            ctx.emit(Event::ClamourPlaced { card }); // 8.38
            after_event(ctx);
        }
        TopHalf::Chancellor => {
            match crate::rules::prestige::chancellor_faction(ctx.content, &ctx.state) {
                Some(faction) => ctx.emit(Event::ChancellorCardKept { faction, card }), // 8.39
                None => ctx.emit(Event::EventCardDiscarded { card }),
            }
            after_event(ctx);
        }
        _ => {
            let order = flow::clockwise_from(ctx, by);
            ctx.emit(Event::DecisionOpened {
                pending: Pending::EventReaction {
                    card,
                    window: flow::window(WindowKind::BeforeEvent, order),
                },
            });
        }
    }
}

/// Where a summoned Noble goes (8.12, 8.13, Z07).
fn summons_place(ctx: &Ctx<'_>, noble: &NobleId, to: &Destination) -> Option<Place> {
    let faction = ctx.owner(noble)?;
    match to {
        Destination::Area(area) => Some(Place::Field { area: *area }),
        Destination::Location(location) => {
            let l = ctx.content.map.location(location)?;
            if l.kind.is_fortified()
                && ctx.state.place_friendly(location, faction)
                && !ctx.state.besieged.contains_key(location)
                && crate::rules::capacity::fits(ctx, location, noble)
            {
                Some(Place::Inside {
                    location: *location,
                })
            } else {
                Some(Place::Field { area: l.area })
            }
        }
    }
}

/// 8.18, 8.19: up to `count` of the Office's ships in mainland ports go to the named port;
/// ships at sea or off the mainland stay.
fn ships_respond(
    ctx: &mut Ctx<'_>,
    office: &crate::content::CrownCardId,
    to: &crate::content::events::Destination,
    count: u8,
) {
    let crate::content::events::Destination::Location(port) = to else {
        return;
    };
    if ctx.content.map.port_sea_zone(port).is_none() {
        return;
    }
    let map = &ctx.content.map;
    let mainland = |location: &LocationId| {
        map.location(location)
            .and_then(|l| map.area(&l.area))
            .is_some_and(|a| {
                !a.island
                    && a.region
                        .as_ref()
                        .and_then(|r| map.region(r))
                        .is_none_or(|r| r.mainland)
            })
    };
    let going: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|(_, x)| &x.card == office)
        .filter(|(_, x)| {
            matches!(&x.place, ShipPlace::Port { location } if location != port && mainland(location))
        })
        .map(|(id, _)| id.clone())
        .take(usize::from(count))
        .collect();
    for ship in going {
        ctx.emit(Event::ShipMoved {
            ship,
            to: ShipPlace::Port { location: *port },
            free: false,
        });
    }
}

/// The Noble a Raid line calls, if in play.
fn summoned(ctx: &Ctx<'_>, who: &Summoner) -> Option<NobleId> {
    match who {
        Summoner::Noble(n) => ctx.state.nobles.contains_key(n).then_some(*n),
        Summoner::Holder(c) => ctx
            .state
            .nobles
            .iter()
            .find(|(_, n)| n.awards.contains(c))
            .map(|(id, _)| *id),
    }
}

/// Resolves the Event once its window has closed.
pub fn resolve(ctx: &mut Ctx<'_>, card: &EventCardId) {
    resolve_with(ctx, card, &[]);
}

/// Resolves the Event given the owners' choices of Raid lines so far (8.15).
pub fn resolve_with(ctx: &mut Ctx<'_>, card: &EventCardId, chosen: &[(NobleId, u32)]) {
    let Some(top) = ctx.content.events.card(card).map(|c| c.top.clone()) else {
        return;
    };
    match top {
        TopHalf::Raid { summons } => {
            // 8.15: a Noble called to several places goes where its owner chooses.
            let mut calls: std::collections::BTreeMap<NobleId, Vec<u32>> =
                std::collections::BTreeMap::new();
            for (i, line) in summons.iter().enumerate() {
                if let Some(noble) = summoned(ctx, &line.who)
                    && responds(ctx, &noble)
                    && summons_place(ctx, &noble, &line.to).is_some()
                {
                    calls.entry(noble).or_default().push(i as u32);
                }
            }
            for (noble, lines) in &calls {
                if lines.len() > 1
                    && !chosen.iter().any(|(n, _)| n == noble)
                    && let Some(faction) = ctx.owner(noble)
                {
                    ctx.emit(Event::DecisionOpened {
                        pending: crate::rules::state::Pending::RaidDestination {
                            card: *card,
                            faction,
                            noble: *noble,
                            lines: lines.clone(),
                            chosen: chosen.to_vec(),
                        },
                    });
                    return;
                }
            }
            let mut moved: Vec<NobleId> = Vec::new();
            for (i, line) in summons.iter().enumerate() {
                if let Some(noble) = summoned(ctx, &line.who)
                    && chosen.iter().any(|(n, l)| *n == noble && *l != i as u32)
                {
                    continue;
                }
                let noble = match &line.who {
                    Summoner::Noble(n) => ctx.state.nobles.contains_key(n).then_some(*n),
                    Summoner::Holder(c) => ctx
                        .state
                        .nobles
                        .iter()
                        .find(|(_, n)| n.awards.contains(c))
                        .map(|(id, _)| *id),
                };
                let Some(noble) = noble else { continue };
                // 8.15: a Noble called twice goes to the first (owner's choice not yet asked).
                if moved.contains(&noble) || !responds(ctx, &noble) {
                    continue;
                }
                if let Some(place) = summons_place(ctx, &noble, &line.to) {
                    ctx.emit(Event::NobleMoved {
                        noble,
                        to: place,
                        counts_as_move: false,
                    });
                    moved.push(noble);
                    if let (Some(ships), Summoner::Holder(office)) = (&line.ships, &line.who) {
                        ships_respond(ctx, office, &line.to, ships.count);
                    }
                }
            }
        }
        TopHalf::Embassy { to } => {
            if !crate::rules::phases::embassy::run(ctx, card, &to) {
                return; // 8.21: the King's companions are chosen first
            }
        }
        TopHalf::Storms => {
            if !crate::rules::phases::storms::run(ctx, card, &[]) {
                return; // 8.26: an owner chooses a port first
            }
        }
        TopHalf::MercenariesGoHome { mercenaries } => {
            for (noble, n) in ctx.state.nobles.clone() {
                for card in n.awards.iter().filter(|c| mercenaries.contains(c)) {
                    ctx.emit(Event::CardRemoved {
                        noble,
                        card: *card,
                        to: crate::rules::event::CardDestination::Discard,
                    }); // 8.31
                }
            }
        }
        TopHalf::Plague { towns } => {
            if !plague(ctx, card, &towns) {
                return; // 8.33: an owner breaks a tie first
            }
        }
        TopHalf::FreeMove | TopHalf::Clamour | TopHalf::Chancellor => {}
    }
    finish_event(ctx, card);
}

/// Ends a Plague once every owner has chosen (8.33), then the Event card is discarded.
pub fn finish_plague(ctx: &mut Ctx<'_>, card: &EventCardId, nobles: &[NobleId]) {
    crate::rules::capture::kill_all(ctx, nobles, DeathCause::Plague);
    finish_event(ctx, card); // 8.08
}

/// Kills the Royals and Nobles in the plague towns; false when an owner must break a tie first.
fn plague(ctx: &mut Ctx<'_>, card: &EventCardId, towns: &[LocationId]) -> bool {
    // 8.32: every Royal there dies; 8.33, Z11: each faction loses at most 1 Noble.
    let mut candidates: Vec<NobleId> = Vec::new();
    for town in towns {
        let Some(l) = ctx.content.map.location(town) else {
            continue;
        };
        let place = if l.kind.is_fortified() {
            Place::Inside { location: *town }
        } else {
            Place::Field { area: l.area } // Z10
        };
        for (royal, r) in ctx.state.royals.clone() {
            let here = match &r.place {
                RoyalPlace::With { noble } => ctx
                    .state
                    .nobles
                    .get(noble)
                    .is_some_and(|n| n.place == place),
                RoyalPlace::Alone { place: p } => p == &place,
                RoyalPlace::Dead => false,
            };
            if here {
                crate::rules::royalty::release_castles(ctx, &royal);
                ctx.emit(Event::RoyalDied {
                    royal,
                    executed: false,
                });
            }
        }
        for noble in ctx
            .state
            .nobles_at(&place)
            .into_iter()
            .cloned()
            .collect::<Vec<_>>()
        {
            candidates.push(noble);
        }
    }
    let cause = crate::rules::state::TieCause::Plague { card: *card };
    match crate::rules::tie_break::settle(ctx, cause, &candidates) {
        Some(nobles) => {
            crate::rules::capture::kill_all(ctx, &nobles, DeathCause::Plague);
            true
        }
        None => false,
    }
}
