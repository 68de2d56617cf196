//! Negotiation and the commands open at any time: playing and awarding cards, Royals and
//! captives (`anytime`), offers answered by the other faction (`offers`), card transfers
//! between Nobles (`transfer`), places handed over (`handover`), Offices moved at
//! Parliament (`office`) and hand cards revealed (`reveal`).

mod answer;
mod anytime;
mod hand_cards;
mod handover;
mod offers;
mod office;
mod reveal;
mod transfer;

pub use answer::{answer, check_answer};
pub use anytime::anytime;
pub use hand_cards::can_receive;
pub use offers::spoils;
pub use office::{check_move_office, move_office};
pub use transfer::transferable;
