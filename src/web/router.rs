//! The axum router: `/api/<call>` → one [`Service`] method, run off the async runtime; every
//! other path → the built UI. Also the layers every request passes: the security headers, the
//! one error shape, the panic catcher, the guard, and each call's body limit.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::catch_panic::CatchPanicLayer;

use super::error::{WebError, one_error_shape, panic_response};
use super::guard::{Guard, LaunchToken, SESSION_COOKIE, guard};
use super::headers::with_security_headers;
use super::static_files::{UiAssets, UiFiles, serve_ui};
use crate::service::calls::{CallSpec, Lane, calls, dispatch};
use crate::service::{Check, LanInfo, Service, ServiceError, ServiceResult};

pub use crate::service::calls::{CALL_BODY_LIMIT, LOG_CALL_BODY_LIMIT};

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
    /// Served on the home network too (`--lan`): the machine's addresses there, for paired
    /// phones.
    pub lan: Option<LanInfo>,
}

type Shared = Arc<Service>;

/// The router: the JSON API under `/api` (one route per call of the service's table,
/// [`crate::service::calls`]), the UI for every other path, each request guarded.
pub fn router(service: Shared, options: RouterOptions) -> Router {
    let ui = UiFiles::new(options.ui_dir.clone(), options.token.clone());
    router_with(service, options, ui)
}

/// [`router`] serving the UI held in memory (the app's own) instead of a folder.
pub fn router_with_ui(
    service: Shared,
    options: RouterOptions,
    assets: Arc<dyn UiAssets>,
) -> Router {
    let ui = UiFiles::held(assets, options.token.clone());
    router_with(service, options, ui)
}

fn router_with(service: Shared, options: RouterOptions, ui: UiFiles) -> Router {
    let guard_state = Arc::new(match &options.lan {
        Some(lan) => Guard::on_lan(
            options.port,
            options.token.clone(),
            lan,
            Arc::clone(&service),
        ),
        None => Guard::new(options.port, options.token.clone()),
    });
    let pair = Router::new()
        .route("/pair/{secret}", get(pair_phone))
        .with_state(Arc::clone(&service));
    let api = Router::new()
        .route("/{call}", get(get_call).post(post_call))
        .fallback(unknown_call)
        .layer(DefaultBodyLimit::disable())
        .with_state(service);
    let ui = Arc::new(ui);
    let app = Router::new()
        .nest("/api", api)
        .merge(pair)
        .fallback(serve_ui)
        .with_state(ui)
        .layer(from_fn_with_state(guard_state, guard))
        .layer(from_fn(one_error_shape))
        .layer(CatchPanicLayer::custom(panic_response));
    with_security_headers(app)
}

/// The table's calls, made once.
fn table() -> &'static [CallSpec] {
    static TABLE: OnceLock<Vec<CallSpec>> = OnceLock::new();
    TABLE.get_or_init(calls)
}

/// A call of the table by name.
fn spec(name: &str) -> Option<&'static CallSpec> {
    table().iter().find(|c| c.name == name)
}

/// `POST /api/<call>`: the call's request read within its body limit (refused from its
/// declared length before it is read), then run where the call runs.
async fn post_call(
    State(service): State<Shared>,
    Path(name): Path<String>,
    request: Request,
) -> Response {
    let Some(spec) = spec(&name) else {
        return unknown_call(request.uri().clone()).await;
    };
    let limit = spec.body_limit();
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return too_large(limit);
    }
    let Ok(body) = axum::body::to_bytes(request.into_body(), limit).await else {
        return too_large(limit);
    };
    run(service, spec, body).await
}

/// `GET /api/<call>`: only for the calls that read what the build holds; another call
/// answers 405 (POST only).
async fn get_call(State(service): State<Shared>, Path(name): Path<String>, uri: Uri) -> Response {
    match spec(&name) {
        None => unknown_call(uri).await,
        Some(spec) if spec.get => run(service, spec, Bytes::new()).await,
        Some(_) => {
            let mut response = WebError::MethodNotAllowed {
                method: axum::http::Method::GET,
                path: uri.path().to_owned(),
            }
            .into_response();
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("POST"));
            response
        }
    }
}

