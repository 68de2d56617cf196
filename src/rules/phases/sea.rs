//! Sea movement (9.30–9.54): boarding, after which the ship puts out at once and more of the
//! port's Nobles may still join it (9.43); fleets of ships carrying one stack (9.41); voyages;
//! landing in friendly or unfortified ports (9.45, 9.46) or, strong enough, at a neutral or
//! enemy fortified port to besiege it (the siege itself is in `landing`, 9.47–9.52); ships
//! whose card left play (9.53, 20.08); Free Moves on ships (9.72–9.76). Ship loans (9.54) are
//! in `ship_loan`.

use crate::content::Content;
use crate::content::map::LocationKind;
use crate::content::{AreaId, LocationId, NobleId, SeaZoneId};
use crate::rules::FactionIdx;
use crate::rules::command::ShipDestination;
use crate::rules::control::remove_if_card_gone;
use crate::rules::ctx::Ctx;
use crate::rules::error::{FreeMoveCause, RuleError, ShipCause};
use crate::rules::event::Event;
use crate::rules::phases::movement::{land_area, spend_free};
use crate::rules::roads::passable;
use crate::rules::ships::{cannot, passengers, ship_mover};
use crate::rules::state::{Pending, Place, ShipPlace, ShipState, State};
use crate::rules::troops::base_strength;

use crate::rules::phases::landing::check_landing_strength;

fn no_free_move(cause: FreeMoveCause) -> RuleError {
    RuleError::NoFreeMove { cause }
}

