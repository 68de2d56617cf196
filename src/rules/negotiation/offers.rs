//! Offers between factions that wait for the other side's answer (11.07, 11.09, 21.01,
//! 23.02, 9.24, 20.05, 12.13, 20.08): each opens a decision answered by AcceptOffer or
//! RejectOffer; the ransoms, gifts and trades of hand cards are made here, the answer is
//! carried out in `answer`.

use crate::content::cards::CardType;
use crate::content::{CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{CaptiveCause, RuleError, TransferCause};
use crate::rules::event::Event;
use crate::rules::state::{Offer, OfferTerms, Pending};

use super::hand_cards::{check_hand_cards_for, in_hand, keeps_one_for_discard};

/// Opens an offer: `to` must answer it.
pub(super) fn open_offer(ctx: &mut Ctx<'_>, from: FactionIdx, to: FactionIdx, terms: OfferTerms) {
    let id = ctx.state.next_offer;
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Offer(Offer {
            id,
            from,
            to,
            terms,
        }),
    });
}

/// Offers hand cards to ransom an own captive (11.07) to its `captor` (as [`check_ransom`]
/// found it); with `keep`, the captive keeps those of its cards that would pass to the
/// victor, with `gain` it receives cards of the captor's hand (11.09).
pub(super) fn offer_ransom(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    (cards, keep, gain): (&[CrownCardId], &[CrownCardId], &[CrownCardId]),
    captor: FactionIdx,
) {
    let terms = if keep.is_empty() && gain.is_empty() {
        OfferTerms::Ransom {
            captive: *noble,
            cards: cards.to_vec(),
        }
    } else {
        OfferTerms::RansomKeeping {
            captive: *noble,
            cards: cards.to_vec(),
            keep: keep.to_vec(),
            gain: gain.to_vec(),
        }
    };
    open_offer(ctx, by, captor, terms);
}

/// The captive's cards that would pass to the victor: all its Crown cards but Titles and
/// Offices, and its City cards, named by their keys (11.11).
pub fn spoils(ctx: &Ctx<'_>, captive: &NobleId) -> Vec<CrownCardId> {
    let Some(n) = ctx.state.nobles.get(captive) else {
        return Vec::new();
    };
    n.awards
        .iter()
        .filter(|card| {
            !matches!(
                ctx.content.cards.card(card.as_str()).map(|c| c.card_type),
                Some(CardType::Title | CardType::Office)
            )
        })
        .cloned()
        .chain(n.cities.iter().map(|c| CrownCardId::from_key(c.key())))
        .collect()
}

/// Checks a ransom offer; returns the captor.
pub(super) fn check_ransom(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    cards: &[CrownCardId],
    keep: &[CrownCardId],
    gain: &[CrownCardId],
) -> Result<FactionIdx, RuleError> {
    let Some(captor) = ctx.state.captives.get(noble).map(|c| c.captor) else {
        return Err(RuleError::NotACaptive {
            noble: *noble,
            cause: CaptiveCause::NotCaptive,
        });
    };
    if ctx.owner(noble) != Some(by) {
        return Err(RuleError::NotACaptive {
            noble: *noble,
            cause: CaptiveCause::NotYourNoble,
        });
    }
    for card in cards {
        if !in_hand(ctx, by, card) {
            return Err(RuleError::CardNotInHand { card: *card });
        }
    }
    keeps_card_to_discard(ctx, by, cards.len())?;
    // 11.09: only cards that would pass to the victor can be kept.
    let spoils = spoils(ctx, noble);
    for card in keep {
        if !spoils.contains(card) {
            return Err(RuleError::NotTransferable {
                card: *card,
                cause: TransferCause::NotSpoils,
            });
        }
    }
    // Gains come from the captor's hand, asked for only once revealed (19.02).
    let shown = &ctx.state.factions[usize::from(captor)].shown;
    for card in gain {
        if !shown.contains(&(by, *card)) {
            return Err(RuleError::NotRevealed { card: *card });
        }
    }
    Ok(captor)
}

/// Offers hand cards as a gift, as [`check_gift`] allowed (21.01).
pub(super) fn offer_gift(ctx: &mut Ctx<'_>, by: FactionIdx, to: FactionIdx, cards: &[CrownCardId]) {
    open_offer(
        ctx,
        by,
        to,
        OfferTerms::Gift {
            cards: cards.to_vec(),
        },
    );
}

pub(super) fn check_gift(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    to: FactionIdx,
    cards: &[CrownCardId],
) -> Result<(), RuleError> {
    check_hand_cards_for(ctx, by, to, cards)?;
    keeps_card_to_discard(ctx, by, cards.len())
}

/// 14.09: in its own End of Turn, a faction that drew 2 cannot let its hand go empty by
/// giving or paying cards away, whatever the command that would take them.
pub(super) fn keeps_card_to_discard(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    leaving: usize,
) -> Result<(), RuleError> {
    if leaving > 0 && !keeps_one_for_discard(ctx, by, leaving) {
        return Err(RuleError::MustActFirst {
            reason: crate::rules::error::MustAct::KeepCardForDiscard,
        });
    }
    Ok(())
}

/// Checks a two-way trade of hand cards: own cards for cards the other faction revealed to
/// `by` and still holds (21.01, 19.02).
pub(super) fn check_trade(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    to: FactionIdx,
    give: &[CrownCardId],
    take: &[CrownCardId],
) -> Result<(), RuleError> {
    check_gift(ctx, by, to, give)?;
    if take.is_empty() {
        return Err(RuleError::NoCardsNamed);
    }
    let shown = &ctx.state.factions[usize::from(to)].shown;
    for card in take {
        if !shown.contains(&(by, *card)) {
            return Err(RuleError::NotRevealed { card: *card });
        }
    }
    Ok(())
}

/// Offers a two-way trade of hand cards, as [`check_trade`] allowed; the other faction
/// accepts or refuses it whole.
pub(super) fn offer_trade(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    to: FactionIdx,
    give: &[CrownCardId],
    take: &[CrownCardId],
) {
    open_offer(
        ctx,
        by,
        to,
        OfferTerms::Trade {
            give: give.to_vec(),
            take: take.to_vec(),
        },
    );
}
