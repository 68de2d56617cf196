//! The axum router: `/api/<call>` → one [`Service`] method; everything else → the built UI.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tower_http::services::{ServeDir, ServeFile};

use crate::service::{
    AtSeq, BranchRequest, GameRequest, LogText, NewGame, SeatRequest, Service, ServiceError,
    ServiceResult, StepRequest, Submit, UndoRequest,
};

/// How to run `warwick serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Directory of the built UI (`ui/dist`).
    pub ui_dir: PathBuf,
    /// The game database (an in-memory one when absent).
    pub db: Option<PathBuf>,
}

type Shared = Arc<Service>;

/// The router: the JSON API under `/api`, the UI for every other path.
pub fn router(service: Shared, ui_dir: PathBuf) -> Router {
    let index = ui_dir.join("index.html");
    let api = Router::new()
        .route("/app_info", get(app_info).post(app_info))
        .route("/content", get(content).post(content))
        .route(
            "/create_game",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &NewGame| sv.create_game(r))),
        )
        .route(
            "/submit",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &Submit| sv.submit(r))),
        )
        .route(
            "/status",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &GameRequest| sv.status(r.game))),
        )
        .route(
            "/view",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &SeatRequest| sv.view(r))),
        )
        .route(
            "/legal",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &SeatRequest| sv.legal(r))),
        )
        .route(
            "/undo",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &UndoRequest| sv.undo(r))),
        )
        .route(
            "/state_at",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &AtSeq| sv.state_at(r))),
        )
        .route(
            "/branch",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &BranchRequest| sv.branch(r))),
        )
        .route(
            "/timeline",
            post(|s: State<Shared>, b: Bytes| {
                call(s, b, |sv, r: &GameRequest| sv.timeline(r.game))
            }),
        )
        .route(
            "/export",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &GameRequest| sv.export(r.game))),
        )
        .route(
            "/import",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &LogText| sv.import(&r.text))),
        )
        .route(
            "/verify",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &GameRequest| sv.verify(r.game))),
        )
        .route(
            "/verify_log",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &LogText| sv.verify_log(&r.text))),
        )
        // The UI's step-by-step play (src/service/stepwise.rs).
        .route(
            "/create_game_paused",
            post(|s: State<Shared>, b: Bytes| {
                call(s, b, |sv, r: &NewGame| sv.create_game_paused(r))
            }),
        )
        .route(
            "/act",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &Submit| sv.act(r))),
        )
        .route(
            "/bot_step",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &StepRequest| sv.bot_step(r))),
        )
        .route(
            "/strengths",
            post(|s: State<Shared>, b: Bytes| call(s, b, |sv, r: &AtSeq| sv.strengths(r))),
        )
        .route(
            "/list_games",
            post(|s: State<Shared>, _b: Bytes| async move {
                match s.list_games() {
                    Ok(list) => Json(list).into_response(),
                    Err(error) => error_response(error),
                }
            }),
        )
        .fallback(unknown_call)
        .with_state(service);
    Router::new()
        .nest("/api", api)
        .fallback_service(ServeDir::new(ui_dir).fallback(ServeFile::new(index)))
}

async fn app_info(State(service): State<Shared>) -> Response {
    Json(service.app_info()).into_response()
}

async fn content(State(service): State<Shared>) -> Response {
    match service.content() {
        Ok(content) => Json(content).into_response(),
        Err(error) => error_response(error),
    }
}

/// Reads the JSON body, makes the one service call, and answers with its JSON or its error.
async fn call<Req, Resp>(
    State(service): State<Shared>,
    body: Bytes,
    f: impl FnOnce(&Service, &Req) -> ServiceResult<Resp>,
) -> Response
where
    Req: DeserializeOwned,
    Resp: Serialize,
{
    match serde_json::from_slice::<Req>(&body) {
        Ok(request) => match f(&service, &request) {
            Ok(response) => Json(response).into_response(),
            Err(error) => error_response(error),
        },
        Err(error) => error_response(ServiceError::BadRequest(error.to_string())),
    }
}

async fn unknown_call(uri: axum::http::Uri) -> Response {
    error_response(ServiceError::UnknownRequest(uri.path().to_owned()))
}

