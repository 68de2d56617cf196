//! The axum router: `/api/<call>` → one [`Service`] method, run off the async runtime; every
//! other path → the built UI. Also the layers every request passes: the security headers, the
//! one error shape, the panic catcher, the guard, and each call's body limit.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;

use super::error::{WebError, one_error_shape, panic_response};
use super::guard::{Guard, LaunchToken, guard};
use super::headers::with_security_headers;
use super::static_files::{UiFiles, serve_ui};
use crate::service::{
    AnalysisRequest, AtSeq, BranchRequest, Check, CodeText, DailyRequest, GameRequest,
    ImportHistory, LogText, MAX_LOG_BYTES, NewGame, SeatRequest, Service, ServiceError,
    ServiceResult, Settings, StepRequest, Submit, UndoRequest, WhyNotRequest,
};

/// The largest body of a call that carries no log: requests are small JSON objects.
pub const CALL_BODY_LIMIT: usize = 64 * 1024;

/// The largest body of a call that carries a whole log file as `{"text": "..."}` (`import`,
/// `verify_log`): a log of [`MAX_LOG_BYTES`] once JSON-escaped, which at most doubles it (a
/// log's text is JSON lines, so only its quotes, backslashes and line breaks are escaped, each
/// as two bytes), plus room for the rest of the request.
pub const LOG_CALL_BODY_LIMIT: usize = 2 * MAX_LOG_BYTES + 64 * 1024;

/// What the router needs besides the service.
#[derive(Clone, Debug)]
pub struct RouterOptions {
    /// Directory of the built UI (`ui/dist`).
    pub ui_dir: PathBuf,
    /// The port the server is bound to on 127.0.0.1 (the real one, when 0 asked for any): only
    /// requests for `127.0.0.1:port` or `localhost:port` are answered.
    pub port: u16,
    /// The launch token: calls that change games carry it or come from the served page, which
    /// holds it.
    pub token: LaunchToken,
}

type Shared = Arc<Service>;

