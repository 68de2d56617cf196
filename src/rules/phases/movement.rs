//! The Movement Phase (§9): Regional, Road and Sea movement, passage through enemy places on
//! roads (9.24, Z24), boarding and sailing, and Free Moves (9.70–9.78).

use crate::content::Content;
use crate::content::{AreaId, LocationId, NobleId, SeaZoneId};
use crate::rules::FactionIdx;
use crate::rules::command::{Destination, MoveKind, ShipDestination};
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::state::{OfferTerms, Pending, Place, ShipPlace, State};

/// Whether a road place may be passed by `faction` (9.24, 9.25, 9.29, Z25, Z46).
pub fn passable(
    content: &Content,
    state: &State,
    faction: FactionIdx,
    location: &LocationId,
) -> bool {
    if state.besieged.contains_key(location) {
        return false;
    }
    let open_town_occupied = content
        .map
        .location(location)
        .is_some_and(|l| l.kind == crate::content::map::LocationKind::OpenTown)
        && state.nobles.values().any(|n| {
            !state.friendly(n.faction, faction)
                && matches!(&n.place, Place::Inside { location: x } if x == location)
        });
    if open_town_occupied {
        return false;
    }
    state.place_neutral(location) || state.place_friendly(location, faction)
}

/// The Areas a Noble can reach by one move of this kind.
pub fn reachable(
    content: &Content,
    state: &State,
    faction: FactionIdx,
    from: &AreaId,
    kind: MoveKind,
) -> Vec<AreaId> {
    match kind {
        MoveKind::Local => vec![from.clone()],
        MoveKind::Regional => content.map.regional_destinations(from), // 9.10, 9.11
        MoveKind::Road => content
            .map
            .road_destinations(from, |l| passable(content, state, faction, l)), // 9.20
    }
}

/// Checks a Noble may make a move now; returns its Area and whether a Free Move is needed.
pub fn mover(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    free: bool,
) -> Result<AreaId, RuleError> {
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay {
            noble: noble.clone(),
        });
    };
    if n.faction != by {
        return Err(RuleError::NotYourNoble {
            noble: noble.clone(),
        });
    }
    if ctx.state.is_besieged(noble) {
        return Err(RuleError::Besieged {
            noble: noble.clone(),
        }); // 9.01
    }
    let moved = n.moved_round == Some(ctx.state.clock.round)
        || n.attacked_round == Some(ctx.state.clock.round);
    if moved && !free {
        return Err(RuleError::AlreadyMoved {
            noble: noble.clone(),
        }); // 9.02, Z38
    }
    if free {
        let f = &ctx.state.factions[usize::from(by)];
        if f.free_moves.is_empty() || f.pieces_used_free_move.contains(&noble.to_string()) {
            return Err(RuleError::NoFreeMove); // 9.75
        }
        // 9.73: no Free Move for a Royal in the turn its control was gained.
        let round = Some(ctx.state.clock.round);
        if ctx.state.royals_with(noble).iter().any(|r| {
            ctx.state
                .royals
                .get(r)
                .is_some_and(|x| x.gained_round == round)
        }) {
            return Err(RuleError::NoFreeMove);
        }
    }
    match &n.place {
        Place::Field { area } => Ok(area.clone()),
        Place::Inside { location } => {
            ctx.content
                .map
                .area_of(location)
                .cloned()
                .ok_or(RuleError::NobleNotInPlay {
                    noble: noble.clone(),
                })
        }
        Place::Aboard { .. } | Place::Captive { .. } => Err(RuleError::NobleNotInPlay {
            noble: noble.clone(),
        }),
    }
}

fn spend_free(ctx: &mut Ctx<'_>, by: FactionIdx, piece: String) {
    if let Some(card) = ctx.state.factions[usize::from(by)]
        .free_moves
        .first()
        .cloned()
    {
        ctx.emit(Event::FreeMoveSpent {
            faction: by,
            card,
            piece,
        }); // 9.77
    }
}

