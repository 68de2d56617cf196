//! Death, capture, ransom and execution (§11), Rally to the Cause (§22), and where a Noble's
//! cards go when it leaves play (11.01, 11.10, 11.11); what that does to control of places is
//! in [`crate::rules::control`].

use std::collections::BTreeMap;

use crate::content::cards::CardType;
use crate::content::{AreaId, CityCardId, CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
/// Kept at this path for the set-up (`setup::controlled_random`), which calls it here.
use crate::rules::control::{pass_city, recompute_control};
use crate::rules::ctx::Ctx;
use crate::rules::event::{CardDestination, DeathCause, Event};
use crate::rules::state::{ControlSource, Controller, Place, RoyalPlace, ShipPlace};
use crate::rules::troops::base_strength;

/// Where a Noble's cards go when it leaves play: victor Nobles (transferables and City cards,
/// 11.11), else Chancery for Titles and Offices, the discard for the rest, the board for City
/// cards (11.01, 11.10). Returns the Crown cards set aside for Rally (Z40): the Noble card and
/// its awarded cards, City cards not counting (22.03).
fn disperse(
    ctx: &mut Ctx<'_>,
    noble: &NobleId,
    victor: Option<(FactionIdx, AreaId)>,
) -> Vec<CrownCardId> {
    let content = ctx.content;
    let Some(n) = ctx.state.nobles.get(noble).cloned() else {
        return Vec::new();
    };
    let mut set_aside = vec![n.card];
    for card in &n.awards {
        set_aside.push(*card);
        let kind = content.cards.card(card.as_str()).map(|c| c.card_type);
        let to = match kind {
            Some(CardType::Title | CardType::Office) => CardDestination::Chancery,
            _ => match &victor {
                Some((faction, area)) => victor_taker(ctx, *faction, area, Some(card))
                    .map_or(CardDestination::Discard, |noble| CardDestination::Noble {
                        noble,
                    }),
                None => CardDestination::Discard,
            },
        };
        let receiver = match &to {
            CardDestination::Noble { noble } => Some(*noble),
            _ => None,
        };
        ctx.emit(Event::CardRemoved {
            noble: *noble,
            card: *card,
            to,
        });
        if let Some(r) = receiver {
            ctx.card_effects(&r, card);
        }
    }
    for city in &n.cities {
        // 11.11: an executed Noble's City cards pass to the victor too; a Noble killed by
        // Plague or a KILLED list returns them to the board (11.01).
        let taker = victor
            .as_ref()
            .and_then(|(faction, area)| victor_taker(ctx, *faction, area, None));
        match taker {
            Some(t) => pass_city(ctx, city, &t),
            None => ctx.emit(Event::CityCardReturned {
                noble: *noble,
                city: *city,
            }),
        }
    }
    for major in &n.majors {
        ctx.emit(Event::MajorCardReturned {
            noble: *noble,
            card: *major,
        });
    }
    set_aside
}

/// A Noble of the victor in the combat Area that can take `card` (11.11), or any of them for a
/// City card (`None`); failing that, an allied Noble there (23.18).
pub fn victor_taker(
    ctx: &Ctx<'_>,
    faction: FactionIdx,
    area: &AreaId,
    card: Option<&CrownCardId>,
) -> Option<NobleId> {
    let mut takers: Vec<(&NobleId, &crate::rules::state::NobleState)> = ctx
        .state
        .nobles
        .iter()
        .filter(|(_, n)| {
            ctx.state.friendly(n.faction, faction) && !matches!(n.place, Place::Captive { .. })
        })
        .filter(|(id, _)| {
            crate::rules::troops::area_of_noble(ctx.content, &ctx.state, id).as_ref() == Some(area)
        })
        .collect();
    takers.sort_by_key(|(_, n)| n.faction != faction);
    takers
        .into_iter()
        .map(|(id, _)| *id)
        .find(|id| card.is_none_or(|card| ctx.can_award(id, card)))
}

/// The Noble of the same faction standing in the same place as `noble` that keeps its Royals
/// when it dies (9.61, 17.10): the strongest without regional bonuses, then the first by id.
fn royal_keeper(ctx: &Ctx<'_>, noble: &NobleId) -> Option<NobleId> {
    let n = ctx.state.nobles.get(noble)?;
    if matches!(n.place, Place::Captive { .. }) {
        return None;
    }
    ctx.state
        .nobles
        .iter()
        .filter(|(id, x)| *id != noble && x.faction == n.faction && x.place == n.place)
        .map(|(id, _)| (base_strength(ctx.content, &ctx.state, id), id))
        .max_by(|a, b| a.0.cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, id)| *id)
}