fn error_response(error: ServiceError) -> Response {
    let status = match error {
        ServiceError::UnknownRequest(_) | ServiceError::UnknownGame(_) => StatusCode::NOT_FOUND,
        ServiceError::BadRequest(_) => StatusCode::BAD_REQUEST,
        ServiceError::Stale { .. } => StatusCode::CONFLICT,
        ServiceError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        ServiceError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        ServiceError::InvalidContent(_)
        | ServiceError::Store(_)
        | ServiceError::Unavailable(_)
        | ServiceError::Stuck(_) => StatusCode::INTERNAL_SERVER_ERROR,
        ServiceError::Rule(_)
        | ServiceError::Refused { .. }
        | ServiceError::NotYours(_)
        | ServiceError::Undo(_)
        | ServiceError::BadSeq(_)
        | ServiceError::Version(_)
        | ServiceError::Verify(_) => StatusCode::UNPROCESSABLE_ENTITY,
    };
    (status, Json(error)).into_response()
}

/// Binds 127.0.0.1:`port`, prints the address, and serves until interrupted.
pub async fn serve(options: ServeOptions) -> std::io::Result<()> {
    let service = Arc::new(match &options.db {
        Some(path) => Service::open(path).map_err(std::io::Error::other)?,
        None => Service::new(),
    });
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    if !options.ui_dir.join("index.html").exists() {
        eprintln!(
            "warning: no built UI in {} (run `npm run build` in ui/); only /api works",
            options.ui_dir.display()
        );
    }
    println!("Warwick is being served at http://{local}/");
    axum::serve(listener, router(service, options.ui_dir))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    async fn post(path: &str) -> (StatusCode, serde_json::Value) {
        post_json(&Arc::new(Service::new()), path, "").await
    }

    async fn post_json(
        service: &Shared,
        path: &str,
        body: &str,
    ) -> (StatusCode, serde_json::Value) {
        let app = router(service.clone(), PathBuf::from("/nonexistent"));
        let request = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_owned()))
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let json = serde_json::from_slice(&bytes).unwrap();
        (status, json)
    }

    #[tokio::test]
    async fn app_info_is_served_as_json() {
        let (status, json) = post("/api/app_info").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(json["name"], "Warwick");
        assert_eq!(json["rules_version"], crate::rules::RULES_VERSION);
    }

    #[tokio::test]
    async fn content_is_served_for_the_ui_to_draw() {
        let (status, json) = post("/api/content").await;
        assert_eq!(status, StatusCode::OK);
        assert!(json["locations"].as_array().is_some_and(|l| l.len() > 100));
        assert!(
            json["crown_cards"]
                .as_array()
                .is_some_and(|c| c.len() == 74)
        );
    }

    #[tokio::test]
    async fn unknown_calls_get_a_stable_error_code() {
        let (status, json) = post("/api/no_such_call").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(json["code"], "unknown_request");
        assert!(
            json["message"]
                .as_str()
                .is_some_and(|m| m.contains("no_such_call"))
        );
    }

    #[tokio::test]
    async fn a_game_is_created_played_and_verified_over_http() {
        let service = Arc::new(Service::new());
        let new_game = serde_json::to_string(&NewGame::bots_around(
            3,
            Some(0),
            crate::service::Mode::Casual,
            7,
        ))
        .unwrap();
        let (status, created) = post_json(&service, "/api/create_game", &new_game).await;
        assert_eq!(status, StatusCode::OK, "{created}");
        let game = created["game"].as_i64().unwrap();
        let head = created["head"].as_u64().unwrap();
        let (status, legal) = post_json(
            &service,
            "/api/legal",
            &format!(r#"{{"game":{game},"faction":0}}"#),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{legal}");
        let command = &legal["commands"][0]["command"];
        let stale = format!(
            r#"{{"game":{game},"by":0,"command":{command},"expected_last_seq":{}}}"#,
            head + 5
        );
        let (status, error) = post_json(&service, "/api/submit", &stale).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "stale");
        let fresh =
            format!(r#"{{"game":{game},"by":0,"command":{command},"expected_last_seq":{head}}}"#);
        let (status, submitted) = post_json(&service, "/api/submit", &fresh).await;
        assert_eq!(status, StatusCode::OK, "{submitted}");
        let (status, verified) =
            post_json(&service, "/api/verify", &format!(r#"{{"game":{game}}}"#)).await;
        assert_eq!(status, StatusCode::OK, "{verified}");
        let (status, error) = post_json(&service, "/api/view", "not json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(error["code"], "bad_request");
    }
}
