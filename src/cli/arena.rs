//! `warwick arena`: the bot tiers measured against each other. Plays seat-rotated games as
//! `warwick sim` does (and prints the same fields), plus each tier's share of the games it won
//! with a 95% confidence interval (Wilson's), the share it would win by chance, and an Elo-style
//! rating per tier fitted to every game's winners and losers (Bradley–Terry, by the classic
//! minorise–maximise iteration). Owns the statistics only; the games are `sim`'s.

use crate::cli::output::out;
use std::collections::BTreeMap;

use clap::Args;

use super::CliResult;
use super::sim::{Played, SeatBot, SimArgs, play};

/// Arguments of `warwick arena` (those of `sim`).
#[derive(Debug, Args)]
pub struct ArenaArgs {
    #[command(flatten)]
    sim: SimArgs,
}

/// Runs the arena.
pub fn run(args: ArenaArgs) -> CliResult {
    let (mut summary, played) = play(&args.sim)?;
    let players = usize::from(args.sim.players);
    let shares = shares(&played, players);
    let ratings = ratings(&played);
    if let Some(object) = summary.as_object_mut() {
        object.insert("win_shares".to_owned(), serde_json::to_value(&shares)?);
        object.insert("elo".to_owned(), serde_json::to_value(&ratings)?);
    }
    if args.sim.json {
        out!("{summary}")?;
    } else {
        out!("{}", serde_json::to_string_pretty(&summary)?)?;
    }
    Ok(())
}

/// A tier's record over the games it played.
#[derive(Debug, serde::Serialize, PartialEq)]
struct Share {
    /// Games with at least one seat of the tier.
    games: u32,
    /// Of those, games a seat of the tier won.
    won: u32,
    /// Of those, games a seat of the tier won alone (no other faction sharing the victory:
    /// not a Shared Prestige Victory, 15.06, nor a joint Minor Victory, 15.08).
    won_alone: u32,
    /// won / games.
    share: f64,
    /// The 95% confidence interval of the share (Wilson).
    low: f64,
    high: f64,
    /// The share its seats would win if every seat won as often (seats of the tier / seats).
    fair: f64,
}

/// One tier's counts while the games are read.
#[derive(Default)]
struct Tally {
    games: u32,
    won: u32,
    won_alone: u32,
    /// The tier's seats / seats, summed over its games.
    fair: f64,
}

/// Each tier's share of the games it played that it won.
fn shares(played: &[Played], players: usize) -> BTreeMap<String, Share> {
    let mut out: BTreeMap<String, Tally> = BTreeMap::new();
    for game in played {
        let mut tiers: Vec<SeatBot> = game.seats.clone();
        tiers.sort();
        tiers.dedup();
        for tier in tiers {
            let seats = game.seats.iter().filter(|s| **s == tier).count();
            let tally = out.entry(tier.key()).or_default();
            tally.games += 1;
            tally.fair += seats as f64 / players.max(1) as f64;
            let won = game
                .winners
                .iter()
                .any(|w| game.seats.get(usize::from(*w)) == Some(&tier));
            tally.won += u32::from(won);
            tally.won_alone += u32::from(won && game.winners.len() == 1);
        }
    }
    out.into_iter()
        .map(|(tier, t)| {
            let (low, high) = wilson(t.won, t.games);
            let n = f64::from(t.games.max(1));
            (
                tier,
                Share {
                    games: t.games,
                    won: t.won,
                    won_alone: t.won_alone,
                    share: f64::from(t.won) / n,
                    low,
                    high,
                    fair: t.fair / n,
                },
            )
        })
        .collect()
}

/// Wilson's 95% interval for `won` successes in `games` trials.
fn wilson(won: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let n = f64::from(games);
    let p = f64::from(won) / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    )
}

