//! The Warwick app: a Tauri 2 window hosting the HTML UI. Its `call` command runs any call of
//! the service's table ([`warwick::service::calls`]); no game logic lives here.

mod boot;
mod calls;
mod deep_link;
mod exit;
mod phone;
mod smoke;
mod web_process;
mod webview;

use warwick::content::Content;
use warwick::service::{AppInfo, Service};

/// Starts the app. `--smoke` makes it quit on its own once the UI has called `app_info`, so CI
/// can prove the real window loaded the UI.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    web_process::set_up();
    let smoke = smoke::Smoke::from_args(std::env::args());
    // The content is loaded once, on a thread while GTK and Tauri start: for the facts the page
    // is given at its start (boot.rs), and for the service.
    let content = std::thread::spawn(Content::embedded);
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_deep_link::init())
        .setup(move |app| {
            let content = content.join().unwrap_or_else(|_| Content::embedded());
            let window = boot::main_window(app, &AppInfo::new(&content))?;
            // Games are kept in the app's data folder (or the games folder its settings name)
            // so saved games can be resumed after a restart; if it cannot be opened the app
            // still runs, with games kept in memory.
            use tauri::Manager;
            let service = app
                .path()
                .app_data_dir()
                .ok()
                .and_then(|dir| std::fs::create_dir_all(&dir).ok().map(|()| dir))
                .and_then(
                    |dir| match Service::open_data_folder_with(content, &dir, "warwick.db") {
                        Ok(service) => Some(service),
                        Err(error) => {
                            eprintln!("Warwick keeps games in memory: {error}");
                            None
                        }
                    },
                )
                .unwrap_or_default();
            app.manage(std::sync::Arc::new(service));
            phone::manage(app);
            exit::exit_on_signals(app.handle());
            webview::set_up(&window);
            deep_link::set_up(app);
            Ok(())
        })
        .manage(smoke)
        .invoke_handler(tauri::generate_handler![
            calls::call,
            calls::open_games_folder,
            phone::serve_on_lan,
            webview::fresh_page
        ])
        .build(tauri::generate_context!());
    match result {
        Ok(app) => app.run(exit::on_run_event),
        Err(error) => {
            eprintln!("Warwick could not start: {error}");
            std::process::exit(1);
        }
    }
}
