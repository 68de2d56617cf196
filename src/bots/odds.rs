//! [`OddsModel`]: how a battle is likely to go, from the public Event deck's black lower
//! halves and the Table of Odds (10.13, 10.20–10.29): the chance the larger side wins at a given
//! strength ratio, the chance of Bad Weather, and how often each Noble is named KILLED.
//! Owns this arithmetic; must not look at the deck's order or any game state.

use std::collections::BTreeMap;

use crate::content::events::CombatResult;
use crate::content::{Content, NobleId};

/// Frequencies of the combat results on the public Event cards.
#[derive(Clone, Debug, Default)]
pub struct OddsModel {
    /// (result, how many cards) among cards with a black lower half.
    results: Vec<(CombatResult, u32)>,
    /// How many lower halves name each Noble KILLED.
    killed: BTreeMap<NobleId, u32>,
    /// Cards with a lower half.
    total: u32,
    /// The Table of Odds steps: (name, larger part, smaller part, strict).
    steps: Vec<(String, u64, u64, bool)>,
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
                    *killed.entry(n.clone()).or_default() += 1;
                }
            }
        }
        let steps = content
            .cards
            .tables
            .odds
            .iter()
            .map(|s| {
                (
                    s.step.clone(),
                    u64::from(s.larger_part),
                    u64::from(s.smaller_part),
                    s.strict,
                )
            })
            .collect();
        OddsModel {
            results: counts.into_iter().collect(),
            killed,
            total,
            steps,
        }
    }

    fn reached(&self, result: CombatResult, larger: u64, smaller: u64) -> bool {
        self.steps
            .iter()
            .find(|(name, ..)| name == result.key())
            .is_some_and(|(_, lp, sp, strict)| {
                let lhs = larger * sp;
                let rhs = smaller * lp;
                if *strict { lhs > rhs } else { lhs >= rhs }
            })
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
                *r != CombatResult::BadWeather
                    && self.reached(*r, u64::from(mine), u64::from(theirs.max(1)))
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
