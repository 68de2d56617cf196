//! Player-facing [`RuleError`]: why a command was refused, one specific variant per reason;
//! where a refusal comes about in several ways it carries its `cause`. Technical failures
//! (content missing at start) are [`SetupError`]-like variants kept apart.

use thiserror::Error;

use super::{
    AllianceCause, AttackCause, AttendCause, AwardCause, BlockCause, CaptiveCause, ClaimCause,
    CrownCause, EntryCause, ForceCause, FreeMoveCause, JoinCause, OccupyCause, PlaceCause,
    ReachCause, ReallocateCause, RoyalCause, ShipCause, StepCause, SummonCause, TogetherCause,
    TransferCause,
};
use crate::content::{AreaId, CrownCardId, LocationId, NobleId, RoyalId};

/// Why `decide` refused a command. Every variant names a rule, never a catch-all string; a
/// variant that can come about in several ways names the way in its `cause`. The serialized
/// tag (`error`) is the refusal's stable code.
#[derive(
    Clone, Debug, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize, strum::IntoStaticStr,
)]
#[serde(tag = "error", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The Noble is not one of the equally strongest Nobles to choose from (8.33, 10.29).
    #[error("{noble} is not one of the tied Nobles")]
    NotTied { noble: NobleId },
    /// Another faction must decide now.
    #[error("it is not faction {by}'s decision now")]
    NotYourDecision { by: u8 },
    /// The command does not belong to the current phase, step or window.
    #[error("that is not possible now: {cause}")]
    WrongStep { cause: StepCause },
    /// The faction index is not a seat of this game.
    #[error("no such faction")]
    UnknownFaction,
    /// A deal, gift, reveal or handover was addressed to the faction making it.
    #[error("that is made with another Faction, not with yourself")]
    NotToYourself,
    /// A gift, reveal or trade names no card to give, show or take.
    #[error("name at least one card")]
    NoCardsNamed,
    /// An unknown Noble or one not in play.
    #[error("{noble} is not in play")]
    NobleNotInPlay { noble: NobleId },
    /// The Noble is aboard a ship (9.30).
    #[error("{noble} is at sea")]
    AtSea { noble: NobleId },
    /// The Noble is held captive (11.07).
    #[error("{noble} is held captive")]
    HeldCaptive { noble: NobleId },
    /// The Noble belongs to another faction.
    #[error("{noble} is not yours")]
    NotYourNoble { noble: NobleId },
    /// The Noble is not one of the passengers who just landed (9.46).
    #[error("{noble} is not one of the Nobles who just landed")]
    NotJustLanded { noble: NobleId },
    /// The Noble has already moved this round (20.06, Z38).
    #[error("{noble} has already moved this round")]
    AlreadyMoved { noble: NobleId },
    /// A Royal with the Noble has already moved this round; moving it again takes a Free Move
    /// of its own (9.71).
    #[error("{royal} has already moved this round")]
    RoyalAlreadyMoved { royal: RoyalId },
    /// A card the Noble holds moved in another turn this round (20.06, Z38).
    #[error("{card} has already moved in another turn this round")]
    CardAlreadyMoved { card: CrownCardId },
    /// The Noble is besieged (10.70).
    #[error("{noble} is besieged and cannot act")]
    Besieged { noble: NobleId },
    /// The Noble is not inside a fortified place to leave (14.06).
    #[error("{noble} is not inside a fortified place")]
    NotInside { noble: NobleId },
    /// The destination is not reachable by that kind of move (9.10, 9.20, 9.30).
    #[error("{to} cannot be reached by that move: {cause}")]
    Unreachable { to: AreaId, cause: ReachCause },
    /// A place on every road to the destination stops the move (9.24, 9.25, Z25).
    #[error("the road to {to} is blocked at {by}: {cause}")]
    RoadBlocked {
        to: AreaId,
        by: LocationId,
        cause: BlockCause,
    },
    /// Passage is asked only through an enemy place that blocks the road (9.24).
    #[error("{location} does not block your road, so no passage is asked")]
    NoPassageNeeded { location: LocationId },
    /// The Noble cannot stop inside that place (9.03, 9.29).
    #[error("{location} cannot be entered: {cause}")]
    NotFriendly {
        location: LocationId,
        cause: EntryCause,
    },
    /// The place is full (19.14).
    #[error("{location} cannot hold more troops")]
    OverCapacity { location: LocationId },
    /// A card is not in the faction's hand.
    #[error("{card} is not in your hand")]
    CardNotInHand { card: CrownCardId },
    /// The card is not one of the Chancery cards drawn at this Parliament (12.11).
    #[error("{card} is not one of the Chancery cards drawn")]
    NotDrawn { card: CrownCardId },
    /// The command names one card more than once: a card can be given, paid, kept, asked
    /// for or shown only once in one deal (21.01, 11.07, 11.09, 19.02).
    #[error("{card} is named more than once")]
    CardNamedTwice { card: CrownCardId },
    /// The command names one Noble more than once (an allied Force's members, 23.10).
    #[error("{noble} is named more than once")]
    NobleNamedTwice { noble: NobleId },
    /// A card cannot be awarded to that Noble under the §2 limits (2.08–2.12, 19.18).
    #[error("{card} cannot be awarded to {noble}: {cause}")]
    CannotAward {
        card: CrownCardId,
        noble: NobleId,
        cause: AwardCause,
    },
    /// Only Noble cards may be played as new Nobles.
    #[error("{card} is not a Noble card")]
    NotANobleCard { card: CrownCardId },
    /// No attack may be made there (10.04, 10.07, 10.08, Z12).
    #[error("that attack is not allowed: {cause}")]
    AttackNotAllowed { cause: AttackCause },
    /// The besiegers are too weak (10.43).
    #[error("the attackers are too weak to besiege {location}")]
    TooWeakToBesiege { location: LocationId },
    /// A Noble cannot take part in this attack (10.11, 9.52, 23.12).
    #[error("{noble} cannot join this attack: {cause}")]
    CannotJoinAttack { noble: NobleId, cause: JoinCause },
    /// A passenger landing to besiege its port was left out of the attack (9.47).
    #[error("{noble} is landing to besiege the port and must attack too")]
    PassengerMustAttack { noble: NobleId },
    /// A Noble cannot go inside the place just taken (10.60).
    #[error("{noble} cannot go inside the place just taken: {cause}")]
    CannotOccupy { noble: NobleId, cause: OccupyCause },
    /// The allied Force cannot be formed (23.10).
    #[error("that allied Force cannot be formed: {cause}")]
    ForceNotAllowed { cause: ForceCause },
    /// The attack has no attackers yet.
    #[error("commit at least one attacker first")]
    NoAttackers,
    /// A Royal is not controlled by this faction.
    #[error("{royal} is not yours to act on: {cause}")]
    NotYourRoyal { royal: RoyalId, cause: RoyalCause },
    /// The Royal cannot be crowned now (§13).
    #[error("{royal} cannot be crowned now: {cause}")]
    CannotCrown { royal: RoyalId, cause: CrownCause },
    /// The Royal cannot be given or moved there (17.10).
    #[error("{royal} cannot go to {noble}: {cause}")]
    CannotReallocate {
        royal: RoyalId,
        noble: NobleId,
        cause: ReallocateCause,
    },
    /// Parliament cannot be summoned (§12).
    #[error("Parliament cannot be summoned now: {cause}")]
    CannotSummonParliament { cause: SummonCause },
    /// A Noble cannot attend Parliament (12.05–12.09).
    #[error("{noble} cannot attend Parliament: {cause}")]
    CannotAttend { noble: NobleId, cause: AttendCause },
    /// A Prestige Victory claim is not possible (15.04).
    #[error("a Prestige Victory cannot be claimed now: {cause}")]
    CannotClaimPrestige { cause: ClaimCause },
    /// Something mandatory comes first: the step cannot end yet, or a card must stay in hand.
    #[error("{reason}")]
    MustActFirst { reason: MustAct },
    /// No Free Move can be spent (9.70–9.78).
    #[error("no Free Move can be made: {cause}")]
    NoFreeMove { cause: FreeMoveCause },
    /// No such captive (11.07–11.10).
    #[error("{noble} is not a captive you can act on: {cause}")]
    NotACaptive { noble: NobleId, cause: CaptiveCause },
    /// No such offer.
    #[error("there is no such offer to answer")]
    NoSuchOffer,
    /// Alliance rules (§23).
    #[error("that alliance is not allowed: {cause}")]
    AllianceNotAllowed { cause: AllianceCause },
    /// The Noble cannot go with the King on this Embassy (8.21).
    #[error("{noble} cannot go with the King")]
    CannotAccompany { noble: NobleId },
    /// A ship cannot do that (9.30–9.54, 20.08).
    #[error("ship {ship} cannot do that: {cause}")]
    ShipCannot { ship: String, cause: ShipCause },
    /// The card is not one that may move between Nobles this way (20.02–20.04, 11.09).
    #[error("{card} cannot be transferred: {cause}")]
    NotTransferable {
        card: CrownCardId,
        cause: TransferCause,
    },
    /// The two Nobles are not in the same open field or fortified place (20.05), or not
    /// both attending Parliament (12.13).
    #[error("{noble} is not with the other Noble: {cause}")]
    NotTogether {
        noble: NobleId,
        cause: TogetherCause,
    },
    /// The place is not controlled through one of your cards (20.08).
    #[error("{location} is not yours to hand over: {cause}")]
    NotYourPlace {
        location: LocationId,
        cause: PlaceCause,
    },
    /// That card of another hand was not revealed to you (19.02, 2.18).
    #[error("{card} was not revealed to you")]
    NotRevealed { card: CrownCardId },
    /// Those cards were already shown to that faction (19.02).
    #[error("those cards were already revealed")]
    AlreadyRevealed,
    /// The set-up is invalid.
    #[error("invalid set-up: {problem}")]
    InvalidSetup { problem: SetupProblem },
}

