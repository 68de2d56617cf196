//! Ships (9.30–9.54): board my ship in my main stack's port when the goal lies far or
//! unreachable by land, or when my Royal must flee and nothing friendly shelters it (the ship
//! puts out at once, 9.43, and the stack's other Nobles join it); sail a loaded ship on to
//! the port nearest the goal (or the safest one), never leaving passengers at sea; bring
//! empty ships to a port where my main stack stands, ready for a later round. Owns these
//! wish lists; must not check legality (the rules do).

use super::seat::Seat;
use crate::bots::knowledge::{self, Distances, FAR};
use crate::content::{AreaId, LocationId, NobleId};
use crate::rules::state::{Place, ShipPlace, ShipState};
use crate::rules::{Command, FactionIdx, ShipDestination};

/// Land steps a voyage counts as, on top of the walk left after landing: boarding takes this
/// round's move and a land move often covers several Areas, so the sea must save that much.
pub const SEA_SAVING: u8 = 3;

/// Ports tried per loaded ship, best first.
const PORT_WISHES: usize = 4;

/// Movement points a ship has in one move (9.30).
const SEA_POINTS: u32 = 5;

/// The faction whose Noble holds the ship's card, or the one it was handed to (20.08).
pub fn ship_owner(seat: &Seat<'_>, ship: &str) -> Option<FactionIdx> {
    let s = seat.view.ships.get(ship)?;
    let holder = seat
        .view
        .nobles
        .values()
        .find(|n| n.awards.contains(&s.card) || n.card == s.card)
        .map(|n| n.faction)?;
    Some(s.marker.unwrap_or(holder))
}

/// The faction that moves the ship now: the borrower while lent, else the owner (9.54).
fn ship_mover(seat: &Seat<'_>, ship: &str) -> Option<FactionIdx> {
    match seat.view.ships.get(ship)?.lent_to {
        Some(f) => Some(f),
        None => ship_owner(seat, ship),
    }
}

/// Ships I move that may still sail this round: not yet moved, or going on with the move
/// begun by boarding (9.43), by id.
fn my_ready_ships<'v>(seat: &Seat<'v>) -> Vec<&'v String> {
    let round = seat.round();
    seat.view
        .ships
        .iter()
        .filter(|(id, s)| {
            (s.moved_round != Some(round) || s.underway.as_ref().is_some_and(|u| !u.free))
                && s.landing.is_none()
                && ship_mover(seat, id) == Some(seat.me)
        })
        .map(|(id, _)| id)
        .collect()
}

/// The port a ship lies in, or the one it has just put out from (9.43).
fn home_port(ship: &ShipState) -> Option<&LocationId> {
    match (&ship.place, &ship.underway) {
        (ShipPlace::Port { location }, _) => Some(location),
        (ShipPlace::Sea { .. }, Some(u)) => Some(&u.from),
        (ShipPlace::Sea { .. }, None) => None,
    }
}

/// The Area of the port a ship lies in (or has just put out from).
fn port_area(seat: &Seat<'_>, ship: &ShipState) -> Option<AreaId> {
    seat.content.map.area_of(home_port(ship)?).cloned()
}

/// Whether a ship lies in port, ready to put out this round.
fn in_port_ready(seat: &Seat<'_>, ship: &ShipState) -> bool {
    matches!(ship.place, ShipPlace::Port { .. }) && ship.moved_round != Some(seat.round())
}

/// Ports a ship can reach this move, with the Area each opens onto (9.30, 9.31, 9.43).
fn reachable_ports(seat: &Seat<'_>, ship: &ShipState) -> Vec<(LocationId, AreaId)> {
    let map = &seat.content.map;
    let (start, counted) = match &ship.place {
        ShipPlace::Port { location } => match map.port_sea_zone(location) {
            Some(z) => (*z, 1),
            None => return Vec::new(),
        },
        ShipPlace::Sea { zone } => (*zone, ship.underway.as_ref().map_or(0, |u| u.spent)),
    };
    let here = match &ship.place {
        ShipPlace::Port { location } => Some(location),
        ShipPlace::Sea { .. } => None,
    };
    let steps = map.port_sea_steps(&start);
    map.port_locations()
        .into_iter()
        .enumerate()
        .filter(|(_, (l, _))| Some(&l.id) != here)
        .filter_map(|(k, (l, zone))| {
            let d = match steps {
                Some(row) => row.get(k).copied().flatten(),
                None => map.sea_steps(&start, zone),
            }?;
            // One more point enters the port.
            (counted + d < SEA_POINTS).then_some((l.id, l.area))
        })
        .collect()
}

/// Whether passengers may land at a port: unfortified, or friendly to me (9.45).
fn may_land(seat: &Seat<'_>, port: &LocationId) -> bool {
    seat.content
        .map
        .location(port)
        .is_some_and(|l| !l.kind.is_fortified())
        || seat.place_friendly(port)
}

