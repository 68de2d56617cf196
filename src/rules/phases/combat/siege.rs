//! A successful siege (10.53, 10.60–10.64, 17.06): control passes, the place's Town or City
//! card goes to an attacker, and the victors may end the phase inside.

use crate::content::{CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::{ControlSource, Controller, Place, RoyalPlace};

/// A successful siege (10.53, 10.60–10.63, 17.06): control passes, the place's Town or City
/// card goes to an attacker, attackers may enter and must if a Royal is inside.
pub(super) fn conquer(
    ctx: &mut Ctx<'_>,
    location: &LocationId,
    winners: &[NobleId],
    faction: FactionIdx,
) {
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
}
