//! [`affected`]: what an event did to a faction's pieces and places, read from the state just
//! before it — a Noble or ship moved (and from where to where), a Noble captured or killed, a
//! Royal taken from its faction, left alone or dead, a place's control lost. The game screen
//! tells a player each such change to their own pieces made by someone else (an Event card, a
//! battle, another faction's action) from this, never by comparing views itself. Uses only what
//! the board shows (pieces and control are public). Must not decide or change anything.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::{Content, LocationId, NobleId, RoyalId};

use super::FactionIdx;
use super::describe::Names;
use super::event::Event;
use super::ships::ship_owner;
use super::state::{Place, RoyalPlace, ShipPlace, State};

/// A piece or place of a faction's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export)]
pub enum Piece {
    /// A Noble.
    Noble {
        /// Which.
        noble: NobleId,
    },
    /// A ship.
    Ship {
        /// Which.
        ship: String,
    },
    /// A Royal the faction controlled.
    Royal {
        /// Which.
        royal: RoyalId,
    },
    /// A place the faction controlled.
    Place {
        /// Which.
        location: LocationId,
    },
}

/// What happened to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum Change {
    /// Moved (a Noble's own move, an Event sending it away, a ship blown off course).
    Moved,
    /// Taken captive.
    Captured,
    /// Killed or executed.
    Killed,
    /// Left alone with no Noble (a Royal).
    Stranded,
    /// Now controlled by another faction, or by none.
    Lost,
}

/// Where a piece stood or went: the open field of an Area, inside a place, aboard a ship, or a
/// ship in port or at sea.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum Whereabouts {
    /// A Noble's or a Royal's place.
    Place(Place),
    /// A ship's place.
    Ship(ShipPlace),
}

/// One change to a faction's piece or place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Affected {
    /// Whose it was.
    pub faction: FactionIdx,
    /// Which piece or place.
    pub piece: Piece,
    /// What happened to it.
    pub change: Change,
    /// Where it stood before, when it moved or was taken.
    pub from: Option<Whereabouts>,
    /// Where it went, when it moved.
    pub to: Option<Whereabouts>,
    /// The faction that gained it (a captor, a new controller), if any.
    pub gainer: Option<FactionIdx>,
    /// What happened, in a player's words (`Percy was moved from inside York to the open
    /// field of Cornwall`).
    pub words: String,
}

/// What `event` did to each faction's pieces and places, given the state just before it, each
/// change in a player's words.
pub fn affected(content: &Content, state: &State, event: &Event) -> Vec<Affected> {
    let names = Names { content, state };
    let mut changes = changes(state, event);
    for change in &mut changes {
        change.words = words(&names, change);
    }
    changes
}

/// A change in a player's words.
fn words(names: &Names<'_>, a: &Affected) -> String {
    let piece = match &a.piece {
        Piece::Noble { noble } => names.noble(noble),
        Piece::Ship { ship } => format!("the ship {}", names.ship(ship)),
        Piece::Royal { royal } => names.royal(royal),
        Piece::Place { location } => names.location(location),
    };
    let at = |w: &Option<Whereabouts>| match w {
        Some(Whereabouts::Place(p)) => names.place(p),
        Some(Whereabouts::Ship(p)) => names.ship_place(p),
        None => "where it was".to_owned(),
    };
    let gainer = a.gainer.map(|f| names.faction(f));
    match a.change {
        Change::Moved => format!("{piece} was moved from {} to {}", at(&a.from), at(&a.to)),
        Change::Captured => format!(
            "{piece} was taken captive{} ({})",
            gainer.map_or_else(String::new, |g| format!(" by {g}")),
            at(&a.from)
        ),
        Change::Killed => format!("{piece} died"),
        Change::Stranded => format!("{piece} was left alone, with no Noble, {}", at(&a.to)),
        Change::Lost => match gainer {
            Some(g) => format!("{piece} is now controlled by {g}"),
            None => format!("{piece} is no longer controlled by anyone"),
        },
    }
}

