//! Plain look-ups on the state that need no content: whose Nobles are where, alliances,
//! friendliness of factions, Royal control.

use super::{Place, RoyalPlace, State};
use crate::content::{CrownCardId, LocationId, NobleId, RoyalId};
use crate::rules::FactionIdx;

impl State {
    /// Number of factions.
    pub fn players(&self) -> usize {
        self.factions.len()
    }

    /// The faction that must decide now.
    pub fn decider(&self) -> Option<FactionIdx> {
        if self.outcome.is_some() {
            return None;
        }
        match self.pending.last() {
            Some(pending) => pending.decider(),
            None => Some(self.clock.active),
        }
    }

    /// The Alliance holding `faction`, or just itself.
    pub fn team(&self, faction: FactionIdx) -> Vec<FactionIdx> {
        self.alliances
            .iter()
            .find(|a| a.contains(&faction))
            .cloned()
            .unwrap_or_else(|| vec![faction])
    }

    /// Whether two factions are the same or allied (2.15).
    pub fn friendly(&self, a: FactionIdx, b: FactionIdx) -> bool {
        crate::rules::phases::combat::friendly_in(&self.alliances, a, b)
    }

    /// The controlling faction of a place (`None` if neutral or non-player).
    pub fn controller_of(&self, location: &LocationId) -> Option<FactionIdx> {
        self.control.get(location).and_then(|c| c.faction)
    }

    /// Whether a place is friendly to a faction (2.16).
    pub fn place_friendly(&self, location: &LocationId, faction: FactionIdx) -> bool {
        self.controller_of(location)
            .is_some_and(|c| self.friendly(c, faction))
    }

    /// Whether a place is neutral: no faction, not the non-player Faction (2.16).
    pub fn place_neutral(&self, location: &LocationId) -> bool {
        !self.control.contains_key(location)
    }

    /// A faction's Nobles, sorted by id.
    pub fn nobles_of(&self, faction: FactionIdx) -> Vec<&NobleId> {
        self.nobles
            .iter()
            .filter(|(_, n)| n.faction == faction && !matches!(n.place, Place::Captive { .. }))
            .map(|(id, _)| id)
            .collect()
    }

    /// Nobles standing at a place (not captives), sorted.
    pub fn nobles_at(&self, place: &Place) -> Vec<&NobleId> {
        self.nobles
            .iter()
            .filter(|(_, n)| &n.place == place)
            .map(|(id, _)| id)
            .collect()
    }

    /// The faction controlling a Royal, if attached.
    pub fn royal_controller(&self, royal: &RoyalId) -> Option<FactionIdx> {
        match &self.royals.get(royal)?.place {
            RoyalPlace::With { noble } => self.nobles.get(noble).map(|n| n.faction),
            RoyalPlace::Alone { .. } | RoyalPlace::Dead => None,
        }
    }

    /// Royals attached to a Noble, sorted.
    pub fn royals_with(&self, noble: &NobleId) -> Vec<RoyalId> {
        self.royals
            .iter()
            .filter(|(_, r)| matches!(&r.place, RoyalPlace::With { noble: n } if n == noble))
            .map(|(id, _)| *id)
            .collect()
    }

    /// A card of the Noble's that moved in a Movement Phase of another turn this round: the
    /// Noble cannot move while holding it (20.06, Z38).
    pub fn card_moved_elsewhere(&self, noble: &NobleId) -> Option<&CrownCardId> {
        let n = self.nobles.get(noble)?;
        n.awards.iter().find(|card| {
            self.card_moved
                .get(*card)
                .is_some_and(|m| m.round == self.clock.round && m.turn != self.clock.turn)
        })
    }

    /// Whether the Noble holds a card that already took part in an attack this round: it
    /// cannot attack with it (20.06, Z38).
    pub fn holds_card_that_attacked(&self, noble: &NobleId) -> bool {
        self.nobles
            .get(noble)
            .is_some_and(|n| n.awards.iter().any(|c| self.card_attacked.contains(c)))
    }

    /// Whether the Noble is committed to an attack under way (10.11); `launched` asks for one
    /// whose card window has opened (10.15).
    pub fn in_attack_under_way(&self, noble: &NobleId, launched: bool) -> bool {
        self.pending.iter().any(|p| match p {
            super::Pending::Attack(attack) => {
                attack.attackers.contains(noble) && (!launched || attack.window.is_some())
            }
            _ => false,
        })
    }

    /// Whether the Noble is inside a besieged place.
    pub fn is_besieged(&self, noble: &NobleId) -> bool {
        self.nobles.get(noble).is_some_and(|n| match &n.place {
            Place::Inside { location } => self.besieged.contains_key(location),
            _ => false,
        })
    }
}
