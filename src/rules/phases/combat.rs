//! The Combat Phase (§10): battles in the open field and sieges of fortified places,
//! committing attackers, the card window (defender first), the resolution card, odds, the
//! KILLED list (one per faction), captures, Major cards, conquest and Besieged markers.

use crate::content::Content;
use crate::content::events::CombatResult;
use crate::content::{AreaId, CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::{CombatOutcome, DeathCause, Event};
use crate::rules::flow;
use crate::rules::state::{
    Attack, AttackTarget, ControlSource, Controller, Pending, Place, RoyalPlace, State, WindowKind,
};
use crate::rules::troops::{combat_stack_strength, strength};

fn target_key(area: &AreaId, target: &AttackTarget) -> String {
    match target {
        AttackTarget::Field { faction } => format!("field:{area}:{faction}"),
        AttackTarget::Location { location } => format!("siege:{location}"),
    }
}

/// The defending Nobles of a target (10.12, 10.41).
pub fn defenders(state: &State, area: &AreaId, target: &AttackTarget) -> Vec<NobleId> {
    match target {
        AttackTarget::Field { faction } => state
            .nobles
            .iter()
            .filter(|(_, n)| {
                state.friendly(n.faction, *faction)
                    && matches!(&n.place, Place::Field { area: a } if a == area)
            })
            .map(|(id, _)| id.clone())
            .collect(),
        AttackTarget::Location { location } => state
            .nobles_at(&Place::Inside {
                location: location.clone(),
            })
            .into_iter()
            .cloned()
            .collect(),
    }
}

/// The garrison of a place (10.40, 19.14, Z25).
pub fn garrison(content: &Content, state: &State, location: &LocationId) -> u32 {
    let Some(l) = content.map.location(location) else {
        return 0;
    };
    if l.kind == crate::content::map::LocationKind::OpenTown
        && state
            .nobles_at(&Place::Inside {
                location: location.clone(),
            })
            .is_empty()
    {
        return 0;
    }
    l.garrison
}

/// Whether the faction may start this attack now (10.04–10.08, 10.40, Z12).
pub fn can_start(
    content: &Content,
    state: &State,
    by: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
) -> bool {
    if state.kings_peace.as_ref().is_some_and(|p| &p.area == area)
        || state.attacked_targets.contains(&target_key(area, target))
    {
        return false;
    }
    let defending = defenders(state, area, target);
    if state.clock.round == 1 && !defending.is_empty() {
        return false; // 10.07, Z12
    }
    let has_attacker = state.nobles.iter().any(|(id, n)| {
        n.faction == by
            && matches!(&n.place, Place::Field { area: a } if a == area)
            && n.attacked_round != Some(state.clock.round)
            && !state.is_besieged(id)
    });
    // 9.47, Z13: passengers landing to besiege this port count as standing before it.
    let from_ships = matches!(target, AttackTarget::Location { location }
    if crate::rules::phases::sea::landing_ships(state, by, location).iter().any(|ship| {
        crate::rules::phases::sea::passengers(state, ship)
            .iter()
            .any(|n| state.nobles.get(n).is_some_and(|x| x.attacked_round != Some(state.clock.round)))
    }));
    if !has_attacker && !from_ships {
        return false;
    }
    match target {
        AttackTarget::Field { faction } => !state.friendly(*faction, by) && !defending.is_empty(),
        AttackTarget::Location { location } => {
            let Some(l) = content.map.location(location) else {
                return false;
            };
            l.area == *area
                && l.kind.is_fortified()
                && !state.place_friendly(location, by)
                && state.besieged.get(location).is_none_or(|b| *b == by) // 10.76
                && !(l.kind == crate::content::map::LocationKind::OpenTown && defending.is_empty())
        }
    }
}

/// Begins an attack (10.11).
pub fn start(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
) -> Result<(), RuleError> {
    if !can_start(ctx.content, &ctx.state, by, area, target) {
        return Err(RuleError::AttackNotAllowed);
    }
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Attack(Attack {
            attacker: by,
            area: area.clone(),
            target: target.clone(),
            attackers: Vec::new(),
            window: None,
        }),
    });
    Ok(())
}

