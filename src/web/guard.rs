//! Who may call `warwick serve`: the `Host` check (against DNS rebinding), and for calls that
//! change games (every unsafe method under `/api`) the Origin-or-token rule (against cross-site
//! requests) and the JSON-only rule (no form or `text/plain` posts). The per-launch token lives
//! here too.

use std::fmt;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;

use super::error::WebError;

/// The header that carries the launch token.
pub const TOKEN_HEADER: &str = "x-warwick-token";

/// A secret made at each launch of the server: a call that carries it may change games from
/// anywhere (a script, a proxy), since only who read the server's output or its page knows it.
#[derive(Clone, PartialEq, Eq)]
pub struct LaunchToken(String);

impl LaunchToken {
    /// A new token: 256 bits from the operating system's CSPRNG, in hex.
    pub fn generate() -> Result<Self, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok(Self(hex::encode(bytes)))
    }

    /// The token as sent in [`TOKEN_HEADER`] and put in the served page.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether a presented value is this token (in constant time).
    fn matches(&self, presented: &HeaderValue) -> bool {
        self.0.as_bytes().ct_eq(presented.as_bytes()).into()
    }
}

impl fmt::Debug for LaunchToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A secret: kept out of logs and panic messages.
        f.write_str("LaunchToken(..)")
    }
}

/// The hosts and origin a server on one loopback port answers to, and its token.
pub(crate) struct Guard {
    /// `Host` values accepted (`127.0.0.1:PORT`, `localhost:PORT`).
    hosts: Vec<String>,
    /// `Origin` values of the served page.
    origins: Vec<String>,
    token: LaunchToken,
}

impl Guard {
    /// The guard of a server bound to 127.0.0.1:`port`.
    pub(crate) fn new(port: u16, token: LaunchToken) -> Self {
        let names = ["127.0.0.1", "localhost"];
        let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
        let mut origins: Vec<String> = names.iter().map(|n| format!("http://{n}:{port}")).collect();
        if port == 80 {
            // The default port is left out of both by browsers.
            hosts.extend(names.iter().map(|n| (*n).to_owned()));
            origins.extend(names.iter().map(|n| format!("http://{n}")));
        }
        Self {
            hosts,
            origins,
            token,
        }
    }

    /// Refuses a request this server must not answer.
    fn check(&self, request: &Request) -> Result<(), WebError> {
        self.check_host(request)?;
        let path = request.uri().path();
        let changes = !request.method().is_safe();
        if changes && (path == "/api" || path.starts_with("/api/")) {
            self.check_origin(request.headers())?;
            check_json(request.headers())?;
        }
        Ok(())
    }

    /// The request must name this server: exactly one `Host` (and the request target's authority,
    /// if it has one) among the served loopback names and port. A page of another site that
    /// re-points its name at 127.0.0.1 (DNS rebinding) still sends its own name.
    fn check_host(&self, request: &Request) -> Result<(), WebError> {
        let mut hosts = request.headers().get_all(header::HOST).iter();
        let host = match (hosts.next(), hosts.next()) {
            (Some(host), None) => host.to_str().ok(),
            _ => None,
        };
        let target = request.uri().authority().map(|a| a.as_str());
        let served = |name: &str| self.hosts.iter().any(|h| h.eq_ignore_ascii_case(name));
        match host {
            Some(host) if served(host) && target.is_none_or(served) => Ok(()),
            _ => Err(WebError::BadHost {
                expected: self.hosts.join(" or "),
                got: host.or(target).unwrap_or("no single Host").to_owned(),
            }),
        }
    }

    /// A call that changes games must carry the launch token, or come from the served page (its
    /// `Origin`, which browsers always send on a cross-origin or non-GET fetch, is exactly the
    /// served origin). A page of another site can do neither: it cannot read the token (no CORS
    /// header is ever sent), nor set a custom header without a preflight that is refused.
    fn check_origin(&self, headers: &HeaderMap) -> Result<(), WebError> {
        let token = headers.get(TOKEN_HEADER);
        if token.is_some_and(|value| self.token.matches(value)) {
            return Ok(());
        }
        let mut origins = headers.get_all(header::ORIGIN).iter();
        let origin = match (origins.next(), origins.next()) {
            (Some(origin), None) => origin.to_str().ok(),
            _ => None,
        };
        if origin.is_some_and(|origin| self.origins.iter().any(|o| o == origin)) {
            Ok(())
        } else {
            Err(WebError::BadOrigin {
                expected: self.origins.join(" or "),
            })
        }
    }
}

/// Calls take `application/json` (with parameters such as a charset): a cross-site form can
/// send only form encodings or `text/plain`, never this, without a preflight.
fn check_json(headers: &HeaderMap) -> Result<(), WebError> {
    let declared = headers
        .get(header::CONTENT_TYPE)
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
    let json = declared
        .as_deref()
        .and_then(|value| value.parse::<mime::Mime>().ok())
        .is_some_and(|mime| {
            mime.type_() == mime::APPLICATION
                && mime.subtype() == mime::JSON
                && mime.suffix().is_none()
        });
    if json {
        Ok(())
    } else {
        Err(WebError::UnsupportedMediaType(declared.map_or_else(
            || "no Content-Type".to_owned(),
            |d| format!("`{d}`"),
        )))
    }
}

