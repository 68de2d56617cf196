//! Warwick: Kingmaker II for one player.
//!
//! The crate is the whole core of the game, free of any GUI toolkit:
//! - [`content`]: the game data (map, cards, tables) parsed and validated from `data/`;
//! - [`help`]: the rules reference in our own words, and the rule behind every refusal and step;
//! - [`rules`]: the pure rules engine (`decide` / `evolve`), no IO, clock, threads or global RNG;
//! - [`store`]: the append-only SQLite event log;
//! - [`bots`]: computer players that see only what a person in their seat would see;
//! - [`service`]: the application API used by the Tauri app, the CLI and the web adapter;
//! - [`web`]: the local HTTP adapter behind `warwick serve`.
//!
//! Dependency direction: `web` and the app → `service` → `store`, `bots` → `rules` → `content`.

pub mod bots;
pub mod content;
pub mod help;
pub mod rules;
pub mod service;
pub mod store;
pub mod web;
