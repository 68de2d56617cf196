//! [`Content`]: the map, the cards and the Event deck loaded together and cross-checked.

use serde::Serialize;
use ts_rs::TS;

use super::cards::Cards;
use super::events::EventDeck;
use super::geometry::Geometry;
use super::map::Map;
use super::refs::Target;
use super::{DataFiles, Report};

/// All game content, validated. Serializes to the JSON of `warwick content export --json`.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct Content {
    /// Places, Areas, Regions, roads, sea Areas, ports, zones, geometry.
    #[serde(flatten)]
    pub map: Map,
    /// Crown, Royal, City, Major and Faction cards and the tables.
    #[serde(flatten)]
    pub cards: Cards,
    /// The Event deck.
    #[serde(flatten)]
    pub events: EventDeck,
    /// Where things are drawn (`data/geometry/map.json`). The TypeScript type is written by
    /// hand in `ui/src/geometry.ts`, since the geometry is kept as parsed JSON.
    #[ts(type = "import(\"../geometry\").MapGeometry")]
    pub geometry: Geometry,
}

impl Content {
    /// The content compiled into this binary.
    pub fn embedded() -> Result<Content, Report> {
        Self::load(&DataFiles::embedded())
    }

    /// Loads and validates every part, then checks every cross-reference. Returns every
    /// problem found, not just the first.
    pub fn load(files: &DataFiles) -> Result<Content, Report> {
        let mut report = Report::new();
        let map = Map::load(files, &mut report);
        let cards = Cards::load(files, &mut report);
        let events = EventDeck::load(files, &mut report);
        let geometry = Geometry::load(files, &map, &mut report);
        for reference in cards.references().into_iter().chain(events.references()) {
            let defined = match &reference.target {
                Target::Location(_)
                | Target::Area(_)
                | Target::Region(_)
                | Target::Zone(_)
                | Target::SeaZone(_) => map.defines(&reference.target),
                Target::CrownCard(_) | Target::Noble(_) | Target::Royal(_) => {
                    cards.defines(&reference.target)
                }
            };
            if !defined {
                report.push(
                    reference.file,
                    reference.item,
                    reference.field,
                    format!(
                        "names the unknown {} `{}`",
                        reference.target.kind(),
                        reference.target.key()
                    ),
                );
            }
        }
        if report.is_empty() {
            Ok(Content {
                map,
                cards,
                events,
                geometry,
            })
        } else {
            Err(report)
        }
    }

    /// One line for `app_info` and `warwick content check`.
    pub fn summary(&self) -> String {
        format!(
            "{}; {}; {}",
            self.map.summary(),
            self.cards.summary(),
            self.events.summary()
        )
    }
}
