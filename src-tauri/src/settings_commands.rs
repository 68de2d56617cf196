//! The app's commands for its settings (kept between runs by the service), exporting every
//! game, and opening the games folder in the system's file manager: thin adapters run off the
//! window's main thread.

use std::sync::Arc;

use tauri::State;
use warwick::service::{ExportedGames, Service, ServiceError, Settings, SettingsView};

use crate::game_commands::off_main;

/// The settings and where things are kept.
#[tauri::command]
pub async fn settings(service: State<'_, Arc<Service>>) -> Result<SettingsView, ServiceError> {
    off_main(&service, |s| s.settings()).await
}

/// Keeps new settings (a new games folder takes the games along).
#[tauri::command]
pub async fn save_settings(
    service: State<'_, Arc<Service>>,
    request: Settings,
) -> Result<SettingsView, ServiceError> {
    off_main(&service, move |s| s.save_settings(&request)).await
}

/// The settings back to their defaults; games are not touched.
#[tauri::command]
pub async fn reset_settings(
    service: State<'_, Arc<Service>>,
) -> Result<SettingsView, ServiceError> {
    off_main(&service, |s| s.reset_settings()).await
}

/// Every finished game as one history file, written into the games folder.
#[tauri::command]
pub async fn export_all_games(
    service: State<'_, Arc<Service>>,
) -> Result<ExportedGames, ServiceError> {
    off_main(&service, |s| s.export_all_games()).await
}

/// Opens the games folder in the system's file manager.
#[tauri::command]
pub async fn open_games_folder(service: State<'_, Arc<Service>>) -> Result<(), ServiceError> {
    off_main(&service, |s| {
        let folder = s.games_folder()?.ok_or_else(|| {
            ServiceError::Folder("games are kept in memory in this run: there is no folder".into())
        })?;
        tauri_plugin_opener::open_path(&folder, None::<&str>)
            .map_err(|e| ServiceError::Folder(format!("{}: {e}", folder.display())))
    })
    .await
}
