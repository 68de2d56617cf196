//! The Solo Challenge score: one number per finished game, explained line by line. A win
//! counts by its kind (Royalty over Prestige over Shared Prestige over Minor), a loss for a
//! little by the Prestige reached; a win counts more the earlier it came; each undo costs a
//! little (capped, so a win never falls to a loss's level); and the whole is multiplied by the
//! line-up's difficulty (more bot factions, stronger tiers). See `docs/solo-challenge.md`.
//! Must not read the store or the clock: the score follows from the game alone.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::BotKind;
use crate::rules::{FactionIdx, Outcome, VictoryKind};

/// What the score is worked out from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreInput {
    /// How the game ended.
    pub outcome: Outcome,
    /// The person's seat.
    pub person: FactionIdx,
    /// The round the game ended in.
    pub round: u32,
    /// Undos the person made.
    pub undos: u32,
    /// Suggestions of the Hard player the person played (advice taken).
    pub hints: u32,
    /// The tiers of the bot factions.
    pub bots: Vec<BotKind>,
    /// The person's Prestige at the end.
    pub prestige: u32,
}

/// One line of the explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ScoreLine {
    /// What it is for, in words.
    pub label: String,
    /// Its effect, in words (`+5000`, `−75`, `×1.80`).
    pub effect: String,
}

/// A finished game's score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Score {
    /// The score.
    pub total: u32,
    /// How the person's game ended for them: `royalty`, `prestige`, `shared_prestige`,
    /// `minor_prestige` (won) or `loss`.
    pub result: String,
    /// The line-by-line explanation, in order.
    pub lines: Vec<ScoreLine>,
}

/// Points for each way of winning.
const ROYALTY: u32 = 5000;
const PRESTIGE: u32 = 4000;
const SHARED: u32 = 3000;
const MINOR: u32 = 2000;
/// A loss: a floor, and a little for each point of Prestige reached (capped).
const LOSS_FLOOR: u32 = 100;
const LOSS_PER_PRESTIGE: u32 = 10;
const LOSS_CAP: u32 = 800;
/// The earlier bonus: this many points less the round the game ended in (never below 100).
const SPEED: u32 = 600;
const LAST_FAST_ROUND: u32 = 500;
/// Each undo costs this much, at most `UNDO_CAP` in all (a loss never below its floor).
const UNDO: u32 = 25;
const UNDO_CAP: u32 = 900;
/// Each suggestion taken costs this much, at most `HINT_CAP` in all (a loss never below its
/// floor).
const HINT: u32 = 50;
const HINT_CAP: u32 = 1000;

/// The line-up's multiplier in hundredths: 1 plus a weight per bot faction by tier.
pub fn difficulty(bots: &[BotKind]) -> u32 {
    100 + bots
        .iter()
        .map(|tier| match tier {
            BotKind::Random => 15,
            BotKind::Easy => 25,
            BotKind::Normal => 40,
            BotKind::Hard => 60,
        })
        .sum::<u32>()
}

/// How the game ended for the person.
pub fn result(outcome: &Outcome, person: FactionIdx) -> &'static str {
    if !outcome.winners.contains(&person) {
        return "loss";
    }
    match outcome.kind {
        VictoryKind::Royalty => "royalty",
        VictoryKind::Prestige => "prestige",
        VictoryKind::SharedPrestige => "shared_prestige",
        VictoryKind::MinorPrestige => "minor_prestige",
        VictoryKind::AllLose | VictoryKind::Resigned => "loss",
    }
}

