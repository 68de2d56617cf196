//! [`RandomBot`]: uniform over the legal commands, with a bias to end steps and pass so games
//! finish. Owns nothing else; must not look at the view beyond the legal list.

use rand_xoshiro::Xoshiro256PlusPlus;

use crate::bots::bot::{Bot, BotKind, Decision, below, chance};
use crate::rules::Command;

/// Chance of ending the step or passing when that is allowed.
const FINISH_BIAS: f64 = 0.35;

/// The random player.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn kind(&self) -> BotKind {
        BotKind::Random
    }

    fn choose(&mut self, decision: &Decision<'_>, rng: &mut Xoshiro256PlusPlus) -> Command {
        let legal = decision.legal.all();
        let finish = legal
            .iter()
            .find(|c| matches!(c, Command::EndStep | Command::Pass));
        if let Some(finish) = finish
            && chance(rng, FINISH_BIAS)
        {
            return finish.clone();
        }
        legal
            .get(below(rng, legal.len()))
            .cloned()
            .unwrap_or(Command::EndStep)
    }
}
