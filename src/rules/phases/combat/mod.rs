//! The Combat Phase (§10): battles in the open field and sieges of fortified places,
//! committing attackers, the card window (defender first), the resolution card, odds, the
//! KILLED list (one per faction), captures, Major cards, conquest and Besieged markers.

mod attack;
mod resolution;
mod siege;

pub use attack::{
    award_in_combat, call_off, can_start, check_award_in_combat, check_commit, check_launch,
    commit, defenders, garrison, launch, start,
};
pub use resolution::{finish, resolve};
