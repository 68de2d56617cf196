//! [`Command`]: what a faction asks to do. Serde-tagged by `type` with stable names; ids are
//! content string keys. Choices with many combinations are small successive commands.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::cards::House;
use crate::content::{AreaId, CrownCardId, LocationId, NobleId, RoyalId, SeaZoneId};
use crate::rules::FactionIdx;
use crate::rules::state::AttackTarget;

/// Kind of movement (9.02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Regional movement (9.10).
    Regional,
    /// Road movement (9.20).
    Road,
    /// A move within the same Area: into or out of a fortified place (9.03).
    Local,
}

/// Where a land move ends: the open field of an Area, or inside a place there (9.03).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export, rename = "MoveDestination")]
#[serde(deny_unknown_fields)]
pub struct Destination {
    /// The Area.
    pub area: AreaId,
    /// Inside this fortified place, or `None` for the open field.
    pub inside: Option<LocationId>,
}

/// Where a ship sails.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ShipDestination {
    /// Into a port (passengers land, 9.45).
    Port {
        /// The port.
        location: LocationId,
    },
    /// Out at sea.
    Sea {
        /// The sea Area.
        zone: SeaZoneId,
    },
}

/// A command. Each names the deciding faction implicitly (`decide`'s `by`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "type", remote = "Self")]
pub enum Command {
    /// End the current step or phase (always listed where allowed).
    EndStep,
    /// Pass in a reactive window (Z39).
    Pass,
    /// Draw the Event card (8.01).
    DrawEventCard,
    /// Play a Noble card from hand (2.02, 19.18).
    PlayNoble { card: CrownCardId },
    /// Award a card from hand to an own Noble (2.05, 19.18).
    AwardCard { card: CrownCardId, noble: NobleId },
    /// Move a Noble (with its attached Royals) by land (§9); `free` spends a Free Move (9.70).
    MoveNoble {
        noble: NobleId,
        kind: MoveKind,
        to: Destination,
        free: bool,
    },
    /// Put a Noble aboard a friendly ship in port in its Area, or one that has just put out
    /// from there (9.38–9.44); the ship puts out to sea at once (9.43). `free`: the ship's
    /// move is a Free Move, which may carry a Noble that has moved (9.74).
    Board {
        noble: NobleId,
        ship: String,
        #[serde(default)]
        free: bool,
    },
    /// Sail a ship (9.30); passengers aboard go with it.
    Sail {
        ship: String,
        to: ShipDestination,
        free: bool,
    },
    /// Ask the owner of a blocking place for passage on a road move (9.24, Z24).
    RequestPassage {
        noble: NobleId,
        through: LocationId,
        to: AreaId,
    },
    /// Begin an attack (10.11, 10.41).
    StartAttack { area: AreaId, target: AttackTarget },
    /// Commit one more attacking Noble (10.11).
    CommitAttacker { noble: NobleId },
    /// Launch the attack: the card window opens, defender first (10.15).
    LaunchAttack,
    /// Call off the attack before the resolution card (10.16).
    CallOffAttack,
    /// After a successful siege or relief, put a friendly Noble from the Area's open field
    /// inside the place (10.60, 10.76); `Pass` ends the choice.
    EnterConquered { noble: NobleId },
    /// Offer the allies present to form an allied Force of these Nobles (23.10).
    ProposeForce {
        commander: NobleId,
        members: Vec<NobleId>,
    },
    /// Execute a Royal attached to an own Noble (17.11).
    ExecuteRoyal { royal: RoyalId },
    /// Reallocate a Royal to another Noble in the same place, of any faction (17.10).
    ReallocateRoyal { royal: RoyalId, noble: NobleId },
    /// Execute a captive now (11.10).
    ExecuteCaptive { noble: NobleId },
    /// Offer hand cards to ransom an own captive Noble (11.07).
    OfferRansom {
        noble: NobleId,
        cards: Vec<CrownCardId>,
    },
    /// Give hand cards to another faction (21.01).
    OfferGift {
        to: FactionIdx,
        cards: Vec<CrownCardId>,
    },
    /// Propose an Alliance (23.02).
    ProposeAlliance { to: FactionIdx },
    /// Leave the Alliance (23.20).
    LeaveAlliance,
    /// Accept the offer waiting for you.
    AcceptOffer,
    /// Refuse the offer waiting for you.
    RejectOffer,
    /// Choose which of your equally strongest Nobles dies (8.33, 10.29, 10.57).
    ChooseVictim { noble: NobleId },
    /// Choose which line of a Raid or Revolt your twice-called Noble answers (8.15).
    ChooseRaidLine { line: u32 },
    /// Choose the port a storm-driven ship runs to among equally close ones (8.26, 8.27).
    ChooseStormPort { port: LocationId },
    /// Send one more Noble with the King on an Embassy (8.21); `Pass` sends no more.
    Accompany { noble: NobleId },
    /// Ask another faction to lend a ship for one voyage (9.54).
    RequestShipLoan { ship: String },
    /// Take a Noble just landed into a friendly fortified place of the port's Area (9.46);
    /// `Pass` leaves the rest in the open field.
    LandInside {
        noble: NobleId,
        location: LocationId,
    },
    /// Summon Parliament (12.01) naming a Noble of another faction, if any is eligible.
    SummonParliament {
        area: AreaId,
        summoned: Option<NobleId>,
    },
    /// Send a Noble to Parliament (12.08).
    SendToParliament { noble: NobleId },
    /// Award a Chancery card drawn at Parliament (12.11).
    AwardChanceryCard { card: CrownCardId, noble: NobleId },
    /// Discard a Chancery card no one can take (12.12).
    DiscardChanceryCard { card: CrownCardId },
    /// Crown a Royal (13.06).
    Crown { royal: RoyalId },
    /// Claim the Prestige Victory card (14.01).
    ClaimPrestigeVictory,
    /// Step 3: move a Noble out of a fortified place to the open field (14.06).
    LeaveFortification { noble: NobleId },
    /// Step 5: discard a Crown card from hand (14.10).
    DiscardCrownCard { card: CrownCardId },
    /// Offer hand cards to ransom an own captive, which keeps the listed cards that would
    /// otherwise pass to the victor and gains the listed cards of the captor's hand (revealed
    /// to you), awarded to it where the limits allow (11.09).
    OfferRansomKeeping {
        noble: NobleId,
        cards: Vec<CrownCardId>,
        keep: Vec<CrownCardId>,
        #[serde(default)]
        gain: Vec<CrownCardId>,
    },
    /// Give a transferable card from an own Noble to another in the same place (20.05).
    TransferCard {
        card: CrownCardId,
        from: NobleId,
        to: NobleId,
    },
    /// Exchange a card of an own Noble for one of another Noble in the same place, as one
    /// deal (19.12, 20.05).
    ExchangeCards {
        give: CrownCardId,
        from: NobleId,
        take: CrownCardId,
        to: NobleId,
    },
    /// Replace an own Noble's Bishop with one from hand; the old one is discarded (19.12).
    ReplaceBishop { card: CrownCardId, noble: NobleId },
    /// Hand a place listed on an own card to another faction, without the card (20.08).
    HandOverPlace {
        location: LocationId,
        to: FactionIdx,
    },
    /// Hand a ship listed on an own card to another faction, without the card (20.08).
    HandOverShip { ship: String, to: FactionIdx },
    /// Offer own hand cards for cards of another faction's hand that it revealed to you, as
    /// one deal (21.01, 19.02).
    OfferTrade {
        to: FactionIdx,
        give: Vec<CrownCardId>,
        take: Vec<CrownCardId>,
    },
    /// Show hand cards to another faction (19.02).
    RevealCards {
        to: FactionIdx,
        cards: Vec<CrownCardId>,
    },
    /// Propose an Alliance in which the allies execute the Royals of `house` (23.04).
    ProposeAllianceExecuting { to: FactionIdx, house: House },
    /// As summoner, move an Office between attending Nobles (12.13).
    MoveOffice {
        card: CrownCardId,
        from: NobleId,
        to: NobleId,
    },
    /// Send a Noble to Parliament inside the friendly fortified place there (12.09).
    AttendInside {
        noble: NobleId,
        location: LocationId,
    },
}

