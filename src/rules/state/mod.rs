//! The game state: pieces, cards, decks, the clock and the pending decisions.

mod clock;
mod game;
mod outcome;
mod pending;
mod pieces;
mod queries;
mod shared;

pub use clock::{Clock, Phase};
pub use game::{Captive, CardMove, FactionState, KingsPeace, LeadingNames, PrestigeClaim, State};
pub use outcome::{Outcome, VictoryKind};
pub use pending::{
    AlliedForce, Attack, AttackTarget, Companions, Offer, OfferTerms, Pending, StormPort, TieBreak,
    TieCause, Window, WindowKind,
};
pub use pieces::{
    ControlSource, Controller, NobleState, Place, RoyalPlace, RoyalState, ShipPlace, ShipState,
    Underway,
};
pub use shared::Shared;
