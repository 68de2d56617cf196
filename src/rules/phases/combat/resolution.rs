//! Resolving an attack (§10): the resolution card, odds, the KILLED list (one per faction),
//! the outcome, captures and Major cards.

use crate::content::events::CombatResult;
use crate::content::{AreaId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::{CombatOutcome, DeathCause, Event};
use crate::rules::flow;
use crate::rules::state::{Attack, AttackTarget, Pending, Place, RoyalPlace};

use super::sides::{defenders, sides};
use super::siege::conquer;
use super::table_of_odds::{odds_met, very_weak_odds};

/// Resolves the attack once its window closed (10.20–10.65).
pub fn resolve(ctx: &mut Ctx<'_>, closed: Pending) {
    let Pending::Attack(attack) = closed else {
        return;
    };
    let content = ctx.content;
    let siege = match &attack.target {
        AttackTarget::Location { location } => Some(*location),
        AttackTarget::Field { .. } => None,
    };
    crate::rules::phases::landing::on_siege(ctx, &attack, true); // 9.49
    let (a, d) = sides(content, &ctx.state, &attack);
    if siege.is_some() && a < d {
        return; // 10.45: the siege stops
    }
    let defending = defenders(&ctx.state, &attack.area, &attack.target);
    let Some(card) = flow::draw_resolution(ctx, attack.attacker) else {
        return;
    };
    let Some(combat) = content.events.card(&card).and_then(|c| c.combat.clone()) else {
        return;
    };
    if combat.result == CombatResult::BadWeather {
        ctx.emit(Event::CombatResolved {
            area: attack.area,
            siege,
            card,
            attack_strength: a,
            defence_strength: d,
            outcome: CombatOutcome::BadWeather,
        });
        if let Some(location) = siege {
            ctx.emit(Event::BesiegedMarked {
                location,
                by: attack.attacker,
            }); // 10.50
        }
        return;
    }
    // Z15: very weak odds — every attacker captured, KILLED ignored.
    if very_weak_odds(&ctx.state, a, d) {
        ctx.emit(Event::CombatResolved {
            area: attack.area,
            siege,
            card,
            attack_strength: a,
            defence_strength: d,
            outcome: CombatOutcome::DefenderWon,
        });
        if let Some(winner) = defending.first().and_then(|n| ctx.owner(n)) {
            let losers: Vec<NobleId> = attack
                .attackers
                .iter()
                .filter(|n| {
                    super::sally::sallies_from(content, &ctx.state, n, &attack.area, &attack.target)
                        .is_none()
                })
                .cloned()
                .collect();
            capture_all(ctx, &losers, &[], winner, &attack.area, &defending); // 10.75
        }
        return;
    }
    // 10.28, 10.29: KILLED, at most one per faction, the strongest without bonuses; the owner
    // breaks a tie.
    let candidates: Vec<NobleId> = combat
        .killed
        .iter()
        .filter(|n| attack.attackers.contains(n) || defending.contains(n))
        .cloned()
        .collect();
    let cause = crate::rules::state::TieCause::Killed {
        attack: attack.clone(),
        card,
    };
    if let Some(killed) = crate::rules::tie_break::settle(ctx, cause, &candidates) {
        finish(ctx, &attack, card, &killed);
    }
}

/// Resolves the attack once the Nobles KILLED are known (10.22–10.65).
pub fn finish(
    ctx: &mut Ctx<'_>,
    attack: &Attack,
    card: crate::content::EventCardId,
    killed: &[NobleId],
) {
    let content = ctx.content;
    let siege = match &attack.target {
        AttackTarget::Location { location } => Some(*location),
        AttackTarget::Field { .. } => None,
    };
    let (a, d) = sides(content, &ctx.state, attack);
    let defending = defenders(&ctx.state, &attack.area, &attack.target);
    let Some(combat) = content.events.card(&card).and_then(|c| c.combat.clone()) else {
        return;
    };
    let attacker_larger = a > d;
    let larger_side: &[NobleId] = if attacker_larger {
        &attack.attackers
    } else {
        &defending
    };
    let lone_killed = larger_side.len() == 1 && killed.contains(&larger_side[0]); // 10.26, 10.55
    let outcome = match &siege {
        Some(_) => {
            let survivors = attack
                .attackers
                .iter()
                .filter(|n| !killed.contains(n))
                .count();
            if a >= d && survivors > 0 && !(attack.attackers.len() == 1 && lone_killed) {
                CombatOutcome::AttackerWon // 10.52
            } else {
                CombatOutcome::Indecisive
            }
        }
        None => {
            if lone_killed || !odds_met(content, combat.result, a.max(d), a.min(d)) {
                CombatOutcome::Indecisive // 10.27
            } else if attacker_larger {
                CombatOutcome::AttackerWon
            } else {
                CombatOutcome::DefenderWon
            }
        }
    };
    ctx.emit(Event::CombatResolved {
        area: attack.area,
        siege,
        card,
        attack_strength: a,
        defence_strength: d,
        outcome,
    });
    // Office holders on each side, before deaths (10.25, 10.54).
    let office = |ctx: &Ctx<'_>, side: &[NobleId]| {
        side.iter().any(|n| {
            ctx.state.nobles.get(n).is_some_and(|x| {
                x.awards.iter().any(|c| {
                    content
                        .cards
                        .card(c.as_str())
                        .is_some_and(|c| c.card_type == crate::content::cards::CardType::Office)
                })
            })
        })
    };
    let major = office(ctx, &attack.attackers) && office(ctx, &defending);
    // 23.18: an allied Force's commander's owner takes the spoils, judged before deaths.
    let force = super::allied_force::leader(&ctx.state, &attack.attackers);
    // 10.75: Nobles who sallied out are not captured if the battle is lost.
    let sallying: Vec<NobleId> = attack
        .attackers
        .iter()
        .filter(|n| {
            super::sally::sallies_from(content, &ctx.state, n, &attack.area, &attack.target)
                .is_some()
        })
        .cloned()
        .collect();
    // 10.61: a Royal inside the place besieged (alone or with a defender).
    let royal_inside = siege.as_ref().is_some_and(|location| {
        let inside = Place::Inside {
            location: *location,
        };
        ctx.state.royals.values().any(|r| match &r.place {
            RoyalPlace::Alone { place } => place == &inside,
            RoyalPlace::With { noble } => defending.contains(noble),
            RoyalPlace::Dead => false,
        })
    });
    // 10.24, 17.04: the Royals of the side that loses go to the victor, even those whose
    // escort dies on the KILLED list; noted before the deaths leave them alone (17.09).
    let losing_side: &[NobleId] = match outcome {
        CombatOutcome::AttackerWon => &defending,
        CombatOutcome::DefenderWon => &attack.attackers,
        CombatOutcome::Indecisive | CombatOutcome::BadWeather => &[],
    };
    let losing_royals: Vec<crate::content::RoyalId> = losing_side
        .iter()
        .flat_map(|n| ctx.state.royals_with(n))
        .collect();
    crate::rules::capture::kill_all(ctx, killed, DeathCause::Killed);
    let (winners, losers): (Vec<NobleId>, Vec<NobleId>) = match outcome {
        CombatOutcome::AttackerWon => (attack.attackers.clone(), defending.clone()),
        CombatOutcome::DefenderWon => (defending.clone(), attack.attackers.clone()),
        CombatOutcome::Indecisive | CombatOutcome::BadWeather => return,
    };
    let mut winners: Vec<NobleId> = winners
        .into_iter()
        .filter(|n| ctx.state.nobles.contains_key(n))
        .collect();
    let leader = force.filter(|_| outcome == CombatOutcome::AttackerWon);
    if let Some((commander, owner)) = &leader {
        // 23.18: the commander takes the Major card and the place; if dead, its owner's
        // Nobles come first.
        winners.sort_by_key(|n| (n != commander, ctx.owner(n) != Some(*owner)));
    }
    let Some(winner_faction) = leader
        .as_ref()
        .map(|(_, owner)| *owner)
        .or_else(|| winners.first().and_then(|n| ctx.owner(n)))
        .or_else(|| (outcome == CombatOutcome::AttackerWon).then_some(attack.attacker))
    else {
        return;
    };
    let losers: Vec<NobleId> = losers
        .into_iter()
        .filter(|n| ctx.state.nobles.contains_key(n) && !sallying.contains(n))
        .collect();
    let left_alone: Vec<crate::content::RoyalId> = losing_royals
        .into_iter()
        .filter(|r| {
            siege.is_none()
                && ctx
                    .state
                    .royals
                    .get(r)
                    .is_some_and(|x| matches!(x.place, RoyalPlace::Alone { .. }))
        })
        .collect();
    capture_all(
        ctx,
        &losers,
        &left_alone,
        winner_faction,
        &attack.area,
        &winners,
    );
    if major && let Some(first) = winners.first() {
        let kind = if siege.is_some() {
            crate::content::cards::MajorKind::Siege
        } else {
            crate::content::cards::MajorKind::Battle
        };
        let held: Vec<_> = ctx
            .state
            .nobles
            .values()
            .flat_map(|n| n.majors.iter().cloned())
            .collect();
        if let Some(m) = content
            .cards
            .major_cards
            .iter()
            .find(|m| m.kind == kind && !held.contains(&m.id))
        {
            ctx.emit(Event::MajorCardAwarded {
                noble: *first,
                card: m.id,
            });
        }
    }
    if outcome == CombatOutcome::AttackerWon {
        match (&siege, &attack.target) {
            (Some(location), _) => {
                conquer(ctx, location, &winners, winner_faction, royal_inside);
            }
            (None, AttackTarget::Field { faction }) => {
                let field = Place::Field { area: attack.area };
                let in_field: Vec<NobleId> = winners
                    .iter()
                    .filter(|n| ctx.state.nobles.get(*n).is_some_and(|x| x.place == field))
                    .cloned()
                    .collect();
                super::sally::relieved(ctx, &attack.area, *faction, winner_faction, &in_field);
            }
            (None, AttackTarget::Location { .. }) => {}
        }
    }
}

