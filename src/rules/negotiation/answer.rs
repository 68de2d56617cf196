//! The answer to the offer on top of the stack (11.07–11.11, 21.01, 23.02, 23.10, 9.24, 9.54,
//! 20.05, 20.08, 12.13): refused, nothing happens (but a Noble refused passage stops, 9.28);
//! accepted, what was offered is carried out.

use crate::content::{AreaId, CityCardId, CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::{CardSource, Event};
use crate::rules::state::{Offer, OfferTerms, Place};

use super::offers::{keeps_card_to_discard, spoils};

/// Checks an answer to the offer on top of the stack: accepting may not cost the answering
/// faction the card it keeps for its discard (14.09) — a ransom that gains cards from the
/// captor's hand takes them from the answerer. (A trade always gives back at least one.)
pub fn check_answer(ctx: &Ctx<'_>, offer: &Offer, accept: bool) -> Result<(), RuleError> {
    if !accept {
        return Ok(());
    }
    match &offer.terms {
        OfferTerms::RansomKeeping { gain, .. } => {
            let leaving = still_in_hand(ctx, offer.to, gain).len();
            keeps_card_to_discard(ctx, offer.to, leaving)
        }
        OfferTerms::Ransom { .. }
        | OfferTerms::Gift { .. }
        | OfferTerms::Alliance
        | OfferTerms::AllianceExecuting { .. }
        | OfferTerms::Force { .. }
        | OfferTerms::Passage { .. }
        | OfferTerms::ShipLoan { .. }
        | OfferTerms::Transfer { .. }
        | OfferTerms::Exchange { .. }
        | OfferTerms::HandOver { .. }
        | OfferTerms::Trade { .. }
        | OfferTerms::ShipHandOver { .. }
        | OfferTerms::OfficeMove { .. } => Ok(()),
    }
}

/// Answers the offer on top of the stack, as [`check_answer`] allowed.
pub fn answer(ctx: &mut Ctx<'_>, offer: &Offer, accept: bool) {
    ctx.emit(Event::DecisionClosed);
    if !accept {
        // 9.24, 9.28: a Noble refused passage is stopped at the place that blocks it.
        if let OfferTerms::Passage { noble, through, to } = &offer.terms {
            crate::rules::phases::movement::passage_refused(ctx, offer.from, noble, through, to);
        }
        return;
    }
    match &offer.terms {
        OfferTerms::Ransom { captive, cards } => {
            ransom_accepted(ctx, offer, captive, cards, &[], &[]);
        }
        OfferTerms::RansomKeeping {
            captive,
            cards,
            keep,
            gain,
        } => ransom_accepted(ctx, offer, captive, cards, keep, gain),
        OfferTerms::Gift { cards } => {
            let still = still_in_hand(ctx, offer.from, cards);
            ctx.emit(Event::HandCardsGiven {
                from: offer.from,
                to: offer.to,
                cards: still,
            });
        }
        OfferTerms::Alliance => crate::rules::alliances::form(ctx, offer.from, offer.to, None),
        OfferTerms::AllianceExecuting { house } => {
            crate::rules::alliances::form(ctx, offer.from, offer.to, Some(*house));
        }
        OfferTerms::Force { commander, members } => {
            crate::rules::phases::combat::form_force(ctx, offer, commander, members); // 23.10
        }
        OfferTerms::Passage { noble, through, to } => {
            crate::rules::phases::movement::pass_through(ctx, noble, through, to);
        }
        OfferTerms::ShipLoan { ship } => {
            crate::rules::phases::ship_loan::lend(ctx, ship, offer.from)
        }
        OfferTerms::Transfer { card, from, to } => {
            super::transfer::move_card(ctx, card, from, to);
        }
        OfferTerms::Exchange {
            give,
            from,
            take,
            to,
        } => super::transfer::swap(ctx, give, from, take, to),
        OfferTerms::HandOver { location } => {
            super::handover::hand_over_accepted(ctx, location, offer.to);
        }
        OfferTerms::Trade { give, take } => {
            let give = still_in_hand(ctx, offer.from, give);
            let take = still_in_hand(ctx, offer.to, take);
            ctx.emit(Event::HandCardsGiven {
                from: offer.from,
                to: offer.to,
                cards: give,
            });
            ctx.emit(Event::HandCardsGiven {
                from: offer.to,
                to: offer.from,
                cards: take,
            });
        }
        OfferTerms::ShipHandOver { ship } => ctx.emit(Event::ShipMarked {
            ship: ship.clone(),
            faction: Some(offer.to),
        }),
        OfferTerms::OfficeMove {
            card,
            from,
            to,
            waiting,
        } => super::office::agreed(ctx, offer.from, card, from, to, waiting),
    }
}

/// The offered cards `faction` still holds at acceptance, each once: a card that left the
/// hand since the offer is not given, and one listed twice is given once (a command naming a
/// card twice is refused, so this only guards the deal itself).
fn still_in_hand(ctx: &Ctx<'_>, faction: FactionIdx, cards: &[CrownCardId]) -> Vec<CrownCardId> {
    let Some(f) = ctx.state.factions.get(usize::from(faction)) else {
        return Vec::new();
    };
    let mut out: Vec<CrownCardId> = Vec::with_capacity(cards.len());
    for card in cards {
        if f.hand.contains(card) && !out.contains(card) {
            out.push(*card);
        }
    }
    out
}

/// A ransom accepted: the cards paid change hands, the captive's spoils pass to the victor
/// except those kept by the deal (11.09, 11.11), the Noble goes home (11.08), and cards it
/// gains from the captor's hand are awarded to it where the limits allow, else stay in its
/// owner's hand (11.09).
fn ransom_accepted(
    ctx: &mut Ctx<'_>,
    offer: &Offer,
    captive: &NobleId,
    cards: &[CrownCardId],
    keep: &[CrownCardId],
    gain: &[CrownCardId],
) {
    let still = still_in_hand(ctx, offer.from, cards);
    ctx.emit(Event::HandCardsGiven {
        from: offer.from,
        to: offer.to,
        cards: still,
    });
    // 11.11: spoils Archbishops and Bishops the victor could not place, and where.
    let mut unplaced: Option<(AreaId, Vec<CrownCardId>)> = None;
    if let Some(n) = ctx.state.nobles.get(captive).cloned()
        && let Place::Captive { area, .. } = &n.place
    {
        let discarded = unplaced.insert((*area, Vec::new()));
        // City cards first, so control of a City passes before the card granting it moves.
        let mut spoils = spoils(ctx, captive);
        spoils.sort_by_key(|card| !n.cities.contains(&CityCardId::from_key(card.key())));
        for card in spoils {
            if keep.contains(&card) {
                continue; // 11.09
            }
            let city = CityCardId::from_key(card.key());
            if n.cities.contains(&city) {
                // 11.11: its City cards pass to the victor too, control going with them.
                let taker = crate::rules::capture::victor_taker(ctx, offer.to, area, None);
                match taker {
                    Some(t) => crate::rules::control::pass_city(ctx, &city, &t),
                    None => {
                        ctx.emit(Event::CityCardReturned {
                            noble: *captive,
                            city,
                        });
                        if let Some(location) = ctx.content.cards.city_location(city.as_str()) {
                            crate::rules::control::recompute_control(ctx, &location, None);
                        }
                    }
                }
                continue;
            }
            // 11.11, 23.18: the victor's Nobles in the Area, then its allies' there.
            let taker = crate::rules::capture::victor_taker(ctx, offer.to, area, Some(&card));
            match taker {
                Some(t) => ctx.award(&t, &card, CardSource::Noble { noble: *captive }),
                None => {
                    ctx.emit(Event::CardRemoved {
                        noble: *captive,
                        card,
                        to: crate::rules::event::CardDestination::Discard,
                    });
                    discarded.1.push(card);
                }
            }
            // The places held through it and its ships go with it (11.03, Z22, 9.53).
            crate::rules::control::card_moved(ctx, &card);
        }
    }
    crate::rules::capture::ransom(ctx, captive);
    let gained = still_in_hand(ctx, offer.to, gain);
    if !gained.is_empty() {
        ctx.emit(Event::HandCardsGiven {
            from: offer.to,
            to: offer.from,
            cards: gained.clone(),
        });
        for card in gained {
            if super::hand_cards::can_receive(ctx, captive) && ctx.can_award(captive, &card) {
                ctx.award(captive, &card, CardSource::Hand);
            }
        }
    }
    // 11.11: the victor may take a spoils Bishop it could not place in place of one it holds.
    if let Some((area, cards)) = unplaced {
        crate::rules::spoils::offer(ctx, offer.to, &area, &cards, false);
    }
}
