//! Voluntary transfers of awarded cards between Nobles standing together (§20, 19.11, 19.12):
//! one card given, or two exchanged as one deal; a Bishop in hand replacing an awarded one.
//! Between two factions the receiving owner must agree (an offer); places and Cities
//! controlled through a card follow it to the receiver's faction.

use crate::content::cards::CardType;
use crate::content::{CityCardId, CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{AwardCause, RuleError, StepCause, TogetherCause, TransferCause};
use crate::rules::event::{CardDestination, CardSource, Event};
use crate::rules::state::{ControlSource, Controller, OfferTerms, Place};

use super::hand_cards::{in_hand, keeps_one_for_discard, receive_bar};
use super::offers::open_offer;

/// Whether a card type may change Nobles by voluntary transfer (20.02, 20.04).
pub fn transferable(kind: CardType) -> bool {
    matches!(
        kind,
        CardType::Bishop | CardType::Mercenary | CardType::Town | CardType::Ship
    )
}

/// The refusal of a transfer at a moment that does not allow them (20.05).
pub(super) fn transfers_closed() -> RuleError {
    RuleError::WrongStep {
        cause: StepCause::TransfersClosed,
    }
}

/// 20.05, 10.21, 10.30, 10.49, 10.58: whether transfers are open at this moment, as the one
/// routing says ([`crate::rules::moments::open_now`]).
pub fn transfers_open(ctx: &Ctx<'_>) -> bool {
    crate::rules::moments::open_now(&ctx.state).transfers
}

fn kind(ctx: &Ctx<'_>, card: &CrownCardId) -> Option<CardType> {
    ctx.content.cards.card(card.as_str()).map(|c| c.card_type)
}

/// The City card a card key names, if it names one: City cards are transferable like the
/// Crown cards of 20.04 and are named in the same commands by their keys (`city_york`).
pub fn city_card(ctx: &Ctx<'_>, card: &CrownCardId) -> Option<CityCardId> {
    ctx.content.cards.city_card(card.as_str()).map(|c| c.id)
}

/// Two Nobles in the same open field or fortified place (20.05).
fn together(ctx: &Ctx<'_>, a: &NobleId, b: &NobleId) -> Result<(), RuleError> {
    let (Some(x), Some(y)) = (ctx.state.nobles.get(a), ctx.state.nobles.get(b)) else {
        return Err(RuleError::NobleNotInPlay { noble: *b });
    };
    let standing = matches!(x.place, Place::Field { .. } | Place::Inside { .. });
    let cause = if a == b {
        TogetherCause::SameNoble
    } else if !standing {
        TogetherCause::Away
    } else if x.place != y.place {
        TogetherCause::Apart
    } else {
        return Ok(());
    };
    Err(RuleError::NotTogether { noble: *b, cause })
}

fn not_transferable(card: &CrownCardId, cause: TransferCause) -> RuleError {
    RuleError::NotTransferable { card: *card, cause }
}

/// 20.06: a card that has taken part in an attack this round cannot go to a Noble committed
/// to another attack under way (between two attackers of the same attack it stays in it).
fn not_attacking_twice(
    ctx: &Ctx<'_>,
    card: &CrownCardId,
    from: &NobleId,
    to: &NobleId,
) -> Result<(), RuleError> {
    let state = &ctx.state;
    if state.card_attacked.contains(card)
        && state.in_attack_under_way(to, false)
        && !state.in_attack_under_way(from, false)
    {
        return Err(not_transferable(card, TransferCause::AttackedThisRound));
    }
    Ok(())
}

/// A transferable card held by `noble` (20.02, 20.04).
fn held_transferable(ctx: &Ctx<'_>, noble: &NobleId, card: &CrownCardId) -> Result<(), RuleError> {
    if let Some(city) = city_card(ctx, card) {
        let held = ctx
            .state
            .nobles
            .get(noble)
            .is_some_and(|n| n.cities.contains(&city));
        return if held {
            Ok(())
        } else {
            Err(not_transferable(card, TransferCause::NotHeld))
        };
    }
    let held = ctx
        .state
        .nobles
        .get(noble)
        .is_some_and(|n| n.awards.contains(card));
    if !held {
        return Err(not_transferable(card, TransferCause::NotHeld));
    }
    match kind(ctx, card) {
        Some(k) if transferable(k) => Ok(()),
        Some(CardType::Office) => Err(not_transferable(card, TransferCause::OfficeAtParliament)),
        _ => Err(not_transferable(card, TransferCause::NeverMoves)),
    }
}

/// Checks `noble` can take `card` once `leaving` (if any) has left it, or says why not: of
/// the transferable types only Bishops are limited, to one per Noble (2.11); never to a
/// besieged Noble (19.18).
fn fits_after(
    ctx: &Ctx<'_>,
    noble: &NobleId,
    card: &CrownCardId,
    leaving: Option<&CrownCardId>,
) -> Result<(), RuleError> {
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay { noble: *noble });
    };
    let refuse = |cause| {
        Err(RuleError::CannotAward {
            card: *card,
            noble: *noble,
            cause,
        })
    };
    if let Err(cause) = receive_bar(ctx, noble) {
        return refuse(cause);
    }
    if city_card(ctx, card).is_some() {
        return Ok(()); // any number of City cards (20.04)
    }
    match kind(ctx, card) {
        Some(CardType::Bishop) => {
            let has_bishop = n
                .awards
                .iter()
                .filter(|a| Some(*a) != leaving)
                .any(|a| kind(ctx, a) == Some(CardType::Bishop));
            if has_bishop {
                refuse(AwardCause::HasBishop)
            } else {
                Ok(())
            }
        }
        Some(k) if transferable(k) => Ok(()),
        Some(CardType::Office) => Err(not_transferable(card, TransferCause::OfficeAtParliament)),
        Some(_) => Err(not_transferable(card, TransferCause::NeverMoves)),
        None => refuse(AwardCause::UnknownCard),
    }
}

