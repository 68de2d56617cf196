//! Why a command does not fit the moment: the phase, step or window it belongs to is not the
//! one the game is in, or a decision or offer has to be answered first (7.02, 19.18, 20.05).

use super::cause::causes;

causes! {
    /// Why a command is not possible in the current step or window.
    StepCause {
        OtherPhase => "it belongs to another phase of the turn",
        OfferWaiting => "an offer is waiting, and it must be accepted or refused first",
        DecisionWaiting => "a decision is waiting, and it must be made first",
        HandClosed => "no card is played from hand while a battle's losses are being settled",
        TransfersClosed => "cards, places and ships do not change hands while an Event or a battle's losses are being settled",
        ExecutionsClosed => "no Royal is executed while an Event or a battle's losses are being settled",
        ReallocationClosed => "Royals are not handed on at this moment",
        DealsClosed => "offers, reveals and captives wait until the Event or the battle's losses are settled",
        NotStepThree => "Nobles leave fortified places only at step 3 of the End of Turn",
        NoDiscardDue => "a Crown card is discarded only at step 5 of the End of Turn, and only after drawing two",
        CathedralOnly => "in the Coronation Phase the only move is into the cathedral's place after a crowning",
        NotCrownedHere => "none of your Royals was crowned in that Area this round",
        NotTheCathedral => "that place does not hold the Area's cathedral",
        NoChanceryAwards => "no Chancery cards are being handed out now",
        SummonerOnly => "only the Faction that summoned Parliament moves Offices there",
    }
}
