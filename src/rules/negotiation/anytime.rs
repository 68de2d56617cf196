//! Commands open at any time in a faction's own steps and in windows (19.18, 17.10, 17.11):
//! playing and awarding cards, Royals and captives, and the routing of the offers, transfers
//! and reveals kept in the sibling modules.

use crate::content::{CrownCardId, NobleId, RoyalId};
use crate::rules::FactionIdx;
use crate::rules::command::Command;
use crate::rules::ctx::Ctx;
use crate::rules::error::{CaptiveCause, ReallocateCause, RoyalCause, RuleError};
use crate::rules::event::{CardSource, Event};
use crate::rules::handler::{Apply, apply};
use crate::rules::state::{Place, RoyalPlace};

use super::hand_cards::{in_hand, keeps_one_for_discard, receive_bar};
use super::{handover, offers, reveal, transfer};

/// Routes the any-time commands (see [`crate::rules::route`]): the checks of the command and
/// the handler that carries it out; `None` if the command is not one of them.
pub fn anytime<'a>(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    command: &'a Command,
) -> Option<Result<Apply<'a>, RuleError>> {
    Some(match command {
        Command::PlayNoble { card } => {
            check_play_noble(ctx, by, card).map(|()| apply(move |ctx| play_noble(ctx, by, card)))
        }
        Command::AwardCard { card, noble } => check_award_card(ctx, by, card, noble)
            .map(|()| apply(move |ctx| award_card(ctx, card, noble))),
        Command::ExecuteRoyal { royal } => check_execute_royal(ctx, by, royal)
            .map(|()| apply(move |ctx| execute_royal(ctx, royal))),
        Command::ReallocateRoyal { royal, noble } => check_reallocate(ctx, by, royal, noble)
            .map(|other| apply(move |ctx| reallocate(ctx, royal, noble, other))),
        Command::ExecuteCaptive { noble } => check_execute_captive(ctx, by, noble)
            .map(|()| apply(move |ctx| execute_captive(ctx, noble))),
        Command::OfferRansom { noble, cards } => {
            offers::check_ransom(ctx, by, noble, cards, &[], &[]).map(|captor| {
                apply(move |ctx| offers::offer_ransom(ctx, by, noble, (cards, &[], &[]), captor))
            })
        }
        Command::OfferRansomKeeping {
            noble,
            cards,
            keep,
            gain,
        } => offers::check_ransom(ctx, by, noble, cards, keep, gain).map(|captor| {
            apply(move |ctx| offers::offer_ransom(ctx, by, noble, (cards, keep, gain), captor))
        }),
        Command::OfferGift { to, cards } => offers::check_gift(ctx, by, *to, cards)
            .map(|()| apply(move |ctx| offers::offer_gift(ctx, by, *to, cards))),
        Command::TransferCard { card, from, to } => {
            transfer::check_transfer(ctx, by, card, from, to).map(|receiver| {
                apply(move |ctx| transfer::transfer(ctx, by, card, (from, to), receiver))
            })
        }
        Command::ExchangeCards {
            give,
            from,
            take,
            to,
        } => transfer::check_exchange(ctx, by, give, from, take, to).map(|other| {
            apply(move |ctx| transfer::exchange(ctx, by, (give, from), (take, to), other))
        }),
        Command::ReplaceBishop { card, noble } => {
            transfer::check_replace_bishop(ctx, by, card, noble)
                .map(|old| apply(move |ctx| transfer::replace_bishop(ctx, card, noble, old)))
        }
        Command::HandOverPlace { location, to } => {
            handover::check_hand_over(ctx, by, location, *to)
                .map(|()| apply(move |ctx| handover::hand_over(ctx, by, location, *to)))
        }
        Command::HandOverShip { ship, to } => handover::check_hand_over_ship(ctx, by, ship, *to)
            .map(|()| apply(move |ctx| handover::hand_over_ship(ctx, by, ship, *to))),
        Command::RevealCards { to, cards } => reveal::check_reveal(ctx, by, *to, cards)
            .map(|()| apply(move |ctx| reveal::reveal(ctx, by, *to, cards))),
        Command::OfferTrade { to, give, take } => offers::check_trade(ctx, by, *to, give, take)
            .map(|()| apply(move |ctx| offers::offer_trade(ctx, by, *to, give, take))),
        _ => return None,
    })
}

/// Plays a Noble card from hand, as [`check_play_noble`] allowed (19.18).
fn play_noble(ctx: &mut Ctx<'_>, by: FactionIdx, card: &CrownCardId) {
    ctx.noble_enters(by, card, true);
}

fn check_play_noble(ctx: &Ctx<'_>, by: FactionIdx, card: &CrownCardId) -> Result<(), RuleError> {
    if !in_hand(ctx, by, card) {
        return Err(RuleError::CardNotInHand { card: *card });
    }
    if !ctx
        .content
        .cards
        .card(card.as_str())
        .is_some_and(|c| c.card_type.is_noble())
    {
        return Err(RuleError::NotANobleCard { card: *card });
    }
    if !keeps_one_for_discard(ctx, by, 1) {
        return Err(RuleError::MustActFirst {
            reason: crate::rules::error::MustAct::KeepCardForDiscard,
        });
    }
    Ok(())
}

