//! Rules help for players: the rules reference in our own words (`data/reference/*.md`,
//! parsed and checked), the rule behind every refusal, "what can I do now?" for every step,
//! card and place entries, the bundle the UI's help viewer reads, the static page set of
//! `warwick rules --html`, and the copy check that keeps the reference out of the rulebook's
//! words. Reads the rules' types; holds no rule logic.

mod bundle;
mod cause_rules;
pub mod copy_check;
mod data;
mod entries;
mod error_rules;
mod examples;
mod export;
mod link;
mod position;
mod reference;
mod steps;

pub use bundle::{RulesReference, SectionView, app_href, rules_reference};
pub use entries::{Entry, EntryKind, entries};
pub use error_rules::{ErrorRule, error_key, error_rules, every_refusal, rule_for};
pub use examples::{MapExample, MapSpec, parse_spec, resolve};
pub use export::export_html;
pub use link::RuleLink;
pub use position::{ClaimStanding, claim_standing, position_detail};
pub use reference::{Anchor, Reference, ReferenceError, Section, plain_text, to_html};
pub use steps::{StepHelp, controls, help_for, log_lines, step_key, steps};

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// Every section can be reached from the game: some refusal, step prompt, control or log
    /// line links to it.
    #[test]
    fn every_section_is_linked_from_a_prompt_or_a_refusal() {
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let linked: BTreeSet<String> = error_rules()
            .into_iter()
            .map(|e| e.rule)
            .chain(steps().into_iter().map(|s| s.rule))
            .chain(controls().into_iter().map(|s| s.rule))
            .chain(log_lines().into_iter().map(|s| s.rule))
            .map(|r| r.section)
            .collect();
        let orphans: Vec<&str> = reference
            .sections
            .iter()
            .map(|s| s.id.as_str())
            .filter(|id| !linked.contains(*id))
            .collect();
        assert!(
            orphans.is_empty(),
            "no refusal, step, control or log line links to {orphans:?}"
        );
    }
}
