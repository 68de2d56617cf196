//! Cards from hand: bring Noble cards into play, award Titles, Offices, Bishops, Mercenaries,
//! Ships and Towns to the Noble that gains most (19.18, 2.05), in the faction's own turn or
//! before any Event is applied (8.02), and choose the End of Turn discard (14.10). Owns only
//! these wish lists; must not check legality (the rules do).

use super::seat::Seat;
use crate::bots::knowledge::card_worth;
use crate::content::cards::CardType;
use crate::content::events::TopHalf;
use crate::content::{AreaId, EventCardId, NobleId};
use crate::rules::Command;

/// Wishes to play Noble cards and award the rest of the hand.
pub fn play(seat: &Seat<'_>) -> Vec<Command> {
    let mut out = Vec::new();
    if seat.hand().is_empty() {
        return out;
    }
    let main = seat.main_noble();
    let mut nobles: Vec<&NobleId> = seat.my_nobles();
    nobles.sort_by_cached_key(|n| {
        (
            main.as_ref() != Some(*n),
            std::cmp::Reverse(seat.strength(n)),
            *(*n),
        )
    });
    let mut hand: Vec<_> = seat.hand().to_vec();
    hand.sort_by_cached_key(|c| (std::cmp::Reverse(card_worth(seat.content, c)), *c));
    for card in &hand {
        let Some(c) = seat.content.cards.card(card.as_str()) else {
            continue;
        };
        if c.card_type.is_noble() {
            out.push(Command::PlayNoble { card: *card });
            continue;
        }
        let order: Vec<&&NobleId> = match c.card_type {
            // Titles to the strongest untitled Noble; the rules refuse titled ones.
            CardType::Title | CardType::Office => nobles.iter().collect(),
            _ => nobles.iter().collect(),
        };
        for noble in order.into_iter().take(6) {
            out.push(Command::AwardCard {
                card: *card,
                noble: *(*noble),
            });
        }
    }
    out
}

/// Wishes before the drawn Event `card` is applied, in any faction's turn (8.02, 19.18): the
/// cards of hand played as in the faction's own Movement Phase, so the troops stand on the
/// board before other factions move and attack, except where the Event wastes them: no card
/// to a Noble in an Area the Plague strikes and no Noble card brought in during a Plague
/// (where it enters is not weighed), and no Mercenary the Event sends home (8.31). Pass last.
pub fn before_event(seat: &Seat<'_>, card: &EventCardId) -> Vec<Command> {
    let top = seat.content.events.card(card).map(|c| &c.top);
    let struck: Vec<&AreaId> = match top {
        Some(TopHalf::Plague { towns }) => towns
            .iter()
            .filter_map(|t| seat.content.map.area_of(t))
            .collect(),
        _ => Vec::new(),
    };
    let plague = matches!(top, Some(TopHalf::Plague { .. }));
    let sent_home: &[crate::content::CrownCardId] = match top {
        Some(TopHalf::MercenariesGoHome { mercenaries }) => mercenaries,
        _ => &[],
    };
    let mut out: Vec<Command> = play(seat)
        .into_iter()
        .filter(|c| match c {
            Command::PlayNoble { .. } => !plague,
            Command::AwardCard { card, noble } => {
                !sent_home.contains(card) && seat.area(noble).is_none_or(|a| !struck.contains(&&a))
            }
            _ => true,
        })
        .collect();
    out.push(Command::Pass);
    out
}

/// The End of Turn discard, least useful card first.
pub fn discard(seat: &Seat<'_>) -> Vec<Command> {
    let mut hand: Vec<_> = seat.hand().to_vec();
    hand.sort_by_key(|c| (card_worth(seat.content, c), *c));
    hand.into_iter()
        .map(|card| Command::DiscardCrownCard { card })
        .collect()
}
