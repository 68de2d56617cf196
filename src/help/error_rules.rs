//! Why a refusal is the rule: for every [`RuleError`] the rule it comes from (a [`RuleLink`]
//! into the reference) and the reason behind that rule in a new player's words. The match is
//! exhaustive, so a new refusal does not compile until it is explained here.

use serde::Serialize;
use ts_rs::TS;

use crate::content::{AreaId, CrownCardId, LocationId, NobleId, RoyalId};
use crate::rules::{MustAct, RuleError, SetupProblem};

use super::link::RuleLink;

/// The rule behind one kind of refusal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ErrorRule {
    /// The refusal's code (`over_capacity`); for `must_act_first` and `invalid_setup` the code
    /// is followed by the reason (`must_act_first.draw_event_card`).
    pub code: String,
    /// Where the rule is explained.
    pub rule: RuleLink,
    /// Why the rule is there, in a sentence or two.
    pub why: String,
}

/// The rule a refusal comes from and why it exists.
pub fn rule_for(error: &RuleError) -> (RuleLink, &'static str) {
    let (section, anchor, why) = match error {
        RuleError::GameOver => (
            "winning",
            "15.01",
            "The game has ended, with a victory or with every Royal dead, so nothing more can be played.",
        ),
        RuleError::NotTied { .. } => (
            "combat",
            "10.29",
            "When several of your Nobles named on a KILLED list are equally strong, you choose which one dies, but only from among those tied Nobles.",
        ),
        RuleError::NotYourDecision { .. } => (
            "turn",
            "7.01",
            "Play goes round the table one Faction at a time; outside your turn you act only when a window comes round to you.",
        ),
        RuleError::WrongStep => (
            "turn",
            "7.02",
            "Every phase of a turn has its own actions, and this one belongs to another phase or step.",
        ),
        RuleError::UnknownFaction => (
            "turn",
            "7.01",
            "Only the Factions seated in this game can act in it.",
        ),
        RuleError::NobleNotInPlay { .. } => (
            "factions",
            "2.01",
            "Only Nobles whose card lies face up in a Faction can move, fight or receive cards; a card still in hand is not in play.",
        ),
        RuleError::NotYourNoble { .. } => (
            "factions",
            "2.15",
            "You command your own Nobles only; an ally's Nobles act in their owner's turn or inside an allied Force.",
        ),
        RuleError::AlreadyMoved { .. } => (
            "movement",
            "9.02",
            "Each Noble makes one move in a Movement Phase and moves in one turn per round; only a Free Move gives it another.",
        ),
        RuleError::RoyalAlreadyMoved { .. } => (
            "movement",
            "9.70",
            "A Royal keeps its own count of moves: once it has moved this round it needs a Free Move card of its own to move again, even beside a Noble who has not moved.",
        ),
        RuleError::CardAlreadyMoved { .. } => (
            "transfers",
            "20.05",
            "A card passed on works at once, but it moves in one turn's Movement Phase a round at most, so the Noble holding a card that moved in another turn waits.",
        ),
        RuleError::Besieged { .. } => (
            "sieges",
            "10.70",
            "Nobles shut inside a besieged place cannot leave it, be given cards or answer Events until the siege is lifted.",
        ),
        RuleError::Unreachable { .. } => (
            "movement",
            "9.10",
            "Each kind of move has its own reach: Regional moves go one Region across, Road moves follow a connected road, and sea moves need a ship.",
        ),
        RuleError::NotFriendly { .. } => (
            "movement",
            "9.03",
            "A move may end inside a fortified place only when you or an ally hold it; neutral and enemy places can be passed at most.",
        ),
        RuleError::OverCapacity { .. } => (
            "crown-cards",
            "19.14",
            "A fortified place shelters only so many troops besides its garrison; Nobles who do not fit must stay in the open field.",
        ),
        RuleError::CardNotInHand { .. } => (
            "crown-cards",
            "19.18",
            "You can play or award only the Crown cards in your own hand.",
        ),
        RuleError::CardNamedTwice { .. } => (
            "trading",
            "21.01",
            "Each card can change hands only once in a single deal.",
        ),
        RuleError::NobleNamedTwice { .. } => (
            "alliances",
            "23.10",
            "An allied Force lists each Noble once.",
        ),
        RuleError::CannotAward { .. } => (
            "factions",
            "2.08",
            "A Noble may hold one Title if it has none of its own, one Office if it is titled, and one Archbishop or Bishop; besieged Nobles and Nobles at sea take no cards.",
        ),
        RuleError::NotANobleCard { .. } => (
            "factions",
            "2.02",
            "Only a Noble card can be laid down as a new Noble; other cards are awarded to a Noble already in play.",
        ),
        RuleError::AttackNotAllowed => (
            "combat",
            "10.04",
            "Attacks are limited: no attacks on other Factions' Nobles in round 1, none in the King's Peace, none on allies, and each Noble or place is attacked at most once a phase.",
        ),
        RuleError::TooWeakToBesiege { .. } => (
            "sieges",
            "10.43",
            "A siege needs at least as many troops as the garrison and the Nobles inside together.",
        ),
        RuleError::CannotJoinAttack { .. } => (
            "combat",
            "10.11",
            "Attackers are your uncommitted Nobles in the open field of that Area, and each fights once per Combat Phase.",
        ),
        RuleError::CannotOccupy { .. } => (
            "sieges",
            "10.60",
            "After a siege only friendly Nobles of that Area may go inside, and only as many as the place can hold.",
        ),
        RuleError::ForceNotAllowed => (
            "alliances",
            "23.10",
            "An allied Force joins allied Nobles standing in one place, none of whom has already moved or attacked this round.",
        ),
        RuleError::NoAttackers => (
            "combat",
            "10.11",
            "An attack starts by choosing at least one attacking Noble.",
        ),
        RuleError::NotYourRoyal { .. } => (
            "royals",
            "17.07",
            "You can act only with Royals whose cards are attached to your Nobles.",
        ),
        RuleError::CannotCrown { .. } => (
            "coronation",
            "13.02",
            "Only the senior living Royal of a house can be crowned, in a cathedral Area and in the company of friendly Nobles holding an Archbishop or two Bishops.",
        ),
        RuleError::CannotReallocate { .. } => (
            "royals",
            "17.10",
            "A Royal can be handed only to another Noble standing in the same place, and not while a combat is being resolved or an Event drawn.",
        ),
        RuleError::CannotSummonParliament => (
            "parliament",
            "12.01",
            "Parliament needs a Clamour for Parliament in play and the sole King (or the Chancellor) in a suitable town, outside the King's Peace.",
        ),
        RuleError::CannotAttend { .. } => (
            "parliament",
            "12.06",
            "Nobles who are besieged, at sea, on an island or in Calais cannot come to Parliament, and each Noble attends once.",
        ),
        RuleError::CannotClaimPrestige => (
            "winning",
            "15.04",
            "A claim needs the Prestige Victory tile revealed, a crowned King under your control, your Prestige at the target, and no King's Peace.",
        ),
        RuleError::MustActFirst { reason } => must_act(*reason),
        RuleError::NoFreeMove => (
            "movement",
            "9.70",
            "An extra move costs a Free Move card, and you have none left.",
        ),
        RuleError::NotACaptive { .. } => (
            "capture",
            "11.07",
            "Ransom and execution apply only to Nobles you captured and still hold.",
        ),
        RuleError::NoSuchOffer => (
            "negotiation",
            "offers",
            "An offer can be answered only while it is still open.",
        ),
        RuleError::AllianceNotAllowed => (
            "alliances",
            "23.01",
            "Alliances open once the head of a house is controlled, need more than two players, are capped in size, and each Faction joins one at most.",
        ),
        RuleError::CannotAccompany { .. } => (
            "events",
            "8.21",
            "Only friendly Nobles standing with the King may go with him on an Embassy.",
        ),
        RuleError::ShipCannot { .. } => (
            "movement",
            "9.30",
            "A ship sails up to 5 steps through sea Areas and ports, carries no more troops than it holds, and belongs to its card's owner.",
        ),
        RuleError::NotTransferable { .. } => (
            "transfers",
            "20.02",
            "Nobles, Titles and Major Battle or Siege cards never change hands; Offices move only at Parliament.",
        ),
        RuleError::NotTogether { .. } => (
            "transfers",
            "20.05",
            "Cards pass between Nobles only when they stand in the same open field or inside the same place.",
        ),
        RuleError::NotYourPlace { .. } => (
            "transfers",
            "20.08",
            "You can hand over only places that one of your own cards controls.",
        ),
        RuleError::NotRevealed { .. } => (
            "crown-cards",
            "19.02",
            "Another player's hand is hidden; you can ask for a card only once it has been shown to you.",
        ),
        RuleError::AlreadyRevealed => (
            "crown-cards",
            "19.02",
            "Those cards have been shown to that player already.",
        ),
        RuleError::InvalidSetup { problem } => match problem {
            SetupProblem::TwoPlayerVariant => (
                "two-player",
                "4.01",
                "The two-player changes only make sense with exactly two players.",
            ),
            SetupProblem::NoFactions => (
                "setup",
                "3.05",
                "Pre-set Factions exist for 2 to 5 players only.",
            ),
            SetupProblem::PlayerCount | SetupProblem::SeatCount => (
                "setup",
                "3.01",
                "Kingmaker II is played by 2 to 5 Factions, one seat each.",
            ),
        },
    };
    (RuleLink::new(section, anchor), why)
}

