//! Negotiation with the default policies of checklist §Y: answering passage, ransom, gift
//! and alliance offers; proposing alliances against a runaway leader and leaving one whose
//! partner nears its solo target; ransoming my captured Nobles; executing captives worth
//! denying. Trust comes from the ledger. Owns these wish lists; must not check legality.

use super::player::memo_key;
use super::seat::Seat;
use super::trading;
use crate::bots::knowledge::{self, card_worth};
use crate::content::cards::CardType;
use crate::content::{AreaId, NobleId};
use crate::rules::state::{Offer, OfferTerms, Place};
use crate::rules::{Command, FactionIdx};

/// Card worth a captor asks per 10 troops of the captive (§Y 11.07: k × troop value).
const RANSOM_PER_10_TROOPS: u32 = 1;

fn yes(ok: bool) -> Vec<Command> {
    if ok {
        vec![Command::AcceptOffer, Command::RejectOffer]
    } else {
        vec![Command::RejectOffer, Command::AcceptOffer]
    }
}

/// Answers an offer made to me.
pub fn answer(seat: &Seat<'_>, offer: &Offer) -> Vec<Command> {
    let from = offer.from;
    match &offer.terms {
        OfferTerms::Gift { .. } => yes(true),
        OfferTerms::Alliance => yes(should_ally(seat, from)),
        OfferTerms::Force { .. } => yes(true),
        OfferTerms::Passage { noble, to, .. } => yes(grant_passage(seat, from, noble, to)),
        OfferTerms::ShipLoan { .. } => yes(seat.friendly(from)), // §Y 9.54: only to allies
        OfferTerms::Ransom { captive, cards } => yes(ransom_ok(seat, captive, cards, &[])),
        OfferTerms::RansomKeeping {
            captive,
            cards,
            keep,
            gain,
        } => {
            let given: Vec<_> = keep.iter().chain(gain).cloned().collect();
            yes(ransom_ok(seat, captive, cards, &given))
        }
        OfferTerms::AllianceExecuting { .. } => yes(should_ally(seat, from)),
        // §Y 21.01: a trade only when what I receive is worth more to me than what I give
        // (a card none of my Nobles can take is worth little to me).
        OfferTerms::Trade { give, take } => {
            let worth = |cards: &[_]| -> u32 {
                cards
                    .iter()
                    .map(|c| trading::worth_to(seat, seat.me, c))
                    .sum()
            };
            yes(worth(give) > worth(take))
        }
        // §Y 20.05, 20.08: cross-faction transfers with allies only.
        OfferTerms::Transfer { .. }
        | OfferTerms::Exchange { .. }
        | OfferTerms::HandOver { .. }
        | OfferTerms::ShipHandOver { .. } => yes(seat.friendly(from)),
        // §Y 12.13: agree to an Office move only when my Noble receives it.
        OfferTerms::OfficeMove { to, .. } => yes(seat
            .view
            .nobles
            .get(to)
            .is_some_and(|n| n.faction == seat.me)),
    }
}

/// §Y 11.07, 11.09: the cards paid, less those the captive keeps, must be worth k × its
/// troops, and the captive must not hold a Prestige-critical Office.
fn ransom_ok(
    seat: &Seat<'_>,
    captive: &NobleId,
    cards: &[crate::content::CrownCardId],
    keep: &[crate::content::CrownCardId],
) -> bool {
    let paid: u32 = cards.iter().map(|c| card_worth(seat.content, c)).sum();
    let kept: u32 = keep.iter().map(|c| card_worth(seat.content, c)).sum();
    let troops = seat.strength(captive).max(10);
    let critical = seat
        .view
        .nobles
        .get(captive)
        .is_some_and(|n| knowledge::has_office(seat.content, n));
    !critical && paid.saturating_sub(kept) >= RANSOM_PER_10_TROOPS * troops / 10
}

/// §Y 9.24: allies always; others only if trusted, not the leader, and the destination
/// holds nothing of mine they could take.
fn grant_passage(seat: &Seat<'_>, from: FactionIdx, noble: &NobleId, to: &AreaId) -> bool {
    if seat.friendly(from) {
        return true;
    }
    if !seat.ledger.trusted(from) {
        return false;
    }
    if seat
        .leader()
        .is_some_and(|(l, p)| l == from && p > seat.prestige())
    {
        return false;
    }
    let mover = seat.strength(noble);
    let mine_there = seat.friendly_field(to);
    let my_royal_there = seat
        .my_royals()
        .iter()
        .any(|(_, n)| seat.area(n).as_ref() == Some(to));
    !my_royal_there && (mine_there == 0 || mine_there > mover)
}

/// §Y 23.02: ally when the other is trusted, neither is the leader, and the leader is ahead
/// of both of us; never when it would leave me holding both houses.
fn should_ally(seat: &Seat<'_>, with: FactionIdx) -> bool {
    if !seat.ledger.trusted(with) {
        return false;
    }
    let Some((leader, top)) = seat.leader() else {
        return false;
    };
    let mine = seat.prestige();
    let theirs = seat.prestige_of(with);
    leader != with
        && top > mine
        && top > theirs
        && top + 2 >= mine + theirs / 2
        && !mixes_houses(seat, with)
}

