//! Landing from ships to besiege a neutral or enemy fortified port (9.47–9.52): the
//! passengers' strength, the siege they owe, calling it off (they stay aboard) and landing at
//! Siege Resolution. That the Combat Phase waits for a siege still owed is judged with the
//! attacks, in `combat::attack`.

use crate::content::{LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::control::remove_if_card_gone;
use crate::rules::ctx::Ctx;
use crate::rules::error::{RuleError, ShipCause};
use crate::rules::event::Event;
use crate::rules::ships::{cannot, passengers, ship_mover};
use crate::rules::state::{Place, ShipPlace, State};
use crate::rules::troops::base_strength;

/// 9.47: the passengers, without regional bonuses, must be strong enough to besiege the port.
pub(crate) fn check_landing_strength(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    aboard: &[NobleId],
    ship: &str,
    location: &LocationId,
) -> Result<(), RuleError> {
    if ctx.state.besieged.get(location).is_some_and(|b| *b != by) {
        return Err(cannot(ship, ShipCause::BesiegedByOther)); // 10.76
    }
    let attack: u32 = aboard
        .iter()
        .map(|n| base_strength(ctx.content, &ctx.state, n))
        .sum();
    let defence = crate::rules::phases::combat::Pieces::of_state(&ctx.state)
        .place_defence(ctx.content, location);
    if attack < defence {
        return Err(RuleError::TooWeakToBesiege {
            location: *location,
        });
    }
    Ok(())
}

/// The faction's ships whose passengers are landing to besiege `location` (9.47).
pub fn landing_ships(state: &State, by: FactionIdx, location: &LocationId) -> Vec<String> {
    state
        .ships
        .iter()
        .filter(|(id, s)| s.landing.as_ref() == Some(location) && ship_mover(state, id) == Some(by))
        .map(|(id, _)| id.clone())
        .collect()
}

/// The ship a passenger is landing from to besiege `location`, if any (9.47, Z13).
pub fn landing_from(state: &State, noble: &NobleId, location: &LocationId) -> Option<String> {
    match &state.nobles.get(noble)?.place {
        Place::Aboard { ship } => state
            .ships
            .get(ship)
            .is_some_and(|s| s.landing.as_ref() == Some(location))
            .then(|| ship.clone()),
        _ => None,
    }
}

/// 9.49: at the start of Siege Resolution the passengers go to the open field of the Area
/// and their ships into the port.
pub fn land_besiegers(ctx: &mut Ctx<'_>, by: FactionIdx, location: &LocationId) {
    let Some(area) = ctx.content.map.area_of(location).cloned() else {
        return;
    };
    for ship in landing_ships(&ctx.state, by, location) {
        for noble in passengers(&ctx.state, &ship) {
            ctx.emit(Event::NobleMoved {
                noble,
                to: Place::Field { area },
                counts_as_move: false,
            });
        }
        ctx.emit(Event::ShipMoved {
            ship: ship.clone(),
            to: ShipPlace::Port {
                location: *location,
            },
            free: false,
        });
        remove_if_card_gone(ctx, &ship); // 9.53, 20.08
    }
}

/// 9.48: an attack from the ships called off: the passengers stay aboard at sea.
pub fn call_off_landing(ctx: &mut Ctx<'_>, by: FactionIdx, location: &LocationId) {
    for ship in landing_ships(&ctx.state, by, location) {
        ctx.emit(Event::ShipLanding {
            ship,
            location: None,
        });
    }
}

/// At the end of the Combat Phase, landings that could not be attempted end: the passengers
/// stay aboard at sea (9.48).
pub fn end_landings(ctx: &mut Ctx<'_>, by: FactionIdx) {
    let ships: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|(id, s)| s.landing.is_some() && ship_mover(&ctx.state, id) == Some(by))
        .map(|(id, _)| id.clone())
        .collect();
    for ship in ships {
        ctx.emit(Event::ShipLanding {
            ship,
            location: None,
        });
    }
}

/// 9.47, Z13: whether the faction has passengers landing to besiege this target who have not
/// attacked this round (they count as standing before the port).
pub fn can_besiege_from_ships(
    state: &State,
    by: FactionIdx,
    target: &crate::rules::state::AttackTarget,
) -> bool {
    let crate::rules::state::AttackTarget::Location { location } = target else {
        return false;
    };
    landing_ships(state, by, location).iter().any(|ship| {
        passengers(state, ship).iter().any(|n| {
            state
                .nobles
                .get(n)
                .is_some_and(|x| x.attacked_round != Some(state.clock.round))
        })
    })
}

/// Whether a Noble attacks from the ships landing at the attack's target (9.47).
fn by_sea(state: &State, attack: &crate::rules::state::Attack, noble: &NobleId) -> bool {
    match &attack.target {
        crate::rules::state::AttackTarget::Location { location } => {
            landing_from(state, noble, location).is_some()
        }
        crate::rules::state::AttackTarget::Field { .. } => false,
    }
}

/// 9.47, 9.52: whether a Noble may be committed as far as the sea rules go: landing
/// passengers besiege their port, and never together with Nobles on land. Returns
/// `Some(ok)` for a passenger or when the attack already mixes in one, `None` to leave the
/// land rules to decide.
pub fn commit_by_sea(
    state: &State,
    attack: &crate::rules::state::Attack,
    noble: &NobleId,
) -> Option<bool> {
    let sea = by_sea(state, attack, noble);
    if attack
        .attackers
        .iter()
        .any(|a| by_sea(state, attack, a) != sea)
    {
        return Some(false); // 9.52
    }
    sea.then_some(true)
}

/// 9.47: every passenger landing at the port attempts the siege; returns one left out.
pub fn missing_passenger(state: &State, attack: &crate::rules::state::Attack) -> Option<NobleId> {
    let crate::rules::state::AttackTarget::Location { location } = &attack.target else {
        return None;
    };
    if !attack.attackers.iter().any(|n| by_sea(state, attack, n)) {
        return None;
    }
    landing_ships(state, attack.attacker, location)
        .iter()
        .flat_map(|ship| passengers(state, ship))
        .find(|n| !attack.attackers.contains(n))
}

/// Hooks of a siege from the ships: called off, the passengers stay aboard (9.48); at Siege
/// Resolution, they land (9.49).
pub fn on_siege(ctx: &mut Ctx<'_>, attack: &crate::rules::state::Attack, resolving: bool) {
    let crate::rules::state::AttackTarget::Location { location } = &attack.target else {
        return;
    };
    if !attack
        .attackers
        .iter()
        .any(|n| by_sea(&ctx.state, attack, n))
    {
        return;
    }
    if resolving {
        land_besiegers(ctx, attack.attacker, location);
    } else {
        call_off_landing(ctx, attack.attacker, location);
    }
}
