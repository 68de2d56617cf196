//! The local HTTP adapter behind `warwick serve`.
//!
//! Serves the built UI and the [`crate::service`] API as JSON over HTTP, bound to 127.0.0.1 only,
//! so the UI can be tested in a real browser and played on a desktop without the app. Must stay
//! a thin adapter: every request maps to one service call.

mod server;

pub use server::{ServeOptions, router, serve};
