//! Every command the app registers is declared in its ACL manifest (`build.rs`) and granted to the
//! main window (`capabilities/main.json`): `call` (every service call of the table), and the
//! app's own. Once the app declares a manifest, Tauri refuses any
//! command missing from it ("not allowed by ACL"), so a command left out works in the browser UI
//! and fails only in the real window.

use std::collections::BTreeSet;

/// The names inside `generate_handler![…]` in `src/lib.rs` (the part after `::`).
fn registered() -> BTreeSet<String> {
    let lib = include_str!("../src/lib.rs");
    let start = lib
        .find("generate_handler![")
        .expect("a generate_handler! list")
        + 18;
    let end = start + lib[start..].find(']').expect("the list's end");
    lib[start..end]
        .split(',')
        .map(|item| item.trim().rsplit("::").next().unwrap_or("").to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

/// The quoted names in `build.rs`'s `commands(&[…])`.
fn declared() -> BTreeSet<String> {
    let build = include_str!("../build.rs");
    let start = build.find("commands(&[").expect("a commands list") + 11;
    let end = start + build[start..].find(']').expect("the list's end");
    build[start..end]
        .split(',')
        .map(|item| item.trim().trim_matches('"').to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

/// The app commands the main window's capability allows (`allow-close-game` → `close_game`).
fn granted() -> BTreeSet<String> {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("../capabilities/main.json")).expect("capability JSON");
    json["permissions"]
        .as_array()
        .expect("a permissions list")
        .iter()
        .filter_map(|p| p.as_str()?.strip_prefix("allow-"))
        .map(|name| name.replace('-', "_"))
        .collect()
}

#[test]
fn every_registered_command_is_declared_and_granted() {
    let registered = registered();
    // Every service call goes through `call` (its table is src/service/calls.rs); the app adds
    // only what it alone does.
    assert!(
        registered.contains("call") && registered.len() >= 3,
        "parsed too few commands: {registered:?}"
    );
    let declared = declared();
    let granted = granted();
    let undeclared: Vec<_> = registered.difference(&declared).collect();
    assert!(
        undeclared.is_empty(),
        "registered but not in build.rs's manifest: {undeclared:?}"
    );
    let ungranted: Vec<_> = declared.difference(&granted).collect();
    assert!(
        ungranted.is_empty(),
        "declared but not granted to the main window: {ungranted:?}"
    );
    let stray: Vec<_> = declared.difference(&registered).collect();
    assert!(stray.is_empty(), "declared but never registered: {stray:?}");
}