/// Commits one attacker (10.11, 10.42, Z13).
pub fn commit(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    attack: &Attack,
    noble: &NobleId,
) -> Result<(), RuleError> {
    check_commit(ctx, by, attack, noble)?;
    let mut next = attack.clone();
    next.attackers.push(noble.clone());
    ctx.emit(Event::DecisionUpdated {
        pending: Pending::Attack(next),
    });
    Ok(())
}

/// Checks committing an attacker (10.11).
pub fn check_commit(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    attack: &Attack,
    noble: &NobleId,
) -> Result<(), RuleError> {
    // 9.47, 9.52: landing passengers besiege their port, never together with land forces.
    let by_sea = |n: &NobleId| match &attack.target {
        AttackTarget::Location { location } => {
            crate::rules::phases::sea::landing_from(&ctx.state, n, location).is_some()
        }
        AttackTarget::Field { .. } => false,
    };
    let ok = ctx.state.nobles.get(noble).is_some_and(|n| {
        n.faction == by
            && (matches!(&n.place, Place::Field { area } if area == &attack.area) || by_sea(noble))
            && n.attacked_round != Some(ctx.state.clock.round)
    }) && !attack.attackers.contains(noble)
        && attack.attackers.iter().all(|a| by_sea(a) == by_sea(noble));
    if !ok {
        return Err(RuleError::CannotJoinAttack {
            noble: noble.clone(),
        });
    }
    Ok(())
}

/// Strengths of both sides now.
pub fn sides(content: &Content, state: &State, attack: &Attack) -> (u32, u32) {
    let a = combat_stack_strength(content, state, &attack.attackers);
    let mut d = combat_stack_strength(
        content,
        state,
        &defenders(state, &attack.area, &attack.target),
    );
    if let AttackTarget::Location { location } = &attack.target {
        d += garrison(content, state, location);
    }
    (a, d)
}

/// Launches the attack: the card window opens, defender first, then clockwise (10.15, 10.44).
pub fn launch(ctx: &mut Ctx<'_>, attack: &Attack) -> Result<(), RuleError> {
    check_launch(ctx, attack)?;
    launch_checked(ctx, attack);
    Ok(())
}

/// Checks launching: attackers committed, strong enough to besiege (10.43).
pub fn check_launch(ctx: &Ctx<'_>, attack: &Attack) -> Result<(), RuleError> {
    if attack.attackers.is_empty() {
        return Err(RuleError::NoAttackers);
    }
    // 9.47: every passenger landing there attempts the siege.
    if let AttackTarget::Location { location } = &attack.target
        && attack
            .attackers
            .iter()
            .any(|n| crate::rules::phases::sea::landing_from(&ctx.state, n, location).is_some())
        && let Some(missing) =
            crate::rules::phases::sea::landing_ships(&ctx.state, attack.attacker, location)
                .iter()
                .flat_map(|ship| crate::rules::phases::sea::passengers(&ctx.state, ship))
                .find(|n| !attack.attackers.contains(n))
    {
        return Err(RuleError::CannotJoinAttack { noble: missing });
    }
    let (a, d) = sides(ctx.content, &ctx.state, attack);
    if let AttackTarget::Location { location } = &attack.target
        && a < d
    {
        return Err(RuleError::TooWeakToBesiege {
            location: location.clone(),
        }); // 10.43
    }
    Ok(())
}