/// The router: the JSON API under `/api`, the UI for every other path, each request guarded.
pub fn router(service: Shared, options: RouterOptions) -> Router {
    let calls = Router::new()
        .route("/app_info", get(app_info).post(app_info))
        .route("/content", get(content).post(content))
        .route(
            "/rules_reference",
            get(rules_reference).post(rules_reference),
        )
        .route(
            "/create_game",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &NewGame| sv.create_game(r))),
        )
        .route(
            "/submit",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &Submit| sv.submit(r))),
        )
        .route(
            "/status",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &GameRequest| sv.status(r.game))
            }),
        )
        .route(
            "/close_game",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &GameRequest| sv.close_game(r.game))
            }),
        )
        .route(
            "/view",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &SeatRequest| sv.view(r))),
        )
        .route(
            "/legal",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &SeatRequest| sv.legal(r))),
        )
        .route(
            "/prestige_standing",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &SeatRequest| sv.prestige_standing(r))
            }),
        )
        .route(
            "/undo",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &UndoRequest| sv.undo(r))),
        )
        .route(
            "/state_at",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &AtSeq| sv.state_at(r))),
        )
        .route(
            "/branch",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &BranchRequest| sv.branch(r))),
        )
        .route(
            "/timeline",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &GameRequest| sv.timeline(r.game))
            }),
        )
        .route(
            "/export",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &GameRequest| sv.export(r.game))
            }),
        )
        .route(
            "/verify",
            post(|s: State<Shared>, b: CallBody| {
                checked(s, b, |sv, r: &GameRequest, c| sv.verify_with(r.game, c))
            }),
        )
        // The UI's step-by-step play (src/service/stepwise.rs).
        .route(
            "/create_game_paused",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &NewGame| sv.create_game_paused(r))
            }),
        )
        .route(
            "/act",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &Submit| sv.act(r))),
        )
        .route(
            "/bot_step",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &StepRequest| sv.bot_step(r))),
        )
        .route(
            "/advance",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &StepRequest| sv.advance(r))),
        )
        .route(
            "/analysis_round",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &AnalysisRequest| sv.analysis_round(r))
            }),
        )
        .route(
            "/advice",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &SeatRequest| sv.advice(r))),
        )
        .route(
            "/why_not",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &WhyNotRequest| sv.why_not(r))),
        )
        .route(
            "/strengths",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &AtSeq| sv.strengths(r))),
        )
        .route(
            "/list_games",
            post(|State(s): State<Shared>, _b: CallBody| {
                respond(s, |sv| to_json(&sv.list_games()?))
            }),
        )
        // The Solo Challenge (src/service/challenge, dailies, replay_code, stats).
        .route(
            "/daily",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &DailyRequest| sv.daily(r))),
        )
        .route(
            "/start_daily",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &DailyRequest| sv.start_daily(r))
            }),
        )
        .route(
            "/replay_code",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &GameRequest| sv.replay_code(r))
            }),
        )
        .route(
            "/verify_code",
            post(|s: State<Shared>, b: CallBody| {
                checked(s, b, |sv, r: &CodeText, c| sv.verify_code_with(r, c))
            }),
        )
        .route(
            "/open_code",
            post(|s: State<Shared>, b: CallBody| {
                checked(s, b, |sv, r: &CodeText, c| sv.open_code_with(r, c))
            }),
        )
        .route(
            "/story",
            post(|s: State<Shared>, b: CallBody| call(s, b, |sv, r: &GameRequest| sv.story(r))),
        )
        .route(
            "/export_history",
            post(|State(s): State<Shared>, _b: CallBody| {
                respond(s, |sv| to_json(&sv.export_history()?))
            }),
        )
        .route(
            "/stats",
            post(|State(s): State<Shared>, _b: CallBody| respond(s, |sv| to_json(&sv.stats()?))),
        )
        // The app's settings, kept between runs (src/service/settings.rs).
        .route(
            "/settings",
            post(|State(s): State<Shared>, _b: CallBody| respond(s, |sv| to_json(&sv.settings()?))),
        )
        .route(
            "/save_settings",
            post(|s: State<Shared>, b: CallBody| {
                call(s, b, |sv, r: &Settings| sv.save_settings(r))
            }),
        )
        .route(
            "/reset_settings",
            post(|State(s): State<Shared>, _b: CallBody| {
                respond(s, |sv| to_json(&sv.reset_settings()?))
            }),
        )
        .route(
            "/export_all_games",
            post(|State(s): State<Shared>, _b: CallBody| {
                respond(s, |sv| to_json(&sv.export_all_games()?))
            }),
        )
        .layer(DefaultBodyLimit::disable())
        .layer(RequestBodyLimitLayer::new(CALL_BODY_LIMIT));
    // The calls that carry a whole log file.
    let log_calls = Router::new()
        .route(
            "/import",
            post(|s: State<Shared>, b: CallBody| {
                checked(s, b, |sv, r: &LogText, c| sv.import_with(&r.text, c))
            }),
        )
        .route(
            "/import_history",
            post(|s: State<Shared>, b: CallBody| {
                checked(s, b, |sv, r: &ImportHistory, c| {
                    sv.import_history_with(r, c)
                })
            }),
        )
        .route(
            "/verify_log",
            post(|s: State<Shared>, b: CallBody| {
                checked(s, b, |sv, r: &LogText, c| sv.verify_log_with(&r.text, c))
            }),
        )
        .layer(DefaultBodyLimit::disable())
        .layer(RequestBodyLimitLayer::new(LOG_CALL_BODY_LIMIT));
    let api = calls
        .merge(log_calls)
        .fallback(unknown_call)
        .with_state(service);
    let ui = Arc::new(UiFiles::new(options.ui_dir, options.token.clone()));
    let guard_state = Arc::new(Guard::new(options.port, options.token));
    let app = Router::new()
        .nest("/api", api)
        .fallback(serve_ui)
        .with_state(ui)
        .layer(from_fn_with_state(guard_state, guard))
        .layer(from_fn(one_error_shape))
        .layer(CatchPanicLayer::custom(panic_response));
    with_security_headers(app)
}

/// A call's raw body, read within the route's limit; too large is a `too_large` error.
struct CallBody(Bytes);

impl<S: Send + Sync> FromRequest<S> for CallBody {
    type Rejection = WebError;

    async fn from_request(request: Request, state: &S) -> Result<Self, WebError> {
        match Bytes::from_request(request, state).await {
            Ok(bytes) => Ok(Self(bytes)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ServiceError::TooLarge(format!(
                    "the request body is larger than this call accepts ({})",
                    rejection.body_text()
                ))
                .into())
            }
            Err(rejection) => Err(ServiceError::BadRequest(rejection.body_text()).into()),
        }
    }
}

