//! One request through the real router, in-process: the request as plain data (so that it can
//! be written as a reproducer), sending it with `oneshot` on the lane's runtime, and the checks
//! every answer must pass whatever was asked (no 5xx, errors in the one `{code, message}` JSON
//! shape, no byte of a file outside the UI folder), plus what the guard must refuse. Must not
//! choose what to send.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderName, HeaderValue, Method, Request};
use serde_json::{Value, json};
use tower::ServiceExt;

use warwick::service::Service;
use warwick::web::{LaunchToken, RouterOptions, SECURITY_HEADERS, TOKEN_HEADER, router};

/// The port the router believes it serves.
pub const PORT: u16 = 8420;
/// The served host, as a `Host` header.
pub const HOST: &str = "127.0.0.1:8420";
/// The served page's origin.
pub const ORIGIN: &str = "http://127.0.0.1:8420";
/// What the file outside the UI folder holds: no answer may ever carry it.
pub const SECRET: &str = "fuzz-secret-outside-the-ui-folder";

/// The calls under `/api`.
pub const ROUTES: [&str; 21] = [
    "app_info",
    "content",
    "create_game",
    "submit",
    "status",
    "view",
    "legal",
    "undo",
    "state_at",
    "branch",
    "timeline",
    "export",
    "verify",
    "create_game_paused",
    "act",
    "bot_step",
    "advance",
    "strengths",
    "list_games",
    "import",
    "verify_log",
];

/// A request as the fuzz makes it.
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// The method (any token, not only the usual ones).
    pub method: String,
    /// The request target.
    pub uri: String,
    /// Headers in order; values are bytes (they need not be text).
    pub headers: Vec<(String, Vec<u8>)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Outgoing {
    /// A call as the served page makes it: POST with the served Host and Origin, JSON.
    pub fn call(route: &str, body: Vec<u8>) -> Self {
        Self {
            method: "POST".to_owned(),
            uri: format!("/api/{route}"),
            headers: vec![
                ("host".to_owned(), HOST.as_bytes().to_vec()),
                ("origin".to_owned(), ORIGIN.as_bytes().to_vec()),
                ("content-type".to_owned(), b"application/json".to_vec()),
            ],
            body,
        }
    }

    /// The values of a header (by lower-case name).
    pub fn header(&self, name: &str) -> impl Iterator<Item = &[u8]> {
        self.headers
            .iter()
            .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_slice())
    }

    /// The request as JSON, for a reproducer (a body that is not text is written in hex).
    pub fn to_json(&self) -> Value {
        let text = |bytes: &[u8]| match std::str::from_utf8(bytes) {
            Ok(text) => json!(text),
            Err(_) => json!({ "hex": hex::encode(bytes) }),
        };
        json!({
            "method": self.method,
            "uri": self.uri,
            "headers": self.headers.iter().map(|(n, v)| json!([n, text(v)])).collect::<Vec<_>>(),
            "body": text(&self.body),
        })
    }

    /// The HTTP request, or why this one cannot be built (an invalid method, target or header,
    /// which a client library would refuse to send too).
    fn build(&self) -> Result<Request<Body>, String> {
        let method = Method::from_bytes(self.method.as_bytes()).map_err(|e| e.to_string())?;
        let mut builder = Request::builder().method(method).uri(self.uri.as_str());
        for (name, value) in &self.headers {
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|e| e.to_string())?;
            let value = HeaderValue::from_bytes(value).map_err(|e| e.to_string())?;
            builder = builder.header(name, value);
        }
        builder
            .body(Body::from(self.body.clone()))
            .map_err(|e| e.to_string())
    }

    /// The route it is counted under: `METHOD /api/call`, or a group for other paths.
    pub fn route(&self) -> String {
        let path = self.path();
        let path = path.as_str();
        let group = match path.strip_prefix("/api/") {
            Some(call) if ROUTES.contains(&call) => path.to_owned(),
            Some(_) => "/api/(other)".to_owned(),
            None if path == "/" || path == "/index.html" || path.starts_with("/assets/") => {
                "(ui)".to_owned()
            }
            None => "(odd path)".to_owned(),
        };
        let method = match self.method.as_str() {
            "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS" | "HEAD" => &self.method,
            _ => "(other method)",
        };
        format!("{method} {group}")
    }

    /// The target's path (of an absolute target too), without its query.
    pub fn path(&self) -> String {
        self.uri
            .parse::<axum::http::Uri>()
            .map_or_else(|_| self.uri.clone(), |uri| uri.path().to_owned())
    }

    /// Whether the guard must refuse it for its `Host`: not exactly one `Host` naming the served
    /// port on 127.0.0.1 or localhost (and an absolute target naming the same).
    pub fn bad_host(&self) -> bool {
        let served = |v: &[u8]| {
            [HOST.as_bytes(), b"localhost:8420"]
                .iter()
                .any(|h| v.eq_ignore_ascii_case(h))
        };
        let hosts: Vec<&[u8]> = self.header("host").collect();
        let authority = self
            .uri
            .split_once("://")
            .map(|(_, rest)| rest.split('/').next().unwrap_or(""));
        !(hosts.len() == 1 && served(hosts[0]) && authority.is_none_or(|a| served(a.as_bytes())))
    }

    /// Whether it carries what lets a call change games: the token, or exactly one `Origin`
    /// of the served page.
    pub fn credentialed(&self, token: &LaunchToken) -> bool {
        let token_ok = self
            .header(TOKEN_HEADER)
            .next()
            .is_some_and(|v| v == token.as_str().as_bytes());
        let origins: Vec<&[u8]> = self.header("origin").collect();
        let origin_ok = origins.len() == 1
            && [ORIGIN.as_bytes(), b"http://localhost:8420"].contains(&origins[0]);
        token_ok || origin_ok
    }
}