fn launch_checked(ctx: &mut Ctx<'_>, attack: &Attack) {
    for noble in &attack.attackers {
        ctx.emit(Event::NobleAttacked {
            noble: noble.clone(),
        });
    }
    ctx.emit(Event::TargetAttacked {
        key: target_key(&attack.area, &attack.target),
    });
    let defending = defenders(&ctx.state, &attack.area, &attack.target);
    let mut order: Vec<FactionIdx> = Vec::new();
    let first = defending.first().and_then(|n| ctx.owner(n));
    for f in flow::clockwise_from(ctx, first.unwrap_or(attack.attacker)) {
        let involved = f == attack.attacker || defending.iter().any(|n| ctx.owner(n) == Some(f));
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
pub fn call_off(ctx: &mut Ctx<'_>) -> Result<(), RuleError> {
    // 9.48: passengers whose siege is called off stay aboard at sea.
    if let Some(Pending::Attack(attack)) = ctx.state.pending.last().cloned()
        && let AttackTarget::Location { location } = &attack.target
        && attack
            .attackers
            .iter()
            .any(|n| crate::rules::phases::sea::landing_from(&ctx.state, n, location).is_some())
    {
        crate::rules::phases::sea::call_off_landing(ctx, attack.attacker, location);
    }
    ctx.emit(Event::DecisionClosed);
    Ok(())
}

/// Awards a card from hand to a Noble taking part (10.15, 10.71).
pub fn award_in_combat(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    attack: &Attack,
    card: &CrownCardId,
    noble: &NobleId,
) -> Result<(), RuleError> {
    check_award_in_combat(ctx, by, attack, card, noble)?;
    crate::rules::negotiation::anytime(
        ctx,
        by,
        &crate::rules::command::Command::AwardCard {
            card: card.clone(),
            noble: noble.clone(),
        },
    )
    .unwrap_or(Err(RuleError::WrongStep))
}

/// Checks adding a card to a Noble taking part (10.15).
pub fn check_award_in_combat(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    attack: &Attack,
    card: &CrownCardId,
    noble: &NobleId,
) -> Result<(), RuleError> {
    let taking_part = attack.attackers.contains(noble)
        || defenders(&ctx.state, &attack.area, &attack.target).contains(noble);
    if !taking_part || ctx.owner(noble) != Some(by) {
        return Err(RuleError::CannotAward {
            card: card.clone(),
            noble: noble.clone(),
        });
    }
    crate::rules::negotiation::check_award_card(ctx, by, card, noble)
}

fn odds_met(content: &Content, result: CombatResult, larger: u32, smaller: u32) -> bool {
    if larger == smaller {
        return false; // Z16
    }
    content
        .cards
        .tables
        .odds
        .iter()
        .find(|s| s.step == result.key())
        .is_some_and(|s| s.reached(u64::from(larger), u64::from(smaller)))
}

/// Resolves the attack once its window closed (10.20–10.65).
pub fn resolve(ctx: &mut Ctx<'_>, closed: Pending) {
    let Pending::Attack(attack) = closed else {
        return;
    };
    let content = ctx.content;
    let siege = match &attack.target {
        AttackTarget::Location { location } => Some(location.clone()),
        AttackTarget::Field { .. } => None,
    };
    if let Some(location) = &siege
        && attack
            .attackers
            .iter()
            .any(|n| crate::rules::phases::sea::landing_from(&ctx.state, n, location).is_some())
    {
        crate::rules::phases::sea::land_besiegers(ctx, attack.attacker, location); // 9.49
    }
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
            area: attack.area.clone(),
            siege: siege.clone(),
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
    if a.saturating_mul(4) < d && ctx.state.setup.options.z15_very_weak_odds {
        ctx.emit(Event::CombatResolved {
            area: attack.area.clone(),
            siege,
            card,
            attack_strength: a,
            defence_strength: d,
            outcome: CombatOutcome::DefenderWon,
        });
        if let Some(winner) = defending.first().and_then(|n| ctx.owner(n)) {
            capture_all(ctx, &attack.attackers, winner, &attack.area);
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
        card: card.clone(),
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
        AttackTarget::Location { location } => Some(location.clone()),
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
        area: attack.area.clone(),
        siege: siege.clone(),
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
    crate::rules::capture::kill_all(ctx, killed, DeathCause::Killed);
    let (winners, losers): (Vec<NobleId>, Vec<NobleId>) = match outcome {
        CombatOutcome::AttackerWon => (attack.attackers.clone(), defending.clone()),
        CombatOutcome::DefenderWon => (defending.clone(), attack.attackers.clone()),
        CombatOutcome::Indecisive | CombatOutcome::BadWeather => return,
    };
    let winners: Vec<NobleId> = winners
        .into_iter()
        .filter(|n| ctx.state.nobles.contains_key(n))
        .collect();
    let Some(winner_faction) = winners
        .first()
        .and_then(|n| ctx.owner(n))
        .or_else(|| (outcome == CombatOutcome::AttackerWon).then_some(attack.attacker))
    else {
        return;
    };
    let losers: Vec<NobleId> = losers
        .into_iter()
        .filter(|n| ctx.state.nobles.contains_key(n))
        .collect();
    capture_all(ctx, &losers, winner_faction, &attack.area);
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
                noble: first.clone(),
                card: m.id.clone(),
            });
        }
    }
    if let Some(location) = siege
        && outcome == CombatOutcome::AttackerWon
    {
        conquer(ctx, &location, &winners, winner_faction);
    }
}

