//! Typed ids for everything in the content. Each id is a newtype over its stable string key
//! (`london`, `neville`, `C13`, `E001`), so ids of different kinds cannot be mixed up and the
//! event log stays readable. Inside the engine a key is interned once ([`super::key`]): an id
//! is one machine word, copied for free, compared for equality and hashed as that word. Only the
//! edges see the string: serializing, displaying, and the order (the string's), so a map keyed by
//! ids iterates, and every log, code and daily reads, exactly as with plain strings.

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

use super::key::Key;

macro_rules! string_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
        #[ts(export)]
        #[serde(transparent)]
        pub struct $name(#[ts(type = "string")] Key);

        impl $name {
            /// Wraps a key.
            pub fn new(key: impl AsRef<str>) -> Self {
                Self(Key::new(key.as_ref()))
            }
            /// The id of `key` if some id already has that key (none does otherwise, so a
            /// look-up by an unknown key can answer without adding it to the table).
            pub fn existing(key: &str) -> Option<Self> {
                Key::existing(key).map(Self)
            }
            /// The stable string key.
            pub fn as_str(&self) -> &'static str {
                self.0.as_str()
            }
            /// The interned key, to name the same thing as an id of another kind
            /// ([`Self::from_key`]) without looking the string up again.
            #[allow(dead_code, reason = "made for every kind of id; some kinds never convert")]
            pub(crate) fn key(self) -> Key {
                self.0
            }
            /// The id with this interned key.
            #[allow(dead_code, reason = "made for every kind of id; some kinds never convert")]
            pub(crate) fn from_key(key: Key) -> Self {
                Self(key)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl From<&str> for $name {
            fn from(key: &str) -> Self {
                Self::new(key)
            }
        }
    };
}

string_id!(
    /// A place on the map: a City, Town, castle, Open Town or unfortified town (`london`).
    LocationId
);
string_id!(
    /// A land Area, bounded by white lines on the board (`area_london`).
    AreaId
);
string_id!(
    /// A Region, bounded by purple lines and the sea (`home_counties`).
    RegionId
);
string_id!(
    /// A sea Area (`dover_strait`).
    SeaZoneId
);
string_id!(
    /// A named bonus zone used by regional troop bonuses (`north_of_trent`).
    ZoneId
);
string_id!(
    /// A Crown card, `C01`–`C74`.
    CrownCardId
);
string_id!(
    /// A Noble family, the key of a Noble card (`neville`).
    NobleId
);
string_id!(
    /// An Event card, `E001`–`E092`.
    EventCardId
);
string_id!(
    /// A Royal piece and its Royal card, `R01`–`R07`.
    RoyalId
);
string_id!(
    /// A pre-set Faction card, `F01`–`F14`.
    FactionCardId
);
string_id!(
    /// A City card (`city_london`).
    CityCardId
);
string_id!(
    /// A Major Battle / Major Siege card, `MB01`–`MB08`.
    MajorCardId
);
string_id!(
    /// A Ship piece's id (`le_michael`): lower_snake_case of the ship's name.
    ShipId
);
string_id!(
    /// A node of the road graph (a road segment inside an Area, or a location across the road).
    RoadNodeId
);

#[cfg(test)]
mod tests {
    use super::{AreaId, NobleId};

    #[test]
    fn keys_compare_and_serialize_as_strings() {
        let keys = [
            "",
            "a",
            "ab",
            "abc",
            "b",
            "area_york",
            "area_york:north",
            "C07",
            "a_key_longer_than_twenty_three_bytes",
        ];
        for a in keys {
            for b in keys {
                assert_eq!(AreaId::from(a).cmp(&AreaId::from(b)), a.cmp(b));
                assert_eq!(AreaId::from(a) == AreaId::from(b), a == b);
            }
            assert_eq!(
                serde_json::to_string(&AreaId::from(a)).ok(),
                serde_json::to_string(a).ok()
            );
            assert_eq!(format!("{:?}", AreaId::from(a)), format!("AreaId({a:?})"));
        }
    }

    #[test]
    fn keys_read_back_from_json_and_postcard_as_the_same_id() {
        let id = NobleId::new("neville");
        let json: NobleId = serde_json::from_str("\"neville\"").expect("json");
        assert_eq!(json, id);
        let escaped: NobleId = serde_json::from_str("\"nevi\\u006cle\"").expect("escaped");
        assert_eq!(escaped, id);
        let bytes = postcard::to_stdvec(&id).expect("postcard");
        assert_eq!(postcard::from_bytes::<NobleId>(&bytes).ok(), Some(id));
        // Not a string: a clear error, not a key.
        let wrong = serde_json::from_str::<NobleId>("7").expect_err("a number is no key");
        assert!(wrong.to_string().contains("a key string"), "{wrong}");
    }

    #[test]
    fn a_look_up_by_an_unknown_key_adds_nothing() {
        let key = "a_key_no_content_has_7f3a";
        assert_eq!(NobleId::existing(key), None);
        assert_eq!(NobleId::existing(key), None, "the first look-up added it");
        let made = NobleId::new(key);
        assert_eq!(NobleId::existing(key), Some(made));
    }
}
