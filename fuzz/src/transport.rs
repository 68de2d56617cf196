//! Hostile transport: a call (or a file request) with a random or missing `Host` (rebinding
//! names included), a foreign, missing or doubled `Origin`, a wrong token, the wrong content
//! type, another method, or an odd path (traversal, encoded dots, links out of the UI folder,
//! very long, unknown). What the guard must then refuse is judged from the request itself
//! ([`super::http::Outgoing::bad_host`] and `credentialed`), not from how it was made. Must
//! not send anything.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use warwick::web::{LaunchToken, TOKEN_HEADER};

use super::http::{HOST, ORIGIN, Outgoing, ROUTES};

const HOSTS: [&str; 12] = [
    "evil.example:8420",
    "127.0.0.1:9999",
    "127.0.0.1",
    "localhost",
    "localhost.:8420",
    "LOCALHOST:8420",
    "localhost:8420",
    "127.0.0.1:8420 ",
    "[::1]:8420",
    "127.0.0.1:8420.evil.example",
    "",
    "2130706433:8420",
];

const ORIGINS: [&str; 10] = [
    "null",
    "https://evil.example",
    "http://evil.example:8420",
    "http://127.0.0.1:9999",
    "http://127.0.0.1:8420/",
    "https://127.0.0.1:8420",
    "http://LOCALHOST:8420",
    "http://localhost:8420",
    "http://127.0.0.1:8420.evil.example",
    "",
];

const CONTENT_TYPES: [&str; 10] = [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-8",
    "Application/JSON",
    "application/ld+json",
    "application/jsonx",
    "application/json, text/plain",
    "json",
    "",
];

const METHODS: [&str; 9] = [
    "GET", "PUT", "DELETE", "OPTIONS", "PATCH", "HEAD", "TRACE", "POST", "FOO",
];

/// Paths that lead nowhere good, or somewhere they should not.
const ODD_PATHS: [&str; 30] = [
    "/",
    "/index.html",
    "/assets/app.js",
    "/assets/",
    "/link/secret.txt",
    "/link",
    "/../secret/secret.txt",
    "/assets/../../secret/secret.txt",
    "/%2e%2e/secret/secret.txt",
    "/%2e%2e%2fsecret%2fsecret.txt",
    "/assets/%2e%2e/%2e%2e/secret/secret.txt",
    "/..%2f..%2fsecret/secret.txt",
    "/link%2fsecret.txt",
    "/%2fetc%2fpasswd",
    "/../../../../etc/passwd",
    "/api",
    "/api/",
    "/API/status",
    "//api/status",
    "/api//status",
    "/api/status/",
    "/%61pi/status",
    "/api/%73tatus",
    "/api/../api/create_game",
    "/api/./status",
    "/api/status?game=1",
    "/api/no_such_call",
    "/page/that/is/an/app/route",
    "/favicon.ico",
    "/api/create_game%00",
];

/// A hostile request built around a call to `route` with `body`.
pub fn hostile(
    rng: &mut Xoshiro256PlusPlus,
    route: &str,
    body: Vec<u8>,
    token: &LaunchToken,
) -> (&'static str, Outgoing) {
    let mut out = Outgoing::call(route, body);
    let what = match rng.random_range(0..100) {
        0..18 => {
            host(rng, &mut out);
            "host"
        }
        18..40 => {
            origin(rng, &mut out, token);
            "origin"
        }
        40..52 => {
            set(&mut out, "content-type", None);
            if let Some(kind) = CONTENT_TYPES.choose(rng).filter(|_| rng.random_bool(0.85)) {
                out.headers
                    .push(("content-type".to_owned(), kind.as_bytes().to_vec()));
            }
            "content_type"
        }
        52..66 => {
            out.method = METHODS.choose(rng).copied().unwrap_or("GET").to_owned();
            if rng.random_bool(0.5) {
                out.uri = format!("/api/{}", ROUTES.choose(rng).copied().unwrap_or("status"));
            }
            "method"
        }
        66..90 => {
            out.uri = odd_path(rng);
            if rng.random_bool(0.5) {
                out.method = "GET".to_owned();
            }
            "path"
        }
        _ => {
            // Several at once.
            host(rng, &mut out);
            origin(rng, &mut out, token);
            out.method = METHODS.choose(rng).copied().unwrap_or("POST").to_owned();
            if rng.random_bool(0.5) {
                out.uri = odd_path(rng);
            }
            "mixed"
        }
    };
    (what, out)
}

/// Replaces a header's values (none when `value` is `None`).
fn set(out: &mut Outgoing, name: &str, value: Option<Vec<u8>>) {
    out.headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
    if let Some(value) = value {
        out.headers.push((name.to_owned(), value));
    }
}

fn host(rng: &mut Xoshiro256PlusPlus, out: &mut Outgoing) {
    match rng.random_range(0..10) {
        0 => set(out, "host", None),
        1 => out
            .headers
            .push(("host".to_owned(), b"evil.example:8420".to_vec())),
        2 => set(out, "host", Some(b"127.0.0.1:8420\xff".to_vec())),
        3 => {
            // An absolute target naming another authority than the Host header.
            let authority = HOSTS
                .choose(rng)
                .map(|h| h.trim())
                .filter(|h| !h.is_empty())
                .unwrap_or(HOST);
            let path = out.uri.clone();
            out.uri = format!("http://{authority}{path}");
        }
        _ => {
            let value = HOSTS.choose(rng).copied().unwrap_or(HOST);
            set(out, "host", Some(value.as_bytes().to_vec()));
        }
    }
}

fn origin(rng: &mut Xoshiro256PlusPlus, out: &mut Outgoing, token: &LaunchToken) {
    match rng.random_range(0..10) {
        0 => set(out, "origin", None),
        1 => out
            .headers
            .push(("origin".to_owned(), b"https://evil.example".to_vec())),
        2 => {
            let wrong = format!("{}0", token.as_str());
            set(out, "origin", None);
            set(out, TOKEN_HEADER, Some(wrong.into_bytes()));
        }
        3 => {
            set(out, "origin", None);
            let upper = token.as_str().to_ascii_uppercase();
            set(out, TOKEN_HEADER, Some(upper.into_bytes()));
        }
        4 => {
            // The real token from a foreign page: allowed (scripts hold it).
            set(out, "origin", Some(b"https://evil.example".to_vec()));
            set(out, TOKEN_HEADER, Some(token.as_str().as_bytes().to_vec()));
        }
        5 => {
            let cut = token.as_str().get(..63).unwrap_or("").to_owned();
            set(out, "origin", Some(ORIGIN.as_bytes().to_vec()));
            out.headers.push(("origin".to_owned(), b"null".to_vec()));
            set(out, TOKEN_HEADER, Some(cut.into_bytes()));
        }
        _ => {
            let value = ORIGINS.choose(rng).copied().unwrap_or("null");
            set(out, "origin", Some(value.as_bytes().to_vec()));
        }
    }
}

fn odd_path(rng: &mut Xoshiro256PlusPlus) -> String {
    match rng.random_range(0..40) {
        0 => format!("/{}", "a/".repeat(rng.random_range(100..2000))),
        1..4 => format!("/api/{}", "x".repeat(rng.random_range(100..8000))),
        4..8 => format!("/assets/{}", "..%2f".repeat(rng.random_range(1..20))),
        _ => ODD_PATHS.choose(rng).copied().unwrap_or("/").to_owned(),
    }
}