/// The score of a finished game.
pub fn score(input: &ScoreInput) -> Score {
    let result = result(&input.outcome, input.person);
    let mut lines = Vec::new();
    let line = |label: String, effect: String| ScoreLine { label, effect };
    let raw = match result {
        "loss" => {
            let reached = (input.prestige * LOSS_PER_PRESTIGE).min(LOSS_CAP - LOSS_FLOOR);
            lines.push(line("A loss".to_owned(), format!("+{LOSS_FLOOR}")));
            lines.push(line(
                format!("{} Prestige reached", input.prestige),
                format!("+{reached}"),
            ));
            let base = LOSS_FLOOR + reached;
            let undone = deduct(&mut lines, input.undos, UNDO, base - LOSS_FLOOR, UNDO_WORDS);
            let hinted = deduct(
                &mut lines,
                input.hints,
                HINT,
                base - LOSS_FLOOR - undone,
                HINT_WORDS,
            );
            base - undone - hinted
        }
        won => {
            let (base, words) = match won {
                "royalty" => (ROYALTY, "A Royalty Victory"),
                "prestige" => (PRESTIGE, "A Prestige Victory"),
                "shared_prestige" => (SHARED, "A Shared Prestige Victory"),
                _ => (MINOR, "A Minor Prestige Victory"),
            };
            lines.push(line(words.to_owned(), format!("+{base}")));
            let speed = SPEED - input.round.min(LAST_FAST_ROUND);
            lines.push(line(
                format!("Won in round {}", input.round),
                format!("+{speed}"),
            ));
            let undone = deduct(&mut lines, input.undos, UNDO, UNDO_CAP, UNDO_WORDS);
            let hinted = deduct(&mut lines, input.hints, HINT, HINT_CAP, HINT_WORDS);
            base + speed - undone - hinted
        }
    };
    let factor = difficulty(&input.bots);
    lines.push(line(
        lineup_words(&input.bots),
        format!("\u{d7}{}.{:02}", factor / 100, factor % 100),
    ));
    let total = raw * factor / 100;
    Score {
        total,
        result: result.to_owned(),
        lines,
    }
}

/// How an undo and a suggestion taken are named, one and many.
const UNDO_WORDS: (&str, &str) = ("undo", "undos");
const HINT_WORDS: (&str, &str) = ("suggestion taken", "suggestions taken");

/// A cost per item (undos, suggestions taken): `count × each`, at most `cap`, explained by a
/// line when there is any.
fn deduct(
    lines: &mut Vec<ScoreLine>,
    count: u32,
    each: u32,
    cap: u32,
    (one, many): (&str, &str),
) -> u32 {
    let cost = (count * each).min(cap);
    if count > 0 {
        let label = if count == 1 {
            format!("1 {one}")
        } else {
            format!("{count} {many}")
        };
        lines.push(ScoreLine {
            label,
            effect: format!("\u{2212}{cost}"),
        });
    }
    cost
}

/// The line-up in words: `2 Normal bots and 1 Random bot`.
pub fn lineup_words(bots: &[BotKind]) -> String {
    let count = |tier: BotKind| bots.iter().filter(|b| **b == tier).count();
    let mut parts = Vec::new();
    for (tier, name) in [
        (BotKind::Hard, "Hard"),
        (BotKind::Normal, "Normal"),
        (BotKind::Easy, "Easy"),
        (BotKind::Random, "Random"),
    ] {
        match count(tier) {
            0 => {}
            1 => parts.push(format!("1 {name} bot")),
            n => parts.push(format!("{n} {name} bots")),
        }
    }
    format!("Against {}", parts.join(" and "))
}

