//! [`Ledger`]: the promises a bot has made or been made (alliances, passage granted, ransoms
//! paid or taken), the offers it has put to others (so it can keep to a few a turn), and a
//! trust score per faction that rises when promises are kept and falls when they are broken
//! (checklist §Y: agreements are unenforceable, L765). Owns only this book-keeping from what
//! the seat sees; must not choose commands.

use std::collections::{BTreeMap, BTreeSet};

use crate::content::NobleId;
use crate::rules::state::Place;
use crate::rules::{Clock, Command, FactionIdx, View};

/// What was promised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PromiseKind {
    /// An Alliance: no attacks on each other while it stands.
    Alliance,
    /// Passage granted through our place: the mover should not then attack us.
    Passage,
    /// A ransom or gift accepted: goodwill.
    Goodwill,
}

/// One promise between this seat and another faction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promise {
    /// The other faction.
    pub with: FactionIdx,
    /// What.
    pub kind: PromiseKind,
    /// Round made.
    pub round: u32,
    /// `Some(true)` kept, `Some(false)` broken, `None` still open.
    pub kept: Option<bool>,
}

/// What a seat offered another of its own accord.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OfferKind {
    /// An Alliance (23.02, 23.04).
    Alliance,
    /// Cards for one of my captive Nobles (11.07, 11.09).
    Ransom,
    /// Hand cards given (21.01).
    Gift,
    /// Hand cards traded both ways (21.01).
    Trade,
    /// Awarded cards given or swapped between Nobles standing together (20.05).
    Exchange,
    /// Passage asked through a fortified place (9.24).
    Passage,
    /// A ship asked for one voyage (9.54).
    ShipLoan,
    /// A place or ship handed over without its card (20.08).
    HandOver,
    /// An allied Force (23.10).
    Force,
}

impl OfferKind {
    /// The kind of offer a command puts to another faction, with that faction when the
    /// command names it; `None` for commands that ask no one anything (a reveal included:
    /// it shows cards but waits for no answer).
    pub fn of(command: &Command) -> Option<(OfferKind, Option<FactionIdx>)> {
        let kind = match command {
            Command::ProposeAlliance { to } | Command::ProposeAllianceExecuting { to, .. } => {
                return Some((OfferKind::Alliance, Some(*to)));
            }
            Command::OfferGift { to, .. } => return Some((OfferKind::Gift, Some(*to))),
            Command::OfferTrade { to, .. } => return Some((OfferKind::Trade, Some(*to))),
            Command::HandOverPlace { to, .. } | Command::HandOverShip { to, .. } => {
                return Some((OfferKind::HandOver, Some(*to)));
            }
            Command::OfferRansom { .. } | Command::OfferRansomKeeping { .. } => OfferKind::Ransom,
            Command::TransferCard { .. } | Command::ExchangeCards { .. } => OfferKind::Exchange,
            Command::RequestPassage { .. } => OfferKind::Passage,
            Command::RequestShipLoan { .. } => OfferKind::ShipLoan,
            Command::ProposeForce { .. } => OfferKind::Force,
            _ => return None,
        };
        Some((kind, None))
    }
}

/// One offer this seat made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// What.
    pub kind: OfferKind,
    /// To whom, when the command names the faction.
    pub to: Option<FactionIdx>,
    /// Round made.
    pub round: u32,
    /// Turn of that round.
    pub turn: u8,
}

/// Rounds after which an unbroken promise counts as kept.
const KEEP_AFTER: u32 = 2;

/// The promise book and trust scores of one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    promises: Vec<Promise>,
    proposals: Vec<Proposal>,
    trust: BTreeMap<FactionIdx, i32>,
    allies: Vec<FactionIdx>,
    captives_seen: BTreeSet<NobleId>,
    left_alliance_round: Option<u32>,
}

impl Ledger {
    /// Records a promise made now.
    pub fn promise(&mut self, with: FactionIdx, kind: PromiseKind, round: u32) {
        self.promises.push(Promise {
            with,
            kind,
            round,
            kept: None,
        });
    }

    /// Records an offer made now at `clock`, if the command is one ([`OfferKind::of`]).
    pub fn proposed(&mut self, command: &Command, clock: &Clock) {
        if let Some((kind, to)) = OfferKind::of(command) {
            self.proposals.push(Proposal {
                kind,
                to,
                round: clock.round,
                turn: clock.turn,
            });
        }
    }

    /// Every offer made, oldest first.
    pub fn proposals(&self) -> &[Proposal] {
        &self.proposals
    }

    /// How many offers this seat made in the turn of `clock`.
    pub fn offers_this_turn(&self, clock: &Clock) -> usize {
        self.proposals
            .iter()
            .rev()
            .take_while(|p| (p.round, p.turn) == (clock.round, clock.turn))
            .count()
    }

