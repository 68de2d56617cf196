//! Troop strength of Nobles and stacks (2.10, 10.13): unbracketed troops of the Noble card and
//! every awarded card, plus bracketed bonuses while on land in the bonus zone. [`troops_on`] is
//! the one sum every other strength here (and the bots' reckoning of a seat's view) goes
//! through.

use crate::content::{AreaId, Content, CrownCardId, NobleId};
use crate::rules::state::{NobleState, Place, State};

/// The land Area where a Noble stands, if on land.
pub fn area_of_noble(content: &Content, state: &State, noble: &NobleId) -> Option<AreaId> {
    area_of_place(content, &state.nobles.get(noble)?.place)
}

/// The land Area of a place, if on land (inside a place: the place's Area).
pub fn area_of_place(content: &Content, place: &Place) -> Option<AreaId> {
    match place {
        Place::Field { area } => Some(*area),
        Place::Inside { location } => content.map.area_of(location).cloned(),
        Place::Aboard { .. } | Place::Captive { .. } => None,
    }
}

/// The troops on a Noble's cards (2.10, 10.13): each card's unbracketed troops, plus its
/// bracketed bonus when `area` lies in the card's bonus zone and `bonus` asks for it; cards
/// `uncounted` names are left out (10.18).
pub fn troops_on(
    content: &Content,
    noble: &NobleState,
    area: Option<&AreaId>,
    bonus: bool,
    uncounted: impl Fn(&CrownCardId) -> bool,
) -> u32 {
    std::iter::once(&noble.card)
        .chain(noble.awards.iter())
        .filter(|c| !uncounted(c))
        .filter_map(|c| content.cards.card(c.as_str()))
        .map(|c| {
            let extra = match (&c.bonus, area) {
                (Some(b), Some(a)) if bonus && content.map.in_zone(&b.zone, a) => b.troops,
                _ => 0,
            };
            c.troops + extra
        })
        .sum()
}

/// Strength without regional bonuses (8.33, 9.41, Z11).
pub fn base_strength(content: &Content, state: &State, noble: &NobleId) -> u32 {
    state
        .nobles
        .get(noble)
        .map_or(0, |n| troops_on(content, n, None, false, |_| false))
}

/// Strength with regional bonuses where it stands (2.10, 10.13). In combat, troops on cards
/// traded this turn do not count: see [`crate::rules::Pieces::combat_strength`].
pub fn strength(content: &Content, state: &State, noble: &NobleId) -> u32 {
    let Some(n) = state.nobles.get(noble) else {
        return 0;
    };
    let area = area_of_place(content, &n.place);
    troops_on(content, n, area.as_ref(), true, |_| false)
}

/// Total strength of several Nobles.
pub fn stack_strength(content: &Content, state: &State, nobles: &[NobleId]) -> u32 {
    nobles.iter().map(|n| strength(content, state, n)).sum()
}
