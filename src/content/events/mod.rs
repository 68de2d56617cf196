//! The Event deck, E001–E092. (Stub: replaced by the events work.)

use serde::Serialize;

use super::{DataFiles, Report, refs::Reference};

/// Data files of the Event deck, embedded at compile time.
pub const FILES: &[(&str, &str)] = &[];

/// The validated Event deck.
#[derive(Clone, Debug, Default, Serialize)]
pub struct EventDeck {}

impl EventDeck {
    /// Parses and validates the Event card files, pushing every problem into `report`.
    pub fn load(_files: &DataFiles, _report: &mut Report) -> EventDeck {
        EventDeck::default()
    }

    /// Every id these cards name that another part must define (places, Areas, Crown cards,
    /// Nobles).
    pub fn references(&self) -> Vec<Reference> {
        Vec::new()
    }

    /// One line: how many Event cards of each type.
    pub fn summary(&self) -> String {
        "no events".to_owned()
    }
}
