//! Embassy (8.20–8.25): a sole King and his Noble go to the named place; other friendly or
//! allied Nobles with him may go too, each owner choosing its own, one Noble at a time (8.21).
//! A King besieged, at sea, on an island or in Calais does not respond (8.22).

use crate::content::{EventCardId, LocationId, NobleId};
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::phases::event_common::{finish_event, responds};
use crate::rules::state::{Companions, Pending, Place, RoyalPlace};

/// Sends the sole King to `to`; returns false when owners must first choose companions.
pub fn run(ctx: &mut Ctx<'_>, card: &EventCardId, to: &LocationId) -> bool {
    // 8.20, 8.24: only with a sole King.
    let kings: Vec<_> = ctx
        .state
        .royals
        .iter()
        .filter(|(_, r)| r.crowned && !matches!(r.place, RoyalPlace::Dead))
        .map(|(id, r)| (*id, r.place.clone()))
        .collect();
    let [(king, place)] = kings.as_slice() else {
        return true;
    };
    let Some(location) = ctx.content.map.location(to) else {
        return true;
    };
    let field = Place::Field {
        area: location.area,
    };
    match place {
        RoyalPlace::With { noble } => {
            let (Some(from), Some(faction)) = (
                ctx.state.nobles.get(noble).map(|n| n.place.clone()),
                ctx.owner(noble),
            ) else {
                return true;
            };
            if !responds(ctx, noble) {
                return true; // 8.22
            }
            ctx.emit(Event::NobleMoved {
                noble: *noble,
                to: field.clone(),
                counts_as_move: false,
            });
            // 8.21: friendly or allied Nobles in the same open field or place may follow.
            let mut choices = Vec::new();
            for f in crate::rules::flow::clockwise_from(ctx, faction) {
                if !ctx.state.friendly(f, faction) {
                    continue;
                }
                let with: Vec<NobleId> = ctx
                    .state
                    .nobles
                    .iter()
                    .filter(|(id, n)| n.faction == f && n.place == from && *id != noble)
                    .map(|(id, _)| *id)
                    .filter(|id| responds(ctx, id))
                    .collect();
                if !with.is_empty() {
                    choices.push((f, with));
                }
            }
            if !choices.is_empty() {
                ctx.emit(Event::DecisionOpened {
                    pending: Pending::EmbassyCompanions(Companions {
                        card: *card,
                        to: field,
                        choices,
                    }),
                });
                return false;
            }
        }
        RoyalPlace::Alone { place } => {
            let besieged = matches!(place, Place::Inside { location } if ctx.state.besieged.contains_key(location));
            if !besieged {
                ctx.emit(Event::RoyalPlaced {
                    royal: *king,
                    place: RoyalPlace::Alone { place: field },
                }); // Z08
            }
        }
        RoyalPlace::Dead => {}
    }
    true
}

/// Checks that the Noble may still go with the King, chosen by its owner.
pub fn check_accompany(companions: &Companions, noble: &NobleId) -> Result<(), RuleError> {
    match companions.choices.first() {
        Some((_, nobles)) if nobles.contains(noble) => Ok(()),
        _ => Err(RuleError::CannotAccompany { noble: *noble }),
    }
}

/// Sends one more Noble with the King, as [`check_accompany`] allowed.
pub fn accompany(ctx: &mut Ctx<'_>, companions: &Companions, noble: &NobleId) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: companions.to.clone(),
        counts_as_move: false,
    });
    let mut next = companions.clone();
    if let Some((_, nobles)) = next.choices.first_mut() {
        nobles.retain(|n| n != noble);
        if nobles.is_empty() {
            next.choices.remove(0);
        }
    }
    advance(ctx, next);
}

/// The deciding owner sends no more Nobles.
pub fn pass(ctx: &mut Ctx<'_>, companions: &Companions) {
    let mut next = companions.clone();
    if !next.choices.is_empty() {
        next.choices.remove(0);
    }
    advance(ctx, next);
}

fn advance(ctx: &mut Ctx<'_>, next: Companions) {
    if next.choices.is_empty() {
        ctx.emit(Event::DecisionClosed);
        finish_event(ctx, &next.card);
    } else {
        ctx.emit(Event::DecisionUpdated {
            pending: Pending::EmbassyCompanions(next),
        });
    }
}
