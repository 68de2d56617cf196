//! [`RulesReference`]: everything the UI's help needs in one answer — the sections as HTML and
//! plain text for search, the help for steps, controls and log lines, the rule behind every
//! refusal, and the card and place entries.

use serde::Serialize;
use ts_rs::TS;

use crate::content::Content;

use super::entries::{Entry, entries};
use super::error_rules::{ErrorRule, error_rules};
use super::reference::{Anchor, Reference, plain_text, to_html};
use super::steps::{StepHelp, controls, log_lines, steps};

/// One section as the UI shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SectionView {
    /// Stable id (`movement`).
    pub id: String,
    /// Rulebook section number.
    pub number: String,
    /// Title.
    pub title: String,
    /// One sentence on what it covers.
    pub summary: String,
    /// Extra words to find it by.
    pub keywords: Vec<String>,
    /// The body as HTML; links to other sections read `#help/ID` or `#help/ID/ANCHOR`.
    pub html: String,
    /// The body's words, for search.
    pub text: String,
    /// Its numbered sub-headings.
    pub anchors: Vec<Anchor>,
}

/// The whole rules help.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct RulesReference {
    /// The sections in rulebook order.
    pub sections: Vec<SectionView>,
    /// "What can I do now?" per step or decision.
    pub steps: Vec<StepHelp>,
    /// What each control and panel is.
    pub controls: Vec<StepHelp>,
    /// The rule behind each kind of log line.
    pub log_lines: Vec<StepHelp>,
    /// The rule behind each kind of refusal.
    pub errors: Vec<ErrorRule>,
    /// Cards, Royals and places.
    pub entries: Vec<Entry>,
}

/// The in-app address of a section or anchor.
pub fn app_href(section: &str, anchor: Option<&str>) -> String {
    match anchor {
        Some(a) => format!("#help/{section}/{a}"),
        None => format!("#help/{section}"),
    }
}

/// Builds the help from the reference and the content.
pub fn rules_reference(reference: &Reference, content: &Content) -> RulesReference {
    RulesReference {
        sections: reference
            .sections
            .iter()
            .map(|s| SectionView {
                id: s.id.clone(),
                number: s.number.clone(),
                title: s.title.clone(),
                summary: s.summary.clone(),
                keywords: s.keywords.clone(),
                html: to_html(&s.markdown, &app_href),
                text: plain_text(&s.markdown),
                anchors: s.anchors.clone(),
            })
            .collect(),
        steps: steps(),
        controls: controls(),
        log_lines: log_lines(),
        errors: error_rules(),
        entries: entries(content),
    }
}