/// The ship and the ships that put out with it from the same port in this move (9.41).
fn carriers(state: &State, ship: &str) -> Vec<String> {
    let Some(s) = state.ships.get(ship) else {
        return Vec::new();
    };
    let Some(u) = &s.underway else {
        return vec![ship.to_owned()];
    };
    state
        .ships
        .iter()
        .filter(|(id, x)| {
            id.as_str() == ship
                || (x.place == s.place
                    && x.underway.as_ref().is_some_and(|v| v.from == u.from)
                    && ship_mover(state, id) == ship_mover(state, ship))
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// Ships of `by` in port at `port` that may put out as escorts (9.41), by id: on a normal move
/// those that have not moved this round; on a Free Move those that may still take one, each
/// on a card of its own (9.70, 9.75).
fn port_fleet(ctx: &Ctx<'_>, by: FactionIdx, port: &LocationId, free: bool) -> Vec<String> {
    ctx.state
        .ships
        .iter()
        .filter(|(id, x)| {
            ship_mover(&ctx.state, id) == Some(by)
                && matches!(&x.place, ShipPlace::Port { location } if location == port)
                && x.underway.is_none()
                && if free {
                    may_take_free_move(ctx, by, id, x)
                } else {
                    x.moved_round != Some(ctx.state.clock.round)
                }
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// Whether the faction holds a Free Move card for each of `ships` (9.70, 9.75).
fn cards_for(ctx: &Ctx<'_>, by: FactionIdx, ships: usize) -> bool {
    ctx.state.factions[usize::from(by)].free_moves.len() >= ships
}

/// Checks the faction may start a Free Move with this ship now, or says why not (9.75, 9.78).
fn free_move_open(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    s: &ShipState,
) -> Result<(), FreeMoveCause> {
    if ctx.state.factions[usize::from(by)].free_moves.is_empty() {
        return Err(FreeMoveCause::NoneHeld);
    }
    if s.lent_to.is_some() {
        return Err(FreeMoveCause::LentShip);
    }
    if !may_take_free_move(ctx, by, ship, s) {
        return Err(FreeMoveCause::UsedThisPhase);
    }
    Ok(())
}

/// Whether this ship may still take a Free Move this phase, given a card for it (9.75, 9.78).
fn may_take_free_move(ctx: &Ctx<'_>, by: FactionIdx, ship: &str, s: &ShipState) -> bool {
    !ctx.state.factions[usize::from(by)]
        .pieces_used_free_move
        .iter()
        .any(|p| p == ship)
        && s.lent_to.is_none()
}

/// The Area a Noble boards from: its own move unused, or a Free Move on the ship (9.74)
/// unless the Noble itself moved by a Free Move (9.76).
fn boarder(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    free: bool,
) -> Result<AreaId, RuleError> {
    let area = land_area(ctx, by, noble)?;
    if let Some(card) = ctx.state.card_moved_elsewhere(noble) {
        return Err(RuleError::CardAlreadyMoved { card: *card }); // 20.06
    }
    let round = Some(ctx.state.clock.round);
    let used_free = ctx.state.factions[usize::from(by)]
        .pieces_used_free_move
        .iter()
        .any(|p| p == noble.as_str());
    let royals = ctx.state.royals_with(noble);
    if free {
        // 9.76: a piece moved by a Free Move of its own is not carried on by a ship's.
        let royal_used_free = royals.iter().any(|r| {
            ctx.state.factions[usize::from(by)]
                .pieces_used_free_move
                .iter()
                .any(|p| p == r.as_str())
        });
        if used_free || royal_used_free {
            return Err(no_free_move(FreeMoveCause::CarriedAfterOwn));
        }
    } else if ctx
        .state
        .nobles
        .get(noble)
        .is_some_and(|n| n.moved_round == round || n.attacked_round == round)
    {
        return Err(RuleError::AlreadyMoved { noble: *noble }); // 9.02
    } else if let Some(royal) = royals.into_iter().find(|r| {
        ctx.state
            .royals
            .get(r)
            .is_some_and(|x| x.moved_round == round)
    }) {
        // 9.71, 9.72: a Royal that has moved goes to sea again only on a ship's Free Move,
        // which carries the ship and all aboard as one piece.
        return Err(RuleError::RoyalAlreadyMoved { royal });
    }
    Ok(area)
}

/// Checks boarding (9.38–9.44, 9.74); returns the port the ship boards at.
pub fn check_board(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    ship: &str,
    free: bool,
) -> Result<LocationId, RuleError> {
    let area = boarder(ctx, by, noble, free)?;
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot(ship, ShipCause::NoSuchShip));
    };
    if ship_mover(&ctx.state, ship) != Some(by) {
        return Err(cannot(ship, ShipCause::NotYours)); // 9.40, 9.54
    }
    let port = match (&s.place, &s.underway) {
        // 9.43: the ship has just put out from its port; more Nobles may join it.
        (ShipPlace::Sea { .. }, Some(u)) if u.free == free && u.spent == 1 => u.from,
        (ShipPlace::Port { location }, None) => {
            if free {
                free_move_open(ctx, by, ship, s).map_err(no_free_move)?;
            } else if s.moved_round == Some(ctx.state.clock.round) {
                return Err(cannot(ship, ShipCause::AlreadyMoved));
            }
            *location
        }
        _ => return Err(cannot(ship, ShipCause::NotInPort)),
    };
    let Some(p) = ctx.content.map.location(&port) else {
        return Err(cannot(ship, ShipCause::NotAPort));
    };
    if p.area != area {
        return Err(cannot(ship, ShipCause::NotYourPort)); // 9.38
    }
    if !ctx.state.place_friendly(&port, by) && p.kind.is_fortified() {
        return Err(cannot(ship, ShipCause::HostilePort)); // 9.44
    }
    // 9.41: the ships of the port carry a stack up to their total capacity; on a Free Move
    // each ship putting out takes a card of its own (9.70, 9.75).
    let mut fleet = carriers(&ctx.state, ship);
    let mut putting_out = usize::from(s.underway.is_none());
    let load = base_strength(ctx.content, &ctx.state, noble)
        + fleet
            .iter()
            .flat_map(|id| passengers(&ctx.state, id))
            .map(|n| base_strength(ctx.content, &ctx.state, &n))
            .sum::<u32>();
    let capacity = |fleet: &[String]| -> u32 {
        fleet
            .iter()
            .filter_map(|id| ctx.state.ships.get(id))
            .map(|x| x.capacity)
            .sum()
    };
    for other in port_fleet(ctx, by, &port, free) {
        if load <= capacity(&fleet) {
            break;
        }
        if !fleet.contains(&other) {
            fleet.push(other);
            putting_out += 1;
        }
    }
    if load > capacity(&fleet) {
        return Err(cannot(ship, ShipCause::TooSmall)); // 9.41, 9.42
    }
    if free && !cards_for(ctx, by, putting_out) {
        return Err(no_free_move(FreeMoveCause::TooFew)); // 9.75
    }
    Ok(port)
}

/// Boards a Noble at `port` (where [`check_board`] found the ship boards); a ship still in
/// port puts out to its sea Area at once, using the first of its movement points (9.43), with
/// as many of the port's other ships as the load needs.
pub fn board(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    ship: &str,
    free: bool,
    port: LocationId,
) {
    let starting = ctx
        .state
        .ships
        .get(ship)
        .is_some_and(|s| s.underway.is_none());
    if starting && free {
        spend_free(ctx, by, ship.to_owned()); // 9.74
    }
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: Place::Aboard {
            ship: ship.to_owned(),
        },
        counts_as_move: !free,
    });
    if !free {
        for royal in ctx.state.royals_with(noble) {
            ctx.emit(Event::RoyalMoved { royal }); // 9.71: its normal move, by sea
        }
    }
    let Some(zone) = ctx.content.map.port_sea_zone(&port).cloned() else {
        return;
    };
    let put_out = |ctx: &mut Ctx<'_>, id: String| {
        ctx.emit(Event::ShipMoved {
            ship: id.clone(),
            to: ShipPlace::Sea { zone },
            free,
        });
        ctx.emit(Event::ShipPutOut {
            ship: id,
            from: port,
            free,
        });
    };
    if starting {
        put_out(ctx, ship.to_owned());
    }
    // 9.41: escorts put out too while the load exceeds what has put out.
    let load = |ctx: &Ctx<'_>| -> (u32, u32) {
        let group = carriers(&ctx.state, ship);
        let load = group
            .iter()
            .flat_map(|id| passengers(&ctx.state, id))
            .map(|n| base_strength(ctx.content, &ctx.state, &n))
            .sum();
        let capacity = group
            .iter()
            .filter_map(|id| ctx.state.ships.get(id))
            .map(|x| x.capacity)
            .sum();
        (load, capacity)
    };
    for escort in port_fleet(ctx, by, &port, free) {
        let (l, c) = load(ctx);
        if l <= c {
            break;
        }
        if free {
            spend_free(ctx, by, escort.clone()); // 9.70: a card for each ship
        }
        put_out(ctx, escort);
    }
}