fn must_act(reason: MustAct) -> (&'static str, &'static str, &'static str) {
    match reason {
        MustAct::DrawEventCard => (
            "events",
            "8.01",
            "Every turn starts by drawing an Event card.",
        ),
        MustAct::DiscardCrownCard => (
            "end-of-turn",
            "14.10",
            "After drawing two Crown cards you give one back at the end of your turn.",
        ),
        MustAct::ResolveBothHouses => (
            "royals",
            "17.13",
            "No Faction may keep Royals of both houses past its next turn: one house's Royals are executed or given away.",
        ),
        MustAct::AwardChanceryCards => (
            "parliament",
            "12.11",
            "Every Chancery card drawn at Parliament must be handed out if anyone can take it.",
        ),
        MustAct::BesiegeFromShips => (
            "movement",
            "9.47",
            "Troops landed at a port they do not hold must lay siege to it in the next Combat Phase.",
        ),
        MustAct::TakeRoyalInside => (
            "sieges",
            "10.61",
            "A Royal inside a captured place has to be taken: one attacker goes in with it.",
        ),
    }
}

/// The code of one refusal as [`ErrorRule::code`] gives it.
pub fn error_key(error: &RuleError) -> String {
    let code = error.code();
    match error {
        RuleError::MustActFirst { reason } => format!("{code}.{}", serde_key(reason)),
        RuleError::InvalidSetup { problem } => format!("{code}.{}", serde_key(problem)),
        _ => code.to_owned(),
    }
}

