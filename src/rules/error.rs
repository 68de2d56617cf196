//! Player-facing [`RuleError`]: why a command was refused, one specific variant per reason.
//! Technical failures (content missing at start) are [`SetupError`]-like variants kept apart.

use thiserror::Error;

use crate::content::{AreaId, CrownCardId, LocationId, NobleId, RoyalId};

/// Why `decide` refused a command. Every variant names a rule, never a catch-all string.
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
    #[error("that command is not possible in the current step or window")]
    WrongStep,
    /// The faction index is not a seat of this game.
    #[error("no such faction")]
    UnknownFaction,
    /// An unknown Noble or one not in play.
    #[error("{noble} is not in play")]
    NobleNotInPlay { noble: NobleId },
    /// The Noble belongs to another faction.
    #[error("{noble} is not yours")]
    NotYourNoble { noble: NobleId },
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
    /// The destination is not reachable by that kind of move.
    #[error("{to} cannot be reached by that move")]
    Unreachable { to: AreaId },
    /// The Noble cannot stop inside that place (9.03, 9.29).
    #[error("{location} is not friendly")]
    NotFriendly { location: LocationId },
    /// The place is full (19.14).
    #[error("{location} cannot hold more troops")]
    OverCapacity { location: LocationId },
    /// A card is not in the faction's hand.
    #[error("{card} is not in your hand")]
    CardNotInHand { card: CrownCardId },
    /// The command names one card more than once: a card can be given, paid, kept, asked
    /// for or shown only once in one deal (21.01, 11.07, 11.09, 19.02).
    #[error("{card} is named more than once")]
    CardNamedTwice { card: CrownCardId },
    /// The command names one Noble more than once (an allied Force's members, 23.10).
    #[error("{noble} is named more than once")]
    NobleNamedTwice { noble: NobleId },
    /// A card cannot be awarded to that Noble under the §2 limits.
    #[error("{card} cannot be awarded to {noble}")]
    CannotAward { card: CrownCardId, noble: NobleId },
    /// Only Noble cards may be played as new Nobles.
    #[error("{card} is not a Noble card")]
    NotANobleCard { card: CrownCardId },
    /// No attack may be made there (10.04, 10.07, 10.08, Z12).
    #[error("that attack is not allowed")]
    AttackNotAllowed,
    /// The besiegers are too weak (10.43).
    #[error("the attackers are too weak to besiege {location}")]
    TooWeakToBesiege { location: LocationId },
    /// A Noble cannot take part in this attack.
    #[error("{noble} cannot join this attack")]
    CannotJoinAttack { noble: NobleId },
    /// A Noble cannot go inside the place just taken (10.60).
    #[error("{noble} cannot go inside the place just taken")]
    CannotOccupy { noble: NobleId },
    /// The allied Force cannot be formed (23.10).
    #[error("that allied Force cannot be formed")]
    ForceNotAllowed,
    /// The attack has no attackers yet.
    #[error("commit at least one attacker first")]
    NoAttackers,
    /// A Royal is not controlled by this faction.
    #[error("{royal} is not yours")]
    NotYourRoyal { royal: RoyalId },
    /// The Royal cannot be crowned now (§13).
    #[error("{royal} cannot be crowned now")]
    CannotCrown { royal: RoyalId },
    /// The Royal cannot be given or moved there.
    #[error("{royal} cannot go to {noble}")]
    CannotReallocate { royal: RoyalId, noble: NobleId },
    /// Parliament cannot be summoned (§12).
    #[error("Parliament cannot be summoned now")]
    CannotSummonParliament,
    /// A Noble cannot attend Parliament (12.06).
    #[error("{noble} cannot attend Parliament")]
    CannotAttend { noble: NobleId },
    /// A Prestige Victory claim is not possible (15.04).
    #[error("a Prestige Victory cannot be claimed now")]
    CannotClaimPrestige,
    /// The step cannot end yet: something mandatory is pending.
    #[error("this step cannot end yet: {reason}")]
    MustActFirst { reason: MustAct },
    /// No Free Move card held (9.70).
    #[error("no Free Move card to spend")]
    NoFreeMove,
    /// No such captive.
    #[error("{noble} is not a captive you can act on")]
    NotACaptive { noble: NobleId },
    /// No such offer.
    #[error("there is no such offer to answer")]
    NoSuchOffer,
    /// Alliance rules (§23).
    #[error("that alliance is not allowed")]
    AllianceNotAllowed,
    /// The Noble cannot go with the King on this Embassy (8.21).
    #[error("{noble} cannot go with the King")]
    CannotAccompany { noble: NobleId },
    /// A ship cannot do that.
    #[error("ship {ship} cannot do that")]
    ShipCannot { ship: String },
    /// The card is not one that may move between Nobles this way (20.02–20.04).
    #[error("{card} cannot be transferred")]
    NotTransferable { card: CrownCardId },
    /// The two Nobles are not in the same open field or fortified place (20.05), or not
    /// both attending Parliament (12.13).
    #[error("{noble} is not in the same place")]
    NotTogether { noble: NobleId },
    /// The place is not controlled through one of your cards (20.08).
    #[error("{location} is not yours to hand over")]
    NotYourPlace { location: LocationId },
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
}

/// What must be done before a step may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MustAct {
    /// Draw the Event card first (8.01).
    DrawEventCard,
    /// Discard one Crown card (14.10).
    DiscardCrownCard,
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
            MustAct::DrawEventCard => "draw the Event card",
            MustAct::DiscardCrownCard => "discard a Crown card",
            MustAct::ResolveBothHouses => "execute or give away a Royal of one house",
            MustAct::AwardChanceryCards => "award the Chancery cards",
            MustAct::BesiegeFromShips => "besiege the port your ships' passengers landed at",
            MustAct::TakeRoyalInside => "put an attacker inside to take the Royal there",
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
}

impl std::fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SetupProblem::PlayerCount => "players must be 2 to 5",
            SetupProblem::SeatCount => "one seat per player is needed",
            SetupProblem::NoFactions => "no pre-set Factions for this player count",
            SetupProblem::TwoPlayerVariant => "the 2-player variant needs 2 players",
        })
    }
}
