//! [`Forces`]: one decision's summary of where every Noble stands — its strength there, the
//! open-field strength of each faction by Area, and the Nobles inside each place — built in
//! one pass over the Nobles so the policies need not rescan them for every Area or place.
//! Gives the same figures as the `knowledge` look-ups it replaces; must not choose anything.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::bots::knowledge;
use crate::content::map::Location;
use crate::content::{AreaId, Content, NobleId};
use crate::rules::state::Place;
use crate::rules::{FactionIdx, View};

/// Where the Nobles stand, summed once per decision. Only looked up by key, never iterated
/// in hash order, so no hash order reaches a result.
#[derive(Debug, Default)]
pub struct Forces<'v> {
    /// Each Noble's strength where it stands (2.10).
    strength: FxHashMap<&'v str, u32>,
    /// Per Area: each faction's open-field strength there.
    field: FxHashMap<&'v str, BTreeMap<FactionIdx, u32>>,
    /// Per place: how many Nobles are inside, and their strength.
    inside: FxHashMap<&'v str, (usize, u32)>,
}

impl<'v> Forces<'v> {
    /// One pass over the view's Nobles.
    pub fn new(content: &Content, view: &'v View) -> Forces<'v> {
        let n = view.nobles.len();
        let mut out = Forces {
            strength: FxHashMap::with_capacity_and_hasher(n, Default::default()),
            field: FxHashMap::with_capacity_and_hasher(n, Default::default()),
            inside: FxHashMap::with_capacity_and_hasher(n, Default::default()),
        };
        for (id, n) in view.nobles.iter() {
            let s = knowledge::strength_at(
                content,
                n,
                knowledge::area_of_place(content, &n.place).as_ref(),
            );
            out.strength.insert(id.as_str(), s);
            match &n.place {
                Place::Field { area } => {
                    *out.field
                        .entry(area.as_str())
                        .or_default()
                        .entry(n.faction)
                        .or_default() += s;
                }
                Place::Inside { location } => {
                    let at = out.inside.entry(location.as_str()).or_default();
                    at.0 += 1;
                    at.1 += s;
                }
                Place::Aboard { .. } | Place::Captive { .. } => {}
            }
        }
        out
    }

    /// A Noble's strength where it stands, bonuses included (0 if unknown).
    pub fn strength(&self, noble: &NobleId) -> u32 {
        self.strength.get(noble.as_str()).copied().unwrap_or(0)
    }

    /// Total strength of friendly-to-`side` Nobles in the open field of an Area.
    pub fn field_strength(&self, view: &View, area: &AreaId, side: FactionIdx) -> u32 {
        self.field.get(area.as_str()).map_or(0, |by| {
            by.iter()
                .filter(|(f, _)| knowledge::friendly(view, **f, side))
                .map(|(_, s)| *s)
                .sum()
        })
    }

    /// Strongest enemy (to `me`) open-field force in an Area, allied factions as one team.
    pub fn enemy_field_strength(&self, view: &View, area: &AreaId, me: FactionIdx) -> u32 {
        let Some(all) = self.field.get(area.as_str()) else {
            return 0;
        };
        let by_faction: Vec<(FactionIdx, u32)> = all
            .iter()
            .filter(|(f, _)| !knowledge::friendly(view, **f, me))
            .map(|(f, s)| (*f, *s))
            .collect();
        let mut best = 0;
        for &(f, _) in &by_faction {
            let team: u32 = by_faction
                .iter()
                .filter(|(g, _)| knowledge::friendly(view, f, *g))
                .map(|(_, s)| *s)
                .sum();
            best = best.max(team);
        }
        best
    }

    /// Defenders' strength of a fortified place: garrison plus Nobles inside (10.41).
    pub fn siege_defence(&self, l: &Location) -> u32 {
        let (count, strength) = self.inside.get(l.id.as_str()).copied().unwrap_or((0, 0));
        crate::rules::garrison_of(l, count > 0) + strength
    }
}
