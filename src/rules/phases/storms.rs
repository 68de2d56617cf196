//! Storms at Sea (8.26–8.29): every ship at sea runs to its closest port, counting movement
//! points. Among equally close ports a ship with passengers takes a friendly or unfortified one
//! when it can (Z09: this only breaks ties); if a choice remains, the ship's OWNER makes it.
//! A Faction leaving an Alliance raises the same storm over the ships carrying former allies
//! (23.21).

use crate::content::{EventCardId, LocationId, NobleId};
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::ships::{passengers, ship_mover, ship_owner};
use crate::rules::state::{Pending, Place, ShipPlace, StormPort};

/// The equally closest ports for a ship at sea, narrowed as 8.27 says for one with passengers.
fn closest_ports(ctx: &Ctx<'_>, ship: &str, zone: &crate::content::SeaZoneId) -> Vec<LocationId> {
    let distances: std::collections::BTreeMap<_, _> = ctx
        .content
        .map
        .sea_zones_within(zone, 99)
        .into_iter()
        .collect();
    let costs: Vec<(u32, LocationId)> = ctx
        .content
        .map
        .ports
        .iter()
        .filter_map(|p| distances.get(&p.sea_zone).map(|d| (d + 1, p.location)))
        .collect();
    let Some(best) = costs.iter().map(|(d, _)| *d).min() else {
        return Vec::new();
    };
    let mut ports: Vec<LocationId> = costs
        .into_iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, p)| p)
        .collect();
    ports.sort();
    let aboard = passengers(&ctx.state, ship);
    let owner = aboard
        .first()
        .and_then(|n| ctx.owner(n))
        .or_else(|| ship_owner(&ctx.state, ship));
    if !aboard.is_empty()
        && let Some(owner) = owner
    {
        // 8.27: a friendly or unfortified port when possible.
        let open: Vec<LocationId> = ports
            .iter()
            .filter(|p| {
                ctx.content
                    .map
                    .location(p)
                    .is_some_and(|l| !l.kind.is_fortified())
                    || ctx.state.place_friendly(p, owner)
            })
            .cloned()
            .collect();
        if !open.is_empty() {
            ports = open;
        }
    }
    ports
}

/// Runs the storm over every ship at sea, given the owners' choices so far. Returns false when
/// an owner must choose a port first (the Event then waits).
pub fn run(ctx: &mut Ctx<'_>, card: &EventCardId, chosen: &[(String, LocationId)]) -> bool {
    run_on(ctx, Some(card), None, chosen)
}

/// 23.21: a Faction leaves an Alliance; each ship at sea carrying Nobles of Factions no
/// longer friendly to each other is treated as struck by Storms at Sea (the others stay).
/// Returns false when an owner must choose a port first.
pub fn former_allies_at_sea(ctx: &mut Ctx<'_>) -> bool {
    let struck: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|(_, s)| matches!(s.place, ShipPlace::Sea { .. }))
        .map(|(id, _)| id.clone())
        .filter(|id| {
            let factions: Vec<_> = passengers(&ctx.state, id)
                .iter()
                .filter_map(|n| ctx.owner(n))
                .collect();
            factions
                .iter()
                .any(|a| factions.iter().any(|b| !ctx.state.friendly(*a, *b)))
        })
        .collect();
    if struck.is_empty() {
        return true;
    }
    run_on(ctx, None, Some(&struck), &[])
}

/// The storm over the ships at sea (`only` those when given), from the Event `card` or, with
/// none, from an Alliance's end.
fn run_on(
    ctx: &mut Ctx<'_>,
    card: Option<&EventCardId>,
    only: Option<&[String]>,
    chosen: &[(String, LocationId)],
) -> bool {
    for (ship, s) in ctx.state.ships.clone() {
        let ShipPlace::Sea { zone } = &s.place else {
            continue;
        };
        if only.is_some_and(|only| !only.contains(&ship)) {
            continue;
        }
        let port = match chosen.iter().find(|(x, _)| *x == ship) {
            Some((_, port)) => *port,
            None => {
                let ports = closest_ports(ctx, &ship, zone);
                match ports.as_slice() {
                    [] => continue,
                    [one] => *one,
                    _ => {
                        // 9.53, 20.08: with its card gone, whoever still sails it.
                        let Some(faction) =
                            ship_owner(&ctx.state, &ship).or_else(|| ship_mover(&ctx.state, &ship))
                        else {
                            continue;
                        };
                        // 8.26: on a tie the ship's owner chooses.
                        ctx.emit(Event::DecisionOpened {
                            pending: Pending::StormPort(StormPort {
                                card: card.cloned(),
                                only: only.map(<[String]>::to_vec),
                                faction,
                                ship: ship.clone(),
                                ports,
                                chosen: chosen.to_vec(),
                            }),
                        });
                        return false;
                    }
                }
            }
        };
        land(ctx, &ship, &port);
    }
    true
}

/// The ship enters the port; its passengers go to the open field of the port's Area (8.28)
/// or, if the port is friendly or unfortified, may each go into a friendly fortified place
/// there (8.29).
fn land(ctx: &mut Ctx<'_>, ship: &str, port: &LocationId) {
    let aboard: Vec<NobleId> = passengers(&ctx.state, ship);
    let owner = aboard.first().and_then(|n| ctx.owner(n));
    let open = owner.is_some_and(|o| {
        ctx.content
            .map
            .location(port)
            .is_some_and(|l| !l.kind.is_fortified())
            || ctx.state.place_friendly(port, o)
    });
    ctx.emit(Event::ShipMoved {
        ship: ship.to_owned(),
        to: ShipPlace::Port { location: *port },
        free: false,
    });
    let Some(area) = ctx.content.map.area_of(port).cloned() else {
        return;
    };
    for noble in &aboard {
        ctx.emit(Event::NobleMoved {
            noble: *noble,
            to: Place::Field { area },
            counts_as_move: false,
        });
    }
    if open && let Some(owner) = owner {
        crate::rules::phases::sea::offer_disembark(ctx, owner, area, aboard);
    }
    crate::rules::control::remove_if_card_gone(ctx, ship); // 9.53, 20.08
}

/// Checks an owner's choice of port.
pub fn check_choose(storm: &StormPort, port: &LocationId) -> Result<(), RuleError> {
    if storm.ports.contains(port) {
        Ok(())
    } else {
        Err(RuleError::ShipCannot {
            ship: storm.ship.clone(),
            cause: crate::rules::error::ShipCause::NotAStormPort,
        })
    }
}

/// Records the owner's choice, as [`check_choose`] allowed, and goes on with the storm; once
/// every ship is in port the Event card is discarded.
pub fn choose(ctx: &mut Ctx<'_>, storm: &StormPort, port: &LocationId) {
    ctx.emit(Event::DecisionClosed);
    let mut chosen = storm.chosen.clone();
    chosen.push((storm.ship.clone(), *port));
    if run_on(ctx, storm.card.as_ref(), storm.only.as_deref(), &chosen)
        && let Some(card) = &storm.card
    {
        crate::rules::phases::event_common::finish_event(ctx, card);
    }
}
