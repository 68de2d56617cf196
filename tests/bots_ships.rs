//! The Normal bot uses ships (9.30–9.50): with a lone Royal far away by land but close by
//! sea, it boards its ship in its port and sails to land near the Royal; an empty ship of its
//! own sails towards its main stack. Positions come from the scenario runner's machinery.

use std::collections::{BTreeMap, VecDeque};

use warwick::bots::{Bot, Decision, NormalBot, bot_rng};
use warwick::content::{AreaId, Content, NobleId};
use warwick::rules::scenario::scenario_states;
use warwick::rules::state::Place;
use warwick::rules::{self, Command, State, Viewer};

/// Land steps between Areas by adjacency.
fn land_steps(content: &Content, from: &AreaId) -> BTreeMap<AreaId, u32> {
    let mut out = BTreeMap::from([(*from, 0)]);
    let mut queue = VecDeque::from([*from]);
    while let Some(at) = queue.pop_front() {
        let d = out[&at];
        for next in content
            .map
            .area(&at)
            .map(|a| a.adjacent.clone())
            .unwrap_or_default()
        {
            if let std::collections::btree_map::Entry::Vacant(slot) = out.entry(next) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    out
}

/// Plays faction 0's Movement step with Normal until it ends the step; the commands chosen.
fn movement_step(content: &Content, mut state: State) -> (Vec<Command>, State) {
    let mut bot = NormalBot::new(0);
    let mut rng = bot_rng(1, 0);
    let mut chosen = Vec::new();
    for _ in 0..40 {
        let legal = rules::legal_commands(content, &state, 0);
        let view = rules::view(content, &state, Viewer::Faction { faction: 0 });
        let decision = Decision {
            content,
            me: 0,
            view: &view,
            legal: &legal,
            budget: 0,
            meter: None,
        };
        let c = bot.choose(&decision, &mut rng);
        assert!(legal.contains(&c), "unlisted {c:?}");
        chosen.push(c.clone());
        if c == Command::EndStep {
            break;
        }
        for e in rules::decide(content, &state, 0, &c).expect("accepted") {
            rules::evolve(content, &mut state, &e);
        }
    }
    (chosen, state)
}

fn position(royal_area: &str, ship_at: &str) -> String {
    format!(
        r#"{{
  "name": "ships", "covers": [], "players": 3, "seed": 1,
  "position": {{
    "nobles": {{
      "cromwell": {{ "faction": 0, "awards": ["C57"], "place": {{ "kind": "field", "area": "area_tattershall" }} }},
      "mowbray": {{ "faction": 1, "place": {{ "kind": "field", "area": "area_york" }} }},
      "talbot": {{ "faction": 2, "place": {{ "kind": "field", "area": "area_ludlow" }} }}
    }},
    "royals": {{
      "R01": {{ "kind": "alone", "place": {{ "kind": "field", "area": "{royal_area}" }} }},
      "R02": {{ "kind": "dead" }}, "R03": {{ "kind": "dead" }}, "R04": {{ "kind": "dead" }},
      "R05": {{ "kind": "dead" }}, "R06": {{ "kind": "dead" }}, "R07": {{ "kind": "dead" }}
    }},
    "patch": {{ "/ships": {{
      "le_swan": {{ "card": "C57", "place": {{ "kind": "port", "location": "{ship_at}" }}, "capacity": 100, "moved_round": null }}
    }} }},
    "round": 2, "active": 0, "phase": "movement"
  }}
}}"#
    )
}

#[test]
fn normal_sails_to_a_royal_far_by_land() {
    let content = Content::embedded().expect("content");
    let home = AreaId::from("area_tattershall");
    let land = land_steps(&content, &home);
    // The unfortified port a voyage from Boston reaches that is farthest by land.
    let (far, area) = content
        .map
        .locations
        .iter()
        .filter(|l| !l.kind.is_fortified() && l.area != home)
        .filter(|l| {
            content
                .map
                .sea_distance(&"boston".into(), &l.id)
                .is_some_and(|d| d <= 5)
        })
        .map(|l| (land.get(&l.area).copied().unwrap_or(99), l.area))
        .max()
        .expect("a port in reach");
    assert!(
        far >= 4,
        "the farthest port is only {far} steps away by land"
    );
    let text = position(area.as_str(), "boston");
    let state = scenario_states(&content, &text)
        .expect("position")
        .remove(0);
    let (chosen, state) = movement_step(&content, state);
    assert!(
        chosen
            .iter()
            .any(|c| matches!(c, Command::Board { noble, .. } if noble.as_str() == "cromwell")),
        "no boarding: {chosen:?}"
    );
    assert!(
        chosen.iter().any(|c| matches!(c, Command::Sail { .. })),
        "no voyage: {chosen:?}"
    );
    let landed = match &state.nobles[&NobleId::new("cromwell")].place {
        Place::Field { area } => *area,
        other => panic!("cromwell did not land: {other:?} after {chosen:?}"),
    };
    let after = land_steps(&content, &landed);
    assert!(
        after.get(&area).copied().unwrap_or(99) + 2 < far,
        "landed at {landed}, not nearer {area}: {chosen:?}"
    );
}

#[test]
fn normal_brings_an_empty_ship_towards_its_stack() {
    let content = Content::embedded().expect("content");
    // The Royal next door, so no voyage is worth it; the ship lies far away.
    let text = position("area_tattershall", "southampton");
    let state = scenario_states(&content, &text)
        .expect("position")
        .remove(0);
    let (chosen, _) = movement_step(&content, state);
    assert!(
        chosen
            .iter()
            .any(|c| matches!(c, Command::Sail { ship, .. } if ship == "le_swan")),
        "the ship stayed away: {chosen:?}"
    );
}
