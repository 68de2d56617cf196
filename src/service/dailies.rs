//! The daily challenge as the player meets it: today's challenge and where they stand with it
//! (not played, in progress, scored), starting it (the first game started on a day's challenge
//! is its scored attempt; later ones are practice), and the daily streak. "Today" is the UTC
//! date (a test may set `WARWICK_TODAY=YYYY-MM-DD`). Must not hold rule logic.

use chrono::{NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::RULES_VERSION;
use crate::store::{GameId, StoreError};

use super::challenge::{Daily, daily, parse_date};
use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::new_game::{DailyTag, GameOptions, Mode, SeatPlayer};
use super::seat_view::GameStatus;
use super::summary::GameSummary;

/// Which day's challenge (today's, UTC, when absent).
#[derive(Clone, Debug, Default, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DailyRequest {
    /// The day, `YYYY-MM-DD`; no later than today.
    #[serde(default)]
    #[ts(optional)]
    pub date: Option<String>,
}

/// A streak of days.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Streak {
    /// Days in a row, up to today (or yesterday, while today's is still to play), on which
    /// the daily challenge was played to its end.
    pub current: u32,
    /// The longest such run.
    pub longest: u32,
}

/// A day's challenge and where the player stands with it.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct DailyStatus {
    /// The challenge.
    pub daily: Daily,
    /// Whether it is today's.
    pub today: bool,
    /// `not_played`, `in_progress` or `scored`.
    pub status: String,
    /// The scored attempt, once started.
    #[ts(type = "number | null")]
    pub game: Option<GameId>,
    /// How it ended for the player, once scored (`loss` for an attempt abandoned on an
    /// earlier day).
    pub result: Option<String>,
    /// Its score, once scored.
    pub score: Option<u32>,
    /// The daily streak.
    pub streak: Streak,
}

/// Today, UTC (or `WARWICK_TODAY` for tests).
pub fn today() -> NaiveDate {
    std::env::var("WARWICK_TODAY")
        .ok()
        .and_then(|d| parse_date(&d).ok())
        .unwrap_or_else(|| Utc::now().date_naive())
}

/// The challenge of a day under a rules version and content (with the test-only shortening
/// `WARWICK_DAILY_ROUNDS`; such games verify only where the same is set).
pub(super) fn daily_for(date: NaiveDate, rules_version: u32, content_hash: &str) -> Daily {
    let mut day = daily(date, rules_version, content_hash);
    if let Some(rounds) = std::env::var("WARWICK_DAILY_ROUNDS")
        .ok()
        .and_then(|r| r.parse::<u32>().ok())
        .filter(|r| *r >= 1)
    {
        day.rounds = rounds;
    }
    day
}

/// Why `options` (and the undo `mode`) tagged as a daily challenge are not that day's game, if
/// they are not, naming what differs: the day's mode (and with it its undo policy), seats,
/// bots, set-up, round limit and seed are all fixed by the day. The tag's `scored` is not
/// compared: which attempt came first is the player's claim, not part of the day's game.
pub(super) fn check_daily(
    options: &GameOptions,
    mode: Mode,
    rules_version: u32,
    content_hash: &str,
) -> Result<(), String> {
    let Some(tag) = &options.daily else {
        return Ok(());
    };
    let date = parse_date(&tag.date)?;
    let day = daily_for(date, rules_version, content_hash);
    let game = day.new_game();
    let mut expected = game.options().map_err(|e| e.to_string())?;
    expected.daily = Some(tag.clone());
    // The bots' version is not part of the day's game (verification judges it on its own).
    expected.bots_version = options.bots_version;
    let mut differs = Vec::new();
    if mode != game.mode {
        differs.push(format!(
            "it is played in {} mode, but a daily is played in {} mode (its undo rules)",
            mode.as_str(),
            game.mode.as_str()
        ));
    }
    if seats_words(&options.seats) != seats_words(&expected.seats) {
        differs.push(format!(
            "its seats are {}, but the day's are {}",
            seats_words(&options.seats),
            seats_words(&expected.seats)
        ));
    } else if options.seats != expected.seats {
        differs.push("its bots' seeds are not the day's".to_owned());
    }
    let (ours, theirs) = (&options.setup, &expected.setup);
    if ours.seed != theirs.seed {
        differs.push(format!(
            "its seed is {}, but the day's is {}",
            ours.seed, theirs.seed
        ));
    }
    if ours.kind != theirs.kind {
        differs.push(format!(
            "its set-up is {:?}, but the day's is {:?}",
            ours.kind, theirs.kind
        ));
    }
    if ours.time_limit_rounds != theirs.time_limit_rounds {
        differs.push(format!(
            "its round limit is {}, but the day's is {}",
            rounds_words(ours.time_limit_rounds),
            rounds_words(theirs.time_limit_rounds)
        ));
    }
    if differs.is_empty() && options != &expected {
        differs.push("its set-up differs from the day's in its details".to_owned());
    }
    if differs.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the game says it is the daily challenge of {}, but it is not that day's game: {}",
            tag.date,
            differs.join("; ")
        ))
    }
}