/// Captures losers and takes their Royals (10.24, 17.04, 17.05).
fn capture_all(ctx: &mut Ctx<'_>, losers: &[NobleId], captor: FactionIdx, area: &AreaId) {
    let keeper = ctx
        .state
        .nobles
        .iter()
        .find(|(_, n)| {
            n.faction == captor && matches!(&n.place, Place::Field { area: a } if a == area)
        })
        .map(|(id, _)| id.clone());
    for noble in losers {
        let royals = ctx.state.royals_with(noble);
        ctx.emit(Event::NobleCaptured {
            noble: noble.clone(),
            captor,
            area: area.clone(),
        });
        for royal in royals {
            crate::rules::royalty::release_castles(ctx, &royal);
            match &keeper {
                Some(k) => crate::rules::royalty::attach(ctx, &royal, k),
                None => ctx.emit(Event::RoyalPlaced {
                    royal,
                    place: RoyalPlace::Alone {
                        place: Place::Field { area: area.clone() },
                    },
                }),
            }
        }
    }
}

/// A successful siege (10.53, 10.60–10.63, 17.06): control passes, the place's Town or City
/// card goes to an attacker, attackers may enter and must if a Royal is inside.
fn conquer(ctx: &mut Ctx<'_>, location: &LocationId, winners: &[NobleId], faction: FactionIdx) {
    let Some(first) = winners.first().cloned() else {
        return;
    };
    ctx.emit(Event::BesiegedCleared {
        location: location.clone(),
    });
    if ctx.state.besieged.contains_key(location) {
        ctx.emit(Event::BesiegedCleared {
            location: location.clone(),
        });
    }
    ctx.emit(Event::ControlChanged {
        location: location.clone(),
        controller: Some(Controller {
            faction: Some(faction),
            source: ControlSource::Conquest {
                noble: first.clone(),
            },
        }),
    });
    // 10.63: the place's own Town card from any Noble in play, or its City card.
    let content = ctx.content;
    let town: Option<CrownCardId> = content
        .cards
        .crown_cards
        .iter()
        .find(|c| {
            c.card_type == crate::content::cards::CardType::Town && c.locations.contains(location)
        })
        .map(|c| c.id.clone());
    if let Some(town) = town {
        if let Some((holder, _)) = ctx
            .state
            .nobles
            .iter()
            .find(|(_, n)| n.awards.contains(&town))
            .map(|(id, n)| (id.clone(), n.clone()))
        {
            ctx.emit(Event::CardAwarded {
                noble: first.clone(),
                card: town,
                from: crate::rules::event::CardSource::Noble { noble: holder },
            });
        } else if ctx.state.crown_discard.contains(&town) {
            ctx.emit(Event::CardAwarded {
                noble: first.clone(),
                card: town,
                from: crate::rules::event::CardSource::Discard,
            });
        } else if ctx.state.city_pile.contains(&town) {
            ctx.emit(Event::CardAwarded {
                noble: first.clone(),
                card: town,
                from: crate::rules::event::CardSource::CityPile,
            }); // 4.05
        }
    }
    if let Some(city) = content
        .cards
        .city_cards
        .iter()
        .find(|c| &c.location == location)
    {
        ctx.emit(Event::CityCardAwarded {
            noble: first,
            city: city.id.clone(),
        });
    }
    for noble in winners {
        if crate::rules::phases::event_phase::fits(ctx, location, noble) {
            ctx.emit(Event::NobleMoved {
                noble: noble.clone(),
                to: Place::Inside {
                    location: location.clone(),
                },
                counts_as_move: false,
            });
        }
    }
    // 17.06: Royals alone inside go to a victor inside.
    let inside = Place::Inside {
        location: location.clone(),
    };
    let keeper = ctx
        .state
        .nobles_at(&inside)
        .into_iter()
        .find(|n| ctx.owner(n) == Some(faction))
        .cloned();
    for (royal, r) in ctx.state.royals.clone() {
        if matches!(&r.place, RoyalPlace::Alone { place } if place == &inside)
            && let Some(k) = &keeper
        {
            crate::rules::royalty::attach(ctx, &royal, k);
        }
    }
    let _ = strength;
}