/// Checks the end of a land move (9.03): open field, or inside a friendly place with room.
pub fn landing(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    to: &Destination,
) -> Result<Place, RuleError> {
    match &to.inside {
        None => Ok(Place::Field {
            area: to.area.clone(),
        }),
        Some(location) => {
            let Some(l) = ctx.content.map.location(location) else {
                return Err(RuleError::NotFriendly {
                    location: location.clone(),
                });
            };
            if l.area != to.area || !l.kind.is_fortified() {
                return Err(RuleError::NotFriendly {
                    location: location.clone(),
                });
            }
            let open_town_free = l.kind == crate::content::map::LocationKind::OpenTown
                && passable(ctx.content, &ctx.state, by, location);
            if !(ctx.state.place_friendly(location, by) || open_town_free)
                || ctx.state.besieged.contains_key(location)
            {
                return Err(RuleError::NotFriendly {
                    location: location.clone(),
                }); // 9.07, 9.29
            }
            if !crate::rules::phases::event_phase::fits(ctx, location, noble) {
                return Err(RuleError::OverCapacity {
                    location: location.clone(),
                });
            }
            Ok(Place::Inside {
                location: location.clone(),
            })
        }
    }
}

/// A land move (9.10–9.29).
pub fn move_noble(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    kind: MoveKind,
    to: &Destination,
    free: bool,
) -> Result<(), RuleError> {
    let place = check_move(ctx, by, noble, kind, to, free)?;
    if free {
        spend_free(ctx, by, noble.to_string());
    }
    ctx.emit(Event::NobleMoved {
        noble: noble.clone(),
        to: place,
        counts_as_move: true,
    });
    Ok(())
}

/// Checks a land move; returns where the Noble ends.
pub fn check_move(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    kind: MoveKind,
    to: &Destination,
    free: bool,
) -> Result<Place, RuleError> {
    let from = mover(ctx, by, noble, free)?;
    if !reachable(ctx.content, &ctx.state, by, &from, kind).contains(&to.area) {
        return Err(RuleError::Unreachable {
            to: to.area.clone(),
        });
    }
    let place = landing(ctx, by, noble, to)?;
    if ctx
        .state
        .nobles
        .get(noble)
        .is_some_and(|n| n.place == place)
    {
        return Err(RuleError::Unreachable {
            to: to.area.clone(),
        });
    }
    Ok(place)
}

/// Asks for passage through an enemy place on a road move (9.24, Z24).
pub fn request_passage(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    through: &LocationId,
    to: &AreaId,
) -> Result<(), RuleError> {
    let owner = check_passage(ctx, by, noble, through, to)?;
    let id = ctx.state.next_offer;
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Offer(crate::rules::state::Offer {
            id,
            from: by,
            to: owner,
            terms: OfferTerms::Passage {
                noble: noble.clone(),
                through: through.clone(),
                to: to.clone(),
            },
        }),
    });
    Ok(())
}

/// Checks a passage request; returns the owner who must answer.
pub fn check_passage(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    through: &LocationId,
    to: &AreaId,
) -> Result<FactionIdx, RuleError> {
    let from = mover(ctx, by, noble, false)?;
    let Some(owner) = ctx.state.controller_of(through) else {
        return Err(RuleError::NotFriendly {
            location: through.clone(),
        });
    };
    if ctx.state.friendly(owner, by) || ctx.state.besieged.contains_key(through) {
        return Err(RuleError::NotFriendly {
            location: through.clone(),
        });
    }
    let with = ctx.content.map.road_destinations(&from, |l| {
        l == through || passable(ctx.content, &ctx.state, by, l)
    });
    // 9.24: passage is asked for a destination the road move cannot reach without it.
    if !with.contains(to)
        || reachable(ctx.content, &ctx.state, by, &from, MoveKind::Road).contains(to)
    {
        return Err(RuleError::Unreachable { to: to.clone() });
    }
    Ok(owner)
}

/// Completes a granted passage: the Noble ends in the open field (9.29).
pub fn pass_through(ctx: &mut Ctx<'_>, noble: &NobleId, _through: &LocationId, to: &AreaId) {
    ctx.emit(Event::NobleMoved {
        noble: noble.clone(),
        to: Place::Field { area: to.clone() },
        counts_as_move: true,
    });
}