/// Removes a Noble from play (11.01–11.04, 11.10, 11.13, 17.09). Returns the Crown cards set
/// aside for Rally to the Cause.
pub fn remove_noble(
    ctx: &mut Ctx<'_>,
    noble: &NobleId,
    cause: DeathCause,
    victor: Option<(FactionIdx, AreaId)>,
) -> Vec<CrownCardId> {
    let Some(n) = ctx.state.nobles.get(noble).cloned() else {
        return Vec::new();
    };
    // 9.61, 17.10: a Royal is never left alone while another Noble of its faction stands with
    // it, so it stays with that Noble; 17.09: a Royal whose only escort dies stays where it
    // is, uncontrolled.
    let keeper = royal_keeper(ctx, noble);
    for royal in ctx.state.royals_with(noble) {
        if let Some(k) = &keeper {
            ctx.emit(Event::RoyalPlaced {
                royal,
                place: RoyalPlace::With { noble: *k },
            });
            continue;
        }
        crate::rules::royalty::release_castles(ctx, &royal);
        let place = match &n.place {
            Place::Captive { area, .. } => Place::Field { area: *area },
            other => other.clone(),
        };
        ctx.emit(Event::RoyalPlaced {
            royal,
            place: RoyalPlace::Alone { place },
        });
    }
    // 11.13, Z41: the Chancellor's cards.
    if let Some(chancellor) = crate::rules::prestige::chancellor_card(ctx.content)
        && n.awards.contains(&chancellor)
    {
        for card in ctx.state.factions[usize::from(n.faction)]
            .chancellor_cards
            .clone()
        {
            ctx.emit(Event::ChancellorCardSpent {
                faction: n.faction,
                card,
            });
        }
    }
    let set_aside = disperse(ctx, noble, victor);
    // Ships of its cards leave when empty (20.08).
    let cards: Vec<_> = std::iter::once(n.card)
        .chain(n.awards.iter().cloned())
        .collect();
    let ships: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|(_, s)| cards.contains(&s.card))
        .map(|(id, _)| id.clone())
        .collect();
    ctx.emit(Event::NobleDied {
        noble: *noble,
        cause,
    });
    crate::rules::phases::combat::commander_died(ctx, noble); // 23.17
    ctx.emit(Event::CrownCardRevealed {
        card: n.card,
        to: CardDestination::Discard,
    });
    for ship in ships {
        let held = ctx
            .state
            .nobles
            .values()
            .any(|x| x.awards.contains(&ctx.state.ships[&ship].card));
        let carrying = ctx
            .state
            .nobles
            .values()
            .any(|x| matches!(&x.place, Place::Aboard { ship: s } if s == &ship));
        // 20.08: a ship handed over with a marker and out at sea sails on for that faction
        // until it next enters a port, where it is removed (sea::remove_if_card_gone).
        let marked_at_sea = ctx.state.ships[&ship].marker.is_some()
            && matches!(ctx.state.ships[&ship].place, ShipPlace::Sea { .. });
        if !held && !carrying && !marked_at_sea {
            let card = ctx.state.ships[&ship].card;
            ctx.emit(Event::ShipPlaced {
                ship,
                card,
                capacity: 0,
                place: None,
            });
        }
    }
    // 11.03: places it controlled.
    let controlled: Vec<LocationId> = ctx
        .state
        .control
        .iter()
        .filter(|(_, c)| match &c.source {
            ControlSource::Card { card } => cards.contains(card),
            ControlSource::Conquest { noble: by } => by == noble,
            _ => false,
        })
        .map(|(l, _)| *l)
        .collect();
    for location in controlled {
        recompute_control(ctx, &location, None);
    }
    // 19.16, 11.01: a City card back on the board while its City is held through the card
    // granting it goes at once to the Noble holding that card.
    for city in &n.cities {
        city_card_to_granter(ctx, city);
    }
    set_aside
}

