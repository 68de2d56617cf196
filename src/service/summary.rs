//! The saved games list: a summary of where each game stands (round, who is awaited, whether
//! it has ended), stored beside its rows in the same transaction, so listing a thousand games
//! reads a row per game and replays none. A game whose summary is missing or behind its history
//! (one stored before summaries existed) is listed from what its record alone says. Must not
//! replay games or hold rule logic.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::Content;
use crate::rules::{FactionIdx, awaiting, outcome};
use crate::store::{GameId, Listed};

use super::challenge::{lineup_words, score_of};
use super::core::{Service, Session};
use super::error::ServiceResult;
use super::new_game::{DailyTag, Mode, SeatPlayer};

/// What is stored of where a game stands (and who plays it, so listing needs nothing else).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct GameSummaryRow {
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The round it is in.
    pub round: u32,
    /// The seats that may act now.
    pub awaiting: Vec<FactionIdx>,
    /// Whether it has ended.
    pub ended: bool,
    /// For a daily challenge: its day and whether it is the scored attempt.
    #[serde(default)]
    pub daily: Option<DailyTag>,
    /// The name of the person's faction, if a person plays.
    #[serde(default)]
    pub faction: Option<String>,
    /// The bot line-up in words.
    #[serde(default)]
    pub lineup: String,
    /// Once ended with a person: how it ended for them (`royalty` … `loss`).
    #[serde(default)]
    pub result: Option<String>,
    /// Once ended with a person: the score.
    #[serde(default)]
    pub score: Option<u32>,
    /// Once ended with a person: its replay code (worked out once, when it ends).
    #[serde(default)]
    pub code: Option<String>,
    /// Someone else's game kept to be watched (see [`Session::watched`]).
    #[serde(default)]
    pub watched: bool,
}

impl GameSummaryRow {
    /// The summary of a loaded game.
    pub fn of(content: &Content, content_hash: &str, session: &Session) -> GameSummaryRow {
        let state = session.history.current();
        let options = &session.options;
        let score = score_of(&session.history, options);
        let bots: Vec<_> = (0..options.seats.len())
            .filter_map(|seat| options.bot_tier(u8::try_from(seat).ok()?))
            .map(|(tier, _)| tier)
            .collect();
        GameSummaryRow {
            seats: options.seats.clone(),
            round: state.clock.round,
            awaiting: awaiting(state),
            ended: outcome(state).is_some(),
            daily: options.daily.clone(),
            faction: session
                .person()
                .filter(|p| state.factions.get(usize::from(*p)).is_some())
                .map(|p| crate::rules::faction_name(content, state, p)),
            lineup: lineup_words(&bots),
            result: score.as_ref().map(|s| s.result.clone()),
            score: score.as_ref().map(|s| s.total),
            code: score.and_then(|_| {
                super::code_writing::encode(
                    content,
                    content_hash,
                    session,
                    None,
                    super::challenge::Layout::Compact,
                )
                .ok()
            }),
            watched: session.watched,
        }
    }

    /// As stored.
    pub fn encode(&self) -> ServiceResult<String> {
        Ok(serde_json::to_string(self)?)
    }
}

/// A stored game, for the list of saved games.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct GameSummary {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// When it was created (RFC 3339).
    pub created: String,
    /// Its undo policy.
    pub mode: Mode,
    /// Who plays each seat.
    pub seats: Vec<SeatPlayer>,
    /// The game's seed.
    #[ts(type = "number")]
    pub seed: u64,
    /// The game and seq it was branched from.
    #[ts(type = "[number, number] | null")]
    pub parent: Option<(GameId, u64)>,
    /// The seq its history ends at.
    #[ts(type = "number")]
    pub head: u64,
    /// The round it is in.
    pub round: u32,
    /// The seats that may act now.
    pub awaiting: Vec<FactionIdx>,
    /// Whether it has ended.
    pub ended: bool,
    /// Whether this Warwick can open it (false for a game stored by an earlier version, or
    /// one whose record is unreadable).
    pub playable: bool,
    /// For a daily challenge: its day and whether it is the scored attempt.
    pub daily: Option<DailyTag>,
    /// The name of the person's faction, if a person plays.
    pub faction: Option<String>,
    /// The bot line-up in words.
    pub lineup: String,
    /// Once ended with a person: how it ended for them (`royalty`, `prestige`,
    /// `shared_prestige`, `minor_prestige` or `loss`).
    pub result: Option<String>,
    /// Once ended with a person: the score.
    pub score: Option<u32>,
    /// Once ended with a person: its replay code.
    pub code: Option<String>,
    /// Someone else's game kept to be watched (opened from a replay code or a log file): it
    /// counts for neither the daily challenge nor the player's history.
    pub watched: bool,
    /// What is wrong with a game found damaged (its rows do not hold): it cannot be opened.
    pub damaged: Option<String>,
    /// Whether the player has archived it (out of the list, kept whole and in the history).
    pub archived: bool,
    /// Why it cannot be deleted, if it cannot (a day's scored attempt, a game a branch
    /// continues): it may still be archived.
    pub kept: Option<String>,
}

impl Service {
    /// Every stored game, newest first, from the stored summaries (no game is replayed).
    pub fn list_games(&self) -> ServiceResult<Vec<GameSummary>> {
        let listed = self.with_db(|log| Ok(log.list()?))?;
        let damaged = super::core::lock(&self.damaged)?.clone();
        Ok(listed
            .into_iter()
            .map(|l| {
                let reason = damaged.get(&l.id).cloned();
                let mut game = summarize(l);
                if reason.is_some() {
                    game.playable = false;
                    game.damaged = reason;
                }
                game
            })
            .collect())
    }
}

fn summarize(listed: Listed) -> GameSummary {
    let stored = listed
        .summary
        .filter(|s| s.head == listed.head)
        .and_then(|s| serde_json::from_str::<GameSummaryRow>(&s.summary).ok());
    let mode = Mode::parse(&listed.mode);
    let playable = mode.is_some() && stored.is_some();
    let stored = stored.unwrap_or(GameSummaryRow {
        seats: Vec::new(),
        round: 0,
        awaiting: Vec::new(),
        ended: false,
        daily: None,
        faction: None,
        lineup: String::new(),
        result: None,
        score: None,
        code: None,
        watched: false,
    });
    GameSummary {
        game: listed.id,
        created: listed.created,
        mode: mode.unwrap_or(Mode::Casual),
        seats: stored.seats,
        seed: listed.seed,
        parent: listed.parent,
        head: listed.head,
        round: stored.round,
        awaiting: stored.awaiting,
        ended: stored.ended,
        playable,
        // A game tagged as its day's scored attempt is one only if it holds the day's row
        // (one brought in from a history file after the day's own attempt is practice here).
        daily: stored.daily.map(|mut tag| {
            if !stored.watched {
                tag.scored &= listed.daily_slot;
            }
            tag
        }),
        faction: stored.faction,
        lineup: stored.lineup,
        result: stored.result,
        score: stored.score,
        code: stored.code,
        watched: stored.watched,
        damaged: None,
        archived: listed.archived,
        kept: crate::store::kept_reason(listed.daily_slot, listed.branched),
    }
}
