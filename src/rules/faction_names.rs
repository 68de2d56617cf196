//! The names players read for factions: a controlled-random set-up's factions are named after
//! their leading Noble (`Stafford's Faction`), as the pre-set Factions are, instead of their
//! seats' `Player 1`; and a seat's colour is named as its badge draws it. Display only: the
//! rules' state and events keep the seats' names, so no game's log or state changes.

use std::sync::Arc;

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::leading_names::leading_names;
use crate::rules::setup::SetupKind;
use crate::rules::state::State;

/// The name players read for faction `f`: its leading Noble's for a controlled-random set-up
/// (while it still bears its seat's name), else the one the state holds.
pub fn faction_name(content: &Content, state: &State, f: FactionIdx) -> String {
    let Some(faction) = state.factions.get(usize::from(f)) else {
        return format!("faction {f}");
    };
    let seat = state
        .setup
        .seats
        .get(usize::from(f))
        .map(|s| s.name.as_str());
    if state.setup.kind != SetupKind::ControlledRandom || seat != Some(faction.name.as_str()) {
        return faction.name.clone();
    }
    let names = match &state.leading_names.0 {
        Some(names) => Arc::clone(names),
        // A state not replayed from its set-up (a scenario's): worked out from the set-up.
        None => match crate::rules::start(content, &state.setup) {
            Ok((start, _)) => Arc::new(leading_names(content, &start)),
            Err(_) => return faction.name.clone(),
        },
    };
    names
        .get(usize::from(f))
        .cloned()
        .unwrap_or_else(|| faction.name.clone())
}

/// A seat's colour as its badge shows it: the rules' `red` is drawn in an orange shade (the
/// colour-blind-safe palette's vermilion), so it is named orange.
pub fn colour_word(colour: &str) -> &str {
    match colour {
        "red" => "orange",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Setup;

    #[test]
    fn a_controlled_random_set_up_names_its_factions_after_their_leading_nobles() {
        let content = Content::embedded().expect("content");
        let mut setup = Setup::new(3, 42);
        setup.kind = SetupKind::ControlledRandom;
        let (state, _) = crate::rules::start(&content, &setup).unwrap();
        let names: Vec<String> = (0..3).map(|f| faction_name(&content, &state, f)).collect();
        for (f, name) in names.iter().enumerate() {
            assert!(name.ends_with("'s Faction"), "{name}");
            // The Noble it is named after is the faction's own.
            let family = name.trim_end_matches("'s Faction");
            assert!(
                state.nobles.values().any(|n| usize::from(n.faction) == f
                    && content
                        .cards
                        .card(n.card.as_str())
                        .is_some_and(|c| c.name.starts_with(family))),
                "{name}"
            );
        }
        let mut unique = names.clone();
        unique.dedup();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 3, "{names:?}");
        // The state itself keeps the seats' names: nothing of the rules changes.
        assert_eq!(state.factions[0].name, "Player 1");
        // A pre-set game keeps its Factions' own names.
        let (preset, _) = crate::rules::start(&content, &Setup::new(3, 42)).unwrap();
        assert_eq!(faction_name(&content, &preset, 0), preset.factions[0].name);
    }

    #[test]
    fn the_red_seat_is_named_as_its_badge_shows_it() {
        assert_eq!(colour_word("red"), "orange");
        assert_eq!(colour_word("blue"), "blue");
    }
}
