//! The words the fuzz builds commands from: every Noble, Crown card, Area, place, sea Area,
//! ship and Royal of the content (and a few ids that name nothing), and a random command of any
//! type made of them, lists with repeated cards included. Must not send anything.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use warwick::content::Content;

/// Ids that name nothing, or name it oddly.
const ODD_IDS: [&str; 8] = [
    "",
    "nobody",
    "London",
    "C999",
    " neville",
    "neville\0",
    "☃",
    "../x",
];

/// The content's ids by kind.
pub struct Vocab {
    pub nobles: Vec<String>,
    pub cards: Vec<String>,
    pub areas: Vec<String>,
    pub locations: Vec<String>,
    pub sea_zones: Vec<String>,
    pub ships: Vec<String>,
    pub royals: Vec<String>,
}

/// The kinds of id a command field takes.
#[derive(Clone, Copy)]
pub enum Kind {
    Noble,
    Card,
    Area,
    Location,
    SeaZone,
    Ship,
    Royal,
}

impl Vocab {
    /// The ids of `content`.
    pub fn of(content: &Content) -> Self {
        let cards = &content.cards.crown_cards;
        let mut ships: Vec<String> = cards
            .iter()
            .flat_map(|c| c.ships.iter().map(|s| s.id.as_str().to_owned()))
            .collect();
        ships.sort();
        ships.dedup();
        Self {
            nobles: cards
                .iter()
                .filter_map(|c| c.noble.as_ref().map(|n| n.to_string()))
                .collect(),
            cards: cards.iter().map(|c| c.id.to_string()).collect(),
            areas: content.map.areas.iter().map(|a| a.id.to_string()).collect(),
            locations: content
                .map
                .locations
                .iter()
                .map(|l| l.id.to_string())
                .collect(),
            sea_zones: content
                .map
                .sea_zones
                .iter()
                .map(|z| z.id.to_string())
                .collect(),
            ships,
            royals: content
                .cards
                .royals
                .iter()
                .map(|r| r.id.to_string())
                .collect(),
        }
    }

    /// A random id of a kind (now and then one that names nothing, or one of another kind).
    pub fn id(&self, rng: &mut Xoshiro256PlusPlus, kind: Kind) -> String {
        let roll = rng.random_range(0..100);
        if roll < 3 {
            return ODD_IDS.choose(rng).map_or("", |s| s).to_owned();
        }
        let kind = if roll < 6 {
            [Kind::Noble, Kind::Card, Kind::Area, Kind::Location]
                .choose(rng)
                .copied()
                .unwrap_or(kind)
        } else {
            kind
        };
        let list = match kind {
            Kind::Noble => &self.nobles,
            Kind::Card => &self.cards,
            Kind::Area => &self.areas,
            Kind::Location => &self.locations,
            Kind::SeaZone => &self.sea_zones,
            Kind::Ship => &self.ships,
            Kind::Royal => &self.royals,
        };
        list.choose(rng).cloned().unwrap_or_default()
    }

    /// A list of cards, often with one repeated.
    pub fn cards(&self, rng: &mut Xoshiro256PlusPlus) -> Vec<String> {
        let n = rng.random_range(0..5);
        let mut cards: Vec<String> = (0..n).map(|_| self.id(rng, Kind::Card)).collect();
        if let Some(card) = cards.choose(rng).cloned()
            && rng.random_bool(0.5)
        {
            cards.push(card);
        }
        cards
    }

