//! The validated card types and [`Cards`], with its lookups, cross-references and summary.
//! Loading and validation live in `validate.rs`; the tables in `tables.rs`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::super::ids::{
    CityCardId, CrownCardId, FactionCardId, LocationId, MajorCardId, NobleId, RoyalId, ShipId,
    ZoneId,
};
use super::super::refs::{Reference, Target};
use super::data;
use super::tables::Tables;

/// The type of a Crown card (001 L1239-1247).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    /// A Noble without an intrinsic Title.
    UntitledNoble,
    /// A Noble with an intrinsic Title.
    TitledNoble,
    /// A Title, awarded to an untitled Noble.
    Title,
    /// An Office, awarded to a titled Noble.
    Office,
    /// An Archbishop or Bishop.
    Bishop,
    /// A company of Mercenaries.
    Mercenary,
    /// A Ship.
    Ship,
    /// A fortified Town.
    Town,
}

impl CardType {
    /// Every type, in the order of the 001 card table.
    pub const ALL: [CardType; 8] = [
        CardType::UntitledNoble,
        CardType::TitledNoble,
        CardType::Title,
        CardType::Office,
        CardType::Bishop,
        CardType::Mercenary,
        CardType::Ship,
        CardType::Town,
    ];

    /// The key used in the data (`titled_noble`).
    pub fn key(self) -> &'static str {
        match self {
            CardType::UntitledNoble => "untitled_noble",
            CardType::TitledNoble => "titled_noble",
            CardType::Title => "title",
            CardType::Office => "office",
            CardType::Bishop => "bishop",
            CardType::Mercenary => "mercenary",
            CardType::Ship => "ship",
            CardType::Town => "town",
        }
    }

    /// Parses a data key.
    pub fn from_key(key: &str) -> Option<CardType> {
        CardType::ALL.into_iter().find(|t| t.key() == key)
    }

    /// How many cards of this type the Crown deck holds (001 L1239-1247).
    pub fn count_in_deck(self) -> usize {
        match self {
            CardType::UntitledNoble => 14,
            CardType::TitledNoble => 10,
            CardType::Title => 9,
            CardType::Office => 14,
            CardType::Bishop => 6,
            CardType::Mercenary => 8,
            CardType::Ship => 4,
            CardType::Town => 9,
        }
    }

    /// The contract's id range for this type (first and last number of `Cnn`).
    pub fn id_range(self) -> (u32, u32) {
        match self {
            CardType::Bishop => (1, 6),
            CardType::TitledNoble => (7, 16),
            CardType::UntitledNoble => (17, 30),
            CardType::Office => (31, 44),
            CardType::Title => (45, 53),
            CardType::Ship => (54, 57),
            CardType::Town => (58, 66),
            CardType::Mercenary => (67, 74),
        }
    }

    /// Whether this is a Noble card.
    pub fn is_noble(self) -> bool {
        matches!(self, CardType::UntitledNoble | CardType::TitledNoble)
    }
}

/// A bracketed troop bonus usable only in a zone (001 L421, L1255-1263).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Bonus {
    /// Extra troops while the holder is on land in the zone.
    pub troops: u32,
    /// The bonus zone (defined by the map).
    pub zone: ZoneId,
}

/// A Ship piece a card brings into play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Ship {
    /// The Ship piece.
    pub id: ShipId,
    /// Its name as printed.
    pub name: String,
    /// The port where it starts.
    pub home_port: LocationId,
    /// How many troops it carries.
    pub capacity: u32,
}

/// One Crown card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CrownCard {
    /// `C01`–`C74`.
    pub id: CrownCardId,
    /// The card's name.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// True for the two Archbishops (C01, C02).
    pub archbishop: bool,
    /// Unbracketed troops, usable anywhere.
    pub troops: u32,
    /// The bracketed regional bonus, if any.
    pub bonus: Option<Bonus>,
    /// The Noble family of a Noble card.
    pub noble: Option<NobleId>,
    /// The intrinsic Title of a titled Noble (`Earl of Warwick`).
    pub title: Option<String>,
    /// Fortified places the card controls (home castles for Nobles).
    pub locations: Vec<LocationId>,
    /// Ship pieces the card brings.
    pub ships: Vec<Ship>,
    /// The City card this card grants while the City is neutral (001 L1283).
    pub city: Option<CityCardId>,
    /// Prestige while in a Faction space (001 L445).
    pub prestige: u32,
    /// Where the values come from.
    pub source: String,
}

/// A Royal house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum House {
    /// The House of Lancaster.
    Lancaster,
    /// The House of York.
    York,
}

