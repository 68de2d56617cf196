//! Prestige (§16): the best mainland Royal, Offices, Archbishops, City cards, Major cards and
//! the Dominion bonuses, from the table in the content (Z01). Recomputed from scratch.

use crate::content::cards::CardType;
use crate::content::{Content, CrownCardId};
use crate::rules::FactionIdx;
use crate::rules::state::{RoyalPlace, State};

/// The Crown card id of the Chancellor of England, found by name.
pub fn chancellor_card(content: &Content) -> Option<CrownCardId> {
    content
        .cards
        .crown_cards
        .iter()
        .find(|c| c.name.starts_with("Chancellor of England"))
        .map(|c| c.id.clone())
}

/// The faction whose Noble holds the Chancellor of England.
pub fn chancellor_faction(content: &Content, state: &State) -> Option<FactionIdx> {
    let card = chancellor_card(content)?;
    state
        .nobles
        .values()
        .find(|n| n.awards.contains(&card))
        .map(|n| n.faction)
}

/// Prestige of the best mainland Royal controlled by any of `factions` (16.02).
fn royal_points(content: &Content, state: &State, factions: &[FactionIdx]) -> u32 {
    let table = &content.cards.tables.prestige;
    let crowned = state
        .royals
        .values()
        .filter(|r| r.crowned && !matches!(r.place, RoyalPlace::Dead))
        .count();
    state
        .royals
        .iter()
        .filter(|(id, _)| {
            state
                .royal_controller(id)
                .is_some_and(|f| factions.contains(&f))
        })
        .filter(|(_, r)| match &r.place {
            RoyalPlace::With { noble } => {
                crate::rules::troops::area_of_noble(content, state, noble)
                    .is_some_and(|a| content.map.is_mainland(&a))
            }
            _ => false,
        })
        .map(|(_, r)| {
            if r.crowned && crowned == 1 {
                table.sole_crowned_king
            } else if r.crowned {
                table.one_of_two_crowned_kings
            } else {
                table.other_royal
            }
        })
        .max()
        .unwrap_or(0)
}

/// Prestige of a group of factions (one faction, or an Alliance with bonuses over all its
/// members' cards combined, 16.13).
pub fn group_prestige(content: &Content, state: &State, factions: &[FactionIdx]) -> u32 {
    let table = &content.cards.tables.prestige;
    let mut points = royal_points(content, state, factions);
    let mut offices = 0u32;
    let mut has_chancellor = false;
    let mut archbishops = 0u32;
    let mut bishops = 0u32;
    let mut cities = 0u32;
    let chancellor = chancellor_card(content);
    for noble in state
        .nobles
        .values()
        .filter(|n| factions.contains(&n.faction))
    {
        if matches!(noble.place, crate::rules::state::Place::Captive { .. }) {
            continue;
        }
        for card in &noble.awards {
            let Some(c) = content.cards.card(card.as_str()) else {
                continue;
            };
            points += c.prestige;
            match c.card_type {
                CardType::Office => {
                    offices += 1;
                    if Some(card) == chancellor.as_ref() {
                        has_chancellor = true;
                    }
                }
                CardType::Bishop if c.archbishop => archbishops += 1,
                CardType::Bishop => bishops += 1,
                _ => {}
            }
        }
        for city in &noble.cities {
            cities += 1;
            points += content
                .cards
                .city_cards
                .iter()
                .find(|c| &c.id == city)
                .map_or(table.city, |c| c.prestige);
        }
        for major in &noble.majors {
            points += content
                .cards
                .major_cards
                .iter()
                .find(|m| &m.id == major)
                .map_or(0, |m| m.prestige);
        }
    }
    if archbishops >= 1 && archbishops + bishops >= 4 {
        points += table.dominion_religion; // 16.09
    }
    if cities >= 4 {
        points += table.dominion_cities; // 16.10
    }
    if (has_chancellor && offices >= 7) || offices >= 8 {
        points += table.dominion_government; // 16.11
    }
    points
}

/// A faction's own Prestige on the track.
pub fn prestige(content: &Content, state: &State, faction: FactionIdx) -> u32 {
    group_prestige(content, state, &[faction])
}

/// The Prestige Victory target for a group of `size` factions (15.10).
pub fn target(content: &Content, players: usize, size: usize) -> Option<u32> {
    content
        .cards
        .tables
        .prestige_victory
        .iter()
        .find(|p| p.players as usize == players)
        .and_then(|p| p.targets.get(size.checked_sub(1)?).copied())
}
