//! Troop strength of Nobles and stacks (2.10, 10.13): unbracketed troops of the Noble card and
//! every awarded card, plus bracketed bonuses while on land in the bonus zone.

use crate::content::{AreaId, Content, NobleId};
use crate::rules::state::{Place, State};

/// The land Area where a Noble stands, if on land.
pub fn area_of_noble(content: &Content, state: &State, noble: &NobleId) -> Option<AreaId> {
    match &state.nobles.get(noble)?.place {
        Place::Field { area } => Some(area.clone()),
        Place::Inside { location } => content.map.area_of(location).cloned(),
        Place::Aboard { .. } | Place::Captive { .. } => None,
    }
}

/// Strength without regional bonuses (8.33, 9.41, Z11).
pub fn base_strength(content: &Content, state: &State, noble: &NobleId) -> u32 {
    let Some(n) = state.nobles.get(noble) else {
        return 0;
    };
    std::iter::once(&n.card)
        .chain(n.awards.iter())
        .filter_map(|c| content.cards.card(c.as_str()))
        .map(|c| c.troops)
        .sum()
}

/// Strength with regional bonuses where it stands (2.10, 10.13).
pub fn strength(content: &Content, state: &State, noble: &NobleId) -> u32 {
    strength_where(content, state, noble, false)
}

/// Strength in this turn's Combat Phase: troops on cards traded between hands this turn do not
/// count (10.18, 10.47, 21.02).
pub fn combat_strength(content: &Content, state: &State, noble: &NobleId) -> u32 {
    strength_where(content, state, noble, true)
}

/// Total combat strength of several Nobles (10.13, 10.18).
pub fn combat_stack_strength(content: &Content, state: &State, nobles: &[NobleId]) -> u32 {
    nobles
        .iter()
        .map(|n| combat_strength(content, state, n))
        .sum()
}

fn strength_where(content: &Content, state: &State, noble: &NobleId, combat: bool) -> u32 {
    let Some(n) = state.nobles.get(noble) else {
        return 0;
    };
    let area = area_of_noble(content, state, noble);
    std::iter::once(&n.card)
        .chain(n.awards.iter())
        .filter(|c| {
            !combat
                || !state
                    .factions
                    .iter()
                    .any(|f| f.traded_this_turn.contains(c))
        })
        .filter_map(|c| content.cards.card(c.as_str()))
        .map(|c| {
            let bonus = match (&c.bonus, &area) {
                (Some(b), Some(a)) if content.map.in_zone(&b.zone, a) => b.troops,
                _ => 0,
            };
            c.troops + bonus
        })
        .sum()
}

/// Total strength of several Nobles.
pub fn stack_strength(content: &Content, state: &State, nobles: &[NobleId]) -> u32 {
    nobles.iter().map(|n| strength(content, state, n)).sum()
}
