//! The Combat Phase (§10): battles in the open field and sieges of fortified places,
//! committing attackers, the card window (defender first), the resolution card, odds, the
//! KILLED list (one per faction), captures, Major cards, conquest and Besieged markers.

mod allied_force;
mod attack;
mod occupy;
mod resolution;
mod sally;
mod siege;

pub use allied_force::{
    check_propose as check_propose_force, commander_died, directs, form as form_force,
    may_free_move, propose as propose_force, round_over as forces_round_over,
};
pub use attack::{
    call_off, can_start, check_commit, check_launch, check_start, commit, defenders, garrison,
    launch, start,
};
pub use occupy::{check_done as check_occupy_done, check_enter, done as occupy_done, enter};
pub use resolution::{finish, resolve};
pub use siege::town_card_drawn;
