//! The router as a browser, a script and an attacker meet it: calls, refusals, headers, files.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header, request};
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::*;
use crate::service::{MAX_LINE_BYTES, MAX_LOG_BYTES, NewGame, Service};

const PORT: u16 = 8420;
const HOST: &str = "127.0.0.1:8420";
const ORIGIN: &str = "http://127.0.0.1:8420";

struct Harness {
    app: Router,
    token: LaunchToken,
    service: Arc<Service>,
}

fn harness(ui_dir: &Path) -> Harness {
    let service = Arc::new(Service::new());
    let token = LaunchToken::generate().unwrap();
    let options = RouterOptions {
        ui_dir: ui_dir.to_owned(),
        port: PORT,
        token: token.clone(),
        lan: None,
    };
    Harness {
        app: router(service.clone(), options),
        token,
        service,
    }
}

fn no_ui() -> Harness {
    harness(Path::new("/nonexistent"))
}

/// A request as the served page makes it.
fn from_page(method: Method, path: &str) -> request::Builder {
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, HOST)
        .header(header::ORIGIN, ORIGIN)
        .header(header::CONTENT_TYPE, "application/json")
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> serde_json::Value {
        assert_eq!(
            self.headers[header::CONTENT_TYPE],
            "application/json",
            "{}",
            self.text()
        );
        serde_json::from_slice(&self.body).unwrap()
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// Asserts an error in the one JSON shape, with this status and code.
    fn assert_error(&self, status: StatusCode, code: &str) {
        let json = self.json();
        assert_eq!(self.status, status, "{json}");
        assert_eq!(json["code"], code, "{json}");
        assert!(
            json["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{json}"
        );
        assert_eq!(json.as_object().map(|o| o.len()), Some(2), "{json}");
    }
}

async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    Answer {
        status,
        headers,
        body,
    }
}

async fn call(app: &Router, path: &str, body: &str) -> Answer {
    let request = from_page(Method::POST, path)
        .body(Body::from(body.to_owned()))
        .unwrap();
    send(app, request).await
}

async fn games(service: &Arc<Service>) -> usize {
    service.list_games().unwrap().len()
}

fn new_game() -> String {
    serde_json::to_string(&NewGame::bots_around(
        3,
        Some(0),
        crate::service::Mode::Casual,
        7,
    ))
    .unwrap()
}

#[tokio::test]
async fn app_info_is_served_as_json() {
    let json = call(&no_ui().app, "/api/app_info", "").await.json();
    assert_eq!(json["name"], "Warwick");
    assert_eq!(json["rules_version"], crate::rules::RULES_VERSION);
}

#[tokio::test]
async fn content_is_served_for_the_ui_to_draw() {
    let answer = call(&no_ui().app, "/api/content", "{}").await;
    assert_eq!(answer.status, StatusCode::OK);
    let json = answer.json();
    assert!(json["locations"].as_array().is_some_and(|l| l.len() > 100));
    assert!(
        json["crown_cards"]
            .as_array()
            .is_some_and(|c| c.len() == 74)
    );
}

#[tokio::test]
async fn unknown_calls_get_a_stable_error_code() {
    let answer = call(&no_ui().app, "/api/no_such_call", "{}").await;
    answer.assert_error(StatusCode::NOT_FOUND, "unknown_request");
    assert!(answer.text().contains("no_such_call"));
}

/// Steps the bots (`advance`) until the person in seat 0 is to decide: a call moves the bots
/// a bounded share of their turns, which on a loaded machine may end before the person's turn.
async fn settled(app: &Router, mut status: serde_json::Value) -> serde_json::Value {
    for _ in 0..500 {
        let awaited = status["awaiting"]
            .as_array()
            .is_some_and(|a| a.iter().any(|f| f == 0));
        if awaited || !status["outcome"].is_null() {
            break;
        }
        let step = format!(
            r#"{{"game":{},"expected_last_seq":{}}}"#,
            status["game"], status["head"]
        );
        let advanced = call(app, "/api/advance", &step).await;
        assert_eq!(advanced.status, StatusCode::OK, "{}", advanced.text());
        status = advanced.json()["status"].clone();
    }
    status
}

