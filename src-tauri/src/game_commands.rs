//! The app's commands for playing a game in the UI, one per service call the UI makes (see
//! `ui/src/api.ts`), each taking its JSON request as `request`. Each runs on a blocking worker
//! thread, never on the window's main thread, so a long call cannot freeze the window.

use std::collections::BTreeMap;
use std::sync::Arc;

use tauri::State;
use warwick::service::{
    Advice, AnalysisRequest, AtSeq, BranchRequest, GameRequest, GameStatus, GameSummary,
    LegalCommands, NewGame, NobleStrength, RoundChances, SeatRequest, Service, ServiceError,
    StateAt, StepRequest, Submit, Submitted, Timeline, UndoRequest, WhyNot, WhyNotRequest,
};

/// Runs one service call on a blocking worker thread.
pub async fn off_main<T: Send + 'static>(
    service: &State<'_, Arc<Service>>,
    call: impl FnOnce(&Service) -> Result<T, ServiceError> + Send + 'static,
) -> Result<T, ServiceError> {
    let service = Arc::clone(service.inner());
    tauri::async_runtime::spawn_blocking(move || call(&service))
        .await
        .map_err(|e| ServiceError::Unavailable(format!("the call failed: {e}")))?
}

/// Every stored game, newest first.
#[tauri::command]
pub async fn list_games(
    service: State<'_, Arc<Service>>,
) -> Result<Vec<GameSummary>, ServiceError> {
    off_main(&service, |s| s.list_games()).await
}

/// Creates a game without letting the bots act yet.
#[tauri::command]
pub async fn create_game_paused(
    service: State<'_, Arc<Service>>,
    request: NewGame,
) -> Result<GameStatus, ServiceError> {
    off_main(&service, move |s| s.create_game_paused(&request)).await
}

/// Where a game stands.
#[tauri::command]
pub async fn status(
    service: State<'_, Arc<Service>>,
    request: GameRequest,
) -> Result<GameStatus, ServiceError> {
    off_main(&service, move |s| s.status(request.game)).await
}

/// Closes a game the person has left: its memory goes back; it reopens from the database.
#[tauri::command]
pub async fn close_game(
    service: State<'_, Arc<Service>>,
    request: GameRequest,
) -> Result<(), ServiceError> {
    off_main(&service, move |s| s.close_game(request.game)).await
}

/// What a seat may do now.
#[tauri::command]
pub async fn legal(
    service: State<'_, Arc<Service>>,
    request: SeatRequest,
) -> Result<LegalCommands, ServiceError> {
    off_main(&service, move |s| s.legal(&request)).await
}

/// A person's command, without the bots acting after it.
#[tauri::command]
pub async fn act(
    service: State<'_, Arc<Service>>,
    request: Submit,
) -> Result<Submitted, ServiceError> {
    off_main(&service, move |s| s.act(&request)).await
}

/// One command of the awaited bot.
#[tauri::command]
pub async fn bot_step(
    service: State<'_, Arc<Service>>,
    request: StepRequest,
) -> Result<Submitted, ServiceError> {
    off_main(&service, move |s| s.bot_step(&request)).await
}

/// A bounded share of the bots' commands.
#[tauri::command]
pub async fn advance(
    service: State<'_, Arc<Service>>,
    request: StepRequest,
) -> Result<Submitted, ServiceError> {
    off_main(&service, move |s| s.advance(&request)).await
}

/// One round of a finished game's analysis (each faction's chance of winning then).
#[tauri::command]
pub async fn analysis_round(
    service: State<'_, Arc<Service>>,
    request: AnalysisRequest,
) -> Result<RoundChances, ServiceError> {
    off_main(&service, move |s| s.analysis_round(&request)).await
}

/// What a Hard player would do in the person's seat now.
#[tauri::command]
pub async fn advice(
    service: State<'_, Arc<Service>>,
    request: SeatRequest,
) -> Result<Advice, ServiceError> {
    off_main(&service, move |s| s.advice(&request)).await
}

/// Whether the person's command would be taken now, and the rules' reason if not.
#[tauri::command]
pub async fn why_not(
    service: State<'_, Arc<Service>>,
    request: WhyNotRequest,
) -> Result<WhyNot, ServiceError> {
    off_main(&service, move |s| s.why_not(&request)).await
}

/// A seat's view at any seq.
#[tauri::command]
pub async fn state_at(
    service: State<'_, Arc<Service>>,
    request: AtSeq,
) -> Result<StateAt, ServiceError> {
    off_main(&service, move |s| s.state_at(&request)).await
}

/// Every Noble's troop strength at a seq.
#[tauri::command]
pub async fn strengths(
    service: State<'_, Arc<Service>>,
    request: AtSeq,
) -> Result<BTreeMap<String, NobleStrength>, ServiceError> {
    off_main(&service, move |s| s.strengths(&request)).await
}

/// Rounds → turns → phases → events.
#[tauri::command]
pub async fn timeline(
    service: State<'_, Arc<Service>>,
    request: GameRequest,
) -> Result<Timeline, ServiceError> {
    off_main(&service, move |s| s.timeline(request.game)).await
}

/// Undoes the player's last decision still in force.
#[tauri::command]
pub async fn undo(
    service: State<'_, Arc<Service>>,
    request: UndoRequest,
) -> Result<GameStatus, ServiceError> {
    off_main(&service, move |s| s.undo(&request)).await
}

/// A new game continuing from a seq of this one.
#[tauri::command]
pub async fn branch(
    service: State<'_, Arc<Service>>,
    request: BranchRequest,
) -> Result<GameStatus, ServiceError> {
    off_main(&service, move |s| s.branch(&request)).await
}
