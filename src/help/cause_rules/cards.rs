//! The rule behind each cause of a refusal about cards awarded or passed on, places handed
//! over, captives and Royals (§2, §11, §17, §20): its section and anchor in the rules
//! reference, and why the rule is there.

use crate::rules::{
    AwardCause, CaptiveCause, PlaceCause, ReallocateCause, RoyalCause, TogetherCause, TransferCause,
};

use super::rule::Rule;

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
        TransferCause::AttackedThisRound => (
            "transfers",
            "20.05",
            "A card fights in one attack a round at most, whichever Noble holds it.",
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
