//! The spoils Archbishop or Bishop exchange (11.11, with the Bishops note of §2): a spoils
//! Archbishop or Bishop that no friendly Noble in the combat Area can take goes to the
//! discard pile, but its victor may give it instead to one of its Nobles there in place of
//! the one that Noble holds, which is discarded in its stead. Owns opening that decision after
//! an execution or a ransom, and answering it. From rules version 2 (games of version 1 were
//! never asked: rules-decisions, spoils-bishop-swap).

use crate::content::cards::CardType;
use crate::content::{AreaId, CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{AwardCause, RuleError};
use crate::rules::event::{CardSource, Event};
use crate::rules::state::{Pending, Place};

/// The first rules version that offers the exchange.
const FROM_RULES_VERSION: u32 = 2;

/// Opens the exchange for each of `cards` (spoils of a Noble lost in `area` to `victor`) that
/// is an Archbishop or Bishop now in the discard pile, when a friendly Noble in the Area
/// holds one to give up. Returns whether any decision was opened.
pub fn offer(
    ctx: &mut Ctx<'_>,
    victor: FactionIdx,
    area: &AreaId,
    cards: &[CrownCardId],
    closes_turn: bool,
) -> bool {
    if ctx.state.setup.rules_version < FROM_RULES_VERSION {
        return false;
    }
    let mut opened = false;
    for card in cards {
        if !is_bishop(ctx, card) || !ctx.state.crown_discard.contains(card) {
            continue;
        }
        let nobles = holders(ctx, victor, area);
        if nobles.is_empty() {
            continue;
        }
        ctx.emit(Event::DecisionOpened {
            pending: Pending::SpoilsBishop {
                faction: victor,
                card: *card,
                nobles,
                closes_turn,
            },
        });
        opened = true;
    }
    opened
}

/// The victor's (and its allies', 23.18) Nobles in the Area, free and holding an Archbishop
/// or Bishop, in id order.
fn holders(ctx: &Ctx<'_>, victor: FactionIdx, area: &AreaId) -> Vec<NobleId> {
    ctx.state
        .nobles
        .iter()
        .filter(|(_, n)| {
            ctx.state.friendly(n.faction, victor) && !matches!(n.place, Place::Captive { .. })
        })
        .filter(|(id, _)| {
            crate::rules::troops::area_of_noble(ctx.content, &ctx.state, id).as_ref() == Some(area)
        })
        .filter(|(_, n)| n.awards.iter().any(|c| is_bishop(ctx, c)))
        .map(|(id, _)| *id)
        .collect()
}

fn is_bishop(ctx: &Ctx<'_>, card: &CrownCardId) -> bool {
    ctx.content
        .cards
        .card(card.as_str())
        .is_some_and(|c| c.card_type == CardType::Bishop)
}

/// Checks giving the spoils `card` to `noble`, one of the Nobles the decision names.
pub fn check_take(
    nobles: &[NobleId],
    card: &CrownCardId,
    noble: &NobleId,
) -> Result<(), RuleError> {
    if nobles.contains(noble) {
        Ok(())
    } else {
        Err(RuleError::CannotAward {
            card: *card,
            noble: *noble,
            cause: AwardCause::NoBishopToReplace,
        })
    }
}

/// Gives the spoils `card` to `noble`; the Archbishop or Bishop it held goes to the discard
/// pile, the places it controlled settling again (19.12, Z22).
pub fn take(ctx: &mut Ctx<'_>, card: &CrownCardId, noble: &NobleId, closes_turn: bool) {
    ctx.emit(Event::DecisionClosed);
    crate::rules::control::discard_bishop(ctx, noble);
    ctx.award(noble, card, CardSource::Discard);
    resume(ctx, closes_turn);
}

/// Keeps the Archbishop or Bishop already held; the spoils card stays in the discard pile.
pub fn keep(ctx: &mut Ctx<'_>, closes_turn: bool) {
    ctx.emit(Event::DecisionClosed);
    resume(ctx, closes_turn);
}

/// The turn whose politicking closed with the executions goes on once the last exchange is
/// answered.
fn resume(ctx: &mut Ctx<'_>, closes_turn: bool) {
    if closes_turn && !matches!(ctx.state.pending.last(), Some(Pending::SpoilsBishop { .. })) {
        crate::rules::flow::after_executions(ctx);
    }
}