/// A Royal piece and its Royal card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Royal {
    /// `R01`–`R07`.
    pub id: RoyalId,
    /// The Royal's name.
    pub name: String,
    /// Lancaster or York.
    pub house: House,
    /// Place in the house's succession, 1 = senior.
    pub rank: u32,
    /// Where the piece starts.
    pub start: LocationId,
    /// Whether the piece starts crowned (Henry VI).
    pub crowned_at_start: bool,
    /// Castles the Royal card gives control of (001 L1207).
    pub castles: Vec<LocationId>,
    /// Where the values come from.
    pub source: String,
}

/// A City card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct CityCard {
    /// `city_london`.
    pub id: CityCardId,
    /// The City's name.
    pub name: String,
    /// The City on the map.
    pub location: LocationId,
    /// The Crown card that grants it.
    pub granted_by: CrownCardId,
    /// Prestige (1).
    pub prestige: u32,
    /// Where the values come from.
    pub source: String,
}

/// Major Battle or Major Siege.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum MajorKind {
    /// A Major Battle card.
    Battle,
    /// A Major Siege card.
    Siege,
}

/// A Major Battle / Major Siege card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct MajorCard {
    /// `MB01`–`MB08`.
    pub id: MajorCardId,
    /// The card's name.
    pub name: String,
    /// Battle or siege.
    pub kind: MajorKind,
    /// Prestige.
    pub prestige: u32,
    /// Where the values come from.
    pub source: String,
}

/// A Noble of a pre-set Faction and the Crown cards awarded to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct FactionNoble {
    /// The Noble card.
    pub card: CrownCardId,
    /// Cards awarded to it.
    pub awards: Vec<CrownCardId>,
}

/// A pre-set Faction card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Faction {
    /// `F01`–`F14`.
    pub id: FactionCardId,
    /// `Pole's Faction`.
    pub name: String,
    /// The player count it is used with.
    pub players: u32,
    /// Whether it carries the start-player mark.
    pub start_player: bool,
    /// Its Nobles with their awards.
    pub nobles: Vec<FactionNoble>,
    /// Derived: unbracketed troops of all its cards.
    pub troops: u32,
    /// Derived: starting Prestige (cards and Cities granted).
    pub prestige: u32,
    /// Where the values come from.
    pub source: String,
}

impl Faction {
    /// Every Crown card of the Faction, Nobles first then their awards.
    pub fn cards(&self) -> impl Iterator<Item = &CrownCardId> {
        self.nobles
            .iter()
            .flat_map(|n| std::iter::once(&n.card).chain(n.awards.iter()))
    }
}

/// The validated cards and tables.
#[derive(Clone, Debug, Default, Serialize, TS)]
#[ts(export)]
pub struct Cards {
    /// Crown cards C01–C74, in id order.
    pub crown_cards: Vec<CrownCard>,
    /// Royals R01–R07.
    pub royals: Vec<Royal>,
    /// The 4 City cards.
    pub city_cards: Vec<CityCard>,
    /// MB01–MB08.
    pub major_cards: Vec<MajorCard>,
    /// Pre-set Factions F01–F14.
    pub factions: Vec<Faction>,
    /// Prestige, odds, set-up and other tables.
    pub tables: Tables,
    /// Crown card positions by id, built on the first look-up (only looked up, never
    /// iterated).
    #[serde(skip)]
    #[ts(skip)]
    pub(in crate::content) by_id: std::sync::OnceLock<CardIndex>,
}

/// Crown card positions by id: the usual `C01`–`C99` by their number, any other id hashed.
#[derive(Clone, Debug, Default)]
pub struct CardIndex {
    by_number: Vec<Option<usize>>,
    by_id: rustc_hash::FxHashMap<&'static str, usize>,
}

/// The number of an id made of `C` and two digits (`C07` is 7).
fn two_digit_number(id: &str) -> Option<usize> {
    match id.as_bytes() {
        [b'C', a @ b'0'..=b'9', b @ b'0'..=b'9'] => {
            Some(usize::from(a - b'0') * 10 + usize::from(b - b'0'))
        }
        _ => None,
    }
}

impl Cards {
    /// A Crown card by id.
    #[inline]
    pub fn card(&self, id: &str) -> Option<&CrownCard> {
        let index = self.by_id.get_or_init(|| self.card_index());
        // `C` and two digits name one number and back, so the number alone finds the card.
        let position = match two_digit_number(id) {
            Some(n) => index.by_number[n],
            None => index.by_id.get(id).copied(),
        };
        position.and_then(|i| self.crown_cards.get(i))
    }

