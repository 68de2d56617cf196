//! Parliament, coronation and the two-house limit: summoning Parliament to my advantage and
//! naming the Noble it pulls away, attending, awarding Chancery cards to my Nobles first,
//! crowning my claimant, and giving away or executing a Royal when I hold both houses
//! (17.13). Owns these wish lists; must not check legality (the rules do).

use super::seat::Seat;
use crate::bots::knowledge;
use crate::content::{CrownCardId, NobleId, RoyalId};
use crate::rules::state::RoyalPlace;
use crate::rules::{Command, FactionIdx};

/// Summon Parliament when I can: name the strongest enemy Noble not guarding a Royal.
pub fn summon(seat: &Seat<'_>) -> Vec<Command> {
    let view = seat.view;
    if view.clamours.iter().all(|(_, used)| *used) || view.prestige_claim.is_some() {
        return Vec::new();
    }
    let mut summoned: Vec<(u32, NobleId)> = view
        .nobles
        .iter()
        .filter(|(_, n)| !seat.friendly(n.faction))
        .filter(|(id, _)| knowledge::royals_with(view, id).is_empty())
        .map(|(id, _)| (seat.strength(id), *id))
        .collect();
    summoned.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    // The Parliament Area is the King's (or Chancellor's) Area; try my Nobles' Areas.
    let mut areas: Vec<_> = seat
        .my_nobles()
        .into_iter()
        .filter_map(|n| seat.area(n))
        .collect();
    areas.sort();
    areas.dedup();
    let mut out = Vec::new();
    for area in areas {
        for (_, n) in summoned.iter().take(3) {
            out.push(Command::SummonParliament {
                area,
                summoned: Some(*n),
            });
        }
        out.push(Command::SummonParliament {
            area,
            summoned: None,
        });
    }
    out
}

/// Attendance: as summoner (or its ally) send my Nobles lacking a Title or Office, so more
/// Chancery cards are drawn for me to award; otherwise stay away.
pub fn attend(seat: &Seat<'_>, summoner: FactionIdx) -> Vec<Command> {
    let mut out = Vec::new();
    if seat.friendly(summoner) {
        for n in seat.my_nobles() {
            let lacking = seat.view.nobles.get(n).is_some_and(|x| {
                !knowledge::has_title(seat.content, x) || !knowledge::has_office(seat.content, x)
            });
            if lacking {
                out.push(Command::SendToParliament { noble: *n });
            }
        }
    }
    out.push(Command::Pass);
    out
}

/// Recipients tried per Chancery card, best first (each refused one costs a rules check).
const CHANCERY_RECIPIENTS: usize = 8;

/// Chancery awards: each card to my Nobles first, then allies, then the weakest rival,
/// discarding only when no one may take it.
pub fn chancery(seat: &Seat<'_>, cards: &[CrownCardId]) -> Vec<Command> {
    let view = seat.view;
    let mut recipients: Vec<(u8, u32, NobleId)> = view
        .nobles
        .iter()
        .map(|(id, n)| {
            let tier = if n.faction == seat.me {
                0
            } else if seat.friendly(n.faction) {
                1
            } else {
                2
            };
            let key = if tier == 2 {
                seat.prestige_of(n.faction)
            } else {
                u32::MAX - seat.strength(id)
            };
            (tier, key, *id)
        })
        .collect();
    recipients.sort();
    let mut out = Vec::new();
    for card in cards {
        for (_, _, n) in recipients.iter().take(CHANCERY_RECIPIENTS) {
            out.push(Command::AwardChanceryCard {
                card: *card,
                noble: *n,
            });
        }
    }
    for card in cards {
        out.push(Command::DiscardChanceryCard { card: *card });
    }
    out
}

/// Crown my Royals, best first.
pub fn crown(seat: &Seat<'_>) -> Vec<Command> {
    seat.my_royals()
        .into_iter()
        .filter(|(id, _)| !seat.view.royals.get(*id).is_some_and(|r| r.crowned))
        .map(|(id, _)| Command::Crown { royal: *id })
        .collect()
}

/// 17.13: when my Alliance (or I) holds Royals of both houses, give my Royals of the lesser
/// house to a non-allied Noble in the same place (the weakest faction's), else execute them.
/// The house kept is that of the team's best Royal (crowned, then senior).
pub fn both_houses(seat: &Seat<'_>) -> Vec<Command> {
    let mine = seat.my_royals();
    let house = |id: &RoyalId| {
        seat.content
            .cards
            .royal(id.as_str())
            .map(|r| format!("{:?}", r.house))
    };
    let mut team: Vec<(bool, u32, &RoyalId)> = seat
        .view
        .royals
        .iter()
        .filter(|(id, _)| {
            knowledge::royal_controller(seat.view, id).is_some_and(|f| seat.friendly(f))
        })
        .map(|(id, r)| {
            let rank = seat.content.cards.royal(id.as_str()).map_or(99, |x| x.rank);
            (!r.crowned, rank, id)
        })
        .collect();
    team.sort();
    let Some((_, _, best)) = team.first() else {
        return Vec::new();
    };
    let keep = house(best);
    let mut out = Vec::new();
    for (royal, holder) in mine.iter().filter(|(r, _)| house(r) != keep) {
        let place = seat.view.nobles.get(*holder).map(|n| n.place.clone());
        let mut takers: Vec<(u32, NobleId)> = seat
            .view
            .nobles
            .iter()
            .filter(|(_, n)| !seat.friendly(n.faction) && Some(&n.place) == place.as_ref())
            .map(|(id, n)| (seat.prestige_of(n.faction), *id))
            .collect();
        takers.sort();
        for (_, t) in takers {
            out.push(Command::ReallocateRoyal {
                royal: *(*royal),
                noble: t,
            });
        }
        if seat
            .view
            .royals
            .get(*royal)
            .is_some_and(|r| !matches!(r.place, RoyalPlace::Dead))
        {
            out.push(Command::ExecuteRoyal { royal: *(*royal) });
        }
    }
    out
}
