//! Open Towns (Cardigan, Hereford, Kingston) are controlled only by occupying them (19.13,
//! 19.15, Z25): after each decision, an occupied Open Town is recorded as controlled by its
//! occupiers and an empty one as neutral.

use crate::content::LocationId;
use crate::content::map::LocationKind;
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::{ControlSource, Controller, Place};

/// Brings the control record of every Open Town in line with who occupies it.
pub fn settle_open_towns(ctx: &mut Ctx<'_>) {
    if matches!(ctx.state, std::borrow::Cow::Borrowed(_)) {
        return; // nothing changed
    }
    let towns: Vec<_> = ctx
        .content
        .map
        .locations
        .iter()
        .filter(|l| l.kind == LocationKind::OpenTown)
        .map(|l| l.id)
        .collect();
    // Who is inside each place, in one pass over the Nobles (only looked up by place).
    let mut inside: rustc_hash::FxHashMap<LocationId, Vec<(u32, crate::rules::FactionIdx)>> =
        Default::default();
    for n in ctx.state.nobles.values() {
        if let Place::Inside { location } = &n.place {
            inside
                .entry(*location)
                .or_default()
                .push((n.seq, n.faction));
        }
    }
    for town in towns {
        let mut occupiers = inside.remove(&town).unwrap_or_default();
        occupiers.sort_unstable();
        let current = ctx.state.control.get(&town).cloned();
        let holds = current
            .as_ref()
            .and_then(|c| c.faction)
            .is_some_and(|f| occupiers.iter().any(|(_, o)| *o == f));
        let next = match occupiers.first() {
            None => None,
            Some(_) if holds => current.clone(),
            Some((_, faction)) => Some(Controller {
                faction: Some(*faction),
                source: ControlSource::Occupation,
            }),
        };
        if next != current {
            ctx.emit(Event::ControlChanged {
                location: town,
                controller: next,
            });
        }
    }
}
