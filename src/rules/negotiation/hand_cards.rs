//! Hand cards a faction may pass, show or play (21.01, 19.02, 14.09), and the Nobles that can
//! receive cards now (19.18): the checks the any-time commands, offers and transfers share.

use crate::content::{CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{AwardCause, RuleError};
use crate::rules::state::Place;

/// A Noble that can receive cards now: not besieged, not at sea, not captive (19.18).
pub fn can_receive(ctx: &Ctx<'_>, noble: &NobleId) -> bool {
    receive_bar(ctx, noble).is_ok()
}

/// Checks a Noble can receive cards now, or says why not (19.18).
pub(super) fn receive_bar(ctx: &Ctx<'_>, noble: &NobleId) -> Result<(), AwardCause> {
    let standing = ctx
        .state
        .nobles
        .get(noble)
        .is_some_and(|n| matches!(n.place, Place::Field { .. } | Place::Inside { .. }));
    if !standing {
        return Err(AwardCause::Away);
    }
    if ctx.state.is_besieged(noble) {
        return Err(AwardCause::Besieged);
    }
    Ok(())
}

/// Whether `card` is in `by`'s hand.
pub(super) fn in_hand(ctx: &Ctx<'_>, by: FactionIdx, card: &CrownCardId) -> bool {
    ctx.state.factions[usize::from(by)].hand.contains(card)
}

/// Checks hand cards `by` means to pass or show to another faction `to`: a real other
/// faction, at least one card, and every card in `by`'s hand (gifts, trades, reveals).
pub(super) fn check_hand_cards_for(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    to: FactionIdx,
    cards: &[CrownCardId],
) -> Result<(), RuleError> {
    if usize::from(to) >= ctx.state.players() {
        return Err(RuleError::UnknownFaction);
    }
    if to == by {
        return Err(RuleError::NotToYourself);
    }
    if cards.is_empty() {
        return Err(RuleError::NoCardsNamed);
    }
    for card in cards {
        if !in_hand(ctx, by, card) {
            return Err(RuleError::CardNotInHand { card: *card });
        }
    }
    Ok(())
}

/// Whether `by` keeps a card for its step 5 discard after `playing` cards leave its hand
/// (14.09).
pub(super) fn keeps_one_for_discard(ctx: &Ctx<'_>, by: FactionIdx, playing: usize) -> bool {
    // 14.09: a faction that drew 2 keeps at least 1 card for its discard.
    let f = &ctx.state.factions[usize::from(by)];
    let own_end = ctx.state.clock.active == by
        && ctx.state.clock.phase == crate::rules::state::Phase::EndOfTurn;
    !(own_end && f.drew >= 2 && f.hand.len() <= playing)
}
