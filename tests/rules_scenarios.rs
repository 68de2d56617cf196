//! Runs every scenario under `tests/scenarios/` and reports checklist coverage.

use warwick::content::Content;
use warwick::rules::scenario::run_scenario;

fn files() -> Vec<std::path::PathBuf> {
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

#[test]
fn every_scenario_passes() {
    let content = Content::embedded().expect("content");
    let mut failures = Vec::new();
    for file in files() {
        let text = std::fs::read_to_string(&file).expect("read");
        if let Err(reason) = run_scenario(&content, &text) {
            failures.push(format!("{}: {reason}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Every checklist item 1.01–23.22 must be covered by a scenario. Ignored until the
/// scenario set is complete; run with `--ignored` to see what is missing.
#[test]
#[ignore = "scenario coverage of the checklist is still partial"]
fn every_checklist_item_is_covered() {
    let content = Content::embedded().expect("content");
    let checklist = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/reference/kii-rules-checklist.md"
    ))
    .unwrap_or_default();
    let mut covered = std::collections::BTreeSet::new();
    for file in files() {
        let text = std::fs::read_to_string(&file).expect("read");
        if let Ok(s) = run_scenario(&content, &text) {
            covered.extend(s.covers);
        }
    }
    let missing: Vec<String> = checklist
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split("**").next())
        .filter(|id| id.chars().next().is_some_and(|c| c.is_ascii_digit()) && !id.starts_with("0."))
        .filter(|id| !covered.contains(*id))
        .map(str::to_owned)
        .collect();
    assert!(
        missing.is_empty(),
        "{} items uncovered: {missing:?}",
        missing.len()
    );
}