fn serde_key<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// One refusal of every kind (and every reason of the two that carry one), with placeholder
/// names: the list the reference gives the UI, and the tests walk.
pub fn every_refusal() -> Vec<RuleError> {
    let noble = NobleId::from("noble");
    let card = CrownCardId::from("C01");
    let location = LocationId::from("place");
    let royal = RoyalId::from("R01");
    let mut all = vec![
        RuleError::GameOver,
        RuleError::NotTied {
            noble: noble.clone(),
        },
        RuleError::NotYourDecision { by: 0 },
        RuleError::WrongStep,
        RuleError::UnknownFaction,
        RuleError::NobleNotInPlay {
            noble: noble.clone(),
        },
        RuleError::NotYourNoble {
            noble: noble.clone(),
        },
        RuleError::AlreadyMoved {
            noble: noble.clone(),
        },
        RuleError::RoyalAlreadyMoved {
            royal: royal.clone(),
        },
        RuleError::CardAlreadyMoved { card: card.clone() },
        RuleError::Besieged {
            noble: noble.clone(),
        },
        RuleError::Unreachable {
            to: AreaId::from("area"),
        },
        RuleError::NotFriendly {
            location: location.clone(),
        },
        RuleError::OverCapacity {
            location: location.clone(),
        },
        RuleError::CardNotInHand { card: card.clone() },
        RuleError::CardNamedTwice { card: card.clone() },
        RuleError::NobleNamedTwice {
            noble: noble.clone(),
        },
        RuleError::CannotAward {
            card: card.clone(),
            noble: noble.clone(),
        },
        RuleError::NotANobleCard { card: card.clone() },
        RuleError::AttackNotAllowed,
        RuleError::TooWeakToBesiege {
            location: location.clone(),
        },
        RuleError::CannotJoinAttack {
            noble: noble.clone(),
        },
        RuleError::CannotOccupy {
            noble: noble.clone(),
        },
        RuleError::ForceNotAllowed,
        RuleError::NoAttackers,
        RuleError::NotYourRoyal {
            royal: royal.clone(),
        },
        RuleError::CannotCrown {
            royal: royal.clone(),
        },
        RuleError::CannotReallocate {
            royal,
            noble: noble.clone(),
        },
        RuleError::CannotSummonParliament,
        RuleError::CannotAttend {
            noble: noble.clone(),
        },
        RuleError::CannotClaimPrestige,
        RuleError::NoFreeMove,
        RuleError::NotACaptive {
            noble: noble.clone(),
        },
        RuleError::NoSuchOffer,
        RuleError::AllianceNotAllowed,
        RuleError::CannotAccompany {
            noble: noble.clone(),
        },
        RuleError::ShipCannot {
            ship: "ship".to_owned(),
        },
        RuleError::NotTransferable { card: card.clone() },
        RuleError::NotTogether { noble },
        RuleError::NotYourPlace { location },
        RuleError::NotRevealed { card },
        RuleError::AlreadyRevealed,
    ];
    all.extend(
        [
            MustAct::DrawEventCard,
            MustAct::DiscardCrownCard,
            MustAct::ResolveBothHouses,
            MustAct::AwardChanceryCards,
            MustAct::BesiegeFromShips,
            MustAct::TakeRoyalInside,
        ]
        .map(|reason| RuleError::MustActFirst { reason }),
    );
    all.extend(
        [
            SetupProblem::PlayerCount,
            SetupProblem::SeatCount,
            SetupProblem::NoFactions,
            SetupProblem::TwoPlayerVariant,
        ]
        .map(|problem| RuleError::InvalidSetup { problem }),
    );
    all
}

