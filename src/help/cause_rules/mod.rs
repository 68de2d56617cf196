//! The rule behind each way a refusal comes about (the `cause` a [`crate::rules::RuleError`]
//! carries): the section and anchor of the rules reference it links to, and why that rule is
//! there, in a new player's words, one file per part of the rules as `src/rules/error/` has
//! them. Every match is exhaustive, so a new cause does not compile until it is explained.

mod cards;
mod combat;
mod movement;
mod politics;
mod rule;
mod step;

pub use cards::{award, captive, place, reallocate, royal, together, transfer};
pub use combat::{attack, force, join, occupy};
pub use movement::{block, entry, free_move, reach, ship};
pub use politics::{alliance, attend, claim, crown, summon};
pub use step::step;
