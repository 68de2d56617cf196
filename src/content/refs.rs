//! Cross-references between the parts of the content. Each part lists the ids it names
//! ([`Reference`]); [`super::Content::load`] checks that some part defines each one, so the
//! map, the cards and the events can be validated apart and then together.

use super::ids::{AreaId, CrownCardId, LocationId, NobleId, RegionId, RoyalId, SeaZoneId, ZoneId};

/// Something one part of the content names and another must define.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// A place on the map.
    Location(LocationId),
    /// A land Area.
    Area(AreaId),
    /// A Region.
    Region(RegionId),
    /// A bonus zone.
    Zone(ZoneId),
    /// A sea Area.
    SeaZone(SeaZoneId),
    /// A Crown card.
    CrownCard(CrownCardId),
    /// A Noble family.
    Noble(NobleId),
    /// A Royal piece.
    Royal(RoyalId),
}

impl Target {
    /// What kind of thing this is, for messages ("place", "Crown card", ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Target::Location(_) => "place",
            Target::Area(_) => "Area",
            Target::Region(_) => "Region",
            Target::Zone(_) => "bonus zone",
            Target::SeaZone(_) => "sea Area",
            Target::CrownCard(_) => "Crown card",
            Target::Noble(_) => "Noble",
            Target::Royal(_) => "Royal",
        }
    }

    /// The id's key.
    pub fn key(&self) -> &str {
        match self {
            Target::Location(id) => id.as_str(),
            Target::Area(id) => id.as_str(),
            Target::Region(id) => id.as_str(),
            Target::Zone(id) => id.as_str(),
            Target::SeaZone(id) => id.as_str(),
            Target::CrownCard(id) => id.as_str(),
            Target::Noble(id) => id.as_str(),
            Target::Royal(id) => id.as_str(),
        }
    }
}

/// Where an id is named: file, item and field, as in a [`super::Problem`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The data file naming the id.
    pub file: String,
    /// The item naming it.
    pub item: String,
    /// The field naming it.
    pub field: String,
    /// What it names.
    pub target: Target,
}