/// Elo-style ratings: a Bradley–Terry strength per tier fitted to every pair (winner's tier,
/// a loser's tier of another tier) of every game, on the Elo scale with the mean at 1500. A
/// tier that never lost or never won is kept finite by a half-win against every other.
fn ratings(played: &[Played]) -> BTreeMap<String, f64> {
    let mut tiers: Vec<SeatBot> = played.iter().flat_map(|g| g.seats.clone()).collect();
    tiers.sort();
    tiers.dedup();
    let index = |t: &SeatBot| tiers.iter().position(|x| x == t).unwrap_or(0);
    let k = tiers.len();
    if k < 2 {
        return tiers.iter().map(|t| (t.key(), 1500.0)).collect();
    }
    // wins[i][j]: times tier i beat tier j.
    let mut wins = vec![vec![0.5_f64; k]; k];
    for (i, row) in wins.iter_mut().enumerate() {
        row[i] = 0.0;
    }
    for game in played {
        for winner in &game.winners {
            let Some(w) = game.seats.get(usize::from(*winner)) else {
                continue;
            };
            for (seat, loser) in game.seats.iter().enumerate() {
                let lost = !game.winners.iter().any(|x| usize::from(*x) == seat);
                if lost && loser != w {
                    wins[index(w)][index(loser)] += 1.0;
                }
            }
        }
    }
    let mut strength = vec![1.0_f64; k];
    for _ in 0..500 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let total: f64 = (0..k).filter(|j| *j != i).map(|j| wins[i][j]).sum();
            let denominator: f64 = (0..k)
                .filter(|j| *j != i)
                .map(|j| (wins[i][j] + wins[j][i]) / (strength[i] + strength[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                total / denominator
            } else {
                strength[i]
            };
        }
        let mean = next.iter().map(|s: &f64| s.ln()).sum::<f64>() / k as f64;
        strength = next.iter().map(|s| (s.ln() - mean).exp()).collect();
    }
    tiers
        .iter()
        .zip(strength)
        .map(|(t, s)| (t.key(), 1500.0 + 400.0 * s.log10()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use warwick::bots::BotKind;

    fn game(seats: &[BotKind], winners: &[u8]) -> Played {
        Played {
            seats: seats.iter().map(|k| SeatBot::current(*k)).collect(),
            winners: winners.to_vec(),
        }
    }

    #[test]
    fn shares_intervals_and_ratings_say_who_is_stronger() {
        use BotKind::{Normal, Random};
        let mut played = Vec::new();
        for i in 0..40 {
            // Normal wins 30 of 40 two-faction games.
            let winner = if i < 30 { 0 } else { 1 };
            played.push(game(&[Normal, Random], &[winner]));
        }
        let shares = shares(&played, 2);
        let normal = &shares["normal"];
        assert_eq!((normal.games, normal.won), (40, 30));
        assert!((normal.share - 0.75).abs() < 1e-9);
        assert!(normal.low < 0.75 && 0.75 < normal.high && normal.low > 0.5);
        assert!((normal.fair - 0.5).abs() < 1e-9);
        let elo = ratings(&played);
        // 30 wins to 10, with the half-win each way that keeps ratings finite: 30.5 to 10.5,
        // about 185 Elo points between the two.
        let gap = elo["normal"] - elo["random"];
        assert!((gap - 185.2).abs() < 1.0, "{elo:?}");
        let (low, high) = wilson(0, 10);
        assert_eq!(low, 0.0);
        assert!(high < 0.35);
    }

    #[test]
    fn a_shared_victory_counts_as_won_but_not_as_won_alone() {
        use BotKind::{Hard, Normal};
        let played = vec![
            game(&[Hard, Normal, Normal, Normal], &[0]),
            game(&[Hard, Normal, Normal, Normal], &[0, 2]),
            game(&[Hard, Normal, Normal, Normal], &[1, 3]),
            game(&[Hard, Normal, Normal, Normal], &[]),
        ];
        let shares = shares(&played, 4);
        let (hard, normal) = (&shares["hard"], &shares["normal"]);
        assert_eq!((hard.games, hard.won, hard.won_alone), (4, 2, 1));
        assert_eq!((normal.games, normal.won, normal.won_alone), (4, 2, 0));
    }
}
