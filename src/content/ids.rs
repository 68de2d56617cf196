//! Typed ids for everything in the content. Each id is a newtype over its stable string key
//! (`london`, `neville`, `C13`, `E001`), so ids of different kinds cannot be mixed up and the
//! event log stays readable. The key is a [`SmolStr`]: short keys live inline and long ones
//! are shared, so cloning an id never allocates; it serializes, orders and hashes exactly as
//! the plain string.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;
use std::fmt;
use ts_rs::TS;

macro_rules! string_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
        #[ts(export)]
        #[serde(transparent)]
        pub struct $name(#[ts(type = "string")] pub SmolStr);

        impl $name {
            /// Wraps a key.
            pub fn new(key: impl AsRef<str>) -> Self {
                Self(SmolStr::new(key))
            }
            /// The stable string key.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::borrow::Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl From<&str> for $name {
            fn from(key: &str) -> Self {
                Self(SmolStr::new(key))
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
    /// A node of the road graph (a road segment inside an Area, or a location across the road).
    RoadNodeId
);

#[cfg(test)]
mod tests {
    use super::AreaId;

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
        ];
        for a in keys {
            for b in keys {
                assert_eq!(AreaId::from(a).cmp(&AreaId::from(b)), a.cmp(b));
            }
            assert_eq!(
                serde_json::to_string(&AreaId::from(a)).ok(),
                serde_json::to_string(a).ok()
            );
        }
    }
}
