//! `app_info`: what this build of Warwick is.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::{Content, Report};
use crate::rules::RULES_VERSION;

use super::core::Service;

/// Name, versions and a one-line summary of the loaded content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct AppInfo {
    /// The product name.
    pub name: String,
    /// The version of this build (the crate version).
    pub version: String,
    /// The version of the rules engine; logs record it.
    pub rules_version: u32,
    /// One line saying what content is loaded.
    pub content_summary: String,
}

impl AppInfo {
    /// Describes this build and the given content.
    pub fn new(content: &Result<Content, Report>) -> Self {
        let content_summary = match content {
            Ok(content) => content.summary(),
            Err(report) => format!(
                "the built-in game data has {} problem(s)",
                report.problems().len()
            ),
        };
        Self {
            name: "Warwick".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            rules_version: RULES_VERSION,
            content_summary,
        }
    }
}

impl Service {
    /// Name, versions and a one-line summary of the content.
    pub fn app_info(&self) -> AppInfo {
        AppInfo::new(&self.content)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_product_and_versions() {
        let info = AppInfo::new(&Content::embedded());
        assert_eq!(info.name, "Warwick");
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert_eq!(info.rules_version, RULES_VERSION);
    }
}