/// Middleware: answers a refused request with its error, passes the others on.
pub(crate) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    match guard.check(&request) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Method;

    fn guard() -> Guard {
        Guard::new(8420, LaunchToken("t0ken".to_owned()))
    }

    fn request(method: Method, path: &str, headers: &[(&str, &str)]) -> Request {
        let mut builder = Request::builder().method(method).uri(path);
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        builder.body(Body::empty()).unwrap()
    }

    fn code(result: Result<(), WebError>) -> &'static str {
        result.err().map_or("ok", |e| e.code())
    }

    const JSON: (&str, &str) = ("content-type", "application/json");
    const ORIGIN: (&str, &str) = ("origin", "http://127.0.0.1:8420");
    const HOST: (&str, &str) = ("host", "127.0.0.1:8420");

    #[test]
    fn tokens_are_fresh_long_and_hex() {
        let a = LaunchToken::generate().unwrap();
        let b = LaunchToken::generate().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 64);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert!(!format!("{a:?}").contains(a.as_str()));
    }

    #[test]
    fn only_the_served_hosts_are_answered() {
        let g = guard();
        for host in ["127.0.0.1:8420", "localhost:8420", "LOCALHOST:8420"] {
            assert_eq!(
                code(g.check(&request(Method::GET, "/", &[("host", host)]))),
                "ok"
            );
        }
        for host in [
            "evil.example:8420",
            "127.0.0.1:9999",
            "127.0.0.1",
            "localhost.:8420",
        ] {
            assert_eq!(
                code(g.check(&request(Method::GET, "/", &[("host", host)]))),
                "bad_host",
                "{host}"
            );
        }
        assert_eq!(code(g.check(&request(Method::GET, "/", &[]))), "bad_host");
        let two = [HOST, ("host", "evil.example:8420")];
        assert_eq!(code(g.check(&request(Method::GET, "/", &two))), "bad_host");
        let absolute = request(Method::GET, "http://evil.example:8420/", &[HOST]);
        assert_eq!(code(g.check(&absolute)), "bad_host");
    }

    #[test]
    fn port_80_is_also_served_without_a_port() {
        let g = Guard::new(80, LaunchToken("t".to_owned()));
        let post = request(
            Method::POST,
            "/api/x",
            &[("host", "localhost"), ("origin", "http://localhost"), JSON],
        );
        assert_eq!(code(g.check(&post)), "ok");
    }

    #[test]
    fn changing_calls_need_the_served_origin_or_the_token() {
        let g = guard();
        let post =
            |headers: &[(&str, &str)]| code(g.check(&request(Method::POST, "/api/x", headers)));
        assert_eq!(post(&[HOST, ORIGIN, JSON]), "ok");
        assert_eq!(
            post(&[HOST, ("origin", "http://localhost:8420"), JSON]),
            "ok"
        );
        assert_eq!(post(&[HOST, JSON]), "bad_origin");
        assert_eq!(
            post(&[HOST, ("origin", "https://evil.example"), JSON]),
            "bad_origin"
        );
        assert_eq!(post(&[HOST, ("origin", "null"), JSON]), "bad_origin");
        assert_eq!(
            post(&[HOST, ("origin", "http://127.0.0.1:9999"), JSON]),
            "bad_origin"
        );
        assert_eq!(post(&[HOST, ("x-warwick-token", "t0ken"), JSON]), "ok");
        assert_eq!(
            post(&[HOST, ("x-warwick-token", "t0ke"), JSON]),
            "bad_origin"
        );
        assert_eq!(
            post(&[
                HOST,
                ("x-warwick-token", "wrong"),
                ("origin", "https://evil.example"),
                JSON
            ]),
            "bad_origin"
        );
        // Reading is not guarded by the origin: GET answers only to the served page anyway.
        assert_eq!(
            code(g.check(&request(Method::GET, "/api/content", &[HOST]))),
            "ok"
        );
        // Every unsafe method under /api is, not only POST.
        assert_eq!(
            code(g.check(&request(Method::PUT, "/api/x", &[HOST, JSON]))),
            "bad_origin"
        );
    }

    #[test]
    fn changing_calls_must_be_json() {
        let g = guard();
        let post = |ct: Option<&str>| {
            let mut headers = vec![HOST, ORIGIN];
            headers.extend(ct.map(|ct| ("content-type", ct)));
            code(g.check(&request(Method::POST, "/api/x", &headers)))
        };
        assert_eq!(post(Some("application/json")), "ok");
        assert_eq!(post(Some("application/json; charset=utf-8")), "ok");
        assert_eq!(post(Some("Application/JSON")), "ok");
        assert_eq!(post(Some("text/plain")), "unsupported_media_type");
        assert_eq!(
            post(Some("application/x-www-form-urlencoded")),
            "unsupported_media_type"
        );
        assert_eq!(
            post(Some("multipart/form-data; boundary=x")),
            "unsupported_media_type"
        );
        assert_eq!(post(Some("application/ld+json")), "unsupported_media_type");
        assert_eq!(post(Some("application/jsonx")), "unsupported_media_type");
        assert_eq!(post(None), "unsupported_media_type");
    }
}
