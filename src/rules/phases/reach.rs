//! Why a land move does not reach where it was sent (9.10, 9.20–9.25): across the sea it
//! takes a ship; a Regional move reaches only its own and the neighbouring Regions, never
//! across an estuary; a Road move needs a road joining the two Areas, and names the place that
//! blocks it when one does. Asked only once a move is refused, so its searches cost nothing
//! on the moves that are taken.

use std::collections::{BTreeMap, VecDeque};

use crate::content::{AreaId, LocationId, RoadNodeId};
use crate::rules::FactionIdx;
use crate::rules::command::MoveKind;
use crate::rules::ctx::Ctx;
use crate::rules::error::{ReachCause, RuleError};
use crate::rules::roads::road_block;

/// The refusal of a `kind` move from `from` that does not reach `to`; `through` is a place
/// its owner is asked to let the move pass (9.24).
pub fn unreachable(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    from: &AreaId,
    kind: MoveKind,
    to: &AreaId,
    through: Option<&LocationId>,
) -> RuleError {
    let map = &ctx.content.map;
    let reach = |cause| RuleError::Unreachable { to: *to, cause };
    if kind == MoveKind::Local {
        return reach(ReachCause::OtherArea);
    }
    if from != to && (!map.is_mainland(from) || !map.is_mainland(to)) {
        return reach(ReachCause::NeedsShip);
    }
    match kind {
        MoveKind::Local => reach(ReachCause::OtherArea),
        MoveKind::Regional if map.across_estuary(from, to) => reach(ReachCause::AcrossEstuary),
        MoveKind::Regional => reach(ReachCause::TooFar),
        MoveKind::Road => road(ctx, by, from, to, through),
    }
}

/// Why no road move reaches `to`: no road at one end, no road between, or the first place
/// that stops the move on the shortest road there.
fn road(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    from: &AreaId,
    to: &AreaId,
    through: Option<&LocationId>,
) -> RuleError {
    let map = &ctx.content.map;
    let reach = |cause| RuleError::Unreachable { to: *to, cause };
    let starts = map.road_nodes_in(from);
    if starts.is_empty() {
        return reach(ReachCause::NoRoadHere);
    }
    if map.road_nodes_in(to).is_empty() {
        return reach(ReachCause::NoRoadThere);
    }
    // Breadth first over every road, blocked or not, keeping the way back from each node.
    let mut came_from: BTreeMap<&RoadNodeId, Option<&RoadNodeId>> = BTreeMap::new();
    let mut queue: VecDeque<&RoadNodeId> = VecDeque::new();
    for node in &starts {
        came_from.insert(&node.id, None);
        queue.push_back(&node.id);
    }
    let mut end = None;
    while let Some(at) = queue.pop_front() {
        if map.road_node(at).is_some_and(|n| &n.area == to) {
            end = Some(at);
            break;
        }
        for next in map.road_neighbours(at) {
            if !came_from.contains_key(next) {
                came_from.insert(next, Some(at));
                queue.push_back(next);
            }
        }
    }
    let Some(mut at) = end else {
        return reach(ReachCause::RoadsNotJoined);
    };
    // The way there, from the start: its first place that stops the move blocks it.
    let mut way = vec![at];
    while let Some(Some(prev)) = came_from.get(at) {
        way.push(prev);
        at = prev;
    }
    way.into_iter()
        .rev()
        .filter_map(|id| map.road_node(id)?.location.as_ref())
        .filter(|l| Some(*l) != through)
        .find_map(|l| {
            road_block(ctx.content, &ctx.state, by, l).map(|cause| RuleError::RoadBlocked {
                to: *to,
                by: *l,
                cause,
            })
        })
        .unwrap_or_else(|| reach(ReachCause::RoadsNotJoined))
}
