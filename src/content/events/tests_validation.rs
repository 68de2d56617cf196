//! Validation tests: broken Event files give problems that name file, item and field, and
//! every problem is reported in one pass.

use super::*;
use crate::content::{DataFiles, Problem, Report};

fn load_with(path: &str, text: &str) -> Vec<Problem> {
    let mut files = DataFiles::embedded();
    files.insert(path, text);
    let mut report = Report::new();
    let _ = EventDeck::load(&files, &mut report);
    report.problems().to_vec()
}

fn has(problems: &[Problem], file: &str, item: &str, field: &str) -> bool {
    problems
        .iter()
        .any(|p| p.file == file && p.item == item && p.field == field)
}

fn dump(problems: &[Problem]) -> String {
    problems.iter().map(|p| format!("{p}\n")).collect()
}

/// Four Chancellor cards instead of five (001 L707), one with an unknown field, one with an
/// unknown result, one Bad Weather card with KILLED names: all four problems at once.
#[test]
fn a_broken_file_reports_every_problem_at_once() {
    let text = r#"
[[card]]
id = "E088"
name = "Chancellor"
source = "000 L2735-2746"
colour = "yellow"
combat = { result = "4-1", killed = ["talbot", "howard"] }

[[card]]
id = "E089"
name = "Chancellor"
source = "000 L2789-2800"
combat = { result = "6-1", killed = ["roos", "bourchier"] }

[[card]]
id = "E090"
name = "Chancellor"
source = "000 L2815-2827"
combat = { result = "bad_weather", killed = ["roos"] }

[[card]]
id = "E091"
name = "Chancellor"
source = "000 L2843-2854"
combat = { result = "2-1", killed = ["beaufort", "hastings"] }
"#;
    let problems = load_with("events/chancellors.toml", text);
    let file = "events/chancellors.toml";
    assert!(
        has(&problems, file, "E088", "colour"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, file, "E089", "combat.result"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, file, "E090", "combat.killed"),
        "{}",
        dump(&problems)
    );
    assert!(has(&problems, file, "-", "card"), "{}", dump(&problems));
    assert!(
        has(&problems, "events/", "-", "-"),
        "the deck is 91 cards: {}",
        dump(&problems)
    );
}

#[test]
fn plague_on_a_castle_or_an_unknown_place_is_refused() {
    let mut text = DataFiles::embedded()
        .get("events/plagues.toml")
        .expect("embedded")
        .to_owned();
    text = text.replacen(
        r#"towns = ["canterbury"]"#,
        r#"towns = ["dover", "barnet"]"#,
        1,
    );
    let problems = load_with("events/plagues.toml", &text);
    assert!(
        has(&problems, "events/plagues.toml", "E063", "towns[0]"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, "events/plagues.toml", "E063", "towns[1]"),
        "{}",
        dump(&problems)
    );
    assert!(problems.iter().any(|p| p.message.contains("castle")));
}

#[test]
fn bad_summons_name_the_line_and_field() {
    let text = r#"
[[card]]
id = "E001"
name = "Bad Raid"
source = "reconstructed: test"
summons = [
  { who = { noble = "warwick" }, to = "raby" },
  { who = { holder = "C67" }, to = "york" },
  { who = { noble = "percy" }, to = "alnwick", ships = { count = 1 } },
  { who = { holder = "C31" }, to = "plymouth", ships = { count = 3 } },
  { who = { holder = "C44" }, to = "berwick", to_area = "cheviots" },
  { who = { noble = "neville", holder = "C36" }, to = "raby", via = "road" },
]
combat = { result = "3-2", killed = ["talbot"] }
"#;
    let problems = load_with("events/raids.toml", text);
    let file = "events/raids.toml";
    for field in [
        "summons[0].who.noble",
        "summons[1].who.holder",
        "summons[2].ships.count",
        "summons[3].ships.count",
        "summons[4].to",
        "summons[5].who",
        "summons[5].via",
        "combat.killed",
    ] {
        assert!(
            has(&problems, file, "E001", field),
            "{field}: {}",
            dump(&problems)
        );
    }
    assert!(
        has(&problems, file, "-", "card"),
        "36 raids short: {}",
        dump(&problems)
    );
}

#[test]
fn duplicate_missing_and_malformed_ids_are_reported() {
    let mut text = DataFiles::embedded()
        .get("events/clamours.toml")
        .expect("embedded")
        .to_owned();
    text = text.replacen(r#"id = "E085""#, r#"id = "E084""#, 1);
    text = text.replacen(r#"id = "E086""#, r#"id = "X86""#, 1);
    let problems = load_with("events/clamours.toml", &text);
    let file = "events/clamours.toml";
    assert!(has(&problems, file, "E084", "id"), "{}", dump(&problems));
    assert!(has(&problems, file, "X86", "id"), "{}", dump(&problems));
    assert!(
        has(&problems, "events/", "E085", "id"),
        "{}",
        dump(&problems)
    );
}

#[test]
fn missing_fields_wrong_shapes_sources_and_lower_halves() {
    let text = r#"
[[card]]
id = "E073"
name = "Free Move"

[[card]]
id = "E074"
name = "Free Move"
source = "somewhere"

[[card]]
id = "E075"
name = "Free Move"
source = "000 L3219"
combat = { result = "5-4", killed = ["audley", "howard"] }

[[card]]
id = 76
name = "Free Move"
source = "000 L3219"
"#;
    let problems = load_with("events/free_moves.toml", text);
    let file = "events/free_moves.toml";
    assert!(
        has(&problems, file, "E073", "source"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, file, "E074", "source"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, file, "E075", "combat"),
        "no lower half (001 L893): {}",
        dump(&problems)
    );
    assert!(has(&problems, file, "card #4", "id"), "{}", dump(&problems));
}

#[test]
fn missing_file_and_invalid_toml_are_reported() {
    let mut files = DataFiles::embedded();
    files.remove("events/storms.toml");
    files.insert("events/embassies.toml", "[[card]\nid = ");
    let mut report = Report::new();
    let deck = EventDeck::load(&files, &mut report);
    let problems = report.problems();
    assert!(
        has(problems, "events/storms.toml", "-", "-"),
        "{}",
        dump(problems)
    );
    assert!(
        has(problems, "events/embassies.toml", "-", "-"),
        "{}",
        dump(problems)
    );
    assert_eq!(deck.cards().len(), 92 - 9 - 6);
}

#[test]
fn mercenaries_must_be_mercenary_cards() {
    let text = r#"
[[card]]
id = "E053"
name = "Mercenaries Go Home"
source = "000 L3249-3258"
mercenaries = ["C31", "C67", "C67"]
combat = { result = "majority", killed = ["scrope", "hastings", "percy", "roos"] }
"#;
    let problems = load_with("events/mercenaries_go_home.toml", text);
    let file = "events/mercenaries_go_home.toml";
    assert!(
        has(&problems, file, "E053", "mercenaries[0]"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, file, "E053", "mercenaries[2]"),
        "{}",
        dump(&problems)
    );
    assert!(
        has(&problems, file, "E053", "combat.killed"),
        "4 names: {}",
        dump(&problems)
    );
}
