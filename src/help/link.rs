//! [`RuleLink`]: a pointer into the rules reference — a section id and, where one fits, the
//! rulebook number of the paragraph — as refusals, step prompts and log lines carry it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where in the reference a rule is explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RuleLink {
    /// The section's stable id (`movement`).
    pub section: String,
    /// The rulebook number inside it (`9.29`), an anchor of that section.
    pub anchor: Option<String>,
}

impl RuleLink {
    /// A link to `section`, at `anchor` when it is not empty.
    pub fn new(section: &str, anchor: &str) -> RuleLink {
        RuleLink {
            section: section.to_owned(),
            anchor: (!anchor.is_empty()).then(|| anchor.to_owned()),
        }
    }

    /// How a player reads it: `§9.29`, or the section alone.
    pub fn label(&self) -> String {
        match &self.anchor {
            Some(a) => format!("§{a}"),
            None => self.section.clone(),
        }
    }
}
