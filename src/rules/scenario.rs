//! Scenario tests as data (`tests/scenarios/README.md`): a set-up, a declarative position laid
//! over it (Nobles with their cards and places, control, hands, deck tops, clock), then
//! commands with the expected events or error, then assertions. Pure: the caller reads files.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::content::{Content, CrownCardId, EventCardId, LocationId, NobleId, RoyalId};
use crate::rules::setup::EventSlot;
use crate::rules::state::{ControlSource, Controller, NobleState, Phase, Place, RoyalPlace};
use crate::rules::{Command, FactionIdx, Setup, awaiting, decide, evolve, legal_commands, start};

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
    /// Any other state field, by JSON pointer into the serialized state (`"/tile_revealed"`),
    /// applied last (before Prestige is recomputed).
    pub patch: BTreeMap<String, serde_json::Value>,
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
    /// The refusal as JSON, matched as a subset of the serialized error: its cause and what
    /// it names (`{"cause":"needs_ship"}`, `{"by":"newark","cause":"enemy"}`).
    pub error_is: Option<serde_json::Value>,
    /// Words the refusal as a player reads it ([`crate::rules::describe_error`]) must contain.
    pub reason_contains: Option<String>,
    /// Events (as JSON) that must appear, each matching some event as a subset
    /// (`{"type":"NobleDied","noble":"mowbray"}`).
    #[serde(default)]
    pub expect: Vec<serde_json::Value>,
    /// Whether `legal_commands` must (true) or must not (false) list the command. When absent,
    /// an accepted command must be listed and a refused one must not be.
    pub listed: Option<bool>,
    /// Skips the default listing check (a known engine gap tracked in `pending/`).
    #[serde(default)]
    pub skip_listed: bool,
    /// Assertions checked after this step.
    #[serde(default)]
    pub assert: Vec<Assertion>,
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
    /// The Noble holds this awarded card.
    HasCard { noble: NobleId, card: CrownCardId },
    /// The serialized state at a JSON pointer matches `equals` (objects as a subset).
    State {
        path: String,
        equals: serde_json::Value,
    },
    /// The array at a JSON pointer of the serialized state has an element matching `value`.
    StateContains {
        path: String,
        value: serde_json::Value,
    },
    /// The array at a JSON pointer of the serialized state has no element matching `value`.
    StateLacks {
        path: String,
        value: serde_json::Value,
    },
    /// Exactly these factions may act now.
    Awaiting { factions: Vec<FactionIdx> },
    /// What a faction (or, with `viewer` null, a spectator) sees: the serialized `view` at a
    /// JSON pointer matches `equals`, or has no such field when `absent` is true.
    View {
        viewer: Option<FactionIdx>,
        path: String,
        #[serde(default)]
        equals: Option<serde_json::Value>,
        #[serde(default)]
        absent: bool,
    },
    /// The combined Prestige of these factions (an Alliance, 16.13).
    GroupPrestige {
        factions: Vec<FactionIdx>,
        prestige: u32,
    },
    /// The array (or object) at a JSON pointer of the serialized state has this many entries.
    Length { path: String, len: usize },
}

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    /// Name.
    pub name: String,
    /// Checklist items covered (`9.10`, `Z23`).
    pub covers: Vec<String>,
    /// The anchor of the entry in `docs/rules-decisions.md` giving the reading this scenario
    /// pins, where the rulebook left a question open.
    #[serde(default)]
    pub decision: Option<String>,
    /// Players.
    pub players: u8,
    /// Seed.
    #[serde(default)]
    pub seed: u64,
    /// Fields laid over `Setup::new(players, seed)` (`{"kind":"controlled_random"}`).
    #[serde(default)]
    pub setup: Option<serde_json::Value>,
    /// Event kinds the set-up must produce, in order.
    #[serde(default)]
    pub setup_events: Vec<String>,
    /// The set-up must be refused with this `SetupProblem` (`player_count`, ...).
    #[serde(default)]
    pub setup_error: Option<String>,
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

/// The scenario's set-up: `Setup::new(players, seed)` with its `setup` fields laid over.
fn setup_of(scenario: &Scenario) -> Result<Setup, String> {
    let mut setup = Setup::new(scenario.players, scenario.seed);
    if let Some(over) = &scenario.setup {
        let mut v = serde_json::to_value(&setup).map_err(|e| format!("set-up: {e}"))?;
        merge(&mut v, over);
        setup = serde_json::from_value(v).map_err(|e| format!("set-up: {e}"))?;
    }
    Ok(setup)
}

/// The positions a scenario passes through, without checking it: the state once its position
/// is laid, then after each step the rules accept (refused steps are skipped). For tests that
/// need real mid-game positions, such as the bots' decision coverage.
pub fn scenario_states(content: &Content, text: &str) -> Result<Vec<crate::rules::State>, String> {
    let scenario: Scenario = serde_json::from_str(text).map_err(|e| format!("parse: {e}"))?;
    if scenario.setup_error.is_some() {
        return Ok(Vec::new());
    }
    let (mut state, _) = start(content, &setup_of(&scenario)?).map_err(|e| format!("{e}"))?;
    apply_position(content, &mut state, &scenario.position)?;
    let mut out = vec![state.clone()];
    for step in &scenario.steps {
        if let Ok(events) = decide(content, &state, step.by, &step.command) {
            for event in &events {
                evolve(content, &mut state, event);
            }
            out.push(state.clone());
        }
    }
    Ok(out)
}

