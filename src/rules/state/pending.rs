//! Decisions waiting for a faction: reactive windows (fixed order, closing when everyone has
//! passed in a row, Z39), attacks being assembled, Parliament, and negotiation offers.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::cards::House;
use crate::content::{AreaId, CrownCardId, EventCardId, LocationId, NobleId};
use crate::rules::FactionIdx;

/// What a reactive window is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// Cards played before an Event resolves (8.02).
    BeforeEvent,
    /// Cards added to a battle or siege, defender first (10.15, 10.44).
    AddToCombat,
    /// Voluntary attendance at Parliament, clockwise from the summoner (12.08).
    Attendance,
    /// Politicking at End of Turn step 4 (14.07).
    Politicking,
}

/// A window: factions in a fixed order; each acts or passes; it closes when every faction in
/// `order` has passed in a row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Window {
    /// What it is for.
    pub kind: WindowKind,
    /// The factions, in their fixed order.
    pub order: Vec<FactionIdx>,
    /// Whose decision it is (index into `order`).
    pub at: usize,
    /// Passes in a row so far.
    pub passes: usize,
}

impl Window {
    /// The faction deciding now.
    pub fn current(&self) -> Option<FactionIdx> {
        self.order.get(self.at).copied()
    }
}

/// What an attack is aimed at.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AttackTarget {
    /// A battle against one faction's Nobles in the open field (10.12).
    Field {
        /// The defending faction.
        faction: FactionIdx,
    },
    /// A siege of a fortified place (10.41).
    Location {
        /// The place.
        location: LocationId,
    },
}

/// An attack in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Attack {
    /// The attacking faction.
    pub attacker: FactionIdx,
    /// The Area.
    pub area: AreaId,
    /// The target.
    pub target: AttackTarget,
    /// Committed attacking Nobles (10.11).
    pub attackers: Vec<NobleId>,
    /// The card-adding window once launched (10.15).
    pub window: Option<Window>,
}

/// Terms of a negotiation offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OfferTerms {
    /// Ransom a captive for hand cards (11.07).
    Ransom {
        /// The captive Noble.
        captive: NobleId,
        /// Hand cards paid.
        cards: Vec<CrownCardId>,
    },
    /// A gift of hand cards (21.01).
    Gift {
        /// The cards.
        cards: Vec<CrownCardId>,
    },
    /// Form an Alliance (23.02).
    Alliance,
    /// Ransom in which the captive keeps some of its cards (11.09).
    RansomKeeping {
        /// The captive Noble.
        captive: NobleId,
        /// Hand cards paid.
        cards: Vec<CrownCardId>,
        /// The captive's cards it keeps.
        keep: Vec<CrownCardId>,
        /// Cards of the captor's hand the captive gains.
        #[serde(default)]
        gain: Vec<CrownCardId>,
    },
    /// Form an Alliance whose members execute the Royals of one house (23.04).
    AllianceExecuting {
        /// The house executed.
        house: House,
    },
    /// A card given to the answerer's Noble (20.05).
    Transfer {
        /// The card.
        card: CrownCardId,
        /// The giving Noble.
        from: NobleId,
        /// The receiving Noble.
        to: NobleId,
    },
    /// Two cards exchanged between Nobles in one place (20.05).
    Exchange {
        /// The offerer's card.
        give: CrownCardId,
        /// The offerer's Noble.
        from: NobleId,
        /// The answerer's card.
        take: CrownCardId,
        /// The answerer's Noble.
        to: NobleId,
    },
    /// A place handed over without its card (20.08).
    HandOver {
        /// The place.
        location: LocationId,
    },
    /// Hand cards traded both ways (21.01).
    Trade {
        /// The offerer's cards.
        give: Vec<CrownCardId>,
        /// The answerer's cards.
        take: Vec<CrownCardId>,
    },
    /// A ship handed over without its card (20.08).
    ShipHandOver {
        /// The ship.
        ship: String,
    },
    /// An Office moved between attending Nobles at Parliament (12.13).
    OfficeMove {
        /// The Office.
        card: CrownCardId,
        /// Its holder.
        from: NobleId,
        /// The receiver.
        to: NobleId,
        /// Other owners still to agree after this one.
        waiting: Vec<FactionIdx>,
    },
    /// Form an allied Force of these Nobles under a commander (23.10).
    Force {
        /// The commander (23.10).
        commander: NobleId,
        /// Every Noble in the Force, the commander included.
        members: Vec<NobleId>,
    },
    /// Passage through a fortified place on a road move (9.24).
    Passage {
        /// The moving Noble.
        noble: NobleId,
        /// The blocking place.
        through: LocationId,
        /// Where the move ends.
        to: AreaId,
    },
    /// The loan of a ship for one voyage (9.54): asked by the borrower, answered by the owner.
    ShipLoan {
        /// The ship.
        ship: String,
    },
}

