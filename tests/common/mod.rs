//! Helpers shared by the integration tests.

/// Every scenario file under `tests/scenarios/` (not `pending/`), in name order.
pub fn scenario_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .expect("scenarios dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    out
}
