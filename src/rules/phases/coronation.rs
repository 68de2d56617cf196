//! The Coronation Phase (§13): crowning the senior Royal of a house, and the crowned Royal's
//! Nobles entering the cathedral's friendly fortified place afterwards (13.04).

use crate::content::{AreaId, LocationId, NobleId, RoyalId};
use crate::rules::FactionIdx;
use crate::rules::command::Destination;
use crate::rules::ctx::Ctx;
use crate::rules::error::{CrownCause, ReachCause, RuleError, StepCause};
use crate::rules::event::Event;
use crate::rules::state::Place;

/// Crowns a Royal (13.01–13.06), as [`check_crown`] allowed.
pub fn crown(ctx: &mut Ctx<'_>, royal: &RoyalId) {
    ctx.emit(Event::RoyalCrowned { royal: *royal });
}

/// Checks a coronation (13.01–13.06).
pub fn check_crown(ctx: &Ctx<'_>, by: FactionIdx, royal: &RoyalId) -> Result<(), RuleError> {
    let refuse = |cause| RuleError::CannotCrown {
        royal: *royal,
        cause,
    };
    if ctx.state.royal_controller(royal) != Some(by) {
        return Err(refuse(CrownCause::NotYours));
    }
    crate::rules::royalty::check_crown(ctx.content, &ctx.state, royal).map_err(refuse)
}

/// Checks a Noble entering the cathedral's place after a coronation (13.04, 13.05): in the
/// faction's Coronation Phase, once a Royal it controls has been crowned in this Area this
/// round, an own Noble in the Area may enter the friendly fortified Town or City holding the
/// cathedral (room permitting), its Royals with it. It is not a move.
pub fn check_enter_cathedral(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    to: &Destination,
) -> Result<Place, RuleError> {
    let Some(location) = &to.inside else {
        return Err(RuleError::WrongStep {
            cause: StepCause::CathedralOnly,
        });
    };
    let round = Some(ctx.state.clock.round);
    let crowned_here = ctx.state.royals.iter().any(|(id, r)| {
        r.crowned_round == round
            && ctx.state.royal_controller(id) == Some(by)
            && royal_area(ctx, id).as_ref() == Some(&to.area)
    });
    let cathedral = ctx
        .content
        .map
        .location(location)
        .is_some_and(|l| l.cathedral && l.kind.is_fortified() && l.area == to.area);
    if !crowned_here {
        return Err(RuleError::WrongStep {
            cause: StepCause::NotCrownedHere,
        });
    }
    if !cathedral {
        return Err(RuleError::WrongStep {
            cause: StepCause::NotTheCathedral,
        });
    }
    let n = ctx.own_noble(by, noble)?;
    let unreachable = |cause| RuleError::Unreachable { to: to.area, cause };
    let in_area = crate::rules::troops::area_of_noble(ctx.content, &ctx.state, noble)
        .is_some_and(|a| a == to.area);
    if !in_area {
        return Err(unreachable(ReachCause::NotInArea));
    }
    if ctx.state.is_besieged(noble) {
        return Err(RuleError::Besieged { noble: *noble });
    }
    let place = crate::rules::phases::movement::landing(ctx, by, noble, to)?;
    if place == n.place {
        return Err(unreachable(ReachCause::AlreadyThere));
    }
    Ok(place)
}

/// A Noble enters the cathedral's place after a coronation (13.04): the place
/// [`check_enter_cathedral`] found.
pub fn enter_cathedral(ctx: &mut Ctx<'_>, noble: &NobleId, place: Place) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: place,
        counts_as_move: false,
    });
}

/// The Area a Royal stands in.
fn royal_area(ctx: &Ctx<'_>, royal: &RoyalId) -> Option<AreaId> {
    match crate::rules::royalty::royal_place(&ctx.state, royal)? {
        Place::Field { area } => Some(area),
        Place::Inside { location } => ctx.content.map.area_of(&location).cloned(),
        Place::Aboard { .. } | Place::Captive { .. } => None,
    }
}

/// The cathedral places of an Area where a coronation was just made (for the listing).
pub fn cathedral_places(ctx: &Ctx<'_>, area: &AreaId) -> Vec<LocationId> {
    ctx.content
        .map
        .locations_in(area)
        .into_iter()
        .filter(|l| l.cathedral && l.kind.is_fortified())
        .map(|l| l.id)
        .collect()
}
