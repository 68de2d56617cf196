//! A successful siege (10.53, 10.60–10.64, 17.06): control passes, the place's Town or City
//! card goes to an attacker (or waits in the Crown deck, 10.64), and the victor chooses who
//! ends the phase inside.

use crate::content::{CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::state::{ControlSource, Controller};

/// A successful siege (10.53, 10.60–10.63, 17.06): control passes, the place's Town or City
/// card goes to an attacker, and the victor chooses who goes in (an attacker must if a Royal
/// was inside).
pub(super) fn conquer(
    ctx: &mut Ctx<'_>,
    location: &LocationId,
    winners: &[NobleId],
    faction: FactionIdx,
    royal_inside: bool,
) {
    let Some(first) = winners.first().cloned() else {
        return;
    };
    ctx.emit(Event::BesiegedCleared {
        location: *location,
    });
    if ctx.state.besieged.contains_key(location) {
        ctx.emit(Event::BesiegedCleared {
            location: *location,
        });
    }
    ctx.emit(Event::ControlChanged {
        location: *location,
        controller: Some(Controller {
            faction: Some(faction),
            source: ControlSource::Conquest { noble: first },
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
        .map(|c| c.id);
    if let Some(town) = town {
        if let Some((holder, _)) = ctx
            .state
            .nobles
            .iter()
            .find(|(_, n)| n.awards.contains(&town))
            .map(|(id, n)| (*id, n.clone()))
        {
            ctx.emit(Event::CardAwarded {
                noble: first,
                card: town,
                from: crate::rules::event::CardSource::Noble { noble: holder },
            });
        } else if let Some(holder) = (0..ctx.state.players())
            .find(|f| ctx.state.factions[*f].hand.contains(&town))
            .map(|f| f as FactionIdx)
        {
            // 10.63: from a player's hand, through the conqueror's hand to its Noble.
            let to = ctx.owner(&first).unwrap_or(faction);
            if holder != to {
                ctx.emit(Event::HandCardsGiven {
                    from: holder,
                    to,
                    cards: vec![town],
                });
            }
            ctx.emit(Event::CardAwarded {
                noble: first,
                card: town,
                from: crate::rules::event::CardSource::Hand,
            });
        } else if ctx.state.crown_discard.contains(&town) {
            ctx.emit(Event::CardAwarded {
                noble: first,
                card: town,
                from: crate::rules::event::CardSource::Discard,
            });
        } else if ctx.state.city_pile.contains(&town) {
            ctx.emit(Event::CardAwarded {
                noble: first,
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
            city: city.id,
        });
    }
    // 10.60, 10.61: the victor chooses who ends the phase inside.
    super::occupy::open(ctx, faction, location, winners, royal_inside);
}

/// 10.64: a Town card drawn from the Crown deck while its place is held by conquest goes to the
/// conqueror's faction instead: to the conquering Noble if it can take it, else to the
/// faction's senior Noble who can, else into its hand. Returns true when the card was taken, so
/// the drawer draws another.
pub fn town_card_drawn(ctx: &mut Ctx<'_>, card: &CrownCardId) -> bool {
    let content = ctx.content;
    let Some(c) = content.cards.card(card.as_str()) else {
        return false;
    };
    if c.card_type != crate::content::cards::CardType::Town {
        return false;
    }
    let conquest = c
        .locations
        .iter()
        .find_map(|l| match ctx.state.control.get(l) {
            Some(Controller {
                faction: Some(f),
                source: ControlSource::Conquest { noble },
            }) => Some((*f, *noble)),
            _ => None,
        });
    let Some((faction, conqueror)) = conquest else {
        return false;
    };
    let able = |ctx: &Ctx<'_>, n: &NobleId| {
        ctx.owner(n) == Some(faction)
            && crate::rules::negotiation::can_receive(ctx, n)
            && ctx.can_award(n, card)
    };
    let mut nobles: Vec<(&NobleId, u32)> =
        ctx.state.nobles.iter().map(|(id, n)| (id, n.seq)).collect();
    nobles.sort_by_key(|(_, seq)| *seq);
    let taker = std::iter::once(&conqueror)
        .chain(nobles.into_iter().map(|(id, _)| id))
        .find(|n| able(ctx, n))
        .cloned();
    match taker {
        Some(noble) => ctx.award(&noble, card, crate::rules::event::CardSource::Deck),
        None => ctx.emit(Event::CrownCardsDrawn {
            faction,
            cards: vec![*card],
        }),
    }
    true
}
