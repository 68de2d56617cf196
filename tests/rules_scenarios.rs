//! Runs every scenario under `tests/scenarios/` and reports checklist coverage.

mod common;

use warwick::content::Content;
use warwick::rules::scenario::run_scenario;

#[test]
fn every_scenario_passes() {
    let content = Content::embedded().expect("content");
    let mut failures = Vec::new();
    for file in common::scenario_files() {
        let text = std::fs::read_to_string(&file).expect("read");
        if let Err(reason) = run_scenario(&content, &text) {
            failures.push(format!("{}: {reason}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The checklist item ids (1.01–23.22) every scenario set must cover, kept in the repository so
/// the coverage check runs on any machine.
fn checklist_items() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scenarios/checklist-items.txt"
    ))
    .expect("checklist item list");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The item list matches the checklist it was generated from, where that checklist is present
/// (it lives beside the repository, in `../shared/reference`).
#[test]
fn checklist_item_list_matches_the_checklist() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/reference/kii-rules-checklist.md"
    );
    let Ok(checklist) = std::fs::read_to_string(path) else {
        return;
    };
    let from_checklist: Vec<String> = checklist
        .lines()
        .filter_map(|l| l.strip_prefix("- **"))
        .filter_map(|l| l.split("**").next())
        .filter(|id| id.chars().next().is_some_and(|c| c.is_ascii_digit()) && !id.starts_with("0."))
        .map(str::to_owned)
        .collect();
    assert_eq!(
        checklist_items(),
        from_checklist,
        "tests/scenarios/checklist-items.txt is out of date with {path}"
    );
}

/// Every checklist item 1.01–23.22 is covered by a passing scenario.
#[test]
fn every_checklist_item_is_covered() {
    let content = Content::embedded().expect("content");
    let mut covered = std::collections::BTreeSet::new();
    for file in common::scenario_files() {
        let text = std::fs::read_to_string(&file).expect("read");
        if let Ok(s) = run_scenario(&content, &text) {
            covered.extend(s.covers);
        }
    }
    let items = checklist_items();
    assert!(items.len() > 300, "the item list looks truncated");
    let missing: Vec<&String> = items.iter().filter(|id| !covered.contains(*id)).collect();
    assert!(
        missing.is_empty(),
        "{} checklist items uncovered: {missing:?}",
        missing.len()
    );
}

/// Every scenario naming a ruling in `docs/rules-decisions.md` names one that is written there
/// (an `<a id="...">` anchor) and carries it in its name, so one search finds the reason.
#[test]
fn every_decision_anchor_is_written_and_pinned() {
    let content = Content::embedded().expect("content");
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rules-decisions.md"
    ))
    .expect("docs/rules-decisions.md");
    let anchors: std::collections::BTreeSet<String> = doc
        .split("<a id=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect();
    for file in common::scenario_files() {
        let text = std::fs::read_to_string(&file).expect("read");
        let Ok(s) = run_scenario(&content, &text) else {
            continue;
        };
        if let Some(d) = s.decision {
            assert!(
                anchors.contains(&d),
                "{}: decision {d} is not an anchor in docs/rules-decisions.md",
                file.display()
            );
            assert!(
                s.name.contains(&d),
                "{}: the name should carry the decision anchor {d}",
                file.display()
            );
        }
    }
}
