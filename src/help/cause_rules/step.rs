//! The rule behind each cause of a command refused at the wrong moment (7.02, 19.18,
//! 20.05): its section and anchor in the rules reference, and why the rule is there.

use crate::rules::StepCause;

use super::rule::Rule;

pub fn step(cause: StepCause) -> Rule {
    match cause {
        StepCause::OtherPhase => (
            "turn",
            "7.02",
            "A turn runs through its phases in order, and each phase has its own actions.",
        ),
        StepCause::OfferWaiting => (
            "negotiation",
            "offers",
            "An offer puts the game on hold until the Faction it is made to answers it.",
        ),
        StepCause::DecisionWaiting => (
            "turn",
            "7.01",
            "When the game waits on a choice, that choice is made before play goes on.",
        ),
        StepCause::HandClosed => (
            "crown-cards",
            "19.18",
            "Cards come into play at almost any moment, but not while a battle's dead are being chosen.",
        ),
        StepCause::TransfersClosed => (
            "transfers",
            "20.05",
            "Cards passed between Nobles wait until the Event card or the battle being settled is done with.",
        ),
        StepCause::ExecutionsClosed => (
            "royals",
            "17.11",
            "A Royal can be put to death at almost any time, but not in the middle of an Event or of a battle's losses.",
        ),
        StepCause::ReallocationClosed => (
            "royals",
            "17.10",
            "Royals change Nobles between the moments of play, not while an offer is waiting.",
        ),
        StepCause::DealsClosed => (
            "trading",
            "21.01",
            "Deals between players wait until the Event card or the battle being settled is done with.",
        ),
        StepCause::NotStepThree => (
            "end-of-turn",
            "14.06",
            "Coming out of a walled place into the open is a step of its own near the end of your turn.",
        ),
        StepCause::NoDiscardDue => (
            "end-of-turn",
            "14.10",
            "A card goes back only at the last step of a turn in which you drew two.",
        ),
        StepCause::CathedralOnly => (
            "coronation",
            "13.06",
            "The Coronation Phase is for crowning; the only move it allows is into the cathedral's place after the crowning.",
        ),
        StepCause::NotCrownedHere => (
            "coronation",
            "13.06",
            "Nobles follow a newly crowned King into the cathedral's place only where the crowning happened.",
        ),
        StepCause::NotTheCathedral => (
            "coronation",
            "13.03",
            "After a crowning the Nobles go into the walled place that holds the cathedral, not another one.",
        ),
        StepCause::NoChanceryAwards => (
            "parliament",
            "12.11",
            "Chancery cards are handed out only at a sitting of Parliament.",
        ),
        StepCause::SummonerOnly => (
            "parliament",
            "12.13",
            "Moving an Office at Parliament is the summoner's privilege.",
        ),
    }
}