/// The changes, their words still empty.
fn changes(state: &State, event: &Event) -> Vec<Affected> {
    let noble = |noble: &NobleId| state.nobles.get(noble);
    match event {
        Event::NobleMoved { noble: id, to, .. } => noble(id)
            .filter(|n| &n.place != to)
            .map(|n| Affected {
                faction: n.faction,
                piece: Piece::Noble { noble: *id },
                change: Change::Moved,
                from: Some(Whereabouts::Place(n.place.clone())),
                to: Some(Whereabouts::Place(to.clone())),
                gainer: None,
                words: String::new(),
            })
            .into_iter()
            .collect(),
        Event::ShipMoved { ship, to, .. } => {
            let (Some(owner), Some(before)) = (ship_owner(state, ship), state.ships.get(ship))
            else {
                return Vec::new();
            };
            if &before.place == to {
                return Vec::new();
            }
            vec![Affected {
                faction: owner,
                piece: Piece::Ship { ship: ship.clone() },
                change: Change::Moved,
                from: Some(Whereabouts::Ship(before.place.clone())),
                to: Some(Whereabouts::Ship(to.clone())),
                gainer: None,
                words: String::new(),
            }]
        }
        Event::NobleCaptured {
            noble: id, captor, ..
        } => noble(id)
            .map(|n| Affected {
                faction: n.faction,
                piece: Piece::Noble { noble: *id },
                change: Change::Captured,
                from: Some(Whereabouts::Place(n.place.clone())),
                to: None,
                gainer: Some(*captor),
                words: String::new(),
            })
            .into_iter()
            .collect(),
        Event::NobleDied { noble: id, .. } => noble(id)
            .map(|n| Affected {
                faction: n.faction,
                piece: Piece::Noble { noble: *id },
                change: Change::Killed,
                from: Some(Whereabouts::Place(n.place.clone())),
                to: None,
                gainer: None,
                words: String::new(),
            })
            .into_iter()
            .collect(),
        Event::ControlChanged {
            location,
            controller,
        } => {
            let before = state.controller_of(location);
            let after = controller.as_ref().and_then(|c| c.faction);
            match before {
                Some(faction) if after != Some(faction) => vec![Affected {
                    faction,
                    piece: Piece::Place {
                        location: *location,
                    },
                    change: Change::Lost,
                    from: None,
                    to: None,
                    gainer: after,
                    words: String::new(),
                }],
                _ => Vec::new(),
            }
        }
        Event::RoyalControlGained { royal, faction, .. } => match state.royal_controller(royal) {
            Some(before) if before != *faction => vec![Affected {
                faction: before,
                piece: Piece::Royal { royal: *royal },
                change: Change::Lost,
                from: None,
                to: None,
                gainer: Some(*faction),
                words: String::new(),
            }],
            _ => Vec::new(),
        },
        Event::RoyalPlaced { royal, place } => {
            let Some(before) = state.royal_controller(royal) else {
                return Vec::new();
            };
            match place {
                RoyalPlace::Alone { place } => vec![Affected {
                    faction: before,
                    piece: Piece::Royal { royal: *royal },
                    change: Change::Stranded,
                    from: None,
                    to: Some(Whereabouts::Place(place.clone())),
                    gainer: None,
                    words: String::new(),
                }],
                RoyalPlace::With { noble: to } => match noble(to) {
                    Some(n) if n.faction != before => vec![Affected {
                        faction: before,
                        piece: Piece::Royal { royal: *royal },
                        change: Change::Lost,
                        from: None,
                        to: None,
                        gainer: Some(n.faction),
                        words: String::new(),
                    }],
                    _ => Vec::new(),
                },
                RoyalPlace::Dead => Vec::new(),
            }
        }
        Event::RoyalDied { royal, .. } => match state.royal_controller(royal) {
            Some(before) => vec![Affected {
                faction: before,
                piece: Piece::Royal { royal: *royal },
                change: Change::Killed,
                from: None,
                to: None,
                gainer: None,
                words: String::new(),
            }],
            None => Vec::new(),
        },
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::rules::{Setup, evolve, initial_state, start};

    #[test]
    fn a_noble_sent_away_is_a_move_from_where_it_stood() {
        let content = Content::embedded().expect("content");
        let setup = Setup::new(3, 1);
        let (_, events) = start(&content, &setup).expect("start");
        let mut state = initial_state(&content, &setup);
        for event in &events {
            evolve(&content, &mut state, event);
        }
        let (id, noble) = state.nobles.iter().next().expect("a Noble");
        let (id, faction, from) = (*id, noble.faction, noble.place.clone());
        let to = Place::Field {
            area: crate::content::AreaId::from("area_alnwick"),
        };
        let moved = affected(
            &content,
            &state,
            &Event::NobleMoved {
                noble: id,
                to: to.clone(),
                counts_as_move: false,
            },
        );
        assert!(
            moved[0].words.contains(" was moved from "),
            "{}",
            moved[0].words
        );
        assert_eq!(
            moved,
            vec![Affected {
                faction,
                piece: Piece::Noble { noble: id },
                change: Change::Moved,
                from: Some(Whereabouts::Place(from.clone())),
                to: Some(Whereabouts::Place(to)),
                gainer: None,
                words: moved[0].words.clone(),
            }]
        );
        // Staying where it is is no change.
        assert!(
            affected(
                &content,
                &state,
                &Event::NobleMoved {
                    noble: id,
                    to: from,
                    counts_as_move: false,
                },
            )
            .is_empty()
        );
    }
}
