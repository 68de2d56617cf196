//! The validated Event card types: what each card's top half says (by Event type) and its
//! black lower half for combat. These are the shapes the rules engine and the UI read; the
//! serde attributes fix the export JSON (`event_cards` in `warwick content export --json`).

use serde::Serialize;
use std::fmt;
use ts_rs::TS;

use crate::content::ids::{AreaId, CrownCardId, EventCardId, LocationId, NobleId};

/// The eight Event types of Kingmaker II (001 L625-711).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum EventType {
    /// Raid or Revolt: named Nobles are summoned to named places (001 L625-647).
    Raid,
    /// Embassy: the sole King goes to the named place (001 L649-661).
    Embassy,
    /// Storms at Sea: ships at sea run to the nearest port (001 L663-671).
    Storms,
    /// Mercenaries Go Home: the named Mercenary cards are discarded (001 L673-677).
    MercenariesGoHome,
    /// Plague: Nobles and Royals in the named Towns or City die (001 L679-693).
    Plague,
    /// Free Move: kept by the drawer (001 L695-699).
    FreeMove,
    /// Clamour for Parliament: goes on its board space (001 L701-705).
    Clamour,
    /// Chancellor: given to the holder of the Chancellor of England (001 L707-711).
    Chancellor,
}

impl EventType {
    /// Every type, in the rulebook's order.
    pub const ALL: [EventType; 8] = [
        EventType::Raid,
        EventType::Embassy,
        EventType::Storms,
        EventType::MercenariesGoHome,
        EventType::Plague,
        EventType::FreeMove,
        EventType::Clamour,
        EventType::Chancellor,
    ];

    /// The stable key used in the export JSON (`mercenaries_go_home`).
    pub fn key(self) -> &'static str {
        match self {
            EventType::Raid => "raid",
            EventType::Embassy => "embassy",
            EventType::Storms => "storms",
            EventType::MercenariesGoHome => "mercenaries_go_home",
            EventType::Plague => "plague",
            EventType::FreeMove => "free_move",
            EventType::Clamour => "clamour",
            EventType::Chancellor => "chancellor",
        }
    }

    /// How many cards of this type the Kingmaker II deck holds (001 L625-711).
    pub fn deck_count(self) -> usize {
        match self {
            EventType::Raid => 37,
            EventType::Embassy => 6,
            EventType::Storms => 9,
            EventType::MercenariesGoHome => 3,
            EventType::Plague => 17,
            EventType::FreeMove => 11,
            EventType::Clamour => 4,
            EventType::Chancellor => 5,
        }
    }

    /// The rulebook line giving that count, for messages.
    pub fn count_source(self) -> &'static str {
        match self {
            EventType::Raid => "001 L625",
            EventType::Embassy => "001 L649",
            EventType::Storms => "001 L663",
            EventType::MercenariesGoHome => "001 L673",
            EventType::Plague => "001 L679",
            EventType::FreeMove => "001 L695",
            EventType::Clamour => "001 L701",
            EventType::Chancellor => "001 L707",
        }
    }

    /// Whether cards of this type carry a black lower half. Free Move and Clamour do not
    /// (001 L893); every other type does (ruling Z06 for Chancellor cards).
    pub fn has_combat_half(self) -> bool {
        !matches!(self, EventType::FreeMove | EventType::Clamour)
    }
}

impl fmt::Display for EventType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The result printed on a lower half (001 L883, L893-929).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
#[ts(export)]
pub enum CombatResult {
    /// The larger side wins at 5-4 or better.
    #[serde(rename = "5-4")]
    FiveFour,
    /// The larger side wins at 3-2 or better.
    #[serde(rename = "3-2")]
    ThreeTwo,
    /// The larger side wins at 2-1 or better.
    #[serde(rename = "2-1")]
    TwoOne,
    /// The larger side wins at 3-1 or better.
    #[serde(rename = "3-1")]
    ThreeOne,
    /// The larger side wins at 4-1 or better.
    #[serde(rename = "4-1")]
    FourOne,
    /// Any majority wins.
    #[serde(rename = "majority")]
    Majority,
    /// Bad Weather Delays Attack: no resolution and no one is killed.
    #[serde(rename = "bad_weather")]
    BadWeather,
}