/// Awards a hand card to an own Noble (19.18), as [`check_award_card`] allowed.
fn award_card(ctx: &mut Ctx<'_>, card: &CrownCardId, noble: &NobleId) {
    ctx.award(noble, card, CardSource::Hand);
}

/// Checks awarding a hand card to an own Noble (19.18, 2.08–2.12, 14.09).
fn check_award_card(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    card: &CrownCardId,
    noble: &NobleId,
) -> Result<(), RuleError> {
    if !in_hand(ctx, by, card) {
        return Err(RuleError::CardNotInHand { card: *card });
    }
    let n = ctx.own_noble(by, noble)?;
    receive_bar(ctx, noble)
        .and_then(|()| crate::rules::ctx::award_bar(ctx.content, n, card))
        .map_err(|cause| RuleError::CannotAward {
            card: *card,
            noble: *noble,
            cause,
        })?;
    if !keeps_one_for_discard(ctx, by, 1) {
        return Err(RuleError::MustActFirst {
            reason: crate::rules::error::MustAct::KeepCardForDiscard,
        });
    }
    Ok(())
}

fn own_royal(ctx: &Ctx<'_>, by: FactionIdx, royal: &RoyalId) -> Result<NobleId, RuleError> {
    match ctx.state.royals.get(royal).map(|r| &r.place) {
        Some(RoyalPlace::With { noble }) if ctx.owner(noble) == Some(by) => Ok(*noble),
        _ => Err(RuleError::NotYourRoyal {
            royal: *royal,
            cause: RoyalCause::NotWithYours,
        }),
    }
}

/// Executes an own Royal, as [`check_execute_royal`] allowed.
fn execute_royal(ctx: &mut Ctx<'_>, royal: &RoyalId) {
    crate::rules::royalty::execute(ctx, royal); // 17.11
}

fn check_execute_royal(ctx: &Ctx<'_>, by: FactionIdx, royal: &RoyalId) -> Result<(), RuleError> {
    let noble = own_royal(ctx, by, royal)?;
    if matches!(
        ctx.state.nobles.get(&noble).map(|n| &n.place),
        Some(Place::Captive { .. })
    ) {
        return Err(RuleError::NotYourRoyal {
            royal: *royal,
            cause: RoyalCause::WithCaptive,
        });
    }
    Ok(())
}

/// Reallocates a Royal to `to`, as [`check_reallocate`] allowed; `other` when `to` is
/// another faction's (17.10).
fn reallocate(ctx: &mut Ctx<'_>, royal: &RoyalId, to: &NobleId, other: bool) {
    if other {
        crate::rules::royalty::release_castles(ctx, royal);
        crate::rules::royalty::attach(ctx, royal, to);
    } else {
        ctx.emit(Event::RoyalPlaced {
            royal: *royal,
            place: RoyalPlace::With { noble: *to },
        });
    }
}

/// Checks a reallocation; true when the receiving Noble is another faction's.
fn check_reallocate(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    royal: &RoyalId,
    to: &NobleId,
) -> Result<bool, RuleError> {
    let from = own_royal(ctx, by, royal)?;
    let (Some(a), Some(b)) = (ctx.state.nobles.get(&from), ctx.state.nobles.get(to)) else {
        return Err(RuleError::NobleNotInPlay { noble: *to });
    };
    // 17.10: another Noble in the same place, of any faction (Z37: no consent).
    let cause = if &from == to {
        Some(ReallocateCause::SameNoble)
    } else if matches!(a.place, Place::Captive { .. }) {
        Some(ReallocateCause::Captive)
    } else if a.place != b.place
        && !crate::rules::royalty::may_give_in_area(ctx.content, &ctx.state, &from, to)
    {
        Some(ReallocateCause::Apart) // 17.10; 17.13 reaches the whole Area
    } else {
        None
    };
    if let Some(cause) = cause {
        return Err(RuleError::CannotReallocate {
            royal: *royal,
            noble: *to,
            cause,
        });
    }
    Ok(b.faction != by)
}

/// Executes an own captive, as [`check_execute_captive`] allowed.
fn execute_captive(ctx: &mut Ctx<'_>, noble: &NobleId) {
    crate::rules::capture::execute_captive(ctx, noble); // 11.10
}

fn check_execute_captive(ctx: &Ctx<'_>, by: FactionIdx, noble: &NobleId) -> Result<(), RuleError> {
    let cause = match ctx.state.captives.get(noble).map(|c| c.captor) {
        Some(captor) if captor == by => return Ok(()),
        Some(_) => CaptiveCause::HeldByOther,
        None => CaptiveCause::NotCaptive,
    };
    Err(RuleError::NotACaptive {
        noble: *noble,
        cause,
    })
}
