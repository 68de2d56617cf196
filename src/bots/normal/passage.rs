//! Asking for passage (9.24, 9.27, Z24): when another faction's fortified place blocks the
//! road my main stack wants, and going through it would bring the stack nearer its goal than
//! any open move, the main Noble asks the place's owner to let it pass — only an owner it
//! deals with (trusted, not the leader ahead of it), and not the same request twice in a
//! round. Owns that wish; the owner answers, and the rules say which requests may be made.

use super::player::memo_key;
use super::seat::Seat;
use super::trading::partner;
use crate::bots::knowledge::FAR;
use crate::content::{AreaId, NobleId};
use crate::rules::Command;

/// Road steps from my main stack within which a blocking place is worth asking about.
const NEAR: u8 = 3;

/// A request for passage for `main`, standing in `from`, toward `goal`, when one helps.
pub fn request(seat: &Seat<'_>, main: &NobleId, from: &AreaId, goal: &AreaId) -> Vec<Command> {
    let towards = seat.dist.towards(goal);
    let moves = seat.moves_from(from);
    let open: Vec<&AreaId> = moves.iter().map(|(_, a)| a).collect();
    // How near the best open move (or staying) brings the stack.
    let best_open = open
        .iter()
        .map(|a| towards.from(a))
        .chain([towards.from(from)])
        .min()
        .unwrap_or(FAR);
    let map = &seat.content.map;
    // Most of the time no closed road leads anywhere nearer: one search with every place
    // open (but besieged ones) tells, before any place is tried alone.
    let besieged = |l: &crate::content::LocationId| seat.view.besieged.contains_key(l);
    let any_nearer = map
        .road_destinations(from, |l| !besieged(l))
        .iter()
        .any(|a| !open.contains(&a) && towards.from(a) < best_open);
    if !any_nearer {
        return Vec::new();
    }
    let mut best: Option<(u8, Command)> = None;
    for (location, control) in &seat.view.control {
        let Some(owner) = control.faction else {
            continue;
        };
        if seat.friendly(owner) || !partner(seat, owner) {
            continue;
        }
        let near = map
            .area_of(location)
            .is_some_and(|a| seat.dist.between(from, a) <= NEAR);
        if !near || besieged(location) {
            continue;
        }
        // The open roads, and this one place besides.
        let through = map.road_destinations(from, |l| l == location || seat.road_open(l));
        for to in through
            .into_iter()
            .filter(|a| !open.contains(&a) && a != from)
        {
            let d = towards.from(&to);
            if d >= best_open || best.as_ref().is_some_and(|(b, _)| *b <= d) {
                continue;
            }
            let command = Command::RequestPassage {
                noble: *main,
                through: *location,
                to,
            };
            if !seat.tried(&memo_key(&command)) {
                best = Some((d, command));
            }
        }
    }
    best.map(|(_, c)| c).into_iter().collect()
}
