//! The bots' version: which bots a game was played by.
//!
//! Verification re-derives every bot command (and every suggestion taken) by running the bots
//! again, so a stored game can only be re-checked by bots that choose as the ones that played
//! it. Bump [`BOTS_VERSION`] whenever a change to any bot tier (Random, Easy, Normal, Hard, the
//! advice, or the budget they are given) could change a single choice, and keep the older
//! choices behind the game's version where that is cheap, so older games still re-check (see
//! [`bots_version_rederived`]); verification says plainly when an older game's bots cannot be
//! re-checked, instead of calling its bot moves forged.

/// The version of this Warwick's bots, recorded with every new game. 2: the Hard player
/// searches four ideas and the step's finish, 16 samples each. 3: in two-faction games it draws
/// 32 samples, weighs finishing the step even where the Normal player does not list it, and
/// weighs attacks the Normal player would not make in the Combat Phase. 4: the heuristic
/// players use the any-time freedom in other factions' turns too: before an Event is applied
/// (8.02, 19.18) they bring Noble cards into play and award cards from hand as they would in
/// their own Movement Phase (none to a Noble the drawn Plague strikes, no Mercenary it sends
/// home). 5: the Hard player judges goals and attacks by weights of its own, found by
/// self-play (Royals worth more, far goals losing less, lesser places less, the risk to its
/// Nobles counted twice), in its shortlist and for its own seat in its playouts. 6: the Hard
/// player stays in its Alliance to the end (allies win only together, 23.19) instead of
/// leaving a partner that nears its solo target.
pub const BOTS_VERSION: u32 = 6;

/// The oldest bots' version whose choices these bots still make: a game recorded with any
/// version from this one to [`BOTS_VERSION`] is played on, and re-checked, by the bots of its
/// own version.
pub const FIRST_REDERIVED_BOTS_VERSION: u32 = 3;

/// Whether these bots make the choices of the bots of `version` (so a game of theirs can be
/// played on and its bot commands re-derived here).
pub fn bots_version_rederived(version: u32) -> bool {
    (FIRST_REDERIVED_BOTS_VERSION..=BOTS_VERSION).contains(&version)
}

/// The first version whose heuristic players act before another faction's Event.
pub(crate) const ANY_TIME_VERSION: u32 = 4;

/// The first version whose Hard player judges by weights of its own.
pub(crate) const HARD_JUDGEMENT_VERSION: u32 = 5;

/// The first version whose Hard player stays in its Alliance to the end.
pub(crate) const LOYAL_ALLY_VERSION: u32 = 6;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_versions_rederived_are_the_current_and_the_ones_before_down_to_3() {
        assert!(bots_version_rederived(BOTS_VERSION));
        assert!(bots_version_rederived(5));
        assert!(bots_version_rederived(4));
        assert!(bots_version_rederived(3));
        assert!(!bots_version_rederived(2));
        assert!(!bots_version_rederived(BOTS_VERSION + 1));
    }
}