/// Every refusal's rule, as the reference hands them to the UI.
pub fn error_rules() -> Vec<ErrorRule> {
    every_refusal()
        .iter()
        .map(|error| {
            let (rule, why) = rule_for(error);
            ErrorRule {
                code: error_key(error),
                rule,
                why: why.to_owned(),
            }
        })
        .collect()
}

/// The variant's position in the enum: exhaustive, so adding a variant breaks the build until
/// [`every_refusal`] and this list learn it.
#[cfg(test)]
fn variant_index(error: &RuleError) -> usize {
    match error {
        RuleError::GameOver => 0,
        RuleError::NotTied { .. } => 1,
        RuleError::NotYourDecision { .. } => 2,
        RuleError::WrongStep => 3,
        RuleError::UnknownFaction => 4,
        RuleError::NobleNotInPlay { .. } => 5,
        RuleError::NotYourNoble { .. } => 6,
        RuleError::AlreadyMoved { .. } => 7,
        RuleError::Besieged { .. } => 8,
        RuleError::Unreachable { .. } => 9,
        RuleError::NotFriendly { .. } => 10,
        RuleError::OverCapacity { .. } => 11,
        RuleError::CardNotInHand { .. } => 12,
        RuleError::CardNamedTwice { .. } => 13,
        RuleError::NobleNamedTwice { .. } => 14,
        RuleError::CannotAward { .. } => 15,
        RuleError::NotANobleCard { .. } => 16,
        RuleError::AttackNotAllowed => 17,
        RuleError::TooWeakToBesiege { .. } => 18,
        RuleError::CannotJoinAttack { .. } => 19,
        RuleError::CannotOccupy { .. } => 20,
        RuleError::ForceNotAllowed => 21,
        RuleError::NoAttackers => 22,
        RuleError::NotYourRoyal { .. } => 23,
        RuleError::CannotCrown { .. } => 24,
        RuleError::CannotReallocate { .. } => 25,
        RuleError::CannotSummonParliament => 26,
        RuleError::CannotAttend { .. } => 27,
        RuleError::CannotClaimPrestige => 28,
        RuleError::MustActFirst { .. } => 29,
        RuleError::NoFreeMove => 30,
        RuleError::NotACaptive { .. } => 31,
        RuleError::NoSuchOffer => 32,
        RuleError::AllianceNotAllowed => 33,
        RuleError::CannotAccompany { .. } => 34,
        RuleError::ShipCannot { .. } => 35,
        RuleError::NotTransferable { .. } => 36,
        RuleError::NotTogether { .. } => 37,
        RuleError::NotYourPlace { .. } => 38,
        RuleError::NotRevealed { .. } => 39,
        RuleError::AlreadyRevealed => 40,
        RuleError::InvalidSetup { .. } => 41,
        RuleError::RoyalAlreadyMoved { .. } => 42,
        RuleError::CardAlreadyMoved { .. } => 43,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::content::Content;
    use crate::help::Reference;
    use crate::rules::{Setup, describe_error, start};

    const VARIANTS: usize = 44;

    #[test]
    fn every_refusal_kind_has_a_rule_and_a_reason() {
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let all = every_refusal();
        let seen: BTreeSet<usize> = all.iter().map(variant_index).collect();
        let missing: Vec<usize> = (0..VARIANTS).filter(|i| !seen.contains(i)).collect();
        assert!(
            missing.is_empty(),
            "every_refusal() lacks the RuleError variants numbered {missing:?} in variant_index"
        );
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        for error in &all {
            let (rule, why) = rule_for(error);
            assert!(
                why.len() > 20,
                "{} has no explanation of its rule",
                error.code()
            );
            assert!(
                reference.has(&rule.section, rule.anchor.as_deref()),
                "{} links to {rule:?}, which the reference does not have",
                error.code()
            );
            assert!(!describe_error(&content, &state, error).is_empty());
        }
        let keys: BTreeSet<String> = all.iter().map(error_key).collect();
        assert_eq!(keys.len(), all.len(), "refusal keys are not unique");
    }
}
