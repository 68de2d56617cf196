fn main() {
    // Declaring the app's commands makes Tauri generate an `allow-<command>` permission for
    // each, so a capability must grant every command explicitly.
    // `call` runs every service call by its name (src/service/calls.rs is the one list of
    // them); the others are what the app alone does.
    let manifest = tauri_build::AppManifest::new().commands(&[
        "call",
        "open_games_folder",
        "fresh_page",
        "serve_on_lan",
    ]);
    if let Err(error) =
        tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
    {
        panic!("tauri-build failed: {error:#}");
    }
}
