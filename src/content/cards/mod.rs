//! Crown cards, Royal pieces and cards, City cards, Major Battle/Siege cards, pre-set Faction
//! cards and the game's tables. (Stub: replaced by the cards work.)

use serde::Serialize;

use super::{
    DataFiles, Report,
    refs::{Reference, Target},
};

/// Data files of the cards and tables, embedded at compile time.
pub const FILES: &[(&str, &str)] = &[];

/// The validated cards and tables.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Cards {}

impl Cards {
    /// Parses and validates the card and table files, pushing every problem into `report`.
    pub fn load(_files: &DataFiles, _report: &mut Report) -> Cards {
        Cards::default()
    }

    /// Whether these cards define this target (Crown cards, Nobles, Royals).
    pub fn defines(&self, _target: &Target) -> bool {
        false
    }

    /// Every id these cards name that another part must define (places, zones, Regions).
    pub fn references(&self) -> Vec<Reference> {
        Vec::new()
    }

    /// One line: how many cards of each kind.
    pub fn summary(&self) -> String {
        "no cards".to_owned()
    }
}
