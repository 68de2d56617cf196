//! The rule behind each cause of a refused attack, attacker, entry into a place just taken
//! or allied Force (§10, 23.10): its section and anchor in the rules reference, and why the
//! rule is there.

use crate::rules::{AttackCause, ForceCause, JoinCause, OccupyCause};

use super::rule::Rule;

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
