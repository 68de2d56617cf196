//! The End of Turn Phase (§14): the Prestige claim (step 1), drawing (step 2, in `flow`),
//! leaving fortified places (step 3), politicking (step 4, a window from the active faction;
//! captives executed at its close, Z18; the two-house deadline, 17.13) and the discard (5).

use crate::content::{CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{ClaimCause, MustAct, RuleError, StepCause};
use crate::rules::event::{CardDestination, Event};
use crate::rules::flow;
use crate::rules::state::Place;

/// Step 1: claims the Prestige Victory card (14.01), as [`check_claim`] allowed.
pub fn claim(ctx: &mut Ctx<'_>, by: FactionIdx) {
    let factions = ctx.state.team(by);
    let target = crate::rules::prestige::target(ctx.content, ctx.state.players(), factions.len())
        .unwrap_or(u32::MAX);
    ctx.emit(Event::PrestigeCardClaimed {
        factions,
        claimant: by,
        target,
    });
    flow::end_step(ctx);
}

/// Checks a claim: step 1 and the conditions of 15.04.
pub fn check_claim(ctx: &Ctx<'_>, by: FactionIdx) -> Result<(), RuleError> {
    if ctx.state.clock.step != 1 {
        return Err(RuleError::CannotClaimPrestige {
            cause: ClaimCause::NotStepOne,
        });
    }
    crate::rules::prestige_claim::check_claim(ctx.content, &ctx.state, by)
        .map_err(|cause| RuleError::CannotClaimPrestige { cause })
}

/// Step 3: a Noble leaves a fortified place for the open field of `area`, the Area
/// [`check_leave_fortification`] found (14.06).
pub fn leave_fortification(ctx: &mut Ctx<'_>, noble: &NobleId, area: crate::content::AreaId) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: Place::Field { area },
        counts_as_move: false,
    });
}

/// Checks leaving a fortified place at step 3; returns the Area of its open field.
pub fn check_leave_fortification(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
) -> Result<crate::content::AreaId, RuleError> {
    if ctx.state.clock.step != 3 {
        return Err(RuleError::WrongStep {
            cause: StepCause::NotStepThree,
        });
    }
    let n = ctx.own_noble(by, noble)?;
    let not_inside = || RuleError::NotInside { noble: *noble };
    let Place::Inside { location } = &n.place else {
        return Err(not_inside());
    };
    if ctx.state.besieged.contains_key(location) {
        return Err(RuleError::Besieged { noble: *noble });
    }
    ctx.content
        .map
        .area_of(location)
        .cloned()
        .ok_or_else(not_inside)
}

/// Checks ending an End of Turn step: step 5 needs the discard first (14.10).
pub fn check_end_step(ctx: &Ctx<'_>, by: FactionIdx) -> Result<(), RuleError> {
    let f = &ctx.state.factions[usize::from(by)];
    if ctx.state.clock.step == 5 && f.drew >= 2 && !f.hand.is_empty() {
        return Err(RuleError::MustActFirst {
            reason: MustAct::DiscardCrownCard,
        });
    }
    Ok(())
}

/// A pass in the politicking window, as [`check_politicking_pass`] allowed (17.13, Z31).
pub fn politicking_pass(ctx: &mut Ctx<'_>) {
    if flow::pass(ctx).is_none() {
        return;
    }
    // 11.10, Z18: captives not ransomed in the turn of capture are executed as it closes,
    // whoever took them: the attacker, or a defender that won (rules-decisions:
    // captive-of-defender).
    let captives: Vec<NobleId> = ctx.state.captives.keys().cloned().collect();
    // 22.01, Z40: one loss. 11.11: a spoils Bishop exchange offered waits for its answer.
    if crate::rules::capture::execute_captives(ctx, &captives, true) {
        return;
    }
    flow::after_executions(ctx);
}

/// Checks a pass in politicking (17.13, Z31).
pub fn check_politicking_pass(ctx: &Ctx<'_>, by: FactionIdx) -> Result<(), RuleError> {
    if by == ctx.state.clock.active && crate::rules::royalty::must_resolve_both(&ctx.state, by) {
        return Err(RuleError::MustActFirst {
            reason: MustAct::ResolveBothHouses,
        });
    }
    Ok(())
}

/// Checks the step 5 discard.
pub fn check_discard(ctx: &Ctx<'_>, by: FactionIdx, card: &CrownCardId) -> Result<(), RuleError> {
    if ctx.state.clock.step != 5 || ctx.state.factions[usize::from(by)].drew < 2 {
        return Err(RuleError::WrongStep {
            cause: StepCause::NoDiscardDue,
        });
    }
    if !ctx.state.factions[usize::from(by)].hand.contains(card) {
        return Err(RuleError::CardNotInHand { card: *card });
    }
    Ok(())
}

/// Step 5: discards a Crown card and ends the turn (14.10), as [`check_discard`] allowed.
pub fn discard(ctx: &mut Ctx<'_>, by: FactionIdx, card: &CrownCardId) {
    ctx.emit(Event::HandCardRemoved {
        faction: by,
        card: *card,
        to: CardDestination::Discard,
    });
    flow::end_turn(ctx);
}