/// Where a voyage starts: the sea Area and the point spent leaving a port (9.30, 9.31).
pub fn voyage_start(content: &Content, from: &ShipPlace) -> Option<(SeaZoneId, u32)> {
    match from {
        ShipPlace::Port { location } => Some((*content.map.port_sea_zone(location)?, 1)),
        ShipPlace::Sea { zone } => Some((*zone, 0)),
    }
}

/// Whether a Sail goes on with a move begun by boarding rather than starting a new one.
fn continuing(s: &ShipState, free: bool) -> bool {
    s.underway.as_ref().is_some_and(|u| u.free == free)
}

/// Where this voyage starts and the points already counted: leaving a port, or those spent
/// since the ship put out (9.43).
pub fn voyage_origin(content: &Content, s: &ShipState, free: bool) -> Option<(SeaZoneId, u32)> {
    let (zone, leave) = voyage_start(content, &s.place)?;
    match &s.underway {
        Some(u) if continuing(s, free) => Some((zone, leave + u.spent)),
        _ => Some((zone, leave)),
    }
}

/// Movement points to a destination given the distances from the start (9.30, 9.31).
pub fn voyage_cost(
    content: &Content,
    leave: u32,
    distances: &[(SeaZoneId, u32)],
    to: &ShipDestination,
) -> Option<u32> {
    let (end, enter) = match to {
        ShipDestination::Port { location } => (content.map.port_sea_zone(location)?, 1),
        ShipDestination::Sea { zone } => (zone, 0),
    };
    let d = distances.iter().find(|(z, _)| z == end).map(|(_, d)| *d)?;
    Some(leave + d + enter)
}

