//! Offices moving between attending Nobles at Parliament (12.13, 20.03): while the summoner
//! awards Chancery, it may move an Office from one attending Noble to another (its
//! permission); each other owner affected must agree, one offer after the other.

use crate::content::cards::CardType;
use crate::content::{CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{RuleError, StepCause, TogetherCause, TransferCause};
use crate::rules::event::Event;
use crate::rules::state::{OfferTerms, Pending};

use super::offers::open_offer;

/// Whether a Noble attends the Parliament being held: in its Area, not besieged (Z27).
fn attending(ctx: &Ctx<'_>, noble: &NobleId) -> bool {
    let Some(peace) = &ctx.state.kings_peace else {
        return false;
    };
    !ctx.state.is_besieged(noble)
        && crate::rules::troops::area_of_noble(ctx.content, &ctx.state, noble).as_ref()
            == Some(&peace.area)
}

/// Checks an Office move proposed by the summoner; returns the other owners who must agree.
pub fn check_move_office(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    card: &CrownCardId,
    from: &NobleId,
    to: &NobleId,
) -> Result<Vec<FactionIdx>, RuleError> {
    let Some(Pending::ChanceryAwards { summoner, .. }) = ctx.state.pending.last() else {
        return Err(RuleError::WrongStep {
            cause: StepCause::NoChanceryAwards,
        });
    };
    if *summoner != by {
        return Err(RuleError::WrongStep {
            cause: StepCause::SummonerOnly,
        });
    }
    let office = ctx
        .content
        .cards
        .card(card.as_str())
        .is_some_and(|c| c.card_type == CardType::Office);
    let held = ctx
        .state
        .nobles
        .get(from)
        .is_some_and(|n| n.awards.contains(card));
    if !office || !held {
        return Err(RuleError::NotTransferable {
            card: *card,
            cause: if office {
                TransferCause::NotHeld
            } else {
                TransferCause::NotAnOffice
            },
        });
    }
    if from == to || !attending(ctx, from) || !attending(ctx, to) {
        return Err(RuleError::NotTogether {
            noble: *to,
            cause: if from == to {
                TogetherCause::SameNoble
            } else {
                TogetherCause::NotAttending
            },
        });
    }
    let Some(receiver) = ctx.state.nobles.get(to) else {
        return Err(RuleError::NobleNotInPlay { noble: *to });
    };
    crate::rules::ctx::award_bar(ctx.content, receiver, card).map_err(|cause| {
        RuleError::CannotAward {
            card: *card,
            noble: *to,
            cause,
        }
    })?;
    let mut owners: Vec<FactionIdx> = [ctx.owner(from), ctx.owner(to)]
        .into_iter()
        .flatten()
        .filter(|f| *f != by)
        .collect();
    owners.dedup();
    Ok(owners)
}

/// The summoner moves an Office: at once if only its own Nobles are involved, else the first
/// other owner is asked; `owners` are those [`check_move_office`] found must agree.
pub fn move_office(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    card: &CrownCardId,
    from: &NobleId,
    to: &NobleId,
    owners: &[FactionIdx],
) {
    agreed(ctx, by, card, from, to, owners);
}

/// One more agreement given (or none needed yet): ask the next owner, or move the Office.
pub fn agreed(
    ctx: &mut Ctx<'_>,
    summoner: FactionIdx,
    card: &CrownCardId,
    from: &NobleId,
    to: &NobleId,
    waiting: &[FactionIdx],
) {
    if let Some((next, rest)) = waiting.split_first() {
        open_offer(
            ctx,
            summoner,
            *next,
            OfferTerms::OfficeMove {
                card: *card,
                from: *from,
                to: *to,
                waiting: rest.to_vec(),
            },
        );
        return;
    }
    let giver = ctx.owner(from);
    super::transfer::move_card(ctx, card, from, to);
    // Z41: Chancellor cards go when their holder's faction loses the Chancellor of England.
    if crate::rules::prestige::chancellor_card(ctx.content).as_ref() == Some(card)
        && let Some(giver) = giver
        && ctx.owner(to) != Some(giver)
    {
        for c in ctx.state.factions[usize::from(giver)]
            .chancellor_cards
            .clone()
        {
            ctx.emit(Event::ChancellorCardSpent {
                faction: giver,
                card: c,
            });
        }
    }
}
