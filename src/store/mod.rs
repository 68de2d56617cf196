//! The SQLite event log: the single source of truth for every game.
//!
//! Owns the schema (append-only migrations tracked with `user_version`), appending events in one
//! transaction per command, reading them back, and verifying the hash chain. Events are never
//! updated or deleted. Must not hold rule logic: it stores what the rules engine decided.