/// What came back.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The status.
    pub status: u16,
    /// The `Content-Type`, if any.
    pub content_type: Option<String>,
    /// Security headers missing or wrong, and CORS headers present (there must be none).
    pub header_problems: Vec<String>,
    /// The body.
    pub body: Bytes,
}

impl Answer {
    /// The body as JSON, if it is.
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }

    /// Whether it succeeded.
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The error's `code`, for an error in the one shape.
    pub fn code(&self) -> Option<String> {
        if self.ok() {
            return None;
        }
        self.json()
            .and_then(|j| j.get("code").and_then(Value::as_str).map(str::to_owned))
    }

    /// The answer as JSON, for a reproducer (the body cut to 4 KB).
    pub fn to_json(&self) -> Value {
        let text = String::from_utf8_lossy(&self.body);
        let cut: String = text.chars().take(4096).collect();
        json!({ "status": self.status, "content_type": self.content_type, "body": cut })
    }

    /// What is wrong with the answer whatever the request was: a 5xx, an error not in the one
    /// `{code, message}` JSON shape (a rules refusal adds its `rule`; a `HEAD` answer has no
    /// body to hold it), a security header
    /// missing or a CORS header present, or a file from outside the UI folder.
    pub fn problems(&self, method: &str) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.status >= 500 {
            out.push((
                "5xx",
                format!("answered {}: {}", self.status, self.snippet()),
            ));
        }
        if !self.ok() && method != "HEAD" && !self.one_error_shape() {
            out.push((
                "error_shape",
                format!(
                    "a {} answer that is not {{code, message}} JSON ({:?}): {}",
                    self.status,
                    self.content_type,
                    self.snippet()
                ),
            ));
        }
        if !self.header_problems.is_empty() {
            out.push(("headers", self.header_problems.join("; ")));
        }
        if self
            .body
            .windows(SECRET.len())
            .any(|w| w == SECRET.as_bytes())
        {
            out.push((
                "static_escape",
                "an answer carries a file from outside the UI folder".to_owned(),
            ));
        }
        out
    }

    fn one_error_shape(&self) -> bool {
        let json_type = self.content_type.as_deref().is_some_and(|t| {
            t.parse::<mime::Mime>()
                .is_ok_and(|m| m.type_() == mime::APPLICATION && m.subtype() == mime::JSON)
        });
        let shape = self.json().is_some_and(|j| {
            let text = |key: &str| {
                j.get(key)
                    .and_then(Value::as_str)
                    .is_some_and(|s| !s.is_empty())
            };
            // A refusal by the rules may also name its rule: `{section, anchor}`, nothing more.
            let rule = j.get("rule").is_none_or(|r| {
                r.as_object().is_some_and(|o| o.len() == 2)
                    && r.get("section")
                        .and_then(Value::as_str)
                        .is_some_and(|s| !s.is_empty())
                    && r.get("anchor")
                        .is_some_and(|a| a.is_null() || a.as_str().is_some_and(|s| !s.is_empty()))
            });
            let fields = 2 + usize::from(j.get("rule").is_some());
            j.as_object().is_some_and(|o| o.len() == fields)
                && text("code")
                && text("message")
                && rule
        });
        json_type && shape
    }

    fn snippet(&self) -> String {
        String::from_utf8_lossy(&self.body)
            .chars()
            .take(300)
            .collect()
    }
}

/// A lane's server: a fresh in-memory service behind the real router.
pub struct Client {
    router: Router,
    /// The launch token.
    pub token: LaunchToken,
    /// The service behind the router (for the audit and the fingerprint).
    pub service: Arc<Service>,
}

impl Client {
    /// A new service and router serving the UI folder `ui_dir`.
    pub fn new(ui_dir: &Path) -> Result<Self, String> {
        Self::over(Arc::new(Service::new()), ui_dir)
    }