/// An offer waiting for the other faction's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Offer {
    /// Offer number.
    pub id: u32,
    /// Who offers.
    pub from: FactionIdx,
    /// Who must answer.
    pub to: FactionIdx,
    /// What is offered.
    pub terms: OfferTerms,
}

/// A decision waiting; the top of the stack in [`crate::rules::State::pending`] is current.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// The drawn Event card waits while players may play cards (8.02).
    EventReaction {
        /// The Event card.
        card: EventCardId,
        /// The window.
        window: Window,
    },
    /// An attack being assembled or in its card window.
    Attack(Attack),
    /// Parliament attendance (12.08).
    Parliament {
        /// The summoner.
        summoner: FactionIdx,
        /// The Parliament Area.
        area: AreaId,
        /// The window.
        window: Window,
    },
    /// The summoner awards the Chancery cards drawn (12.11).
    ChanceryAwards {
        /// The summoner.
        summoner: FactionIdx,
        /// Cards still to award.
        cards: Vec<CrownCardId>,
    },
    /// Politicking at End of Turn step 4 (14.07).
    Politicking {
        /// The window.
        window: Window,
    },
    /// An offer awaiting its answer.
    Offer(Offer),
    /// Owners choose which of their equally strongest Nobles dies (8.33, 10.29, 10.57).
    TieBreak(TieBreak),
    /// A Noble called to several places by a Raid or Revolt goes where its owner chooses (8.15).
    RaidDestination {
        /// The Event card.
        card: EventCardId,
        /// The owner deciding.
        faction: FactionIdx,
        /// The Noble called more than once.
        noble: NobleId,
        /// The card's lines calling it (indices).
        lines: Vec<u32>,
        /// Choices made so far: Noble and chosen line.
        chosen: Vec<(NobleId, u32)>,
    },
    /// Storms at Sea: a ship's owner picks one of its equally closest ports (8.26, 8.27).
    StormPort(StormPort),
    /// Embassy: Nobles with the King may go with him; their owners choose (8.21).
    EmbassyCompanions(Companions),
    /// After a successful siege or relief the victor chooses which friendly Nobles in the Area
    /// end the phase inside (10.60, 10.61, 10.76).
    Occupy {
        /// The victor deciding.
        faction: FactionIdx,
        /// The place taken or relieved.
        location: LocationId,
        /// The attacking Nobles.
        attackers: Vec<NobleId>,
        /// A Royal was inside: an attacker must go in (10.61).
        must_enter: bool,
    },
    /// Passengers just landed in the open field may go into a friendly fortified place of
    /// the port's Area instead (9.46).
    Disembark {
        /// The passengers' faction, deciding.
        faction: FactionIdx,
        /// The port's Area.
        area: AreaId,
        /// The passengers who may still go inside.
        nobles: Vec<NobleId>,
    },
    /// An Archbishop or Bishop taken as spoils that no friendly Noble in the Area could take
    /// lies in the discard pile; the victor may give it to one of those Nobles in place of
    /// the one it holds, which is discarded instead (11.11: "can be replaced if desired").
    SpoilsBishop {
        /// The victor, deciding.
        faction: FactionIdx,
        /// The spoils card, in the discard pile meanwhile.
        card: CrownCardId,
        /// The friendly Nobles in the Area holding an Archbishop or Bishop.
        nobles: Vec<NobleId>,
        /// Opened as the turn's politicking closed with its executions: the turn goes on
        /// once the last such decision is answered.
        closes_turn: bool,
    },
}

/// A ship driven to port by Storms at Sea whose owner must choose among equally close ports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StormPort {
    /// The Event card; none when the storm is the one a Faction leaving an Alliance raises
    /// over ships carrying former allies (23.21).
    pub card: Option<EventCardId>,
    /// The ships the storm strikes when not every ship at sea (23.21); none for the Event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<Vec<String>>,
    /// The ship's owner, deciding.
    pub faction: FactionIdx,
    /// The ship.
    pub ship: String,
    /// The ports to choose from.
    pub ports: Vec<LocationId>,
    /// Ports already chosen for other ships in this resolution.
    pub chosen: Vec<(String, LocationId)>,
}

/// Nobles who may go with the King on an Embassy; the first entry's faction chooses now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Companions {
    /// The Event card.
    pub card: EventCardId,
    /// Where the King went.
    pub to: crate::rules::state::Place,
    /// Per faction, the Nobles it may still send.
    pub choices: Vec<(FactionIdx, Vec<NobleId>)>,
}

