//! How the app ends. Closing the window, SIGTERM and Ctrl-C (SIGINT) all end it the same way:
//! Tauri is asked to exit, so it closes its window and with it WebKit's web and network
//! processes, and as its event loop ends the service's database is closed. A signal left to its
//! default would end the app at once, WebKit's processes living on without it.

use std::sync::Arc;

use tauri::{AppHandle, Manager, RunEvent, Runtime};
use warwick::service::Service;

/// Asks the app to exit on the first SIGTERM or SIGINT (Ctrl-C in the terminal it runs from).
pub fn exit_on_signals<R: Runtime>(app: &AppHandle<R>) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        match signalled().await {
            Ok(()) => app.exit(0),
            Err(error) => eprintln!("Warwick will not end on SIGTERM or Ctrl-C: {error}"),
        }
    });
}

/// Waits for SIGTERM or SIGINT.
#[cfg(unix)]
async fn signalled() -> std::io::Result<()> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut term = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    tokio::select! {
        _ = term.recv() => {}
        _ = interrupt.recv() => {}
    }
    Ok(())
}

/// Waits for Ctrl-C (the only signal there is to wait for).
#[cfg(not(unix))]
async fn signalled() -> std::io::Result<()> {
    tokio::signal::ctrl_c().await
}

/// What the app does as it ends: the database is closed (after the window, so no call is left
/// to use it).
pub fn on_run_event<R: Runtime>(app: &AppHandle<R>, event: RunEvent) {
    if let RunEvent::Exit = event
        && let Some(service) = app.try_state::<Arc<Service>>()
    {
        service.close();
    }
}
