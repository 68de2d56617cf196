//! Why an attack, an attacker, a move inside a place just taken or an allied Force is refused
//! (10.04–10.11, 10.60, 23.10).

use super::cause::causes;

causes! {
    /// Why an attack cannot be started.
    AttackCause {
        KingsPeace => "the King's Peace holds in that Area",
        AlreadyAttacked => "it has already been attacked this phase",
        FirstRound => "no Faction's Nobles are attacked in the first round",
        NoFreeAttackers => "none of your Nobles there is free to attack",
        OwnSide => "those Nobles are yours or an ally's",
        NoDefenders => "none of that Faction's Nobles stand in the open field there",
        NotInArea => "that place does not lie in that Area",
        NotFortified => "that place has no walls to besiege",
        OwnPlace => "that place is held by you or an ally",
        BesiegedByOther => "another Faction is besieging it already",
        EmptyOpenTown => "an Open Town with no Noble inside is not attacked",
    }
}

causes! {
    /// Why a Noble cannot join an attack.
    JoinCause {
        AlreadyCommitted => "he is one of the attackers already",
        AlreadyAttacked => "he has already attacked this round",
        CardAttacked => "he holds a card that has already fought this round",
        NotInField => "he does not stand in the open field of that Area",
        NotYours => "he is another Faction's, and fights for you only in an allied Force whose members have not attacked this round",
        LandAndSea => "Nobles landing from ships and Nobles on land do not attack together",
    }
}

causes! {
    /// Why a Noble cannot go inside the place just taken.
    OccupyCause {
        NotInField => "he does not stand in the open field of that Area",
        NotYours => "he is neither yours nor one of the attackers",
    }
}

causes! {
    /// Why an allied Force cannot be formed.
    ForceCause {
        CommanderOutside => "the commander must be one of the members",
        MemberAway => "every member must stand on land, not at sea or captive",
        MemberBesieged => "a besieged Noble cannot join a Force",
        AlreadyInForce => "one of them is in an allied Force already",
        Apart => "the members do not all stand in the same place",
        NotTwoAllies => "a Force joins your Nobles with the Nobles of one ally",
    }
}
