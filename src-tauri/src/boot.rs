//! The main window, and what its page knows before its first script runs: the app's facts
//! (`app_info`), given to the web view as an initialization script. The start screen is then
//! drawn ready in its first frame, instead of one round trip to the service later, while the
//! web process is still busy laying out that first frame (issue 35's start-up). The page still
//! asks the service (`ui/src/boot.ts`); this only spares it the wait.
//!
//! The facts need the content loaded, which takes a few ms: the app loads it on a thread of its
//! own while GTK and Tauri start, and the window (`"create": false` in `tauri.conf.json`) is made
//! here, in the app's set-up, once it is loaded.

use serde::Serialize;
use tauri::{App, WebviewWindow, WebviewWindowBuilder};
use warwick::service::AppInfo;

/// The window's label in `tauri.conf.json`.
const MAIN: &str = "main";

/// The global the page reads (`ui/src/boot.ts`), frozen and not writable.
const GLOBAL: &str = "__WARWICK_BOOT__";

/// What the page is given.
#[derive(Serialize)]
struct Boot<'a> {
    app_info: &'a AppInfo,
}

/// The main window as `tauri.conf.json` describes it, its pages (the start screen, a game, a page
/// loaded again in a new web process) given the app's facts before their scripts run.
pub fn main_window(app: &App, info: &AppInfo) -> Result<WebviewWindow, Box<dyn std::error::Error>> {
    let config = app
        .config()
        .app
        .windows
        .iter()
        .find(|window| window.label == MAIN)
        .ok_or("tauri.conf.json describes no main window")?;
    Ok(WebviewWindowBuilder::from_config(app, config)?
        .initialization_script(script(info))
        .build()?)
}

/// The script: the facts as a JSON literal (JSON is a subset of JavaScript), or nothing when
/// they cannot be written, in which case the page asks the service and waits, as in a browser.
fn script(info: &AppInfo) -> String {
    match serde_json::to_string(&Boot { app_info: info }) {
        Ok(json) => format!(
            "Object.defineProperty(window, '{GLOBAL}', {{ value: Object.freeze({json}), writable: false, configurable: false }});"
        ),
        Err(error) => {
            eprintln!("Warwick could not give the page its start-up facts: {error}");
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warwick::content::Content;

    #[test]
    fn the_script_holds_the_app_info_as_json() {
        let info = AppInfo::new(&Content::embedded());
        let script = script(&info);
        let start = script.find("Object.freeze(").unwrap() + "Object.freeze(".len();
        let end = script.rfind("), writable").unwrap();
        let boot: serde_json::Value = serde_json::from_str(&script[start..end]).unwrap();
        assert_eq!(boot["app_info"], serde_json::to_value(&info).unwrap());
        assert!(script.starts_with("Object.defineProperty(window, '__WARWICK_BOOT__'"));
    }

    #[test]
    fn line_breaks_and_quotes_in_the_facts_stay_inside_their_string() {
        let info = AppInfo {
            name: "Warwick".into(),
            version: "1".into(),
            rules_version: 1,
            content_summary: "a\nb\u{2028}'\"".into(),
        };
        let script = script(&info);
        assert!(!script.contains('\n'), "a raw line break: {script}");
        assert!(script.contains(r#""content_summary":"a\nb"#), "{script}");
    }
}