/// An allied Force: allied Nobles in one place moving and attacking together under a
/// commander, for at most the round it was formed in (23.10, 23.15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AlliedForce {
    /// The commander; its owner directs the Force's Free Moves and divides the spoils.
    pub commander: NobleId,
    /// Every Noble in the Force, the commander included.
    pub members: Vec<NobleId>,
    /// The round it was formed in.
    pub round: u32,
}

/// Why Nobles die once a tie is broken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TieCause {
    /// The KILLED list of a resolution card (10.29, 10.57).
    Killed {
        /// The attack being resolved.
        attack: Attack,
        /// The resolution card drawn.
        card: EventCardId,
    },
    /// A Plague Event (8.33).
    Plague {
        /// The Event card.
        card: EventCardId,
    },
}

/// A tie to break: the first entry of `ties` is decided now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TieBreak {
    /// What the deaths are for.
    pub cause: TieCause,
    /// Factions still to choose, each with its tied Nobles.
    pub ties: Vec<(FactionIdx, Vec<NobleId>)>,
    /// Nobles already bound to die (untied ones and choices made).
    pub chosen: Vec<NobleId>,
}

impl Pending {
    /// The faction that must decide now, if any.
    pub fn decider(&self) -> Option<FactionIdx> {
        match self {
            Pending::EventReaction { window, .. }
            | Pending::Parliament { window, .. }
            | Pending::Politicking { window } => window.current(),
            Pending::Attack(attack) => match &attack.window {
                Some(window) => window.current(),
                None => Some(attack.attacker),
            },
            Pending::ChanceryAwards { summoner, .. } => Some(*summoner),
            Pending::Offer(offer) => Some(offer.to),
            Pending::TieBreak(tie) => tie.ties.first().map(|(f, _)| *f),
            Pending::RaidDestination { faction, .. } | Pending::Occupy { faction, .. } => {
                Some(*faction)
            }
            Pending::StormPort(s) => Some(s.faction),
            Pending::EmbassyCompanions(c) => c.choices.first().map(|(f, _)| *f),
            Pending::Disembark { faction, .. } | Pending::SpoilsBishop { faction, .. } => {
                Some(*faction)
            }
        }
    }

    /// The Event card this decision holds, drawn and waiting to be resolved and discarded
    /// (8.02, 8.15, 8.21, 8.26, 8.33, 10.29, 10.57).
    pub fn drawn_event_card(&self) -> Option<&EventCardId> {
        match self {
            Pending::EventReaction { card, .. } | Pending::RaidDestination { card, .. } => {
                Some(card)
            }
            Pending::StormPort(s) => s.card.as_ref(),
            Pending::EmbassyCompanions(c) => Some(&c.card),
            Pending::TieBreak(t) => match &t.cause {
                TieCause::Killed { card, .. } | TieCause::Plague { card } => Some(card),
            },
            Pending::Attack(_)
            | Pending::Parliament { .. }
            | Pending::ChanceryAwards { .. }
            | Pending::Politicking { .. }
            | Pending::Offer(_)
            | Pending::Occupy { .. }
            | Pending::Disembark { .. }
            | Pending::SpoilsBishop { .. } => None,
        }
    }

    /// The open window, if this decision is one.
    pub fn window(&self) -> Option<&Window> {
        match self {
            Pending::EventReaction { window, .. }
            | Pending::Parliament { window, .. }
            | Pending::Politicking { window } => Some(window),
            Pending::Attack(attack) => attack.window.as_ref(),
            Pending::ChanceryAwards { .. }
            | Pending::Offer(_)
            | Pending::TieBreak(_)
            | Pending::RaidDestination { .. }
            | Pending::Occupy { .. }
            | Pending::StormPort(_)
            | Pending::EmbassyCompanions(_)
            | Pending::Disembark { .. }
            | Pending::SpoilsBishop { .. } => None,
        }
    }

    /// The open window, mutable.
    pub fn window_mut(&mut self) -> Option<&mut Window> {
        match self {
            Pending::EventReaction { window, .. }
            | Pending::Parliament { window, .. }
            | Pending::Politicking { window } => Some(window),
            Pending::Attack(attack) => attack.window.as_mut(),
            Pending::ChanceryAwards { .. }
            | Pending::Offer(_)
            | Pending::TieBreak(_)
            | Pending::RaidDestination { .. }
            | Pending::Occupy { .. }
            | Pending::StormPort(_)
            | Pending::EmbassyCompanions(_)
            | Pending::Disembark { .. }
            | Pending::SpoilsBishop { .. } => None,
        }
    }
}
