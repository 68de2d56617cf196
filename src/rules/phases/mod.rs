//! The six phases of a turn (§8–§14), one file each.

pub mod combat;
pub mod coronation;
pub mod embassy;
pub mod end_of_turn;
pub mod event_common;
pub mod event_phase;
pub mod landing;
pub mod movement;
pub mod parliament;
pub mod reach;
pub mod sea;
pub mod ship_loan;
pub mod storms;
