//! Control of places owes itself to something still in play (Z21, Z22): a card held by a
//! Noble in play (it lapses when the card leaves play, 11.03, 20.08), a conquering Noble in
//! play (11.03), a Royal attached to one of the controlling faction's Nobles (17.08), an Open
//! Town's occupiers (19.15) or the 2-player non-player Faction (4.02); and only fortified
//! places are controlled.

use super::Findings;
use super::conservation::InPlay;
use crate::content::Content;
use crate::content::map::LocationKind;
use crate::rules::state::{ControlSource, RoyalPlace, State};

/// Checks every control record.
pub(super) fn check(content: &Content, state: &State, in_play: &InPlay<'_>, out: &mut Findings) {
    let players = state.players();
    for (location, c) in state.control.iter() {
        let kind = content.map.location(location).map(|l| l.kind);
        if !kind.is_some_and(LocationKind::is_fortified) {
            out.note(|| format!("{location} is controlled but is no fortified place"));
        }
        if let Some(f) = c.faction
            && usize::from(f) >= players
        {
            out.note(|| format!("{location} is controlled by faction {f}, not a seat"));
        }
        let owed = match &c.source {
            ControlSource::Card { card } => c.faction.is_some() && in_play.holds(card),
            ControlSource::Conquest { noble } => {
                c.faction.is_some() && state.nobles.contains_key(noble)
            }
            ControlSource::Royal { royal } => match state.royals.get(royal).map(|r| &r.place) {
                Some(RoyalPlace::With { noble }) => {
                    state.nobles.get(noble).map(|n| n.faction) == c.faction && c.faction.is_some()
                }
                Some(RoyalPlace::Alone { .. } | RoyalPlace::Dead) | None => false,
            },
            ControlSource::Occupation => {
                c.faction.is_some() && kind == Some(LocationKind::OpenTown)
            }
            ControlSource::NonPlayer => c.faction.is_none(),
        };
        if !owed {
            out.note(|| {
                format!(
                    "{location} is controlled by {:?} through {:?}, which is not in play for it",
                    c.faction, c.source
                )
            });
        }
    }
}