    /// A random command of any type, built from content ids and seats up to `seats`.
    pub fn command(&self, rng: &mut Xoshiro256PlusPlus, seats: u8) -> Value {
        let seat = |rng: &mut Xoshiro256PlusPlus| -> u64 {
            if rng.random_bool(0.9) {
                u64::from(rng.random_range(0..seats.max(1)))
            } else {
                rng.random_range(0..=255)
            }
        };
        let free = rng.random_bool(0.3);
        let noble = self.id(rng, Kind::Noble);
        let card = self.id(rng, Kind::Card);
        let area = self.id(rng, Kind::Area);
        let location = self.id(rng, Kind::Location);
        let inside = if rng.random_bool(0.5) {
            Value::Null
        } else {
            json!(self.id(rng, Kind::Location))
        };
        let ship = self.id(rng, Kind::Ship);
        let royal = self.id(rng, Kind::Royal);
        let other = self.id(rng, Kind::Noble);
        let to = seat(rng);
        let cards = self.cards(rng);
        let more = self.cards(rng);
        let house = *["lancaster", "york", "tudor"]
            .choose(rng)
            .unwrap_or(&"york");
        let kind = *["regional", "road", "local", "air"]
            .choose(rng)
            .unwrap_or(&"road");
        let members: Vec<String> = (0..rng.random_range(0..4))
            .map(|_| self.id(rng, Kind::Noble))
            .collect();
        let target = if rng.random_bool(0.5) {
            json!({"kind": "field", "faction": seat(rng)})
        } else {
            json!({"kind": "location", "location": location})
        };
        let sail_to = if rng.random_bool(0.5) {
            json!({"kind": "port", "location": location})
        } else {
            json!({"kind": "sea", "zone": self.id(rng, Kind::SeaZone)})
        };
        let line: u64 = rng.random_range(0..4);
        let options = [
            json!({"type": "EndStep"}),
            json!({"type": "Pass"}),
            json!({"type": "DrawEventCard"}),
            json!({"type": "PlayNoble", "card": card}),
            json!({"type": "AwardCard", "card": card, "noble": noble}),
            json!({"type": "MoveNoble", "noble": noble, "kind": kind,
                   "to": {"area": area, "inside": inside}, "free": free}),
            json!({"type": "Board", "noble": noble, "ship": ship, "free": free}),
            json!({"type": "Sail", "ship": ship, "to": sail_to, "free": free}),
            json!({"type": "RequestPassage", "noble": noble, "through": location, "to": area}),
            json!({"type": "StartAttack", "area": area, "target": target}),
            json!({"type": "CommitAttacker", "noble": noble}),
            json!({"type": "LaunchAttack"}),
            json!({"type": "CallOffAttack"}),
            json!({"type": "EnterConquered", "noble": noble}),
            json!({"type": "ProposeForce", "commander": noble, "members": members}),
            json!({"type": "ExecuteRoyal", "royal": royal}),
            json!({"type": "ReallocateRoyal", "royal": royal, "noble": noble}),
            json!({"type": "ExecuteCaptive", "noble": noble}),
            json!({"type": "OfferRansom", "noble": noble, "cards": cards}),
            json!({"type": "OfferGift", "to": to, "cards": cards}),
            json!({"type": "ProposeAlliance", "to": to}),
            json!({"type": "LeaveAlliance"}),
            json!({"type": "AcceptOffer"}),
            json!({"type": "RejectOffer"}),
            json!({"type": "ChooseVictim", "noble": noble}),
            json!({"type": "ChooseRaidLine", "line": line}),
            json!({"type": "ChooseStormPort", "port": location}),
            json!({"type": "Accompany", "noble": noble}),
            json!({"type": "RequestShipLoan", "ship": ship}),
            json!({"type": "LandInside", "noble": noble, "location": location}),
            json!({"type": "SummonParliament", "area": area,
                   "summoned": if free { Value::Null } else { json!(other) }}),
            json!({"type": "SendToParliament", "noble": noble}),
            json!({"type": "AwardChanceryCard", "card": card, "noble": noble}),
            json!({"type": "DiscardChanceryCard", "card": card}),
            json!({"type": "Crown", "royal": royal}),
            json!({"type": "ClaimPrestigeVictory"}),
            json!({"type": "LeaveFortification", "noble": noble}),
            json!({"type": "DiscardCrownCard", "card": card}),
            json!({"type": "OfferRansomKeeping", "noble": noble, "cards": cards,
                   "keep": more, "gain": cards}),
            json!({"type": "TransferCard", "card": card, "from": noble, "to": other}),
            json!({"type": "ExchangeCards", "give": card, "from": noble,
                   "take": self.id(rng, Kind::Card), "to": other}),
            json!({"type": "ReplaceBishop", "card": card, "noble": noble}),
            json!({"type": "HandOverPlace", "location": location, "to": to}),
            json!({"type": "HandOverShip", "ship": ship, "to": to}),
            json!({"type": "OfferTrade", "to": to, "give": cards, "take": more}),
            json!({"type": "RevealCards", "to": to, "cards": cards}),
            json!({"type": "ProposeAllianceExecuting", "to": to, "house": house}),
            json!({"type": "MoveOffice", "card": card, "from": noble, "to": other}),
            json!({"type": "AttendInside", "noble": noble, "location": location}),
        ];
        options.choose(rng).cloned().unwrap_or(Value::Null)
    }

    /// A listed command with one of its card lists given a repeated card (or one field swapped
    /// for another id of its kind): a near miss of a legal command.
    pub fn near_miss(&self, rng: &mut Xoshiro256PlusPlus, command: &Value) -> Value {
        let mut command = command.clone();
        let Some(fields) = command.as_object_mut() else {
            return command;
        };
        let lists: Vec<String> = fields
            .iter()
            .filter(|(_, v)| v.is_array())
            .map(|(k, _)| k.clone())
            .collect();
        if let Some(key) = lists.choose(rng)
            && let Some(Value::Array(list)) = fields.get_mut(key)
        {
            match list.choose(rng).cloned() {
                Some(card) => list.push(card),
                None => list.push(json!(self.id(rng, Kind::Card))),
            }
            return command;
        }
        let keys: Vec<String> = fields
            .iter()
            .filter(|(k, v)| k.as_str() != "type" && v.is_string())
            .map(|(k, _)| k.clone())
            .collect();
        if let Some(key) = keys.choose(rng) {
            let kind = match key.as_str() {
                "noble" | "commander" | "from" | "to" => Kind::Noble,
                "card" | "give" | "take" => Kind::Card,
                "area" => Kind::Area,
                "ship" => Kind::Ship,
                "royal" => Kind::Royal,
                _ => Kind::Location,
            };
            fields.insert(key.clone(), json!(self.id(rng, kind)));
        }
        command
    }
}
