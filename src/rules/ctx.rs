//! [`Ctx`]: the working copy `decide` builds events on. Each emitted event is applied at once
//! to the copy, so later rule checks in the same decision see its effect; the events are the
//! decision's result. Also the shared cascades: awarding a card (control, Cities, ships),
//! Prestige refresh and the end-of-game check.

use crate::content::AreaId;
use crate::content::cards::CardType;
use crate::content::{Content, CrownCardId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::error::{AwardCause, RuleError};
use crate::rules::event::{CardSource, Event};
use crate::rules::evolve::evolve;
use crate::rules::state::{ControlSource, Controller, NobleState, Place, ShipPlace, State};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A decision in progress.
pub struct Ctx<'a> {
    /// The content.
    pub content: &'a Content,
    /// The working state (events applied): borrowed until the first event, so judging a
    /// command that is refused (or only checking it) never copies the state.
    pub state: Cow<'a, State>,
    /// The state the decision started from.
    pub origin: &'a State,
    /// Events emitted so far.
    pub events: Vec<Event>,
    /// Road searches made on the unchanged state, by faction, start and the enemy place
    /// passage is asked through (9.20, 9.24): judging many moves from one Area (as
    /// `legal_commands` does) searches the roads once.
    roads: RefCell<RoadSearches>,
}

/// The road searches kept by a [`Ctx`].
type RoadSearches = BTreeMap<(FactionIdx, AreaId, Option<LocationId>), Rc<[AreaId]>>;

