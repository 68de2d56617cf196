//! The owner's forced choices: which of my equally strongest Nobles dies when a KILLED list or
//! a Plague ties (8.33, 10.29, 10.57), which line of a Raid or Revolt my twice-called Noble
//! answers (8.15), which port my storm-driven ship runs to (8.26, 8.27), and which of my
//! Nobles go with the King on an Embassy (8.21), which go inside a place I have just taken or
//! relieved (10.60, 10.61, 10.76), and which landed passengers go into a friendly place
//! (9.46). Owns these wish lists; must not check legality (the rules do).

use super::seat::Seat;
use crate::bots::knowledge::{self, FAR, card_worth};
use crate::content::events::{Destination, TopHalf};
use crate::content::{AreaId, EventCardId, NobleId};
use crate::rules::Command;
use crate::rules::state::{Companions, StormPort, TieBreak};

/// What losing a Noble costs me: its Royals above all, then Offices, Titles, troops and the
/// cards it holds.
fn noble_value(seat: &Seat<'_>, noble: &NobleId) -> u32 {
    let view = seat.view;
    let Some(n) = view.nobles.get(noble) else {
        return 0;
    };
    let royals = knowledge::royals_with(view, noble).len() as u32;
    let office = u32::from(knowledge::has_office(seat.content, n));
    let title = u32::from(knowledge::has_title(seat.content, n));
    let cards: u32 = std::iter::once(&n.card)
        .chain(n.awards.iter())
        .map(|c| card_worth(seat.content, c))
        .sum();
    1000 * royals + 60 * office + 20 * title + seat.strength(noble) + cards
}

/// A tie to break: the least valuable of my tied Nobles dies, best kept last.
pub fn victim(seat: &Seat<'_>, tie: &TieBreak) -> Vec<Command> {
    let Some((_, nobles)) = tie.ties.first() else {
        return Vec::new();
    };
    let mut ranked: Vec<(u32, &NobleId)> =
        nobles.iter().map(|n| (noble_value(seat, n), n)).collect();
    ranked.sort();
    ranked
        .into_iter()
        .map(|(_, n)| Command::ChooseVictim { noble: *n })
        .collect()
}

