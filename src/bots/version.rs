//! The bots' version: which bots a game was played by.
//!
//! Verification re-derives every bot command (and every suggestion taken) by running the bots
//! again, so a stored game can only be re-checked by the very bots that played it. Bump
//! [`BOTS_VERSION`] whenever a change to any bot tier (Random, Easy, Normal, Hard, the advice,
//! or the budget they are given) could change a single choice; verification then says plainly
//! that an older game's bots cannot be re-checked, instead of calling its bot moves forged.

/// The version of this Warwick's bots, recorded with every new game. 2: the Hard player
/// searches four ideas and the step's finish, 16 samples each. 3: in two-faction games it draws
/// 32 samples, weighs finishing the step even where the Normal player does not list it, and
/// weighs attacks the Normal player would not make in the Combat Phase.
pub const BOTS_VERSION: u32 = 3;