fn mixes_houses(seat: &Seat<'_>, with: FactionIdx) -> bool {
    let mut houses = Vec::new();
    for f in [seat.me, with] {
        for (id, _) in seat.view.royals.iter() {
            if knowledge::royal_controller(seat.view, id) == Some(f)
                && let Some(r) = seat.content.cards.royal(id.as_str())
            {
                houses.push(format!("{:?}", r.house));
            }
        }
    }
    houses.sort();
    houses.dedup();
    houses.len() > 1
}

/// Politicking wishes: propose or leave an Alliance.
pub fn politick(seat: &Seat<'_>) -> Vec<Command> {
    let mut out = Vec::new();
    let players = seat.view.factions.len() as FactionIdx;
    let allied = seat.view.alliances.iter().any(|a| a.contains(&seat.me));
    if allied {
        // §Y 23.20: leave when the ally nears its solo target and leads me (unless I stay to
        // the end: a Shared Victory is mine too, 23.19).
        if seat.judgement.stays_allied {
            return out;
        }
        let target = seat.target();
        let near = seat
            .view
            .alliances
            .iter()
            .filter(|a| a.contains(&seat.me))
            .flatten()
            .any(|&f| {
                f != seat.me
                    && seat.prestige_of(f) + 2 >= target
                    && seat.prestige_of(f) > seat.prestige()
            });
        if near {
            out.push(Command::LeaveAlliance);
        }
        return out;
    }
    if players <= 2 {
        return out;
    }
    let mut partners: Vec<FactionIdx> = (0..players)
        .filter(|&f| f != seat.me && should_ally(seat, f))
        .collect();
    partners.sort_by_key(|&f| (std::cmp::Reverse(seat.ledger.trust(f)), f));
    for f in partners.into_iter().take(1) {
        let c = Command::ProposeAlliance { to: f };
        if !seat.tried(&memo_key(&c)) {
            out.push(c);
        }
    }
    out
}

/// Offers to ransom my captured Nobles with my least useful cards (§Y 11.07, as loser).
pub fn ransom_own(seat: &Seat<'_>) -> Vec<Command> {
    let mut out = Vec::new();
    let mut hand: Vec<_> = seat.hand().to_vec();
    hand.sort_by_key(|c| (card_worth(seat.content, c), *c));
    for (id, n) in &seat.view.nobles {
        if n.faction != seat.me || !matches!(n.place, Place::Captive { .. }) {
            continue;
        }
        let want =
            knowledge::strength(seat.content, seat.view, id).max(10) / 10 * RANSOM_PER_10_TROOPS;
        let mut cards = Vec::new();
        let mut worth = 0;
        for c in &hand {
            if worth >= want {
                break;
            }
            worth += card_worth(seat.content, c);
            cards.push(*c);
        }
        let c = Command::OfferRansom { noble: *id, cards };
        if !seat.tried(&memo_key(&c)) {
            out.push(c);
        }
    }
    out
}

/// As captor: execute captives that hold a Title or Office worth denying (§Y 11.07).
pub fn captives(seat: &Seat<'_>) -> Vec<Command> {
    let mut out = Vec::new();
    for (id, n) in &seat.view.nobles {
        if let Place::Captive { captor, .. } = n.place
            && captor == seat.me
        {
            let valuable = n
                .awards
                .iter()
                .filter_map(|c| seat.content.cards.card(c.as_str()))
                .any(|c| matches!(c.card_type, CardType::Office) || c.prestige > 0);
            if valuable {
                out.push(Command::ExecuteCaptive { noble: *id });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::bots::knowledge::Distances;
    use crate::bots::normal::judgement::{HARD, HARD_V5, Judgement, NORMAL};
    use crate::bots::{Ledger, OddsModel};
    use crate::content::Content;
    use crate::rules::{Setup, Viewer, start, view};

    /// Seat 0's politicking wishes at a four-faction table where it is allied with seat 1,
    /// which leads it and stands one point short of its solo target.
    fn politicking_beside_a_partner_near_its_target(judgement: &'static Judgement) -> Vec<Command> {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(4, 7)).expect("start");
        let mut seen = view(&content, &state, Viewer::Faction { faction: 0 });
        seen.alliances = vec![vec![0, 1]];
        let target = seen
            .prestige_target
            .expect("a solo target at four factions");
        for (i, f) in seen.factions.iter_mut().enumerate() {
            f.prestige = match i {
                0 => 4,
                1 => target - 1,
                _ => 2,
            };
        }
        let (dist, odds) = (Distances::new(&content), OddsModel::new(&content));
        let (ledger, done) = (Ledger::default(), BTreeSet::new());
        let seat =
            Seat::new(&content, &seen, 0, &dist, &odds, &ledger, &done).with_judgement(judgement);
        politick(&seat)
    }

    #[test]
    fn the_normal_player_leaves_a_partner_near_its_target_and_hard_stays_from_version_6() {
        let leaves =
            |j| politicking_beside_a_partner_near_its_target(j).contains(&Command::LeaveAlliance);
        assert!(leaves(&NORMAL), "the checklist's policy (23.20)");
        assert!(leaves(&HARD_V5), "bots version 5 kept that policy");
        assert!(
            !leaves(&HARD),
            "a Shared Victory is the Hard player's too (23.19)"
        );
    }
}