/// Checks giving `card` from an own Noble to another in the same place; returns the
/// receiving faction (20.01–20.05).
pub fn check_transfer(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    card: &CrownCardId,
    from: &NobleId,
    to: &NobleId,
) -> Result<FactionIdx, RuleError> {
    if !transfers_open(ctx) {
        return Err(transfers_closed());
    }
    ctx.own_noble(by, from)?;
    held_transferable(ctx, from, card)?;
    together(ctx, from, to)?;
    not_attacking_twice(ctx, card, from, to)?; // 20.06
    fits_after(ctx, to, card, None)?;
    ctx.owner(to)
        .ok_or(RuleError::NobleNotInPlay { noble: *to })
}

/// Gives a card to another Noble: at once between own Nobles, else the receiver's owner
/// (`receiver`, as [`check_transfer`] found it) answers an offer (20.05).
pub fn transfer(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    card: &CrownCardId,
    (from, to): (&NobleId, &NobleId),
    receiver: FactionIdx,
) {
    if receiver == by {
        move_card(ctx, card, from, to);
    } else {
        open_offer(
            ctx,
            by,
            receiver,
            OfferTerms::Transfer {
                card: *card,
                from: *from,
                to: *to,
            },
        );
    }
}

/// Checks exchanging `give` (on an own Noble) for `take` (on a Noble in the same place) as one
/// deal; returns the other faction (19.12 for own Bishops, a two-way trade otherwise).
pub fn check_exchange(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    give: &CrownCardId,
    from: &NobleId,
    take: &CrownCardId,
    to: &NobleId,
) -> Result<FactionIdx, RuleError> {
    if !transfers_open(ctx) {
        return Err(transfers_closed());
    }
    ctx.own_noble(by, from)?;
    held_transferable(ctx, from, give)?;
    held_transferable(ctx, to, take)?;
    together(ctx, from, to)?;
    not_attacking_twice(ctx, give, from, to)?; // 20.06
    not_attacking_twice(ctx, take, to, from)?;
    fits_after(ctx, to, give, Some(take))?;
    fits_after(ctx, from, take, Some(give))?;
    ctx.owner(to)
        .ok_or(RuleError::NobleNotInPlay { noble: *to })
}

/// Exchanges two cards: at once between own Nobles, else as one offer the other owner
/// (`other`, as [`check_exchange`] found it) accepts or refuses.
pub fn exchange(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    (give, from): (&CrownCardId, &NobleId),
    (take, to): (&CrownCardId, &NobleId),
    other: FactionIdx,
) {
    if other == by {
        swap(ctx, give, from, take, to);
    } else {
        open_offer(
            ctx,
            by,
            other,
            OfferTerms::Exchange {
                give: *give,
                from: *from,
                take: *take,
                to: *to,
            },
        );
    }
}

