//! Who may call `warwick serve`: the `Host` check (against DNS rebinding), and for calls that
//! change games (every unsafe method under `/api`) the Origin-or-token rule (against cross-site
//! requests) and the JSON-only rule (no form or `text/plain` posts). Served on the home network
//! too (`--lan`), a request from another address than this computer must carry a paired
//! phone's session cookie (the pairing address alone excepted, its attempts rate-limited), and
//! may not make the calls only the computer makes. The per-launch token lives here too.

use std::collections::{BTreeMap, VecDeque};
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;

use super::error::WebError;
use crate::service::{LanInfo, Service};

/// The cookie that carries a paired phone's session.
pub const SESSION_COOKIE: &str = "warwick_session";

/// Pairing attempts allowed per minute from one address, and from all together.
const ATTEMPTS_PER_ADDRESS: usize = 5;
const ATTEMPTS_IN_ALL: usize = 20;
const ATTEMPT_WINDOW: Duration = Duration::from_secs(60);

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

/// The hosts and origin a server on one port answers to, and its token; on the home network
/// also the service that knows the paired phones, and the pairing attempts seen lately.
pub(crate) struct Guard {
    /// `Host` values accepted (`127.0.0.1:PORT`, `localhost:PORT`, each network address).
    hosts: Vec<String>,
    /// `Origin` values of the served page.
    origins: Vec<String>,
    token: LaunchToken,
    /// Served on the home network: the service (paired sessions, the call table).
    lan: Option<Arc<Service>>,
    attempts: Mutex<Attempts>,
}

/// Pairing attempts by address, and in all, within the last minute.
#[derive(Default)]
struct Attempts {
    by_address: BTreeMap<IpAddr, VecDeque<Instant>>,
    all: VecDeque<Instant>,
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
            lan: None,
            attempts: Mutex::default(),
        }
    }

    /// The guard of a server on `port` of every interface: loopback as [`Guard::new`], and the
    /// machine's network addresses for paired phones.
    pub(crate) fn on_lan(
        port: u16,
        token: LaunchToken,
        lan: &LanInfo,
        service: Arc<Service>,
    ) -> Self {
        let mut guard = Self::new(port, token);
        for address in &lan.addresses {
            guard.hosts.push(format!("{address}:{port}"));
            guard.origins.push(format!("http://{address}:{port}"));
        }
        guard.lan = Some(service);
        guard
    }

    /// Refuses a request this server must not answer. `peer` is who sent it (none in tests:
    /// this computer).
    fn check(&self, request: &Request, peer: Option<SocketAddr>) -> Result<(), WebError> {
        self.check_host(request)?;
        if let Some(peer) = peer.filter(|p| !is_loopback(p.ip())) {
            self.check_phone(request, peer.ip())?;
        }
        let path = request.uri().path();
        let changes = !request.method().is_safe();
        if changes && (path == "/api" || path.starts_with("/api/")) {
            self.check_origin(request.headers())?;
            check_json(request.headers())?;
        }
        Ok(())
    }

    /// Another device: the pairing address (rate-limited), or a paired phone's session for
    /// anything else, never a call only the computer makes.
    fn check_phone(&self, request: &Request, from: IpAddr) -> Result<(), WebError> {
        let Some(service) = &self.lan else {
            return Err(WebError::NotPaired);
        };
        let path = request.uri().path();
        if path.starts_with("/pair/") {
            return self.count_attempt(from);
        }
        let session = cookie(request.headers(), SESSION_COOKIE);
        if !session.is_some_and(|s| service.paired(s).unwrap_or(false)) {
            return Err(WebError::NotPaired);
        }
        if let Some(call) = path.strip_prefix("/api/")
            && crate::service::calls::call_spec(call).is_some_and(|c| c.local)
        {
            return Err(WebError::LocalOnly(call.to_owned()));
        }
        Ok(())
    }

    /// Counts a pairing attempt from `from`: refused past the limits of the last minute.
    fn count_attempt(&self, from: IpAddr) -> Result<(), WebError> {
        let now = Instant::now();
        let mut attempts = self
            .attempts
            .lock()
            .map_err(|_| WebError::Internal("the pairing counter failed".to_owned()))?;
        let recent = |q: &mut VecDeque<Instant>| {
            while q
                .front()
                .is_some_and(|t| now.duration_since(*t) > ATTEMPT_WINDOW)
            {
                q.pop_front();
            }
        };
        recent(&mut attempts.all);
        attempts.by_address.retain(|_, q| {
            recent(q);
            !q.is_empty()
        });
        let mine = attempts.by_address.get(&from).map_or(0, VecDeque::len);
        if mine >= ATTEMPTS_PER_ADDRESS || attempts.all.len() >= ATTEMPTS_IN_ALL {
            return Err(WebError::TooManyAttempts);
        }
        attempts.all.push_back(now);
        attempts.by_address.entry(from).or_default().push_back(now);
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

/// Whether an address is this computer's own (an IPv4-mapped loopback too).
fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

/// A cookie's value from the request's `Cookie` headers.
pub(crate) fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim())
}

