//! Why Parliament, a coronation, a Prestige Victory claim or an Alliance is refused (§12,
//! §13, 15.04, §23).

use super::cause::causes;

causes! {
    /// Why Parliament cannot be summoned.
    SummonCause {
        NoClamour => "no Clamour for Parliament is waiting to be used",
        ClaimStanding => "your side has a Prestige Victory claim standing",
        KingNotYours => "the sole King is not with one of your Nobles",
        NoChancellorCard => "without a sole King only the Chancellor summons, and you hold no Chancellor card",
        ChancellorMissing => "none of your Nobles holds the Chancellor of England",
        SummonerBesieged => "the Noble who would summon is besieged",
        SummonerAway => "the Noble who would summon is at sea, captive or off the mainland",
        NoTown => "his Area has no town for Parliament: an unwalled town, or a walled one your side holds that is not besieged",
        OtherArea => "Parliament sits in the Area where the King or the Chancellor stands",
        NameNoble => "a Noble of another Faction who can attend must be summoned by name",
    }
}

causes! {
    /// Why a Noble cannot attend Parliament.
    AttendCause {
        Friendly => "only another Faction's Noble, not an ally's, is summoned",
        Besieged => "he is besieged",
        Away => "he is at sea, captive, on an island or in Calais",
        NotYours => "he is not yours to send",
        AlreadyThere => "he stands in Parliament's Area already",
        NotATown => "that place is not a town of Parliament's Area",
        AlreadyInside => "he is inside that place already",
        PlaceNotFriendly => "that place is not held by you or an ally",
    }
}

causes! {
    /// Why a Prestige Victory cannot be claimed.
    ClaimCause {
        NotStepOne => "a claim is made only at the start of your End of Turn",
        TileHidden => "the Prestige Victory tile has not come up yet",
        ClaimStanding => "a claim is standing already",
        KingsPeace => "the King's Peace is in force",
        NoKing => "your side controls no crowned King",
        NoTarget => "there is no Prestige target for a side of this size",
        BelowTarget => "your Prestige is below the target",
    }
}

causes! {
    /// Why a Royal cannot be crowned.
    CrownCause {
        NotYours => "the Royal is not with one of your Nobles",
        AlreadyCrowned => "the Royal is crowned already",
        NotSenior => "only the senior living Royal of a house is crowned",
        Away => "the Royal is at sea or captive",
        NoCathedral => "the Royal's Area has no cathedral your side may use",
        NoBishops => "your Nobles with the Royal hold neither an Archbishop nor two Bishops",
    }
}

causes! {
    /// Why an Alliance cannot be proposed or left.
    AllianceCause {
        NotAnotherFaction => "an Alliance is made with another Faction of this game",
        AlreadyAllied => "you are allied already",
        NoHeadClaimed => "no Faction controls the head of either house yet",
        TooLarge => "the Alliance would be larger than this number of players allows",
        NameHouse => "together you would hold Royals of both houses, so the proposal names the house whose Royals die",
        NoHouseToName => "together you would not hold both houses, so no house is named",
        NotAMember => "you are not in an Alliance",
        NotYourEndOfTurn => "a Faction leaves its Alliance only in its own End of Turn",
    }
}
