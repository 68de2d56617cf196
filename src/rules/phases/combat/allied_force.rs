//! Allied Forces (23.09–23.18): allied Nobles in one open field or place, formed by an offer
//! the other ally answers, under a commander. Any member faction may use the Force in its own
//! turn; the commander's owner may spend its Free Moves on every member (23.13) and divides the
//! spoils of the Force's attacks (23.18). A Force lasts until the round ends (23.15) or its
//! commander dies (23.17); a Noble attacks or moves at most once a round either way (23.12).

use crate::content::NobleId;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{ForceCause, RuleError};
use crate::rules::event::Event;
use crate::rules::state::{AlliedForce, Offer, OfferTerms, Pending, Place, State};

/// The live Force a Noble belongs to: formed this round, its commander still in play and all
/// its factions still allied (23.15, 23.17).
pub fn force_of<'s>(state: &'s State, noble: &NobleId) -> Option<&'s AlliedForce> {
    state
        .forces
        .iter()
        .find(|f| f.members.contains(noble) && live(state, f))
}

fn live(state: &State, force: &AlliedForce) -> bool {
    let Some(commander) = state.nobles.get(&force.commander) else {
        return false;
    };
    force.round == state.clock.round
        && force.members.iter().all(|m| {
            state
                .nobles
                .get(m)
                .is_none_or(|n| state.friendly(n.faction, commander.faction))
        })
}

/// Whether `by` may direct `noble`: its own, or a member of a live Force in which `by` has a
/// Noble (23.10, 23.11).
pub fn directs(state: &State, by: FactionIdx, noble: &NobleId) -> bool {
    let Some(n) = state.nobles.get(noble) else {
        return false;
    };
    n.faction == by
        || force_of(state, noble).is_some_and(|f| {
            f.members
                .iter()
                .any(|m| state.nobles.get(m).is_some_and(|x| x.faction == by))
        })
}

/// Whether `by` may commit an ally's Noble to an attack: it is in a live Force with `by`, and
/// no member of that Force has attacked this round (23.12).
pub fn may_attack_with(state: &State, by: FactionIdx, noble: &NobleId) -> bool {
    directs(state, by, noble)
        && force_of(state, noble).is_some_and(|f| {
            f.members.iter().all(|m| {
                state
                    .nobles
                    .get(m)
                    .is_none_or(|n| n.attacked_round != Some(state.clock.round))
            })
        })
}

/// Whether `by` may spend its Free Move on another faction's Noble: only the commander's
/// owner may, on a member of its Force (23.13).
pub fn may_free_move(state: &State, by: FactionIdx, noble: &NobleId) -> bool {
    force_of(state, noble).is_some_and(|f| {
        state
            .nobles
            .get(&f.commander)
            .is_some_and(|c| c.faction == by)
    })
}

/// The commander and its owner when `attackers` are an allied Force's members of more than
/// one faction (23.18), judged before any of them dies.
pub fn leader(state: &State, attackers: &[NobleId]) -> Option<(NobleId, FactionIdx)> {
    let factions: std::collections::BTreeSet<FactionIdx> = attackers
        .iter()
        .filter_map(|a| state.nobles.get(a).map(|n| n.faction))
        .collect();
    if factions.len() < 2 {
        return None;
    }
    let force = attackers.iter().find_map(|a| force_of(state, a))?;
    let owner = state.nobles.get(&force.commander)?.faction;
    Some((force.commander, owner))
}

/// Checks a proposed Force; returns the ally who must agree (23.10).
pub fn check_propose(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    commander: &NobleId,
    members: &[NobleId],
) -> Result<FactionIdx, RuleError> {
    let state = &ctx.state;
    let refuse = |cause| Err(RuleError::ForceNotAllowed { cause });
    if !members.contains(commander) {
        return refuse(ForceCause::CommanderOutside);
    }
    let mut place: Option<&Place> = None;
    let mut factions: Vec<FactionIdx> = Vec::new();
    for (i, m) in members.iter().enumerate() {
        let Some(n) = state.nobles.get(m) else {
            return Err(RuleError::NobleNotInPlay { noble: *m });
        };
        if members[..i].contains(m) {
            return Err(RuleError::NobleNamedTwice { noble: *m });
        }
        if !matches!(n.place, Place::Field { .. } | Place::Inside { .. }) {
            return refuse(ForceCause::MemberAway);
        }
        if state.is_besieged(m) {
            return refuse(ForceCause::MemberBesieged);
        }
        if force_of(state, m).is_some() {
            return refuse(ForceCause::AlreadyInForce);
        }
        if place.is_some_and(|p| p != &n.place) {
            return refuse(ForceCause::Apart);
        }
        place = Some(&n.place);
        if !factions.contains(&n.faction) {
            factions.push(n.faction);
        }
    }
    // Two factions: the proposer and the one ally who answers.
    let others: Vec<FactionIdx> = factions.iter().copied().filter(|f| *f != by).collect();
    match others.as_slice() {
        [to] if factions.contains(&by) && state.friendly(by, *to) => Ok(*to),
        _ => refuse(ForceCause::NotTwoAllies),
    }
}

/// Proposes a Force: the ally with Nobles in it, `to` (found by [`check_propose`]), answers
/// (23.10).
pub fn propose(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    commander: &NobleId,
    members: &[NobleId],
    to: FactionIdx,
) {
    let id = ctx.state.next_offer;
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Offer(Offer {
            id,
            from: by,
            to,
            terms: OfferTerms::Force {
                commander: *commander,
                members: members.to_vec(),
            },
        }),
    });
}

/// The ally agreed: the Force forms, if its Nobles are still together and free (23.10).
pub fn form(ctx: &mut Ctx<'_>, offer: &Offer, commander: &NobleId, members: &[NobleId]) {
    if check_propose(ctx, offer.from, commander, members) != Ok(offer.to) {
        return;
    }
    let round = ctx.state.clock.round;
    ctx.emit(Event::AlliedForceFormed {
        force: AlliedForce {
            commander: *commander,
            members: members.to_vec(),
            round,
        },
    });
}

/// The round is over: every Force ends (23.15).
pub fn round_over(ctx: &mut Ctx<'_>) {
    for force in ctx.state.forces.clone() {
        ctx.emit(Event::AlliedForceEnded {
            commander: force.commander,
        });
    }
}

/// A commander killed or executed: its Force ends and each owner takes its Nobles back (23.17).
pub fn commander_died(ctx: &mut Ctx<'_>, noble: &NobleId) {
    if ctx.state.forces.iter().any(|f| &f.commander == noble) {
        ctx.emit(Event::AlliedForceEnded { commander: *noble });
    }
}
