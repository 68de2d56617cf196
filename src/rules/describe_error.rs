//! Plain-English text of a refused command ([`RuleError`]) for players: what was refused,
//! naming Nobles, places, cards, Royals and ships as the content names them, and after a
//! colon the specific cause the engine found (the `Display` text keeps the raw ids for logs
//! and tests).

use crate::content::Content;
use crate::rules::describe::Names;
use crate::rules::error::{RuleError, StepCause};
use crate::rules::state::State;

/// Why the command was refused, in words a player reads.
pub fn describe_error(content: &Content, state: &State, error: &RuleError) -> String {
    let n = Names { content, state };
    match error {
        RuleError::NotTied { noble } => format!("{} is not one of the tied Nobles", n.noble(noble)),
        RuleError::NotYourDecision { by } => format!("it is not {}'s decision now", n.faction(*by)),
        RuleError::WrongStep { cause } => match cause {
            StepCause::OtherPhase => format!(
                "that is not possible now: {cause}, and this is the {}",
                state.clock.phase.name()
            ),
            _ => format!("that is not possible now: {cause}"),
        },
        RuleError::NobleNotInPlay { noble } => format!("{} is not in play", n.noble(noble)),
        RuleError::AtSea { noble } => format!(
            "{} is at sea: he moves with his ship and lands when it reaches a port",
            n.noble(noble)
        ),
        RuleError::HeldCaptive { noble } => format!(
            "{} is held captive and can do nothing until he is ransomed",
            n.noble(noble)
        ),
        RuleError::NotYourNoble { noble } => format!("{} is not yours", n.noble(noble)),
        RuleError::NotJustLanded { noble } => {
            format!(
                "{} is not one of the Nobles who just landed",
                n.noble(noble)
            )
        }
        RuleError::AlreadyMoved { noble } => {
            format!("{} has already moved this round", n.noble(noble))
        }
        RuleError::RoyalAlreadyMoved { royal } => format!(
            "{} has already moved this round: moving the Royal again takes a Free Move of its own",
            n.royal(royal)
        ),
        RuleError::CardAlreadyMoved { card } => format!(
            "{} has already moved in another turn this round, and a card moves in one turn a round",
            n.card(card)
        ),
        RuleError::Besieged { noble } => format!("{} is besieged and cannot act", n.noble(noble)),
        RuleError::NotInside { noble } => format!(
            "{} is not inside a fortified place, so there is nothing to leave",
            n.noble(noble)
        ),
        RuleError::Unreachable { to, cause } => {
            format!("{} cannot be reached by that move: {cause}", n.area(to))
        }
        RuleError::RoadBlocked { to, by, cause } => format!(
            "the road to {} is blocked at {}: {cause}",
            n.area(to),
            n.location(by)
        ),
        RuleError::NoPassageNeeded { location } => format!(
            "{} is not an enemy place on your road, so no passage is asked of it",
            n.location(location)
        ),
        RuleError::NotFriendly { location, cause } => {
            format!("{} cannot be entered: {cause}", n.location(location))
        }
        RuleError::OverCapacity { location } => {
            format!("{} cannot hold more troops", n.location(location))
        }
        RuleError::CardNotInHand { card } => format!("{} is not in your hand", n.card(card)),
        RuleError::NotDrawn { card } => format!(
            "{} is not one of the Chancery cards drawn for this Parliament",
            n.card(card)
        ),
        RuleError::CardNamedTwice { card } => {
            format!("{} is named more than once in this deal", n.card(card))
        }
        RuleError::NobleNamedTwice { noble } => {
            format!("{} is named more than once", n.noble(noble))
        }
        RuleError::CannotAward { card, noble, cause } => format!(
            "{} cannot be awarded to {}: {cause}",
            n.card(card),
            n.noble(noble)
        ),
        RuleError::NotANobleCard { card } => format!("{} is not a Noble card", n.card(card)),
        RuleError::TooWeakToBesiege { location } => format!(
            "the attackers are too weak to besiege {}",
            n.location(location)
        ),
        RuleError::CannotJoinAttack { noble, cause } => {
            format!("{} cannot join this attack: {cause}", n.noble(noble))
        }
        RuleError::PassengerMustAttack { noble } => format!(
            "{} is landing to besiege the port, and every Noble landing there must attack",
            n.noble(noble)
        ),
        RuleError::CannotOccupy { noble, cause } => format!(
            "{} cannot go inside the place just taken: {cause}",
            n.noble(noble)
        ),
        RuleError::NotYourRoyal { royal, cause } => {
            format!("{} is not yours to act on: {cause}", n.royal(royal))
        }
        RuleError::CannotCrown { royal, cause } => {
            format!("{} cannot be crowned now: {cause}", n.royal(royal))
        }
        RuleError::CannotReallocate {
            royal,
            noble,
            cause,
        } => format!(
            "{} cannot go to {}: {cause}",
            n.royal(royal),
            n.noble(noble)
        ),
        RuleError::CannotAttend { noble, cause } => {
            format!("{} cannot attend Parliament: {cause}", n.noble(noble))
        }
        RuleError::NotACaptive { noble, cause } => {
            format!(
                "{} is not a captive you can act on: {cause}",
                n.noble(noble)
            )
        }
        RuleError::CannotAccompany { noble } => format!(
            "{} cannot go with the King: only your Nobles standing with him may",
            n.noble(noble)
        ),
        RuleError::ShipCannot { ship, cause } => {
            format!("the ship {} cannot do that: {cause}", n.ship(ship))
        }
        RuleError::NotTransferable { card, cause } => {
            format!("{} cannot be transferred: {cause}", n.card(card))
        }
        RuleError::NotTogether { noble, cause } => {
            format!("{} is not with the other Noble: {cause}", n.noble(noble))
        }
        RuleError::NotYourPlace { location, cause } => format!(
            "{} is not yours to hand over: {cause}",
            n.location(location)
        ),
        RuleError::NotRevealed { card } => format!("{} was not revealed to you", n.card(card)),
        RuleError::GameOver
        | RuleError::UnknownFaction
        | RuleError::NotToYourself
        | RuleError::NoCardsNamed
        | RuleError::AttackNotAllowed { .. }
        | RuleError::ForceNotAllowed { .. }
        | RuleError::NoAttackers
        | RuleError::CannotSummonParliament { .. }
        | RuleError::CannotClaimPrestige { .. }
        | RuleError::MustActFirst { .. }
        | RuleError::NoFreeMove { .. }
        | RuleError::NoSuchOffer
        | RuleError::AllianceNotAllowed { .. }
        | RuleError::AlreadyRevealed
        | RuleError::InvalidSetup { .. } => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{CrownCardId, LocationId, NobleId};
    use crate::rules::{Setup, start};

    #[test]
    fn refusals_name_nobles_places_cards_and_ships() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let ship = content.cards.ships().next().expect("a ship").1;
        let cases = [
            RuleError::AlreadyMoved {
                noble: NobleId::from("neville"),
            },
            RuleError::NotFriendly {
                location: LocationId::from("norwich"),
                cause: crate::rules::EntryCause::Enemy,
            },
            RuleError::CardNotInHand {
                card: CrownCardId::from("C66"),
            },
            RuleError::ShipCannot {
                ship: ship.id.to_string(),
                cause: crate::rules::ShipCause::AlreadyMoved,
            },
            RuleError::NotYourDecision { by: 0 },
            RuleError::CardNamedTwice {
                card: CrownCardId::from("C66"),
            },
            RuleError::NobleNamedTwice {
                noble: NobleId::from("neville"),
            },
        ];
        for error in &cases {
            let text = describe_error(&content, &state, error);
            assert!(
                !text.contains('_')
                    && !text.contains("C66")
                    && !text.contains("neville")
                    && !text.contains("norwich"),
                "{text}"
            );
        }
        let text = describe_error(&content, &state, &cases[3]);
        assert!(text.contains(&ship.name), "{text}");
    }
}