    /// Crown card positions, built on the first look-up.
    #[cold]
    fn card_index(&self) -> CardIndex {
        let mut index = CardIndex {
            by_number: vec![None; 100],
            by_id: rustc_hash::FxHashMap::default(),
        };
        for (i, c) in self.crown_cards.iter().enumerate() {
            // The first card of an id, as a scan would find.
            match two_digit_number(c.id.as_str()) {
                Some(n) => {
                    index.by_number[n].get_or_insert(i);
                }
                None => {
                    index.by_id.entry(c.id.as_str()).or_insert(i);
                }
            }
        }
        index
    }

    /// The Noble card of a family.
    pub fn noble_card(&self, noble: &str) -> Option<&CrownCard> {
        self.crown_cards
            .iter()
            .find(|c| c.noble.as_ref().is_some_and(|n| n.as_str() == noble))
    }

    /// Every Ship piece the cards bring, with the card bringing it.
    pub fn ships(&self) -> impl Iterator<Item = (&CrownCard, &Ship)> {
        self.crown_cards
            .iter()
            .flat_map(|c| c.ships.iter().map(move |s| (c, s)))
    }

    /// A Ship piece by id (the lookup for ids events may name).
    pub fn ship(&self, id: &str) -> Option<&Ship> {
        self.ships().map(|(_, s)| s).find(|s| s.id.as_str() == id)
    }

    /// A City card by id.
    pub fn city_card(&self, id: &str) -> Option<&CityCard> {
        self.city_cards.iter().find(|c| c.id.as_str() == id)
    }

    /// The City a City card stands for.
    pub fn city_location(&self, id: &str) -> Option<LocationId> {
        self.city_card(id).map(|c| c.location)
    }

    /// A Royal by id.
    pub fn royal(&self, id: &str) -> Option<&Royal> {
        self.royals.iter().find(|r| r.id.as_str() == id)
    }

    /// The pre-set Factions for a player count.
    pub fn factions_for(&self, players: u32) -> impl Iterator<Item = &Faction> {
        self.factions.iter().filter(move |f| f.players == players)
    }

    /// The alternative set-up's pools after the hold-outs: titled Nobles, untitled Nobles,
    /// Titles, Offices (001 L558-564).
    pub fn alternative_pools(&self) -> [usize; 4] {
        super::validate_tables::alternative_pools(&self.tables.alternative_setup, &self.crown_cards)
    }

    /// Whether these cards define this target (Crown cards, Nobles, Royals).
    pub fn defines(&self, target: &Target) -> bool {
        match target {
            Target::CrownCard(id) => self.card(id.as_str()).is_some(),
            Target::Noble(id) => self.noble_card(id.as_str()).is_some(),
            Target::Royal(id) => self.royal(id.as_str()).is_some(),
            _ => false,
        }
    }

    /// Every id these cards name that another part must define (places, zones).
    pub fn references(&self) -> Vec<Reference> {
        let mut out = Vec::new();
        let mut push = |file: &str, item: &str, field: &str, target: Target| {
            out.push(Reference {
                file: file.to_owned(),
                item: item.to_owned(),
                field: field.to_owned(),
                target,
            });
        };
        for card in &self.crown_cards {
            let item = card.id.as_str();
            for location in &card.locations {
                push(data::CROWN, item, "locations", Target::Location(*location));
            }
            if let Some(bonus) = &card.bonus {
                push(data::CROWN, item, "bonus.zone", Target::Zone(bonus.zone));
            }
            for ship in &card.ships {
                let target = Target::Location(ship.home_port);
                push(data::CROWN, item, "ships.home_port", target);
            }
        }
        for royal in &self.royals {
            let item = royal.id.as_str();
            push(data::ROYALS, item, "start", Target::Location(royal.start));
            for castle in &royal.castles {
                push(data::ROYALS, item, "castles", Target::Location(*castle));
            }
        }
        for city in &self.city_cards {
            let target = Target::Location(city.location);
            push(data::CITIES, city.id.as_str(), "location", target);
        }
        for location in &self.tables.two_player.neutral_locations {
            let target = Target::Location(*location);
            push(data::TABLES, "two_player", "neutral_locations", target);
        }
        out
    }

    /// One line: how many cards of each kind.
    pub fn summary(&self) -> String {
        format!(
            "{} Crown cards, {} Royals, {} City cards, {} Major cards, {} Factions",
            self.crown_cards.len(),
            self.royals.len(),
            self.city_cards.len(),
            self.major_cards.len(),
            self.factions.len()
        )
    }
}
