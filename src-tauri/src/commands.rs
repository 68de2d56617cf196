//! The app's commands, one per service call, each a few lines: take the managed service, call
//! it, return what it returns.

use tauri::{AppHandle, State};
use warwick::content::Content;
use warwick::service::{AppInfo, Service, ServiceError};

use crate::smoke::Smoke;

/// Name, versions and a content summary.
#[tauri::command]
pub fn app_info(app: AppHandle, service: State<'_, Service>, smoke: State<'_, Smoke>) -> AppInfo {
    let info = service.app_info();
    smoke.saw_app_info(&app);
    info
}

/// The whole game content the UI draws from.
#[tauri::command]
pub fn content(service: State<'_, Service>) -> Result<Content, ServiceError> {
    service.content().cloned()
}