/// Parses and runs a scenario; `Err` carries the reason it failed.
pub fn run_scenario(content: &Content, text: &str) -> Result<Scenario, String> {
    let scenario: Scenario = serde_json::from_str(text).map_err(|e| format!("parse: {e}"))?;
    let setup = setup_of(&scenario)?;
    let started = start(content, &setup);
    if let Some(want) = &scenario.setup_error {
        let got = started.err().and_then(|e| {
            let v = serde_json::to_value(&e).ok()?;
            v.get("problem").and_then(|x| x.as_str()).map(str::to_owned)
        });
        if got.as_deref() != Some(want.as_str()) {
            return Err(format!("set-up: expected refusal {want}, got {got:?}"));
        }
        return Ok(scenario);
    }
    let (mut state, setup_events) = started.map_err(|e| format!("set-up: {e}"))?;
    let kinds: Vec<&str> = setup_events.iter().map(|e| e.kind()).collect();
    in_order(&kinds, &scenario.setup_events).map_err(|e| format!("set-up: {e}"))?;
    apply_position(content, &mut state, &scenario.position)?;
    for (i, step) in scenario.steps.iter().enumerate() {
        let listed = legal_commands(content, &state, step.by).contains(&step.command);
        let want = step.listed.or(if step.skip_listed {
            None
        } else {
            Some(step.error.is_none())
        });
        if let Some(want) = want
            && listed != want
        {
            return Err(format!(
                "step {i}: legal_commands {} the command",
                if listed { "lists" } else { "does not list" }
            ));
        }
        match (decide(content, &state, step.by, &step.command), &step.error) {
            (Ok(events), None) => {
                let kinds: Vec<&str> = events.iter().map(|e| e.kind()).collect();
                in_order(&kinds, &step.events).map_err(|e| format!("step {i}: {e}"))?;
                let json: Vec<serde_json::Value> = events
                    .iter()
                    .filter_map(|e| serde_json::to_value(e).ok())
                    .collect();
                for want in &step.expect {
                    if !json.iter().any(|e| subset(want, e)) {
                        return Err(format!("step {i}: no event matches {want} in {kinds:?}"));
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
                let json = serde_json::to_value(&e).unwrap_or_default();
                let got = json.get("error").and_then(|x| x.as_str());
                if got != Some(want.as_str()) {
                    return Err(format!("step {i}: expected error {want}, got {e}"));
                }
                if let Some(is) = &step.error_is
                    && !subset(is, &json)
                {
                    return Err(format!("step {i}: expected the refusal {is}, got {json}"));
                }
                let reason = crate::rules::describe_error(content, &state, &e);
                if let Some(words) = &step.reason_contains
                    && !reason.contains(words.as_str())
                {
                    return Err(format!(
                        "step {i}: the refusal \"{reason}\" lacks \"{words}\""
                    ));
                }
            }
            (Err(e), None) => return Err(format!("step {i}: refused: {e}")),
        }
        for a in &step.assert {
            check(content, &state, a).map_err(|e| format!("step {i}: {e}"))?;
        }
    }
    for a in &scenario.assert {
        check(content, &state, a)?;
    }
    Ok(scenario)
}

/// The wanted kinds appear in `kinds` in this order (others may come between).
fn in_order(kinds: &[&str], wanted: &[String]) -> Result<(), String> {
    let mut at = 0;
    for want in wanted {
        match kinds[at..].iter().position(|k| k == want) {
            Some(p) => at += p + 1,
            None => return Err(format!("expected event {want} in {kinds:?}")),
        }
    }
    Ok(())
}

/// `want` matches `got`: objects as a subset (recursively), arrays element by element.
fn subset(want: &serde_json::Value, got: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => w
            .iter()
            .all(|(k, v)| g.get(k).is_some_and(|x| subset(v, x))),
        (Value::Array(w), Value::Array(g)) => {
            w.len() == g.len() && w.iter().zip(g).all(|(a, b)| subset(a, b))
        }
        _ => want == got,
    }
}

/// Lays `over` onto `base` (objects merged key by key, anything else replaced).
fn merge(base: &mut serde_json::Value, over: &serde_json::Value) {
    match (base, over) {
        (serde_json::Value::Object(b), serde_json::Value::Object(o)) => {
            for (k, v) in o {
                merge(b.entry(k.clone()).or_insert(serde_json::Value::Null), v);
            }
        }
        (b, o) => *b = o.clone(),
    }
}

fn check(content: &Content, state: &crate::rules::State, a: &Assertion) -> Result<(), String> {
    let json = || serde_json::to_value(state).unwrap_or_default();
    let array_has = |path: &str, value: &serde_json::Value| {
        json()
            .pointer(path)
            .and_then(|v| v.as_array().cloned())
            .map(|arr| arr.iter().any(|x| subset(value, x)))
    };
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
        Assertion::HasCard { noble, card } => state
            .nobles
            .get(noble)
            .is_some_and(|n| n.awards.contains(card)),
        Assertion::State { path, equals } => {
            let got = json().pointer(path).cloned();
            if !got.as_ref().is_some_and(|g| subset(equals, g)) {
                return Err(format!("assertion failed: {a:?}, found {got:?}"));
            }
            true
        }
        Assertion::StateContains { path, value } => array_has(path, value) == Some(true),
        Assertion::StateLacks { path, value } => array_has(path, value) == Some(false),
        Assertion::Awaiting { factions } => awaiting(state) == *factions,
        Assertion::View {
            viewer,
            path,
            equals,
            absent,
        } => {
            let who = match viewer {
                Some(f) => crate::rules::Viewer::Faction { faction: *f },
                None => crate::rules::Viewer::Spectator,
            };
            let v =
                serde_json::to_value(crate::rules::view(content, state, who)).unwrap_or_default();
            let got = v.pointer(path).cloned();
            let ok = if *absent {
                got.is_none()
            } else {
                match (equals, &got) {
                    (Some(want), Some(g)) => subset(want, g),
                    (None, Some(g)) => g.is_null(),
                    _ => false,
                }
            };
            if !ok {
                return Err(format!("assertion failed: {a:?}, found {got:?}"));
            }
            true
        }
        Assertion::GroupPrestige { factions, prestige } => {
            let got = crate::rules::prestige::group_prestige(content, state, factions);
            if got != *prestige {
                return Err(format!("assertion failed: {a:?}, found {got}"));
            }
            true
        }
        Assertion::Length { path, len } => {
            let got = json().pointer(path).and_then(|v| match v {
                serde_json::Value::Array(a) => Some(a.len()),
                serde_json::Value::Object(o) => Some(o.len()),
                _ => None,
            });
            if got != Some(*len) {
                return Err(format!("assertion failed: {a:?}, found {got:?}"));
            }
            true
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("assertion failed: {a:?}"))
    }
}

