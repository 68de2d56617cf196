//! The two sides of a battle or siege (10.12, 10.13, 10.18, 10.40, 10.41, 10.47, Z25): who
//! defends a target, the garrison of a place, and the troops each side counts. These are the
//! sums the launch check (10.43), the resolution (10.20–10.65), the battle preview and the
//! bots' reckoning all use. They are judged on public pieces only ([`Pieces`]): the Nobles with
//! their face-up cards and places, the alliances, and the cards traded between hands this turn.

use std::collections::BTreeMap;

use crate::content::map::{Location, LocationKind};
use crate::content::{AreaId, Content, CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::state::{Attack, AttackTarget, NobleState, Place, State};
use crate::rules::troops::{area_of_place, troops_on};

/// Whether two factions are the same or allied, under these alliances (2.15).
pub fn friendly_in(alliances: &[Vec<FactionIdx>], a: FactionIdx, b: FactionIdx) -> bool {
    a == b || alliances.iter().any(|x| x.contains(&a) && x.contains(&b))
}

/// Whether a Noble of `faction` standing at `place` defends `target` in `area`: in the open
/// field, every Noble friendly to the faction attacked (10.12); in a siege, every Noble inside
/// the place (10.41).
pub fn defends(
    place: &Place,
    faction: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
    friendly: impl Fn(FactionIdx, FactionIdx) -> bool,
) -> bool {
    match target {
        AttackTarget::Field { faction: attacked } => {
            friendly(faction, *attacked) && matches!(place, Place::Field { area: a } if a == area)
        }
        AttackTarget::Location { location } => is_inside(place, location),
    }
}

fn is_inside(place: &Place, location: &LocationId) -> bool {
    matches!(place, Place::Inside { location: l } if l == location)
}

/// The garrison a place adds to its defence (10.40, 19.14, Z25): its printed garrison, except
/// an Open Town with no Noble inside, which has none.
pub fn garrison_of(location: &Location, occupied: bool) -> u32 {
    if location.kind == LocationKind::OpenTown && !occupied {
        return 0;
    }
    location.garrison
}

/// The public pieces a battle is judged on: the whole state's, or what one seat's view shows.
#[derive(Clone, Debug)]
pub struct Pieces<'a> {
    /// The Nobles in play, with their cards and places (public, 2.06).
    pub nobles: &'a BTreeMap<NobleId, NobleState>,
    /// The alliances.
    pub alliances: &'a [Vec<FactionIdx>],
    /// Cards traded between hands this turn, whose troops do not count in its Combat Phase
    /// (10.18); empty when not known.
    pub traded: Vec<&'a CrownCardId>,
}

impl<'a> Pieces<'a> {
    /// The pieces of a state.
    pub fn of_state(state: &'a State) -> Pieces<'a> {
        Pieces {
            nobles: &state.nobles,
            alliances: &state.alliances,
            traded: state
                .factions
                .iter()
                .flat_map(|f| f.traded_this_turn.iter())
                .collect(),
        }
    }

    /// Whether two factions are the same or allied (2.15).
    pub fn friendly(&self, a: FactionIdx, b: FactionIdx) -> bool {
        friendly_in(self.alliances, a, b)
    }

    /// Whether a card's troops do not count in this turn's Combat Phase (10.18).
    pub fn uncounted(&self, card: &CrownCardId) -> bool {
        self.traded.contains(&card)
    }

    /// A Noble's troops in this turn's Combat Phase where it stands, with or without the
    /// regional bonuses (10.13, 10.18).
    pub fn combat_strength(&self, content: &Content, noble: &NobleId, bonus: bool) -> u32 {
        let Some(n) = self.nobles.get(noble) else {
            return 0;
        };
        let area = area_of_place(content, &n.place);
        troops_on(content, n, area.as_ref(), bonus, |c| self.uncounted(c))
    }

    /// The troops on a Noble's cards traded this turn, which do not count (10.18), bonuses
    /// where it stands included.
    pub fn not_counted(&self, content: &Content, noble: &NobleId) -> u32 {
        let Some(n) = self.nobles.get(noble) else {
            return 0;
        };
        let area = area_of_place(content, &n.place);
        troops_on(content, n, area.as_ref(), true, |_| false)
            - troops_on(content, n, area.as_ref(), true, |c| self.uncounted(c))
    }

    /// The total combat strength of several Nobles (10.13).
    pub fn stack(&self, content: &Content, nobles: &[NobleId], bonus: bool) -> u32 {
        nobles
            .iter()
            .map(|n| self.combat_strength(content, n, bonus))
            .sum()
    }

    /// The defending Nobles of a target, in id order (10.12, 10.41).
    pub fn defenders(&self, area: &AreaId, target: &AttackTarget) -> Vec<NobleId> {
        self.nobles
            .iter()
            .filter(|(_, n)| {
                defends(&n.place, n.faction, area, target, |a, b| {
                    self.friendly(a, b)
                })
            })
            .map(|(id, _)| *id)
            .collect()
    }

    /// The Nobles inside a place, in id order.
    pub fn inside(&self, location: &LocationId) -> Vec<NobleId> {
        self.nobles
            .iter()
            .filter(|(_, n)| is_inside(&n.place, location))
            .map(|(id, _)| *id)
            .collect()
    }

    /// Whether any Noble is inside a place.
    pub fn occupied(&self, location: &LocationId) -> bool {
        self.nobles.values().any(|n| is_inside(&n.place, location))
    }

    /// The garrison a place adds to its defence now (10.40, Z25).
    pub fn garrison(&self, content: &Content, location: &LocationId) -> u32 {
        content
            .map
            .location(location)
            .map_or(0, |l| garrison_of(l, self.occupied(location)))
    }

    /// The garrison the target adds: a place's own in a siege, none in the open field.
    pub fn target_garrison(&self, content: &Content, target: &AttackTarget) -> u32 {
        match target {
            AttackTarget::Location { location } => self.garrison(content, location),
            AttackTarget::Field { .. } => 0,
        }
    }

    /// The defence of a target now, regional bonuses included: its defenders' troops and, in a
    /// siege, the garrison (10.13, 10.41).
    pub fn defence(&self, content: &Content, area: &AreaId, target: &AttackTarget) -> u32 {
        match target {
            AttackTarget::Location { location } => self.place_defence(content, location),
            AttackTarget::Field { .. } => self.stack(content, &self.defenders(area, target), true),
        }
    }

    /// The defence of a fortified place besieged now: the Nobles inside and its garrison
    /// (10.40, 10.41).
    pub fn place_defence(&self, content: &Content, location: &LocationId) -> u32 {
        self.stack(content, &self.inside(location), true) + self.garrison(content, location)
    }

    /// The strengths of both sides now, regional bonuses included: the attackers', and the
    /// defence (10.13, 10.41).
    pub fn sides(&self, content: &Content, attack: &Attack) -> (u32, u32) {
        (
            self.stack(content, &attack.attackers, true),
            self.defence(content, &attack.area, &attack.target),
        )
    }
}

/// The defending Nobles of a target (10.12, 10.41).
pub fn defenders(state: &State, area: &AreaId, target: &AttackTarget) -> Vec<NobleId> {
    Pieces::of_state(state).defenders(area, target)
}

/// The garrison of a place (10.40, 19.14, Z25).
pub fn garrison(content: &Content, state: &State, location: &LocationId) -> u32 {
    Pieces::of_state(state).garrison(content, location)
}

/// Strengths of both sides now (10.13, 10.18, 10.41).
pub fn sides(content: &Content, state: &State, attack: &Attack) -> (u32, u32) {
    Pieces::of_state(state).sides(content, attack)
}