async fn app_info(State(service): State<Shared>) -> Response {
    respond(service, |sv| to_json(&sv.app_info())).await
}

async fn rules_reference(State(service): State<Shared>) -> Response {
    respond(service, |sv| to_json(sv.rules_reference()?)).await
}

async fn content(State(service): State<Shared>) -> Response {
    respond(service, |sv| to_json(sv.content()?)).await
}

/// Reads the JSON request, makes the one service call, and answers with its JSON or its error.
async fn call<Req, Resp, F>(
    State(service): State<Shared>,
    CallBody(body): CallBody,
    f: F,
) -> Response
where
    Req: DeserializeOwned,
    Resp: Serialize,
    F: FnOnce(&Service, &Req) -> ServiceResult<Resp> + Send + 'static,
{
    respond(service, move |sv| {
        let request = serde_json::from_slice::<Req>(&body)
            .map_err(|error| ServiceError::BadRequest(error.to_string()))?;
        to_json(&f(sv, &request)?)
    })
    .await
}

/// Reads the JSON request and runs one checking call (a code, a history file or a log
/// replayed) in the service's checking lane, apart from the calls that play: busy at once when
/// its queue is full, and given up if the client goes away before the answer (this future is
/// then dropped, and with it the check's [`crate::service::Pending`]).
async fn checked<Req, Resp, F>(
    State(service): State<Shared>,
    CallBody(body): CallBody,
    f: F,
) -> Response
where
    Req: DeserializeOwned,
    Resp: Serialize + Send + 'static,
    F: FnOnce(&Service, &Req, &Check) -> ServiceResult<Resp> + Send + 'static,
{
    let pending = service.in_check_lane(move |sv, check| {
        let request = serde_json::from_slice::<Req>(&body)
            .map_err(|error| ServiceError::BadRequest(error.to_string()))?;
        f(sv, &request, check)
    });
    let answer = match pending {
        Ok(pending) => pending.answer().await,
        Err(error) => Err(error),
    };
    match answer.map_err(WebError::from).and_then(|a| to_json(&a)) {
        Ok(json) => (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            json,
        )
            .into_response(),
        Err(error) => error.into_response(),
    }
}

/// Runs a service call (and the reading and writing of its JSON) on tokio's blocking threads, so
/// that a long call holds up no other request, and answers with its JSON or its error; a panic
/// in the call is a 500.
async fn respond<F>(service: Shared, f: F) -> Response
where
    F: FnOnce(&Service) -> Result<Vec<u8>, WebError> + Send + 'static,
{
    match tokio::task::spawn_blocking(move || f(&service)).await {
        Ok(Ok(json)) => (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            json,
        )
            .into_response(),
        Ok(Err(error)) => error.into_response(),
        Err(failed) => WebError::Internal(if failed.is_panic() {
            "the call panicked".to_owned()
        } else {
            format!("the call did not finish: {failed}")
        })
        .into_response(),
    }
}

/// A call's answer as JSON.
fn to_json(answer: &impl Serialize) -> Result<Vec<u8>, WebError> {
    serde_json::to_vec(answer).map_err(|error| {
        WebError::Internal(format!("the answer could not be written as JSON: {error}"))
    })
}

async fn unknown_call(uri: axum::http::Uri) -> Response {
    WebError::from(ServiceError::UnknownRequest(uri.path().to_owned())).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    async fn answer(response: Response) -> (StatusCode, serde_json::Value) {
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn a_call_runs_off_the_async_threads() {
        // `block_on` panics on a thread that drives async tasks (here the test's only one), and
        // works on a blocking thread.
        let (status, json) = answer(
            respond(Arc::new(Service::new()), |_| {
                let n = tokio::runtime::Handle::current().block_on(async { 42 });
                to_json(&n)
            })
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{json}");
        assert_eq!(json, 42);
    }

    #[tokio::test]
    async fn a_panicking_call_is_a_500_in_the_json_shape() {
        let service = Arc::new(Service::new());
        let body = CallBody(Bytes::from_static(br#"{"game":1}"#));
        let response = call(
            State(service),
            body,
            |_, _: &GameRequest| -> ServiceResult<()> { panic!("a bug in a call") },
        )
        .await;
        let (status, json) = answer(response).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(json["code"], "internal");
    }
}