impl<'a> Ctx<'a> {
    /// Starts from a state.
    pub fn new(content: &'a Content, state: &'a State) -> Ctx<'a> {
        Ctx {
            content,
            state: Cow::Borrowed(state),
            origin: state,
            events: Vec::new(),
            roads: RefCell::default(),
        }
    }

    /// The Areas a road move by `faction` from `from` reaches, passing enemy places only as
    /// far as their owners allow: none, or `through` alone when passage through it is asked
    /// (9.20, 9.24, 9.25). Kept while the state is unchanged.
    pub fn road_destinations(
        &self,
        faction: FactionIdx,
        from: &AreaId,
        through: Option<&LocationId>,
    ) -> Rc<[AreaId]> {
        let search = || -> Rc<[AreaId]> {
            self.content
                .map
                .road_destinations(from, |l| self.passes(faction, through, l))
                .into()
        };
        if matches!(self.state, Cow::Owned(_)) {
            return search(); // changed since the searches kept were made
        }
        let key = (faction, *from, through.cloned());
        if let Some(found) = self.roads.borrow().get(&key) {
            return Rc::clone(found);
        }
        let found = search();
        self.roads.borrow_mut().insert(key, Rc::clone(&found));
        found
    }

    /// Whether a road move by `faction` from `from` reaches `to` ([`Ctx::road_destinations`]
    /// contains it): read from the searches kept where there is one (as when `legal_commands`
    /// judges every move from an Area), else a search that stops at the first road place of
    /// `to` (judging a single move).
    pub fn road_reaches(
        &self,
        faction: FactionIdx,
        from: &AreaId,
        to: &AreaId,
        through: Option<&LocationId>,
    ) -> bool {
        if matches!(self.state, Cow::Borrowed(_)) {
            let key = (faction, *from, through.cloned());
            if let Some(found) = self.roads.borrow().get(&key) {
                return found.contains(to);
            }
        }
        self.content
            .map
            .road_reaches(from, to, |l| self.passes(faction, through, l))
    }

    /// Whether a road move by `faction` passes the place `l`: the place passage was asked
    /// through, or one the roads let it pass (9.24, 9.25).
    fn passes(&self, faction: FactionIdx, through: Option<&LocationId>, l: &LocationId) -> bool {
        through == Some(l) || crate::rules::roads::passable(self.content, &self.state, faction, l)
    }

    /// Records and applies an event.
    pub fn emit(&mut self, event: Event) {
        evolve(self.content, self.state.to_mut(), &event);
        self.events.push(event);
    }

    /// A generator for the next random outcome; the caller must emit an event that uses
    /// randomness right after (so the counter moves on).
    pub fn rng(&self) -> Xoshiro256PlusPlus {
        self.state.rng.generator(0)
    }

    /// The faction owning a Noble.
    pub fn owner(&self, noble: &NobleId) -> Option<FactionIdx> {
        self.state.nobles.get(noble).map(|n| n.faction)
    }

    /// A Noble of `by`'s own in play, or why it is not: out of play, or another faction's.
    pub fn own_noble(&self, by: FactionIdx, noble: &NobleId) -> Result<&NobleState, RuleError> {
        match self.state.nobles.get(noble) {
            None => Err(RuleError::NobleNotInPlay { noble: *noble }),
            Some(n) if n.faction != by => Err(RuleError::NotYourNoble { noble: *noble }),
            Some(n) => Ok(n),
        }
    }

    /// Gives control of a place to a faction if it is neutral now (Z22).
    pub fn grant_if_neutral(
        &mut self,
        location: &LocationId,
        faction: FactionIdx,
        source: ControlSource,
    ) {
        if self.state.place_neutral(location) {
            self.emit(Event::ControlChanged {
                location: *location,
                controller: Some(Controller {
                    faction: Some(faction),
                    source,
                }),
            });
        }
    }

    /// The effects of a Crown card arriving on a Noble: its places (if neutral), its City
    /// (if neutral, 19.16), its ships (3.15).
    pub fn card_effects(&mut self, noble: &NobleId, card: &CrownCardId) {
        let Some(faction) = self.owner(noble) else {
            return;
        };
        let Some(c) = self.content.cards.card(card.as_str()) else {
            return;
        };
        for location in &c.locations {
            self.grant_if_neutral(location, faction, ControlSource::Card { card: *card });
        }
        if let Some(city_id) = &c.city
            && let Some(city) = self.content.cards.city_card(city_id.as_str())
        {
            let location = city.location;
            if self.state.place_neutral(&location) {
                self.grant_if_neutral(&location, faction, ControlSource::Card { card: *card });
                self.emit(Event::CityCardAwarded {
                    noble: *noble,
                    city: *city_id,
                });
            }
        }
        // 9.53: its ships at sea stay with passengers of a faction that no longer owns them.
        for (ship, faction) in crate::rules::ships::kept_by_passengers(&self.state, card) {
            self.emit(Event::ShipKeptByPassengers { ship, faction });
        }
        for ship in &c.ships {
            if !self.state.ships.contains_key(ship.id.as_str()) {
                self.emit(Event::ShipPlaced {
                    ship: ship.id.as_str().to_owned(),
                    card: *card,
                    capacity: ship.capacity,
                    place: Some(ShipPlace::Port {
                        location: ship.home_port,
                    }),
                });
            }
        }
    }

    /// Awards a card to a Noble with its effects.
    pub fn award(&mut self, noble: &NobleId, card: &CrownCardId, from: CardSource) {
        self.emit(Event::CardAwarded {
            noble: *noble,
            card: *card,
            from,
        });
        self.card_effects(noble, card);
    }

    /// Brings a Noble into play at a home castle (2.02) or the nearest friendly place (2.04).
    pub fn noble_enters(&mut self, faction: FactionIdx, card: &CrownCardId, from_hand: bool) {
        let Some(c) = self.content.cards.card(card.as_str()) else {
            return;
        };
        let Some(noble) = c.noble else { return };
        let place = self.entry_place(faction, &c.locations);
        self.emit(Event::NobleEntered {
            faction,
            noble,
            card: *card,
            place,
            from_hand,
        });
        self.card_effects(&noble, card);
    }

    /// Where a Noble entering play stands: a home castle friendly or neutral (taken), else
    /// the nearest friendly fortified place (2.04, Z19), else the open field of the first home
    /// castle's Area.
    pub fn entry_place(&self, faction: FactionIdx, homes: &[LocationId]) -> Place {
        for home in homes {
            if self.state.place_neutral(home) && !self.state.besieged.contains_key(home)
                || self.state.place_friendly(home, faction)
                    && !self.state.besieged.contains_key(home)
            {
                return Place::Inside { location: *home };
            }
        }
        if let Some(location) = self.nearest_friendly(faction, homes) {
            return Place::Inside { location };
        }
        let area = homes
            .first()
            .and_then(|h| self.content.map.area_of(h))
            .cloned()
            .or_else(|| self.content.map.areas.first().map(|a| a.id))
            .unwrap_or_else(|| crate::content::AreaId::new("nowhere"));
        Place::Field { area }
    }

    /// The friendly (own or allied), unbesieged fortified place nearest to any of `homes`,
    /// counting land Areas crossed from a home castle's Area; equally near ones are taken in
    /// the map's order, and places no land path reaches come last (2.04, Z19:
    /// nearest-entry in docs/rules-decisions.md).
    fn nearest_friendly(&self, faction: FactionIdx, homes: &[LocationId]) -> Option<LocationId> {
        let map = &self.content.map;
        let position = |area: &crate::content::AreaId| map.areas.iter().position(|a| &a.id == area);
        let from: Vec<usize> = homes
            .iter()
            .filter_map(|h| map.area_of(h))
            .filter_map(position)
            .collect();
        let steps = map.area_steps();
        self.state
            .control
            .iter()
            .filter(|(location, c)| {
                c.faction.is_some_and(|f| self.state.friendly(f, faction))
                    && !self.state.besieged.contains_key(*location)
            })
            .map(|(location, _)| {
                let at = map.area_of(location).and_then(position);
                let d = at
                    .and_then(|to| {
                        from.iter()
                            .filter_map(|&h| {
                                steps.get(h).and_then(|row| row.get(to)).copied().flatten()
                            })
                            .min()
                    })
                    .map_or(u32::MAX, u32::from);
                (
                    d,
                    map.location_position(location).unwrap_or(usize::MAX),
                    location,
                )
            })
            .min()
            .map(|(_, _, location)| *location)
    }

    /// Whether a card may be awarded to a Noble under the §2 limits (2.08–2.12).
    pub fn can_award(&self, noble: &NobleId, card: &CrownCardId) -> bool {
        can_award(self.content, &self.state, noble, card)
    }

    /// Recomputes every faction's Prestige and records changes (16.12).
    pub fn refresh_prestige(&mut self) {
        // Prestige never depends on the track, so every value can be worked out first.
        let values = crate::rules::prestige::all_prestige(self.content, &self.state);
        for (f, value) in values.into_iter().enumerate() {
            let faction = f as FactionIdx;
            if self.state.factions[f].prestige != value {
                self.emit(Event::PrestigeChanged {
                    faction,
                    prestige: value,
                });
            }
        }
    }
}

