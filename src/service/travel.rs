//! Time travel and branching: the state at any seq (a snapshot plus a few `evolve` calls, fast
//! enough for a timeline slider), and a new game that shares a game's history up to a seq and
//! goes on from there. Must not change the original game.

use chrono::{SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::Content;
use crate::rules::{FactionIdx, State, state_hash, view};
use crate::store::{GameId, GameRecord};

use super::core::{Service, Session};
use super::error::{ServiceError, ServiceResult};
use super::play::{BotBudget, run_bots};
use super::records::Row;
use super::seat_view::{GameStatus, status, viewer_for};
use super::summary::GameSummaryRow;

/// A request for the state at a seq.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct AtSeq {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seq (0 = before the set-up).
    #[ts(type = "number")]
    pub seq: u64,
    /// Whose view to return (the public view when absent). While a game with a person goes on,
    /// only the person's seat may be asked for.
    #[serde(default)]
    pub faction: Option<FactionIdx>,
}

/// The game as it stood at a seq.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct StateAt {
    /// The seq.
    #[ts(type = "number")]
    pub seq: u64,
    /// Where the game's history ends now.
    #[ts(type = "number")]
    pub head: u64,
    /// The rules' hash of the state.
    pub state_hash: String,
    /// Round (0 during set-up).
    pub round: u32,
    /// The phase's name.
    pub phase: String,
    /// The step within the phase.
    pub step: u8,
    /// The active faction.
    pub active: FactionIdx,
    /// The view at that seq.
    #[ts(as = "crate::rules::View")]
    pub view: serde_json::Value,
}

/// A request to branch.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct BranchRequest {
    /// The game to branch from.
    #[ts(type = "number")]
    pub game: GameId,
    /// The last seq the branch shares: the end of the set-up or of a command's events.
    #[ts(type = "number")]
    pub seq: u64,
}

/// The state right after row `seq` of the request's game, refusing a seq past its history.
pub(super) fn state_at_seq(
    content: &Content,
    session: &Session,
    request: &AtSeq,
) -> ServiceResult<State> {
    let head = session.history.head();
    if request.seq > head {
        return Err(ServiceError::BadSeq(format!(
            "game {} has no seq {}: its history ends at seq {head}",
            request.game, request.seq
        )));
    }
    Ok(session.history.state_at(content, request.seq))
}

impl Service {
    /// The game as it stood right after row `seq`.
    pub fn state_at(&self, request: &AtSeq) -> ServiceResult<StateAt> {
        self.with_game(request.game, |g| {
            let (content, session) = (g.content, &*g.session);
            let viewer = viewer_for(session, request.faction)?;
            let head = session.history.head();
            let state = state_at_seq(content, session, request)?;
            Ok(StateAt {
                seq: request.seq,
                head,
                state_hash: state_hash(&state),
                round: state.clock.round,
                phase: state.clock.phase.name().to_owned(),
                step: state.clock.step,
                active: state.clock.active,
                view: serde_json::to_value(view(content, &state, viewer))?,
            })
        })
    }

    /// A new game sharing the history up to `seq`, where a person may then play differently.
    /// The bots act in it at most one call's worth; its status says whether they have more to
    /// do.
    pub fn branch(&self, request: &BranchRequest) -> ServiceResult<GameStatus> {
        let record = self.with_game(request.game, |g| {
            let session = &*g.session;
            let rows = session.history.rows();
            let boundary = request.seq > 0
                && (request.seq as usize) <= rows.len()
                && !matches!(rows.get(request.seq as usize), Some(Row::Event(_)))
                && session
                    .history
                    .stack()
                    .first()
                    .is_some_and(|setup| request.seq >= setup.end);
            if !boundary {
                return Err(ServiceError::BadSeq(format!(
                    "a branch starts after the set-up or after a command's last event; seq {} \
                     is not such a point",
                    request.seq
                )));
            }
            Ok(GameRecord {
                id: 0,
                created: Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
                parent: Some((request.game, request.seq)),
                ..session.record.clone()
            })
        })?;
        let game = self.with_db(|log| Ok(log.create_game(&record)?))?;
        self.with_game(game, |g| {
            let summary =
                GameSummaryRow::of(g.content, &g.service.content_hash, g.session).encode()?;
            let head = g.session.history.head();
            g.service
                .with_db(|log| Ok(log.put_summary(game, head, &summary)?))?;
            run_bots(g, BotBudget::CALL, None)?;
            status(g)
        })
    }
}
