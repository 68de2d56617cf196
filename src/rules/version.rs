//! The version of the rules engine and of the event schema. A game keeps the rules version it
//! was created under ([`crate::rules::Setup::rules_version`]); every version from
//! [`FIRST_RULES_VERSION`] to [`RULES_VERSION`] still replays and verifies, and a log made by
//! a later one is refused.
//!
//! What each version changed:
//! - 1: the first rules.
//! - 2: the controlled-random set-up's step F cut (5.10, Z44) takes Titles last and never the
//!   Title of a Noble holding an Office at every table size (version 1 did so only with two
//!   players), so no set-up leaves an untitled Noble with an Office (2.09); and a spoils
//!   Archbishop or Bishop no friendly Noble in the Area can take may replace the one a Noble
//!   there holds, at the victor's choice (11.11), where version 1 always discarded it.

/// The rules new games are played under. Bumped whenever the rules change what `decide` or
/// `evolve` produce for the same input; the older behaviour stays, keyed on the game's version.
pub const RULES_VERSION: u32 = 2;

/// The oldest rules version this build still plays, replays and verifies.
pub const FIRST_RULES_VERSION: u32 = 1;

/// Whether games of rules `version` replay and verify here.
pub fn rules_version_supported(version: u32) -> bool {
    (FIRST_RULES_VERSION..=RULES_VERSION).contains(&version)
}

/// Bumped whenever the shape of a persisted [`crate::rules::Event`] changes.
pub const EVENT_SCHEMA_VERSION: u32 = 1;
