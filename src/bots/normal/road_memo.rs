//! [`RoadMemo`]: the moves a Normal player found from each Area, kept from one decision to the
//! next while every road place stays open or closed to it as before. A Seat lives for one
//! decision; the roads a player may take change only when a place changes hands, a siege begins
//! or ends, or an Alliance changes who is friendly, so in a game (and in the Hard player's
//! playouts, hundreds of decisions long) most decisions can read the moves found before instead
//! of searching the roads again. What is kept is exactly what the search would give, so no
//! choice changes.

use std::sync::Mutex;

use rustc_hash::FxHashMap;

use super::seat::{Moves, SharedMoves};
use crate::content::AreaId;

/// The moves kept, by Area (one move away) and by Area and target (one move toward it).
#[derive(Default)]
pub struct RoadMaps {
    /// [`super::seat::Seat::moves_from`], by Area.
    pub moves: FxHashMap<AreaId, SharedMoves>,
    /// One move toward a target from an Area, nearest first.
    pub toward: FxHashMap<(AreaId, AreaId), Moves>,
}

/// The maps kept, with the road places' openness they were found under.
#[derive(Default)]
struct Kept {
    /// By position in the map's places: whether my roads pass it.
    open: Vec<bool>,
    maps: RoadMaps,
}

/// A player's moves kept across its decisions. A copy of the player starts with none (the
/// Hard player's playouts copy it for every seat). Shared by threads that read one player, it
/// is locked for each look-up.
#[derive(Default)]
pub struct RoadMemo(Mutex<Kept>);

impl RoadMemo {
    /// Makes the maps kept those of roads open as `open` says (dropping them if they were found
    /// under other roads), then hands them to `f`.
    pub fn with<R>(&self, open: &[bool], f: impl FnOnce(&mut RoadMaps) -> R) -> R {
        // A poisoned lock only means a panic elsewhere mid-update: start the maps afresh.
        let mut kept = self.0.lock().unwrap_or_else(|poisoned| {
            let mut kept = poisoned.into_inner();
            *kept = Kept::default();
            kept
        });
        if kept.open != open {
            kept.open = open.to_vec();
            kept.maps = RoadMaps::default();
        }
        f(&mut kept.maps)
    }
}

impl Clone for RoadMemo {
    fn clone(&self) -> RoadMemo {
        RoadMemo::default()
    }
}

impl std::fmt::Debug for RoadMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RoadMemo")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::MoveKind;

    #[test]
    fn maps_are_kept_while_the_roads_are_the_same_and_dropped_when_they_change() {
        let memo = RoadMemo::default();
        let area = AreaId::from("area_york");
        memo.with(&[true, false], |m| {
            m.moves.insert(area, vec![(MoveKind::Road, area)].into())
        });
        assert!(memo.with(&[true, false], |m| m.moves.contains_key(&area)));
        assert!(!memo.with(&[true, true], |m| m.moves.contains_key(&area)));
        // A copy starts empty.
        memo.with(&[true, true], |m| m.moves.insert(area, vec![].into()));
        let copy = memo.clone();
        assert!(!copy.with(&[true, true], |m| m.moves.contains_key(&area)));
        assert!(memo.with(&[true, true], |m| m.moves.contains_key(&area)));
    }
}