/// My Nobles aboard a ship.
fn passengers<'v>(seat: &Seat<'v>, ship: &str) -> Vec<&'v NobleId> {
    seat.view
        .nobles
        .iter()
        .filter(|(_, n)| matches!(&n.place, Place::Aboard { ship: s } if s == ship))
        .map(|(id, _)| id)
        .collect()
}

/// How good a landing Area is: near the target, or, when fleeing, free of enemies.
fn landing_score(seat: &Seat<'_>, area: &AreaId, target: Option<&AreaId>) -> i64 {
    let threat = i64::from(seat.enemy_field(area));
    match target {
        Some(t) => -i64::from(seat.dist.between(area, t)) * 10 - threat / 5,
        None => {
            let shelter = seat
                .content
                .map
                .locations_in(area)
                .iter()
                .any(|l| l.kind.is_fortified() && seat.place_friendly(&l.id));
            i64::from(shelter) * 50 - threat
        }
    }
}

/// Sails my loaded ships to the best landing for `target` (or the safest, when `None`).
pub fn sail_loaded(seat: &Seat<'_>, target: Option<&AreaId>) -> Vec<Command> {
    let mut out = Vec::new();
    for ship in my_ready_ships(seat) {
        if passengers(seat, ship).is_empty() {
            continue;
        }
        let Some(s) = seat.view.ships.get(ship) else {
            continue;
        };
        let mut ports: Vec<(i64, LocationId)> = reachable_ports(seat, s)
            .into_iter()
            .filter(|(l, _)| may_land(seat, l))
            .map(|(l, a)| (landing_score(seat, &a, target), l))
            .collect();
        ports.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        // In port, stay rather than land somewhere worse than here; once put out, land
        // somewhere (the port left is among the choices) rather than stay at sea.
        let here = match s.place {
            ShipPlace::Port { .. } => port_area(seat, s).map(|a| landing_score(seat, &a, target)),
            ShipPlace::Sea { .. } => None,
        };
        for (score, location) in ports.into_iter().take(PORT_WISHES) {
            if here.is_some_and(|h| score <= h) {
                break;
            }
            out.push(Command::Sail {
                ship: ship.clone(),
                to: ShipDestination::Port { location },
                free: false,
            });
        }
    }
    out
}

/// My ready, empty ships in port in Area `from` that can carry `load`.
fn empty_ships_ready_in<'v>(
    seat: &Seat<'v>,
    from: &AreaId,
    load: u32,
) -> Vec<(&'v String, &'v ShipState)> {
    my_ready_ships(seat)
        .into_iter()
        .filter_map(|ship| seat.view.ships.get(ship).map(|s| (ship, s)))
        .filter(|(ship, s)| {
            in_port_ready(seat, s)
                && port_area(seat, s).as_ref() == Some(from)
                && s.capacity >= load
                && passengers(seat, ship).is_empty()
        })
        .collect()
}

/// The best voyage for a stack standing in `from` towards `target`: my ready ship in port
/// there big enough for `load`, and the land steps left after landing.
fn best_voyage(
    seat: &Seat<'_>,
    from: &AreaId,
    target: Option<&AreaId>,
    load: u32,
) -> Option<(String, u8)> {
    let mut best: Option<(u8, String)> = None;
    for (ship, s) in empty_ships_ready_in(seat, from, load) {
        let left = reachable_ports(seat, s)
            .into_iter()
            .filter(|(l, _)| may_land(seat, l))
            .map(|(_, a)| target.map_or(0, |t| seat.dist.between(&a, t)))
            .min()?;
        if best.as_ref().is_none_or(|(d, _)| left < *d) {
            best = Some((left, ship.clone()));
        }
    }
    best.map(|(d, s)| (s, d))
}

/// Where my main stack could land this round: the Areas of the ports my ready, empty ship in
/// port in `from` reaches (big enough for `load`). Empty when no such ship lies there.
pub fn landings(seat: &Seat<'_>, from: &AreaId, load: u32) -> Vec<AreaId> {
    let mut out: Vec<AreaId> = Vec::new();
    for (_, s) in empty_ships_ready_in(seat, from, load) {
        out.extend(
            reachable_ports(seat, s)
                .into_iter()
                .filter(|(l, _)| may_land(seat, l))
                .map(|(_, a)| a),
        );
    }
    out.sort();
    out.dedup();
    out
}

/// Steps from one Area to every Area, counting a voyage from any of its landings as
/// [`SEA_SAVING`] plus the walk left: worked out once for all the goals weighed.
pub struct Reach<'d> {
    dist: &'d Distances,
    /// By Area position.
    best: Vec<u8>,
}

