//! The version of the rules engine and of the event schema. A log made by another rules
//! version is refused on replay unless an upgrade path for its events exists.

/// Bumped whenever the rules change what `decide` or `evolve` produce for the same input.
pub const RULES_VERSION: u32 = 1;

/// Bumped whenever the shape of a persisted [`crate::rules::Event`] changes.
pub const EVENT_SCHEMA_VERSION: u32 = 1;