// Written and read through the derived code (`remote = "Self"`), read strictly: a command with
// a field Warwick does not write, at any depth, is refused rather than its field ignored (an
// internally tagged enum cannot deny unknown fields of its unit variants by itself).
impl Serialize for Command {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Command::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for Command {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let given = serde_json::Value::deserialize(deserializer)?;
        let command = Command::deserialize(&given).map_err(D::Error::custom)?;
        let written = serde_json::to_value(ByRef(&command)).map_err(D::Error::custom)?;
        match unknown_field(&given, &written) {
            Some(path) => Err(D::Error::custom(format!(
                "the command has a field Warwick does not know: `{path}`"
            ))),
            None => Ok(command),
        }
    }
}

/// A command written through the derived code.
struct ByRef<'a>(&'a Command);

impl Serialize for ByRef<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Command::serialize(self.0, serializer)
    }
}

/// The first key of `given` (at any depth) that `written` does not have.
fn unknown_field(given: &serde_json::Value, written: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match (given, written) {
        (Value::Object(g), Value::Object(w)) => {
            g.iter().find_map(|(key, value)| match w.get(key) {
                None => Some(key.clone()),
                Some(inner) => unknown_field(value, inner).map(|p| format!("{key}.{p}")),
            })
        }
        (Value::Array(g), Value::Array(w)) => g
            .iter()
            .zip(w)
            .enumerate()
            .find_map(|(i, (a, b))| unknown_field(a, b).map(|p| format!("{i}.{p}"))),
        _ => None,
    }
}

