//! A controlled-random set-up's factions named after their leading Noble (`Stafford's
//! Faction`), worked out once as the set-up ends and kept in the state for display
//! ([`crate::rules::faction_name`]).

use std::sync::Arc;

use crate::content::Content;
use crate::rules::setup::SetupKind;
use crate::rules::state::{LeadingNames, State};

/// Keeps the faction names of a controlled-random set-up in `state` as its set-up ends.
pub(crate) fn remember(content: &Content, state: &mut State) {
    if state.setup.kind == SetupKind::ControlledRandom {
        state.leading_names = LeadingNames(Some(Arc::new(leading_names(content, state))));
    }
}

/// Each faction named after its leading Noble at the end of set-up: the one with the most
/// troops (its card's and its awards'), the first to enter on a tie; a family name another
/// faction took already passes to the faction's next Noble.
pub(crate) fn leading_names(content: &Content, state: &State) -> Vec<String> {
    let troops = |card: &str| content.cards.card(card).map_or(0, |c| c.troops);
    let mut taken: Vec<String> = Vec::new();
    (0..state.factions.len())
        .map(|f| {
            let mut nobles: Vec<(u32, u32, String)> = state
                .nobles
                .values()
                .filter(|n| usize::from(n.faction) == f)
                .map(|n| {
                    let strength = troops(n.card.as_str())
                        + n.awards.iter().map(|a| troops(a.as_str())).sum::<u32>();
                    let name = content
                        .cards
                        .card(n.card.as_str())
                        .map_or_else(|| n.card.to_string(), |c| family(&c.name).to_owned());
                    (strength, n.seq, name)
                })
                .collect();
            nobles.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            nobles
                .into_iter()
                .map(|(_, _, name)| name)
                .find(|name| !taken.contains(name))
                .map_or_else(
                    || state.factions[f].name.clone(),
                    |name| {
                        let named = format!("{name}'s Faction");
                        taken.push(name);
                        named
                    },
                )
        })
        .collect()
}

/// A Noble card's family name: `Neville, Earl of Warwick` → `Neville`.
fn family(card_name: &str) -> &str {
    card_name.split(',').next().unwrap_or(card_name).trim()
}