/// What a voyage does: the ships that sail, where they end, their passengers, and the port
/// they land at to besiege, if any.
pub struct Voyage {
    /// The ship and the ships that sail with it (9.41).
    pub fleet: Vec<String>,
    /// Where the ship ends.
    pub place: ShipPlace,
    /// Its passengers.
    pub passengers: Vec<NobleId>,
    /// The neutral or enemy fortified port they must besiege (9.47).
    pub landing: Option<LocationId>,
}

/// Sails a ship with its passengers (9.30–9.50): the voyage [`check_sail`] found.
pub fn sail(ctx: &mut Ctx<'_>, by: FactionIdx, ship: &str, free: bool, voyage: Voyage) {
    let going_on = ctx
        .state
        .ships
        .get(ship)
        .is_some_and(|s| continuing(s, free));
    if free && !going_on {
        // 9.70, 9.75: each ship of the fleet sails on a Free Move card of its own.
        for id in &voyage.fleet {
            spend_free(ctx, by, id.clone());
        }
    }
    for id in &voyage.fleet {
        ctx.emit(Event::ShipMoved {
            ship: id.clone(),
            to: voyage.place.clone(),
            free,
        });
    }
    if let Some(location) = voyage.landing {
        for id in voyage.fleet {
            ctx.emit(Event::ShipLanding {
                ship: id,
                location: Some(location),
            }); // 9.47: they stay aboard next to the port until the siege
        }
        return;
    }
    if let ShipPlace::Port { location } = &voyage.place
        && let Some(area) = ctx.content.map.area_of(location).cloned()
    {
        for noble in &voyage.passengers {
            ctx.emit(Event::NobleMoved {
                noble: *noble,
                to: Place::Field { area },
                counts_as_move: false,
            }); // 9.45, 9.46
        }
        offer_disembark(ctx, by, area, voyage.passengers);
    }
    for id in &voyage.fleet {
        remove_if_card_gone(ctx, id); // 9.53, 20.08
    }
}

/// 9.46, 8.29: passengers just landed in the open field may each go into a friendly
/// fortified place of the Area instead; opens that decision if any can.
pub fn offer_disembark(ctx: &mut Ctx<'_>, by: FactionIdx, area: AreaId, landed: Vec<NobleId>) {
    let may_enter: Vec<NobleId> = landed
        .into_iter()
        .filter(|n| {
            ctx.content
                .map
                .locations_in(&area)
                .iter()
                .any(|l| check_land_inside(ctx, by, std::slice::from_ref(n), n, &l.id).is_ok())
        })
        .collect();
    if !may_enter.is_empty() {
        ctx.emit(Event::DecisionOpened {
            pending: Pending::Disembark {
                faction: by,
                area,
                nobles: may_enter,
            },
        });
    }
}

/// Checks taking a just-landed passenger into a friendly fortified place of its Area (9.46).
pub fn check_land_inside(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    nobles: &[NobleId],
    noble: &NobleId,
    location: &LocationId,
) -> Result<(), RuleError> {
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay { noble: *noble });
    };
    if n.faction != by {
        return Err(RuleError::NotYourNoble { noble: *noble });
    }
    let (Place::Field { area }, true) = (&n.place, nobles.contains(noble)) else {
        return Err(RuleError::NotJustLanded { noble: *noble });
    };
    let to = crate::rules::command::Destination {
        area: *area,
        inside: Some(*location),
    };
    crate::rules::phases::movement::landing(ctx, by, noble, &to).map(|_| ())
}

