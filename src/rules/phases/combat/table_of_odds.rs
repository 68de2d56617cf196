//! The Table of Odds (10.20–10.27, Z16, Z17): which step a larger side reaches against a
//! smaller one, and whether the step a resolution card asks for is met. Equal sides reach no
//! step (Z16); every comparison is in whole numbers (Z17). The resolution, the battle preview
//! and the bots' odds all ask here.

use crate::content::Content;
use crate::content::cards::OddsStep;
use crate::content::events::CombatResult;
use crate::rules::state::State;

/// Every step of the Table of Odds the larger side reaches, weakest first (none when the
/// sides are equal, Z16).
fn steps_reached(content: &Content, larger: u32, smaller: u32) -> Vec<&OddsStep> {
    if larger <= smaller {
        return Vec::new();
    }
    content
        .cards
        .tables
        .odds
        .iter()
        .filter(|s| s.reached(u64::from(larger), u64::from(smaller)))
        .collect()
}

/// The best step of the Table of Odds the larger of two sides reaches, by its name on the
/// Event cards (`3-2`, `majority`); none when the sides are equal (Z16) or below the table.
pub fn odds_step(content: &Content, a: u32, b: u32) -> Option<String> {
    steps_reached(content, a.max(b), a.min(b))
        .last()
        .map(|s| s.step.clone())
}

/// Whether `larger` against `smaller` meets the odds a resolution card asks for (10.20, 10.27):
/// never when the sides are equal (Z16).
pub fn odds_met(content: &Content, result: CombatResult, larger: u32, smaller: u32) -> bool {
    odds_met_in(&content.cards.tables.odds, result, larger, smaller)
}

/// [`odds_met`] on a copy of the table's steps (for a model kept apart from the content).
pub fn odds_met_in(steps: &[OddsStep], result: CombatResult, larger: u32, smaller: u32) -> bool {
    if larger == smaller {
        return false; // Z16
    }
    steps
        .iter()
        .find(|s| s.step == result.key())
        .is_some_and(|s| s.reached(u64::from(larger), u64::from(smaller)))
}

/// Whether the attackers are at very weak odds (Z15): under a quarter of the defence, when the
/// game plays with that ruling. Every attacker is then captured and KILLED is ignored.
pub fn very_weak_odds(state: &State, attack: u32, defence: u32) -> bool {
    attack.saturating_mul(4) < defence && state.setup.options.z15_very_weak_odds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_step_reached_is_named_and_equal_sides_reach_none() {
        let content = Content::embedded().expect("content");
        assert_eq!(odds_step(&content, 150, 100).as_deref(), Some("3-2"));
        assert_eq!(odds_step(&content, 100, 150).as_deref(), Some("3-2"));
        assert_eq!(odds_step(&content, 101, 100).as_deref(), Some("majority"));
        assert_eq!(odds_step(&content, 400, 100).as_deref(), Some("4-1"));
        assert_eq!(odds_step(&content, 100, 100), None);
        assert!(odds_met(
            &content,
            CombatResult::from_key("3-2").expect("step"),
            150,
            100
        ));
        assert!(!odds_met(
            &content,
            CombatResult::from_key("2-1").expect("step"),
            150,
            100
        ));
    }
}
