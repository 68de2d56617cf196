//! The app's commands: `call`, every service call of the table
//! ([`warwick::service::calls`]) by its name with its JSON request, run where the table says
//! (with play on a worker thread, never the window's main thread; checks in the checking
//! lane); and the two the app alone has, opening the games folder and a fresh web process
//! (`webview.rs`). No call is listed here, so none can be left out of the app.

use std::sync::Arc;

use tauri::ipc::Response;
use tauri::{AppHandle, State};
use warwick::service::calls::{Lane, call_spec, dispatch};
use warwick::service::{Check, Service, ServiceError};

use crate::smoke::Smoke;

/// One service call of the table: `name` with its JSON `request`; the answer is the call's
/// own JSON.
#[tauri::command]
pub async fn call(
    app: AppHandle,
    service: State<'_, Arc<Service>>,
    smoke: State<'_, Smoke>,
    name: String,
    request: serde_json::Value,
) -> Result<Response, ServiceError> {
    let spec = call_spec(&name)
        .ok_or_else(|| ServiceError::UnknownRequest(format!("the app has no call `{name}`")))?;
    let body = serde_json::to_vec(&request)
        .map_err(|e| ServiceError::BadRequest(format!("the request is not JSON: {e}")))?;
    let service = Arc::clone(service.inner());
    let json = match spec.lane {
        Lane::Play => {
            let name = spec.name;
            tauri::async_runtime::spawn_blocking(move || {
                dispatch(&service, name, &body, &Check::default())
            })
            .await
            .map_err(|e| ServiceError::Unavailable(format!("the call failed: {e}")))??
        }
        Lane::Check => {
            let name = spec.name;
            service
                .in_check_lane(move |s, check| dispatch(s, name, &body, check))?
                .answer()
                .await?
        }
    };
    if spec.name == "app_info" {
        smoke.saw_app_info(&app);
    }
    let text = String::from_utf8(json)
        .map_err(|e| ServiceError::Unavailable(format!("the answer is not text: {e}")))?;
    Ok(Response::new(text))
}

/// Opens the games folder in the system's file manager.
#[tauri::command]
pub async fn open_games_folder(service: State<'_, Arc<Service>>) -> Result<(), ServiceError> {
    let service = Arc::clone(service.inner());
    tauri::async_runtime::spawn_blocking(move || {
        let folder = service.games_folder()?.ok_or_else(|| {
            ServiceError::Folder("games are kept in memory in this run: there is no folder".into())
        })?;
        tauri_plugin_opener::open_path(&folder, None::<&str>)
            .map_err(|e| ServiceError::Folder(format!("{}: {e}", folder.display())))
    })
    .await
    .map_err(|e| ServiceError::Unavailable(format!("the call failed: {e}")))?
}
