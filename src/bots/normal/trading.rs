//! Offers a Normal seat makes of its own accord beyond Alliances and ransoms (checklist §Y
//! 20.05, 20.08, 21.01, 9.54): trading a hand card it cannot use for one another faction
//! showed it and it can; showing such cards to factions it deals with, so they may ask;
//! giving an ally a card the ally can use and it cannot; swapping awarded cards with an
//! ally's Noble standing with one of mine when the swap is worth more to me; handing an empty
//! ship far from my Nobles to an ally standing at its port; asking an ally to lend a ship
//! lying where my main stack would sail from. Also the one cap on how many offers a seat makes in
//! a turn, whatever their kind. Owns these wish lists; must not check legality.

use super::player::memo_key;
use super::seat::Seat;
use super::{movement, sea};
use crate::bots::knowledge::card_worth;
use crate::content::{CrownCardId, NobleId};
use crate::rules::state::{Place, ShipPlace};
use crate::rules::{Command, FactionIdx};

/// Offers one seat makes in a turn, at most, all kinds together (alliances, ransoms, gifts,
/// trades, swaps, loans, hand-overs), so a person at the table is asked a few things at once.
pub const OFFERS_PER_TURN: usize = 2;

/// Steps from every Noble of mine beyond which a ship of mine counts as spare (20.08).
const SPARE_SHIP_STEPS: u8 = 3;

/// Prestige short of its solo target within which an ally gets nothing more from me (§Y
/// 23.20: I would leave it soon).
const NEAR_TARGET: u32 = 2;

/// Drops the offers from `wishes` once the seat has made [`OFFERS_PER_TURN`] this turn.
pub fn within_cap(seat: &Seat<'_>, wishes: &mut Vec<Command>) {
    if seat.ledger.offers_this_turn(&seat.view.clock) >= OFFERS_PER_TURN {
        wishes.retain(|c| crate::bots::ledger::OfferKind::of(c).is_none());
    }
}

/// Whether `faction` could put `card` to use now: a Noble card it brings into play, or a
/// card one of its Nobles not held captive may be awarded (2.08–2.12).
pub fn usable_by(seat: &Seat<'_>, faction: FactionIdx, card: &CrownCardId) -> bool {
    let Some(c) = seat.content.cards.card(card.as_str()) else {
        return false;
    };
    c.card_type.is_noble()
        || seat.view.nobles.values().any(|n| {
            n.faction == faction
                && !matches!(n.place, Place::Captive { .. })
                && crate::rules::noble_takes(seat.content, n, card)
        })
}

/// A card's worth to `faction`: in full when it can use the card, a quarter while it can only
/// keep it in hand (to pay a ransom with, or discard).
pub fn worth_to(seat: &Seat<'_>, faction: FactionIdx, card: &CrownCardId) -> u32 {
    let worth = card_worth(seat.content, card);
    if usable_by(seat, faction, card) {
        worth
    } else {
        worth / 4
    }
}

/// The other faction leads me and would gain by my help.
fn leads_me(seat: &Seat<'_>, f: FactionIdx) -> bool {
    seat.leader()
        .is_some_and(|(l, p)| l == f && p > seat.prestige())
}

/// A faction I deal with: trusted and not the leader ahead of me (§Y 21.01).
pub(super) fn partner(seat: &Seat<'_>, f: FactionIdx) -> bool {
    f != seat.me && seat.ledger.trusted(f) && !leads_me(seat, f)
}

