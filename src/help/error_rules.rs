//! Why a refusal is the rule: for every [`RuleError`] the rule it comes from (a [`RuleLink`]
//! into the reference) and the reason behind that rule in a new player's words; a refusal
//! that carries a `cause` takes the rule of its cause ([`super::cause_rules`]). The match is
//! exhaustive, so a new refusal does not compile until it is explained here.

use serde::Serialize;
use strum::VariantArray;
use ts_rs::TS;

use crate::content::{AreaId, CrownCardId, LocationId, NobleId, RoyalId};
use crate::rules::{
    AllianceCause, AttackCause, AttendCause, AwardCause, BlockCause, CaptiveCause, ClaimCause,
    CrownCause, EntryCause, ForceCause, FreeMoveCause, JoinCause, MustAct, OccupyCause, PlaceCause,
    ReachCause, ReallocateCause, RoyalCause, RuleError, SetupProblem, ShipCause, StepCause,
    SummonCause, TogetherCause, TransferCause,
};

use super::cause_rules as causes;
use super::link::RuleLink;

/// The rule behind one kind of refusal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ErrorRule {
    /// The refusal's code (`over_capacity`); for a refusal with a cause, and for
    /// `must_act_first` and `invalid_setup`, the code is followed by the cause or reason
    /// (`unreachable.needs_ship`, `must_act_first.draw_event_card`).
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
        RuleError::NotANobleCard { .. } => (
            "factions",
            "2.02",
            "Only a Noble card can be laid down as a new Noble; other cards are awarded to a Noble already in play.",
        ),
        RuleError::TooWeakToBesiege { .. } => (
            "sieges",
            "10.43",
            "A siege needs at least as many troops as the garrison and the Nobles inside together.",
        ),
        RuleError::NoAttackers => (
            "combat",
            "10.11",
            "An attack starts by choosing at least one attacking Noble.",
        ),
        RuleError::MustActFirst { reason } => must_act(*reason),
        RuleError::WrongStep { cause } => causes::step(*cause),
        RuleError::Unreachable { cause, .. } => causes::reach(*cause),
        RuleError::NotFriendly { cause, .. } => causes::entry(*cause),
        RuleError::CannotAward { cause, .. } => causes::award(*cause),
        RuleError::AttackNotAllowed { cause } => causes::attack(*cause),
        RuleError::CannotJoinAttack { cause, .. } => causes::join(*cause),
        RuleError::CannotOccupy { cause, .. } => causes::occupy(*cause),
        RuleError::ForceNotAllowed { cause } => causes::force(*cause),
        RuleError::NotYourRoyal { cause, .. } => causes::royal(*cause),
        RuleError::CannotCrown { cause, .. } => causes::crown(*cause),
        RuleError::CannotReallocate { cause, .. } => causes::reallocate(*cause),
        RuleError::CannotSummonParliament { cause } => causes::summon(*cause),
        RuleError::CannotAttend { cause, .. } => causes::attend(*cause),
        RuleError::CannotClaimPrestige { cause } => causes::claim(*cause),
        RuleError::NoFreeMove { cause } => causes::free_move(*cause),
        RuleError::NotACaptive { cause, .. } => causes::captive(*cause),
        RuleError::AllianceNotAllowed { cause } => causes::alliance(*cause),
        RuleError::ShipCannot { cause, .. } => causes::ship(*cause),
        RuleError::NotTransferable { cause, .. } => causes::transfer(*cause),
        RuleError::NotTogether { cause, .. } => causes::together(*cause),
        RuleError::NotYourPlace { cause, .. } => causes::place(*cause),
        RuleError::RoadBlocked { cause, .. } => causes::block(*cause),
        RuleError::NotToYourself => (
            "trading",
            "21.01",
            "Deals, gifts and handovers pass between two different Factions.",
        ),
        RuleError::NoCardsNamed => (
            "trading",
            "21.01",
            "A gift, a reveal or a trade is about some cards: name the ones it is about.",
        ),
        RuleError::AtSea { .. } => (
            "movement",
            "9.30",
            "A Noble aboard a ship moves only with the ship, and lands when it reaches a port.",
        ),
        RuleError::HeldCaptive { .. } => (
            "capture",
            "11.07",
            "A captive Noble does nothing until he is ransomed or his captor puts him to death.",
        ),
        RuleError::NotJustLanded { .. } => (
            "movement",
            "9.46",
            "The choice of going inside on landing belongs to the Nobles who have just come ashore.",
        ),
        RuleError::NotInside { .. } => (
            "end-of-turn",
            "14.06",
            "This step lets Nobles inside walled places come out into the open field.",
        ),
        RuleError::NoPassageNeeded { .. } => (
            "movement",
            "9.24",
            "Passage is asked of the enemy who holds a place on your road; your own side's places and those nobody holds are not asked.",
        ),
        RuleError::NotDrawn { .. } => (
            "parliament",
            "12.11",
            "Parliament hands out the Chancery cards drawn for it, and only those.",
        ),
        RuleError::PassengerMustAttack { .. } => (
            "movement",
            "9.47",
            "Troops landing against a port all take part in its siege; none may hang back aboard.",
        ),
        RuleError::NoSuchOffer => (
            "negotiation",
            "offers",
            "An offer can be answered only while it is still open.",
        ),
        RuleError::CannotAccompany { .. } => (
            "events",
            "8.21",
            "Only friendly Nobles standing with the King may go with him on an Embassy.",
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
            SetupProblem::RulesVersion => (
                "setup",
                "3.01",
                "The game was made by a newer Warwick, whose rules this one does not know yet.",
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
        MustAct::KeepCardForDiscard => (
            "end-of-turn",
            "14.07",
            "A turn in which you drew two cards ends with one of them given back, so one card stays in your hand until then.",
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

/// The code of one refusal as [`ErrorRule::code`] gives it: the refusal's code, followed by
/// its cause or reason when it carries one.
pub fn error_key(error: &RuleError) -> String {
    let code = error.code();
    match error {
        RuleError::MustActFirst { reason } => format!("{code}.{}", serde_key(reason)),
        RuleError::InvalidSetup { problem } => format!("{code}.{}", serde_key(problem)),
        _ => match error.cause_key() {
            Some(cause) => format!("{code}.{cause}"),
            None => code.to_owned(),
        },
    }
}

fn serde_key<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// One refusal of every kind, and one of every cause or reason of the kinds that carry one,
/// with placeholder names: the list the reference gives the UI, and the tests walk.
pub fn every_refusal() -> Vec<RuleError> {
    let noble = NobleId::from("noble");
    let card = CrownCardId::from("C01");
    let location = LocationId::from("place");
    let royal = RoyalId::from("R01");
    let area = AreaId::from("area");
    let ship = "ship".to_owned();
    let mut all = vec![
        RuleError::GameOver,
        RuleError::NotTied { noble },
        RuleError::NotYourDecision { by: 0 },
        RuleError::UnknownFaction,
        RuleError::NotToYourself,
        RuleError::NoCardsNamed,
        RuleError::NobleNotInPlay { noble },
        RuleError::AtSea { noble },
        RuleError::HeldCaptive { noble },
        RuleError::NotYourNoble { noble },
        RuleError::NotJustLanded { noble },
        RuleError::AlreadyMoved { noble },
        RuleError::RoyalAlreadyMoved { royal },
        RuleError::CardAlreadyMoved { card },
        RuleError::Besieged { noble },
        RuleError::NotInside { noble },
        RuleError::NoPassageNeeded { location },
        RuleError::OverCapacity { location },
        RuleError::CardNotInHand { card },
        RuleError::NotDrawn { card },
        RuleError::CardNamedTwice { card },
        RuleError::NobleNamedTwice { noble },
        RuleError::NotANobleCard { card },
        RuleError::TooWeakToBesiege { location },
        RuleError::PassengerMustAttack { noble },
        RuleError::NoAttackers,
        RuleError::NoSuchOffer,
        RuleError::CannotAccompany { noble },
        RuleError::NotRevealed { card },
        RuleError::AlreadyRevealed,
    ];
    all.extend(
        StepCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::WrongStep { cause }),
    );
    all.extend(
        ReachCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::Unreachable { to: area, cause }),
    );
    all.extend(
        BlockCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::RoadBlocked {
                to: area,
                by: location,
                cause,
            }),
    );
    all.extend(
        EntryCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NotFriendly { location, cause }),
    );
    all.extend(
        AwardCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotAward { card, noble, cause }),
    );
    all.extend(
        AttackCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::AttackNotAllowed { cause }),
    );
    all.extend(
        JoinCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotJoinAttack { noble, cause }),
    );
    all.extend(
        OccupyCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotOccupy { noble, cause }),
    );
    all.extend(
        ForceCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::ForceNotAllowed { cause }),
    );
    all.extend(
        RoyalCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NotYourRoyal { royal, cause }),
    );
    all.extend(
        CrownCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotCrown { royal, cause }),
    );
    all.extend(
        ReallocateCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotReallocate {
                royal,
                noble,
                cause,
            }),
    );
    all.extend(
        SummonCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotSummonParliament { cause }),
    );
    all.extend(
        AttendCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotAttend { noble, cause }),
    );
    all.extend(
        ClaimCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::CannotClaimPrestige { cause }),
    );
    all.extend(
        FreeMoveCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NoFreeMove { cause }),
    );
    all.extend(
        CaptiveCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NotACaptive { noble, cause }),
    );
    all.extend(
        AllianceCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::AllianceNotAllowed { cause }),
    );
    all.extend(
        ShipCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::ShipCannot {
                ship: ship.clone(),
                cause,
            }),
    );
    all.extend(
        TransferCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NotTransferable { card, cause }),
    );
    all.extend(
        TogetherCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NotTogether { noble, cause }),
    );
    all.extend(
        PlaceCause::VARIANTS
            .iter()
            .map(|&cause| RuleError::NotYourPlace { location, cause }),
    );
    all.extend(
        [
            MustAct::DrawEventCard,
            MustAct::DiscardCrownCard,
            MustAct::KeepCardForDiscard,
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
            SetupProblem::RulesVersion,
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
        RuleError::WrongStep { .. } => 3,
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
        RuleError::AttackNotAllowed { .. } => 17,
        RuleError::TooWeakToBesiege { .. } => 18,
        RuleError::CannotJoinAttack { .. } => 19,
        RuleError::CannotOccupy { .. } => 20,
        RuleError::ForceNotAllowed { .. } => 21,
        RuleError::NoAttackers => 22,
        RuleError::NotYourRoyal { .. } => 23,
        RuleError::CannotCrown { .. } => 24,
        RuleError::CannotReallocate { .. } => 25,
        RuleError::CannotSummonParliament { .. } => 26,
        RuleError::CannotAttend { .. } => 27,
        RuleError::CannotClaimPrestige { .. } => 28,
        RuleError::MustActFirst { .. } => 29,
        RuleError::NoFreeMove { .. } => 30,
        RuleError::NotACaptive { .. } => 31,
        RuleError::NoSuchOffer => 32,
        RuleError::AllianceNotAllowed { .. } => 33,
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
        RuleError::NotToYourself => 44,
        RuleError::NoCardsNamed => 45,
        RuleError::AtSea { .. } => 46,
        RuleError::HeldCaptive { .. } => 47,
        RuleError::NotJustLanded { .. } => 48,
        RuleError::NotInside { .. } => 49,
        RuleError::RoadBlocked { .. } => 50,
        RuleError::NoPassageNeeded { .. } => 51,
        RuleError::NotDrawn { .. } => 52,
        RuleError::PassengerMustAttack { .. } => 53,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::content::Content;
    use crate::help::Reference;
    use crate::rules::{Setup, describe_error, start};

    const VARIANTS: usize = 54;

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

    /// No two reasons read alike: every kind of refusal, and every cause of the kinds that
    /// carry one, has words of its own, so none is a catch-all.
    #[test]
    fn every_refusal_has_words_of_its_own() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let mut seen: std::collections::BTreeMap<String, String> = Default::default();
        for error in every_refusal() {
            let text = describe_error(&content, &state, &error);
            if let Some(other) = seen.insert(text.clone(), error_key(&error)) {
                panic!("{} and {other} read alike: {text}", error_key(&error));
            }
            // The engine's own text says the cause too.
            if let Some(cause) = error.cause_key() {
                assert!(
                    error.to_string().contains(": "),
                    "{cause}: {error} does not say its cause"
                );
            }
        }
    }

    /// The reasons and the rules' whys are our own words: no 12 words of them are the
    /// rulebook's (the hashed shingles the reference's copy check keeps).
    #[test]
    fn refusals_copy_no_sentence_of_the_rulebook() {
        let list = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/reference/rulebook-shingles.txt"
        ))
        .map(|t| crate::help::copy_check::parse_hash_list(&t))
        .unwrap_or_default();
        assert!(list.len() > 10_000, "the rulebook's shingles are missing");
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        for error in every_refusal() {
            let (_, why) = rule_for(&error);
            for text in [why.to_owned(), describe_error(&content, &state, &error)] {
                for sentence in text.split(['.', '!', '?', ';', ':']) {
                    let words = crate::help::copy_check::words(sentence);
                    for window in words.windows(crate::help::copy_check::SHINGLE) {
                        assert!(
                            !list.contains(&crate::help::copy_check::shingle_hash(window)),
                            "{}: \"{}\" is the rulebook's wording",
                            error_key(&error),
                            window.join(" ")
                        );
                    }
                }
            }
        }
    }

    /// The refusal a scenario's step meets, in the scenario's position.
    fn refusal_in(text: &str, step: usize) -> (Content, crate::rules::State, RuleError) {
        let content = Content::embedded().expect("content");
        let scenario: serde_json::Value = serde_json::from_str(text).expect("scenario");
        let states = crate::rules::scenario::scenario_states(&content, text).expect("states");
        let state = states.first().expect("the position").clone();
        let by = u8::try_from(scenario["steps"][step]["by"].as_u64().expect("by")).expect("seat");
        let command =
            serde_json::from_value(scenario["steps"][step]["command"].clone()).expect("command");
        let error = crate::rules::decide(&content, &state, by, &command).expect_err("refused");
        (content, state, error)
    }

    #[test]
    fn a_noble_on_the_isle_of_man_sent_to_york_needs_a_ship() {
        let (content, state, error) = refusal_in(
            include_str!("../../tests/scenarios/refusal_isle_of_man_needs_a_ship.json"),
            0,
        );
        assert_eq!(error_key(&error), "unreachable.needs_ship");
        let text = describe_error(&content, &state, &error);
        assert!(text.contains("The Ainsty of York"), "{text}");
        assert!(text.contains("only a ship carries Nobles"), "{text}");
        let (rule, why) = rule_for(&error);
        assert_eq!(rule, RuleLink::new("movement", "9.30"));
        assert!(why.contains("ship"), "{why}");
    }

    #[test]
    fn a_road_blocked_by_an_enemy_place_names_the_place() {
        let (content, state, error) = refusal_in(
            include_str!("../../tests/scenarios/example_newark_from_the_south.json"),
            0,
        );
        assert_eq!(
            error,
            RuleError::RoadBlocked {
                to: AreaId::from("area_newark"),
                by: LocationId::from("newark"),
                cause: BlockCause::Enemy,
            }
        );
        let text = describe_error(&content, &state, &error);
        assert!(text.contains("blocked at Newark"), "{text}");
        assert!(text.contains("not allied"), "{text}");
        assert_eq!(rule_for(&error).0, RuleLink::new("movement", "9.24"));
    }

    #[test]
    fn a_road_held_by_the_silent_faction_says_so() {
        let (content, state, error) = refusal_in(
            include_str!("../../tests/scenarios/two_player_neutral_blocks_road.json"),
            0,
        );
        assert_eq!(error_key(&error), "road_blocked.non_player");
        let text = describe_error(&content, &state, &error);
        assert!(
            text.contains("York") && text.contains("silent Faction"),
            "{text}"
        );
    }
}
