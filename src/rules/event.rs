//! [`Event`]: the facts `decide` records and `evolve` applies. Past tense, stable names, ids
//! as content string keys; every random outcome (deck orders, cards drawn) is recorded so
//! replay never needs the generator. One stored event of every type is pinned in
//! `src/service/golden/events-v1.jsonl`: a field renamed or reordered breaks kept logs.

use serde::{Deserialize, Serialize};

use crate::content::{
    AreaId, CityCardId, CrownCardId, EventCardId, FactionCardId, LocationId, MajorCardId, NobleId,
    RoyalId, SeaZoneId,
};
use crate::rules::FactionIdx;
use crate::rules::setup::EventSlot;
use crate::rules::state::{Clock, Controller, Outcome, Pending, Place, RoyalPlace, ShipPlace};

/// Why a Noble died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeathCause {
    /// Named on a KILLED list (10.28).
    Killed,
    /// Plague (8.33).
    Plague,
    /// Executed after capture (11.10).
    Executed,
    /// Not a death: cut from a Faction still over its troop band when no other card with troops
    /// is left to discard, in the controlled-random set-up (5.10, Z44; rules version 2). The
    /// Noble card and every card it held go to the discard.
    SetUpCut,
}

/// How a combat ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatOutcome {
    /// The attacker won.
    AttackerWon,
    /// The defender won.
    DefenderWon,
    /// Indecisive: everyone stays (10.27).
    Indecisive,
    /// Bad Weather Delays Attack (10.22, 10.50).
    BadWeather,
}

/// Where a Crown card went when it left a Noble or a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CardDestination {
    /// The Crown discard.
    Discard,
    /// Chancery (Titles and Offices, 11.01).
    Chancery,
    /// Another Noble (involuntary or voluntary transfer).
    Noble {
        /// The receiver.
        noble: NobleId,
    },
    /// A faction's hand.
    Hand {
        /// The faction.
        faction: FactionIdx,
    },
}

/// Where a Crown card came from when awarded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CardSource {
    /// Dealt at set-up.
    Setup,
    /// The faction's hand.
    Hand,
    /// Chancery (12.11).
    Chancery,
    /// Another Noble.
    Noble {
        /// The giver.
        noble: NobleId,
    },
    /// Drawn from the Crown deck.
    Deck,
    /// From the Crown discard (10.63).
    Discard,
    /// From the City-card pile of the 2-player game (4.05).
    CityPile,
}

