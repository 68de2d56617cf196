//! What a seat can work out from its [`View`] and the public content: where Nobles stand,
//! their troop strength, who is friendly, who holds which Royal, and how far Areas lie apart
//! (sums over all Nobles by Area or place live in `normal::forces`).
//! Owns these read-only look-ups; must not read a [`crate::rules::State`] or choose anything.

use crate::content::cards::CardType;
use crate::content::{AreaId, Content, CrownCardId, NobleId, RoyalId};
use crate::rules::state::{NobleState, Place, RoyalPlace};
use crate::rules::{FactionIdx, View};

/// Steps between two Areas by adjacency, for every pair (built once per bot).
#[derive(Clone, Debug, Default)]
pub struct Distances {
    /// Area positions (only looked up, never iterated).
    index: rustc_hash::FxHashMap<AreaId, usize>,
    steps: Vec<Vec<u8>>,
}

/// Unreachable by land.
pub const FAR: u8 = 99;

impl Distances {
    /// The map's Area steps (worked out at load), with [`FAR`] for unreachable.
    pub fn new(content: &Content) -> Distances {
        let areas = &content.map.areas;
        let index: rustc_hash::FxHashMap<AreaId, usize> =
            areas.iter().enumerate().map(|(i, a)| (a.id, i)).collect();
        let steps = content
            .map
            .area_steps()
            .iter()
            .map(|row| row.iter().map(|d| d.unwrap_or(FAR).min(FAR)).collect())
            .collect();
        Distances { index, steps }
    }

    /// Steps from `a` to `b` ([`FAR`] if unknown or unreachable).
    pub fn between(&self, a: &AreaId, b: &AreaId) -> u8 {
        match (self.index.get(a), self.index.get(b)) {
            (Some(&i), Some(&j)) => self.step(i, j),
            _ => FAR,
        }
    }

    /// Steps between two Area positions ([`FAR`] if the table lacks them).
    fn step(&self, i: usize, j: usize) -> u8 {
        self.steps
            .get(i)
            .and_then(|row| row.get(j))
            .copied()
            .unwrap_or(FAR)
    }

    /// How many Areas the table holds.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// The position of an Area in the table.
    pub fn position(&self, area: &AreaId) -> Option<usize> {
        self.index.get(area).copied()
    }

    /// Steps from the Area at position `i` to every Area, by position.
    pub fn row(&self, i: usize) -> Option<&[u8]> {
        self.steps.get(i).map(Vec::as_slice)
    }

    /// Steps to `target` from any Area, the target looked up once (for many starts).
    pub fn towards(&self, target: &AreaId) -> Towards<'_> {
        Towards {
            dist: self,
            target: self.index.get(target).copied(),
        }
    }
}

/// Steps to one Area ([`Distances::towards`]).
#[derive(Clone, Copy, Debug)]
pub struct Towards<'d> {
    dist: &'d Distances,
    target: Option<usize>,
}

impl Towards<'_> {
    /// Steps from `a` ([`FAR`] if unknown or unreachable), as [`Distances::between`].
    pub fn from(&self, a: &AreaId) -> u8 {
        match (self.dist.index.get(a), self.target) {
            (Some(&i), Some(j)) => self.dist.step(i, j),
            _ => FAR,
        }
    }
}

/// The land Area of a place, if on land (the rules' own reading).
pub fn area_of_place(content: &Content, place: &Place) -> Option<AreaId> {
    crate::rules::area_of_place(content, place)
}

/// The land Area of a Noble, if on land.
pub fn noble_area(content: &Content, view: &View, noble: &NobleId) -> Option<AreaId> {
    area_of_place(content, &view.nobles.get(noble)?.place)
}

/// Troop strength of a Noble where it stands, bonuses included (2.10).
pub fn strength(content: &Content, view: &View, noble: &NobleId) -> u32 {
    let Some(n) = view.nobles.get(noble) else {
        return 0;
    };
    strength_at(content, n, area_of_place(content, &n.place).as_ref())
}

/// Troop strength of a Noble if it stood in `area`, bonuses included: the rules' sum (2.10);
/// the view does not say which cards were traded this turn (10.18), so all count.
pub fn strength_at(content: &Content, n: &NobleState, area: Option<&AreaId>) -> u32 {
    crate::rules::troops_on(content, n, area, true, |_| false)
}

/// Whether two factions are the same or allied.
pub fn friendly(view: &View, a: FactionIdx, b: FactionIdx) -> bool {
    crate::rules::friendly_in(&view.alliances, a, b)
}

/// A faction's Nobles that are not captive, sorted.
pub fn nobles_of(view: &View, faction: FactionIdx) -> Vec<&NobleId> {
    view.nobles
        .iter()
        .filter(|(_, n)| n.faction == faction && !matches!(n.place, Place::Captive { .. }))
        .map(|(id, _)| id)
        .collect()
}

/// The faction controlling a Royal, if it is attached to a Noble.
pub fn royal_controller(view: &View, royal: &RoyalId) -> Option<FactionIdx> {
    match &view.royals.get(royal)?.place {
        RoyalPlace::With { noble } => view.nobles.get(noble).map(|n| n.faction),
        RoyalPlace::Alone { .. } | RoyalPlace::Dead => None,
    }
}

/// Royals attached to a Noble.
pub fn royals_with<'v>(view: &'v View, noble: &NobleId) -> Vec<&'v RoyalId> {
    view.royals
        .iter()
        .filter(|(_, r)| matches!(&r.place, RoyalPlace::With { noble: n } if n == noble))
        .map(|(id, _)| id)
        .collect()
}

/// Whether a Noble holds a Title (intrinsic or awarded) or an Office.
pub fn has_title(content: &Content, n: &NobleState) -> bool {
    std::iter::once(&n.card)
        .chain(n.awards.iter())
        .filter_map(|c| content.cards.card(c.as_str()))
        .any(|c| matches!(c.card_type, CardType::TitledNoble | CardType::Title))
}

/// Whether a Noble holds an Office.
pub fn has_office(content: &Content, n: &NobleState) -> bool {
    n.awards
        .iter()
        .filter_map(|c| content.cards.card(c.as_str()))
        .any(|c| c.card_type == CardType::Office)
}

/// Archbishops and Bishops held by a set of Nobles: (archbishops, bishops).
pub fn clergy(content: &Content, view: &View, nobles: &[&NobleId]) -> (u32, u32) {
    let mut arch = 0;
    let mut bish = 0;
    for id in nobles {
        let Some(n) = view.nobles.get(*id) else {
            continue;
        };
        for c in n
            .awards
            .iter()
            .filter_map(|c| content.cards.card(c.as_str()))
        {
            if c.card_type == CardType::Bishop {
                if c.archbishop {
                    arch += 1;
                } else {
                    bish += 1;
                }
            }
        }
    }
    (arch, bish)
}

/// A rough worth of a hand card for keeping, giving or discarding: troops, Prestige and type.
pub fn card_worth(content: &Content, card: &CrownCardId) -> u32 {
    let Some(c) = content.cards.card(card.as_str()) else {
        return 0;
    };
    let kind = match c.card_type {
        CardType::TitledNoble | CardType::UntitledNoble => 6,
        CardType::Office => 5,
        CardType::Bishop if c.archbishop => 6,
        CardType::Bishop => 3,
        CardType::Title => 3,
        CardType::Town => 3,
        CardType::Ship => 2,
        CardType::Mercenary => 1,
    };
    kind + c.troops / 10 + c.prestige * 3
}