/// The ship's owner: the faction whose Noble holds its card.
pub fn ship_owner(state: &State, ship: &str) -> Option<FactionIdx> {
    let s = state.ships.get(ship)?;
    let holder = state
        .nobles
        .values()
        .find(|n| n.awards.contains(&s.card) || n.card == s.card)
        .map(|n| n.faction)?;
    Some(s.marker.unwrap_or(holder)) // 20.08: a marker counts while the card is in play
}

/// Boards a Noble onto a friendly ship in port in its Area (9.38–9.44).
pub fn board(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    ship: &str,
) -> Result<(), RuleError> {
    check_board(ctx, by, noble, ship)?;
    ctx.emit(Event::NobleMoved {
        noble: noble.clone(),
        to: Place::Aboard {
            ship: ship.to_owned(),
        },
        counts_as_move: true,
    });
    Ok(())
}

/// Checks boarding (9.38–9.44).
pub fn check_board(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    ship: &str,
) -> Result<(), RuleError> {
    let area = mover(ctx, by, noble, false)?;
    let cannot = || RuleError::ShipCannot {
        ship: ship.to_owned(),
    };
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot());
    };
    let ShipPlace::Port { location } = &s.place else {
        return Err(cannot());
    };
    if s.moved_round == Some(ctx.state.clock.round)
        || !ship_owner(&ctx.state, ship).is_some_and(|o| ctx.state.friendly(o, by))
    {
        return Err(cannot());
    }
    let Some(port) = ctx.content.map.location(location) else {
        return Err(cannot());
    };
    if port.area != area || (!ctx.state.place_friendly(location, by) && port.kind.is_fortified()) {
        return Err(cannot()); // 9.38, 9.44
    }
    // 9.41: several friendly ships in the port's Area carry a stack up to their total capacity.
    let fleet = fleet(ctx, by, &area);
    let capacity: u32 = fleet
        .iter()
        .filter_map(|id| ctx.state.ships.get(id))
        .map(|x| x.capacity)
        .sum();
    let aboard: u32 = fleet
        .iter()
        .flat_map(|id| ctx.state.nobles_at(&Place::Aboard { ship: id.clone() }))
        .map(|n| crate::rules::troops::base_strength(ctx.content, &ctx.state, n))
        .sum();
    if aboard + crate::rules::troops::base_strength(ctx.content, &ctx.state, noble) > capacity {
        return Err(cannot()); // 9.41
    }
    Ok(())
}

/// Friendly ships in port in `area` that have not moved this round (9.41), by id.
fn fleet(ctx: &Ctx<'_>, by: FactionIdx, area: &AreaId) -> Vec<String> {
    ctx.state
        .ships
        .iter()
        .filter(|(id, x)| {
            x.moved_round != Some(ctx.state.clock.round)
                && ship_owner(&ctx.state, id).is_some_and(|o| ctx.state.friendly(o, by))
                && matches!(&x.place, ShipPlace::Port { location }
                    if ctx.content.map.area_of(location) == Some(area))
        })
        .map(|(id, _)| id.clone())
        .collect()
}

