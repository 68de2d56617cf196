//! An empty Tauri 2 window: the floor that `scripts/budgets.sh` measures Warwick's memory
//! against. Same lock file, same Tauri and WebKitGTK, a page that shows one line and runs no
//! script, so what it costs is what any Tauri window costs on this machine.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let result = tauri::Builder::default().run(tauri::generate_context!());
    if let Err(error) = result {
        eprintln!("the empty window could not start: {error}");
        std::process::exit(1);
    }
}
