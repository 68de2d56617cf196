//! Validation tests on broken copies of the shipped files: every problem is reported at once,
//! each naming its file, item and field.

use super::super::{DataFiles, Problem, Report};
use super::Cards;

/// The shipped files with `from` replaced by `to` in `file` (which must contain it).
fn broken(files: &mut DataFiles, file: &str, from: &str, to: &str) {
    let text = files.get(file).unwrap_or_default().to_owned();
    assert!(text.contains(from), "{file} does not contain {from:?}");
    files.insert(file, text.replacen(from, to, 1));
}

fn load(files: &DataFiles) -> Report {
    let mut report = Report::new();
    let _ = Cards::load(files, &mut report);
    report
}

fn has(report: &Report, file: &str, item: &str, field: &str) -> bool {
    report
        .problems()
        .iter()
        .any(|p: &Problem| p.file == file && p.item == item && p.field == field)
}

#[test]
fn a_broken_crown_file_reports_every_problem_at_once() {
    // Counts per type: 001 L1239-1247; zones: L1255-1263.
    let mut files = DataFiles::embedded();
    let crown = "cards/crown.toml";
    // An unknown field.
    broken(
        &mut files,
        crown,
        "name = \"Bishop of Lincoln\"",
        "name = \"Bishop of Lincoln\"\ncolour = \"red\"",
    );
    // A wrong value type.
    broken(
        &mut files,
        crown,
        "troops = 30\nnoble = \"beaufort\"",
        "troops = \"thirty\"\nnoble = \"beaufort\"",
    );
    // An unknown zone.
    broken(
        &mut files,
        crown,
        "zone = \"devon_and_cornwall\"",
        "zone = \"cornwall_only\"",
    );
    // An unknown card type.
    broken(
        &mut files,
        crown,
        "name = \"Fitzalan, Earl of Arundel\"\ntype = \"titled_noble\"",
        "name = \"Fitzalan, Earl of Arundel\"\ntype = \"earl\"",
    );
    // A wrong count: a Mercenary turned into a Town.
    broken(
        &mut files,
        crown,
        "name = \"Scots Archers (2)\"\ntype = \"mercenary\"",
        "name = \"Scots Archers (2)\"\ntype = \"town\"",
    );
    let report = load(&files);
    assert!(has(&report, crown, "C05", "colour"), "{report}");
    assert!(has(&report, crown, "C07", "troops"), "{report}");
    assert!(has(&report, crown, "C37", "bonus.zone"), "{report}");
    assert!(has(&report, crown, "C10", "type"), "{report}");
    assert!(has(&report, crown, "C74", "type"), "{report}");
    let counts = report
        .problems()
        .iter()
        .filter(|p| p.file == crown && p.item == "-" && p.field == "type");
    assert!(
        counts.count() >= 3,
        "mercenary, town and titled-noble counts: {report}"
    );
}

#[test]
fn duplicate_and_missing_ids_are_named() {
    let mut files = DataFiles::embedded();
    let crown = "cards/crown.toml";
    broken(&mut files, crown, "id = \"C18\"", "id = \"C17\"");
    let report = load(&files);
    assert!(has(&report, crown, "C17", "id"), "{report}");
    assert!(has(&report, crown, "C18", "id"), "{report}");
}

#[test]
fn illegal_faction_awards_are_named() {
    // 001 L413 (no Title for a titled Noble), L417 (Office needs a Title), L425 (one Bishop).
    let mut files = DataFiles::embedded();
    let factions = "cards/factions.toml";
    // A Title for a titled Noble (Pole already has his Title).
    broken(
        &mut files,
        factions,
        "awards = [\"C41\", \"C04\", \"C69\"]",
        "awards = [\"C41\", \"C04\", \"C69\", \"C53\"]",
    );
    // An Office for an untitled Noble with no Title, and a second Bishop.
    broken(
        &mut files,
        factions,
        "card = \"C20\"\nawards = [\"C49\", \"C37\"]",
        "card = \"C20\"\nawards = [\"C37\", \"C06\", \"C03\"]",
    );
    let report = load(&files);
    assert!(has(&report, factions, "F06", "noble[0].awards"), "{report}");
    assert!(has(&report, factions, "F14", "noble[1].awards"), "{report}");
    let f14 = report.problems().iter().filter(|p| p.item == "F14").count();
    assert!(
        f14 >= 2,
        "no Title for the Office, and two Bishops: {report}"
    );
}

#[test]
fn a_card_in_two_factions_of_one_player_count_is_named() {
    // 001 L471: each player takes the Crown cards listed on a Faction card of the count.
    let mut files = DataFiles::embedded();
    let factions = "cards/factions.toml";
    // Talbot's 4-player Faction also given Pole's Treasurer of England (C41).
    broken(
        &mut files,
        factions,
        "card = \"C16\"\nawards = [\"C33\", \"C03\"]",
        "card = \"C16\"\nawards = [\"C41\", \"C03\"]",
    );
    let report = load(&files);
    assert!(
        report
            .problems()
            .iter()
            .any(|p| p.file == factions && p.message.contains("C41 is also in")),
        "{report}"
    );
}

#[test]
fn a_start_mark_away_from_the_senior_bishop_is_named() {
    // 001 L587: in 4 players Pole's Faction (Bishop of Durham) starts.
    let mut files = DataFiles::embedded();
    let factions = "cards/factions.toml";
    broken(
        &mut files,
        factions,
        "players = 4\nstart_player = true",
        "players = 4",
    );
    let report = load(&files);
    assert!(has(&report, factions, "-", "start_player"), "{report}");
    assert!(has(&report, factions, "F06", "start_player"), "{report}");
}

#[test]
fn broken_tables_are_named() {
    // 001 L509-522 (5p: 92 - 4 - 5 - 19 = 4 x 16), L909 (Major Battle 2).
    let mut files = DataFiles::embedded();
    let tables = "cards/tables.toml";
    broken(&mut files, tables, "removed = 19", "removed = 20");
    broken(&mut files, tables, "major_battle = 2", "major_battle = 3");
    broken(
        &mut files,
        tables,
        "base_minutes = 45",
        "base_minutes = 45\nhours = 1",
    );
    let report = load(&files);
    assert!(
        has(&report, tables, "event_deck[5p]", "pile_size"),
        "{report}"
    );
    assert!(has(&report, tables, "prestige", "major_battle"), "{report}");
    assert!(has(&report, tables, "time_limit", "hours"), "{report}");
}

#[test]
fn bad_toml_and_missing_files_are_reported() {
    let mut files = DataFiles::embedded();
    files.insert("cards/royals.toml", "[[royal]\nid = ");
    files.remove("cards/majors.toml");
    let report = load(&files);
    assert!(has(&report, "cards/royals.toml", "-", "-"), "{report}");
    assert!(has(&report, "cards/majors.toml", "-", "-"), "{report}");
}

#[test]
fn a_royal_castle_held_by_a_crown_card_is_named() {
    // 001 L1207: castles named on a Royal card follow the Royal card.
    let mut files = DataFiles::embedded();
    let royals = "cards/royals.toml";
    broken(
        &mut files,
        royals,
        "castles = [\"windsor\"]",
        "castles = [\"windsor\", \"warwick\"]",
    );
    let report = load(&files);
    assert!(has(&report, royals, "R01", "castles"), "{report}");
}
