//! How the window's web view is set up: the WebKitGTK settings the app runs with on Linux, chosen
//! by the memory and smoothness figures in `docs/memory.md`, and the benchmark's autoplay address
//! (`WARWICK_AUTOPLAY=N` opens the page with `?autoplay=N`, see `ui/src/bench/autoplay.ts`).
//!
//! `WARWICK_WEBKIT_COMPOSITING` (`on`/`off`) and `WARWICK_WEBKIT_CACHE` (`viewer`/`browser`)
//! override the defaults, so `scripts/budgets.sh` can measure each lever in the real window.

use tauri::WebviewWindow;

/// Accelerated compositing (WebKit's hardware acceleration policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compositing {
    /// WebKit's own default.
    Default,
    /// Always composited.
    On,
    /// Never composited: pages paint in software, in one layer.
    Off,
}

/// WebKit's cache model: how much it keeps of pages and resources in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cache {
    /// WebKit's own default (a web browser's caches).
    Default,
    /// A document viewer's: the smallest caches.
    Viewer,
    /// A web browser's: the largest.
    Browser,
}

/// The levers the app sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levers {
    /// Accelerated compositing.
    pub compositing: Compositing,
    /// The cache model.
    pub cache: Cache,
}

/// What the app runs with unless the environment says otherwise (docs/memory.md): compositing
/// off, which under software rendering holds the web process to about half the memory over a
/// session and pans the map at twice the frame rate; the cache model made no difference.
pub const CHOSEN: Levers = Levers {
    compositing: Compositing::Off,
    cache: Cache::Default,
};

impl Levers {
    /// [`CHOSEN`], with the overrides read from `get` (the environment in the app).
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Levers {
        let mut levers = CHOSEN;
        match get("WARWICK_WEBKIT_COMPOSITING").as_deref() {
            Some("on") => levers.compositing = Compositing::On,
            Some("off") => levers.compositing = Compositing::Off,
            Some("default") => levers.compositing = Compositing::Default,
            _ => {}
        }
        match get("WARWICK_WEBKIT_CACHE").as_deref() {
            Some("viewer") => levers.cache = Cache::Viewer,
            Some("browser") => levers.cache = Cache::Browser,
            Some("default") => levers.cache = Cache::Default,
            _ => {}
        }
        levers
    }
}

/// Sets the levers on the window's web view and, for the benchmark, the autoplay address.
pub fn set_up(window: &WebviewWindow) {
    let levers = Levers::from_env(|key| std::env::var(key).ok());
    apply(window, levers);
    if let Ok(games) = std::env::var("WARWICK_AUTOPLAY")
        && let Ok(mut url) = window.url()
    {
        url.query_pairs_mut().append_pair("autoplay", &games);
        if let Err(error) = window.navigate(url) {
            eprintln!("Warwick could not start the autoplay: {error}");
        }
    }
}

#[cfg(target_os = "linux")]
fn apply(window: &WebviewWindow, levers: Levers) {
    use webkit2gtk::{
        CacheModel, HardwareAccelerationPolicy, SettingsExt, WebContextExt, WebViewExt,
    };
    let result = window.with_webview(move |webview| {
        let view = webview.inner();
        let policy = match levers.compositing {
            Compositing::Default => None,
            Compositing::On => Some(HardwareAccelerationPolicy::Always),
            Compositing::Off => Some(HardwareAccelerationPolicy::Never),
        };
        if let (Some(policy), Some(settings)) = (policy, WebViewExt::settings(&view)) {
            settings.set_hardware_acceleration_policy(policy);
        }
        let model = match levers.cache {
            Cache::Default => None,
            Cache::Viewer => Some(CacheModel::DocumentViewer),
            Cache::Browser => Some(CacheModel::WebBrowser),
        };
        if let (Some(model), Some(context)) = (model, view.context()) {
            context.set_cache_model(model);
        }
    });
    if let Err(error) = result {
        eprintln!("Warwick could not set up its web view: {error}");
    }
}

#[cfg(not(target_os = "linux"))]
fn apply(_window: &WebviewWindow, _levers: Levers) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_overrides_each_lever_and_nothing_else() {
        let none = Levers::from_env(|_| None);
        assert_eq!(none, CHOSEN);
        let off =
            Levers::from_env(|k| (k == "WARWICK_WEBKIT_COMPOSITING").then(|| "off".to_owned()));
        assert_eq!(off.compositing, Compositing::Off);
        assert_eq!(off.cache, CHOSEN.cache);
        let viewer =
            Levers::from_env(|k| (k == "WARWICK_WEBKIT_CACHE").then(|| "viewer".to_owned()));
        assert_eq!(viewer.cache, Cache::Viewer);
        assert_eq!(viewer.compositing, CHOSEN.compositing);
        let junk = Levers::from_env(|_| Some("sideways".to_owned()));
        assert_eq!(junk, CHOSEN);
    }
}
