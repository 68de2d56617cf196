//! Tests that broken map data is reported with file, item and field, and that loading
//! reports every problem at once instead of stopping at the first.

use crate::content::{DataFiles, Problem, Report};

use super::Map;

/// The embedded files with `from` replaced by `to` in `file` (the text must be present).
fn edit(files: &mut DataFiles, file: &str, from: &str, to: &str) {
    let text = files
        .get(file)
        .unwrap_or_else(|| panic!("no {file}"))
        .to_owned();
    assert!(text.contains(from), "{file} lacks {from:?}");
    files.insert(file, text.replacen(from, to, 1));
}

fn load(files: &DataFiles) -> Vec<Problem> {
    let mut report = Report::new();
    Map::load(files, &mut report);
    report.problems().to_vec()
}

fn has(problems: &[Problem], file: &str, item: &str, field: &str) -> bool {
    problems
        .iter()
        .any(|p| p.file == file && p.item == item && p.field == field)
}

fn show(problems: &[Problem]) -> String {
    problems.iter().map(|p| format!("{p}\n")).collect()
}

#[test]
fn location_naming_an_unknown_area() {
    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/locations.toml",
        "area = \"area_oxford\"",
        "area = \"area_atlantis\"",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/locations.toml", "abingdon", "area"),
        "{}",
        show(&problems)
    );
}

#[test]
fn port_without_a_sea_area() {
    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/sea.toml",
        "[[port]]\nlocation = \"rye\"\nsea_zone = \"channel_east\"\n",
        "[[port]]\nlocation = \"rye\"\nsea_zone = \"the_void\"\n",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/sea.toml", "rye", "sea_zone"),
        "{}",
        show(&problems)
    );

    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/sea.toml",
        "location = \"rye\"",
        "location = \"rye_again\"",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/locations.toml", "rye", "port"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/sea.toml", "rye_again", "location"),
        "{}",
        show(&problems)
    );
}

#[test]
fn unknown_and_missing_fields_and_wrong_types_name_the_field() {
    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/locations.toml",
        "id = \"alnwick\"\n",
        "id = \"alnwick\"\nmoat = true\n",
    );
    edit(
        &mut files,
        "map/locations.toml",
        "lat = 55.609",
        "lat = \"north\"",
    );
    edit(&mut files, "map/areas.toml", "name = \"Cumberland\"\n", "");
    let problems = load(&files);
    assert!(
        has(&problems, "map/locations.toml", "alnwick", "moat"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/locations.toml", "bamburgh", "lat"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/areas.toml", "area_carlisle", "name"),
        "{}",
        show(&problems)
    );
}

#[test]
fn several_problems_are_all_reported_at_once() {
    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/locations.toml",
        "area = \"area_oxford\"",
        "area = \"nowhere\"",
    );
    edit(
        &mut files,
        "map/locations.toml",
        "garrison = 100",
        "garrison = 150",
    );
    edit(
        &mut files,
        "map/zones.toml",
        "regions = [\"devon_and_cornwall\"]",
        "regions = [\"cornwall\"]",
    );
    edit(
        &mut files,
        "map/regions.toml",
        "adjacent = [\"wessex\"]",
        "adjacent = []",
    );
    edit(
        &mut files,
        "map/roads.toml",
        "\"area_bristol\", \"bristol\"]",
        "\"area_bristol\", \"bristol\", \"area_calais\"]",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/locations.toml", "abingdon", "area"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/locations.toml", "alnwick", "garrison"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/zones.toml", "devon_and_cornwall", "regions"),
        "{}",
        show(&problems)
    );
    // Devon and Cornwall no longer lists Wessex: asymmetric and contradicting the Area borders.
    assert!(
        has(&problems, "map/regions.toml", "wessex", "adjacent"),
        "{}",
        show(&problems)
    );
    assert!(
        has(
            &problems,
            "map/regions.toml",
            "devon_and_cornwall",
            "adjacent"
        ),
        "{}",
        show(&problems)
    );
    // A road cannot reach Calais.
    assert!(
        has(&problems, "map/roads.toml", "oxford_road", "path"),
        "{}",
        show(&problems)
    );
    assert!(problems.len() >= 6, "{}", show(&problems));
}

#[test]
fn duplicate_ids_asymmetric_adjacency_and_regionless_areas() {
    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/areas.toml",
        "id = \"area_berwick\"",
        "id = \"area_alnwick\"",
    );
    edit(&mut files, "map/areas.toml", "region = \"cumbria\"\n", "");
    edit(
        &mut files,
        "map/sea.toml",
        "adjacent = [\"yorkshire_coast\"]",
        "adjacent = [\"yorkshire_coast\", \"dover_strait\"]",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/areas.toml", "area_alnwick", "id"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/areas.toml", "area_carlisle", "region"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/sea.toml", "northumbrian_coast", "adjacent"),
        "{}",
        show(&problems)
    );
}

#[test]
fn unreachable_ports_and_places_are_reported() {
    let mut files = DataFiles::embedded();
    // Cut the Cornish Sea off from the Channel: every western port becomes unreachable.
    edit(
        &mut files,
        "map/sea.toml",
        "adjacent = [\"bristol_channel\", \"st_georges_channel\", \"western_channel\"]",
        "adjacent = [\"bristol_channel\", \"st_georges_channel\"]",
    );
    edit(
        &mut files,
        "map/sea.toml",
        "adjacent = [\"cornish_sea\", \"lyme_bay\"]",
        "adjacent = [\"lyme_bay\"]",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/sea.toml", "douglas", "sea_zone"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/sea.toml", "penzance", "sea_zone"),
        "{}",
        show(&problems)
    );
    assert!(
        !has(&problems, "map/sea.toml", "plymouth", "sea_zone"),
        "{}",
        show(&problems)
    );
}

#[test]
fn estuary_pair_may_not_be_a_land_border_and_roads_must_step_between_neighbours() {
    let mut files = DataFiles::embedded();
    edit(
        &mut files,
        "map/estuaries.toml",
        "areas = [\"area_beverley\", \"area_lincoln\"]",
        "areas = [\"area_beverley\", \"area_york\"]",
    );
    edit(
        &mut files,
        "map/roads.toml",
        "path = [\"area_richmond\", \"area_appleby\"]",
        "path = [\"area_richmond\", \"area_bodmin\", \"lost_city\"]",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/estuaries.toml", "humber", "areas"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/roads.toml", "stainmore_road", "path"),
        "{}",
        show(&problems)
    );
    assert!(
        problems
            .iter()
            .any(|p| p.item == "stainmore_road" && p.message.contains("lost_city")),
        "{}",
        show(&problems)
    );
}

#[test]
fn missing_file_and_bad_toml_and_across_road_mismatch() {
    let mut files = DataFiles::embedded();
    files.remove("map/zones.toml");
    edit(
        &mut files,
        "map/estuaries.toml",
        "[[estuary]]",
        "[[estuary]",
    );
    edit(
        &mut files,
        "map/locations.toml",
        "across_road = false\nlat = 51.466",
        "across_road = true\nlat = 51.466",
    );
    let problems = load(&files);
    assert!(
        has(&problems, "map/zones.toml", "-", "-"),
        "{}",
        show(&problems)
    );
    assert!(
        has(&problems, "map/estuaries.toml", "-", "-"),
        "{}",
        show(&problems)
    );
    // Blackheath is an unfortified town: it cannot lie across a road, and no road names it.
    assert!(
        has(&problems, "map/locations.toml", "blackheath", "across_road"),
        "{}",
        show(&problems)
    );
}
