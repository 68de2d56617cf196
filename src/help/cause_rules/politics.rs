//! The rule behind each cause of a refused Parliament, coronation, Prestige claim or
//! Alliance (§12, §13, 15.04, §23): its section and anchor in the rules reference, and why
//! the rule is there.

use crate::rules::{AllianceCause, AttendCause, ClaimCause, CrownCause, SummonCause};

use super::rule::Rule;

pub fn summon(cause: SummonCause) -> Rule {
    match cause {
        SummonCause::NoClamour => (
            "parliament",
            "12.01",
            "Parliament meets only when a Clamour for Parliament has come up and not been used.",
        ),
        SummonCause::ClaimStanding => (
            "parliament",
            "12.01",
            "A side that has claimed a Prestige Victory cannot call Parliament while the claim stands.",
        ),
        SummonCause::KingNotYours => (
            "parliament",
            "12.01",
            "With one King crowned, only the Faction holding him summons Parliament.",
        ),
        SummonCause::NoChancellorCard => (
            "parliament",
            "12.01",
            "Without a single crowned King, Parliament is called by the Chancellor with a Chancellor card.",
        ),
        SummonCause::ChancellorMissing => (
            "parliament",
            "12.01",
            "Without a single crowned King, the summons comes from the Noble who is Chancellor of England.",
        ),
        SummonCause::SummonerBesieged => (
            "parliament",
            "12.02",
            "A King or Chancellor shut in by a siege cannot call Parliament.",
        ),
        SummonCause::SummonerAway => (
            "parliament",
            "12.02",
            "Parliament sits on the mainland, where the King or Chancellor stands.",
        ),
        SummonCause::NoTown => (
            "parliament",
            "12.02",
            "Parliament needs a town to sit in: an unwalled one, or a walled one your side holds and no one besieges.",
        ),
        SummonCause::OtherArea => (
            "parliament",
            "12.02",
            "Parliament sits where the King or the Chancellor who summons it stands.",
        ),
        SummonCause::NameNoble => (
            "parliament",
            "12.05",
            "When some other Faction's Noble can come, the summons must name one.",
        ),
    }
}

pub fn attend(cause: AttendCause) -> Rule {
    match cause {
        AttendCause::Friendly => (
            "parliament",
            "12.05",
            "A summons calls a Noble of a rival Faction; your own and your allies' Nobles come of their own accord.",
        ),
        AttendCause::Besieged => (
            "parliament",
            "12.06",
            "Nobles shut in by a siege cannot ride to Parliament.",
        ),
        AttendCause::Away => (
            "parliament",
            "12.06",
            "Nobles at sea, captive, on an island or in Calais are too far to attend.",
        ),
        AttendCause::NotYours => (
            "parliament",
            "12.08",
            "Each Faction sends its own Nobles to Parliament.",
        ),
        AttendCause::AlreadyThere => (
            "parliament",
            "12.08",
            "A Noble already in Parliament's Area attends without being sent.",
        ),
        AttendCause::NotATown => (
            "parliament",
            "12.08",
            "Nobles may attend inside a town of Parliament's Area, not inside a castle or a place elsewhere.",
        ),
        AttendCause::AlreadyInside => (
            "parliament",
            "12.08",
            "A Noble already inside that town attends from there.",
        ),
        AttendCause::PlaceNotFriendly => (
            "parliament",
            "12.08",
            "Nobles attend inside a walled town only when their side holds it.",
        ),
    }
}

pub fn claim(cause: ClaimCause) -> Rule {
    match cause {
        ClaimCause::NotStepOne => (
            "end-of-turn",
            "14.01",
            "A Prestige Victory is claimed first thing in your End of Turn, before anything else happens in it.",
        ),
        ClaimCause::TileHidden => (
            "winning",
            "15.04",
            "The Prestige Victory tile sits in the Event deck; until it comes up nobody can claim.",
        ),
        ClaimCause::ClaimStanding => (
            "winning",
            "15.04",
            "One claim stands at a time; the others must wait for it to fail.",
        ),
        ClaimCause::KingsPeace => (
            "winning",
            "15.04",
            "Nobody claims a victory while the King's Peace is in force.",
        ),
        ClaimCause::NoKing => (
            "winning",
            "15.04",
            "A Prestige Victory is claimed in the name of a crowned King your side controls.",
        ),
        ClaimCause::NoTarget => (
            "winning",
            "15.05",
            "The Prestige targets are set for sides of a given size, and yours has none.",
        ),
        ClaimCause::BelowTarget => (
            "winning",
            "15.05",
            "A claim needs your side's Prestige at or above the target for the number of players.",
        ),
    }
}

pub fn crown(cause: CrownCause) -> Rule {
    match cause {
        CrownCause::NotYours => (
            "coronation",
            "13.01",
            "You crown a Royal who stands with one of your Nobles.",
        ),
        CrownCause::AlreadyCrowned => ("coronation", "13.01", "A Royal is crowned once."),
        CrownCause::NotSenior => (
            "coronation",
            "13.02",
            "The crown goes to the senior surviving Royal of a house, never past him.",
        ),
        CrownCause::Away => (
            "coronation",
            "13.03",
            "A crowning takes place in a cathedral on land, not at sea or in captivity.",
        ),
        CrownCause::NoCathedral => (
            "coronation",
            "13.03",
            "A crowning needs a cathedral in the Area, inside a place your side holds if it is walled.",
        ),
        CrownCause::NoBishops => (
            "coronation",
            "13.02",
            "The crowning is performed by an Archbishop, or by two Bishops, with your Nobles beside the Royal.",
        ),
    }
}

pub fn alliance(cause: AllianceCause) -> Rule {
    match cause {
        AllianceCause::NotAnotherFaction => (
            "alliances",
            "23.02",
            "An Alliance is made between two different Factions of the game.",
        ),
        AllianceCause::AlreadyAllied => (
            "alliances",
            "23.02",
            "Factions already allied have nothing more to agree.",
        ),
        AllianceCause::NoHeadClaimed => (
            "alliances",
            "23.01",
            "Alliances open only once some Faction controls the head of a royal house.",
        ),
        AllianceCause::TooLarge => (
            "alliances",
            "23.01",
            "The number of players caps how many Factions an Alliance may hold.",
        ),
        AllianceCause::NameHouse => (
            "alliances",
            "23.02",
            "Allies never hold both houses together, so the proposal says whose Royals die.",
        ),
        AllianceCause::NoHouseToName => (
            "alliances",
            "23.02",
            "A house is named only when the new allies would hold Royals of both.",
        ),
        AllianceCause::NotAMember => (
            "alliances",
            "23.20",
            "Only a Faction in an Alliance can leave one.",
        ),
        AllianceCause::NotYourEndOfTurn => (
            "alliances",
            "23.20",
            "Leaving an Alliance is done in your own End of Turn, so your allies see it coming.",
        ),
    }
}
