//! Scenario tests as data (`tests/scenarios/README.md`): a set-up, a declarative position laid
//! over it (Nobles with their cards and places, control, hands, deck tops, clock), then
//! commands with the expected events or error, then assertions. Pure: the caller reads files.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::content::{Content, CrownCardId, EventCardId, LocationId, NobleId, RoyalId};
use crate::rules::setup::EventSlot;
use crate::rules::state::{ControlSource, Controller, NobleState, Phase, Place, RoyalPlace};
use crate::rules::{Command, FactionIdx, Setup, decide, evolve, start};

/// A Noble in a scenario position.
#[derive(Clone, Debug, Deserialize)]
pub struct NobleSpec {
    /// Owning faction.
    pub faction: FactionIdx,
    /// Awarded cards.
    #[serde(default)]
    pub awards: Vec<CrownCardId>,
    /// Where it stands.
    pub place: Place,
}

/// A declarative position laid over the set-up.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Position {
    /// If given, replaces every Noble in play.
    pub nobles: Option<BTreeMap<NobleId, NobleSpec>>,
    /// Royals: attached to a Noble (`{"kind":"with","noble":..}`) or alone.
    pub royals: BTreeMap<RoyalId, RoyalPlace>,
    /// Places and their controlling faction (`null` = neutral).
    pub control: BTreeMap<LocationId, Option<FactionIdx>>,
    /// Hands by faction.
    pub hands: BTreeMap<FactionIdx, Vec<CrownCardId>>,
    /// Cards put on top of the Event deck, top first.
    pub event_deck_top: Vec<EventCardId>,
    /// Cards put on top of the Crown deck, top first.
    pub crown_deck_top: Vec<CrownCardId>,
    /// Chancery.
    pub chancery: Option<Vec<CrownCardId>>,
    /// Round.
    pub round: Option<u32>,
    /// Active faction.
    pub active: Option<FactionIdx>,
    /// Phase.
    pub phase: Option<Phase>,
    /// Step.
    pub step: Option<u8>,
}

/// One command and what must follow.
#[derive(Clone, Debug, Deserialize)]
pub struct Step {
    /// The faction giving it.
    pub by: FactionIdx,
    /// The command.
    pub command: Command,
    /// Event kinds that must appear, in this order (others may come between).
    #[serde(default)]
    pub events: Vec<String>,
    /// The error variant expected instead (`unreachable`, `not_friendly`, ...).
    pub error: Option<String>,
}

/// An assertion on the final state.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Assertion {
    /// The Noble stands at this place.
    NobleAt { noble: NobleId, place: Place },
    /// The Noble is out of play.
    NobleGone { noble: NobleId },
    /// The place is controlled by the faction (`null` = neutral).
    Controls {
        location: LocationId,
        faction: Option<FactionIdx>,
    },
    /// The faction's hand size.
    HandSize { faction: FactionIdx, size: usize },
    /// The faction's Prestige.
    Prestige { faction: FactionIdx, prestige: u32 },
    /// The Royal's controller (`null` = none).
    RoyalController {
        royal: RoyalId,
        faction: Option<FactionIdx>,
    },
}

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    /// Name.
    pub name: String,
    /// Checklist items covered (`9.10`, `Z23`).
    pub covers: Vec<String>,
    /// Players.
    pub players: u8,
    /// Seed.
    #[serde(default)]
    pub seed: u64,
    /// The position.
    #[serde(default)]
    pub position: Position,
    /// Commands.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Final assertions.
    #[serde(default)]
    pub assert: Vec<Assertion>,
}

/// Parses and runs a scenario; `Err` carries the reason it failed.
pub fn run_scenario(content: &Content, text: &str) -> Result<Scenario, String> {
    let scenario: Scenario = serde_json::from_str(text).map_err(|e| format!("parse: {e}"))?;
    let setup = Setup::new(scenario.players, scenario.seed);
    let (mut state, _) = start(content, &setup).map_err(|e| format!("set-up: {e}"))?;
    apply_position(content, &mut state, &scenario.position);
    for (i, step) in scenario.steps.iter().enumerate() {
        match (decide(content, &state, step.by, &step.command), &step.error) {
            (Ok(events), None) => {
                let kinds: Vec<&str> = events.iter().map(|e| e.kind()).collect();
                let mut at = 0;
                for want in &step.events {
                    match kinds[at..].iter().position(|k| k == want) {
                        Some(p) => at += p + 1,
                        None => {
                            return Err(format!("step {i}: expected event {want} in {kinds:?}"));
                        }
                    }
                }
                for event in &events {
                    evolve(content, &mut state, event);
                }
            }
            (Ok(events), Some(want)) => {
                return Err(format!(
                    "step {i}: expected error {want}, got {} events",
                    events.len()
                ));
            }
            (Err(e), Some(want)) => {
                let got = serde_json::to_value(&e)
                    .ok()
                    .and_then(|v| v.get("error").and_then(|x| x.as_str()).map(str::to_owned));
                if got.as_deref() != Some(want.as_str()) {
                    return Err(format!("step {i}: expected error {want}, got {e}"));
                }
            }
            (Err(e), None) => return Err(format!("step {i}: refused: {e}")),
        }
    }
    for a in &scenario.assert {
        check(&state, a)?;
    }
    Ok(scenario)
}

