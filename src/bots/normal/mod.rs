//! The Normal tier: a heuristic Kingmaker II player. This file only declares and re-exports.

mod cards;
mod choices;
mod combat;
mod forces;
mod judgement;
mod movement;
mod negotiation;
mod passage;
mod player;
mod politics;
mod road_memo;
mod sea;
mod seat;
mod trading;

pub use player::{NormalBot, NormalRecall, NormalTables};