/// Lays the position over the state (a fixture: no events).
fn apply_position(
    content: &Content,
    state: &mut crate::rules::State,
    p: &Position,
) -> Result<(), String> {
    let mut freed: Vec<CrownCardId> = Vec::new();
    if let Some(nobles) = &p.nobles {
        for n in state.nobles.values() {
            freed.push(n.card);
            freed.extend(n.awards.iter().cloned());
        }
        state.nobles.clear();
        state.control.retain(|_, c| c.faction.is_none());
        for (seq, (id, spec)) in nobles.iter().enumerate() {
            let Some(card) = content.cards.noble_card(id.as_str()).map(|c| c.id) else {
                continue;
            };
            state.nobles.insert(
                *id,
                NobleState {
                    faction: spec.faction,
                    card,
                    awards: spec.awards.clone(),
                    cities: Vec::new(),
                    majors: Vec::new(),
                    place: spec.place.clone(),
                    moved_round: None,
                    attacked_round: None,
                    free_moved_round: None,
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
                    *location,
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
        .flat_map(|n| std::iter::once(n.card).chain(n.awards.iter().cloned()))
        .chain(state.factions.iter().flat_map(|f| f.hand.iter().cloned()))
        .collect();
    if let Some(ch) = &p.chancery {
        *state.chancery = ch.clone();
    }
    let mut pool: Vec<CrownCardId> = content
        .cards
        .crown_cards
        .iter()
        .map(|c| c.id)
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
            .map(|c| EventSlot::Card { card: *c })
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
    if !p.patch.is_empty() {
        let mut v = serde_json::to_value(&*state).map_err(|e| format!("patch: {e}"))?;
        for (path, value) in &p.patch {
            if let Some(slot) = v.pointer_mut(path) {
                *slot = value.clone();
                continue;
            }
            // A new key of an existing object (`/control/london`).
            let (parent, key) = path.rsplit_once('/').unwrap_or(("", path));
            match v.pointer_mut(parent).and_then(|p| p.as_object_mut()) {
                Some(obj) => {
                    obj.insert(key.to_owned(), value.clone());
                }
                None => return Err(format!("patch: no field {path}")),
            }
        }
        *state = serde_json::from_value(v).map_err(|e| format!("patch: {e}"))?;
    }
    for f in 0..state.players() {
        state.factions[f].prestige = crate::rules::prestige::prestige(content, state, f as u8);
        // A position holding both houses unmarked holds them from this round on (17.13); a
        // scenario wanting an older mark patches `/factions/N/both_houses_since`.
        if state.factions[f].both_houses_since.is_none()
            && crate::rules::royalty::holds_both(content, state, f as u8)
        {
            state.factions[f].both_houses_since = Some(state.clock.round);
        }
    }
    Ok(())
}
