//! Negotiation and the commands open at any time: playing and awarding cards, Royals and
//! captives (`anytime`), offers answered by the other faction (`offers`), card transfers
//! between Nobles (`transfer`), places handed over (`handover`), Offices moved at
//! Parliament (`office`) and hand cards revealed (`reveal`).

mod anytime;
mod handover;
mod offers;
mod office;
mod reveal;
mod transfer;

pub use anytime::{anytime, can_receive};
pub use offers::{answer, check_answer, spoils};
pub use office::{check_move_office, move_office};
pub use transfer::{discard_bishop, transferable};
