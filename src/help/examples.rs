//! Small examples drawn on the real map inside reference sections. A section writes one as a
//! fenced block of JSON marked `map`:
//!
//! ~~~text
//! ```map
//! {"caption": "Where a Regional move from Canterbury can go.", "regional_from": "area_canterbury"}
//! ```
//! ~~~
//!
//! `areas` and `places` list what to mark, `from` the Area a move starts in, and
//! `regional_from` marks every Area one Regional move reaches from that Area, worked out from
//! the map data so the example cannot drift from the rules. The UI draws the marked Areas and
//! places on the map's own geometry; the static pages keep the caption.

use serde::{Deserialize, Serialize};

use crate::content::{AreaId, Content, LocationId};

/// An example as written in a section.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// What the example shows, in a sentence.
    pub caption: String,
    /// Areas to mark.
    #[serde(default)]
    pub areas: Vec<String>,
    /// Places to mark and name.
    #[serde(default)]
    pub places: Vec<String>,
    /// The Area a move starts from.
    #[serde(default)]
    pub from: Option<String>,
    /// Mark every Area one Regional move reaches from this Area.
    #[serde(default)]
    pub regional_from: Option<String>,
}

/// An example resolved against the content, as the UI draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapExample {
    /// What it shows.
    pub caption: String,
    /// Areas to mark.
    pub areas: Vec<String>,
    /// Places to mark and name.
    pub places: Vec<String>,
    /// Their names, in the same order.
    pub names: Vec<String>,
    /// The starting Area, marked apart.
    pub from: Option<String>,
}

/// Reads an example block's JSON.
pub fn parse_spec(json: &str) -> Result<MapSpec, String> {
    serde_json::from_str(json).map_err(|e| e.to_string())
}

/// Resolves an example against the content; every unknown id is an error.
pub fn resolve(content: &Content, spec: &MapSpec) -> Result<MapExample, String> {
    let mut problems = Vec::new();
    let mut areas = spec.areas.clone();
    let mut from = spec.from.clone();
    if let Some(start) = &spec.regional_from {
        let id = AreaId::from(start.as_str());
        if content.map.area(&id).is_none() {
            problems.push(format!("no Area `{start}`"));
        }
        areas.extend(
            content
                .map
                .regional_destinations(&id)
                .into_iter()
                .map(|a| a.to_string())
                .filter(|a| a != start),
        );
        from.get_or_insert_with(|| start.clone());
    }
    for area in areas.iter().chain(from.iter()) {
        if content.map.area(&AreaId::from(area.as_str())).is_none() {
            problems.push(format!("no Area `{area}`"));
        }
    }
    let mut names = Vec::new();
    for place in &spec.places {
        match content.map.location(&LocationId::from(place.as_str())) {
            Some(l) => names.push(l.name.clone()),
            None => problems.push(format!("no place `{place}`")),
        }
    }
    if problems.is_empty() {
        areas.sort();
        areas.dedup();
        Ok(MapExample {
            caption: spec.caption.clone(),
            areas,
            places: spec.places.clone(),
            names,
            from,
        })
    } else {
        Err(problems.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::help::Reference;

    #[test]
    fn every_example_in_the_reference_names_real_areas_and_places() {
        let content = Content::embedded().expect("content");
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let mut seen = 0;
        for section in &reference.sections {
            for json in &section.map_blocks {
                let spec = parse_spec(json).unwrap_or_else(|e| panic!("{}: {e}", section.file));
                let example =
                    resolve(&content, &spec).unwrap_or_else(|e| panic!("{}: {e}", section.file));
                assert!(!example.areas.is_empty() || !example.places.is_empty());
                seen += 1;
            }
        }
        assert!(seen >= 3, "only {seen} map examples");
    }

    #[test]
    fn a_regional_example_marks_what_the_map_data_reaches() {
        let content = Content::embedded().expect("content");
        let spec =
            parse_spec(r#"{"caption": "c", "regional_from": "area_canterbury"}"#).expect("spec");
        let example = resolve(&content, &spec).expect("resolves");
        assert_eq!(example.from.as_deref(), Some("area_canterbury"));
        assert!(example.areas.iter().any(|a| a == "area_rochester"));
        assert!(!example.areas.iter().any(|a| a == "isle_of_wight"));
        let bad = parse_spec(r#"{"caption": "c", "places": ["atlantis"]}"#).expect("spec");
        assert!(resolve(&content, &bad).is_err());
    }
}
