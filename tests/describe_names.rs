//! Descriptions shown to players name things as the content names them: over seeded random
//! games, no description of a legal command, an event or the decision under way may contain a
//! raw content id (`le_swan`, `suffolk_coast`, `city_norwich`, `C66`, `E012`, ...) or any
//! other snake_case key.

use std::collections::BTreeSet;

use warwick::content::Content;
use warwick::rules::{self, Setup};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Every id the content gives a thing, as written in events and commands.
fn content_ids(content: &Content) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let map = &content.map;
    ids.extend(map.locations.iter().map(|l| l.id.to_string()));
    ids.extend(map.areas.iter().map(|a| a.id.to_string()));
    ids.extend(map.regions.iter().map(|r| r.id.to_string()));
    ids.extend(map.sea_zones.iter().map(|z| z.id.to_string()));
    ids.extend(map.zones.iter().map(|z| z.id.to_string()));
    let cards = &content.cards;
    for card in &cards.crown_cards {
        ids.insert(card.id.to_string());
        ids.extend(card.noble.iter().map(ToString::to_string));
        ids.extend(card.ships.iter().map(|s| s.id.to_string()));
    }
    ids.extend(cards.royals.iter().map(|r| r.id.to_string()));
    ids.extend(cards.city_cards.iter().map(|c| c.id.to_string()));
    ids.extend(cards.major_cards.iter().map(|c| c.id.to_string()));
    ids.extend(cards.factions.iter().map(|f| f.id.to_string()));
    ids.extend(content.events.cards().iter().map(|c| c.id.to_string()));
    ids
}

/// Why a text shows a raw id, if it does.
fn raw_id_in(text: &str, ids: &BTreeSet<String>) -> Option<String> {
    let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    for word in words.filter(|w| !w.is_empty()) {
        if ids.contains(word) {
            return Some(format!("the content id {word:?}"));
        }
        if word.contains('_') {
            return Some(format!("the key {word:?}"));
        }
        // Card-id shapes: C66, E012, R03, MB04, F07.
        let letters = word.trim_end_matches(|c: char| c.is_ascii_digit());
        if letters.len() < word.len() && ["C", "E", "R", "MB", "F"].contains(&letters) {
            return Some(format!("the card id {word:?}"));
        }
    }
    None
}

#[test]
fn descriptions_name_things_never_show_raw_ids() {
    let content = Content::embedded().expect("content");
    let ids = content_ids(&content);
    assert!(ids.contains("C66") && ids.len() > 200, "ids collected");
    let mut checked = 0usize;
    let mut check = |text: String, what: &dyn Fn() -> String| {
        if let Some(why) = raw_id_in(&text, &ids) {
            panic!("{why} shows in {text:?} ({})", what());
        }
        checked += 1;
    };
    for (players, seed) in [(3u8, 1u64), (4, 2), (5, 3), (2, 4)] {
        let setup = Setup::new(players, seed);
        let (mut state, events) = rules::start(&content, &setup).expect("set-up");
        let mut before = rules::initial_state(&content, &setup);
        for event in &events {
            check(rules::describe_event(&content, &before, event), &|| {
                format!("{event:?}")
            });
            rules::evolve(&content, &mut before, event);
        }
        let mut rng = Lcg(seed * 13);
        for _ in 0..600 {
            if rules::outcome(&state).is_some() {
                break;
            }
            check(rules::prompt(&content, &state).text, &|| {
                "the prompt".into()
            });
            let Some(&faction) = rules::awaiting(&state).first() else {
                break;
            };
            let legal = rules::legal_commands(&content, &state, faction);
            for command in &legal {
                check(rules::describe_command(&content, &state, command), &|| {
                    format!("{command:?}")
                });
            }
            let Some(command) = legal.get(rng.next(legal.len())) else {
                break;
            };
            let new = rules::decide(&content, &state, faction, command).expect("listed command");
            for event in &new {
                check(rules::describe_event(&content, &state, event), &|| {
                    format!("{event:?}")
                });
                rules::evolve(&content, &mut state, event);
            }
        }
    }
    assert!(checked > 1000, "only {checked} descriptions checked");
}

#[test]
fn the_raw_id_detector_catches_the_old_texts() {
    let content = Content::embedded().expect("content");
    let ids = content_ids(&content);
    for bad in [
        "Red spent a Free Move on neville",
        "Sail le_swan out to sea area irish_sea",
        "Mowbray took the City card city_norwich",
        "Award C66 to Neville",
        "Red drew E012",
        "Red decides (before_event) in the Event Phase of round 1",
    ] {
        assert!(raw_id_in(bad, &ids).is_some(), "{bad}");
    }
    assert_eq!(
        raw_id_in(
            "Move Neville, Earl of Salisbury to the open field of York by road",
            &ids
        ),
        None
    );
}
