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

/// The item list matches the checklist it was generated from. The checklist lives beside the
/// repository, in `../shared/reference` (CI lays `shared/` beside the clone); a missing one
/// fails the test with a message rather than passing it without comparing anything.
#[test]
fn checklist_item_list_matches_the_checklist() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/reference/kii-rules-checklist.md"
    );
    let checklist = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "the rules checklist {path} cannot be read ({e}): the checklist item list \
             tests/scenarios/checklist-items.txt cannot be compared with it. Lay shared/ \
             beside the repository (shared/reference/kii-rules-checklist.md)."
        )
    });
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

/// Every ruling a scenario cites (in its `decision` field, or as `rules-decisions: <anchor>` in
/// its name) is an anchor (`{#...}`) written in `docs/rules-decisions.md`, and a `decision` is
/// carried in the name too, so one search finds the reason.
#[test]
fn every_decision_anchor_is_written_and_pinned() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/rules-decisions.md"
    ))
    .expect("docs/rules-decisions.md");
    let anchors: std::collections::BTreeSet<String> = doc
        .split("{#")
        .skip(1)
        .filter_map(|rest| rest.split('}').next())
        .map(str::to_owned)
        .collect();
    let mut cited = 0;
    for file in common::scenario_files() {
        let text = std::fs::read_to_string(&file).expect("read");
        let json: serde_json::Value = serde_json::from_str(&text).expect("scenario JSON");
        let name = json["name"].as_str().unwrap_or_default();
        let mut cites: Vec<String> = name
            .split("rules-decisions: ")
            .skip(1)
            .map(|rest| {
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect()
            })
            .collect();
        if let Some(d) = json["decision"].as_str() {
            assert!(
                name.contains(d),
                "{}: the name should carry the decision anchor {d}",
                file.display()
            );
            cites.push(d.to_owned());
        }
        for d in cites {
            cited += 1;
            assert!(
                anchors.contains(&d),
                "{}: decision {d} is not an anchor in docs/rules-decisions.md",
                file.display()
            );
        }
    }
    assert!(cited > 0, "no scenario cites docs/rules-decisions.md");
}
