//! Borrowing another faction's ship for one voyage (9.54): the request, which the owner
//! answers as an offer, and the loan once agreed.

use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{RuleError, ShipCause};
use crate::rules::event::Event;
use crate::rules::ships::{cannot, ship_owner};
use crate::rules::state::{Offer, OfferTerms, Pending, ShipPlace};

/// Checks a request to borrow another faction's ship (9.54); returns the owner to answer.
pub fn check_loan(ctx: &Ctx<'_>, by: FactionIdx, ship: &str) -> Result<FactionIdx, RuleError> {
    let Some(s) = ctx.state.ships.get(ship) else {
        return Err(cannot(ship, ShipCause::NoSuchShip));
    };
    let owner = ship_owner(&ctx.state, ship).ok_or_else(|| cannot(ship, ShipCause::NoSuchShip))?;
    let cause = if owner == by {
        ShipCause::OwnShip
    } else if s.lent_to.is_some() {
        ShipCause::AlreadyLent
    } else if s.moved_round == Some(ctx.state.clock.round) {
        ShipCause::AlreadyMoved // moved in only one turn a round
    } else if !matches!(s.place, ShipPlace::Port { .. }) {
        ShipCause::NotInPort
    } else {
        return Ok(owner);
    };
    Err(cannot(ship, cause))
}

/// Asks the owner ([`check_loan`]'s answer) to lend a ship for one voyage (9.54).
pub fn request_loan(ctx: &mut Ctx<'_>, by: FactionIdx, ship: &str, owner: FactionIdx) {
    let id = ctx.state.next_offer;
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Offer(Offer {
            id,
            from: by,
            to: owner,
            terms: OfferTerms::ShipLoan {
                ship: ship.to_owned(),
            },
        }),
    });
}

/// The owner agreed: the borrower moves the ship until it next reaches port (9.54).
pub fn lend(ctx: &mut Ctx<'_>, ship: &str, to: FactionIdx) {
    ctx.emit(Event::ShipLent {
        ship: ship.to_owned(),
        to: Some(to),
    });
}