#[tokio::test]
async fn a_game_is_created_played_and_verified_over_http() {
    let Harness { app, .. } = no_ui();
    let created = call(&app, "/api/create_game", &new_game()).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text());
    let created = settled(&app, created.json()).await;
    let game = created["game"].as_i64().unwrap();
    let head = created["head"].as_u64().unwrap();
    let legal = call(
        &app,
        "/api/legal",
        &format!(r#"{{"game":{game},"faction":0}}"#),
    )
    .await;
    assert_eq!(legal.status, StatusCode::OK, "{}", legal.text());
    let legal = legal.json();
    let command = &legal["commands"][0]["command"];
    let stale = format!(
        r#"{{"game":{game},"by":0,"command":{command},"expected_last_seq":{}}}"#,
        head + 5
    );
    call(&app, "/api/submit", &stale)
        .await
        .assert_error(StatusCode::CONFLICT, "stale");
    let fresh =
        format!(r#"{{"game":{game},"by":0,"command":{command},"expected_last_seq":{head}}}"#);
    let submitted = call(&app, "/api/submit", &fresh).await;
    assert_eq!(submitted.status, StatusCode::OK, "{}", submitted.text());
    let verified = call(&app, "/api/verify", &format!(r#"{{"game":{game}}}"#)).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text());
    call(&app, "/api/view", "not json")
        .await
        .assert_error(StatusCode::BAD_REQUEST, "bad_request");
}

#[tokio::test]
async fn a_game_left_is_closed_over_http_and_opens_again() {
    let Harness { app, service, .. } = no_ui();
    let created = call(&app, "/api/create_game", &new_game()).await.json();
    let game = format!(r#"{{"game":{}}}"#, created["game"]);
    assert_eq!(service.cached_games(), 1);
    let closed = call(&app, "/api/close_game", &game).await;
    assert_eq!(closed.status, StatusCode::OK, "{}", closed.text());
    assert!(closed.json().is_null());
    assert_eq!(service.cached_games(), 0, "the closed game is still loaded");
    let status = call(&app, "/api/status", &game).await;
    assert_eq!(status.status, StatusCode::OK, "{}", status.text());
    assert_eq!(status.json()["head"], created["head"]);
    call(&app, "/api/close_game", r#"{"game":1,"seq":2}"#)
        .await
        .assert_error(StatusCode::BAD_REQUEST, "bad_request");
    call(&app, "/api/close_game", r#"{"game":999}"#)
        .await
        .assert_error(StatusCode::NOT_FOUND, "unknown_game");
}

#[tokio::test]
async fn checks_run_apart_from_play_and_a_full_queue_is_busy() {
    let Harness { app, service, .. } = no_ui();
    // Hold the checking lane with one check, fill its queue, then one more is busy at once,
    // while a game is still created at once.
    let (release, gate) = std::sync::mpsc::channel::<()>();
    let gate = std::sync::Mutex::new(gate);
    let (running, runs) = std::sync::mpsc::channel::<()>();
    let _held = service
        .in_check_lane(move |_, _| {
            let _ = running.send(());
            let _ = gate.lock().unwrap().recv();
            Ok(())
        })
        .unwrap();
    // Once it runs, the queue behind it is empty.
    runs.recv_timeout(std::time::Duration::from_secs(10))
        .unwrap();
    let queued: Vec<_> = (0..crate::service::CHECKS_WAITING)
        .map(|_| service.in_check_lane(|_, _| Ok(())).unwrap())
        .collect();
    let busy = call(&app, "/api/verify_code", r#"{"code":"W2-AAAA"}"#).await;
    busy.assert_error(StatusCode::SERVICE_UNAVAILABLE, "busy");
    assert_eq!(busy.headers[header::RETRY_AFTER], "1");
    let created = call(&app, "/api/create_game_paused", &new_game()).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text());
    release.send(()).unwrap();
    drop(queued);
    // The lane drains; a check is answered again.
    let mut answer = call(&app, "/api/verify_code", r#"{"code":"W2-AAAA"}"#).await;
    for _ in 0..100 {
        if answer.status != StatusCode::SERVICE_UNAVAILABLE {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        answer = call(&app, "/api/verify_code", r#"{"code":"W2-AAAA"}"#).await;
    }
    answer.assert_error(StatusCode::BAD_REQUEST, "bad_code");
}

#[tokio::test]
async fn a_same_origin_post_from_localhost_passes() {
    let h = no_ui();
    let request = Request::post("/api/create_game")
        .header(header::HOST, "localhost:8420")
        .header(header::ORIGIN, "http://localhost:8420")
        .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
        .body(Body::from(new_game()))
        .unwrap();
    let answer = send(&h.app, request).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert_eq!(games(&h.service).await, 1);
}

#[tokio::test]
async fn a_foreign_or_rebound_host_is_refused() {
    let h = no_ui();
    for host in [
        "example.com",
        "evil.example:8420",
        "127.0.0.1:8421",
        "192.168.1.2:8420",
    ] {
        for (method, path) in [
            (Method::GET, "/"),
            (Method::GET, "/api/app_info"),
            (Method::POST, "/api/create_game"),
        ] {
            let mut request = from_page(method, path)
                .body(Body::from(new_game()))
                .unwrap();
            request
                .headers_mut()
                .insert(header::HOST, host.parse().unwrap());
            send(&h.app, request)
                .await
                .assert_error(StatusCode::MISDIRECTED_REQUEST, "bad_host");
        }
    }
    // Two Hosts, one of them ours, are refused too.
    let two = from_page(Method::GET, "/api/app_info")
        .header(header::HOST, "evil.example:8420")
        .body(Body::empty())
        .unwrap();
    send(&h.app, two)
        .await
        .assert_error(StatusCode::MISDIRECTED_REQUEST, "bad_host");
    assert_eq!(games(&h.service).await, 0);
}

#[tokio::test]
async fn a_cross_site_post_is_refused() {
    let h = no_ui();
    for origin in ["https://evil.example", "null", "http://127.0.0.1:9999"] {
        let mut request = from_page(Method::POST, "/api/create_game")
            .body(Body::from(new_game()))
            .unwrap();
        request
            .headers_mut()
            .insert(header::ORIGIN, origin.parse().unwrap());
        send(&h.app, request)
            .await
            .assert_error(StatusCode::FORBIDDEN, "bad_origin");
    }
    // The classic cross-site form: text/plain, whose body happens to be JSON.
    let form = Request::post("/api/create_game")
        .header(header::HOST, HOST)
        .header(header::ORIGIN, "https://evil.example")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(new_game()))
        .unwrap();
    send(&h.app, form)
        .await
        .assert_error(StatusCode::FORBIDDEN, "bad_origin");
    assert_eq!(games(&h.service).await, 0);
}

fn without_origin(path: &str, token: Option<&str>) -> Request<Body> {
    let mut builder = Request::post(path)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(token) = token {
        builder = builder.header(TOKEN_HEADER, token);
    }
    builder.body(Body::from(new_game())).unwrap()
}

#[tokio::test]
async fn a_post_without_origin_needs_the_token() {
    let h = no_ui();
    send(&h.app, without_origin("/api/create_game", None))
        .await
        .assert_error(StatusCode::FORBIDDEN, "bad_origin");
    let other = LaunchToken::generate().unwrap();
    send(
        &h.app,
        without_origin("/api/create_game", Some(other.as_str())),
    )
    .await
    .assert_error(StatusCode::FORBIDDEN, "bad_origin");
    assert_eq!(games(&h.service).await, 0);
    let answer = send(
        &h.app,
        without_origin("/api/create_game", Some(h.token.as_str())),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert_eq!(games(&h.service).await, 1);
}

#[tokio::test]
async fn a_post_that_is_not_json_is_refused() {
    let h = no_ui();
    for content_type in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let mut request = from_page(Method::POST, "/api/create_game")
            .body(Body::from(new_game()))
            .unwrap();
        match content_type {
            Some(ct) => request
                .headers_mut()
                .insert(header::CONTENT_TYPE, ct.parse().unwrap()),
            None => request.headers_mut().remove(header::CONTENT_TYPE),
        };
        send(&h.app, request)
            .await
            .assert_error(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type");
    }
    assert_eq!(games(&h.service).await, 0);
}

#[tokio::test]
async fn a_wrong_method_is_a_405_in_the_json_shape() {
    let h = no_ui();
    let get = from_page(Method::GET, "/api/create_game")
        .body(Body::empty())
        .unwrap();
    let answer = send(&h.app, get).await;
    answer.assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    assert!(
        answer.headers[header::ALLOW]
            .to_str()
            .is_ok_and(|a| a.contains("POST")),
        "{:?}",
        answer.headers
    );
    let post_page = from_page(Method::POST, "/index.html")
        .body(Body::empty())
        .unwrap();
    send(&h.app, post_page)
        .await
        .assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
}

#[tokio::test]
async fn an_oversized_body_is_a_413_in_the_json_shape() {
    let h = no_ui();
    let big = format!(
        r#"{{"game":1,"faction":0,"pad":"{}"}}"#,
        "x".repeat(CALL_BODY_LIMIT)
    );
    // Refused from its Content-Length, before it is read.
    let declared = from_page(Method::POST, "/api/view")
        .header(header::CONTENT_LENGTH, big.len())
        .body(Body::from(big.clone()))
        .unwrap();
    send(&h.app, declared)
        .await
        .assert_error(StatusCode::PAYLOAD_TOO_LARGE, "too_large");
    // Sent without a length: refused once the limit is passed while reading.
    let unannounced = from_page(Method::POST, "/api/view")
        .body(Body::from(big))
        .unwrap();
    send(&h.app, unannounced)
        .await
        .assert_error(StatusCode::PAYLOAD_TOO_LARGE, "too_large");
}

#[tokio::test]
async fn the_log_calls_take_any_log_export_writes_and_no_more() {
    let h = no_ui();
    // The worst case: a log of MAX_LOG_BYTES that JSON doubles (every byte a quote), in
    // lines no longer than a log's line may be.
    let line = format!("{}\n", "\"".repeat(MAX_LINE_BYTES - 1));
    let text = line.repeat(MAX_LOG_BYTES / line.len());
    let text = format!("{text}{}", "\"".repeat(MAX_LOG_BYTES - text.len()));
    assert_eq!(text.len(), MAX_LOG_BYTES);
    let escaped = serde_json::to_string(&serde_json::json!({ "text": text })).unwrap();
    assert!(escaped.len() > 2 * MAX_LOG_BYTES && escaped.len() <= LOG_CALL_BODY_LIMIT);
    for path in ["/api/import", "/api/verify_log"] {
        let request = from_page(Method::POST, path)
            .header(header::CONTENT_LENGTH, escaped.len())
            .body(Body::from(escaped.clone()))
            .unwrap();
        let answer = send(&h.app, request).await;
        // Read and handed to the service, which finds no log in it.
        assert_ne!(
            answer.status,
            StatusCode::PAYLOAD_TOO_LARGE,
            "{}",
            answer.text()
        );
        assert_eq!(answer.json()["code"], "verify", "{}", answer.text());
    }
    let too_big = vec![b' '; LOG_CALL_BODY_LIMIT + 1];
    let request = from_page(Method::POST, "/api/import")
        .header(header::CONTENT_LENGTH, too_big.len())
        .body(Body::from(too_big))
        .unwrap();
    send(&h.app, request)
        .await
        .assert_error(StatusCode::PAYLOAD_TOO_LARGE, "too_large");
}

#[tokio::test]
async fn an_unknown_path_is_a_404_in_the_json_shape() {
    let ui = built_ui();
    let h = harness(&ui.path().join("ui"));
    for path in ["/missing.js", "/assets/nope.css", "/../secret.txt"] {
        let request = from_page(Method::GET, path).body(Body::empty()).unwrap();
        send(&h.app, request)
            .await
            .assert_error(StatusCode::NOT_FOUND, "not_found");
    }
    // Without a built UI the page itself is missing.
    let request = from_page(Method::GET, "/").body(Body::empty()).unwrap();
    send(&no_ui().app, request)
        .await
        .assert_error(StatusCode::NOT_FOUND, "not_found");
}

/// A UI folder (`ui/`) with a page, a script, and links out of it to `secret.txt` and `outside/`.
fn built_ui() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let ui = dir.path().join("ui");
    std::fs::create_dir_all(ui.join("assets")).unwrap();
    std::fs::write(
        ui.join("index.html"),
        "<!doctype html><html><head><title>Warwick</title></head><body></body></html>",
    )
    .unwrap();
    std::fs::write(ui.join("assets/app.js"), "console.log('hi');").unwrap();
    std::fs::write(dir.path().join("secret.txt"), "s3cr3t-content").unwrap();
    std::fs::create_dir(dir.path().join("outside")).unwrap();
    std::fs::write(dir.path().join("outside/also-secret"), "s3cr3t-content").unwrap();
    std::os::unix::fs::symlink(dir.path().join("secret.txt"), ui.join("link.txt")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("secret.txt"), ui.join("link")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("outside"), ui.join("out")).unwrap();
    std::os::unix::fs::symlink(ui.join("assets/app.js"), ui.join("inside.js")).unwrap();
    dir
}

async fn get(app: &Router, path: &str) -> Answer {
    let request = Request::get(path)
        .header(header::HOST, HOST)
        .body(Body::empty())
        .unwrap();
    send(app, request).await
}

#[tokio::test]
async fn files_are_served_only_from_inside_the_ui_folder() {
    let ui = built_ui();
    let h = harness(&ui.path().join("ui"));
    let script = get(&h.app, "/assets/app.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.text(), "console.log('hi');");
    assert!(
        script.headers[header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|ct| ct.contains("javascript"))
    );
    // A link that stays inside is fine.
    assert_eq!(get(&h.app, "/inside.js").await.status, StatusCode::OK);
    for path in [
        "/link.txt",
        "/link",
        "/out/also-secret",
        "/out",
        "/out/page",
    ] {
        let answer = get(&h.app, path).await;
        assert!(
            !answer.text().contains("s3cr3t"),
            "{path}: {}",
            answer.text()
        );
        answer.assert_error(StatusCode::NOT_FOUND, "not_found");
    }
}

#[tokio::test]
async fn the_page_carries_the_token_and_is_never_cached() {
    let ui = built_ui();
    let h = harness(&ui.path().join("ui"));
    let meta = format!(
        r#"<meta name="{TOKEN_META}" content="{}" />"#,
        h.token.as_str()
    );
    // The page, by name and as the single-page app's own paths.
    for path in ["/", "/index.html", "/game", "/some/page"] {
        let page = get(&h.app, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(page.text().contains(&meta), "{path}: {}", page.text());
        assert!(page.text().contains("<title>Warwick</title>"));
        assert_eq!(page.headers[header::CACHE_CONTROL], "no-store");
        assert_eq!(
            page.headers[header::CONTENT_TYPE],
            "text/html; charset=utf-8"
        );
    }
}

fn assert_security_headers(headers: &HeaderMap) {
    for (name, value) in SECURITY_HEADERS {
        assert_eq!(
            headers.get(&name).map(|v| v.to_str().unwrap()),
            Some(value),
            "{name}"
        );
    }
    let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    for directive in [
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "script-src 'self'",
    ] {
        assert!(csp.contains(directive), "{directive}");
    }
    assert!(!csp.contains("unsafe-eval"));
    assert!(headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).is_none());
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let ui = built_ui();
    let h = harness(&ui.path().join("ui"));
    let api = call(&h.app, "/api/app_info", "{}").await;
    assert_eq!(api.status, StatusCode::OK);
    assert_security_headers(&api.headers);
    let page = get(&h.app, "/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_security_headers(&page.headers);
    assert_security_headers(&get(&h.app, "/assets/app.js").await.headers);
    assert_security_headers(&get(&h.app, "/missing.js").await.headers);
    let refused = Request::get("/").header(header::HOST, "evil.example:8420");
    assert_security_headers(
        &send(&h.app, refused.body(Body::empty()).unwrap())
            .await
            .headers,
    );
    assert_security_headers(
        &send(&h.app, without_origin("/api/status", None))
            .await
            .headers,
    );
}

#[tokio::test]
async fn settings_are_read_saved_reset_and_kept_over_http() {
    let home = tempfile::tempdir().unwrap();
    let open = || {
        let service = Arc::new(Service::open_data_folder(home.path(), "games.db").unwrap());
        let options = RouterOptions {
            ui_dir: "/nonexistent".into(),
            port: PORT,
            token: LaunchToken::generate().unwrap(),
            lan: None,
        };
        router(service, options)
    };
    let app = open();
    let view = call(&app, "/api/settings", "{}").await.json();
    assert_eq!(
        view["settings"]["bots"],
        serde_json::json!(["normal", "normal"])
    );
    assert_eq!(view["games_folder"], home.path().display().to_string());
    let chosen = serde_json::json!({
        "bots": ["hard", "easy", "random"], "bot_speed": "fast", "animation": false,
        "auto_pass": false, "ask_free_moves": false, "confirm_moves": true, "games_folder": null
    });
    let saved = call(&app, "/api/save_settings", &chosen.to_string())
        .await
        .json();
    assert_eq!(saved["settings"], chosen);
    // A bad one is refused in the one error shape, and changes nothing.
    call(&app, "/api/save_settings", r#"{"bots": []}"#)
        .await
        .assert_error(StatusCode::BAD_REQUEST, "bad_request");
    call(&app, "/api/save_settings", r#"{"bots": ["grandmaster"]}"#)
        .await
        .assert_error(StatusCode::BAD_REQUEST, "bad_request");
    // Another shape is never taken for "the defaults": refused, and the file stays as it was.
    let file = home.path().join("settings.json");
    let before = std::fs::read_to_string(&file).unwrap();
    let mut unknown = chosen.clone();
    unknown["theme"] = serde_json::json!("dark");
    for junk in [
        "[]".to_owned(),
        "{}".to_owned(),
        r#"{"elsewhere": true}"#.to_owned(),
        unknown.to_string(),
    ] {
        let answer = call(&app, "/api/save_settings", &junk).await;
        answer.assert_error(StatusCode::BAD_REQUEST, "bad_request");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), before, "{junk}");
    }
    // Kept for the next run.
    drop(app);
    let app = open();
    let view = call(&app, "/api/settings", "{}").await.json();
    assert_eq!(view["settings"], chosen);
    let exported = call(&app, "/api/export_all_games", "{}").await.json();
    assert!(
        exported["text"]
            .as_str()
            .unwrap()
            .contains("warwick-history")
    );
    assert!(
        exported["file"]
            .as_str()
            .unwrap()
            .starts_with(&home.path().display().to_string())
    );
    let reset = call(&app, "/api/reset_settings", "{}").await.json();
    assert_eq!(reset["settings"], reset["defaults"]);
    assert!(reset["notice"].as_str().unwrap().contains("not touched"));
}