impl Command {
    /// Every command without parameters, in a fixed order: replay codes name one by its place
    /// here, so the order never changes and new ones go at the end.
    pub const PARAMETERLESS: [Command; 9] = [
        Command::EndStep,
        Command::Pass,
        Command::DrawEventCard,
        Command::LaunchAttack,
        Command::CallOffAttack,
        Command::LeaveAlliance,
        Command::AcceptOffer,
        Command::RejectOffer,
        Command::ClaimPrestigeVictory,
    ];

    /// The stable name of the command type.
    pub fn kind(&self) -> &'static str {
        match self {
            Command::EndStep => "EndStep",
            Command::Pass => "Pass",
            Command::DrawEventCard => "DrawEventCard",
            Command::PlayNoble { .. } => "PlayNoble",
            Command::AwardCard { .. } => "AwardCard",
            Command::MoveNoble { .. } => "MoveNoble",
            Command::Board { .. } => "Board",
            Command::Sail { .. } => "Sail",
            Command::RequestPassage { .. } => "RequestPassage",
            Command::StartAttack { .. } => "StartAttack",
            Command::CommitAttacker { .. } => "CommitAttacker",
            Command::LaunchAttack => "LaunchAttack",
            Command::CallOffAttack => "CallOffAttack",
            Command::EnterConquered { .. } => "EnterConquered",
            Command::ProposeForce { .. } => "ProposeForce",
            Command::ExecuteRoyal { .. } => "ExecuteRoyal",
            Command::ReallocateRoyal { .. } => "ReallocateRoyal",
            Command::ExecuteCaptive { .. } => "ExecuteCaptive",
            Command::OfferRansom { .. } => "OfferRansom",
            Command::OfferGift { .. } => "OfferGift",
            Command::ProposeAlliance { .. } => "ProposeAlliance",
            Command::LeaveAlliance => "LeaveAlliance",
            Command::AcceptOffer => "AcceptOffer",
            Command::ChooseVictim { .. } => "ChooseVictim",
            Command::ChooseRaidLine { .. } => "ChooseRaidLine",
            Command::RejectOffer => "RejectOffer",
            Command::ChooseStormPort { .. } => "ChooseStormPort",
            Command::Accompany { .. } => "Accompany",
            Command::RequestShipLoan { .. } => "RequestShipLoan",
            Command::LandInside { .. } => "LandInside",
            Command::SummonParliament { .. } => "SummonParliament",
            Command::SendToParliament { .. } => "SendToParliament",
            Command::AwardChanceryCard { .. } => "AwardChanceryCard",
            Command::DiscardChanceryCard { .. } => "DiscardChanceryCard",
            Command::Crown { .. } => "Crown",
            Command::ClaimPrestigeVictory => "ClaimPrestigeVictory",
            Command::LeaveFortification { .. } => "LeaveFortification",
            Command::DiscardCrownCard { .. } => "DiscardCrownCard",
            Command::OfferRansomKeeping { .. } => "OfferRansomKeeping",
            Command::TransferCard { .. } => "TransferCard",
            Command::ExchangeCards { .. } => "ExchangeCards",
            Command::ReplaceBishop { .. } => "ReplaceBishop",
            Command::HandOverPlace { .. } => "HandOverPlace",
            Command::RevealCards { .. } => "RevealCards",
            Command::OfferTrade { .. } => "OfferTrade",
            Command::HandOverShip { .. } => "HandOverShip",
            Command::ProposeAllianceExecuting { .. } => "ProposeAllianceExecuting",
            Command::MoveOffice { .. } => "MoveOffice",
            Command::AttendInside { .. } => "AttendInside",
        }
    }
}
