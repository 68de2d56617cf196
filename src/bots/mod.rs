//! Bot factions: computer players for every seat.
//!
//! Owns the `Bot` trait and its players. A bot sees only the view a person in its seat would
//! see, chooses among the legal commands the rules list, and is deterministic given its seed.
//! Must not read hidden information, the store, or any clock.
