//! Why a move by land or sea is refused: what a move reaches (9.10, 9.20), what blocks a road
//! (9.24), where a Noble may stop inside (9.03), what a Free Move needs (9.70–9.78) and what a
//! ship can do (9.30–9.54).

use super::cause::causes;

causes! {
    /// Why a destination is out of a move's reach.
    ReachCause {
        OtherArea => "a move inside one Area cannot end in another",
        TooFar => "a Regional move reaches only its own Region and the Regions next to it",
        AcrossEstuary => "a Regional move does not cross an estuary",
        NeedsShip => "the sea lies between, and only a ship carries Nobles across it",
        NoRoadHere => "no road leaves the Area the Noble stands in",
        NoRoadThere => "no road runs into that Area",
        RoadsNotJoined => "no road joins the two Areas",
        AlreadyThere => "the Noble is there already",
        PassageNotNeeded => "the road reaches it without passing an enemy place, so no passage is asked",
        NotInArea => "the Noble does not stand in that Area",
    }
}

causes! {
    /// Why a place on the road stops a Road move.
    BlockCause {
        Enemy => "it is held by a Faction you are not allied with",
        NonPlayer => "it is held by the silent Faction, which grants no passage",
        Besieged => "it is under siege",
        EnemyInside => "an enemy Noble is inside it",
    }
}

causes! {
    /// Why a Noble cannot stop inside a place.
    EntryCause {
        NotInArea => "it does not lie in that Area",
        NotFortified => "it has no walls to go inside",
        Neutral => "no Faction holds it, and Nobles go inside only places their side holds",
        Enemy => "it is held by a Faction you are not allied with",
        NonPlayer => "it is held by the silent Faction of a two-player game",
        Besieged => "it is under siege",
        EnemyInside => "an enemy Noble is inside it",
    }
}

causes! {
    /// Why a Free Move cannot be made.
    FreeMoveCause {
        NoneHeld => "you hold no Free Move card",
        TooFew => "every piece or ship moving again takes a Free Move card of its own, and you hold too few",
        UsedThisPhase => "that piece or ship has already made a Free Move this phase",
        RoyalJustGained => "a Royal makes no Free Move in the turn its control was gained",
        CarriedAfterOwn => "a piece that made a Free Move of its own is not carried on by a ship's Free Move",
        LentShip => "a borrowed ship makes no Free Move",
    }
}

causes! {
    /// Why a ship cannot do what was asked.
    ShipCause {
        NoSuchShip => "no such ship is in play",
        NotYours => "it does not sail for you",
        AlreadyMoved => "it has already moved this round",
        NotInPort => "it is out at sea, and Nobles board in port or as the ship puts out",
        NotYourPort => "it is not in a port of the Noble's Area",
        HostilePort => "its port is a walled place your side does not hold",
        TooSmall => "the Nobles aboard would be more troops than the ships can carry",
        WouldStrand => "the ships left behind could not carry the Nobles still aboard them",
        TooFar => "that is more than 5 steps of sailing away",
        AlreadyThere => "it is there already",
        NotAPort => "that place has no harbour on the sea",
        OwnShip => "it sails for you already, so there is nothing to borrow",
        AlreadyLent => "it is lent out already",
        NotEmpty => "Nobles are aboard it",
        MovesWithCard => "the ship of a Ship card changes hands only with the card itself",
        NotAStormPort => "the storm cannot drive it to that port",
        BesiegedByOther => "another Faction is besieging that port already",
    }
}