/// Takes a just-landed passenger inside, as [`check_land_inside`] allowed; the decision
/// closes once no one is left to choose.
pub fn land_inside(ctx: &mut Ctx<'_>, nobles: &[NobleId], noble: &NobleId, location: &LocationId) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: Place::Inside {
            location: *location,
        },
        counts_as_move: false,
    });
    let rest: Vec<NobleId> = nobles.iter().filter(|n| *n != noble).cloned().collect();
    match ctx.state.pending.last().cloned() {
        Some(Pending::Disembark { faction, area, .. }) if !rest.is_empty() => {
            ctx.emit(Event::DecisionUpdated {
                pending: Pending::Disembark {
                    faction,
                    area,
                    nobles: rest,
                },
            });
        }
        _ => ctx.emit(Event::DecisionClosed),
    }
}

/// Checks a voyage (9.30–9.50).
pub fn check_sail(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    to: &ShipDestination,
    free: bool,
) -> Result<Voyage, RuleError> {
    let s = check_ship(ctx, by, ship, free)?;
    let (start, counted) =
        voyage_origin(ctx.content, s, free).ok_or_else(|| cannot(ship, ShipCause::NotAPort))?;
    let distances = ctx.content.map.sea_zones_within(&start, 5);
    let cost = voyage_cost(ctx.content, counted, &distances, to).ok_or_else(|| {
        let port = match to {
            ShipDestination::Port { location } => ctx.content.map.port_sea_zone(location),
            ShipDestination::Sea { zone } => Some(zone),
        };
        cannot(
            ship,
            if port.is_some() {
                ShipCause::TooFar
            } else {
                ShipCause::NotAPort
            },
        )
    })?;
    let fleet = sailing_fleet(ctx, by, ship, free)?;
    check_voyage(ctx, by, &fleet, ship, to, cost)
}

/// The passengers' strength without regional bonuses and the total capacity of some ships
/// (9.41, 9.42).
fn load(ctx: &Ctx<'_>, ships: &[String]) -> (u32, u32) {
    let aboard = ships
        .iter()
        .flat_map(|id| passengers(&ctx.state, id))
        .map(|n| base_strength(ctx.content, &ctx.state, &n))
        .sum();
    let capacity = ships
        .iter()
        .filter_map(|id| ctx.state.ships.get(id))
        .map(|x| x.capacity)
        .sum();
    (aboard, capacity)
}

/// The ships that sail together when `ship` sails (9.41): the ships that put out with it, or,
/// when its passengers outweigh its own capacity, as many of the faction's ships beside it as
/// the load needs, so a stack carried by several ships travels as one fleet: on a normal move
/// ships that have not moved, on a Free Move ships that may take one, a card for each ship
/// (9.70, 9.75). Refused if the fleet cannot carry its passengers, if the Free Move cards run
/// short, or if the ships staying behind would be left with more passengers than they can
/// hold (an escort cannot sail off on its own).
pub fn sailing_fleet(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    free: bool,
) -> Result<Vec<String>, RuleError> {
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot(ship, ShipCause::NoSuchShip));
    };
    let mut fleet = if continuing(s, free) {
        carriers(&ctx.state, ship)
    } else {
        vec![ship.to_owned()]
    };
    let beside: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|(id, x)| {
            x.place == s.place && !fleet.contains(*id) && ship_mover(&ctx.state, id) == Some(by)
        })
        .map(|(id, _)| id.clone())
        .collect();
    let going_on = continuing(s, free);
    let round = Some(ctx.state.clock.round);
    for id in &beside {
        let (aboard, capacity) = load(ctx, &fleet);
        if aboard <= capacity || going_on {
            break;
        }
        let ready = ctx.state.ships.get(id).is_some_and(|x| {
            x.underway.is_none()
                && if free {
                    may_take_free_move(ctx, by, id, x)
                } else {
                    x.moved_round != round
                }
        });
        if ready {
            fleet.push(id.clone());
        }
    }
    let (aboard, capacity) = load(ctx, &fleet);
    if aboard > capacity {
        return Err(cannot(ship, ShipCause::TooSmall)); // 9.41
    }
    if free && !going_on && !cards_for(ctx, by, fleet.len()) {
        return Err(no_free_move(FreeMoveCause::TooFew)); // 9.75
    }
    let left: Vec<String> = beside
        .into_iter()
        .filter(|id| !fleet.contains(id))
        .collect();
    let (aboard, capacity) = load(ctx, &left);
    if aboard > capacity {
        return Err(cannot(ship, ShipCause::WouldStrand)); // 9.41: over capacity
    }
    Ok(fleet)
}