/// Seats in a message: `you, normal, normal`.
fn seats_words(seats: &[SeatPlayer]) -> String {
    seats
        .iter()
        .map(|s| match s {
            SeatPlayer::Human => "you".to_owned(),
            SeatPlayer::Bot { tier, .. } => tier.key().to_owned(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A round limit in a message.
fn rounds_words(rounds: Option<u32>) -> String {
    rounds.map_or("none".to_owned(), |r| r.to_string())
}

impl Service {
    /// The challenge of a day, as this Warwick derives it.
    pub fn daily_of(&self, date: NaiveDate) -> Daily {
        daily_for(date, RULES_VERSION, &self.content_hash)
    }

    /// A day's challenge and where the player stands with it.
    pub fn daily(&self, request: &DailyRequest) -> ServiceResult<DailyStatus> {
        let date = requested_date(request)?;
        let games = self.list_games()?;
        Ok(daily_status(self.daily_of(date), &games))
    }

    /// Starts a day's challenge: its scored attempt if none was started yet and the day is
    /// today, else a practice game. The bots act a bounded share, as for any new game.
    pub fn start_daily(&self, request: &DailyRequest) -> ServiceResult<GameStatus> {
        let date = requested_date(request)?;
        let day = self.daily_of(date);
        let started = self
            .list_games()?
            .iter()
            .any(|g| !g.watched && g.daily.as_ref().is_some_and(|d| d.date == day.date));
        let tagged = |scored: bool| -> ServiceResult<GameOptions> {
            let mut options = day.new_game().options()?;
            options.daily = Some(DailyTag {
                date: day.date.clone(),
                scored,
            });
            Ok(options)
        };
        // The scored attempt takes the day's row as it is stored: of any number of calls (or
        // Warwicks on one file) at once, one gets it; the others start practice.
        let game = if !started && date == today() {
            match self.create_claiming(&day.new_game(), tagged(true)?, Some(&day.date)) {
                Err(ServiceError::Store(StoreError::DailyTaken(_))) => {
                    self.create_with(&day.new_game(), tagged(false)?)?
                }
                other => other?,
            }
        } else {
            self.create_with(&day.new_game(), tagged(false)?)?
        };
        self.opened(game)
    }
}

/// The date asked for: today by default; never a day still to come.
fn requested_date(request: &DailyRequest) -> ServiceResult<NaiveDate> {
    let today = today();
    let date = match &request.date {
        Some(text) => parse_date(text).map_err(ServiceError::BadRequest)?,
        None => today,
    };
    if date > today {
        return Err(ServiceError::BadRequest(format!(
            "the challenge of {} is not out yet: today is {}",
            date.format("%Y-%m-%d"),
            today.format("%Y-%m-%d")
        )));
    }
    Ok(date)
}

/// The scored attempt of each day (the first game tagged as scored for it), oldest day first,
/// with how it ended (`None` while in progress today).
pub(super) fn scored_days(games: &[GameSummary]) -> Vec<(NaiveDate, &GameSummary)> {
    let mut days: Vec<(NaiveDate, &GameSummary)> = games
        .iter()
        .filter(|g| !g.watched)
        .filter_map(|g| {
            let tag = g.daily.as_ref().filter(|d| d.scored)?;
            Some((parse_date(&tag.date).ok()?, g))
        })
        .collect();
    days.sort_by_key(|(date, g)| (*date, g.game));
    days.dedup_by_key(|(date, _)| *date);
    days
}

/// How a scored attempt counts: its result once ended; a loss if abandoned on an earlier day;
/// `None` while today's is in progress.
pub(super) fn counted(date: NaiveDate, game: &GameSummary) -> Option<String> {
    match &game.result {
        Some(result) => Some(result.clone()),
        None if date < today() => Some("loss".to_owned()),
        None => None,
    }
}

/// The daily streak over the scored attempts.
pub(super) fn streak(games: &[GameSummary]) -> Streak {
    let played: Vec<NaiveDate> = scored_days(games)
        .into_iter()
        .filter(|(date, g)| g.ended || *date < today())
        .map(|(date, _)| date)
        .collect();
    let mut longest = 0;
    let mut run = 0;
    let mut last: Option<NaiveDate> = None;
    for date in &played {
        run = match last {
            Some(prev) if prev.succ_opt() == Some(*date) => run + 1,
            _ => 1,
        };
        longest = longest.max(run);
        last = Some(*date);
    }
    let today = today();
    let current = match last {
        Some(day) if day == today || day.succ_opt() == Some(today) => run,
        _ => 0,
    };
    Streak { current, longest }
}

fn daily_status(day: Daily, games: &[GameSummary]) -> DailyStatus {
    let date = parse_date(&day.date).unwrap_or_else(|_| today());
    let attempt = scored_days(games).into_iter().find(|(d, _)| *d == date);
    let (status, game, result, score) = match attempt {
        None => ("not_played", None, None, None),
        Some((date, g)) => match counted(date, g) {
            None => ("in_progress", Some(g.game), None, None),
            Some(result) => ("scored", Some(g.game), Some(result), g.score),
        },
    };
    DailyStatus {
        today: date == today(),
        daily: day,
        status: status.to_owned(),
        game,
        result,
        score,
        streak: streak(games),
    }
}
