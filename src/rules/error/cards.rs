//! Why a card cannot be awarded, moved or kept, why two Nobles are not together for a
//! transfer, why a place is not yours to hand over, and why a captive or Royal is not yours
//! to act on (2.08–2.12, 11.07, 17.07, 17.10, 19.12, 20.02–20.08).

use super::cause::causes;

causes! {
    /// Why a card cannot go to a Noble.
    AwardCause {
        UnknownCard => "no such card is in the game",
        NobleCard => "a Noble card is laid down as a new Noble, never awarded",
        Titled => "a titled Noble takes no further Title",
        Untitled => "an Office goes only to a titled Noble",
        HasOffice => "the Noble holds an Office already",
        HasBishop => "the Noble holds a Bishop already",
        Besieged => "the Noble is besieged and takes no cards",
        Away => "the Noble is at sea or captive and takes no cards",
        NoBishopToReplace => "the Noble holds no Bishop to replace",
        NotABishop => "only a Bishop replaces a Bishop",
    }
}

causes! {
    /// Why a card cannot change hands this way.
    TransferCause {
        NotHeld => "the Noble giving it does not hold it",
        NeverMoves => "Nobles, Titles and Major cards never change hands",
        OfficeAtParliament => "an Office changes hands only at Parliament",
        NotAnOffice => "only Offices are moved between Nobles at Parliament",
        NotSpoils => "only cards that would go to the captor can be kept in a ransom",
        AttackedThisRound => "the card has already taken part in an attack this round and cannot join another",
    }
}

causes! {
    /// Why two Nobles are not together for a transfer.
    TogetherCause {
        SameNoble => "a Noble does not pass a card to himself",
        Apart => "they do not stand in the same open field or place",
        Away => "one of them is at sea or captive",
        NotAttending => "both must be attending Parliament",
    }
}

causes! {
    /// Why a place is not yours to hand over.
    PlaceCause {
        NotByCard => "no card holds it for a Faction",
        NotYours => "another Faction holds it",
        NotListed => "the card it is held through does not list it",
        CardNotHeld => "none of your Nobles holds the card it is held through",
        Besieged => "it is under siege",
    }
}

causes! {
    /// Why a Noble is not a captive you can act on.
    CaptiveCause {
        NotCaptive => "that Noble is not a captive",
        HeldByOther => "another Faction holds that captive",
        NotYourNoble => "only the captive's own Faction ransoms him",
    }
}

causes! {
    /// Why a Royal is not yours to act on.
    RoyalCause {
        NotWithYours => "the Royal is not with one of your Nobles",
        WithCaptive => "the Noble the Royal is with is a captive",
    }
}

causes! {
    /// Why a Royal cannot be handed to that Noble.
    ReallocateCause {
        SameNoble => "the Royal is with that Noble already",
        Apart => "that Noble does not stand in the same place as the Royal",
        Captive => "the Noble the Royal is with is a captive",
    }
}