/// Checks the ship may sail now: moved by this faction, not yet moved unless by a Free Move
/// (9.75), or going on with the move begun by boarding (9.43).
pub fn check_ship<'s>(
    ctx: &'s Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    free: bool,
) -> Result<&'s ShipState, RuleError> {
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot(ship, ShipCause::NoSuchShip));
    };
    if ship_mover(&ctx.state, ship) != Some(by) {
        return Err(cannot(ship, ShipCause::NotYours));
    }
    if continuing(s, free) {
        return Ok(s);
    }
    let moved = s.moved_round == Some(ctx.state.clock.round);
    if moved && !free {
        return Err(cannot(ship, ShipCause::AlreadyMoved));
    }
    if free {
        free_move_open(ctx, by, ship, s).map_err(no_free_move)?;
    }
    Ok(s)
}

/// Whether passengers of `by` may land at a port as at a friendly one: friendly or
/// unfortified (9.46), or Kingston while unoccupied or held by friends (9.50).
fn open_port(ctx: &Ctx<'_>, by: FactionIdx, location: &LocationId) -> bool {
    let Some(l) = ctx.content.map.location(location) else {
        return false;
    };
    !l.kind.is_fortified()
        || ctx.state.place_friendly(location, by)
        || (l.kind == LocationKind::OpenTown && passable(ctx.content, &ctx.state, by, location))
}

/// Checks a voyage of `cost` points in all to `to` by `ship` and its `fleet` (9.30,
/// 9.45–9.50).
pub fn check_voyage(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    fleet: &[String],
    ship: &str,
    to: &ShipDestination,
    cost: u32,
) -> Result<Voyage, RuleError> {
    if cost == 0 {
        return Err(cannot(ship, ShipCause::AlreadyThere));
    }
    if cost > 5 {
        return Err(cannot(ship, ShipCause::TooFar));
    }
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot(ship, ShipCause::NoSuchShip));
    };
    let aboard: Vec<NobleId> = fleet
        .iter()
        .flat_map(|id| passengers(&ctx.state, id))
        .collect();
    let (place, landing) = match to {
        ShipDestination::Port { location } => {
            if aboard.is_empty() || open_port(ctx, by, location) {
                (
                    ShipPlace::Port {
                        location: *location,
                    },
                    None,
                ) // 9.37, 9.46
            } else {
                check_landing_strength(ctx, by, &aboard, ship, location)?;
                let zone = ctx
                    .content
                    .map
                    .port_sea_zone(location)
                    .cloned()
                    .ok_or_else(|| cannot(ship, ShipCause::NotAPort))?;
                (ShipPlace::Sea { zone }, Some(*location)) // 9.47
            }
        }
        ShipDestination::Sea { zone } => (ShipPlace::Sea { zone: *zone }, None),
    };
    if place == s.place && landing.is_none() {
        return Err(cannot(ship, ShipCause::AlreadyThere));
    }
    Ok(Voyage {
        fleet: fleet.to_vec(),
        place,
        passengers: aboard,
        landing,
    })
}
