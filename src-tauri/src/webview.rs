//! How the window's web view is set up: the WebKitGTK settings the app runs with on Linux, chosen
//! by the memory and smoothness figures in `docs/memory.md`, and the benchmark's autoplay address
//! (`WARWICK_AUTOPLAY=N` opens the page with `?autoplay=N`, see `ui/src/bench/autoplay.ts`); and
//! [`fresh_page`], which loads the page in a new web process when a game is opened or left.
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
    reload_when_the_page_dies(window);
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

/// Pages loaded again after their web process died, at most this many a minute.
const RELOADS_A_MINUTE: usize = 3;

/// When WebKit's web process dies under the page (a crash in WebKit or in the graphics driver
/// it draws with, or its memory limit), the window would stay blank: the page is loaded again
/// where it was. The games live in the app, not the page, so a game in play comes back as it
/// stood. A page that keeps dying is loaded again at most [`RELOADS_A_MINUTE`] times a minute.
/// The new web process that [`fresh_page`] makes on purpose is left alone (it loads its page).
#[cfg(target_os = "linux")]
fn reload_when_the_page_dies(window: &WebviewWindow) {
    use std::time::{Duration, Instant};
    use webkit2gtk::{WebProcessTerminationReason, WebViewExt};
    let result = window.with_webview(|webview| {
        let reloads = std::cell::RefCell::new(Vec::<Instant>::new());
        webview
            .inner()
            .connect_web_process_terminated(move |view, reason| {
                if reason == WebProcessTerminationReason::TerminatedByApi {
                    return;
                }
                let now = Instant::now();
                let mut reloads = reloads.borrow_mut();
                reloads.retain(|t| now.duration_since(*t) < Duration::from_secs(60));
                if reloads.len() >= RELOADS_A_MINUTE {
                    eprintln!(
                        "Warwick's page stopped again ({reason:?}): not loaded again this minute"
                    );
                    return;
                }
                reloads.push(now);
                eprintln!("Warwick's page stopped ({reason:?}): loading it again");
                view.reload();
            });
    });
    if let Err(error) = result {
        eprintln!("Warwick could not watch its web view: {error}");
    }
}

#[cfg(not(target_os = "linux"))]
fn reload_when_the_page_dies(_window: &WebviewWindow) {}

/// Loads the page again at the same address with a new query (`?game=3`, or empty for the
/// start screen) in a new web process, the old one ended: what a page grows to over a game
/// stays in WebKit's web process even once the page is gone (docs/memory.md), and only a new
/// process gives it back. Only the query changes, so the page cannot be sent anywhere else.
/// Refused where the web view is not WebKitGTK, and under WebDriver (WebKit closes a web view
/// driven by automation once its web process ends); the page then loads itself afresh.
#[tauri::command]
pub async fn fresh_page(window: WebviewWindow, query: String) -> Result<(), FreshPageError> {
    let url = window
        .url()
        .map_err(|error| FreshPageError::Window(error.to_string()))?;
    new_process(&window, with_query(url, &query)).await
}

/// Why no new web process was made (the page then reloads itself; never shown to a player).
#[derive(Debug, thiserror::Error)]
pub enum FreshPageError {
    /// Only WebKitGTK's web view can end its web process.
    #[cfg(not(target_os = "linux"))]
    #[error("a new web process is only made on Linux")]
    NotWebKitGtk,
    /// WebKit would close the window rather than start a new process.
    #[error("the window is driven by WebDriver: no new web process")]
    Automated,
    /// The window could not be reached or did not answer.
    #[error("the window could not be asked: {0}")]
    Window(String),
}

impl serde::Serialize for FreshPageError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

/// `url` with its query replaced by `query` (a leading `?` optional; empty: none) and nothing
/// else changed.
fn with_query(mut url: tauri::Url, query: &str) -> tauri::Url {
    url.set_query(Some(query.trim_start_matches('?')).filter(|q| !q.is_empty()));
    url.set_fragment(None);
    url
}

#[cfg(target_os = "linux")]
async fn new_process(window: &WebviewWindow, url: tauri::Url) -> Result<(), FreshPageError> {
    use webkit2gtk::WebViewExt;
    // The web view lives on the main thread: asked there, answered here.
    let (answer, answered) = tokio::sync::oneshot::channel();
    window
        .with_webview(move |webview| {
            let view = webview.inner();
            if view.is_controlled_by_automation() {
                let _ = answer.send(false);
                return;
            }
            let _ = answer.send(true);
            view.terminate_web_process();
            view.load_uri(url.as_str());
        })
        .map_err(|error| FreshPageError::Window(error.to_string()))?;
    match answered.await {
        Ok(true) => Ok(()),
        Ok(false) => Err(FreshPageError::Automated),
        Err(_) => Err(FreshPageError::Window("no answer".to_owned())),
    }
}

#[cfg(not(target_os = "linux"))]
async fn new_process(_window: &WebviewWindow, _url: tauri::Url) -> Result<(), FreshPageError> {
    Err(FreshPageError::NotWebKitGtk)
}

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

    #[test]
    fn a_fresh_page_changes_the_query_and_nothing_else() {
        let url = |s: &str| tauri::Url::parse(s).expect("url");
        let here = url("tauri://localhost/index.html?game=2&seq=40#top");
        assert_eq!(
            with_query(here.clone(), "?game=3").as_str(),
            "tauri://localhost/index.html?game=3"
        );
        assert_eq!(
            with_query(here.clone(), "").as_str(),
            "tauri://localhost/index.html"
        );
        // Whatever the page sends stays in the query: no other host, path or fragment.
        let odd = with_query(here, "x=1#//evil.example/");
        assert_eq!(odd.host_str(), Some("localhost"));
        assert_eq!(odd.path(), "/index.html");
        assert_eq!(odd.fragment(), None);
    }
}
