//! The application API: what the Tauri app, the CLI and `warwick serve` call.
//!
//! Owns orchestration (content, rules, store and bots together) behind plain Rust types that
//! serialize to JSON and export TypeScript bindings for the UI. Must not depend on Tauri or on
//! HTTP: the app and the web adapter are thin layers over it.

mod app_info;
mod error;

pub use app_info::AppInfo;
pub use error::{ServiceError, ServiceResult};

use crate::content::{Content, Report};

/// The service the app, the CLI and the web adapter share.
#[derive(Debug)]
pub struct Service {
    content: Result<Content, Report>,
}

impl Default for Service {
    fn default() -> Self {
        Self::new()
    }
}

impl Service {
    /// A service over the content compiled into this binary.
    pub fn new() -> Self {
        Self {
            content: Content::embedded(),
        }
    }

    /// Name, versions and a one-line summary of the content.
    pub fn app_info(&self) -> AppInfo {
        AppInfo::new(&self.content)
    }

    /// The whole validated content (map, geometry, cards, tables), which the UI draws from.
    pub fn content(&self) -> ServiceResult<&Content> {
        self.content
            .as_ref()
            .map_err(|report| ServiceError::InvalidContent(report.to_string()))
    }
}