/// `GET /pair/<secret>`: a phone opening the pairing address. With a good secret (used once,
/// not expired) its browser gets a paired session in a cookie (HttpOnly, SameSite=Strict, a
/// year) and a page that opens the game; with any other, a page saying to ask the computer for
/// a new address. Nothing of the games either way.
async fn pair_phone(
    State(service): State<Shared>,
    Path(secret): Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    let name = device_name(
        headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok()),
    );
    let paired = tokio::task::spawn_blocking(move || {
        let secret: String = secret.chars().take(128).collect();
        service.pair(&secret, &name)
    })
    .await;
    let page = |status: StatusCode, title: &str, body: &str, head: &str| {
        (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            )],
            format!(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta \
                 name=\"viewport\" content=\"width=device-width, initial-scale=1\">{head}\
                 <title>Warwick: {title}</title></head><body style=\"font-family:sans-serif;\
                 max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5\"><h1>{title}\
                 </h1>{body}</body></html>"
            ),
        )
            .into_response()
    };
    match paired {
        Ok(Ok(Some(session))) => {
            let mut response = page(
                StatusCode::OK,
                "This phone is paired",
                "<p><a href=\"/\">Open Warwick</a>. Add it to your home screen to keep it as an \
                 app; it plays while Warwick runs on your computer.</p>",
                // A navigation of this page's own (not the camera's): the cookie goes with it.
                "<meta http-equiv=\"refresh\" content=\"1;url=/\">",
            );
            if let Ok(cookie) = HeaderValue::from_str(&format!(
                "{SESSION_COOKIE}={session}; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
            )) {
                response.headers_mut().insert(header::SET_COOKIE, cookie);
            }
            response
        }
        Ok(Ok(None)) => page(
            StatusCode::FORBIDDEN,
            "This pairing address does not work",
            "<p>A pairing address works once and for ten minutes. On your computer choose \
             <strong>Play on your phone</strong> again for a new one.</p>",
            "",
        ),
        Ok(Err(error)) => WebError::from(error).into_response(),
        Err(_) => WebError::Internal("pairing failed".to_owned()).into_response(),
    }
}

/// A device's name from its browser's User-Agent: `Android, Chrome`.
fn device_name(agent: Option<&str>) -> String {
    let agent = agent.unwrap_or("");
    let system = ["iPhone", "iPad", "Android", "Windows", "Mac OS", "Linux"]
        .into_iter()
        .find(|s| agent.contains(s))
        .unwrap_or("a device");
    let browser = [
        "Firefox",
        "Edg",
        "SamsungBrowser",
        "CriOS",
        "Chrome",
        "Safari",
    ]
    .into_iter()
    .find(|b| agent.contains(b))
    .map(|b| match b {
        "Edg" => "Edge",
        "CriOS" => "Chrome",
        "SamsungBrowser" => "Samsung Internet",
        other => other,
    });
    match browser {
        Some(browser) => format!("{system}, {browser}"),
        None => system.to_owned(),
    }
}

/// A body past a call's limit.
fn too_large(limit: usize) -> Response {
    WebError::from(ServiceError::TooLarge(format!(
        "the request body is larger than this call accepts ({limit} bytes)"
    )))
    .into_response()
}

/// Runs one call where the table says: with play on the blocking threads, or in the checking
/// lane.
async fn run(service: Shared, spec: &'static CallSpec, body: Bytes) -> Response {
    let name = spec.name;
    let answer = match spec.lane {
        Lane::Play => {
            match tokio::task::spawn_blocking(move || {
                dispatch(&service, name, &body, &Check::default())
            })
            .await
            {
                Ok(answer) => answer.map_err(WebError::from),
                Err(failed) => Err(WebError::Internal(if failed.is_panic() {
                    "the call panicked".to_owned()
                } else {
                    format!("the call did not finish: {failed}")
                })),
            }
        }
        Lane::Check => checked(service, name, body).await.map_err(WebError::from),
    };
    match answer {
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

/// Runs one checking call (a code, a history file or a log replayed) in the service's
/// checking lane, apart from the calls that play: busy at once when its queue is full, and
/// given up if the client goes away before the answer (this future is then dropped, and with
/// it the check's [`crate::service::Pending`]).
async fn checked(service: Shared, name: &'static str, body: Bytes) -> ServiceResult<Vec<u8>> {
    service
        .in_check_lane(move |sv, check| dispatch(sv, name, &body, check))?
        .answer()
        .await
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
    async fn every_call_of_the_table_is_routed() {
        let service = Arc::new(Service::new());
        for call in table() {
            let (status, json) =
                answer(run(Arc::clone(&service), call, Bytes::from_static(b"{\"x\":1}")).await)
                    .await;
            // Each is the table's: read into its own request type, which refuses the field.
            assert_eq!(status, StatusCode::BAD_REQUEST, "{}: {json}", call.name);
        }
    }
}
