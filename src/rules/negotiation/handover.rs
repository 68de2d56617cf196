//! Handing a place or ship listed on a card to another faction without the card (20.08):
//! control of a place changes to the receiver, still tied to the listing card, so it lapses
//! when that card leaves play (11.03); a ship gets the receiver's marker, which counts while
//! the card is in play. The receiver must agree.

use crate::content::LocationId;
use crate::content::cards::CardType;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{PlaceCause, RuleError, ShipCause};
use crate::rules::event::Event;
use crate::rules::state::{ControlSource, Controller, OfferTerms};

use super::offers::open_offer;
use super::transfer::{transfers_closed, transfers_open};

/// Checks handing `location` to faction `to`: `by` controls it through a Noble, Title,
/// Office or Bishop card held by one of its Nobles.
pub fn check_hand_over(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    location: &LocationId,
    to: FactionIdx,
) -> Result<(), RuleError> {
    if usize::from(to) >= ctx.state.players() {
        return Err(RuleError::UnknownFaction);
    }
    if to == by {
        return Err(RuleError::NotToYourself);
    }
    if !transfers_open(ctx) {
        return Err(transfers_closed());
    }
    let refuse = |cause| {
        Err(RuleError::NotYourPlace {
            location: *location,
            cause,
        })
    };
    let Some(Controller {
        faction: Some(owner),
        source: ControlSource::Card { card },
    }) = ctx.state.control.get(location)
    else {
        return refuse(PlaceCause::NotByCard);
    };
    let listing = ctx.content.cards.card(card.as_str()).is_some_and(|c| {
        matches!(
            c.card_type,
            CardType::TitledNoble
                | CardType::UntitledNoble
                | CardType::Title
                | CardType::Office
                | CardType::Bishop
        ) && c.locations.contains(location)
    });
    let held = ctx
        .state
        .nobles
        .values()
        .any(|n| n.faction == by && (&n.card == card || n.awards.contains(card)));
    if *owner != by {
        return refuse(PlaceCause::NotYours);
    }
    if !listing {
        return refuse(PlaceCause::NotListed);
    }
    if !held {
        return refuse(PlaceCause::CardNotHeld);
    }
    if ctx.state.besieged.contains_key(location) {
        return refuse(PlaceCause::Besieged);
    }
    Ok(())
}

/// Offers `location` to faction `to` (20.08), as [`check_hand_over`] allowed.
pub fn hand_over(ctx: &mut Ctx<'_>, by: FactionIdx, location: &LocationId, to: FactionIdx) {
    open_offer(
        ctx,
        by,
        to,
        OfferTerms::HandOver {
            location: *location,
        },
    );
}

/// The receiver agreed: its marker replaces the giver's; occupants no longer friendly leave.
pub fn hand_over_accepted(ctx: &mut Ctx<'_>, location: &LocationId, to: FactionIdx) {
    let Some(current) = ctx.state.control.get(location).cloned() else {
        return;
    };
    ctx.emit(Event::ControlChanged {
        location: *location,
        controller: Some(Controller {
            faction: Some(to),
            source: current.source,
        }),
    });
    crate::rules::control::expel(ctx, location);
}

/// Checks handing an empty ship to faction `to`: it sails for `by` through a Noble, Title,
/// Office or Bishop card (a Ship card moves with the card itself, 20.04).
pub fn check_hand_over_ship(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    ship: &str,
    to: FactionIdx,
) -> Result<(), RuleError> {
    if usize::from(to) >= ctx.state.players() {
        return Err(RuleError::UnknownFaction);
    }
    if to == by {
        return Err(RuleError::NotToYourself);
    }
    if !transfers_open(ctx) {
        return Err(transfers_closed());
    }
    let listing = ctx.state.ships.get(ship).is_some_and(|s| {
        ctx.content.cards.card(s.card.as_str()).is_some_and(|c| {
            matches!(
                c.card_type,
                CardType::TitledNoble
                    | CardType::UntitledNoble
                    | CardType::Title
                    | CardType::Office
                    | CardType::Bishop
            )
        })
    });
    let empty =
        !ctx.state.nobles.values().any(
            |n| matches!(&n.place, crate::rules::state::Place::Aboard { ship: s } if s == ship),
        );
    let owner = crate::rules::ships::ship_owner(&ctx.state, ship);
    let cause = if !ctx.state.ships.contains_key(ship) {
        ShipCause::NoSuchShip
    } else if owner != Some(by) {
        ShipCause::NotYours
    } else if !listing {
        ShipCause::MovesWithCard
    } else if !empty {
        ShipCause::NotEmpty
    } else {
        return Ok(());
    };
    Err(RuleError::ShipCannot {
        ship: ship.to_owned(),
        cause,
    })
}

/// Offers a ship to faction `to` (20.08), as [`check_hand_over_ship`] allowed.
pub fn hand_over_ship(ctx: &mut Ctx<'_>, by: FactionIdx, ship: &str, to: FactionIdx) {
    open_offer(
        ctx,
        by,
        to,
        OfferTerms::ShipHandOver {
            ship: ship.to_owned(),
        },
    );
}