/// Captures losers and takes their Royals, with the losing side's Royals left alone by the
/// KILLED list (10.24, 17.04, 17.05): the first victor in the open field keeps them (the
/// allied Force's commander first, 23.18).
fn capture_all(
    ctx: &mut Ctx<'_>,
    losers: &[NobleId],
    left_alone: &[crate::content::RoyalId],
    captor: FactionIdx,
    area: &AreaId,
    winners: &[NobleId],
) {
    let in_field = |n: &crate::rules::state::NobleState| matches!(&n.place, Place::Field { area: a } if a == area);
    let keeper = winners
        .iter()
        .find(|w| ctx.state.nobles.get(*w).is_some_and(in_field))
        .cloned()
        .or_else(|| {
            ctx.state
                .nobles
                .iter()
                .find(|(_, n)| n.faction == captor && in_field(n))
                .map(|(id, _)| *id)
        });
    if let Some(k) = &keeper {
        for royal in left_alone {
            crate::rules::royalty::attach(ctx, royal, k);
        }
    }
    for noble in losers {
        let royals = ctx.state.royals_with(noble);
        ctx.emit(Event::NobleCaptured {
            noble: *noble,
            captor,
            area: *area,
        });
        for royal in royals {
            crate::rules::royalty::release_castles(ctx, &royal);
            match &keeper {
                Some(k) => crate::rules::royalty::attach(ctx, &royal, k),
                None => ctx.emit(Event::RoyalPlaced {
                    royal,
                    place: RoyalPlace::Alone {
                        place: Place::Field { area: *area },
                    },
                }),
            }
        }
    }
}