/// The score of a game as it stands: `None` until it has ended, and for a game of bots only.
pub(in crate::service) fn score_of(
    history: &crate::service::history::History,
    options: &crate::service::new_game::GameOptions,
) -> Option<Score> {
    let state = history.current();
    let outcome = state.outcome.clone()?;
    let person = options.humans().first().copied()?;
    let undos = history
        .rows()
        .iter()
        .filter(|r| matches!(r, crate::service::records::Row::Undone(_)))
        .count();
    let hints = history
        .rows()
        .iter()
        .filter(|r| matches!(r, crate::service::records::Row::Command(c) if c.advised))
        .count();
    let bots = (0..options.seats.len())
        .filter_map(|seat| options.bot_tier(u8::try_from(seat).ok()?))
        .map(|(tier, _)| tier)
        .collect();
    Some(score(&ScoreInput {
        outcome,
        person,
        round: state.clock.round,
        undos: u32::try_from(undos).unwrap_or(u32::MAX),
        hints: u32::try_from(hints).unwrap_or(u32::MAX),
        bots,
        prestige: state
            .factions
            .get(usize::from(person))
            .map_or(0, |f| f.prestige),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(kind: VictoryKind, won: bool, round: u32, undos: u32, bots: Vec<BotKind>) -> u32 {
        score(&ScoreInput {
            outcome: Outcome {
                kind,
                winners: if won { vec![0] } else { vec![1] },
            },
            person: 0,
            round,
            undos,
            hints: 0,
            bots,
            prestige: 12,
        })
        .total
    }

    /// Seeded sweep of every other factor, so each ordering is checked with the rest fixed.
    fn others() -> Vec<(u32, u32, Vec<BotKind>)> {
        let lineups = [
            vec![BotKind::Random],
            vec![BotKind::Normal],
            vec![BotKind::Normal, BotKind::Random],
            vec![BotKind::Normal; 4],
        ];
        let mut out = Vec::new();
        for round in [1, 2, 9, 30, 120, 499, 500] {
            for undos in [0, 1, 7, 36, 37, 500] {
                for lineup in &lineups {
                    out.push((round, undos, lineup.clone()));
                }
            }
        }
        out
    }

    #[test]
    fn each_way_of_winning_beats_the_next_and_every_win_beats_a_loss() {
        use VictoryKind::*;
        for (round, undos, bots) in others() {
            let scores = [
                game(Royalty, true, round, undos, bots.clone()),
                game(Prestige, true, round, undos, bots.clone()),
                game(SharedPrestige, true, round, undos, bots.clone()),
                game(MinorPrestige, true, round, undos, bots.clone()),
                game(Royalty, false, round, undos, bots.clone()),
                game(AllLose, false, round, undos, bots.clone()),
            ];
            assert!(
                scores[..5].windows(2).all(|w| w[0] > w[1]),
                "round {round}, {undos} undos, {bots:?}: {scores:?}"
            );
            assert_eq!(scores[4], scores[5], "every loss counts alike");
        }
    }

    #[test]
    fn an_earlier_win_scores_more() {
        for kind in [
            VictoryKind::Royalty,
            VictoryKind::Prestige,
            VictoryKind::SharedPrestige,
            VictoryKind::MinorPrestige,
        ] {
            for (_, undos, bots) in others() {
                for round in 1..LAST_FAST_ROUND {
                    assert!(
                        game(kind, true, round, undos, bots.clone())
                            > game(kind, true, round + 1, undos, bots.clone())
                    );
                }
            }
        }
    }

    #[test]
    fn fewer_undos_score_at_least_as_much() {
        for kind in [VictoryKind::Royalty, VictoryKind::MinorPrestige] {
            for won in [true, false] {
                for (round, _, bots) in others() {
                    for undos in 0..60 {
                        assert!(
                            game(kind, won, round, undos, bots.clone())
                                >= game(kind, won, round, undos + 1, bots.clone())
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn harder_line_ups_score_more() {
        for kind in [VictoryKind::Prestige, VictoryKind::MinorPrestige] {
            for won in [true, false] {
                for (round, undos, bots) in others() {
                    let here = game(kind, won, round, undos, bots.clone());
                    if bots.len() < 4 {
                        let mut more = bots.clone();
                        more.push(BotKind::Random);
                        assert!(game(kind, won, round, undos, more) > here, "one more bot");
                    }
                    if let Some(i) = bots.iter().position(|b| *b == BotKind::Random) {
                        let mut stronger = bots.clone();
                        stronger[i] = BotKind::Normal;
                        assert!(
                            game(kind, won, round, undos, stronger) > here,
                            "a stronger bot"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_lines_explain_the_total() {
        let s = score(&ScoreInput {
            outcome: Outcome {
                kind: VictoryKind::Prestige,
                winners: vec![0],
            },
            person: 0,
            round: 9,
            undos: 2,
            hints: 3,
            bots: vec![BotKind::Normal, BotKind::Normal],
            prestige: 30,
        });
        let words: Vec<_> = s
            .lines
            .iter()
            .map(|l| format!("{}: {}", l.label, l.effect))
            .collect();
        assert_eq!(
            words,
            [
                "A Prestige Victory: +4000",
                "Won in round 9: +591",
                "2 undos: \u{2212}50",
                "3 suggestions taken: \u{2212}150",
                "Against 2 Normal bots: \u{d7}1.80"
            ]
        );
        assert_eq!(s.total, (4000 + 591 - 50 - 150) * 180 / 100);
        assert_eq!(s.result, "prestige");
    }
}