/// Carries out an exchange: `give` to `to`, `take` to `from`.
pub fn swap(
    ctx: &mut Ctx<'_>,
    give: &CrownCardId,
    from: &NobleId,
    take: &CrownCardId,
    to: &NobleId,
) {
    if let Some(city) = city_card(ctx, take) {
        move_card(ctx, give, from, to);
        crate::rules::control::pass_city(ctx, &city, from);
        return;
    }
    // Take the second card off first so the Bishop limit holds at every step.
    ctx.emit(Event::CardRemoved {
        noble: *to,
        card: *take,
        to: CardDestination::Noble { noble: *from },
    });
    move_card(ctx, give, from, to);
    follow(ctx, take, to, from);
}

/// Moves an awarded card between Nobles with its effects (20.04, 20.06: usable at once); a
/// City card takes control of its City with it ([`crate::rules::control::pass_city`]).
pub fn move_card(ctx: &mut Ctx<'_>, card: &CrownCardId, from: &NobleId, to: &NobleId) {
    if let Some(city) = city_card(ctx, card) {
        crate::rules::control::pass_city(ctx, &city, to);
        return;
    }
    ctx.emit(Event::CardAwarded {
        noble: *to,
        card: *card,
        from: CardSource::Noble { noble: *from },
    });
    follow(ctx, card, from, to);
}

/// What follows a card that changed Nobles: places it controls for the giver's faction pass
/// to the receiver's, with the City card it grants; then its usual effects (neutral places,
/// ships) and expulsion from places no longer friendly.
fn follow(ctx: &mut Ctx<'_>, card: &CrownCardId, from: &NobleId, to: &NobleId) {
    let (Some(giver), Some(receiver)) = (ctx.owner(from), ctx.owner(to)) else {
        return;
    };
    let mut changed: Vec<LocationId> = Vec::new();
    if giver != receiver {
        changed = ctx
            .state
            .control
            .iter()
            .filter(|(_, c)| {
                c.faction == Some(giver)
                    && matches!(&c.source, ControlSource::Card { card: x } if x == card)
            })
            .map(|(l, _)| *l)
            .collect();
        for location in &changed {
            ctx.emit(Event::ControlChanged {
                location: *location,
                controller: Some(Controller {
                    faction: Some(receiver),
                    source: ControlSource::Card { card: *card },
                }),
            });
        }
    }
    if let Some(city) = ctx.content.cards.card(card.as_str()).and_then(|c| c.city)
        && ctx
            .state
            .nobles
            .get(from)
            .is_some_and(|n| n.cities.contains(&city))
    {
        ctx.emit(Event::CityCardAwarded { noble: *to, city });
    }
    ctx.card_effects(to, card);
    for location in changed {
        crate::rules::control::expel(ctx, &location);
    }
}

/// Checks replacing an own Noble's awarded Bishop with one from hand (19.12); returns the
/// Bishop replaced.
pub fn check_replace_bishop(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    card: &CrownCardId,
    noble: &NobleId,
) -> Result<CrownCardId, RuleError> {
    if !transfers_open(ctx) {
        return Err(transfers_closed());
    }
    if !in_hand(ctx, by, card) {
        return Err(RuleError::CardNotInHand { card: *card });
    }
    ctx.own_noble(by, noble)?;
    let old = ctx.state.nobles.get(noble).and_then(|n| {
        n.awards
            .iter()
            .find(|a| kind(ctx, a) == Some(CardType::Bishop))
            .cloned()
    });
    let refuse = |cause| RuleError::CannotAward {
        card: *card,
        noble: *noble,
        cause,
    };
    let Some(old) = old else {
        return Err(refuse(AwardCause::NoBishopToReplace));
    };
    if kind(ctx, card) != Some(CardType::Bishop) {
        return Err(refuse(AwardCause::NotABishop));
    }
    receive_bar(ctx, noble).map_err(refuse)?;
    if !keeps_one_for_discard(ctx, by, 1) {
        return Err(RuleError::MustActFirst {
            reason: crate::rules::error::MustAct::KeepCardForDiscard,
        });
    }
    Ok(old)
}

/// Replaces the awarded Bishop `old` (as [`check_replace_bishop`] found it) with `card` from
/// hand; the old one goes to the Crown discard and the places it controlled are settled again
/// (19.12, Z22).
pub fn replace_bishop(ctx: &mut Ctx<'_>, card: &CrownCardId, noble: &NobleId, old: CrownCardId) {
    crate::rules::control::discard_awarded(ctx, noble, old);
    ctx.award(noble, card, CardSource::Hand);
}
