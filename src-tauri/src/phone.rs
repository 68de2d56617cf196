//! Play on your phone, the app's part: `serve_on_lan` starts serving the home network from
//! inside the app ([`warwick::web::LanServer`], the router `warwick serve --lan` runs) over the
//! app's own service and the UI the app holds, so a phone paired from Settings plays the same
//! games. Pairing, the device list and revoking are ordinary calls of the table.

use std::sync::Arc;

use tauri::{AppHandle, Manager, Runtime, State};
use warwick::service::{PhoneStatus, Service, ServiceError};
use warwick::web::{LanServer, UiAssets};

/// The UI the app holds in its binary, as the home network server serves it.
struct AppUi<R: Runtime>(AppHandle<R>);

impl<R: Runtime> UiAssets for AppUi<R> {
    fn get(&self, path: &str) -> Option<(Vec<u8>, String)> {
        let asset = self.0.asset_resolver().get(path.to_owned())?;
        // Tauri answers index.html for any path it lacks: a missing file is a missing file.
        let page = asset.mime_type.starts_with("text/html");
        if page && !path.ends_with(".html") && path.contains('.') {
            return None;
        }
        Some((asset.bytes, asset.mime_type))
    }
}

/// Serves the games on the home network (once; asked again, says where it serves) and answers
/// where Play on your phone stands.
#[tauri::command]
pub async fn serve_on_lan(
    app: AppHandle,
    service: State<'_, Arc<Service>>,
    lan: State<'_, LanServer>,
) -> Result<PhoneStatus, ServiceError> {
    let service = Arc::clone(service.inner());
    let ui: Arc<dyn UiAssets> = Arc::new(AppUi(app.clone()));
    lan.start(Arc::clone(&service), ui)
        .await
        .map_err(|e| ServiceError::Unavailable(format!("cannot serve the home network: {e}")))?;
    tauri::async_runtime::spawn_blocking(move || service.phone())
        .await
        .map_err(|e| ServiceError::Unavailable(format!("the call failed: {e}")))?
}

/// Manages the (not yet started) home network server.
pub fn manage<R: Runtime>(app: &tauri::App<R>) {
    app.manage(LanServer::default());
}
