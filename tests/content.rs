//! The content as a whole: the built-in data loads with no problem, the export carries every
//! field the UI draws from, and broken data is reported file by file, item by item, all at once
//! — through the library and through `warwick content check`.

use std::path::Path;
use std::process::Command;

use warwick::content::{Content, DataFiles};

#[test]
fn the_built_in_content_has_no_problem() {
    let content = Content::embedded().unwrap_or_else(|report| panic!("{report}"));
    let summary = content.summary();
    assert!(summary.contains("74 Crown cards"), "{summary}");
    assert!(summary.contains("92 Event cards"), "{summary}");
}

#[test]
fn the_export_has_every_field_the_ui_draws_from() {
    let content = Content::embedded().unwrap();
    let json = serde_json::to_value(&content).unwrap();
    let has = |list: &str, fields: &[&str]| {
        let items = json[list]
            .as_array()
            .unwrap_or_else(|| panic!("no `{list}` list"));
        assert!(!items.is_empty(), "`{list}` is empty");
        for item in items {
            for field in fields {
                assert!(
                    item.get(field).is_some(),
                    "`{list}` item {item} has no `{field}`"
                );
            }
        }
    };
    has(
        "locations",
        &[
            "id",
            "name",
            "kind",
            "area",
            "port",
            "cathedral",
            "garrison",
            "capacity",
            "lat",
            "lon",
        ],
    );
    has("areas", &["id", "name", "region", "island"]);
    has("regions", &["id", "name", "adjacent"]);
    has("sea_zones", &["id", "name", "adjacent"]);
    has("ports", &["location", "sea_zone"]);
    has(
        "crown_cards",
        &["id", "name", "type", "archbishop", "troops"],
    );
    has("event_cards", &["id", "type", "combat"]);
    for key in ["roads", "royals", "factions"] {
        assert!(json.get(key).is_some(), "no `{key}`");
    }
    // Islands have no Region (001 L143).
    for area in json["areas"].as_array().unwrap() {
        if area["island"] == true {
            assert!(area["region"].is_null(), "{area}");
        }
    }
}

fn broken_files() -> DataFiles {
    let mut files = DataFiles::embedded();
    // A place in an Area that does not exist ...
    let locations = files
        .get("map/locations.toml")
        .expect("locations")
        .replacen("area = \"area_london\"", "area = \"area_atlantis\"", 1);
    files.insert("map/locations.toml", locations);
    // ... and a Noble whose home castle is a place that does not exist.
    let crown = files
        .get("cards/crown.toml")
        .expect("crown cards")
        .replacen("locations = [\"berkeley\"]", "locations = [\"camelot\"]", 1);
    files.insert("cards/crown.toml", crown);
    files
}

#[test]
fn broken_data_reports_every_problem_with_file_item_and_field() {
    let report = Content::load(&broken_files()).unwrap_err();
    let problems = report.problems();
    assert!(
        problems.iter().any(|p| p.file == "map/locations.toml"
            && p.field == "area"
            && p.message.contains("area_atlantis")),
        "{report}"
    );
    assert!(
        problems.iter().any(|p| p.file == "cards/crown.toml"
            && p.item == "C18"
            && p.message.contains("camelot")),
        "{report}"
    );
}

fn warwick() -> Command {
    Command::new(env!("CARGO_BIN_EXE_warwick"))
}

fn write_dir(files: &DataFiles, dir: &Path) {
    for path in files.paths() {
        let full = dir.join(path);
        std::fs::create_dir_all(full.parent().expect("a parent")).expect("mkdir");
        std::fs::write(full, files.get(path).expect("listed")).expect("write");
    }
}

#[test]
fn content_check_passes_on_the_built_in_data_and_fails_clearly_on_broken_data() {
    let ok = warwick().args(["content", "check"]).output().unwrap();
    assert!(ok.status.success());
    assert!(String::from_utf8_lossy(&ok.stdout).starts_with("content ok:"));

    let dir = std::env::temp_dir().join(format!("warwick-broken-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write_dir(&broken_files(), &dir);
    let bad = warwick()
        .args(["content", "check", "--data"])
        .arg(&dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!bad.status.success());
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("map/locations.toml"), "{stderr}");
    assert!(stderr.contains("area_atlantis"), "{stderr}");
    assert!(stderr.contains("C18"), "{stderr}");
}
