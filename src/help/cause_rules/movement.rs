//! The rule behind each cause of a refused move by land or sea (§9): what a move reaches,
//! what blocks a road, where a Noble may go inside, what a Free Move needs and what a ship
//! can do; its section and anchor in the rules reference, and why the rule is there.

use crate::rules::{BlockCause, EntryCause, FreeMoveCause, ReachCause, ShipCause};

use super::rule::Rule;

pub fn reach(cause: ReachCause) -> Rule {
    match cause {
        ReachCause::OtherArea => (
            "movement",
            "9.03",
            "Going inside or out of a place in your own Area is not a move across the map.",
        ),
        ReachCause::TooFar => (
            "movement",
            "9.10",
            "A Regional move spans one purple boundary at most: your Region and the Regions touching it.",
        ),
        ReachCause::AcrossEstuary => (
            "movement",
            "9.10",
            "Estuaries cut the land: a Regional move goes round them, never over them.",
        ),
        ReachCause::NeedsShip => (
            "movement",
            "9.30",
            "Islands and Calais have no land way to them: Nobles cross the sea on board a ship.",
        ),
        ReachCause::NoRoadHere => (
            "movement",
            "9.20",
            "A Road move follows the roads drawn on the map, so it starts only where a road is.",
        ),
        ReachCause::NoRoadThere => (
            "movement",
            "9.20",
            "A Road move ends on a road, so it cannot end in an Area no road enters.",
        ),
        ReachCause::RoadsNotJoined => (
            "movement",
            "9.20",
            "A Road move follows one connected road network; Areas on roads that never meet are out of its reach.",
        ),
        ReachCause::AlreadyThere => (
            "movement",
            "9.02",
            "A move takes a Noble somewhere new; staying put is not a move.",
        ),
        ReachCause::PassageNotNeeded => (
            "movement",
            "9.24",
            "Passage is asked of an enemy only when its place stands between you and where you are going.",
        ),
        ReachCause::NotInArea => (
            "coronation",
            "13.06",
            "Only Nobles already in the Area of the crowning follow the King into the cathedral's place.",
        ),
    }
}

pub fn block(cause: BlockCause) -> Rule {
    match cause {
        BlockCause::Enemy => (
            "movement",
            "9.24",
            "A walled place held by an enemy closes the road through it unless its owner grants passage.",
        ),
        BlockCause::NonPlayer => (
            "two-player",
            "4.02",
            "In a two-player game the silent Faction's places close the roads through them until someone conquers them.",
        ),
        BlockCause::Besieged => (
            "movement",
            "9.24",
            "Nobody passes through a place under siege, whoever holds it.",
        ),
        BlockCause::EnemyInside => (
            "movement",
            "9.24",
            "An Open Town with an enemy Noble inside closes the road just as an enemy castle does.",
        ),
    }
}

pub fn entry(cause: EntryCause) -> Rule {
    match cause {
        EntryCause::NotInArea => (
            "movement",
            "9.03",
            "A Noble goes inside a place of the Area the move ends in, not of another Area.",
        ),
        EntryCause::NotFortified => (
            "factions",
            "2.17",
            "Unwalled towns shelter nobody: Nobles there stand in the open field.",
        ),
        EntryCause::Neutral => (
            "movement",
            "9.03",
            "A move ends inside a walled place only when you or an ally hold it; a place nobody holds is taken by siege, not walked into.",
        ),
        EntryCause::Enemy => (
            "movement",
            "9.03",
            "A move ends inside a walled place only when you or an ally hold it; an enemy's place must be besieged.",
        ),
        EntryCause::NonPlayer => (
            "two-player",
            "4.02",
            "The silent Faction's places are taken by siege, like any enemy stronghold.",
        ),
        EntryCause::Besieged => (
            "sieges",
            "10.70",
            "Nobody gets into a place under siege until the siege is over.",
        ),
        EntryCause::EnemyInside => (
            "movement",
            "9.03",
            "An Open Town with an enemy Noble inside is his until he leaves or is beaten.",
        ),
    }
}