fn check(state: &crate::rules::State, a: &Assertion) -> Result<(), String> {
    let ok = match a {
        Assertion::NobleAt { noble, place } => {
            state.nobles.get(noble).is_some_and(|n| &n.place == place)
        }
        Assertion::NobleGone { noble } => !state.nobles.contains_key(noble),
        Assertion::Controls { location, faction } => state.controller_of(location) == *faction,
        Assertion::HandSize { faction, size } => state
            .factions
            .get(usize::from(*faction))
            .is_some_and(|f| f.hand.len() == *size),
        Assertion::Prestige { faction, prestige } => state
            .factions
            .get(usize::from(*faction))
            .is_some_and(|f| f.prestige == *prestige),
        Assertion::RoyalController { royal, faction } => state.royal_controller(royal) == *faction,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("assertion failed: {a:?}"))
    }
}

/// Lays the position over the state (a fixture: no events).
fn apply_position(content: &Content, state: &mut crate::rules::State, p: &Position) {
    let mut freed: Vec<CrownCardId> = Vec::new();
    if let Some(nobles) = &p.nobles {
        for n in state.nobles.values() {
            freed.push(n.card.clone());
            freed.extend(n.awards.iter().cloned());
        }
        state.nobles.clear();
        state.control.retain(|_, c| c.faction.is_none());
        for (seq, (id, spec)) in nobles.iter().enumerate() {
            let Some(card) = content.cards.noble_card(id.as_str()).map(|c| c.id.clone()) else {
                continue;
            };
            state.nobles.insert(
                id.clone(),
                NobleState {
                    faction: spec.faction,
                    card,
                    awards: spec.awards.clone(),
                    cities: Vec::new(),
                    majors: Vec::new(),
                    place: spec.place.clone(),
                    moved_round: None,
                    attacked_round: None,
                    seq: seq as u32,
                },
            );
        }
        for r in state.royals.values_mut() {
            if matches!(r.place, RoyalPlace::With { .. }) {
                r.place = RoyalPlace::Dead;
            }
        }
    }
    for (royal, place) in &p.royals {
        if let Some(r) = state.royals.get_mut(royal) {
            r.place = place.clone();
        }
    }
    for (location, faction) in &p.control {
        match faction {
            Some(f) => {
                state.control.insert(
                    location.clone(),
                    Controller {
                        faction: Some(*f),
                        source: ControlSource::Occupation,
                    },
                );
            }
            None => {
                state.control.remove(location);
            }
        }
    }
    for (faction, hand) in &p.hands {
        if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
            freed.append(&mut f.hand);
            f.hand.clone_from(hand);
        }
    }
    // Every Crown card not placed by the position goes back to the deck (top cards first).
    let placed: Vec<CrownCardId> = state
        .nobles
        .values()
        .flat_map(|n| std::iter::once(n.card.clone()).chain(n.awards.iter().cloned()))
        .chain(state.factions.iter().flat_map(|f| f.hand.iter().cloned()))
        .collect();
    if let Some(ch) = &p.chancery {
        state.chancery.clone_from(ch);
    }
    let mut pool: Vec<CrownCardId> = content
        .cards
        .crown_cards
        .iter()
        .map(|c| c.id.clone())
        .filter(|c| {
            !placed.contains(c) && !state.chancery.contains(c) && !state.city_pile.contains(c)
        })
        .collect();
    pool.retain(|c| !p.crown_deck_top.contains(c));
    state.crown_discard.clear();
    state.crown_deck = p.crown_deck_top.iter().cloned().chain(pool).collect();
    let _ = freed;
    if !p.event_deck_top.is_empty() {
        state
            .event_deck
            .retain(|s| !matches!(s, EventSlot::Card { card } if p.event_deck_top.contains(card)));
        state
            .event_discard
            .retain(|c| !p.event_deck_top.contains(c));
        state
            .event_removed
            .retain(|c| !p.event_deck_top.contains(c));
        for f in &mut state.factions {
            f.free_moves.retain(|c| !p.event_deck_top.contains(c));
        }
        let top: Vec<EventSlot> = p
            .event_deck_top
            .iter()
            .map(|c| EventSlot::Card { card: c.clone() })
            .collect();
        state.event_deck.splice(0..0, top);
    }
    if let Some(r) = p.round {
        state.clock.round = r;
    }
    if let Some(a) = p.active {
        state.clock.active = a;
        state.clock.turn = state.order.iter().position(|x| *x == a).unwrap_or(0) as u8;
    }
    if let Some(ph) = p.phase {
        state.clock.phase = ph;
        state.clock.step = p.step.unwrap_or(1);
    }
    for f in 0..state.players() {
        state.factions[f].prestige = crate::rules::prestige::prestige(content, state, f as u8);
    }
}
