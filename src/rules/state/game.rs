//! [`State`]: everything about a game in progress, serializable for hashing and views.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{
    AlliedForce, Clock, Controller, NobleState, Outcome, Pending, RoyalState, Shared, ShipState,
};
use crate::content::{AreaId, CrownCardId, EventCardId, LocationId, NobleId, RoyalId};
use crate::rules::FactionIdx;
use crate::rules::rng::RngState;
use crate::rules::setup::{EventSlot, Setup};

/// One faction's private and public holdings outside the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FactionState {
    /// Display name (the pre-set Faction's name or the seat's).
    pub name: String,
    /// Seat colour.
    pub colour: String,
    /// Crown cards in hand (hidden from others, 2.18).
    pub hand: Vec<CrownCardId>,
    /// Free Move cards held face up (8.37).
    pub free_moves: Vec<EventCardId>,
    /// Chancellor Event cards held face up (8.39).
    pub chancellor_cards: Vec<EventCardId>,
    /// Prestige on the track (16.12).
    pub prestige: u32,
    /// Crown cards drawn at this End of Turn (14.05).
    pub drew: u8,
    /// Since when it has held Royals of both houses (17.13): the round of its last own turn
    /// begun by then (the round it gained them in, or the round before when its own turn was
    /// still to come in that round), so the deadline is its first turn in a later round.
    pub both_houses_since: Option<u32>,
    /// Cards received by trade this turn: their troops cannot fight this turn (10.18).
    pub traded_this_turn: Vec<CrownCardId>,
    /// Pieces (Nobles or ships) that used a Free Move this phase (9.75).
    pub pieces_used_free_move: Vec<String>,
    /// Hand cards revealed, each with the faction it was shown to, while still in hand (19.02).
    #[serde(default)]
    pub shown: Vec<(FactionIdx, CrownCardId)>,
}

/// A claimed Prestige Victory card (15.03).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrestigeClaim {
    /// The claimant(s): a faction alone or its Alliance.
    pub factions: Vec<FactionIdx>,
    /// The faction whose turn made the claim (the deadline is its next turn's end).
    pub claimant: FactionIdx,
    /// Round of the claim.
    pub round: u32,
    /// The target to hold.
    pub target: u32,
}

/// The King's Peace marker (12.15, Z29).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct KingsPeace {
    /// The Parliament Area.
    pub area: AreaId,
    /// The summoner.
    pub summoner: FactionIdx,
    /// Round of the summons (removed at the end of the summoner's next Combat Phase).
    pub round: u32,
}

/// A captive held after combat (11.07).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Captive {
    /// The captor.
    pub captor: FactionIdx,
}

/// When an awarded card last moved in a Movement Phase: the round and the turn (20.06, Z38).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardMove {
    /// The round.
    pub round: u32,
    /// The turn's position in the order.
    pub turn: u8,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The set-up this game was started with.
    pub setup: Setup,
    /// The random generator state.
    pub rng: RngState,
    /// Round, turn, phase, step.
    pub clock: Clock,
    /// Turn order: seats clockwise from the start player (7.01).
    pub order: Vec<FactionIdx>,
    /// Per faction.
    pub factions: Shared<Vec<FactionState>>,
    /// Nobles in play.
    pub nobles: Shared<BTreeMap<NobleId, NobleState>>,
    /// Royal pieces.
    pub royals: Shared<BTreeMap<RoyalId, RoyalState>>,
    /// Ship pieces in play.
    pub ships: Shared<BTreeMap<String, ShipState>>,
    /// Controlled fortified places; absent = neutral.
    pub control: Shared<BTreeMap<LocationId, Controller>>,
    /// The Crown deck, top first (never shown).
    pub crown_deck: Shared<Vec<CrownCardId>>,
    /// The Crown discard (public, 19.01).
    pub crown_discard: Shared<Vec<CrownCardId>>,
    /// Chancery (public, 18.01).
    pub chancery: Shared<Vec<CrownCardId>>,
    /// Crown cards on the City-card pile (2-player variant, 4.03).
    pub city_pile: Shared<Vec<CrownCardId>>,
    /// The Event deck, top first (never shown).
    pub event_deck: Shared<Vec<EventSlot>>,
    /// The Event discard.
    pub event_discard: Shared<Vec<EventCardId>>,
    /// Event cards removed at set-up (3.21).
    pub event_removed: Shared<Vec<EventCardId>>,
    /// Clamours on the board, the face-up one last; `true` = used (turned sideways).
    pub clamours: Vec<(EventCardId, bool)>,
    /// Clamours set aside at set-up, not yet shuffled in (3.20).
    pub clamours_aside: Vec<EventCardId>,
    /// Besieged places and their besieger (10.50).
    pub besieged: Shared<BTreeMap<LocationId, FactionIdx>>,
    /// The King's Peace, if on the board.
    pub kings_peace: Option<KingsPeace>,
    /// Whether the Prestige Victory tile has been revealed (8.41).
    pub tile_revealed: bool,
    /// The Prestige Victory card, if claimed.
    pub prestige_claim: Option<PrestigeClaim>,
    /// Alliances: each a sorted list of members (§23).
    pub alliances: Vec<Vec<FactionIdx>>,
    /// Allied Forces formed this round (23.10, 23.15).
    pub forces: Vec<AlliedForce>,
    /// Captives awaiting ransom or execution (Z18).
    pub captives: Shared<BTreeMap<NobleId, Captive>>,
    /// Decisions waiting; the last is current.
    pub pending: Vec<Pending>,
    /// Attacks this Combat Phase: targets already attacked (10.04).
    pub attacked_targets: Vec<String>,
    /// Awarded cards that moved in a Movement Phase this round, and when (20.06, Z38).
    #[serde(default)]
    pub card_moved: BTreeMap<CrownCardId, CardMove>,
    /// Awarded cards that took part in an attack this round (20.06, Z38).
    #[serde(default)]
    pub card_attacked: Vec<CrownCardId>,
    /// Next Noble sequence number.
    pub next_seq: u32,
    /// Next offer number.
    pub next_offer: u32,
    /// The result, once the game has ended.
    pub outcome: Option<Outcome>,
    /// Events applied so far.
    pub events_applied: u64,
    /// The names players read for the factions of a controlled-random set-up, worked out
    /// once as its set-up ends ([`crate::rules::faction_name`]). Display only: never
    /// serialized, hashed or compared.
    #[serde(skip)]
    pub leading_names: LeadingNames,
}

/// [`State::leading_names`]: derived from the set-up, so two states that differ only in it
/// are equal.
#[derive(Clone, Debug, Default)]
pub struct LeadingNames(pub Option<std::sync::Arc<Vec<String>>>);

impl PartialEq for LeadingNames {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
