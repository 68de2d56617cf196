//! Claiming the Prestige Victory card (14.01, 15.03–15.07, 12.18).

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::error::ClaimCause;
use crate::rules::state::State;

/// Whether `faction` may claim at the start of its End of Turn (15.04).
pub fn can_claim(content: &Content, state: &State, faction: FactionIdx) -> bool {
    check_claim(content, state, faction).is_ok()
}

/// Checks `faction` may claim at the start of its End of Turn, or says why not (15.04).
pub fn check_claim(
    content: &Content,
    state: &State,
    faction: FactionIdx,
) -> Result<(), ClaimCause> {
    if !state.tile_revealed {
        return Err(ClaimCause::TileHidden);
    }
    if state.prestige_claim.is_some() {
        return Err(ClaimCause::ClaimStanding);
    }
    if state.kings_peace.is_some() {
        return Err(ClaimCause::KingsPeace);
    }
    let team = state.team(faction);
    let king = state.royals.iter().any(|(id, r)| {
        r.crowned
            && state
                .royal_controller(id)
                .is_some_and(|f| team.contains(&f))
    });
    if !king {
        return Err(ClaimCause::NoKing);
    }
    let Some(target) = crate::rules::prestige::target(content, state.players(), team.len()) else {
        return Err(ClaimCause::NoTarget);
    };
    if crate::rules::prestige::group_prestige(content, state, &team) < target {
        return Err(ClaimCause::BelowTarget);
    }
    Ok(())
}
