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
        .map(|c| c.id)
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

/// Each Royal attached to a Noble on the mainland, with that Noble's faction and what the
/// Royal is worth (16.02): a sole crowned King, one of two, or any other Royal.
fn mainland_royals<'s>(
    content: &'s Content,
    state: &'s State,
) -> impl Iterator<Item = (FactionIdx, u32)> + 's {
    let table = &content.cards.tables.prestige;
    let crowned = state
        .royals
        .values()
        .filter(|r| r.crowned && !matches!(r.place, RoyalPlace::Dead))
        .count();
    state.royals.values().filter_map(move |r| {
        let RoyalPlace::With { noble } = &r.place else {
            return None;
        };
        let faction = state.nobles.get(noble)?.faction;
        if !crate::rules::troops::area_of_noble(content, state, noble)
            .is_some_and(|a| content.map.is_mainland(&a))
        {
            return None;
        }
        let points = if r.crowned && crowned == 1 {
            table.sole_crowned_king
        } else if r.crowned {
            table.one_of_two_crowned_kings
        } else {
            table.other_royal
        };
        Some((faction, points))
    })
}

/// Prestige of the best mainland Royal controlled by any of `factions` (16.02).
fn royal_points(content: &Content, state: &State, factions: &[FactionIdx]) -> u32 {
    mainland_royals(content, state)
        .filter(|(f, _)| factions.contains(f))
        .map(|(_, points)| points)
        .max()
        .unwrap_or(0)
}

/// The card counts behind a group's Prestige: points so far and what the Dominion bonuses
/// count (16.09–16.11).
#[derive(Clone, Default)]
struct Tally {
    points: u32,
    offices: u32,
    has_chancellor: bool,
    archbishops: u32,
    bishops: u32,
    cities: u32,
}

impl Tally {
    /// Adds a Noble's cards (none while it is captive).
    fn add(
        &mut self,
        content: &Content,
        noble: &crate::rules::state::NobleState,
        chancellor: &mut Option<Option<CrownCardId>>,
    ) {
        let table = &content.cards.tables.prestige;
        if matches!(noble.place, crate::rules::state::Place::Captive { .. }) {
            return;
        }
        for card in &noble.awards {
            let Some(c) = content.cards.card(card.as_str()) else {
                continue;
            };
            self.points += c.prestige;
            match c.card_type {
                CardType::Office => {
                    self.offices += 1;
                    // Looked up on the first Office met (most groups hold none).
                    if Some(card)
                        == chancellor
                            .get_or_insert_with(|| chancellor_card(content))
                            .as_ref()
                    {
                        self.has_chancellor = true;
                    }
                }
                CardType::Bishop if c.archbishop => self.archbishops += 1,
                CardType::Bishop => self.bishops += 1,
                _ => {}
            }
        }
        for city in &noble.cities {
            self.cities += 1;
            self.points += content
                .cards
                .city_card(city.as_str())
                .map_or(table.city, |c| c.prestige);
        }
        for major in &noble.majors {
            self.points += content
                .cards
                .major_cards
                .iter()
                .find(|m| &m.id == major)
                .map_or(0, |m| m.prestige);
        }
    }

    /// The total with the Dominion bonuses.
    fn total(&self, content: &Content) -> u32 {
        let table = &content.cards.tables.prestige;
        let mut points = self.points;
        if self.archbishops >= 1 && self.archbishops + self.bishops >= 4 {
            points += table.dominion_religion; // 16.09
        }
        if self.cities >= 4 {
            points += table.dominion_cities; // 16.10
        }
        if (self.has_chancellor && self.offices >= 7) || self.offices >= 8 {
            points += table.dominion_government; // 16.11
        }
        points
    }
}

/// Prestige of a group of factions (one faction, or an Alliance with bonuses over all its
/// members' cards combined, 16.13).
pub fn group_prestige(content: &Content, state: &State, factions: &[FactionIdx]) -> u32 {
    let mut tally = Tally {
        points: royal_points(content, state, factions),
        ..Tally::default()
    };
    let mut chancellor = None;
    for noble in state
        .nobles
        .values()
        .filter(|n| factions.contains(&n.faction))
    {
        tally.add(content, noble, &mut chancellor);
    }
    tally.total(content)
}

/// Every faction's own Prestige, in seat order: the same as [`prestige`] for each, in one
/// pass over the pieces.
pub fn all_prestige(content: &Content, state: &State) -> Vec<u32> {
    let players = state.players();
    let mut tallies: Vec<Tally> = vec![Tally::default(); players];
    // 16.02 for every faction in one pass: the best mainland Royal each controls.
    for (faction, points) in mainland_royals(content, state) {
        if let Some(tally) = tallies.get_mut(usize::from(faction)) {
            tally.points = tally.points.max(points);
        }
    }
    let mut chancellor = None;
    for noble in state.nobles.values() {
        if let Some(tally) = tallies.get_mut(usize::from(noble.faction)) {
            tally.add(content, noble, &mut chancellor);
        }
    }
    tallies.iter().map(|t| t.total(content)).collect()
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
