//! The app's commands for the Solo Challenge: the daily challenge, replay codes and the
//! player's history, each a thin adapter run off the window's main thread.

use std::sync::Arc;

use tauri::State;
use warwick::service::{
    Check, CodeText, DailyRequest, DailyStatus, GameRequest, GameStatus, HistoryImported,
    HistoryText, ImportHistory, Service, ServiceError, Stats, Story, VerifiedCode,
};

use crate::game_commands::off_main;

/// Runs one checking call in the service's checking lane (apart from play; busy when its
/// queue is full; given up if the window stops waiting).
async fn in_lane<T: Send + 'static>(
    service: &State<'_, Arc<Service>>,
    call: impl FnOnce(&Service, &Check) -> Result<T, ServiceError> + Send + 'static,
) -> Result<T, ServiceError> {
    service.inner().in_check_lane(call)?.answer().await
}

/// A day's challenge (today's by default) and where the player stands with it.
#[tauri::command]
pub async fn daily(
    service: State<'_, Arc<Service>>,
    request: DailyRequest,
) -> Result<DailyStatus, ServiceError> {
    off_main(&service, move |s| s.daily(&request)).await
}

/// Starts a day's challenge (scored the first time, practice after).
#[tauri::command]
pub async fn start_daily(
    service: State<'_, Arc<Service>>,
    request: DailyRequest,
) -> Result<GameStatus, ServiceError> {
    off_main(&service, move |s| s.start_daily(&request)).await
}

/// The replay code of a finished game.
#[tauri::command]
pub async fn replay_code(
    service: State<'_, Arc<Service>>,
    request: GameRequest,
) -> Result<CodeText, ServiceError> {
    off_main(&service, move |s| s.replay_code(&request)).await
}

/// Replays a code and checks its claim.
#[tauri::command]
pub async fn verify_code(
    service: State<'_, Arc<Service>>,
    request: CodeText,
) -> Result<VerifiedCode, ServiceError> {
    in_lane(&service, move |s, c| s.verify_code_with(&request, c)).await
}

/// Replays a code, checks it, and keeps it as a game to watch.
#[tauri::command]
pub async fn open_code(
    service: State<'_, Arc<Service>>,
    request: CodeText,
) -> Result<VerifiedCode, ServiceError> {
    in_lane(&service, move |s, c| s.open_code_with(&request, c)).await
}

/// A game's story: Prestige by round and the key moments.
#[tauri::command]
pub async fn story(
    service: State<'_, Arc<Service>>,
    request: GameRequest,
) -> Result<Story, ServiceError> {
    off_main(&service, move |s| s.story(&request)).await
}

/// Every finished game as one history file.
#[tauri::command]
pub async fn export_history(service: State<'_, Arc<Service>>) -> Result<HistoryText, ServiceError> {
    off_main(&service, |s| s.export_history()).await
}

/// Imports a history file, a bounded share per call.
#[tauri::command]
pub async fn import_history(
    service: State<'_, Arc<Service>>,
    request: ImportHistory,
) -> Result<HistoryImported, ServiceError> {
    in_lane(&service, move |s, c| s.import_history_with(&request, c)).await
}

/// The player's history and stats.
#[tauri::command]
pub async fn stats(service: State<'_, Arc<Service>>) -> Result<Stats, ServiceError> {
    off_main(&service, |s| s.stats()).await
}
