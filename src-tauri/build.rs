fn main() {
    // Declaring the app's commands makes Tauri generate an `allow-<command>` permission for
    // each, so a capability must grant every command explicitly.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "app_info",
        "content",
        "rules_reference",
        "prestige_standing",
        "list_games",
        "create_game_paused",
        "status",
        "legal",
        "act",
        "bot_step",
        "advance",
        "why_not",
        "state_at",
        "strengths",
        "timeline",
        "undo",
        "branch",
        "daily",
        "start_daily",
        "replay_code",
        "verify_code",
        "open_code",
        "story",
        "export_history",
        "import_history",
        "stats",
        "close_game",
        "advice",
        "analysis_round",
        "fresh_page",
        "settings",
        "save_settings",
        "reset_settings",
        "export_all_games",
        "open_games_folder",
    ]);
    if let Err(error) =
        tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
    {
        panic!("tauri-build failed: {error:#}");
    }
}
