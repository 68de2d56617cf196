//! The rule behind each way a refusal comes about (the `cause` a [`crate::rules::RuleError`]
//! carries): the section and anchor of the rules reference it links to, and why that rule is
//! there, in a new player's words. Every match is exhaustive, so a new cause does not compile
//! until it is explained here.

use crate::rules::{
    AllianceCause, AttackCause, AttendCause, AwardCause, BlockCause, CaptiveCause, ClaimCause,
    CrownCause, EntryCause, ForceCause, FreeMoveCause, JoinCause, OccupyCause, PlaceCause,
    ReachCause, ReallocateCause, RoyalCause, ShipCause, StepCause, SummonCause, TogetherCause,
    TransferCause,
};

/// A rule: its reference section, its anchor there, and why it exists.
pub type Rule = (&'static str, &'static str, &'static str);

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

pub fn attack(cause: AttackCause) -> Rule {
    match cause {
        AttackCause::KingsPeace => (
            "parliament",
            "12.15",
            "While the King's Peace holds an Area, nobody fights there.",
        ),
        AttackCause::AlreadyAttacked => (
            "combat",
            "10.04",
            "Each stack or place can be attacked once in a Combat Phase.",
        ),
        AttackCause::FirstRound => (
            "combat",
            "10.04",
            "The first round is for gathering strength: no Faction attacks another's Nobles yet.",
        ),
        AttackCause::NoFreeAttackers => (
            "combat",
            "10.11",
            "An attack needs Nobles of yours in that Area who have not fought this round.",
        ),
        AttackCause::OwnSide => (
            "combat",
            "10.04",
            "Allies never fight one another, and nobody attacks his own Nobles.",
        ),
        AttackCause::NoDefenders => (
            "combat",
            "10.11",
            "A battle in the open field needs enemy Nobles standing there.",
        ),
        AttackCause::NotInArea => (
            "sieges",
            "10.40",
            "A siege is laid from the Area the place lies in.",
        ),
        AttackCause::NotFortified => (
            "sieges",
            "10.40",
            "Only walled places are besieged; Nobles in an unwalled town are fought in the open field.",
        ),
        AttackCause::OwnPlace => (
            "sieges",
            "10.40",
            "Nobody besieges a place held by his own side.",
        ),
        AttackCause::BesiegedByOther => (
            "sieges",
            "10.40",
            "A place is besieged by one Faction at a time.",
        ),
        AttackCause::EmptyOpenTown => (
            "sieges",
            "10.41",
            "An Open Town keeps no garrison: with nobody inside there is nothing to besiege.",
        ),
    }
}

pub fn join(cause: JoinCause) -> Rule {
    match cause {
        JoinCause::AlreadyCommitted => ("combat", "10.11", "Each attacker is counted once."),
        JoinCause::AlreadyAttacked => ("combat", "10.04", "A Noble fights one attack a round."),
        JoinCause::CardAttacked => (
            "transfers",
            "20.05",
            "A card passed on does not fight twice in a round, whoever holds it now.",
        ),
        JoinCause::NotInField => (
            "combat",
            "10.11",
            "Attackers stand in the open field of the Area where the attack is made.",
        ),
        JoinCause::NotYours => (
            "alliances",
            "23.10",
            "Another Faction's Nobles fight for you only inside an allied Force none of whose members has attacked this round.",
        ),
        JoinCause::LandAndSea => (
            "movement",
            "9.47",
            "Troops landing from the sea attack on their own, never together with troops already on land.",
        ),
    }
}

pub fn occupy(cause: OccupyCause) -> Rule {
    match cause {
        OccupyCause::NotInField => (
            "sieges",
            "10.60",
            "After a siege the Nobles who go inside come from the open field of that Area.",
        ),
        OccupyCause::NotYours => (
            "sieges",
            "10.60",
            "The place just taken is entered by the victor's own Nobles or by the attackers who took it.",
        ),
    }
}

pub fn force(cause: ForceCause) -> Rule {
    match cause {
        ForceCause::CommanderOutside => (
            "alliances",
            "23.10",
            "An allied Force is led by one of its own members.",
        ),
        ForceCause::MemberAway => (
            "alliances",
            "23.10",
            "A Force gathers Nobles standing on land, not at sea or in captivity.",
        ),
        ForceCause::MemberBesieged => (
            "alliances",
            "23.10",
            "Nobles shut in by a siege cannot march out to join a Force.",
        ),
        ForceCause::AlreadyInForce => (
            "alliances",
            "23.10",
            "A Noble serves in one allied Force at a time.",
        ),
        ForceCause::Apart => (
            "alliances",
            "23.10",
            "A Force forms where its members already stand together.",
        ),
        ForceCause::NotTwoAllies => (
            "alliances",
            "23.10",
            "A Force joins your own Nobles with those of one ally, and with no one else's.",
        ),
    }
}

pub fn award(cause: AwardCause) -> Rule {
    match cause {
        AwardCause::UnknownCard => (
            "crown-cards",
            "19.01",
            "Only the cards of this game can be played.",
        ),
        AwardCause::NobleCard => (
            "factions",
            "2.02",
            "Noble cards start new Nobles of your Faction; they are never given to a Noble.",
        ),
        AwardCause::Titled => (
            "factions",
            "2.08",
            "A Noble carries one Title at most, and a Noble whose card is titled already has his.",
        ),
        AwardCause::Untitled => (
            "factions",
            "2.09",
            "Offices of state go to titled Nobles only.",
        ),
        AwardCause::HasOffice => ("factions", "2.09", "A Noble holds one Office at a time."),
        AwardCause::HasBishop => (
            "factions",
            "2.11",
            "A Noble has one churchman at his side at most.",
        ),
        AwardCause::Besieged => (
            "sieges",
            "10.70",
            "Nothing reaches Nobles shut inside a besieged place until the siege is lifted.",
        ),
        AwardCause::Away => (
            "crown-cards",
            "19.18",
            "Nobles at sea or in captivity are out of reach of new cards.",
        ),
        AwardCause::NoBishopToReplace => (
            "factions",
            "2.11",
            "A Bishop from hand replaces the one a Noble already has; with none, award it instead.",
        ),
        AwardCause::NotABishop => (
            "factions",
            "2.11",
            "Only a churchman takes the place of a churchman.",
        ),
    }
}

pub fn transfer(cause: TransferCause) -> Rule {
    match cause {
        TransferCause::NotHeld => (
            "transfers",
            "20.05",
            "A Noble passes on only the cards he holds.",
        ),
        TransferCause::NeverMoves => (
            "transfers",
            "20.02",
            "A Noble's own card, his Title and the Major cards stay where they are for good.",
        ),
        TransferCause::OfficeAtParliament => (
            "transfers",
            "20.02",
            "Offices are given and taken at Parliament, not passed between Nobles in the field.",
        ),
        TransferCause::NotAnOffice => (
            "parliament",
            "12.13",
            "Parliament moves Offices; other cards pass between Nobles the usual way.",
        ),
        TransferCause::NotSpoils => (
            "capture",
            "11.07",
            "A ransom can keep back only what the captor would otherwise take.",
        ),
    }
}

pub fn together(cause: TogetherCause) -> Rule {
    match cause {
        TogetherCause::SameNoble => (
            "transfers",
            "20.05",
            "A card passes from one Noble to another.",
        ),
        TogetherCause::Apart => (
            "transfers",
            "20.05",
            "Cards pass between Nobles standing in the same open field or inside the same place.",
        ),
        TogetherCause::Away => (
            "transfers",
            "20.05",
            "Nobles at sea or in captivity do not pass cards.",
        ),
        TogetherCause::NotAttending => (
            "parliament",
            "12.13",
            "At Parliament Offices move between Nobles who are attending it.",
        ),
    }
}

pub fn place(cause: PlaceCause) -> Rule {
    match cause {
        PlaceCause::NotByCard => (
            "transfers",
            "20.08",
            "What is handed over is a place held through a card; places taken by force or held by no one are not.",
        ),
        PlaceCause::NotYours => (
            "transfers",
            "20.08",
            "You can hand over only what your own side holds.",
        ),
        PlaceCause::NotListed => (
            "transfers",
            "20.08",
            "Only places printed on a Noble, Title, Office or Bishop card can be handed over without the card.",
        ),
        PlaceCause::CardNotHeld => (
            "transfers",
            "20.08",
            "The card a place is held through must be with one of your Nobles for you to hand the place over.",
        ),
        PlaceCause::Besieged => (
            "sieges",
            "10.70",
            "A place under siege stays as it is until the siege ends.",
        ),
    }
}

pub fn captive(cause: CaptiveCause) -> Rule {
    match cause {
        CaptiveCause::NotCaptive => (
            "capture",
            "11.07",
            "Ransom and execution are for Nobles held captive.",
        ),
        CaptiveCause::HeldByOther => (
            "capture",
            "11.10",
            "Only the Faction holding a captive decides to put him to death.",
        ),
        CaptiveCause::NotYourNoble => (
            "capture",
            "11.07",
            "A ransom buys back one of your own Nobles.",
        ),
    }
}

pub fn royal(cause: RoyalCause) -> Rule {
    match cause {
        RoyalCause::NotWithYours => (
            "royals",
            "17.07",
            "You act only with Royals whose cards lie with your Nobles.",
        ),
        RoyalCause::WithCaptive => (
            "royals",
            "17.07",
            "A captive Noble's Royal is not his to dispose of while he is held.",
        ),
    }
}

pub fn reallocate(cause: ReallocateCause) -> Rule {
    match cause {
        ReallocateCause::SameNoble => (
            "royals",
            "17.10",
            "Handing a Royal on means giving it to a different Noble.",
        ),
        ReallocateCause::Apart => (
            "royals",
            "17.10",
            "A Royal is handed to a Noble standing in the same place.",
        ),
        ReallocateCause::Captive => (
            "royals",
            "17.10",
            "A captive Noble cannot hand his Royal to anyone.",
        ),
    }
}

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
        CrownCause::Besieged => (
            "coronation",
            "13.03",
            "Nobody is crowned inside a place under siege.",
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
