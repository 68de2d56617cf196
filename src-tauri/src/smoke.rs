//! The `--smoke` mode used by CI: the app prints a line when the UI calls `app_info`, waits a
//! moment so the page can render (and be photographed), then exits with status 0.

use std::time::Duration;

use tauri::AppHandle;

/// Whether the app runs as a smoke test, and how long it stays up after `app_info`.
#[derive(Debug, Clone, Copy)]
pub struct Smoke {
    linger: Option<Duration>,
}

impl Smoke {
    /// Reads `--smoke` (and `WARWICK_SMOKE_LINGER_MS`, default 3000) from the command line.
    pub fn from_args(mut args: impl Iterator<Item = String>) -> Self {
        let enabled = args.any(|a| a == "--smoke");
        let ms = std::env::var("WARWICK_SMOKE_LINGER_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(3000);
        Self {
            linger: enabled.then(|| Duration::from_millis(ms)),
        }
    }

    /// Called by `app_info`: in smoke mode, reports and schedules the exit.
    pub fn saw_app_info(&self, app: &AppHandle) {
        if let Some(linger) = self.linger {
            println!("warwick-smoke: the UI called app_info");
            let app = app.clone();
            std::thread::spawn(move || {
                std::thread::sleep(linger);
                println!("warwick-smoke: done");
                app.exit(0);
            });
        }
    }
}
