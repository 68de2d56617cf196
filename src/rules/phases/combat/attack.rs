//! Starting an attack (§10): which targets may be attacked, committing attackers, launching
//! into the card window (defender first) and calling off; and the Combat Phase not ending
//! while passengers landing from ships still owe a siege (9.47). The sides' strengths are in
//! [`super::sides`].

use crate::content::Content;
use crate::content::{AreaId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{AttackCause, JoinCause, MustAct, RuleError};
use crate::rules::event::Event;
use crate::rules::flow;
use crate::rules::state::{Attack, AttackTarget, Pending, Place, State, WindowKind};

use super::sides::{defenders, sides};

pub(super) fn target_key(area: &AreaId, target: &AttackTarget) -> String {
    match target {
        AttackTarget::Field { faction } => format!("field:{area}:{faction}"),
        AttackTarget::Location { location } => format!("siege:{location}"),
    }
}

/// Whether the faction may start this attack now (10.04–10.08, 10.40, Z12).
pub fn can_start(
    content: &Content,
    state: &State,
    by: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
) -> bool {
    check_start(content, state, by, area, target).is_ok()
}

/// Checks the faction may start this attack now, or says why not (10.04–10.08, 10.40, Z12):
/// what the target is first, then what this moment bars; whether anyone is free to attack,
/// the dearest check, last.
pub fn check_start(
    content: &Content,
    state: &State,
    by: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
) -> Result<(), AttackCause> {
    let defending = defenders(state, area, target);
    match target {
        AttackTarget::Field { faction } => {
            if state.friendly(*faction, by) {
                return Err(AttackCause::OwnSide);
            }
            if defending.is_empty() {
                return Err(AttackCause::NoDefenders);
            }
        }
        AttackTarget::Location { location } => {
            let Some(l) = content.map.location(location) else {
                return Err(AttackCause::NotInArea);
            };
            if l.area != *area {
                return Err(AttackCause::NotInArea);
            }
            if !l.kind.is_fortified() {
                return Err(AttackCause::NotFortified);
            }
            if state.place_friendly(location, by) {
                return Err(AttackCause::OwnPlace);
            }
            if state.besieged.get(location).is_some_and(|b| *b != by) {
                return Err(AttackCause::BesiegedByOther); // 10.76
            }
            if l.kind == crate::content::map::LocationKind::OpenTown && defending.is_empty() {
                return Err(AttackCause::EmptyOpenTown);
            }
        }
    }
    if state.kings_peace.as_ref().is_some_and(|p| &p.area == area) {
        return Err(AttackCause::KingsPeace);
    }
    if state.attacked_targets.contains(&target_key(area, target)) {
        return Err(AttackCause::AlreadyAttacked);
    }
    if state.clock.round == 1 && !defending.is_empty() {
        return Err(AttackCause::FirstRound); // 10.07, Z12
    }
    let has_attacker = state
        .nobles
        .keys()
        .any(|id| commit_bar(content, state, by, area, target, id).is_ok());
    if !has_attacker && !crate::rules::phases::landing::can_besiege_from_ships(state, by, target) {
        return Err(AttackCause::NoFreeAttackers); // 9.47
    }
    Ok(())
}

/// Whether `by` may commit `noble` to an attack on `target` in `area`, or why not: an own
/// Noble, or an ally's in a Force with it (23.09, 23.12, Z14), in the Area's open field, or an
/// own Noble sallying out of a besieged place to battle the besiegers (10.73); not yet
/// attacked this round (10.04).
fn commit_bar(
    content: &Content,
    state: &State,
    by: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
    noble: &NobleId,
) -> Result<(), JoinCause> {
    let Some(n) = state.nobles.get(noble) else {
        return Err(JoinCause::NotInField);
    };
    if n.attacked_round == Some(state.clock.round) {
        return Err(JoinCause::AlreadyAttacked);
    }
    // 20.06: nor with a card that has already taken part in an attack this round.
    if state.holds_card_that_attacked(noble) {
        return Err(JoinCause::CardAttacked);
    }
    let in_field = matches!(&n.place, Place::Field { area: a } if a == area);
    if n.faction == by {
        if in_field || super::sally::sallies_from(content, state, noble, area, target).is_some() {
            return Ok(());
        }
        return Err(JoinCause::NotInField);
    }
    if !super::allied_force::may_attack_with(state, by, noble) {
        return Err(JoinCause::NotYours);
    }
    if !in_field {
        return Err(JoinCause::NotInField);
    }
    Ok(())
}

/// 9.47: the Combat Phase cannot end while a landing siege could still be started.
pub fn check_end_combat(ctx: &Ctx<'_>, by: FactionIdx) -> Result<(), RuleError> {
    let owed = ctx.state.ships.iter().any(|(id, s)| {
        crate::rules::ships::ship_mover(&ctx.state, id) == Some(by)
            && s.landing.as_ref().is_some_and(|location| {
                ctx.content.map.area_of(location).is_some_and(|area| {
                    can_start(
                        ctx.content,
                        &ctx.state,
                        by,
                        area,
                        &AttackTarget::Location {
                            location: *location,
                        },
                    )
                })
            })
    });
    if owed {
        return Err(RuleError::MustActFirst {
            reason: MustAct::BesiegeFromShips,
        });
    }
    Ok(())
}

/// Begins an attack (10.11), as [`check_start`] allowed.
pub fn start(ctx: &mut Ctx<'_>, by: FactionIdx, area: &AreaId, target: &AttackTarget) {
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Attack(Attack {
            attacker: by,
            area: *area,
            target: target.clone(),
            attackers: Vec::new(),
            window: None,
        }),
    });
}

