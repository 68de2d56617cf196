//! The Event deck, E001–E092 (001 L300, L504-533, L613-715): every card's top half by Event
//! type and its black lower half for combat (001 L893). Data in `data/events/`, one file per
//! Event type; see `data/events/README.md` for the fields and every reconstruction decision.

mod deck;
mod known;
mod load;
mod model;
mod raw;

#[cfg(test)]
mod tests_deck;
#[cfg(test)]
mod tests_validation;

pub use deck::{EventDeck, FILES};
pub use known::{NOBLES, PLAGUE_PLACES};
pub use load::{DECK_SIZE, file_of};
pub use model::{
    Combat, CombatResult, Destination, EventCard, EventType, Ships, Summoner, Summons, TopHalf,
};