/// Whether a card may be awarded to a Noble under the §2 limits (2.08–2.12).
pub fn can_award(content: &Content, state: &State, noble: &NobleId, card: &CrownCardId) -> bool {
    state
        .nobles
        .get(noble)
        .is_some_and(|n| noble_takes(content, n, card))
}

/// Whether a Noble, as it stands, may be awarded a card under the §2 limits (2.08–2.12):
/// [`can_award`] for a Noble already looked up (bots read it from their view).
pub fn noble_takes(
    content: &Content,
    n: &crate::rules::state::NobleState,
    card: &CrownCardId,
) -> bool {
    award_bar(content, n, card).is_ok()
}

/// Checks a Noble, as it stands, may be awarded a card under the §2 limits, or says why not
/// (2.08–2.12).
pub fn award_bar(
    content: &Content,
    n: &crate::rules::state::NobleState,
    card: &CrownCardId,
) -> Result<(), AwardCause> {
    let Some(c) = content.cards.card(card.as_str()) else {
        return Err(AwardCause::UnknownCard);
    };
    let Some(noble_card) = content.cards.card(n.card.as_str()) else {
        return Err(AwardCause::UnknownCard);
    };
    let count = |t: CardType| {
        n.awards
            .iter()
            .filter_map(|a| content.cards.card(a.as_str()))
            .filter(|a| a.card_type == t)
            .count()
    };
    let titled = noble_card.card_type == CardType::TitledNoble || count(CardType::Title) > 0;
    match c.card_type {
        CardType::TitledNoble | CardType::UntitledNoble => Err(AwardCause::NobleCard),
        CardType::Title if titled => Err(AwardCause::Titled),
        CardType::Office if !titled => Err(AwardCause::Untitled),
        CardType::Office if count(CardType::Office) > 0 => Err(AwardCause::HasOffice),
        CardType::Bishop if count(CardType::Bishop) > 0 => Err(AwardCause::HasBishop),
        CardType::Title
        | CardType::Office
        | CardType::Bishop
        | CardType::Mercenary
        | CardType::Ship
        | CardType::Town => Ok(()),
    }
}
