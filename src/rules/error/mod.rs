//! Why the rules refuse a command: [`RuleError`] names the refusal, and where one refusal can
//! come about in several ways its `cause` says which, so the engine itself knows the reason a
//! player reads (a Noble on an island needs a ship; a road is blocked by a named place).

mod cards;
mod cause;
mod combat;
mod movement;
mod politics;
mod refusal;
mod step;

pub use cards::{
    AwardCause, CaptiveCause, PlaceCause, ReallocateCause, RoyalCause, TogetherCause, TransferCause,
};
pub use combat::{AttackCause, ForceCause, JoinCause, OccupyCause};
pub use movement::{BlockCause, EntryCause, FreeMoveCause, ReachCause, ShipCause};
pub use politics::{AllianceCause, AttendCause, ClaimCause, CrownCause, SummonCause};
pub use refusal::{MustAct, RuleError, SetupProblem};
pub use step::StepCause;
