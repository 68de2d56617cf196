//! Movement (§9): pick a goal for my main stack — a Royal alone or weakly held, a cathedral
//! to crown my claimant, a City or Town it can besiege, a weak enemy stack — and bring my
//! other Nobles to it; Nobles with my Royal shelter in a friendly fortified place when
//! nothing is worth the risk. Ships carry the main stack when the goal lies far by land or
//! when it must flee (`sea`); Free Moves are spent when one more move reaches the goal. Owns
//! the goal choice and the move wish list; must not check legality (the rules do).

use super::passage;
use super::sea;
use super::seat::Seat;
use crate::bots::knowledge::{self, FAR};
use crate::content::map::LocationKind;
use crate::content::{AreaId, LocationId, NobleId};
use crate::rules::state::{Place, RoyalPlace};
use crate::rules::{Command, Destination, MoveKind};

/// A place worth going to.
#[derive(Clone, Debug)]
struct Goal {
    area: AreaId,
    inside: Option<LocationId>,
    value: u32,
    /// Strength needed to take it.
    need: u32,
}

fn goals(seat: &Seat<'_>, stack: u32) -> Vec<Goal> {
    let content = seat.content;
    let view = seat.view;
    let me = seat.me;
    let mut out = Vec::new();
    // Royals alone, or held by a weaker enemy.
    for (id, r) in &view.royals {
        match &r.place {
            RoyalPlace::Alone { place } => {
                let Some(area) = knowledge::area_of_place(content, place) else {
                    continue;
                };
                let (inside, need) = match place {
                    Place::Inside { location } => (
                        Some(*location),
                        if seat.place_friendly(location) {
                            0
                        } else {
                            seat.defence(location)
                        },
                    ),
                    _ => (None, seat.enemy_field(&area)),
                };
                out.push(Goal {
                    area,
                    inside,
                    value: seat.judgement.royal_alone,
                    need,
                });
            }
            RoyalPlace::With { noble } => {
                let Some(n) = view.nobles.get(noble) else {
                    continue;
                };
                if seat.friendly(n.faction) || seat.round() <= 1 {
                    continue;
                }
                let Some(area) = knowledge::area_of_place(content, &n.place) else {
                    continue;
                };
                let need = match &n.place {
                    Place::Inside { location } => seat.defence(location),
                    _ => seat.enemy_field(&area) * 3 / 2 + 1,
                };
                let _ = id;
                out.push(Goal {
                    area,
                    inside: None,
                    value: seat.judgement.royal_held,
                    need,
                });
            }
            RoyalPlace::Dead => {}
        }
    }
    // Crowning: my uncrowned Royal with enough clergy in the stack.
    if let Some((royal, holder)) = seat.my_royals().first()
        && !view.royals.get(*royal).is_some_and(|r| r.crowned)
        && let Some(area) = seat.area(holder)
    {
        let stack: Vec<&NobleId> = seat
            .my_nobles()
            .into_iter()
            .filter(|n| seat.area(n).as_ref() == Some(&area))
            .collect();
        let (arch, bish) = knowledge::clergy(content, view, &stack);
        if arch >= 1 || bish >= 2 {
            for l in content.map.locations.iter().filter(|l| l.cathedral) {
                let open = !l.kind.is_fortified() || seat.place_friendly(&l.id);
                if open {
                    out.push(Goal {
                        area: l.area,
                        inside: None,
                        value: seat.judgement.crown,
                        need: seat.enemy_field(&l.area),
                    });
                }
            }
        }
    }
    // Places to besiege (the enemy field strength worked out once per Area; only looked up).
    let mut field: rustc_hash::FxHashMap<&AreaId, u32> = rustc_hash::FxHashMap::default();
    for (i, l) in content.map.locations.iter().enumerate() {
        if !l.kind.is_fortified() || seat.place_friendly_at(i) {
            continue;
        }
        if view.besieged.get(&l.id).is_some_and(|b| *b != me) {
            continue;
        }
        let value = match l.kind {
            LocationKind::City => seat.judgement.city_goal,
            LocationKind::FortifiedTown | LocationKind::RoyalCastle => seat.judgement.town_goal,
            _ => seat.judgement.other_goal,
        };
        let enemy = *field
            .entry(&l.area)
            .or_insert_with(|| seat.enemy_field(&l.area));
        let need = seat.defence_of(l).max(enemy * 3 / 2);
        if need <= stack {
            out.push(Goal {
                area: l.area,
                inside: None,
                value,
                need,
            });
        }
    }
    out
}

