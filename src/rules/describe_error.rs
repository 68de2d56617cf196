//! Plain-English text of a refused command ([`RuleError`]) for players, naming Nobles, places,
//! cards, Royals and ships as the content names them (the `Display` text keeps the raw ids
//! for logs and tests).

use crate::content::Content;
use crate::rules::describe::Names;
use crate::rules::error::RuleError;
use crate::rules::state::State;

/// Why the command was refused, in words a player reads.
pub fn describe_error(content: &Content, state: &State, error: &RuleError) -> String {
    let n = Names { content, state };
    match error {
        RuleError::NotTied { noble } => format!("{} is not one of the tied Nobles", n.noble(noble)),
        RuleError::NotYourDecision { by } => format!("it is not {}'s decision now", n.faction(*by)),
        RuleError::NobleNotInPlay { noble } => format!("{} is not in play", n.noble(noble)),
        RuleError::NotYourNoble { noble } => format!("{} is not yours", n.noble(noble)),
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
        RuleError::Unreachable { to } => format!("{} cannot be reached by that move", n.area(to)),
        RuleError::NotFriendly { location } => format!("{} is not friendly", n.location(location)),
        RuleError::OverCapacity { location } => {
            format!("{} cannot hold more troops", n.location(location))
        }
        RuleError::CardNotInHand { card } => format!("{} is not in your hand", n.card(card)),
        RuleError::CardNamedTwice { card } => {
            format!("{} is named more than once in this deal", n.card(card))
        }
        RuleError::NobleNamedTwice { noble } => {
            format!("{} is named more than once", n.noble(noble))
        }
        RuleError::CannotAward { card, noble } => {
            format!("{} cannot be awarded to {}", n.card(card), n.noble(noble))
        }
        RuleError::NotANobleCard { card } => format!("{} is not a Noble card", n.card(card)),
        RuleError::TooWeakToBesiege { location } => format!(
            "the attackers are too weak to besiege {}",
            n.location(location)
        ),
        RuleError::CannotJoinAttack { noble } => {
            format!("{} cannot join this attack", n.noble(noble))
        }
        RuleError::CannotOccupy { noble } => {
            format!("{} cannot go inside the place just taken", n.noble(noble))
        }
        RuleError::NotYourRoyal { royal } => format!("{} is not yours", n.royal(royal)),
        RuleError::CannotCrown { royal } => format!("{} cannot be crowned now", n.royal(royal)),
        RuleError::CannotReallocate { royal, noble } => {
            format!("{} cannot go to {}", n.royal(royal), n.noble(noble))
        }
        RuleError::CannotAttend { noble } => {
            format!("{} cannot attend Parliament", n.noble(noble))
        }
        RuleError::NotACaptive { noble } => {
            format!("{} is not a captive you can act on", n.noble(noble))
        }
        RuleError::CannotAccompany { noble } => {
            format!("{} cannot go with the King", n.noble(noble))
        }
        RuleError::ShipCannot { ship } => format!("the ship {} cannot do that", n.ship(ship)),
        RuleError::NotTransferable { card } => format!("{} cannot be transferred", n.card(card)),
        RuleError::NotTogether { noble } => format!("{} is not in the same place", n.noble(noble)),
        RuleError::NotYourPlace { location } => {
            format!("{} is not yours to hand over", n.location(location))
        }
        RuleError::NotRevealed { card } => format!("{} was not revealed to you", n.card(card)),
        RuleError::GameOver
        | RuleError::WrongStep
        | RuleError::UnknownFaction
        | RuleError::AttackNotAllowed
        | RuleError::ForceNotAllowed
        | RuleError::NoAttackers
        | RuleError::CannotSummonParliament
        | RuleError::CannotClaimPrestige
        | RuleError::MustActFirst { .. }
        | RuleError::NoFreeMove
        | RuleError::NoSuchOffer
        | RuleError::AllianceNotAllowed
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
            },
            RuleError::CardNotInHand {
                card: CrownCardId::from("C66"),
            },
            RuleError::ShipCannot {
                ship: ship.id.to_string(),
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