/// A Raid line to answer: into a friendly place first (safe, and the Royal with it), then
/// the destination with the weakest enemy field force, nearest my main Noble.
pub fn raid_line(
    seat: &Seat<'_>,
    card: &EventCardId,
    noble: &NobleId,
    lines: &[u32],
) -> Vec<Command> {
    let Some(TopHalf::Raid { summons }) = seat.content.events.card(card).map(|c| &c.top) else {
        return Vec::new();
    };
    let main_area = seat
        .main_noble()
        .filter(|m| m != noble)
        .and_then(|m| seat.area(&m));
    let mut scored: Vec<(i64, u32)> = Vec::new();
    for &line in lines {
        let Some(s) = summons.get(line as usize) else {
            continue;
        };
        let (area, safe): (Option<AreaId>, bool) = match &s.to {
            Destination::Location(l) => {
                (seat.content.map.area_of(l).cloned(), seat.place_friendly(l))
            }
            Destination::Area(a) => (Some(*a), false),
        };
        let Some(area) = area else { continue };
        let threat = seat.enemy_field(&area);
        let dist = main_area
            .as_ref()
            .map_or(0, |m| seat.dist.between(m, &area))
            .min(FAR);
        let score = i64::from(safe) * 1000 - i64::from(threat) * 4 - i64::from(dist) * 3;
        scored.push((score, line));
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored
        .into_iter()
        .map(|(_, line)| Command::ChooseRaidLine { line })
        .collect()
}

/// A storm port: one friendly to me first, then an unfortified one, then the one nearest my
/// main Noble.
pub fn storm_port(seat: &Seat<'_>, storm: &StormPort) -> Vec<Command> {
    let main_area = seat.main_noble().and_then(|m| seat.area(&m));
    let mut ranked: Vec<(u8, u8, &crate::content::LocationId)> = storm
        .ports
        .iter()
        .map(|p| {
            let l = seat.content.map.location(p);
            let rank = if seat.place_friendly(p) {
                0
            } else if l.is_some_and(|l| !l.kind.is_fortified()) {
                1
            } else {
                2
            };
            let dist = match (l, &main_area) {
                (Some(l), Some(m)) => seat.dist.between(&l.area, m),
                _ => FAR,
            };
            (rank, dist, p)
        })
        .collect();
    ranked.sort();
    ranked
        .into_iter()
        .map(|(_, _, p)| Command::ChooseStormPort { port: *p })
        .collect()
}

/// Embassy companions: when the King is mine, every Noble I may send goes with him to guard
/// him, strongest first; otherwise mine stay.
pub fn companions(seat: &Seat<'_>, companions: &Companions) -> Vec<Command> {
    let mut out = Vec::new();
    let king_mine = seat
        .my_royals()
        .iter()
        .any(|(r, _)| seat.view.royals.get(*r).is_some_and(|x| x.crowned));
    if king_mine && let Some((_, nobles)) = companions.choices.first() {
        let mut by_strength: Vec<(u32, &NobleId)> =
            nobles.iter().map(|n| (seat.strength(n), n)).collect();
        by_strength.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        out.extend(
            by_strength
                .into_iter()
                .map(|(_, n)| Command::Accompany { noble: *n }),
        );
    }
    out.push(Command::Pass);
    out
}

/// After taking or relieving a place: my Nobles carrying Royals go inside to shelter them; if
/// someone must go in (a Royal was inside), the strongest attacker; the rest stay out.
pub fn occupy(seat: &Seat<'_>, attackers: &[NobleId], must_enter: bool) -> Vec<Command> {
    let mut out: Vec<Command> = seat
        .my_royals()
        .into_iter()
        .map(|(_, n)| Command::EnterConquered { noble: *n })
        .collect();
    if must_enter {
        let mut strongest: Vec<(u32, &NobleId)> =
            attackers.iter().map(|n| (seat.strength(n), n)).collect();
        strongest.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        out.extend(
            strongest
                .into_iter()
                .map(|(_, n)| Command::EnterConquered { noble: *n }),
        );
    }
    out.push(Command::Pass);
    out
}

/// Landed passengers: those carrying my Royals, or all when enemies in the Area outnumber
/// mine, go into a friendly fortified place there; otherwise they stay in the field.
pub fn disembark(seat: &Seat<'_>, area: &AreaId, nobles: &[NobleId]) -> Vec<Command> {
    let mine = seat.friendly_field(area);
    let threat = seat.enemy_field(area);
    let places: Vec<&crate::content::LocationId> = seat
        .content
        .map
        .locations_in(area)
        .into_iter()
        .filter(|l| l.kind.is_fortified() && seat.place_friendly(&l.id))
        .map(|l| &l.id)
        .collect();
    let mut out = Vec::new();
    for noble in nobles {
        let royal = !knowledge::royals_with(seat.view, noble).is_empty();
        if royal || threat > mine {
            for l in &places {
                out.push(Command::LandInside {
                    noble: *noble,
                    location: *(*l),
                });
            }
        }
    }
    out.push(Command::Pass);
    out
}

/// A spoils Archbishop or Bishop (11.11): given, in place of the one held, to the Noble whose
/// card it beats by most; kept out (Pass) when it beats none.
pub fn spoils_bishop(
    seat: &Seat<'_>,
    card: &crate::content::CrownCardId,
    nobles: &[NobleId],
) -> Vec<Command> {
    let worth = card_worth(seat.content, card);
    let mut gains: Vec<(u32, &NobleId)> = nobles
        .iter()
        .filter_map(|noble| {
            let held = seat.view.nobles.get(noble)?.awards.iter().find(|c| {
                seat.content.cards.card(c.as_str()).map(|x| x.card_type)
                    == Some(crate::content::cards::CardType::Bishop)
            })?;
            let held = card_worth(seat.content, held);
            worth
                .checked_sub(held)
                .filter(|gain| *gain > 0)
                .map(|gain| (gain, noble))
        })
        .collect();
    gains.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    let mut out: Vec<Command> = gains
        .into_iter()
        .map(|(_, noble)| Command::ReplaceBishop {
            card: *card,
            noble: *noble,
        })
        .collect();
    out.push(Command::Pass);
    out
}