/// Destinations one move away, by kind, nearest to `target` first.
fn steps_toward(seat: &Seat<'_>, from: &AreaId, target: &AreaId) -> Vec<(MoveKind, AreaId)> {
    let key = (*from, *target);
    if let Some(known) = seat.road_maps(|m| m.toward.get(&key).cloned()) {
        return known;
    }
    let steps = steps_toward_now(seat, from, target);
    seat.road_maps(|m| m.toward.insert(key, steps.clone()));
    steps
}

/// [`steps_toward`], worked out.
fn steps_toward_now(seat: &Seat<'_>, from: &AreaId, target: &AreaId) -> Vec<(MoveKind, AreaId)> {
    let towards = seat.dist.towards(target);
    let here = towards.from(from);
    let moves = seat.moves_from(from);
    let mut options: Vec<(u8, MoveKind, &AreaId)> = moves
        .iter()
        .map(|(k, a)| (towards.from(a), *k, a))
        .filter(|(d, _, a)| *d < here && *d != FAR && *a != from)
        .collect();
    options.sort();
    options.into_iter().map(|(_, k, a)| (k, *a)).collect()
}

fn move_cmd(noble: &NobleId, kind: MoveKind, area: AreaId, inside: Option<LocationId>) -> Command {
    Command::MoveNoble {
        noble: *noble,
        kind,
        to: Destination { area, inside },
        free: false,
    }
}

/// Wishes for one move this step (the caller adds "end step" last).
pub fn plan(seat: &Seat<'_>) -> Vec<Command> {
    let view = seat.view;
    let round = seat.round();
    let Some(main) = seat.main_noble() else {
        return Vec::new();
    };
    let aboard = matches!(
        view.nobles.get(&main).map(|n| &n.place),
        Some(Place::Aboard { .. })
    );
    let Some(main_area) = seat.area(&main).or_else(|| sea::aboard_area(seat, &main)) else {
        return sea::sail_loaded(seat, None);
    };
    let stack_here: u32 = seat
        .my_nobles()
        .into_iter()
        .filter(|n| seat.area(n).as_ref() == Some(&main_area))
        .map(|n| seat.strength(n))
        .sum();
    let total: u32 = seat.my_nobles().iter().map(|n| seat.strength(n)).sum();
    let holds_royal = !seat.my_royals().is_empty();
    // Where my ship in this port could land the main Noble this round (9.30).
    let landings = if aboard || !unmoved_now(seat, &main) {
        Vec::new()
    } else {
        sea::landings(seat, &main_area, sea::base(seat, &main))
    };
    // The main stack's goal: best value for distance (by land, or by sea from here) among
    // goals it can take.
    let reach = sea::Reach::new(seat.dist, &main_area, &landings);
    let goal = goals(seat, total)
        .into_iter()
        .filter(|g| g.need < total)
        .map(|g| (reach.to(&g.area), g))
        .filter(|(d, _)| *d < FAR)
        .map(|(d, g)| (seat.judgement.goal_score(g.value, d), g))
        .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.area.cmp(&a.1.area)));
    let mut out = Vec::new();
    let unmoved = |n: &NobleId| {
        view.nobles
            .get(n)
            .is_some_and(|x| x.moved_round != Some(round))
    };
    let threat = adjacent_threat(seat, &main_area);
    let shelter = seat
        .content
        .map
        .locations_in(&main_area)
        .iter()
        .any(|l| l.kind.is_fortified() && seat.place_friendly(&l.id));
    let fleeing = holds_royal && threat * 2 > stack_here && !shelter;
    // 0. Aboard: the stack's Nobles in the port join, then the ship sails (to the goal, or
    // to safety when fleeing).
    if aboard {
        out.extend(sea::board_escort(seat, &main));
        let target = goal.as_ref().filter(|_| !fleeing).map(|(_, g)| g.area);
        out.extend(sea::sail_loaded(seat, target.as_ref()));
    } else if unmoved(&main) {
        if fleeing {
            out.extend(sea::board_main(seat, &main, None));
        } else if let Some((_, g)) = &goal
            && (stack_here > g.need || !holds_royal)
        {
            out.extend(sea::board_main(seat, &main, Some(&g.area)));
        }
    }
    // 1. The main Noble: to its goal if the stack there could take it, else shelter.
    if unmoved(&main) && !aboard {
        match &goal {
            Some((_, g)) if g.area != main_area && (stack_here > g.need || !holds_royal) => {
                // 9.24: through another's place, when that beats every open road.
                out.extend(passage::request(seat, &main, &main_area, &g.area));
                for (kind, area) in steps_toward(seat, &main_area, &g.area).into_iter().take(8) {
                    let inside = (area == g.area).then_some(g.inside).flatten();
                    out.push(move_cmd(&main, kind, area, inside));
                    if inside.is_some() {
                        out.push(move_cmd(&main, kind, area, None));
                    }
                }
            }
            Some((_, g)) if g.area == main_area && g.inside.is_some() => {
                out.push(move_cmd(&main, MoveKind::Local, main_area, g.inside));
            }
            _ => {}
        }
        if holds_royal
            && matches!(
                view.nobles.get(&main).map(|n| &n.place),
                Some(Place::Field { .. })
            )
        {
            // Shelter in a friendly fortified place in the Area when threatened.
            if threat * 2 > stack_here {
                for l in seat.content.map.locations_in(&main_area) {
                    if l.kind.is_fortified() && seat.place_friendly(&l.id) {
                        out.push(move_cmd(&main, MoveKind::Local, main_area, Some(l.id)));
                    }
                }
            }
        }
    }
    // 2. The others: join the main Noble (or go for small goals of their own).
    for noble in seat.my_nobles() {
        if *noble == main
            || !unmoved(noble)
            || view
                .nobles
                .get(noble)
                .is_some_and(|n| !matches!(n.place, Place::Field { .. } | Place::Inside { .. }))
        {
            continue;
        }
        let Some(from) = seat.area(noble) else {
            continue;
        };
        let target = match &goal {
            Some((_, g))
                if seat.dist.between(&from, &g.area) < seat.dist.between(&from, &main_area) =>
            {
                g.area
            }
            _ => main_area,
        };
        if from == target {
            continue;
        }
        for (kind, area) in steps_toward(seat, &from, &target).into_iter().take(4) {
            out.push(move_cmd(noble, kind, area, None));
        }
    }
    // 3. Free Moves (9.70): spent only when one more move brings a moved Noble onto a Royal
    // or crowning goal, or brings help to a main stack too weak for the goal it stands on.
    let has_free = seat
        .view
        .factions
        .get(usize::from(seat.me))
        .is_some_and(|f| !f.free_moves.is_empty());
    if has_free && let Some((_, g)) = &goal {
        out.extend(free_moves(seat, &main, &main_area, stack_here, g));
    }
    // 4. Empty ships come to my main stack's port for a later voyage.
    out.extend(sea::position_empty(seat, &main_area));
    out
}

