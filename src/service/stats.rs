//! The player's history: every finished game they played, counted by how it ended, by the
//! faction they led and by the bots they faced; their best and latest scores; and the daily
//! challenge's streak and the spread of its results. Read from the saved games' summaries,
//! never by replaying games. Must not change anything.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::store::GameId;

use super::core::Service;
use super::dailies::{Streak, counted, scored_days, streak};
use super::error::ServiceResult;
use super::new_game::DailyTag;
use super::summary::GameSummary;

/// Games played and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Record {
    /// Finished games.
    pub played: u32,
    /// Of those, won (any victory).
    pub won: u32,
}

/// One finished game, as the history lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PlayedGame {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// When it was started.
    pub created: String,
    /// How it ended for the person (`royalty` … `loss`).
    pub result: String,
    /// Its score.
    pub score: u32,
    /// The round it ended in.
    pub round: u32,
    /// The faction the person led.
    pub faction: String,
    /// The bots faced, in words.
    pub lineup: String,
    /// The daily challenge it was, if any.
    pub daily: Option<DailyTag>,
}

/// The player's history.
#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Stats {
    /// Finished games with a person, and how many were won.
    pub games: Record,
    /// Finished games by how they ended for the person (`royalty` … `loss`).
    pub by_result: BTreeMap<String, u32>,
    /// By the faction the person led.
    pub by_faction: BTreeMap<String, Record>,
    /// By the bots faced.
    pub by_lineup: BTreeMap<String, Record>,
    /// The best scores, best first (at most ten).
    pub best: Vec<PlayedGame>,
    /// The latest finished games, latest first (at most twenty).
    pub recent: Vec<PlayedGame>,
    /// The daily challenge's streak.
    pub streak: Streak,
    /// The days' scored attempts by how they ended (an abandoned one counts as a loss).
    pub daily_results: BTreeMap<String, u32>,
    /// Days whose challenge was played.
    pub days_played: u32,
}

impl Service {
    /// The player's history and stats.
    pub fn stats(&self) -> ServiceResult<Stats> {
        let games = self.list_games()?;
        Ok(stats_of(&games))
    }
}

fn stats_of(games: &[GameSummary]) -> Stats {
    let mut stats = Stats::default();
    let mut played: Vec<PlayedGame> = games
        .iter()
        .filter(|g| !g.watched)
        .filter_map(|g| {
            Some(PlayedGame {
                game: g.game,
                created: g.created.clone(),
                result: g.result.clone()?,
                score: g.score?,
                round: g.round,
                faction: g.faction.clone().unwrap_or_default(),
                lineup: g.lineup.clone(),
                daily: g.daily.clone(),
            })
        })
        .collect();
    for game in &played {
        let won = u32::from(game.result != "loss");
        let count = |record: &mut Record| {
            record.played += 1;
            record.won += won;
        };
        count(&mut stats.games);
        count(stats.by_faction.entry(game.faction.clone()).or_default());
        count(stats.by_lineup.entry(game.lineup.clone()).or_default());
        *stats.by_result.entry(game.result.clone()).or_default() += 1;
    }
    played.sort_by_key(|g| std::cmp::Reverse(g.game));
    stats.recent = played.iter().take(20).cloned().collect();
    played.sort_by(|a, b| b.score.cmp(&a.score).then(b.game.cmp(&a.game)));
    stats.best = played.into_iter().take(10).collect();
    for (date, game) in scored_days(games) {
        if let Some(result) = counted(date, game) {
            *stats.daily_results.entry(result).or_default() += 1;
            stats.days_played += 1;
        }
    }
    stats.streak = streak(games);
    stats
}
