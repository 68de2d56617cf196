//! Raw serde structs: one `[[card]]` table of each Event file, exactly as written in TOML,
//! before validation. Every struct denies unknown fields; strings stay strings here (ids and
//! results are checked in [`super::load`]) so that one bad value does not hide the others.

use serde::Deserialize;

/// A black lower half as written: `combat = { result = "3-2", killed = ["talbot"] }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCombat {
    /// One of `5-4`, `3-2`, `2-1`, `3-1`, `4-1`, `majority`, `bad_weather`.
    pub result: String,
    /// Noble ids in printed order; empty or absent on Bad Weather.
    #[serde(default)]
    pub killed: Vec<String>,
}

/// Who a summons names: exactly one of the two keys.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawWho {
    /// A Noble id.
    pub noble: Option<String>,
    /// A Title, Office or Bishop Crown card id.
    pub holder: Option<String>,
}

/// `ships = { count = 2 }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawShips {
    /// How many of the Office's ships respond.
    pub count: i64,
}

/// One summons: `{ who = {...}, to = "..." }` or `{ who = {...}, to_area = "..." }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSummons {
    /// Who is summoned.
    pub who: RawWho,
    /// A location id.
    pub to: Option<String>,
    /// An Area id (the Cheviots).
    pub to_area: Option<String>,
    /// The Office's ships that go too.
    pub ships: Option<RawShips>,
}

/// A card of `raids.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRaid {
    /// `E001`-`E092`.
    pub id: String,
    /// Heading.
    pub name: String,
    /// Provenance.
    pub source: String,
    /// In printed order.
    pub summons: Vec<RawSummons>,
    /// Lower half.
    pub combat: RawCombat,
}

/// A card of `embassies.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEmbassy {
    /// `E001`-`E092`.
    pub id: String,
    /// Heading.
    pub name: String,
    /// Provenance.
    pub source: String,
    /// Where the King goes.
    pub to: String,
    /// Lower half.
    pub combat: RawCombat,
}

/// A card of `mercenaries_go_home.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMercenaries {
    /// `E001`-`E092`.
    pub id: String,
    /// Heading.
    pub name: String,
    /// Provenance.
    pub source: String,
    /// Mercenary Crown card ids.
    pub mercenaries: Vec<String>,
    /// Lower half.
    pub combat: RawCombat,
}

/// A card of `plagues.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlague {
    /// `E001`-`E092`.
    pub id: String,
    /// Heading.
    pub name: String,
    /// Provenance.
    pub source: String,
    /// Places struck.
    pub towns: Vec<String>,
    /// Lower half.
    pub combat: RawCombat,
}

/// A card with no top-half parameters but a lower half (`storms.toml`, `chancellors.toml`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPlain {
    /// `E001`-`E092`.
    pub id: String,
    /// Heading.
    pub name: String,
    /// Provenance.
    pub source: String,
    /// Lower half.
    pub combat: RawCombat,
}

/// A card with neither parameters nor lower half (`free_moves.toml`, `clamours.toml`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBare {
    /// `E001`-`E092`.
    pub id: String,
    /// Heading.
    pub name: String,
    /// Provenance.
    pub source: String,
}

/// The fields a card of each file may have, for naming unknown and missing fields one by one
/// (serde stops at the first). Required fields first; the flag says whether it is required.
pub fn fields(kind: super::EventType) -> &'static [(&'static str, bool)] {
    use super::EventType as T;
    const BASE: [(&str, bool); 3] = [("id", true), ("name", true), ("source", true)];
    match kind {
        T::Raid => &[
            BASE[0],
            BASE[1],
            BASE[2],
            ("summons", true),
            ("combat", true),
        ],
        T::Embassy => &[BASE[0], BASE[1], BASE[2], ("to", true), ("combat", true)],
        T::MercenariesGoHome => &[
            BASE[0],
            BASE[1],
            BASE[2],
            ("mercenaries", true),
            ("combat", true),
        ],
        T::Plague => &[BASE[0], BASE[1], BASE[2], ("towns", true), ("combat", true)],
        T::Storms | T::Chancellor => &[BASE[0], BASE[1], BASE[2], ("combat", true)],
        T::FreeMove | T::Clamour => &BASE,
    }
}
