//! [`Judgement`]: the weights behind the heuristic player's goals and attacks — what a Royal,
//! a crowning or a place is worth as a goal for the main stack, how fast a goal's worth falls
//! with its distance, what a siege is worth, and how much the risk of a Noble named KILLED
//! counts against an attack, and whether it stays in an Alliance to the end. The Normal
//! player's weights ([`NORMAL`]) are the ones it was built with; the Hard player judges by
//! [`HARD_V5`] in bots version 5 and by [`HARD`] from version 6 (its shortlist, and its own
//! seat in its playouts). Owns these numbers; must not choose commands.

/// How a goal's worth falls with its distance (in Areas, by land or sea).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Falloff {
    /// Worth ÷ (distance + 1).
    Linear,
    /// Worth ÷ √(distance + 1): far goals keep more of their worth.
    Root,
}

/// One player's weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    /// A Royal with no Noble (alone in a place or in the field), as a goal.
    pub royal_alone: u32,
    /// A Royal held by an enemy Noble, as a goal.
    pub royal_held: u32,
    /// A cathedral where my claimant could be crowned, as a goal.
    pub crown: u32,
    /// A City to besiege, as a goal.
    pub city_goal: u32,
    /// A Fortified Town or Royal Castle to besiege, as a goal.
    pub town_goal: u32,
    /// Any other fortified place to besiege, as a goal.
    pub other_goal: u32,
    /// How a goal's worth falls with its distance.
    pub falloff: Falloff,
    /// Taking a City, in an attack's reckoning.
    pub city_siege: f64,
    /// Taking a Fortified Town or Royal Castle, in an attack's reckoning.
    pub town_siege: f64,
    /// Taking any other place, in an attack's reckoning.
    pub other_siege: f64,
    /// How much the chance of my Nobles being named KILLED counts against an attack.
    pub kill_risk: f64,
    /// Whether it stays in its Alliance to the end: allies win only together (23.19), so a
    /// partner nearing its solo target brings a Shared Victory nearer. When false it leaves
    /// such a partner that leads it (23.20), as the checklist's bot policy has it.
    pub stays_allied: bool,
}

impl Judgement {
    /// A goal's score: its worth for its distance `d` (larger is better).
    pub fn goal_score(&self, value: u32, d: u8) -> u32 {
        match self.falloff {
            Falloff::Linear => value * 10 / (u32::from(d) + 1),
            // IEEE square roots are exact to the last bit, so every machine scores alike.
            Falloff::Root => (f64::from(value) * 10.0 / (f64::from(d) + 1.0).sqrt()) as u32,
        }
    }
}

/// The Normal (and Easy) player's weights, and every tier's before bots version 5.
pub const NORMAL: Judgement = Judgement {
    royal_alone: 120,
    royal_held: 70,
    crown: 90,
    city_goal: 40,
    town_goal: 18,
    other_goal: 10,
    falloff: Falloff::Linear,
    city_siege: 40.0,
    town_siege: 20.0,
    other_siege: 8.0,
    kill_risk: 1.0,
    stays_allied: false,
};

/// The Hard player's weights in bots version 5: found by self-play, one change at a time and
/// then together, as the heuristic player in one seat against Normal players (2,000 games a
/// trial, docs/bots.md): Royals worth twice as much as goals, far goals losing less of their
/// worth, lesser places worth less as goals and sieges, the risk to its Nobles counted twice.
/// Played without search, these weights alone won 40% of new four-faction games (Normal: 28%,
/// with shared wins counted for each) and 65% of two-faction games (Normal: 49%).
pub const HARD_V5: Judgement = Judgement {
    royal_alone: 240,
    royal_held: 140,
    crown: 90,
    city_goal: 40,
    town_goal: 9,
    other_goal: 10,
    falloff: Falloff::Root,
    city_siege: 40.0,
    town_siege: 10.0,
    other_siege: 2.0,
    kill_risk: 2.0,
    stays_allied: false,
};

/// The Hard player's weights from bots version 6: version 5's, and it stays in its Alliance
/// to the end instead of leaving a partner that nears its solo target (found by self-play as
/// above: played without search, 51.5% of four-faction games against version 5's 42.0%, with
/// shared wins counted for each; docs/bots.md).
pub const HARD: Judgement = Judgement {
    stays_allied: true,
    ..HARD_V5
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_normal_falloff_is_the_integer_share_it_always_was() {
        assert_eq!(NORMAL.goal_score(120, 0), 1200);
        assert_eq!(NORMAL.goal_score(70, 2), 233);
        assert_eq!(NORMAL.goal_score(18, 5), 30);
    }

    #[test]
    fn a_root_falloff_keeps_more_of_a_far_goal() {
        assert_eq!(HARD.goal_score(240, 0), 2400);
        assert_eq!(HARD.goal_score(240, 3), 1200);
        assert!(HARD.goal_score(100, 8) > NORMAL.goal_score(100, 8));
    }
}
