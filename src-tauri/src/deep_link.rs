//! `warwick://` addresses: the desktop package registers the scheme (Tauri's deep-link plugin,
//! `plugins.deep-link` in `tauri.conf.json`, which writes it into the package's desktop entry),
//! and a `warwick://verify#CODE` opened on this computer, from a chat, a browser or a file
//! manager, shows "Check a shared result" with that code, which the page then checks. The app
//! started by such an address opens on the check (on Linux each address starts its own window,
//! as the desktop entry runs the app with it; where the system hands an address to the app
//! already running, that window is sent to the check).
//! Nothing else is read from the address: anything but a replay code's characters is dropped.

use tauri::{AppHandle, Manager, Runtime, Url};
use tauri_plugin_deep_link::DeepLinkExt;
use warwick::service::challenge::MAX_CODE_CHARS;

/// The scheme, as the package registers it.
pub const SCHEME: &str = "warwick";

/// The code an address carries (after `#`, else after the last `/`), its characters only those
/// a code may hold; `None` for another scheme.
pub fn code_of(address: &str) -> Option<String> {
    let rest = address.strip_prefix(SCHEME)?.strip_prefix("://")?;
    let part = match rest.split_once('#') {
        Some((_, fragment)) => fragment,
        None => rest.rsplit('/').next().unwrap_or_default(),
    };
    Some(
        part.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .take(MAX_CODE_CHARS)
            .collect(),
    )
}

/// The page address that shows the check of `code`, from the window's own address (`open`
/// changes the query, so the page loads anew even when it shows the check already).
pub fn verify_page(mut page: Url, code: &str, open: u64) -> Url {
    page.set_query(Some(&format!("view=verify&open={open}")));
    page.set_fragment((!code.is_empty()).then_some(code));
    page
}

/// Registers what the app does with an address: at start-up (the address it was started with)
/// and while it runs.
pub fn set_up<R: Runtime>(app: &tauri::App<R>) {
    let handle = app.handle().clone();
    app.deep_link().on_open_url(move |event| {
        if let Some(url) = event.urls().first() {
            open(&handle, url.as_str());
        }
    });
    if let Ok(Some(urls)) = app.deep_link().get_current()
        && let Some(url) = urls.first()
    {
        open(app.handle(), url.as_str());
    }
}

/// Sends the main window to the check of the address's code.
fn open<R: Runtime>(app: &AppHandle<R>, address: &str) {
    static OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let Some(code) = code_of(address) else {
        return;
    };
    let Some(window) = app.get_webview_window("main") else {
        return;
    };
    let Ok(page) = window.url() else {
        return;
    };
    let open = OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
    if let Err(error) = window.navigate(verify_page(page, &code, open)) {
        eprintln!("Warwick could not open {SCHEME}:// address: {error}");
    }
    let _ = window.unminimize();
    let _ = window.set_focus();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gives_its_code_and_nothing_else() {
        assert_eq!(
            code_of("warwick://verify#W4-Ab_c-9").as_deref(),
            Some("W4-Ab_c-9")
        );
        assert_eq!(
            code_of("warwick://verify/W4-Abc").as_deref(),
            Some("W4-Abc")
        );
        assert_eq!(
            code_of("warwick://verify#W4-<script>alert(1)</script>").as_deref(),
            Some("W4-scriptalert1script")
        );
        assert_eq!(code_of("warwick://verify").as_deref(), Some("verify"));
        assert_eq!(code_of("https://example.com/#W4-Abc"), None);
        assert_eq!(code_of("warwickx://verify#W4-Abc"), None);
        let long = format!("warwick://verify#W4-{}", "A".repeat(MAX_CODE_CHARS * 2));
        assert_eq!(code_of(&long).map(|c| c.len()), Some(MAX_CODE_CHARS));
    }

    #[test]
    fn the_check_page_keeps_the_window_address_and_names_the_code() {
        let page = Url::parse("tauri://localhost/index.html?game=3#x").unwrap();
        assert_eq!(
            verify_page(page.clone(), "W4-Abc", 2).as_str(),
            "tauri://localhost/index.html?view=verify&open=2#W4-Abc"
        );
        assert_eq!(
            verify_page(page, "", 3).as_str(),
            "tauri://localhost/index.html?view=verify&open=3"
        );
    }
}