/// My allies that are not near their solo target.
fn allies(seat: &Seat<'_>) -> Vec<FactionIdx> {
    let target = seat.target();
    let mut out: Vec<FactionIdx> = seat
        .view
        .alliances
        .iter()
        .filter(|a| a.contains(&seat.me))
        .flatten()
        .copied()
        .filter(|&f| f != seat.me && seat.prestige_of(f) + NEAR_TARGET < target)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Hand cards I cannot use now, least worth first.
fn idle_cards(seat: &Seat<'_>) -> Vec<CrownCardId> {
    let mut out: Vec<CrownCardId> = seat
        .hand()
        .iter()
        .filter(|c| !usable_by(seat, seat.me, c))
        .cloned()
        .collect();
    out.sort_by_key(|c| (card_worth(seat.content, c), *c));
    out
}

fn fresh(seat: &Seat<'_>, command: Command, out: &mut Vec<Command>) {
    if !seat.tried(&memo_key(&command)) {
        out.push(command);
    }
}

/// Politicking wishes: trades, reveals, gifts to allies, swaps with allies, ships to allies.
pub fn propose(seat: &Seat<'_>) -> Vec<Command> {
    let mut out = Vec::new();
    let idle = idle_cards(seat);
    let players = seat.view.factions.len() as FactionIdx;
    let partners: Vec<FactionIdx> = (0..players).filter(|&f| partner(seat, f)).collect();
    for &to in &partners {
        if let Some(c) = trade(seat, to, &idle) {
            fresh(seat, c, &mut out);
        }
    }
    let allies = allies(seat);
    for &to in &allies {
        if let Some(c) = gift(seat, to, &idle) {
            fresh(seat, c, &mut out);
        }
    }
    for c in exchanges(seat, &allies) {
        fresh(seat, c, &mut out);
    }
    for c in ships_to_allies(seat, &allies) {
        fresh(seat, c, &mut out);
    }
    // 19.02: show idle cards to those I deal with, so they may ask for them.
    if !idle.is_empty() {
        for &to in &partners {
            fresh(
                seat,
                Command::RevealCards {
                    to,
                    cards: idle.clone(),
                },
                &mut out,
            );
        }
    }
    out
}

/// 21.01: my best one-for-one trade with `to` — one of my idle cards for a card it showed me
/// that I can use — when each side values what it gets above what it gives.
fn trade(seat: &Seat<'_>, to: FactionIdx, idle: &[CrownCardId]) -> Option<Command> {
    let shown = &seat.view.factions.get(usize::from(to))?.revealed;
    let mut best: Option<(u32, Command)> = None;
    for take in shown.iter().filter(|c| usable_by(seat, seat.me, c)) {
        let mine_in = worth_to(seat, seat.me, take);
        let theirs_out = worth_to(seat, to, take);
        for give in idle {
            let mine_out = worth_to(seat, seat.me, give);
            let theirs_in = worth_to(seat, to, give);
            if mine_in <= mine_out || theirs_in <= theirs_out {
                continue;
            }
            let gain = mine_in - mine_out;
            if best.as_ref().is_none_or(|(g, _)| gain > *g) {
                best = Some((
                    gain,
                    Command::OfferTrade {
                        to,
                        give: vec![*give],
                        take: vec![*take],
                    },
                ));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// 21.01: an idle card of mine my ally can use, the most worth to it first; never my last
/// card (the End of Turn discard needs one, 14.09).
fn gift(seat: &Seat<'_>, to: FactionIdx, idle: &[CrownCardId]) -> Option<Command> {
    if seat.hand().len() < 2 {
        return None;
    }
    let card = idle
        .iter()
        .filter(|c| usable_by(seat, to, c))
        .max_by_key(|c| (card_worth(seat.content, c), std::cmp::Reverse(*(*c))))?;
    Some(Command::OfferGift {
        to,
        cards: vec![*card],
    })
}

/// Whether a card may change Nobles by a voluntary transfer (20.02, 20.04).
fn movable(seat: &Seat<'_>, card: &CrownCardId) -> bool {
    seat.content
        .cards
        .card(card.as_str())
        .is_some_and(|c| crate::rules::transferable(c.card_type))
}

/// 20.05: swaps of awarded cards between a Noble of mine and an ally's Noble in the same open
/// field or place, when what I take is worth more than what I give (what one ally gives, the
/// other gets). One per pair of Nobles, the best.
fn exchanges(seat: &Seat<'_>, allies: &[FactionIdx]) -> Vec<Command> {
    let mut out = Vec::new();
    if allies.is_empty() {
        return out;
    }
    let standing = |p: &Place| matches!(p, Place::Field { .. } | Place::Inside { .. });
    for (from, mine) in seat.view.nobles.iter() {
        if mine.faction != seat.me || !standing(&mine.place) {
            continue;
        }
        for (to, theirs) in seat.view.nobles.iter() {
            if !allies.contains(&theirs.faction) || theirs.place != mine.place {
                continue;
            }
            let mut best: Option<(u32, Command)> = None;
            for give in mine.awards.iter().filter(|c| movable(seat, c)) {
                for take in theirs.awards.iter().filter(|c| movable(seat, c)) {
                    let (w_in, w_out) = (
                        card_worth(seat.content, take),
                        card_worth(seat.content, give),
                    );
                    if w_in > w_out && best.as_ref().is_none_or(|(g, _)| w_in - w_out > *g) {
                        best = Some((w_in - w_out, exchange(give, from, take, to)));
                    }
                }
            }
            out.extend(best.map(|(_, c)| c));
        }
    }
    out
}

fn exchange(give: &CrownCardId, from: &NobleId, take: &CrownCardId, to: &NobleId) -> Command {
    Command::ExchangeCards {
        give: *give,
        from: *from,
        take: *take,
        to: *to,
    }
}

/// 20.08: an empty ship of mine in port, with no Noble of mine within a few steps of it, to
/// an ally with a Noble in that port's Area and no ship of its own there.
fn ships_to_allies(seat: &Seat<'_>, allies: &[FactionIdx]) -> Vec<Command> {
    let mut out = Vec::new();
    if allies.is_empty() {
        return out;
    }
    let mine: Vec<_> = seat
        .my_nobles()
        .into_iter()
        .filter_map(|n| seat.area(n))
        .collect();
    for (ship, s) in &seat.view.ships {
        let ShipPlace::Port { location } = &s.place else {
            continue;
        };
        let Some(area) = seat.content.map.area_of(location) else {
            continue;
        };
        let aboard = seat
            .view
            .nobles
            .values()
            .any(|n| matches!(&n.place, Place::Aboard { ship: x } if x == ship));
        if s.lent_to.is_some() || aboard || sea::ship_owner(seat, ship) != Some(seat.me) {
            continue;
        }
        if mine
            .iter()
            .any(|a| seat.dist.between(a, area) <= SPARE_SHIP_STEPS)
        {
            continue;
        }
        let ships_of = |f: FactionIdx| {
            seat.view.ships.iter().any(|(id, x)| {
                id != ship
                    && sea::ship_owner(seat, id) == Some(f)
                    && matches!(&x.place, ShipPlace::Port { location: l } if seat.content.map.area_of(l) == Some(area))
            })
        };
        let to = allies.iter().copied().find(|&f| {
            !ships_of(f)
                && seat
                    .view
                    .nobles
                    .iter()
                    .any(|(id, n)| n.faction == f && seat.area(id).as_ref() == Some(area))
        });
        if let Some(to) = to {
            out.push(Command::HandOverShip {
                ship: ship.clone(),
                to,
            });
        }
    }
    out
}

/// 9.54, Movement wishes: ask to borrow a ship another faction moves, lying ready in port in
/// my main Noble's Area, when my own movement plan would board it there if lent (and I have
/// no ready ship of my own there). Asked of allies only: others do not lend (§Y 9.54).
pub fn borrow_ship(seat: &Seat<'_>) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(main) = seat.main_noble() else {
        return out;
    };
    let Some(area) = seat.area(&main) else {
        return out;
    };
    let round = seat.round();
    let unmoved = seat.view.nobles.get(&main).is_some_and(|n| {
        n.moved_round != Some(round)
            && matches!(n.place, Place::Field { .. } | Place::Inside { .. })
    });
    if !unmoved {
        return out;
    }
    let in_area =
        |location: &crate::content::LocationId| seat.content.map.area_of(location) == Some(&area);
    let mut candidates = Vec::new();
    let mut own_here = false;
    for (ship, s) in &seat.view.ships {
        let ShipPlace::Port { location } = &s.place else {
            continue;
        };
        if !in_area(location) || s.moved_round == Some(round) {
            continue;
        }
        if s.lent_to == Some(seat.me)
            || (s.lent_to.is_none() && sea::ship_owner(seat, ship) == Some(seat.me))
        {
            own_here = true;
            continue;
        }
        let Some(owner) = sea::ship_owner(seat, ship) else {
            continue;
        };
        if s.lent_to.is_none() && owner != seat.me && seat.friendly(owner) {
            candidates.push(ship.clone());
        }
    }
    if own_here {
        return out;
    }
    for ship in candidates {
        let key = memo_key(&Command::RequestShipLoan { ship: ship.clone() });
        if seat.tried(&key) {
            continue;
        }
        // Would my own plan board it, were it lent to me?
        let mut lent = seat.view.clone();
        if let Some(s) = lent.ships.get_mut(&ship) {
            s.lent_to = Some(seat.me);
        }
        let again = Seat::new(
            seat.content,
            &lent,
            seat.me,
            seat.dist,
            seat.odds,
            seat.ledger,
            seat.done,
        )
        .with_judgement(seat.judgement);
        let boards = movement::plan(&again)
            .first()
            .is_some_and(|c| matches!(c, Command::Board { ship: s, .. } if *s == ship));
        if boards {
            out.push(Command::RequestShipLoan { ship });
            break;
        }
    }
    out
}
