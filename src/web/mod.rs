//! The local HTTP adapter behind `warwick serve`.
//!
//! Serves the built UI and the [`crate::service`] API as JSON over HTTP, bound to 127.0.0.1 only,
//! so the UI can be tested in a real browser and played on a desktop without the app. Must stay
//! a thin adapter: every request maps to one service call. Requests are guarded (README,
//! "Security of the local server"): only for the served loopback host, calls that change games
//! only from the served page or with the launch token and only as JSON, bodies capped, files only
//! from inside the UI folder, security headers on every answer and one JSON shape for every error.

mod error;
mod guard;
mod headers;
mod in_app;
mod router;
mod server;
mod static_files;
#[cfg(test)]
mod tests;

pub use error::WebError;
pub use guard::{LaunchToken, TOKEN_HEADER};
pub use headers::{CONTENT_SECURITY_POLICY, SECURITY_HEADERS};
pub use in_app::{LanServer, PREFERRED_LAN_PORT};
pub use router::{CALL_BODY_LIMIT, LOG_CALL_BODY_LIMIT, RouterOptions, router, router_with_ui};
pub use server::{ServeOptions, serve};
pub use static_files::{TOKEN_META, UiAssets};
