//! The Warwick app: a Tauri 2 window hosting the HTML UI. Every command is a thin adapter over
//! [`warwick::service::Service`]; no game logic lives here.

mod challenge_commands;
mod commands;
mod exit;
mod game_commands;
mod settings_commands;
mod smoke;
mod web_process;
mod webview;

use warwick::service::Service;

/// Starts the app. `--smoke` makes it quit on its own once the UI has called `app_info`, so CI
/// can prove the real window loaded the UI.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    web_process::set_up();
    let smoke = smoke::Smoke::from_args(std::env::args());
    let result = tauri::Builder::default()
        .setup(|app| {
            // Games are kept in the app's data folder (or the games folder its settings name)
            // so saved games can be resumed after a restart; if it cannot be opened the app
            // still runs, with games kept in memory.
            use tauri::Manager;
            let service = app
                .path()
                .app_data_dir()
                .ok()
                .and_then(|dir| std::fs::create_dir_all(&dir).ok().map(|()| dir))
                .and_then(|dir| match Service::open_data_folder(&dir, "warwick.db") {
                    Ok(service) => Some(service),
                    Err(error) => {
                        eprintln!("Warwick keeps games in memory: {error}");
                        None
                    }
                })
                .unwrap_or_default();
            app.manage(std::sync::Arc::new(service));
            exit::exit_on_signals(app.handle());
            if let Some(window) = app.get_webview_window("main") {
                webview::set_up(&window);
            }
            Ok(())
        })
        .manage(smoke)
        .invoke_handler(tauri::generate_handler![
            commands::app_info,
            commands::content,
            commands::rules_reference,
            commands::prestige_standing,
            game_commands::list_games,
            game_commands::create_game_paused,
            game_commands::status,
            game_commands::close_game,
            game_commands::legal,
            game_commands::act,
            game_commands::bot_step,
            game_commands::advance,
            game_commands::advice,
            game_commands::analysis_round,
            game_commands::why_not,
            game_commands::state_at,
            game_commands::strengths,
            game_commands::timeline,
            game_commands::undo,
            game_commands::branch,
            challenge_commands::daily,
            challenge_commands::start_daily,
            challenge_commands::replay_code,
            challenge_commands::verify_code,
            challenge_commands::open_code,
            challenge_commands::story,
            challenge_commands::export_history,
            challenge_commands::import_history,
            challenge_commands::stats,
            settings_commands::settings,
            settings_commands::save_settings,
            settings_commands::reset_settings,
            settings_commands::export_all_games,
            settings_commands::open_games_folder,
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
