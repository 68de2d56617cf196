//! The Combat Phase (§10): battles in the open field and sieges of fortified places,
//! committing attackers, the card window (defender first), the resolution card, odds, the
//! KILLED list (one per faction), captures, Major cards, conquest and Besieged markers; the
//! sides' strengths, the Table of Odds, and a battle's odds as a player weighs them.

mod allied_force;
mod attack;
mod battle_odds;
mod occupy;
mod resolution;
mod sally;
mod sides;
mod siege;
mod table_of_odds;

pub use allied_force::{
    check_propose as check_propose_force, commander_died, directs, form as form_force,
    may_free_move, propose as propose_force, round_over as forces_round_over,
};
pub use attack::{
    call_off, check_commit, check_end_combat, check_launch, check_start, commit, launch, start,
};
pub use battle_odds::{
    AttackStage, BattleOdds, Larger, NobleInBattle, SideOdds, attack_odds, considered_odds,
};
pub use occupy::{check_done as check_occupy_done, check_enter, done as occupy_done, enter};
pub use resolution::{finish, resolve};
pub use sides::{Pieces, defenders, defends, friendly_in, garrison, garrison_of};
pub use siege::town_card_drawn;
pub use table_of_odds::{odds_met, odds_met_in, odds_step};
