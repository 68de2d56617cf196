//! Tie breaks when Nobles must die: at most one Noble per Faction, the strongest without
//! bonuses; when several are equally strongest, their OWNER chooses (8.33, 10.29, 10.57).
//! What follows a broken tie (the combat or the Plague going on) is dispatched by `route`,
//! above both.

use crate::content::NobleId;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::state::{Pending, TieBreak, TieCause};

/// Splits `candidates` into the Nobles that surely die and, per Faction, the tied Nobles its
/// owner must choose between.
pub fn victims(
    ctx: &Ctx<'_>,
    candidates: &[NobleId],
) -> (Vec<NobleId>, Vec<(FactionIdx, Vec<NobleId>)>) {
    let mut best: std::collections::BTreeMap<FactionIdx, (u32, Vec<NobleId>)> =
        std::collections::BTreeMap::new();
    for noble in candidates {
        let Some(faction) = ctx.owner(noble) else {
            continue;
        };
        let s = crate::rules::troops::base_strength(ctx.content, &ctx.state, noble);
        let e = best.entry(faction).or_insert((s, Vec::new()));
        if s > e.0 {
            *e = (s, Vec::new());
        }
        if s == e.0 && !e.1.contains(noble) {
            e.1.push(*noble);
        }
    }
    let mut sure = Vec::new();
    let mut ties = Vec::new();
    for (faction, (_, nobles)) in best {
        match nobles.as_slice() {
            [one] => sure.push(*one),
            [] => {}
            _ => ties.push((faction, nobles)),
        }
    }
    (sure, ties)
}

/// Returns the Nobles who die, or opens the owners' decision when there is a tie.
pub fn settle(ctx: &mut Ctx<'_>, cause: TieCause, candidates: &[NobleId]) -> Option<Vec<NobleId>> {
    let (sure, ties) = victims(ctx, candidates);
    if ties.is_empty() {
        return Some(sure);
    }
    ctx.emit(Event::DecisionOpened {
        pending: Pending::TieBreak(TieBreak {
            cause,
            ties,
            chosen: sure,
        }),
    });
    None
}

/// Checks an owner's choice.
pub fn check_choose(by: FactionIdx, tie: &TieBreak, noble: &NobleId) -> Result<(), RuleError> {
    match tie.ties.first() {
        Some((f, nobles)) if *f == by && nobles.contains(noble) => Ok(()),
        Some((f, _)) if *f != by => Err(RuleError::NotYourDecision { by }),
        _ => Err(RuleError::NotTied { noble: *noble }),
    }
}

/// Records an owner's choice, as [`check_choose`] allowed. Once every tie is broken the
/// decision closes and the tie is returned, its `chosen` the Nobles who die: the caller goes
/// on as its [`TieCause`] says (the deaths of a combat's KILLED list or of a Plague).
pub fn choose(ctx: &mut Ctx<'_>, tie: &TieBreak, noble: &NobleId) -> Option<TieBreak> {
    let mut next = tie.clone();
    next.ties.remove(0);
    next.chosen.push(*noble);
    if !next.ties.is_empty() {
        ctx.emit(Event::DecisionUpdated {
            pending: Pending::TieBreak(next),
        });
        return None;
    }
    ctx.emit(Event::DecisionClosed);
    Some(next)
}