impl RuleError {
    /// A stable code for the refusal, its variant's name in snake case (`card_not_in_hand`), so
    /// a client can tell one reason from another.
    pub fn code(&self) -> &'static str {
        self.into()
    }

    /// The key of the way the refusal came about (`needs_ship`), for a refusal that can come
    /// about in several ways; `None` for one that names a single reason by itself (the two
    /// with a `reason` or `problem` give it through serde).
    pub fn cause_key(&self) -> Option<&'static str> {
        Some(match self {
            RuleError::WrongStep { cause } => cause.key(),
            RuleError::Unreachable { cause, .. } => cause.key(),
            RuleError::RoadBlocked { cause, .. } => cause.key(),
            RuleError::NotFriendly { cause, .. } => cause.key(),
            RuleError::CannotAward { cause, .. } => cause.key(),
            RuleError::AttackNotAllowed { cause } => cause.key(),
            RuleError::CannotJoinAttack { cause, .. } => cause.key(),
            RuleError::CannotOccupy { cause, .. } => cause.key(),
            RuleError::ForceNotAllowed { cause } => cause.key(),
            RuleError::NotYourRoyal { cause, .. } => cause.key(),
            RuleError::CannotCrown { cause, .. } => cause.key(),
            RuleError::CannotReallocate { cause, .. } => cause.key(),
            RuleError::CannotSummonParliament { cause } => cause.key(),
            RuleError::CannotAttend { cause, .. } => cause.key(),
            RuleError::CannotClaimPrestige { cause } => cause.key(),
            RuleError::NoFreeMove { cause } => cause.key(),
            RuleError::NotACaptive { cause, .. } => cause.key(),
            RuleError::AllianceNotAllowed { cause } => cause.key(),
            RuleError::ShipCannot { cause, .. } => cause.key(),
            RuleError::NotTransferable { cause, .. } => cause.key(),
            RuleError::NotTogether { cause, .. } => cause.key(),
            RuleError::NotYourPlace { cause, .. } => cause.key(),
            RuleError::GameOver
            | RuleError::NotTied { .. }
            | RuleError::NotYourDecision { .. }
            | RuleError::UnknownFaction
            | RuleError::NotToYourself
            | RuleError::NoCardsNamed
            | RuleError::NobleNotInPlay { .. }
            | RuleError::AtSea { .. }
            | RuleError::HeldCaptive { .. }
            | RuleError::NotYourNoble { .. }
            | RuleError::NotJustLanded { .. }
            | RuleError::AlreadyMoved { .. }
            | RuleError::RoyalAlreadyMoved { .. }
            | RuleError::CardAlreadyMoved { .. }
            | RuleError::Besieged { .. }
            | RuleError::NotInside { .. }
            | RuleError::NoPassageNeeded { .. }
            | RuleError::OverCapacity { .. }
            | RuleError::CardNotInHand { .. }
            | RuleError::NotDrawn { .. }
            | RuleError::CardNamedTwice { .. }
            | RuleError::NobleNamedTwice { .. }
            | RuleError::NotANobleCard { .. }
            | RuleError::TooWeakToBesiege { .. }
            | RuleError::PassengerMustAttack { .. }
            | RuleError::NoAttackers
            | RuleError::MustActFirst { .. }
            | RuleError::NoSuchOffer
            | RuleError::CannotAccompany { .. }
            | RuleError::NotRevealed { .. }
            | RuleError::AlreadyRevealed
            | RuleError::InvalidSetup { .. } => return None,
        })
    }
}