impl<'d> Reach<'d> {
    /// From `from`, with `landings` open to its ships this round.
    pub fn new(dist: &'d Distances, from: &AreaId, landings: &[AreaId]) -> Reach<'d> {
        let mut best = vec![FAR; dist.len()];
        let mut take = |area: &AreaId, extra: u8| {
            if let Some(row) = dist.position(area).and_then(|i| dist.row(i)) {
                for (b, d) in best.iter_mut().zip(row) {
                    *b = (*b).min(d.saturating_add(extra));
                }
            }
        };
        take(from, 0);
        for a in landings {
            take(a, SEA_SAVING);
        }
        Reach { dist, best }
    }

    /// Steps to `target` ([`FAR`] if unknown or unreachable).
    pub fn to(&self, target: &AreaId) -> u8 {
        self.dist
            .position(target)
            .and_then(|j| self.best.get(j))
            .copied()
            .unwrap_or(FAR)
    }
}

/// Base strength (no regional bonus), as ships carry it (9.41).
pub fn base(seat: &Seat<'_>, noble: &NobleId) -> u32 {
    seat.view
        .nobles
        .get(noble)
        .map_or(0, |n| knowledge::strength_at(seat.content, n, None))
}

/// Board my main Noble when a voyage beats walking to `target` by [`SEA_SAVING`] steps (or
/// reaches what land cannot), or, with `target` `None`, when it must flee.
pub fn board_main(seat: &Seat<'_>, main: &NobleId, target: Option<&AreaId>) -> Vec<Command> {
    let Some(from) = seat.area(main) else {
        return Vec::new();
    };
    let walk = target.map_or(FAR, |t| seat.dist.between(&from, t));
    let Some((ship, left)) = best_voyage(seat, &from, target, base(seat, main)) else {
        return Vec::new();
    };
    let worth = match target {
        Some(_) => left.saturating_add(SEA_SAVING) <= walk,
        None => true,
    };
    if worth {
        vec![Command::Board {
            noble: *main,
            ship,
            free: false,
        }]
    } else {
        Vec::new()
    }
}

/// My unmoved Nobles in the port Area of a ship my main Noble boarded join it, strongest
/// first, while it has room.
pub fn board_escort(seat: &Seat<'_>, main: &NobleId) -> Vec<Command> {
    let Some(Place::Aboard { ship }) = seat.view.nobles.get(main).map(|n| &n.place) else {
        return Vec::new();
    };
    let Some(s) = seat.view.ships.get(ship) else {
        return Vec::new();
    };
    // 9.43: more Nobles may join only while the ship has just put out from their port.
    if !s.underway.as_ref().is_some_and(|u| !u.free && u.spent == 1) {
        return Vec::new();
    }
    let Some(area) = port_area(seat, s) else {
        return Vec::new();
    };
    let aboard: u32 = passengers(seat, ship).iter().map(|n| base(seat, n)).sum();
    let round = seat.round();
    let mut others: Vec<(u32, &NobleId)> =
        seat.my_nobles()
            .into_iter()
            .filter(|n| seat.area(n).as_ref() == Some(&area))
            .filter(|n| {
                seat.view.nobles.get(*n).is_some_and(|x| {
                    x.moved_round != Some(round) && x.attacked_round != Some(round)
                })
            })
            .map(|n| (base(seat, n), n))
            .filter(|(b, _)| aboard + b <= s.capacity)
            .collect();
    others.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    others
        .into_iter()
        .map(|(_, n)| Command::Board {
            noble: *n,
            ship: ship.clone(),
            free: false,
        })
        .collect()
}

/// Empty ships of mine sail to a port in (or nearest) my main stack's Area, ready to carry it
/// in a later round.
pub fn position_empty(seat: &Seat<'_>, main_area: &AreaId) -> Vec<Command> {
    let mut out = Vec::new();
    for ship in my_ready_ships(seat) {
        let Some(s) = seat.view.ships.get(ship) else {
            continue;
        };
        if !passengers(seat, ship).is_empty() || !in_port_ready(seat, s) {
            continue;
        }
        let towards = seat.dist.towards(main_area);
        let here = port_area(seat, s).map_or(FAR, |a| towards.from(&a));
        if here == 0 {
            continue;
        }
        let best = reachable_ports(seat, s)
            .into_iter()
            .filter(|(l, _)| may_land(seat, l))
            .map(|(l, a)| (towards.from(&a), l))
            .filter(|(d, _)| *d < here)
            .min();
        if let Some((_, location)) = best {
            out.push(Command::Sail {
                ship: ship.clone(),
                to: ShipDestination::Port { location },
                free: false,
            });
        }
    }
    out
}

/// The port Area of the ship a Noble is aboard, if it lies in port.
pub fn aboard_area(seat: &Seat<'_>, noble: &NobleId) -> Option<AreaId> {
    let Some(Place::Aboard { ship }) = seat.view.nobles.get(noble).map(|n| &n.place) else {
        return None;
    };
    port_area(seat, seat.view.ships.get(ship)?)
}
