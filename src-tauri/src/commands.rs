//! The app's commands, one per service call, each a few lines: take the managed service, call
//! it, return what it returns.

use std::sync::Arc;

use tauri::{AppHandle, State};
use warwick::content::Content;
use warwick::help::{ClaimStanding, RulesReference};
use warwick::service::{AppInfo, SeatRequest, Service, ServiceError};

use crate::game_commands::off_main;
use crate::smoke::Smoke;

/// Name, versions and a content summary.
#[tauri::command]
pub fn app_info(
    app: AppHandle,
    service: State<'_, Arc<Service>>,
    smoke: State<'_, Smoke>,
) -> AppInfo {
    let info = service.app_info();
    smoke.saw_app_info(&app);
    info
}

/// The whole game content the UI draws from (a large copy: made off the main thread).
#[tauri::command]
pub async fn content(service: State<'_, Arc<Service>>) -> Result<Content, ServiceError> {
    off_main(&service, |s| s.content().cloned()).await
}

/// The rules help: reference sections, step help, the rule behind each refusal, entries.
#[tauri::command]
pub async fn rules_reference(
    service: State<'_, Arc<Service>>,
) -> Result<RulesReference, ServiceError> {
    off_main(&service, |s| s.rules_reference().cloned()).await
}

/// Where the person's seat stands towards a Prestige Victory claim.
#[tauri::command]
pub async fn prestige_standing(
    service: State<'_, Arc<Service>>,
    request: SeatRequest,
) -> Result<ClaimStanding, ServiceError> {
    off_main(&service, move |s| s.prestige_standing(&request)).await
}