/// 19.16: a City card on its board space while its City is held through the card granting it
/// is awarded to the Noble holding that card.
fn city_card_to_granter(ctx: &mut Ctx<'_>, city: &CityCardId) {
    if ctx.state.nobles.values().any(|n| n.cities.contains(city)) {
        return;
    }
    let Some(location) = ctx.content.cards.city_location(city.as_str()) else {
        return;
    };
    let Some(Controller {
        source: ControlSource::Card { card },
        ..
    }) = ctx.state.control.get(&location).cloned()
    else {
        return;
    };
    let granter = ctx
        .state
        .nobles
        .iter()
        .find(|(_, n)| n.card == card || n.awards.contains(&card))
        .map(|(id, _)| *id);
    if let Some(noble) = granter {
        ctx.emit(Event::CityCardAwarded { noble, city: *city });
    }
}

/// Rally to the Cause (§22, Z40): one Crown card per 2 set aside, drawn before the set-aside
/// cards can be shuffled back into the deck (22.01: a reshuffle leaves them in the discard).
pub fn rally(ctx: &mut Ctx<'_>, faction: FactionIdx, set_aside: &[CrownCardId]) {
    let n = set_aside.len() / 2;
    if n == 0 {
        return;
    }
    let cards = crate::rules::flow::draw_crown_keeping_out(ctx, n, set_aside);
    if !cards.is_empty() {
        ctx.emit(Event::CrownCardsDrawn { faction, cards });
    }
}

/// Kills Nobles (KILLED list or Plague) and rallies each loser once for all its losses.
pub fn kill_all(ctx: &mut Ctx<'_>, nobles: &[NobleId], cause: DeathCause) {
    let mut pools: BTreeMap<FactionIdx, Vec<CrownCardId>> = BTreeMap::new();
    for noble in nobles {
        let Some(faction) = ctx.owner(noble) else {
            continue;
        };
        let cards = remove_noble(ctx, noble, cause, None);
        pools.entry(faction).or_default().extend(cards);
    }
    for (faction, cards) in pools {
        rally(ctx, faction, &cards);
    }
}

/// Executes a captive (11.10–11.11): spoils to the captor's Nobles in the combat Area.
pub fn execute_captive(ctx: &mut Ctx<'_>, noble: &NobleId) {
    execute_captives(ctx, std::slice::from_ref(noble), false);
}

/// Executes captives at once (11.10–11.11); each owner rallies once for all its Nobles lost
/// together (22.01, Z40). Then each captor may take a spoils Archbishop or Bishop that went to
/// the discard in place of one its Noble there holds (`crate::rules::spoils`); returns
/// whether such a decision was opened (`closes_turn`: the turn goes on once it is answered).
pub fn execute_captives(ctx: &mut Ctx<'_>, nobles: &[NobleId], closes_turn: bool) -> bool {
    let mut pools: BTreeMap<FactionIdx, Vec<CrownCardId>> = BTreeMap::new();
    let mut spoils: Vec<(FactionIdx, AreaId, Vec<CrownCardId>)> = Vec::new();
    for noble in nobles {
        let Some(n) = ctx.state.nobles.get(noble).cloned() else {
            continue;
        };
        let Place::Captive { captor, area } = n.place.clone() else {
            continue;
        };
        spoils.push((captor, area, n.awards.clone()));
        let cards = remove_noble(ctx, noble, DeathCause::Executed, Some((captor, area)));
        pools.entry(n.faction).or_default().extend(cards);
    }
    for (faction, cards) in pools {
        rally(ctx, faction, &cards);
    }
    let mut opened = false;
    for (captor, area, cards) in spoils {
        opened |= crate::rules::spoils::offer(ctx, captor, &area, &cards, closes_turn);
    }
    opened
}

/// Returns a ransomed captive to a home castle (11.08, Z19). A home castle that fell neutral
/// while it was held is taken as it goes in, as by a Noble entering play (2.02, 2.03), so it
/// never stands inside a place that is not friendly.
pub fn ransom(ctx: &mut Ctx<'_>, noble: &NobleId) {
    let Some(n) = ctx.state.nobles.get(noble).cloned() else {
        return;
    };
    let homes = ctx
        .content
        .cards
        .card(n.card.as_str())
        .map(|c| c.locations.clone())
        .unwrap_or_default();
    let place = ctx.entry_place(n.faction, &homes);
    ctx.emit(Event::NobleRansomed {
        noble: *noble,
        to: place.clone(),
    });
    if let Place::Inside { location } = &place {
        ctx.grant_if_neutral(location, n.faction, ControlSource::Card { card: n.card });
    }
}
