//! [`Seen`]: one entry of the game's log as a seat sees it, and [`Facts`]: the few public
//! facts a bot's memory needs, kept up to date entry by entry (the clock, the decision
//! stack, whose Nobles are captive and to whom, the Alliances). A bot whose memory is lost
//! between decisions (a stored game's seat) is rebuilt from the log with these, so its
//! choices are a pure function of the log. Must not read hidden information: offers between
//! other factions are kept only as placeholders, and no card drawn is looked at.

use std::collections::BTreeMap;

use crate::content::NobleId;
use crate::rules::state::{Offer, Pending};
use crate::rules::{Clock, Command, Event, FactionIdx};

/// One entry of the log, in order: a command (before the events it produced) or an event.
#[derive(Clone, Copy, Debug)]
pub enum Seen<'a> {
    /// A command a seat gave.
    Command {
        /// The seat.
        by: FactionIdx,
        /// The command.
        command: &'a Command,
    },
    /// A rules event.
    Event(&'a Event),
}

/// The public facts the log has told a seat so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Facts {
    /// The clock, once set.
    pub clock: Option<Clock>,
    /// The decision stack: offers made to this seat, `None` for any other decision.
    pending: Vec<Option<Offer>>,
    /// Each Noble's faction.
    owners: BTreeMap<NobleId, FactionIdx>,
    /// Captive Nobles and their captors.
    captives: BTreeMap<NobleId, FactionIdx>,
    /// Alliances, each sorted, the list sorted (as the rules keep them).
    alliances: Vec<Vec<FactionIdx>>,
}

impl Facts {
    /// Takes in one event, as seat `me` sees it.
    pub fn apply(&mut self, me: FactionIdx, event: &Event) {
        match event {
            Event::ClockAdvanced { clock } => self.clock = Some(clock.clone()),
            Event::DecisionOpened { pending } => self.pending.push(offer_to(me, pending)),
            Event::DecisionUpdated { pending } => {
                if let Some(top) = self.pending.last_mut() {
                    *top = offer_to(me, pending);
                }
            }
            Event::DecisionClosed => {
                self.pending.pop();
            }
            Event::NobleEntered { faction, noble, .. } => {
                self.owners.insert(*noble, *faction);
            }
            Event::NobleCaptured { noble, captor, .. } => {
                self.captives.insert(*noble, *captor);
            }
            Event::NobleRansomed { noble, .. } => {
                self.captives.remove(noble);
            }
            Event::NobleDied { noble, .. } => {
                self.captives.remove(noble);
                self.owners.remove(noble);
            }
            Event::AllianceFormed { members } => {
                self.alliances
                    .retain(|a| !a.iter().any(|m| members.contains(m)));
                let mut members = members.clone();
                members.sort_unstable();
                self.alliances.push(members);
                self.alliances.sort();
            }
            Event::AllianceLeft { faction } => {
                for a in &mut self.alliances {
                    a.retain(|m| m != faction);
                }
                self.alliances.retain(|a| a.len() >= 2);
            }
            Event::GameEnded { .. } => self.pending.clear(),
            _ => {}
        }
    }

    /// The offer to this seat on top of the decision stack, if that is what is decided.
    pub fn offer(&self) -> Option<&Offer> {
        self.pending.last().and_then(Option::as_ref)
    }

    /// This seat's captive Nobles with their captors, by Noble.
    pub fn captives_of(&self, me: FactionIdx) -> Vec<(NobleId, FactionIdx)> {
        self.captives
            .iter()
            .filter(|(n, _)| self.owners.get(*n) == Some(&me))
            .map(|(n, c)| (*n, *c))
            .collect()
    }

    /// This seat's allies.
    pub fn allies_of(&self, me: FactionIdx) -> Vec<FactionIdx> {
        self.alliances
            .iter()
            .find(|a| a.contains(&me))
            .map(|a| a.iter().copied().filter(|f| *f != me).collect())
            .unwrap_or_default()
    }
}

fn offer_to(me: FactionIdx, pending: &Pending) -> Option<Offer> {
    match pending {
        Pending::Offer(offer) if offer.to == me => Some(offer.clone()),
        _ => None,
    }
}
