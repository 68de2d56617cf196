//! The application API: what the Tauri app, the CLI and `warwick serve` call.
//!
//! Owns orchestration (content, rules, store and bots together) behind plain Rust types that
//! serialize to JSON and export TypeScript bindings for the UI: creating and playing games over
//! the event log, undo, time travel, branches, the timeline, export, import and verification.
//! Must not depend on Tauri or on HTTP: the app and the web adapter are thin layers over it.

mod advice;
mod analysis;
mod app_info;
mod battle_preview;
pub mod bench;
mod board;
mod bot_seat;
pub mod calls;
pub mod challenge;
mod check_lane;
mod code_writing;
mod core;
mod dailies;
mod data_files;
mod error;
mod exchange;
mod history;
mod history_file;
mod new_game;
mod phone;
mod play;
mod qr;
mod records;
mod replay_code;
mod resign;
mod rules_help;
mod seat_view;
mod settings;
mod shelf;
mod stats;
mod stepwise;
mod story;
mod summary;
mod timeline;
mod travel;
mod undo;
mod verification;
mod versions;
mod why_not;
mod work;

pub use advice::Advice;
pub use analysis::{AnalysisRequest, PLAYOUTS_PER_ROUND, RoundChances};
pub use app_info::AppInfo;
pub use battle_preview::{BattlePreview, ConsideredAttack, PreviewRequest};
pub use board::{
    Board, BoardPaste, BoardPasted, BoardRefused, BoardRequest, BoardRow, FoundLine,
    MAX_BOARD_LINES, RefusedKind, find_lines,
};
pub use check_lane::{CHECKS_WAITING, Pending};
pub use core::{CACHED_GAMES, Service};
pub use dailies::{DailyRequest, DailyStatus, Streak, today};
pub use data_files::{check_file, write_atomically};
pub use error::{MAX_LOG_BYTES, ServiceError, ServiceResult};
pub use exchange::{Imported, LogText, MAX_LINE_BYTES};
pub use history::{Batch, History, SNAPSHOT_EVERY};
pub use history_file::{HistoryImported, HistoryText, ImportHistory, MAX_HISTORY_BYTES};
pub use new_game::{
    DailyTag, GameOptions, MAX_TIME_LIMIT_ROUNDS, Mode, NewGame, SeatPlayer, SetupChoice,
};
pub use phone::{
    DEVICES_FILE, Device, DeviceRequest, LanInfo, PAIRING_LIFETIME, Pairing, PhoneStatus, qr_svg,
    qr_terminal,
};
pub use play::{BOT_COMMANDS_PER_CALL, BOT_TIME_PER_CALL, CommandTiming, MAX_BOT_COMMANDS};
pub use qr::{MAX_QR_CHARS, QrPicture, QrText};
pub use records::{
    COMMAND_KIND, CommandRecord, GAME_KIND, GameRow, RESIGNED_KIND, ResignedRecord, Row,
    UNDONE_KIND, UndoneRecord,
};
pub use replay_code::{CodeText, SharedCode, VerifiedCode};
pub use resign::ResignRequest;
pub use seat_view::{
    GameStatus, GameView, LegalCommand, LegalCommands, MoveWay, RowText, SeatRequest, Submit,
    Submitted,
};
pub use settings::{BotSpeed, ExportedGames, MAX_BOTS, SETTINGS_FILE, Settings, SettingsView};
pub use shelf::ArchiveRequest;
pub use stats::{PlayedGame, Record, Stats};
pub use stepwise::{NobleStrength, StepRequest};
pub use story::{Moment, PrestigeSeries, Story};
pub use summary::GameSummary;
pub use timeline::{
    Timeline, TimelineEntry, TimelinePhase, TimelineRound, TimelineTurn, UndoneSpan,
};
pub use travel::{AtSeq, BranchRequest, StateAt};
pub use undo::{UndoOffer, UndoRequest};
pub use verification::{BotsChecked, GameRequest, Verified};
pub use versions::{content_hash, embedded_content_hash};
pub use why_not::{WhyNot, WhyNotRequest};
pub use work::{CHECK_CAP, Cancel, Check};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_advice;
#[cfg(test)]
mod tests_any_time;
#[cfg(test)]
mod tests_board;
#[cfg(test)]
mod tests_bots_version;
#[cfg(test)]
mod tests_cache;
#[cfg(test)]
mod tests_challenge;
#[cfg(test)]
mod tests_claims;
#[cfg(test)]
mod tests_forgery;
#[cfg(test)]
mod tests_golden;
#[cfg(test)]
mod tests_hidden;
#[cfg(test)]
mod tests_names;
#[cfg(test)]
mod tests_resign;
#[cfg(test)]
mod tests_rules_version;
#[cfg(test)]
mod tests_settings;
#[cfg(test)]
mod tests_shelf;
