//! [`OddsModel`]: how a battle is likely to go, from the public Event deck's black lower
//! halves (10.20–10.29): the chance the larger side wins at a given strength ratio, the chance
//! of Bad Weather, and how often each Noble is named KILLED. Owns this frequency model (a
//! matter of strategy); whether a step of the Table of Odds is met is the rules' own
//! ([`crate::rules::odds_met_in`]). Must not look at the deck's order or any game state.

use std::collections::BTreeMap;

use crate::content::cards::OddsStep;
use crate::content::events::CombatResult;
use crate::content::{Content, NobleId};
use crate::rules::odds_met_in;

/// Frequencies of the combat results on the public Event cards.
#[derive(Clone, Debug, Default)]
pub struct OddsModel {
    /// (result, how many cards) among cards with a black lower half.
    results: Vec<(CombatResult, u32)>,
    /// How many lower halves name each Noble KILLED.
    killed: BTreeMap<NobleId, u32>,
    /// Cards with a lower half.
    total: u32,
    /// The Table of Odds, as the rules read it.
    steps: Vec<OddsStep>,
}

impl OddsModel {
    /// Counts every lower half in the content.
    pub fn new(content: &Content) -> OddsModel {
        let mut counts: BTreeMap<CombatResult, u32> = BTreeMap::new();
        let mut killed: BTreeMap<NobleId, u32> = BTreeMap::new();
        let mut total = 0;
        for card in content.events.cards() {
            if let Some(combat) = &card.combat {
                total += 1;
                *counts.entry(combat.result).or_default() += 1;
                for n in &combat.killed {
                    *killed.entry(*n).or_default() += 1;
                }
            }
        }
        let steps = content.cards.tables.odds.clone();
        OddsModel {
            results: counts.into_iter().collect(),
            killed,
            total,
            steps,
        }
    }

    /// Chance (0..=1) that a battle of `mine` against `theirs` is won by me: I must be the
    /// larger side and the drawn result's odds must be reached.
    pub fn win_chance(&self, mine: u32, theirs: u32) -> f64 {
        if self.total == 0 || mine <= theirs {
            return 0.0;
        }
        let wins: u32 = self
            .results
            .iter()
            .filter(|(r, _)| {
                *r != CombatResult::BadWeather && odds_met_in(&self.steps, *r, mine, theirs)
            })
            .map(|(_, n)| *n)
            .sum();
        f64::from(wins) / f64::from(self.total)
    }

    /// Chance that a battle of `mine` against `theirs` is lost by me (they are larger and win).
    pub fn loss_chance(&self, mine: u32, theirs: u32) -> f64 {
        self.win_chance(theirs, mine)
    }

    /// Chance of Bad Weather (nothing resolved).
    pub fn bad_weather(&self) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let n: u32 = self
            .results
            .iter()
            .filter(|(r, _)| *r == CombatResult::BadWeather)
            .map(|(_, n)| *n)
            .sum();
        f64::from(n) / f64::from(self.total)
    }

    /// Chance that a Noble is named on the drawn KILLED list.
    pub fn killed_chance(&self, noble: &NobleId) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        f64::from(self.killed.get(noble).copied().unwrap_or(0)) / f64::from(self.total)
    }
}