/// A fact of the game. `#[serde(tag = "type")]`: the log reads `{"type": "NobleMoved", ...}`.
/// [`EventKind`] lists its types (the golden file of stored events holds one of each).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(EventKind),
    derive(strum::VariantArray, strum::IntoStaticStr),
    doc = "The type of an [`Event`], one for each; its name is [`Event::kind`]."
)]
#[serde(tag = "type")]
pub enum Event {
    /// The game began under this schema.
    GameStarted {
        /// [`crate::rules::EVENT_SCHEMA_VERSION`].
        schema: u32,
        /// [`crate::rules::RULES_VERSION`].
        rules: u32,
    },
    /// A pre-set Faction card was dealt (3.05).
    FactionCardDealt {
        faction: FactionIdx,
        card: FactionCardId,
        name: String,
    },
    /// Crown cards went into a faction's hand at set-up (5.02).
    CardsDealt {
        faction: FactionIdx,
        cards: Vec<CrownCardId>,
    },
    /// The Crown deck was (re)formed in this order, top first (3.06, 14.03).
    CrownDeckShuffled { order: Vec<CrownCardId> },
    /// The Event deck was built or reshuffled in this order, top first (3.24, 8.06).
    EventDeckShuffled {
        order: Vec<EventSlot>,
        removed: Vec<EventCardId>,
    },
    /// A faction received a Free Move card at set-up (3.19).
    FreeMoveDealt {
        faction: FactionIdx,
        card: EventCardId,
    },
    /// The Clamours were set aside (3.20).
    ClamoursSetAside { cards: Vec<EventCardId> },
    /// The turn order was fixed (3.25).
    TurnOrderSet { order: Vec<FactionIdx> },
    /// A Noble came into play (2.02).
    NobleEntered {
        faction: FactionIdx,
        noble: NobleId,
        card: CrownCardId,
        place: Place,
        from_hand: bool,
    },
    /// A Crown card was awarded to a Noble (2.05).
    CardAwarded {
        noble: NobleId,
        card: CrownCardId,
        from: CardSource,
    },
    /// A Crown card left a Noble (death, transfer, Mercenaries Go Home).
    CardRemoved {
        noble: NobleId,
        card: CrownCardId,
        to: CardDestination,
    },
    /// A Crown card left a hand.
    HandCardRemoved {
        faction: FactionIdx,
        card: CrownCardId,
        to: CardDestination,
    },
    /// Crown cards were drawn into a hand (14.02, 22.01).
    CrownCardsDrawn {
        faction: FactionIdx,
        cards: Vec<CrownCardId>,
    },
    /// A card was taken from the Crown deck to Chancery or the discard (3.07, 5.09).
    CrownCardRevealed {
        card: CrownCardId,
        to: CardDestination,
    },
    /// Cards of Chancery were drawn for Parliament (12.10).
    ChanceryDrawn { cards: Vec<CrownCardId> },
    /// A City card was awarded to a Noble (3.14, 10.63).
    CityCardAwarded { noble: NobleId, city: CityCardId },
    /// A City card went back to the board.
    CityCardReturned { noble: NobleId, city: CityCardId },
    /// A Major Battle or Siege card was awarded (10.25, 10.54).
    MajorCardAwarded { noble: NobleId, card: MajorCardId },
    /// A Major card went back to the board (11.01).
    MajorCardReturned { noble: NobleId, card: MajorCardId },
    /// Control of a place changed; `None` = neutral.
    ControlChanged {
        location: LocationId,
        controller: Option<Controller>,
    },
    /// A ship piece came into play or left it.
    ShipPlaced {
        ship: String,
        card: CrownCardId,
        capacity: u32,
        place: Option<ShipPlace>,
    },
    /// A Royal piece was placed or moved (set-up, Events, attachment changes).
    RoyalPlaced { royal: RoyalId, place: RoyalPlace },
    /// A Royal came under a faction's control (17.02, 17.04).
    RoyalControlGained {
        royal: RoyalId,
        faction: FactionIdx,
        noble: NobleId,
    },
    /// A Royal made its normal move this round, carried by its Noble (9.71).
    RoyalMoved { royal: RoyalId },
    /// A Royal was crowned (13.06).
    RoyalCrowned { royal: RoyalId },
    /// A Royal died (Plague) or was executed (17.11).
    RoyalDied { royal: RoyalId, executed: bool },
    /// The clock moved to a new turn, phase or step.
    ClockAdvanced { clock: Clock },
    /// Per-turn markers reset (new turn).
    TurnBegan { faction: FactionIdx },
    /// An Event card was drawn (8.01).
    EventCardDrawn {
        faction: FactionIdx,
        card: EventCardId,
    },
    /// The Prestige Victory tile surfaced (8.41).
    PrestigeTileRevealed,
    /// An Event card went to the Event discard.
    EventCardDiscarded { card: EventCardId },
    /// A Free Move card was kept (8.37, 10.20).
    FreeMoveKept {
        faction: FactionIdx,
        card: EventCardId,
    },
    /// A Free Move was spent on a piece (9.70).
    FreeMoveSpent {
        faction: FactionIdx,
        card: EventCardId,
        piece: String,
    },
    /// A Clamour went to its board space (8.38).
    ClamourPlaced { card: EventCardId },
    /// A Clamour was used for Parliament (12.16).
    ClamourUsed,
    /// The used Clamour was discarded (12.16).
    ClamourDiscarded { card: EventCardId },
    /// A Chancellor card was given to the Chancellor's faction (8.39).
    ChancellorCardKept {
        faction: FactionIdx,
        card: EventCardId,
    },
    /// A held Chancellor card was played or discarded.
    ChancellorCardSpent {
        faction: FactionIdx,
        card: EventCardId,
    },
    /// A Noble moved.
    NobleMoved {
        noble: NobleId,
        to: Place,
        counts_as_move: bool,
    },
    /// A ship moved; `free` when on a Free Move, which leaves its normal move unused (9.70).
    ShipMoved {
        ship: String,
        to: ShipPlace,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        free: bool,
    },
    /// A ship put out from port as its passengers boarded; its move goes on (9.43).
    ShipPutOut {
        ship: String,
        from: LocationId,
        free: bool,
    },
    /// A ship's passengers are landing to besiege a port (9.47), or no longer are (9.48).
    ShipLanding {
        ship: String,
        location: Option<LocationId>,
    },
    /// A ship whose card changed hands while it carried passengers of another faction stays
    /// under their control until it next reaches port (9.53).
    ShipKeptByPassengers { ship: String, faction: FactionIdx },
    /// A ship was lent to a faction for one voyage, or the loan ended (9.54).
    ShipLent {
        ship: String,
        to: Option<FactionIdx>,
    },
    /// A decision opened (window, attack, offer, Parliament).
    DecisionOpened { pending: Pending },
    /// The current decision changed (a pass, an attacker committed, a card awarded).
    DecisionUpdated { pending: Pending },
    /// The current decision closed.
    DecisionClosed,
    /// An attack was resolved with this card (10.20).
    CombatResolved {
        area: AreaId,
        siege: Option<LocationId>,
        card: EventCardId,
        attack_strength: u32,
        defence_strength: u32,
        outcome: CombatOutcome,
    },
    /// A Noble attacked this round (10.04).
    NobleAttacked { noble: NobleId },
    /// A target was attacked this Combat Phase (10.04).
    TargetAttacked { key: String },
    /// A Noble died.
    NobleDied { noble: NobleId, cause: DeathCause },
    /// A Noble was captured (10.24).
    NobleCaptured {
        noble: NobleId,
        captor: FactionIdx,
        area: AreaId,
    },
    /// A captive was ransomed and returned (11.08).
    NobleRansomed { noble: NobleId, to: Place },
    /// A place was marked besieged (10.50).
    BesiegedMarked {
        location: LocationId,
        by: FactionIdx,
    },
    /// A Besieged marker was removed (10.76, 10.77).
    BesiegedCleared { location: LocationId },
    /// Parliament was summoned (12.01).
    ParliamentSummoned {
        summoner: FactionIdx,
        area: AreaId,
        summoned: Option<NobleId>,
    },
    /// The King's Peace was placed (12.15).
    KingsPeacePlaced {
        area: AreaId,
        summoner: FactionIdx,
        round: u32,
    },
    /// The King's Peace was removed (12.16).
    KingsPeaceRemoved,
    /// Prestige changed on the track.
    PrestigeChanged { faction: FactionIdx, prestige: u32 },
    /// The Prestige Victory card was claimed (14.01).
    PrestigeCardClaimed {
        factions: Vec<FactionIdx>,
        claimant: FactionIdx,
        target: u32,
    },
    /// The Prestige Victory card went back (15.07).
    PrestigeCardReturned,
    /// Crown cards went from one hand to another (21.01).
    HandCardsGiven {
        from: FactionIdx,
        to: FactionIdx,
        cards: Vec<CrownCardId>,
    },
    /// An Alliance was formed or joined (23.02).
    AllianceFormed { members: Vec<FactionIdx> },
    /// A ship was given another faction's marker without its card (20.08).
    ShipMarked {
        ship: String,
        faction: Option<FactionIdx>,
    },
    /// Hand cards shown to another faction (19.02).
    HandCardsRevealed {
        from: FactionIdx,
        to: FactionIdx,
        cards: Vec<CrownCardId>,
    },
    /// A faction left its Alliance (23.20).
    AllianceLeft { faction: FactionIdx },
    /// Allied Nobles formed an allied Force under a commander (23.10).
    AlliedForceFormed {
        force: crate::rules::state::AlliedForce,
    },
    /// An allied Force ended: its round is over or its commander died (23.15, 23.17).
    AlliedForceEnded { commander: NobleId },
    /// A faction came to hold Royals of both houses, or ceased to (17.13).
    BothHousesMarked {
        faction: FactionIdx,
        since: Option<u32>,
    },
    /// The game ended.
    GameEnded { outcome: Outcome },
    /// A ship's passage ended somewhere at sea zone (informational for views).
    ShipAtSea { ship: String, zone: SeaZoneId },
}

