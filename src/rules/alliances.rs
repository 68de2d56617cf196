//! Alliances (§23): proposing, forming (with the two-house rule, 23.04: allies who would hold
//! both houses agree in the proposal which house's Royals die), leaving in one's own End of
//! Turn (23.20–23.21: expulsions, allied Forces ended, ships carrying former allies storm-driven),
//! and the size caps (23.22). A claim on the Prestige Victory card does
//! not bar joining; the card then returns (15.07, in `flow::finish`).

use crate::content::cards::House;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{AllianceCause, RuleError};
use crate::rules::event::Event;
use crate::rules::state::{OfferTerms, Pending, Phase, RoyalPlace};

/// The largest Alliance for this player count (23.22).
pub fn max_size(ctx: &Ctx<'_>) -> usize {
    crate::rules::prestige::target(ctx.content, ctx.state.players(), 3)
        .map(|_| 3)
        .or_else(|| crate::rules::prestige::target(ctx.content, ctx.state.players(), 2).map(|_| 2))
        .unwrap_or(1)
}

/// 23.01: some faction controls the senior survivor of either house (Z34).
fn head_claimed(ctx: &Ctx<'_>) -> bool {
    ctx.state.royals.keys().any(|r| {
        crate::rules::royalty::is_senior(ctx.content, &ctx.state, r)
            && ctx.state.royal_controller(r).is_some()
    })
}

/// Whether the factions of both teams together hold Royals of both houses (23.04).
fn would_hold_both(ctx: &Ctx<'_>, by: FactionIdx, to: FactionIdx) -> bool {
    let mut members = ctx.state.team(by);
    members.extend(ctx.state.team(to));
    let houses: Vec<House> = ctx
        .state
        .royals
        .keys()
        .filter(|r| {
            ctx.state
                .royal_controller(r)
                .is_some_and(|f| members.contains(&f))
        })
        .filter_map(|r| crate::rules::royalty::house(ctx.content, r))
        .collect();
    houses.contains(&House::Lancaster) && houses.contains(&House::York)
}

/// Checks `by` may propose an Alliance to `to`, or says why not; `house` names the house whose Royals die,
/// needed exactly when the new allies would hold both (23.04). A Prestige claim does not
/// bar it (15.07).
pub fn check_propose(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    to: FactionIdx,
    house: Option<House>,
) -> Result<(), AllianceCause> {
    if usize::from(to) >= ctx.state.players() || to == by {
        return Err(AllianceCause::NotAnotherFaction);
    }
    if ctx.state.friendly(by, to) {
        return Err(AllianceCause::AlreadyAllied);
    }
    if !head_claimed(ctx) {
        return Err(AllianceCause::NoHeadClaimed); // 23.01, Z34
    }
    if ctx.state.team(by).len() + ctx.state.team(to).len() > max_size(ctx) {
        return Err(AllianceCause::TooLarge); // 23.22
    }
    match (would_hold_both(ctx, by, to), house) {
        (true, None) => Err(AllianceCause::NameHouse),
        (false, Some(_)) => Err(AllianceCause::NoHouseToName),
        _ => Ok(()),
    }
}

/// Proposes an Alliance, as [`check_propose`] allowed: the other faction answers (23.02).
pub fn propose(ctx: &mut Ctx<'_>, by: FactionIdx, to: FactionIdx, house: Option<House>) {
    let id = ctx.state.next_offer;
    let terms = match house {
        Some(house) => OfferTerms::AllianceExecuting { house },
        None => OfferTerms::Alliance,
    };
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Offer(crate::rules::state::Offer {
            id,
            from: by,
            to,
            terms,
        }),
    });
}

/// Forms the Alliance; new allies holding both houses execute the Royals of the house
/// agreed in the proposal at once (23.04).
pub fn form(ctx: &mut Ctx<'_>, a: FactionIdx, b: FactionIdx, house: Option<House>) {
    let mut members = ctx.state.team(a);
    members.extend(ctx.state.team(b));
    members.sort_unstable();
    members.dedup();
    ctx.emit(Event::AllianceFormed {
        members: members.clone(),
    });
    if let Some(house) = house
        && crate::rules::royalty::holds_both(ctx.content, &ctx.state, a)
    {
        let doomed: Vec<_> = ctx
            .state
            .royals
            .iter()
            .filter(|(id, r)| {
                !matches!(r.place, RoyalPlace::Dead)
                    && ctx
                        .state
                        .royal_controller(id)
                        .is_some_and(|f| members.contains(&f))
                    && crate::rules::royalty::house(ctx.content, id) == Some(house)
            })
            .map(|(id, _)| *id)
            .collect();
        for royal in doomed {
            crate::rules::royalty::execute(ctx, &royal);
        }
    }
}

/// Checks leaving: only a member, in its own End of Turn (23.20).
pub fn check_leave(ctx: &Ctx<'_>, by: FactionIdx) -> Result<(), RuleError> {
    if ctx.state.team(by).len() < 2 {
        return Err(RuleError::AllianceNotAllowed {
            cause: AllianceCause::NotAMember,
        });
    }
    if ctx.state.clock.active != by || ctx.state.clock.phase != Phase::EndOfTurn {
        return Err(RuleError::AllianceNotAllowed {
            cause: AllianceCause::NotYourEndOfTurn,
        });
    }
    Ok(())
}

/// Leaves the Alliance, only in one's own End of Turn (23.20), as [`check_leave`] allowed.
pub fn leave(ctx: &mut Ctx<'_>, by: FactionIdx) {
    ctx.emit(Event::AllianceLeft { faction: by });
    // 23.21: expel Nobles from places no longer friendly.
    let places: Vec<_> = ctx.state.control.keys().cloned().collect();
    for location in places {
        crate::rules::control::expel(ctx, &location);
    }
    // 23.20: the Alliance's rules end at once, allied Forces of former allies with them.
    let broken: Vec<_> = ctx
        .state
        .forces
        .iter()
        .filter(|force| {
            let factions: Vec<_> = force.members.iter().filter_map(|n| ctx.owner(n)).collect();
            factions
                .iter()
                .any(|a| factions.iter().any(|b| !ctx.state.friendly(*a, *b)))
        })
        .map(|force| force.commander)
        .collect();
    for commander in broken {
        ctx.emit(Event::AlliedForceEnded { commander });
    }
    // 23.21: ships at sea carrying former allies, as if Storms at Sea struck them.
    crate::rules::phases::storms::former_allies_at_sea(ctx);
}