/// The page an unpaired phone sees instead of the game.
const NOT_PAIRED_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Warwick: pair \
this phone</title></head><body style=\"font-family:sans-serif;max-width:32rem;margin:2rem auto;\
padding:0 1rem;line-height:1.5\"><h1>This phone is not paired yet</h1><p>On your computer, open \
Warwick and choose <strong>Play on your phone</strong>. Scan the QR code it shows with this phone's \
camera, or open the pairing address it shows.</p><p>Nobody else on your network can see or touch \
your games.</p></body></html>";

/// Middleware: answers a refused request with its error (an unpaired phone asking for a page
/// gets a page saying how to pair), passes the others on.
pub(crate) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0);
    match guard.check(&request, peer) {
        Ok(()) => next.run(request).await,
        Err(WebError::NotPaired) if !request.uri().path().starts_with("/api/") => (
            axum::http::StatusCode::UNAUTHORIZED,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            )],
            NOT_PAIRED_PAGE,
        )
            .into_response(),
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

    impl Guard {
        fn check_local(&self, request: &Request) -> Result<(), WebError> {
            self.check(request, None)
        }
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
                code(g.check_local(&request(Method::GET, "/", &[("host", host)]))),
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
                code(g.check_local(&request(Method::GET, "/", &[("host", host)]))),
                "bad_host",
                "{host}"
            );
        }
        assert_eq!(
            code(g.check_local(&request(Method::GET, "/", &[]))),
            "bad_host"
        );
        let two = [HOST, ("host", "evil.example:8420")];
        assert_eq!(
            code(g.check_local(&request(Method::GET, "/", &two))),
            "bad_host"
        );
        let absolute = request(Method::GET, "http://evil.example:8420/", &[HOST]);
        assert_eq!(code(g.check_local(&absolute)), "bad_host");
    }

    #[test]
    fn port_80_is_also_served_without_a_port() {
        let g = Guard::new(80, LaunchToken("t".to_owned()));
        let post = request(
            Method::POST,
            "/api/x",
            &[("host", "localhost"), ("origin", "http://localhost"), JSON],
        );
        assert_eq!(code(g.check_local(&post)), "ok");
    }

    #[test]
    fn changing_calls_need_the_served_origin_or_the_token() {
        let g = guard();
        let post = |headers: &[(&str, &str)]| {
            code(g.check_local(&request(Method::POST, "/api/x", headers)))
        };
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
            code(g.check_local(&request(Method::GET, "/api/content", &[HOST]))),
            "ok"
        );
        // Every unsafe method under /api is, not only POST.
        assert_eq!(
            code(g.check_local(&request(Method::PUT, "/api/x", &[HOST, JSON]))),
            "bad_origin"
        );
    }

    #[test]
    fn changing_calls_must_be_json() {
        let g = guard();
        let post = |ct: Option<&str>| {
            let mut headers = vec![HOST, ORIGIN];
            headers.extend(ct.map(|ct| ("content-type", ct)));
            code(g.check_local(&request(Method::POST, "/api/x", &headers)))
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