/// Where a voyage starts: the sea Area and the point spent leaving a port (9.30, 9.31).
pub fn voyage_start(content: &Content, from: &ShipPlace) -> Option<(SeaZoneId, u32)> {
    match from {
        ShipPlace::Port { location } => Some((content.map.port_sea_zone(location)?.clone(), 1)),
        ShipPlace::Sea { zone } => Some((zone.clone(), 0)),
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

/// Movement points from a ship's place to a destination (9.30, 9.31).
pub fn sea_cost(content: &Content, from: &ShipPlace, to: &ShipDestination) -> Option<u32> {
    let (start, leave) = voyage_start(content, from)?;
    let distances = content.map.sea_zones_within(&start, 5);
    voyage_cost(content, leave, &distances, to)
}

/// Sails a ship with its passengers (9.30–9.50).
pub fn sail(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    to: &ShipDestination,
    free: bool,
) -> Result<(), RuleError> {
    let (place, passengers) = check_sail(ctx, by, ship, to, free)?;
    if free {
        spend_free(ctx, by, ship.to_owned());
    }
    // 9.41: a stack larger than the ship sails with the other friendly ships of its port.
    let load: u32 = passengers
        .iter()
        .map(|n| crate::rules::troops::base_strength(ctx.content, &ctx.state, n))
        .sum();
    let mut carried = ctx.state.ships.get(ship).map_or(0, |x| x.capacity);
    let escorts: Vec<String> = match ctx.state.ships.get(ship).map(|x| &x.place) {
        Some(ShipPlace::Port { location }) => match ctx.content.map.area_of(location).cloned() {
            Some(area) => fleet(ctx, by, &area),
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    ctx.emit(Event::ShipMoved {
        ship: ship.to_owned(),
        to: place.clone(),
    });
    for escort in escorts.into_iter().filter(|e| e != ship) {
        if carried >= load {
            break;
        }
        carried += ctx.state.ships.get(&escort).map_or(0, |x| x.capacity);
        ctx.emit(Event::ShipMoved {
            ship: escort,
            to: place.clone(),
        });
    }
    if let ShipPlace::Port { location } = &place
        && let Some(area) = ctx.content.map.area_of(location).cloned()
    {
        for noble in passengers {
            ctx.emit(Event::NobleMoved {
                noble,
                to: Place::Field { area: area.clone() },
                counts_as_move: false,
            }); // 9.45
        }
    }
    Ok(())
}

/// Checks a voyage; returns where the ship ends and its passengers.
pub fn check_sail(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    to: &ShipDestination,
    free: bool,
) -> Result<(ShipPlace, Vec<NobleId>), RuleError> {
    let s = check_ship(ctx, by, ship, free)?;
    let cost = sea_cost(ctx.content, &s.place, to).ok_or_else(|| RuleError::ShipCannot {
        ship: ship.to_owned(),
    })?;
    check_voyage(ctx, by, ship, to, cost)
}

/// Checks the ship may sail now: its owner's, not yet moved unless by a Free Move (9.75).
pub fn check_ship<'s>(
    ctx: &'s Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    free: bool,
) -> Result<&'s crate::rules::state::ShipState, RuleError> {
    let cannot = || RuleError::ShipCannot {
        ship: ship.to_owned(),
    };
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot());
    };
    if ship_owner(&ctx.state, ship) != Some(by) {
        return Err(cannot());
    }
    let moved = s.moved_round == Some(ctx.state.clock.round);
    if moved && !free {
        return Err(cannot());
    }
    if free {
        let f = &ctx.state.factions[usize::from(by)];
        if f.free_moves.is_empty() || f.pieces_used_free_move.contains(&ship.to_owned()) {
            return Err(RuleError::NoFreeMove);
        }
    }
    Ok(s)
}

/// Checks a voyage of `cost` points to `to`; returns where the ship ends and its passengers.
pub fn check_voyage(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    to: &ShipDestination,
    cost: u32,
) -> Result<(ShipPlace, Vec<NobleId>), RuleError> {
    let cannot = || RuleError::ShipCannot {
        ship: ship.to_owned(),
    };
    if cost == 0 || cost > 5 {
        return Err(cannot());
    }
    let passengers: Vec<NobleId> = ctx
        .state
        .nobles_at(&Place::Aboard {
            ship: ship.to_owned(),
        })
        .into_iter()
        .cloned()
        .collect();
    let place = match to {
        ShipDestination::Port { location } => {
            let Some(l) = ctx.content.map.location(location) else {
                return Err(cannot());
            };
            // 9.47 (landing to besiege) is not offered: carried passengers need a friendly
            // or unfortified port.
            if !passengers.is_empty()
                && l.kind.is_fortified()
                && !ctx.state.place_friendly(location, by)
            {
                return Err(cannot());
            }
            ShipPlace::Port {
                location: location.clone(),
            }
        }
        ShipDestination::Sea { zone } => ShipPlace::Sea { zone: zone.clone() },
    };
    Ok((place, passengers))
}