impl Event {
    /// The stable name of the event type.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::GameStarted { .. } => "GameStarted",
            Event::FactionCardDealt { .. } => "FactionCardDealt",
            Event::CardsDealt { .. } => "CardsDealt",
            Event::CrownDeckShuffled { .. } => "CrownDeckShuffled",
            Event::EventDeckShuffled { .. } => "EventDeckShuffled",
            Event::FreeMoveDealt { .. } => "FreeMoveDealt",
            Event::ClamoursSetAside { .. } => "ClamoursSetAside",
            Event::TurnOrderSet { .. } => "TurnOrderSet",
            Event::NobleEntered { .. } => "NobleEntered",
            Event::CardAwarded { .. } => "CardAwarded",
            Event::CardRemoved { .. } => "CardRemoved",
            Event::HandCardRemoved { .. } => "HandCardRemoved",
            Event::CrownCardsDrawn { .. } => "CrownCardsDrawn",
            Event::CrownCardRevealed { .. } => "CrownCardRevealed",
            Event::ChanceryDrawn { .. } => "ChanceryDrawn",
            Event::CityCardAwarded { .. } => "CityCardAwarded",
            Event::CityCardReturned { .. } => "CityCardReturned",
            Event::MajorCardAwarded { .. } => "MajorCardAwarded",
            Event::MajorCardReturned { .. } => "MajorCardReturned",
            Event::ControlChanged { .. } => "ControlChanged",
            Event::ShipPlaced { .. } => "ShipPlaced",
            Event::RoyalPlaced { .. } => "RoyalPlaced",
            Event::RoyalControlGained { .. } => "RoyalControlGained",
            Event::RoyalMoved { .. } => "RoyalMoved",
            Event::RoyalCrowned { .. } => "RoyalCrowned",
            Event::RoyalDied { .. } => "RoyalDied",
            Event::ClockAdvanced { .. } => "ClockAdvanced",
            Event::TurnBegan { .. } => "TurnBegan",
            Event::EventCardDrawn { .. } => "EventCardDrawn",
            Event::PrestigeTileRevealed => "PrestigeTileRevealed",
            Event::EventCardDiscarded { .. } => "EventCardDiscarded",
            Event::FreeMoveKept { .. } => "FreeMoveKept",
            Event::FreeMoveSpent { .. } => "FreeMoveSpent",
            Event::ClamourPlaced { .. } => "ClamourPlaced",
            Event::ClamourUsed => "ClamourUsed",
            Event::ClamourDiscarded { .. } => "ClamourDiscarded",
            Event::ChancellorCardKept { .. } => "ChancellorCardKept",
            Event::ChancellorCardSpent { .. } => "ChancellorCardSpent",
            Event::NobleMoved { .. } => "NobleMoved",
            Event::ShipMoved { .. } => "ShipMoved",
            Event::ShipPutOut { .. } => "ShipPutOut",
            Event::ShipLanding { .. } => "ShipLanding",
            Event::ShipKeptByPassengers { .. } => "ShipKeptByPassengers",
            Event::ShipLent { .. } => "ShipLent",
            Event::DecisionOpened { .. } => "DecisionOpened",
            Event::DecisionUpdated { .. } => "DecisionUpdated",
            Event::DecisionClosed => "DecisionClosed",
            Event::CombatResolved { .. } => "CombatResolved",
            Event::NobleAttacked { .. } => "NobleAttacked",
            Event::TargetAttacked { .. } => "TargetAttacked",
            Event::NobleDied { .. } => "NobleDied",
            Event::NobleCaptured { .. } => "NobleCaptured",
            Event::NobleRansomed { .. } => "NobleRansomed",
            Event::BesiegedMarked { .. } => "BesiegedMarked",
            Event::BesiegedCleared { .. } => "BesiegedCleared",
            Event::ParliamentSummoned { .. } => "ParliamentSummoned",
            Event::KingsPeacePlaced { .. } => "KingsPeacePlaced",
            Event::KingsPeaceRemoved => "KingsPeaceRemoved",
            Event::PrestigeChanged { .. } => "PrestigeChanged",
            Event::PrestigeCardClaimed { .. } => "PrestigeCardClaimed",
            Event::PrestigeCardReturned => "PrestigeCardReturned",
            Event::HandCardsGiven { .. } => "HandCardsGiven",
            Event::AllianceFormed { .. } => "AllianceFormed",
            Event::HandCardsRevealed { .. } => "HandCardsRevealed",
            Event::ShipMarked { .. } => "ShipMarked",
            Event::AllianceLeft { .. } => "AllianceLeft",
            Event::AlliedForceFormed { .. } => "AlliedForceFormed",
            Event::AlliedForceEnded { .. } => "AlliedForceEnded",
            Event::BothHousesMarked { .. } => "BothHousesMarked",
            Event::GameEnded { .. } => "GameEnded",
            Event::ShipAtSea { .. } => "ShipAtSea",
        }
    }

    /// True when the event revealed hidden information or used randomness: the undo policy
    /// never steps back over it.
    pub fn is_irreversible(&self) -> bool {
        matches!(
            self,
            Event::CrownDeckShuffled { .. }
                | Event::EventDeckShuffled { .. }
                | Event::CrownCardsDrawn { .. }
                | Event::CrownCardRevealed { .. }
                | Event::ChanceryDrawn { .. }
                | Event::EventCardDrawn { .. }
                | Event::PrestigeTileRevealed
                | Event::CombatResolved { .. }
                | Event::CardsDealt { .. }
                | Event::FactionCardDealt { .. }
        )
    }

    /// True for the flow's own book-keeping (decisions opened, updated and closed, the clock
    /// moving on): no piece, card, Office, mark or Alliance changes, so nothing the end of a
    /// decision keeps current (`flow::finish`) can change with it.
    pub fn is_bookkeeping(&self) -> bool {
        matches!(
            self,
            Event::DecisionOpened { .. }
                | Event::DecisionUpdated { .. }
                | Event::DecisionClosed
                | Event::ClockAdvanced { .. }
        )
    }

    /// Whether applying this event advances the random generator's counter.
    pub fn uses_randomness(&self) -> bool {
        matches!(
            self,
            Event::CrownDeckShuffled { .. }
                | Event::EventDeckShuffled { .. }
                | Event::ChanceryDrawn { .. }
                | Event::FactionCardDealt { .. }
                | Event::CardsDealt { .. }
        )
    }
}
