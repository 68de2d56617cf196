//! Occupying a place after a successful siege or a relief (10.60, 10.61, 10.76): the victor
//! chooses which friendly Nobles standing in the Area's open field end the phase inside, up to
//! capacity, one `EnterConquered` at a time, and `Pass`es when done. If a Royal waits alone
//! inside, an attacker must go in and takes it (10.61, 17.06).

use crate::content::{LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{MustAct, OccupyCause, RuleError};
use crate::rules::event::Event;
use crate::rules::state::{Pending, Place, RoyalPlace, State};

/// Opens the victor's choice of who goes inside, if anyone could.
pub fn open(
    ctx: &mut Ctx<'_>,
    faction: FactionIdx,
    location: &LocationId,
    attackers: &[NobleId],
    must_enter: bool,
) {
    let pending = Pending::Occupy {
        faction,
        location: *location,
        attackers: attackers.to_vec(),
        must_enter,
    };
    if !candidates(ctx, faction, location, attackers).is_empty() {
        ctx.emit(Event::DecisionOpened { pending });
    }
}

/// The Nobles that may still go inside: the victor's own Nobles and the attackers (allied Force
/// members included) in the Area's open field that fit (10.60, 19.14).
pub fn candidates(
    ctx: &Ctx<'_>,
    faction: FactionIdx,
    location: &LocationId,
    attackers: &[NobleId],
) -> Vec<NobleId> {
    let Some(area) = ctx.content.map.area_of(location) else {
        return Vec::new();
    };
    let field = Place::Field { area: *area };
    ctx.state
        .nobles
        .iter()
        .filter(|(id, n)| n.place == field && (n.faction == faction || attackers.contains(id)))
        .filter(|(id, _)| crate::rules::capacity::fits(ctx, location, id))
        .map(|(id, _)| *id)
        .collect()
}

fn royals_alone_inside(state: &State, location: &LocationId) -> Vec<crate::content::RoyalId> {
    let inside = Place::Inside {
        location: *location,
    };
    state
        .royals
        .iter()
        .filter(|(_, r)| matches!(&r.place, RoyalPlace::Alone { place } if place == &inside))
        .map(|(id, _)| *id)
        .collect()
}

/// Checks putting a Noble inside (10.60).
pub fn check_enter(
    ctx: &Ctx<'_>,
    faction: FactionIdx,
    location: &LocationId,
    attackers: &[NobleId],
    noble: &NobleId,
) -> Result<(), RuleError> {
    if candidates(ctx, faction, location, attackers).contains(noble) {
        return Ok(());
    }
    let refuse = |cause| {
        Err(RuleError::CannotOccupy {
            noble: *noble,
            cause,
        })
    };
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay { noble: *noble });
    };
    let in_field = ctx
        .content
        .map
        .area_of(location)
        .is_some_and(|area| n.place == Place::Field { area: *area });
    if !in_field {
        return refuse(OccupyCause::NotInField);
    }
    if n.faction != faction && !attackers.contains(noble) {
        return refuse(OccupyCause::NotYours);
    }
    Err(RuleError::OverCapacity {
        location: *location,
    })
}

/// Puts a Noble inside, as [`check_enter`] allowed; an attacker going in takes the Royals
/// waiting there (10.61, 17.06).
pub fn enter(
    ctx: &mut Ctx<'_>,
    faction: FactionIdx,
    location: &LocationId,
    attackers: &[NobleId],
    noble: &NobleId,
) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: Place::Inside {
            location: *location,
        },
        counts_as_move: false,
    });
    if attackers.contains(noble) {
        for royal in royals_alone_inside(&ctx.state, location) {
            crate::rules::royalty::attach(ctx, &royal, noble);
        }
    }
    if candidates(ctx, faction, location, attackers).is_empty() {
        ctx.emit(Event::DecisionClosed);
    }
}

/// Whether an attacker is inside the place.
fn attacker_inside(ctx: &Ctx<'_>, location: &LocationId, attackers: &[NobleId]) -> bool {
    let inside = Place::Inside {
        location: *location,
    };
    attackers
        .iter()
        .any(|a| ctx.state.nobles.get(a).is_some_and(|n| n.place == inside))
}

/// Checks ending the choice: when a Royal was inside, an attacker who can still go in must
/// (10.61).
pub fn check_done(
    ctx: &Ctx<'_>,
    faction: FactionIdx,
    location: &LocationId,
    attackers: &[NobleId],
    must_enter: bool,
) -> Result<(), RuleError> {
    let attacker_can = candidates(ctx, faction, location, attackers)
        .iter()
        .any(|n| attackers.contains(n));
    let royal_waits = must_enter && !attacker_inside(ctx, location, attackers)
        || !royals_alone_inside(&ctx.state, location).is_empty();
    if attacker_can && royal_waits {
        return Err(RuleError::MustActFirst {
            reason: MustAct::TakeRoyalInside,
        });
    }
    Ok(())
}

/// Ends the choice, as [`check_done`] allowed: no one else goes in.
pub fn done(ctx: &mut Ctx<'_>) {
    ctx.emit(Event::DecisionClosed);
}