    /// Notes that this seat itself left its Alliance (so the split is not the ally's fault).
    pub fn left_alliance(&mut self, round: u32) {
        self.left_alliance_round = Some(round);
    }

    /// Adjusts trust directly (a gift received, an offer refused).
    pub fn adjust(&mut self, with: FactionIdx, by: i32) {
        *self.trust.entry(with).or_default() += by;
    }

    /// The trust score of a faction (0 neutral, negative distrusted).
    pub fn trust(&self, with: FactionIdx) -> i32 {
        self.trust.get(&with).copied().unwrap_or(0)
    }

    /// Whether this seat trusts the faction enough to deal.
    pub fn trusted(&self, with: FactionIdx) -> bool {
        self.trust(with) >= 0
    }

    /// Every promise, oldest first.
    pub fn promises(&self) -> &[Promise] {
        &self.promises
    }

    fn settle(&mut self, with: FactionIdx, kept: bool) {
        let mut delta = 0;
        for p in self
            .promises
            .iter_mut()
            .filter(|p| p.with == with && p.kept.is_none())
        {
            p.kept = Some(kept);
            delta += if kept { 1 } else { -3 };
        }
        self.adjust(with, delta);
    }

    /// Updates the book from what the seat sees now: captures of our Nobles break promises
    /// with the captor; an ally gone without our leaving breaks the Alliance; promises that
    /// stood long enough are kept.
    pub fn observe(&mut self, me: FactionIdx, view: &View) {
        let captives: Vec<(NobleId, FactionIdx)> = view
            .nobles
            .iter()
            .filter_map(|(id, n)| match n.place {
                Place::Captive { captor, .. } if n.faction == me => Some((*id, captor)),
                _ => None,
            })
            .collect();
        let allies: Vec<FactionIdx> = view
            .alliances
            .iter()
            .find(|a| a.contains(&me))
            .map(|a| a.iter().copied().filter(|f| *f != me).collect())
            .unwrap_or_default();
        self.observe_facts(view.clock.round, &captives, allies);
    }

    /// [`Ledger::observe`] from the facts themselves: the round, our captive Nobles (by
    /// Noble) with their captors, and our allies now.
    pub fn observe_facts(
        &mut self,
        round: u32,
        captives: &[(NobleId, FactionIdx)],
        now: Vec<FactionIdx>,
    ) {
        // Captures of our Nobles.
        let mut captors: Vec<FactionIdx> = Vec::new();
        for (id, captor) in captives {
            if self.captives_seen.insert(*id) {
                captors.push(*captor);
            }
        }
        for c in captors {
            self.adjust(c, -1);
            self.settle(c, false);
        }
        // Alliance changes.
        let gone: Vec<FactionIdx> = self
            .allies
            .iter()
            .copied()
            .filter(|f| !now.contains(f))
            .collect();
        let we_left = self.left_alliance_round == Some(round);
        for f in gone {
            if !we_left {
                self.settle(f, false);
            }
        }
        self.allies = now;
        // Promises that stood.
        let due: Vec<FactionIdx> = self
            .promises
            .iter()
            .filter(|p| p.kept.is_none() && round >= p.round + KEEP_AFTER)
            .filter(|p| p.kind != PromiseKind::Alliance || !self.allies.contains(&p.with))
            .map(|p| p.with)
            .collect();
        for f in due {
            for p in self
                .promises
                .iter_mut()
                .filter(|p| p.with == f && p.kept.is_none() && round >= p.round + KEEP_AFTER)
            {
                p.kept = Some(true);
            }
            self.adjust(f, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Phase;

    fn clock(round: u32, turn: u8) -> Clock {
        Clock {
            round,
            turn,
            active: turn,
            phase: Phase::EndOfTurn,
            step: 4,
        }
    }

    #[test]
    fn offers_are_booked_by_turn_and_other_commands_are_not() {
        let mut ledger = Ledger::default();
        let now = clock(3, 1);
        ledger.proposed(&Command::ProposeAlliance { to: 2 }, &now);
        ledger.proposed(&Command::Pass, &now);
        ledger.proposed(
            &Command::RevealCards {
                to: 2,
                cards: Vec::new(),
            },
            &now,
        );
        ledger.proposed(
            &Command::RequestShipLoan {
                ship: "le_swan".into(),
            },
            &now,
        );
        assert_eq!(ledger.offers_this_turn(&now), 2);
        assert_eq!(ledger.offers_this_turn(&clock(3, 2)), 0);
        assert_eq!(
            ledger.proposals()[0],
            Proposal {
                kind: OfferKind::Alliance,
                to: Some(2),
                round: 3,
                turn: 1
            }
        );
        assert_eq!(ledger.proposals()[1].kind, OfferKind::ShipLoan);
        // Offers do not touch trust.
        assert_eq!(ledger.trust(2), 0);
    }
}