impl CombatResult {
    /// Every result, strongest requirement last.
    pub const ALL: [CombatResult; 7] = [
        CombatResult::FiveFour,
        CombatResult::ThreeTwo,
        CombatResult::TwoOne,
        CombatResult::ThreeOne,
        CombatResult::FourOne,
        CombatResult::Majority,
        CombatResult::BadWeather,
    ];

    /// The key written in the data files and the export JSON.
    pub fn key(self) -> &'static str {
        match self {
            CombatResult::FiveFour => "5-4",
            CombatResult::ThreeTwo => "3-2",
            CombatResult::TwoOne => "2-1",
            CombatResult::ThreeOne => "3-1",
            CombatResult::FourOne => "4-1",
            CombatResult::Majority => "majority",
            CombatResult::BadWeather => "bad_weather",
        }
    }

    /// Reads a key as written in the data files.
    pub fn from_key(key: &str) -> Option<CombatResult> {
        CombatResult::ALL.into_iter().find(|r| r.key() == key)
    }
}

impl fmt::Display for CombatResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A black lower half: the result and the KILLED list, in printed order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Combat {
    /// The odds needed to win, Majority, or Bad Weather.
    pub result: CombatResult,
    /// Nobles killed if taking part, top first (empty on Bad Weather).
    pub killed: Vec<NobleId>,
}

/// Who a Raid or Revolt summons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum Summoner {
    /// A Noble named for himself.
    Noble(NobleId),
    /// Whichever Noble holds this Title, Office or Bishop card.
    Holder(CrownCardId),
}

/// Where a summons sends the Noble.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub enum Destination {
    /// Into a named place (or its Area's open field, 001 L629).
    #[serde(rename = "to")]
    Location(LocationId),
    /// Into an Area with no place, such as the Cheviots.
    #[serde(rename = "to_area")]
    Area(AreaId),
}

/// Ships of the summoned Office that go too (001 L645-647).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Ships {
    /// How many of the Office's ships.
    pub count: u8,
}

/// One line of a Raid or Revolt card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Summons {
    /// The Noble, or the holder of the named card.
    pub who: Summoner,
    /// The place or Area.
    #[serde(flatten)]
    pub to: Destination,
    /// The Office's ships that respond too, if any.
    pub ships: Option<Ships>,
}

/// The top half of a card, by type. Serializes flat into the card: `type` plus the fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TopHalf {
    /// Raid or Revolt: summons in printed order.
    Raid {
        /// Resolved top first (001 L629).
        summons: Vec<Summons>,
    },
    /// Embassy: where the sole King goes.
    Embassy {
        /// The place (an unfortified port on every card).
        to: LocationId,
    },
    /// Storms at Sea.
    Storms,
    /// Mercenaries Go Home: the Mercenary cards sent home.
    MercenariesGoHome {
        /// Crown card ids.
        mercenaries: Vec<CrownCardId>,
    },
    /// Plague: the places struck.
    Plague {
        /// Towns, Cities, Open Towns or Calais.
        towns: Vec<LocationId>,
    },
    /// Free Move.
    FreeMove,
    /// Clamour for Parliament.
    Clamour,
    /// Chancellor.
    Chancellor,
}

impl TopHalf {
    /// The card's Event type.
    pub fn event_type(&self) -> EventType {
        match self {
            TopHalf::Raid { .. } => EventType::Raid,
            TopHalf::Embassy { .. } => EventType::Embassy,
            TopHalf::Storms => EventType::Storms,
            TopHalf::MercenariesGoHome { .. } => EventType::MercenariesGoHome,
            TopHalf::Plague { .. } => EventType::Plague,
            TopHalf::FreeMove => EventType::FreeMove,
            TopHalf::Clamour => EventType::Clamour,
            TopHalf::Chancellor => EventType::Chancellor,
        }
    }
}

/// One Event card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct EventCard {
    /// `E001`-`E092`.
    pub id: EventCardId,
    /// The card's heading ("Peasant Revolt", "Embassy from the Pope").
    pub name: String,
    /// `type` and the top-half fields.
    #[serde(flatten)]
    pub top: TopHalf,
    /// The black lower half; `None` for Free Move and Clamour.
    pub combat: Option<Combat>,
    /// Where the card comes from (seed and line, or "reconstructed: why").
    pub source: String,
}

impl EventCard {
    /// The card's Event type.
    pub fn event_type(&self) -> EventType {
        self.top.event_type()
    }
}
