//! Where pieces stand and who controls what: [`Place`], Noble, Royal and Ship states, and the
//! control record of fortified places (Z21, Z22).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::{
    AreaId, CityCardId, CrownCardId, LocationId, MajorCardId, NobleId, SeaZoneId,
};
use crate::rules::FactionIdx;

/// Where a Noble stands.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Place {
    /// The open field of an Area (unfortified towns included, 17.03).
    Field {
        /// The Area.
        area: AreaId,
    },
    /// Inside a fortified place (fortified side up, 9.03).
    Inside {
        /// The place.
        location: LocationId,
    },
    /// A passenger on a ship.
    Aboard {
        /// The ship id.
        ship: String,
    },
    /// Held captive after a lost combat (11.07).
    Captive {
        /// The capturing faction.
        captor: FactionIdx,
        /// The Area of the combat (where spoils are awarded, 11.11).
        area: AreaId,
    },
}

/// A Noble in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct NobleState {
    /// Owning faction.
    pub faction: FactionIdx,
    /// The Noble card.
    pub card: CrownCardId,
    /// Awarded Crown cards, in award order.
    pub awards: Vec<CrownCardId>,
    /// City cards held.
    pub cities: Vec<CityCardId>,
    /// Major Battle / Siege cards held.
    pub majors: Vec<MajorCardId>,
    /// Where it stands.
    pub place: Place,
    /// Round in which it last moved (Z38).
    pub moved_round: Option<u32>,
    /// Round in which it last attacked (10.04, Z38).
    pub attacked_round: Option<u32>,
    /// Round in which it last made a Free Move of its own (9.70): a Free Move does not use
    /// the Noble's normal move, which may come before or after it, but it is a move in that
    /// turn (23.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_moved_round: Option<u32>,
    /// Order in which it entered play (Z22 earliest-awarded).
    pub seq: u32,
}

/// Where a Royal piece is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoyalPlace {
    /// Attached to a Noble (its card allocated to that Noble, 9.62).
    With {
        /// The Noble.
        noble: NobleId,
    },
    /// Alone, uncontrolled.
    Alone {
        /// Where.
        place: Place,
    },
    /// Dead or executed.
    Dead,
}

/// A Royal piece.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RoyalState {
    /// Where it is.
    pub place: RoyalPlace,
    /// Crowned (13.06).
    pub crowned: bool,
    /// Round in which its control was last gained (9.73).
    pub gained_round: Option<u32>,
    /// The turn of that round (its index in the turn order) in which control was gained:
    /// control gained in another faction's turn does not bar a Free Move in the gainer's own
    /// later turn (9.73).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gained_turn: Option<u8>,
    /// Round in which it was crowned (13.04: its Nobles may then enter the cathedral's
    /// place in that Coronation Phase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crowned_round: Option<u32>,
    /// Round in which it last made its own normal move, with a Noble carrying it (9.71).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_round: Option<u32>,
}

/// Where a ship is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShipPlace {
    /// Anchored in a port.
    Port {
        /// The port's place.
        location: LocationId,
    },
    /// At sea.
    Sea {
        /// The sea Area.
        zone: SeaZoneId,
    },
}

/// A ship piece in play (its card is held by a Noble).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ShipState {
    /// The card bringing it.
    pub card: CrownCardId,
    /// Where it is.
    pub place: ShipPlace,
    /// Capacity in troops.
    pub capacity: u32,
    /// Round in which it last moved.
    pub moved_round: Option<u32>,
    /// Another faction's marker put on it without its card (20.08); it counts only while the
    /// listing card is in play.
    #[serde(default)]
    pub marker: Option<FactionIdx>,
    /// A move begun by boarding and not yet ended this phase (9.43).
    #[serde(default)]
    pub underway: Option<Underway>,
    /// The fortified port its passengers are landing at to besiege it (9.47–9.49).
    #[serde(default)]
    pub landing: Option<LocationId>,
    /// The faction it is lent to until it next reaches port (9.54).
    #[serde(default)]
    pub lent_to: Option<FactionIdx>,
}

/// A ship that put out to sea as its passengers boarded (9.43): more of the port's Nobles may
/// still board it, and its move goes on from here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Underway {
    /// The port it left.
    pub from: LocationId,
    /// Movement points spent so far in this move.
    pub spent: u32,
    /// Whether the move is a Free Move (9.74).
    pub free: bool,
}

/// How a place came to be controlled (Z21).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ControlSource {
    /// A Crown card in play listing it (or granting its City).
    Card {
        /// The card.
        card: CrownCardId,
    },
    /// A Royal card granting it (17.08).
    Royal {
        /// The Royal.
        royal: crate::content::RoyalId,
    },
    /// Conquered by a Noble (10.62).
    Conquest {
        /// The conquering Noble.
        noble: NobleId,
    },
    /// Occupied Open Town (19.15).
    Occupation,
    /// The 2-player non-player Faction (4.02).
    NonPlayer,
}

/// Who controls a fortified place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Controller {
    /// The faction; `None` for the 2-player non-player Faction.
    pub faction: Option<FactionIdx>,
    /// Why.
    pub source: ControlSource,
}