/// Free Move wishes for Nobles that already moved this round.
fn free_moves(
    seat: &Seat<'_>,
    main: &NobleId,
    main_area: &AreaId,
    stack_here: u32,
    g: &Goal,
) -> Vec<Command> {
    let round = seat.round();
    let moved = |n: &NobleId| {
        seat.view.nobles.get(n).is_some_and(|x| {
            matches!(x.place, Place::Field { .. } | Place::Inside { .. })
                && (x.moved_round == Some(round) || x.attacked_round == Some(round))
        })
    };
    let mut out = Vec::new();
    let free = |noble: &NobleId, kind: MoveKind, area: AreaId, inside: Option<LocationId>| {
        Command::MoveNoble {
            noble: *noble,
            kind,
            to: Destination { area, inside },
            free: true,
        }
    };
    if moved(main) && g.value >= seat.judgement.crown && g.area != *main_area && g.need < stack_here
    {
        for (kind, area) in steps_toward(seat, main_area, &g.area) {
            if area == g.area {
                out.push(free(main, kind, area, g.inside));
                out.push(free(main, kind, area, None));
                break;
            }
        }
    }
    if g.area == *main_area && stack_here <= g.need {
        for noble in seat.my_nobles() {
            let Some(from) = seat.area(noble) else {
                continue;
            };
            if noble == main || !moved(noble) || from == *main_area {
                continue;
            }
            if let Some((kind, area)) = steps_toward(seat, &from, main_area)
                .into_iter()
                .find(|(_, a)| a == main_area)
            {
                out.push(free(noble, kind, area, None));
            }
        }
    }
    out
}

/// Whether a Noble has not moved this round.
fn unmoved_now(seat: &Seat<'_>, noble: &NobleId) -> bool {
    seat.view
        .nobles
        .get(noble)
        .is_some_and(|x| x.moved_round != Some(seat.round()))
}

/// The strongest enemy field force within one Area of `area`.
fn adjacent_threat(seat: &Seat<'_>, area: &AreaId) -> u32 {
    let content = seat.content;
    let mut best = seat.enemy_field(area);
    if let Some(a) = content.map.area(area) {
        for b in &a.adjacent {
            best = best.max(seat.enemy_field(b));
        }
    }
    best
}
