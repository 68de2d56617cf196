//! Card and place reference: for each Crown card, Royal and place of the content, what it is in
//! a sentence or two (built from the data: troops, bonus, places, ships, Prestige, garrison,
//! capacity) and which reference sections touch it.

use serde::Serialize;
use ts_rs::TS;

use crate::content::Content;
use crate::content::cards::{CardType, CrownCard, House, Royal};
use crate::content::map::{Location, LocationKind};

use super::link::RuleLink;

/// What an entry describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A Crown card (`C01`).
    Card,
    /// A Royal piece and its card (`R01`).
    Royal,
    /// A place on the map (`london`).
    Place,
}

/// One card, Royal or place explained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Entry {
    /// The content id (`C07`, `R01`, `london`).
    pub id: String,
    /// What it is.
    pub kind: EntryKind,
    /// Its name.
    pub name: String,
    /// What it is and does, in words.
    pub text: String,
    /// The sections that touch it.
    pub rules: Vec<RuleLink>,
}

fn link(section: &str, anchor: &str) -> RuleLink {
    RuleLink::new(section, anchor)
}

fn names(content: &Content, ids: &[crate::content::LocationId]) -> String {
    ids.iter()
        .map(|id| {
            content
                .map
                .location(id)
                .map_or_else(|| id.to_string(), |l| l.name.clone())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn card_entry(content: &Content, card: &CrownCard) -> Entry {
    let (what, mut rules) = match card.card_type {
        CardType::UntitledNoble => (
            "A Noble without a Title of its own: it may take one Title, then one Office, and one Archbishop or Bishop.",
            vec![link("factions", "2.08")],
        ),
        CardType::TitledNoble => (
            "A titled Noble: it may take one Office and one Archbishop or Bishop, but no further Title.",
            vec![link("factions", "2.09")],
        ),
        CardType::Title => (
            "A Title, awarded to a Noble that has none; it never changes hands afterwards.",
            vec![link("factions", "2.08"), link("transfers", "20.02")],
        ),
        CardType::Office => (
            "An Office, held by a titled Noble, one each; it moves only at Parliament. Each Office in play is worth 1 Prestige.",
            vec![link("factions", "2.09"), link("parliament", "12.13")],
        ),
        CardType::Bishop => (
            "A churchman: one per Noble. An Archbishop, or two Bishops, let you crown a Royal.",
            vec![link("factions", "2.11"), link("coronation", "13.02")],
        ),
        CardType::Mercenary => (
            "Hired troops: any number per Noble, and they can be passed between Nobles. Mercenaries Go Home sends them back.",
            vec![link("factions", "2.12"), link("events", "8.31")],
        ),
        CardType::Ship => (
            "A ship that carries Nobles by sea; any number per Noble.",
            vec![link("movement", "9.30")],
        ),
        CardType::Town => (
            "A fortified Town: the Noble holding it controls the place.",
            vec![link("crown-cards", "19.13")],
        ),
    };
    let mut parts = vec![what.to_owned()];
    if card.troops > 0 {
        parts.push(format!("{} troops anywhere.", card.troops));
    }
    if let Some(bonus) = &card.bonus {
        let zone = content
            .map
            .zone(&bonus.zone)
            .map_or_else(|| bonus.zone.to_string(), |z| z.name.clone());
        parts.push(format!(
            "{} more troops while in {zone} (a regional bonus).",
            bonus.troops
        ));
        rules.push(link("factions", "2.10"));
    }
    if !card.locations.is_empty() {
        let label = if card.card_type.is_noble() {
            "Home castles"
        } else {
            "Controls"
        };
        parts.push(format!("{label}: {}.", names(content, &card.locations)));
        rules.push(link("crown-cards", "19.13"));
    }
    if let Some(city) = &card.city {
        parts.push(format!(
            "Gives control of the City ({city}) whenever it is neutral."
        ));
        rules.push(link("crown-cards", "19.16"));
    }
    for ship in &card.ships {
        parts.push(format!(
            "Brings the ship {} (carries {} troops), starting at {}.",
            ship.name,
            ship.capacity,
            names(content, std::slice::from_ref(&ship.home_port))
        ));
    }
    if card.prestige > 0 {
        parts.push(format!("Worth {} Prestige in play.", card.prestige));
        rules.push(link("prestige", "16.01"));
    }
    rules.dedup();
    Entry {
        id: card.id.to_string(),
        kind: EntryKind::Card,
        name: card.name.clone(),
        text: parts.join(" "),
        rules,
    }
}

fn royal_entry(content: &Content, royal: &Royal) -> Entry {
    let house = match royal.house {
        House::Lancaster => "Lancaster",
        House::York => "York",
    };
    let mut text = format!(
        "A Royal of the House of {house}, number {} in its line of succession. Starts at {}.",
        royal.rank,
        names(content, std::slice::from_ref(&royal.start))
    );
    if royal.crowned_at_start {
        text.push_str(" King when the game begins.");
    }
    if !royal.castles.is_empty() {
        text.push_str(&format!(
            " Its card gives control of {}.",
            names(content, &royal.castles)
        ));
    }
    let anchor = match royal.house {
        House::Lancaster => "1.04",
        House::York => "1.05",
    };
    Entry {
        id: royal.id.to_string(),
        kind: EntryKind::Royal,
        name: royal.name.clone(),
        text,
        rules: vec![
            link("royalty", anchor),
            link("royals", "17.02"),
            link("coronation", "13.01"),
        ],
    }
}

fn place_entry(content: &Content, place: &Location) -> Entry {
    let kind = match place.kind {
        LocationKind::City => "A City",
        LocationKind::FortifiedTown => "A fortified Town",
        LocationKind::RoyalCastle => "A Royal castle",
        LocationKind::Castle => "A castle",
        LocationKind::OpenTown => "An Open Town",
        LocationKind::UnfortifiedTown => "An unfortified town",
    };
    let area = content
        .map
        .area(&place.area)
        .map_or_else(|| place.area.to_string(), |a| a.name.clone());
    let mut text = format!("{kind} in the Area of {area}.");
    let mut rules = Vec::new();
    if place.kind.is_fortified() {
        let room = place
            .capacity
            .map_or_else(|| "any number of".to_owned(), |c| format!("up to {c}"));
        text.push_str(&format!(
            " Garrison {}; it shelters {room} troops of friendly Nobles besides.",
            place.garrison
        ));
        rules.push(link("crown-cards", "19.14"));
        rules.push(link("sieges", "10.40"));
    } else {
        text.push_str(" It is part of the open field: no one controls it and it has no garrison.");
        rules.push(link("factions", "2.17"));
    }
    if place.kind == LocationKind::OpenTown {
        text.push_str(" Held only by whoever occupies it.");
        rules.push(link("crown-cards", "19.15"));
    }
    if place.across_road {
        text.push_str(" It lies across a road: when hostile it stops Road moves.");
        rules.push(link("movement", "9.24"));
    }
    if place.port {
        text.push_str(" It has a port.");
        rules.push(link("movement", "9.38"));
    }
    if place.cathedral {
        text.push_str(" It has a cathedral, where Royals can be crowned.");
        rules.push(link("coronation", "13.03"));
    }
    let cards: Vec<&str> = content
        .cards
        .crown_cards
        .iter()
        .filter(|c| c.locations.contains(&place.id))
        .map(|c| c.name.as_str())
        .collect();
    if !cards.is_empty() {
        text.push_str(&format!(" Named on: {}.", cards.join(", ")));
    }
    Entry {
        id: place.id.to_string(),
        kind: EntryKind::Place,
        name: place.name.clone(),
        text,
        rules,
    }
}

/// Every card, Royal and place of the content explained.
pub fn entries(content: &Content) -> Vec<Entry> {
    let cards = content
        .cards
        .crown_cards
        .iter()
        .map(|c| card_entry(content, c));
    let royals = content.cards.royals.iter().map(|r| royal_entry(content, r));
    let places = content
        .map
        .locations
        .iter()
        .map(|l| place_entry(content, l));
    cards.chain(royals).chain(places).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::help::Reference;

    #[test]
    fn every_entry_has_words_and_existing_rules() {
        let content = Content::embedded().expect("content");
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let all = entries(&content);
        assert!(all.len() > 74 + 7);
        for entry in &all {
            assert!(
                !entry.text.is_empty() && !entry.rules.is_empty(),
                "{entry:?}"
            );
            for rule in &entry.rules {
                assert!(
                    reference.has(&rule.section, rule.anchor.as_deref()),
                    "{}: {rule:?}",
                    entry.id
                );
            }
        }
        let london = all.iter().find(|e| e.id == "london").expect("london");
        assert!(london.text.contains("City"), "{}", london.text);
    }
}