    /// The router over `service`, serving the UI folder `ui_dir`.
    pub fn over(service: Arc<Service>, ui_dir: &Path) -> Result<Self, String> {
        let token = LaunchToken::generate().map_err(|e| e.to_string())?;
        let options = RouterOptions {
            ui_dir: ui_dir.to_owned(),
            port: PORT,
            token: token.clone(),
            lan: None,
        };
        Ok(Self {
            router: router(service.clone(), options),
            token,
            service,
        })
    }

    /// Sends one request; `Err` when it could not be built (not sent, not counted).
    pub async fn send(&self, outgoing: &Outgoing) -> Result<Answer, String> {
        let request = outgoing.build()?;
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .unwrap_or_else(|never| match never {});
        let status = response.status().as_u16();
        let headers = response.headers();
        let content_type = headers
            .get(axum::http::header::CONTENT_TYPE)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        let mut header_problems: Vec<String> = SECURITY_HEADERS
            .iter()
            .filter(|(name, value)| {
                headers
                    .get(name)
                    .is_none_or(|v| v.as_bytes() != value.as_bytes())
            })
            .map(|(name, _)| format!("{name} missing or wrong"))
            .collect();
        header_problems.extend(
            headers
                .keys()
                .filter(|name| name.as_str().starts_with("access-control-"))
                .map(|name| format!("a CORS header {name}")),
        );
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .map_err(|e| format!("the answer's body could not be read: {e}"))?;
        Ok(Answer {
            status,
            content_type,
            header_problems,
            body,
        })
    }

    /// Every game and where its history ends: a request that may not change games must leave
    /// this as it was.
    pub fn fingerprint(&self) -> Vec<(i64, u64)> {
        self.service
            .list_games()
            .map(|games| games.iter().map(|g| (g.game, g.head)).collect())
            .unwrap_or_default()
    }
}

/// Makes the UI folder the router serves (a page and a script), a folder beside it holding
/// [`SECRET`], and a link from the UI folder to it, which must never be followed.
pub fn make_ui(out: &Path) -> std::io::Result<PathBuf> {
    let ui = out.join("ui");
    let secret = out.join("secret");
    std::fs::create_dir_all(ui.join("assets"))?;
    std::fs::create_dir_all(&secret)?;
    std::fs::write(
        ui.join("index.html"),
        "<!doctype html><html><head><title>Warwick</title></head><body></body></html>\n",
    )?;
    std::fs::write(ui.join("assets/app.js"), "console.log('warwick');\n")?;
    std::fs::write(secret.join("secret.txt"), SECRET)?;
    let link = ui.join("link");
    if std::fs::symlink_metadata(&link).is_err() {
        #[cfg(unix)]
        std::os::unix::fs::symlink(&secret, &link)?;
    }
    Ok(ui)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token() -> LaunchToken {
        LaunchToken::generate().unwrap()
    }

    #[test]
    fn the_served_host_and_page_are_recognised() {
        let token = token();
        let call = Outgoing::call("status", b"{}".to_vec());
        assert!(!call.bad_host());
        assert!(call.credentialed(&token));
        let mut other = call.clone();
        other.headers[0].1 = b"evil.example:8420".to_vec();
        assert!(other.bad_host());
        let mut absolute = call.clone();
        absolute.uri = "http://evil.example:8420/api/status".to_owned();
        assert!(absolute.bad_host());
        assert_eq!(absolute.path(), "/api/status");
        let mut two = call;
        two.headers
            .push(("host".to_owned(), HOST.as_bytes().to_vec()));
        assert!(two.bad_host());
    }

    #[test]
    fn only_the_token_or_one_served_origin_credentials_a_call() {
        let token = token();
        let mut call = Outgoing::call("status", b"{}".to_vec());
        call.headers.retain(|(n, _)| n != "origin");
        assert!(!call.credentialed(&token));
        call.headers
            .push((TOKEN_HEADER.to_owned(), token.as_str().as_bytes().to_vec()));
        assert!(call.credentialed(&token));
        let mut foreign = Outgoing::call("status", b"{}".to_vec());
        foreign
            .headers
            .push(("origin".to_owned(), b"https://evil.example".to_vec()));
        assert!(!foreign.credentialed(&token), "two origins are none");
    }

    #[test]
    fn errors_must_be_in_the_one_shape() {
        let answer = |status: u16, body: &str| Answer {
            status,
            content_type: Some("application/json".to_owned()),
            header_problems: Vec::new(),
            body: Bytes::from(body.to_owned()),
        };
        assert!(
            answer(404, r#"{"code":"x","message":"y"}"#)
                .problems("GET")
                .is_empty()
        );
        assert_eq!(answer(404, "{}").problems("GET")[0].0, "error_shape");
        assert!(answer(404, "").problems("HEAD").is_empty());
        assert_eq!(
            answer(500, r#"{"code":"x","message":"y"}"#).problems("GET")[0].0,
            "5xx"
        );
        assert_eq!(answer(200, SECRET).problems("GET")[0].0, "static_escape");
    }
}
