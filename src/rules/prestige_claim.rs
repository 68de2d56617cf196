//! Claiming the Prestige Victory card (14.01, 15.03–15.07, 12.18): where a faction stands
//! towards a claim ([`prestige_standing`]: its Prestige, its Alliance's when allied, the target,
//! and each thing still in the way) and whether it may claim now ([`can_claim`]).

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::error::ClaimCause;
use crate::rules::state::State;

/// One thing between a faction and a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimBlocker {
    /// Its Prestige (its Alliance's) is short of the target by this much (15.03, 16.13).
    MorePrestige {
        /// Prestige still needed.
        needed: u32,
    },
    /// No target applies to this many players and an Alliance of this size.
    NoTarget,
    /// The Prestige Victory tile has not come up from the Event deck (15.01).
    TileNotRevealed,
    /// A claim is already standing (15.05).
    ClaimStanding,
    /// The King's Peace is in force (12.18).
    KingsPeace,
    /// It controls no crowned King, nor does its Alliance (15.04).
    NoCrownedKing,
}

/// Where a faction stands towards a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrestigeStanding {
    /// The faction and its allies, counted together (16.13).
    pub team: Vec<FactionIdx>,
    /// Their Prestige together.
    pub prestige: u32,
    /// The target for a faction alone or an Alliance of this size.
    pub target: Option<u32>,
    /// What is still in the way, if anything.
    pub blockers: Vec<ClaimBlocker>,
}

/// Where `faction` stands towards a claim at the start of its End of Turn (15.04).
pub fn prestige_standing(
    content: &Content,
    state: &State,
    faction: FactionIdx,
) -> PrestigeStanding {
    let team = state.team(faction);
    let prestige = crate::rules::prestige::group_prestige(content, state, &team);
    let target = crate::rules::prestige::target(content, state.players(), team.len());
    let mut blockers = Vec::new();
    match target {
        Some(target) if prestige < target => blockers.push(ClaimBlocker::MorePrestige {
            needed: target - prestige,
        }),
        Some(_) => {}
        None => blockers.push(ClaimBlocker::NoTarget),
    }
    if !state.tile_revealed {
        blockers.push(ClaimBlocker::TileNotRevealed);
    }
    if state.prestige_claim.is_some() {
        blockers.push(ClaimBlocker::ClaimStanding);
    }
    if state.kings_peace.is_some() {
        blockers.push(ClaimBlocker::KingsPeace);
    }
    let king = state.royals.iter().any(|(id, r)| {
        r.crowned
            && state
                .royal_controller(id)
                .is_some_and(|f| team.contains(&f))
    });
    if !king {
        blockers.push(ClaimBlocker::NoCrownedKing);
    }
    PrestigeStanding {
        team,
        prestige,
        target,
        blockers,
    }
}

/// Whether `faction` may claim at the start of its End of Turn (15.04): nothing stands in the
/// way.
pub fn can_claim(content: &Content, state: &State, faction: FactionIdx) -> bool {
    check_claim(content, state, faction).is_ok()
}

/// Checks `faction` may claim at the start of its End of Turn, or says why not (15.04): the
/// first thing in the way, the tile and a standing claim before the faction's own position.
pub fn check_claim(
    content: &Content,
    state: &State,
    faction: FactionIdx,
) -> Result<(), ClaimCause> {
    let blockers = prestige_standing(content, state, faction).blockers;
    let cause = |b: &ClaimBlocker| match b {
        ClaimBlocker::TileNotRevealed => (0, ClaimCause::TileHidden),
        ClaimBlocker::ClaimStanding => (1, ClaimCause::ClaimStanding),
        ClaimBlocker::KingsPeace => (2, ClaimCause::KingsPeace),
        ClaimBlocker::NoCrownedKing => (3, ClaimCause::NoKing),
        ClaimBlocker::NoTarget => (4, ClaimCause::NoTarget),
        ClaimBlocker::MorePrestige { .. } => (5, ClaimCause::BelowTarget),
    };
    match blockers.iter().map(cause).min_by_key(|(rank, _)| *rank) {
        Some((_, cause)) => Err(cause),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Setup, start};

    #[test]
    fn at_the_start_the_tile_and_prestige_stand_in_the_way() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let standing = prestige_standing(&content, &state, 0);
        assert_eq!(standing.team, vec![0]);
        assert_eq!(standing.target, Some(13));
        assert!(standing.blockers.contains(&ClaimBlocker::TileNotRevealed));
        assert!(
            standing
                .blockers
                .iter()
                .any(|b| matches!(b, ClaimBlocker::MorePrestige { .. }))
        );
        assert!(!can_claim(&content, &state, 0));
    }
}
