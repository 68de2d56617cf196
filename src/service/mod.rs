//! The application API: what the Tauri app, the CLI and `warwick serve` call.
//!
//! Owns orchestration (content, rules, store and bots together) behind plain Rust types that
//! serialize to JSON and export TypeScript bindings for the UI: creating and playing games over
//! the event log, undo, time travel, branches, the timeline, export, import and verification.
//! Must not depend on Tauri or on HTTP: the app and the web adapter are thin layers over it.

mod app_info;
pub mod bench;
mod bot_seat;
mod core;
mod error;
mod exchange;
mod history;
mod new_game;
mod play;
mod records;
mod stepwise;
mod timeline;
mod travel;
mod undo;
mod verification;
mod versions;

pub use app_info::AppInfo;
pub use core::Service;
pub use error::{MAX_LOG_BYTES, ServiceError, ServiceResult};
pub use exchange::{Imported, LogText};
pub use history::{Batch, History, SNAPSHOT_EVERY};
pub use new_game::{GameOptions, Mode, NewGame, SeatPlayer, SetupChoice};
pub use play::{
    CommandTiming, GameStatus, GameView, LegalCommand, LegalCommands, MAX_BOT_COMMANDS, RowText,
    SeatRequest, Submit, Submitted,
};
pub use records::{COMMAND_KIND, CommandRecord, Row, UNDONE_KIND, UndoneRecord};
pub use stepwise::{GameSummary, NobleStrength, StepRequest};
pub use timeline::{
    Timeline, TimelineEntry, TimelinePhase, TimelineRound, TimelineTurn, UndoneSpan,
};
pub use travel::{AtSeq, BranchRequest, StateAt};
pub use undo::{UndoOffer, UndoRequest};
pub use verification::{GameRequest, Verified};
pub use versions::{content_hash, embedded_content_hash};

#[cfg(test)]
mod tests;
