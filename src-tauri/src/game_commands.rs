//! The app's commands for playing a game in the UI, one per service call the UI makes (see
//! `ui/src/api.ts`), each taking its JSON request as `request`.

use std::collections::BTreeMap;

use tauri::State;
use warwick::service::{
    AtSeq, BranchRequest, GameRequest, GameStatus, GameSummary, LegalCommands, NewGame,
    NobleStrength, SeatRequest, Service, ServiceError, StateAt, StepRequest, Submit, Submitted,
    Timeline, UndoRequest,
};

/// Every stored game, newest first.
#[tauri::command]
pub fn list_games(service: State<'_, Service>) -> Result<Vec<GameSummary>, ServiceError> {
    service.list_games()
}

/// Creates a game without letting the bots act yet.
#[tauri::command]
pub fn create_game_paused(
    service: State<'_, Service>,
    request: NewGame,
) -> Result<GameStatus, ServiceError> {
    service.create_game_paused(&request)
}

/// Where a game stands.
#[tauri::command]
pub fn status(
    service: State<'_, Service>,
    request: GameRequest,
) -> Result<GameStatus, ServiceError> {
    service.status(request.game)
}

/// What a seat may do now.
#[tauri::command]
pub fn legal(
    service: State<'_, Service>,
    request: SeatRequest,
) -> Result<LegalCommands, ServiceError> {
    service.legal(&request)
}

/// A person's command, without the bots acting after it.
#[tauri::command]
pub fn act(service: State<'_, Service>, request: Submit) -> Result<Submitted, ServiceError> {
    service.act(&request)
}

/// One command of the awaited bot.
#[tauri::command]
pub fn bot_step(
    service: State<'_, Service>,
    request: StepRequest,
) -> Result<Submitted, ServiceError> {
    service.bot_step(&request)
}

/// A seat's view at any seq.
#[tauri::command]
pub fn state_at(service: State<'_, Service>, request: AtSeq) -> Result<StateAt, ServiceError> {
    service.state_at(&request)
}

/// Every Noble's troop strength at a seq.
#[tauri::command]
pub fn strengths(
    service: State<'_, Service>,
    request: AtSeq,
) -> Result<BTreeMap<String, NobleStrength>, ServiceError> {
    service.strengths(&request)
}

/// Rounds → turns → phases → events.
#[tauri::command]
pub fn timeline(
    service: State<'_, Service>,
    request: GameRequest,
) -> Result<Timeline, ServiceError> {
    service.timeline(request.game)
}

/// Undoes the player's last decision still in force.
#[tauri::command]
pub fn undo(service: State<'_, Service>, request: UndoRequest) -> Result<GameStatus, ServiceError> {
    service.undo(&request)
}

/// A new game continuing from a seq of this one.
#[tauri::command]
pub fn branch(
    service: State<'_, Service>,
    request: BranchRequest,
) -> Result<GameStatus, ServiceError> {
    service.branch(&request)
}