pub fn free_move(cause: FreeMoveCause) -> Rule {
    match cause {
        FreeMoveCause::NoneHeld => (
            "movement",
            "9.70",
            "An extra move is paid for with a Free Move card, and you have none left.",
        ),
        FreeMoveCause::TooFew => (
            "movement",
            "9.70",
            "Each piece or ship that moves a second time spends a Free Move card of its own.",
        ),
        FreeMoveCause::UsedThisPhase => (
            "movement",
            "9.70",
            "A piece or ship takes one Free Move in a phase at most.",
        ),
        FreeMoveCause::RoyalJustGained => (
            "movement",
            "9.70",
            "A Royal who has just come under your control does not also get an extra move that turn.",
        ),
        FreeMoveCause::CarriedAfterOwn => (
            "movement",
            "9.70",
            "A piece that took its own Free Move cannot take a second one by riding a ship's.",
        ),
        FreeMoveCause::LentShip => (
            "movement",
            "9.30",
            "A borrowed ship makes one voyage for its borrower, without extra moves.",
        ),
    }
}

pub fn ship(cause: ShipCause) -> Rule {
    match cause {
        ShipCause::NoSuchShip => (
            "movement",
            "9.30",
            "Only the ships of cards in play can be moved, lent or handed over.",
        ),
        ShipCause::NotYours => (
            "movement",
            "9.30",
            "A ship sails for the Faction whose card it comes with, or for the Faction it was lent to.",
        ),
        ShipCause::AlreadyMoved => (
            "movement",
            "9.30",
            "Each ship makes one voyage a round unless a Free Move card is spent on it.",
        ),
        ShipCause::NotInPort => (
            "movement",
            "9.38",
            "Nobles go aboard in port, or as the ship is just putting out from the port where they stand.",
        ),
        ShipCause::NotYourPort => (
            "movement",
            "9.38",
            "A Noble boards a ship lying at a port of the Area he stands in.",
        ),
        ShipCause::HostilePort => (
            "movement",
            "9.38",
            "Nobody boards at a walled port held by an enemy or by nobody.",
        ),
        ShipCause::TooSmall => (
            "movement",
            "9.38",
            "A ship carries at most as many troops as its card shows; a larger stack needs more ships sailing together.",
        ),
        ShipCause::WouldStrand => (
            "movement",
            "9.38",
            "Ships that sail together keep their passengers together: none may be left aboard a ship that cannot carry them.",
        ),
        ShipCause::TooFar => (
            "movement",
            "9.30",
            "A voyage covers 5 steps at most, counting the step out of port and the step into one.",
        ),
        ShipCause::AlreadyThere => ("movement", "9.30", "A voyage takes the ship somewhere new."),
        ShipCause::NotAPort => (
            "movement",
            "9.30",
            "Ships call only at the ports marked on the map.",
        ),
        ShipCause::OwnShip => (
            "movement",
            "9.30",
            "A ship is borrowed from another Faction; your own ships need no loan.",
        ),
        ShipCause::AlreadyLent => (
            "movement",
            "9.30",
            "A ship is lent for one voyage at a time.",
        ),
        ShipCause::NotEmpty => (
            "transfers",
            "20.08",
            "A ship is handed over empty; its passengers are not part of the gift.",
        ),
        ShipCause::MovesWithCard => (
            "transfers",
            "20.08",
            "The ship of a Ship card belongs with the card: pass the card itself to pass the ship.",
        ),
        ShipCause::NotAStormPort => (
            "events",
            "8.26",
            "A storm drives a ship to one of the nearest ports, and its owner chooses among those only.",
        ),
        ShipCause::BesiegedByOther => (
            "sieges",
            "10.40",
            "A place is besieged by one Faction at a time.",
        ),
    }
}
