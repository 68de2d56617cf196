//! The Kingmaker II rules engine: pure and deterministic.
//!
//! Owns all rule logic: `decide(state, command) -> Result<Vec<Event>, RuleError>` judges a
//! command and records its outcome as events; `evolve(state, event)` applies an event and holds
//! no rule logic; `legal_commands` and `view` answer what a faction may do and know.
//!
//! Must not do IO, read a clock, spawn threads, use a global RNG, or let `HashMap` iteration
//! order reach a result. Randomness comes from a `rand_xoshiro` generator seeded per game whose
//! state lives in the game state; events record every outcome so replay never needs it.

mod version;

pub use version::RULES_VERSION;