/// What must be done before a step may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MustAct {
    /// Draw the Event card first (8.01).
    DrawEventCard,
    /// Discard one Crown card (14.10).
    DiscardCrownCard,
    /// Keep a card in hand for the discard that ends the turn (14.09).
    KeepCardForDiscard,
    /// Execute or give away a Royal: both houses held too long (17.13).
    ResolveBothHouses,
    /// Award every Chancery card drawn (12.11).
    AwardChanceryCards,
    /// Besiege the port the ships' passengers landed at (9.47).
    BesiegeFromShips,
    /// An attacker must go in and take the Royal inside (10.61).
    TakeRoyalInside,
}

impl std::fmt::Display for MustAct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MustAct::DrawEventCard => "this step cannot end before the Event card is drawn",
            MustAct::DiscardCrownCard => "this step cannot end before you discard a Crown card",
            MustAct::KeepCardForDiscard => {
                "you must keep a card in hand to discard at the end of this turn"
            }
            MustAct::ResolveBothHouses => {
                "this step cannot end before you execute or give away the Royals of one house"
            }
            MustAct::AwardChanceryCards => {
                "this step cannot end while a Chancery card drawn can still be awarded"
            }
            MustAct::BesiegeFromShips => {
                "this step cannot end before you besiege the port your ships' passengers landed at"
            }
            MustAct::TakeRoyalInside => {
                "this step cannot end before an attacker goes inside to take the Royal there"
            }
        })
    }
}

/// Why a set-up is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupProblem {
    /// Players must be 2–5.
    PlayerCount,
    /// One seat per player.
    SeatCount,
    /// The content lacks pre-set Factions for this count.
    NoFactions,
    /// The 2-player variant needs exactly 2 players.
    TwoPlayerVariant,
    /// The set-up names a rules version this build does not play.
    RulesVersion,
}

impl std::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SetupProblem::PlayerCount => "players must be 2 to 5",
            SetupProblem::SeatCount => "one seat per player is needed",
            SetupProblem::NoFactions => "no pre-set Factions for this player count",
            SetupProblem::TwoPlayerVariant => "the 2-player variant needs 2 players",
            SetupProblem::RulesVersion => "this Warwick does not play that rules version",
        })
    }
}
