//! The Kingmaker II rules engine: pure and deterministic.
//!
//! Owns all rule logic: `decide(state, command) -> Result<Vec<Event>, RuleError>` judges a
//! command and records its outcome as events; `evolve(state, event)` applies an event and holds
//! no rule logic; `legal_commands` and `view` answer what a faction may do and know.
//!
//! Must not do IO, read a clock, spawn threads, use a global RNG, or let `HashMap` iteration
//! order reach a result. Randomness comes from a `rand_xoshiro` generator seeded per game whose
//! state lives in the game state; events record every outcome so replay never needs it.

mod affected;
mod alliances;
mod api;
mod capacity;
mod capture;
mod command;
mod control;
mod ctx;
mod decide;
mod describe;
mod describe_error;
mod describe_seen;
mod determinize;
mod error;
mod event;
mod evolve;
mod faction_names;
mod flow;
mod handler;
mod hash;
pub mod invariants;
mod leading_names;
mod legal;
mod moments;
mod negotiation;
mod occupation;
mod options;
mod phases;
mod prestige;
mod prestige_claim;
mod prompt;
mod rng;
mod roads;
mod route;
mod royalty;
pub mod scenario;
pub mod setup;
mod ships;
mod spoils;
pub mod state;
mod tie_break;
mod troops;
mod version;
mod victory;
mod view;

pub use affected::{Affected, Change, Piece, Whereabouts, affected};
pub use api::{awaiting, initial_state, outcome, start};
pub use capacity::{Room, room};
pub use command::{Command, Destination, MoveKind, ShipDestination};
pub use ctx::noble_takes;
pub use decide::{check_command, decide, decide_and_apply};
pub use describe::{describe_command, describe_event};
pub use describe_error::describe_error;
pub use describe_seen::describe_command_for;
pub use determinize::determinize;
pub use error::{
    AllianceCause, AttackCause, AttendCause, AwardCause, BlockCause, CaptiveCause, ClaimCause,
    CrownCause, EntryCause, ForceCause, FreeMoveCause, JoinCause, MustAct, OccupyCause, PlaceCause,
    ReachCause, ReallocateCause, RoyalCause, RuleError, SetupProblem, ShipCause, StepCause,
    SummonCause, TogetherCause, TransferCause,
};
pub use event::{CardDestination, CardSource, CombatOutcome, DeathCause, Event, EventKind};
pub use evolve::evolve;
pub use faction_names::{colour_word, faction_name};
pub use hash::state_hash;
pub use legal::legal_commands;
pub use negotiation::transferable;
pub use options::Options;
pub use phases::combat::{
    AttackStage, BattleOdds, Larger, NobleInBattle, Pieces, SideOdds, attack_odds, considered_odds,
    defends, friendly_in, garrison_of, odds_met, odds_met_in, odds_step,
};
pub use phases::movement::road_way;
pub use prestige::{group_prestige, prestige};
pub use prestige_claim::{ClaimBlocker, PrestigeStanding, prestige_standing};
pub use prompt::{Prompt, prompt};
pub use setup::{Seat, Setup, SetupKind};
pub use state::{Clock, Outcome, Phase, State, VictoryKind};
pub use troops::{area_of_place, base_strength, strength, troops_on};
pub use version::{
    EVENT_SCHEMA_VERSION, FIRST_RULES_VERSION, RULES_VERSION, rules_version_supported,
};
pub use view::{FactionView, View, Viewer, view};

/// A faction: its seat index, 0-based, clockwise.
pub type FactionIdx = u8;
