//! Advice on demand: "what would a Hard player do here?" for the person's seat. The Hard
//! tier ([`crate::bots`]) chooses from the person's own view and log, exactly as a Hard bot in
//! that seat would, with a generator fixed by the game, the seat and the seq, so the same
//! question at the same point always gets the same answer and anyone can re-derive it.
//! Playing the suggestion is recorded with the command (`advised`), checked by verification
//! and counted by the challenge score. Must not change a game.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::{Bot, BotKind, Decision, Legal, LiveLegal, Meter, NormalBot, Searched};
use crate::content::Content;
use crate::rules::{Command, FactionIdx, Viewer, describe_command_for, view};

use super::bot_seat::seen;
use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::seat_view::{SeatRequest, viewer_for};

/// Mixed into the game's seed for the advice generator (apart from every bot seat's).
const ADVICE_SEED: u64 = 0xAD71_CE5E_ED00_0001;

/// The Hard player's suggestion for the person's decision now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Advice {
    /// The suggested command (one of the legal commands).
    pub command: Command,
    /// The command in words, as the person's seat sees it.
    pub described: String,
    /// Why, in one line.
    pub reason: String,
    /// The seq the advice is for (stale once the game moves on).
    #[ts(type = "number")]
    pub seq: u64,
}

impl Service {
    /// What a Hard player would do in the person's seat now. Bounded: one Hard decision.
    pub fn advice(&self, request: &SeatRequest) -> ServiceResult<Advice> {
        self.with_game(request.game, |g| {
            viewer_for(g.session, Some(request.faction))?;
            let seed = g.session.record.seed;
            let history = &g.session.history;
            let Advised {
                command, searched, ..
            } = advise(
                g.content,
                history,
                request.faction,
                seed,
                g.session.options.bots_version_played(),
            )
            .ok_or_else(|| {
                ServiceError::NotYours(format!(
                    "seat {} has no decision to make now",
                    request.faction
                ))
            })?;
            let state = history.current();
            Ok(Advice {
                described: describe_command_for(
                    g.content,
                    state,
                    request.faction,
                    &command,
                    Viewer::Faction {
                        faction: request.faction,
                    },
                ),
                reason: reason(searched.as_ref()),
                command,
                seq: history.head(),
            })
        })
    }
}

/// The Hard player's choice for `seat` at the end of `history` and what its search found, or
/// `None` when the seat has nothing to decide. The same for the same game, seat and seq.
/// A suggestion, what its search found, and what it cost in commands decided (the rows its
/// player re-read and the playouts of its search; verification counts it).
pub(super) struct Advised {
    pub command: Command,
    pub searched: Option<Searched>,
    pub work: u64,
}

pub(super) fn advise(
    content: &Content,
    history: &History,
    seat: FactionIdx,
    game_seed: u64,
    version: u32,
) -> Option<Advised> {
    advise_metered(content, history, seat, game_seed, version, None)
}

/// [`advise`], its search stopped once a check's `meter` runs out (the advice then does not
/// count).
pub(super) fn advise_metered(
    content: &Content,
    history: &History,
    seat: FactionIdx,
    game_seed: u64,
    version: u32,
    meter: Option<&Meter<'_>>,
) -> Option<Advised> {
    let state = history.current();
    if !crate::rules::awaiting(state).contains(&seat) {
        return None;
    }
    let legal = LiveLegal::new(content, state, seat);
    let seat_view = view(content, state, Viewer::Faction { faction: seat });
    let decision = Decision {
        content,
        me: seat,
        view: &seat_view,
        legal: &legal,
        budget: crate::bots::hard_samples(state.factions.len()),
        meter,
    };
    let mut bot = NormalBot::recall_tier(BotKind::Hard, seat, version, seen(history));
    let mix = game_seed ^ ADVICE_SEED ^ (u64::from(seat) << 48);
    let mut rng =
        Xoshiro256PlusPlus::seed_from_u64(mix ^ history.head().wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let command = bot.choose(&decision, &mut rng);
    let command = if legal.allows(&command) {
        command
    } else {
        legal.all().first()?.clone()
    };
    let work = 1 + history.head() + bot.work() + legal.listed().unwrap_or(0) as u64;
    Some(Advised {
        command,
        searched: bot.searched().cloned(),
        work,
    })
}

/// The one-line reason for a suggestion.
fn reason(searched: Option<&Searched>) -> String {
    let Some(s) = searched else {
        return "The clear choice here: no other sensible option was worth weighing.".to_owned();
    };
    let pct = |v: f64| (v * 100.0).round() as i64;
    // The Hard player keeps its first idea unless another beats it by more than the luck of
    // the guesses, so the chosen one may score a little below another.
    if s.chosen + 1e-9 < s.runner_up {
        format!(
            "Of {} promising choices, tried against {} guesses at the hidden cards, none did \
             clearly better than this one a few rounds on ({}% of the standing; the best \
             other, {}%, was within the luck of the guesses).",
            s.candidates,
            s.samples,
            pct(s.chosen),
            pct(s.runner_up)
        )
    } else {
        format!(
            "Of {} promising choices, tried against {} guesses at the hidden cards, this one \
             left you best placed a few rounds on ({}% of the standing, against {}% for the \
             next best).",
            s.candidates,
            s.samples,
            pct(s.chosen),
            pct(s.runner_up)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn searched(chosen: f64, runner_up: f64) -> Searched {
        Searched {
            samples: 16,
            candidates: 5,
            chosen,
            runner_up,
            index: 0,
            means: vec![chosen, runner_up],
        }
    }

    #[test]
    fn the_reason_says_best_placed_only_when_the_choice_scored_best() {
        let best = reason(Some(&searched(0.45, 0.41)));
        assert!(best.contains("left you best placed"), "{best}");
        assert!(best.contains("45%") && best.contains("41%"), "{best}");
        // Kept although another scored a little higher: never called the best.
        let kept = reason(Some(&searched(0.41, 0.45)));
        assert!(!kept.contains("best placed"), "{kept}");
        assert!(kept.contains("none did clearly better"), "{kept}");
        assert!(reason(None).contains("clear choice"));
    }
}
