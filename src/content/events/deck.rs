//! [`EventDeck`]: the 92 validated Event cards, the embedded data files they come from, the
//! ids they name for the cross-part checks, and a one-line summary.

use serde::Serialize;
use ts_rs::TS;

use super::load;
use super::model::{Destination, EventCard, EventType, Summoner, TopHalf};
use crate::content::ids::EventCardId;
use crate::content::refs::{Reference, Target};
use crate::content::{DataFiles, Report};

/// Data files of the Event deck, embedded at compile time (path relative to `data/`, text).
pub const FILES: &[(&str, &str)] = &[
    (
        "events/raids.toml",
        include_str!("../../../data/events/raids.toml"),
    ),
    (
        "events/embassies.toml",
        include_str!("../../../data/events/embassies.toml"),
    ),
    (
        "events/storms.toml",
        include_str!("../../../data/events/storms.toml"),
    ),
    (
        "events/mercenaries_go_home.toml",
        include_str!("../../../data/events/mercenaries_go_home.toml"),
    ),
    (
        "events/plagues.toml",
        include_str!("../../../data/events/plagues.toml"),
    ),
    (
        "events/free_moves.toml",
        include_str!("../../../data/events/free_moves.toml"),
    ),
    (
        "events/clamours.toml",
        include_str!("../../../data/events/clamours.toml"),
    ),
    (
        "events/chancellors.toml",
        include_str!("../../../data/events/chancellors.toml"),
    ),
];

/// The validated Event deck. Serializes (flattened into the content export) as
/// `event_cards`: `[{id, name, type, <top-half fields>, combat, source}]`.
#[derive(Clone, Debug, Default, Serialize, TS)]
#[ts(export)]
pub struct EventDeck {
    /// Every card, E001 first.
    pub event_cards: Vec<EventCard>,
}

impl EventDeck {
    /// Parses and validates the Event card files, pushing every problem into `report`.
    pub fn load(files: &DataFiles, report: &mut Report) -> EventDeck {
        let mut event_cards = load::load_cards(files, report);
        event_cards.sort_by_key(|a| a.id);
        EventDeck { event_cards }
    }

    /// Every card, in id order.
    pub fn cards(&self) -> &[EventCard] {
        &self.event_cards
    }

    /// One card by id.
    pub fn card(&self, id: &EventCardId) -> Option<&EventCard> {
        self.event_cards.iter().find(|card| &card.id == id)
    }

    /// The cards of one type.
    pub fn of_type(&self, kind: EventType) -> impl Iterator<Item = &EventCard> {
        self.event_cards
            .iter()
            .filter(move |card| card.event_type() == kind)
    }

    /// Every id these cards name that another part must define (places, Areas, Crown cards,
    /// Nobles).
    pub fn references(&self) -> Vec<Reference> {
        let mut out = Vec::new();
        for card in &self.event_cards {
            let file = load::file_of(card.event_type());
            let mut add = |field: String, target: Target| {
                out.push(Reference {
                    file: file.to_owned(),
                    item: card.id.to_string(),
                    field,
                    target,
                });
            };
            match &card.top {
                TopHalf::Raid { summons } => {
                    for (j, line) in summons.iter().enumerate() {
                        match &line.who {
                            Summoner::Noble(noble) => {
                                add(format!("summons[{j}].who.noble"), Target::Noble(*noble));
                            }
                            Summoner::Holder(crown) => add(
                                format!("summons[{j}].who.holder"),
                                Target::CrownCard(*crown),
                            ),
                        }
                        match &line.to {
                            Destination::Location(place) => {
                                add(format!("summons[{j}].to"), Target::Location(*place));
                            }
                            Destination::Area(area) => {
                                add(format!("summons[{j}].to_area"), Target::Area(*area));
                            }
                        }
                    }
                }
                TopHalf::Embassy { to } => add("to".to_owned(), Target::Location(*to)),
                TopHalf::MercenariesGoHome { mercenaries } => {
                    for (i, crown) in mercenaries.iter().enumerate() {
                        add(format!("mercenaries[{i}]"), Target::CrownCard(*crown));
                    }
                }
                TopHalf::Plague { towns } => {
                    for (i, place) in towns.iter().enumerate() {
                        add(format!("towns[{i}]"), Target::Location(*place));
                    }
                }
                TopHalf::Storms | TopHalf::FreeMove | TopHalf::Clamour | TopHalf::Chancellor => {}
            }
            if let Some(combat) = &card.combat {
                for (i, noble) in combat.killed.iter().enumerate() {
                    add(format!("combat.killed[{i}]"), Target::Noble(*noble));
                }
            }
        }
        out
    }

    /// One line: how many Event cards of each type.
    pub fn summary(&self) -> String {
        let parts: Vec<String> = EventType::ALL
            .iter()
            .map(|kind| format!("{} {}", self.of_type(*kind).count(), kind))
            .collect();
        format!(
            "{} Event cards ({})",
            self.event_cards.len(),
            parts.join(", ")
        )
    }
}