/// Commits one attacker (10.11, 10.42, Z13), as [`check_commit`] allowed.
pub fn commit(ctx: &mut Ctx<'_>, attack: &Attack, noble: &NobleId) {
    let mut next = attack.clone();
    next.attackers.push(*noble);
    ctx.emit(Event::DecisionUpdated {
        pending: Pending::Attack(next),
    });
}

/// Checks committing an attacker (10.11).
pub fn check_commit(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    attack: &Attack,
    noble: &NobleId,
) -> Result<(), RuleError> {
    let refuse = |cause| {
        Err(RuleError::CannotJoinAttack {
            noble: *noble,
            cause,
        })
    };
    let sea = crate::rules::phases::landing::commit_by_sea(&ctx.state, attack, noble); // 9.47, 9.52
    if sea == Some(false) {
        return refuse(JoinCause::LandAndSea);
    }
    if attack.attackers.contains(noble) {
        return refuse(JoinCause::AlreadyCommitted);
    }
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay { noble: *noble });
    };
    let by_sea = sea == Some(true)
        && n.faction == by
        && n.attacked_round != Some(ctx.state.clock.round)
        && !ctx.state.holds_card_that_attacked(noble);
    if by_sea {
        return Ok(());
    }
    commit_bar(
        ctx.content,
        &ctx.state,
        by,
        &attack.area,
        &attack.target,
        noble,
    )
    .or_else(refuse)
}

/// Checks launching: attackers committed, strong enough to besiege (10.43).
pub fn check_launch(ctx: &Ctx<'_>, attack: &Attack) -> Result<(), RuleError> {
    if attack.attackers.is_empty() {
        return Err(RuleError::NoAttackers);
    }
    if let Some(noble) = crate::rules::phases::landing::missing_passenger(&ctx.state, attack) {
        return Err(RuleError::PassengerMustAttack { noble }); // 9.47
    }
    let (a, d) = sides(ctx.content, &ctx.state, attack);
    if let AttackTarget::Location { location } = &attack.target
        && a < d
    {
        return Err(RuleError::TooWeakToBesiege {
            location: *location,
        }); // 10.43
    }
    Ok(())
}

/// Launches the attack, as [`check_launch`] allowed: the card window opens, defender first,
/// then clockwise (10.15, 10.44).
pub fn launch(ctx: &mut Ctx<'_>, attack: &Attack) {
    for noble in &attack.attackers {
        ctx.emit(Event::NobleAttacked { noble: *noble });
    }
    ctx.emit(Event::TargetAttacked {
        key: target_key(&attack.area, &attack.target),
    });
    let defending = defenders(&ctx.state, &attack.area, &attack.target);
    let mut order: Vec<FactionIdx> = Vec::new();
    let first = defending.first().and_then(|n| ctx.owner(n));
    for f in flow::clockwise_from(ctx, first.unwrap_or(attack.attacker)) {
        let involved = f == attack.attacker
            || defending.iter().any(|n| ctx.owner(n) == Some(f))
            || attack.attackers.iter().any(|n| ctx.owner(n) == Some(f)); // 23.10
        if involved {
            order.push(f);
        }
    }
    let mut next = attack.clone();
    next.window = Some(flow::window(WindowKind::AddToCombat, order));
    ctx.emit(Event::DecisionUpdated {
        pending: Pending::Attack(next),
    });
}

/// Calls the attack off before the resolution card (10.16).
pub fn call_off(ctx: &mut Ctx<'_>) {
    if let Some(Pending::Attack(attack)) = ctx.state.pending.last().cloned() {
        crate::rules::phases::landing::on_siege(ctx, &attack, false); // 9.48
    }
    ctx.emit(Event::DecisionClosed);
}
