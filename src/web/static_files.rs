//! The built UI (`ui/dist`, or `--ui DIR`) as `warwick serve` serves it: only files that really
//! lie inside the UI folder (a symlink or a path leading out of it is a 404), `index.html` with
//! the launch token put in and never cached, and `index.html` too for a page path without a file
//! extension (the single-page app's own URLs). Or, in the app serving the home network, the UI
//! the app holds inside itself ([`UiAssets`]), with the same rules.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use tower_http::services::ServeFile;

use super::error::WebError;
use super::guard::LaunchToken;

/// The name of the meta tag that carries the token in the served page (`ui/src/api.ts` reads it).
pub const TOKEN_META: &str = "warwick-token";

/// A UI held in memory (the app's own, embedded in its binary): a file's bytes and MIME type by
/// its relative path (`index.html`, `assets/index-….js`).
pub trait UiAssets: Send + Sync {
    /// The file at `path`, if the UI has it.
    fn get(&self, path: &str) -> Option<(Vec<u8>, String)>;
}

/// The UI folder (or the UI held in memory) and what to put in its page.
pub(crate) struct UiFiles {
    dir: PathBuf,
    assets: Option<Arc<dyn UiAssets>>,
    token: LaunchToken,
}

/// What a request path stands for.
#[derive(Debug, PartialEq, Eq)]
enum Resolved {
    /// The page, `index.html`.
    Index,
    /// This file, its real path inside the UI folder.
    File(PathBuf),
    /// Nothing that may be served.
    NotFound,
}

impl UiFiles {
    pub(crate) fn new(dir: PathBuf, token: LaunchToken) -> Self {
        Self {
            dir,
            assets: None,
            token,
        }
    }

    /// The UI held in memory, instead of a folder.
    pub(crate) fn held(assets: Arc<dyn UiAssets>, token: LaunchToken) -> Self {
        Self {
            dir: PathBuf::new(),
            assets: Some(assets),
            token,
        }
    }

    /// A request for `relative` answered from the UI held in memory: a file it has, the page
    /// for the app's own paths (no extension), a 404 for anything else.
    fn held_answer(&self, assets: &dyn UiAssets, relative: &Path) -> Response {
        let name = relative
            .components()
            .filter_map(|c| c.as_os_str().to_str())
            .collect::<Vec<_>>()
            .join("/");
        let page = |this: &Self| {
            assets
                .get("index.html")
                .and_then(|(bytes, _)| String::from_utf8(bytes).ok())
                .map(|page| page_response(&with_token(&page, &this.token)))
        };
        let found = if name.is_empty() || name == "index.html" {
            page(self)
        } else {
            match assets.get(&name) {
                Some((bytes, mime)) => Some(
                    (
                        [(
                            header::CONTENT_TYPE,
                            HeaderValue::from_str(&mime)
                                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
                        )],
                        bytes,
                    )
                        .into_response(),
                ),
                None if relative.extension().is_none() => page(self),
                None => None,
            }
        };
        found.unwrap_or_else(|| WebError::NotFound(format!("/{name}")).into_response())
    }

    /// Finds what `relative` names. The UI folder is looked up anew each time, so a UI built
    /// after the server started is served.
    async fn resolve(&self, relative: &Path) -> Resolved {
        let Ok(root) = tokio::fs::canonicalize(&self.dir).await else {
            return Resolved::NotFound;
        };
        let index = root.join("index.html");
        match tokio::fs::canonicalize(root.join(relative)).await {
            // Symlinks are followed by canonicalize: what they lead to must be inside too.
            Ok(real) if !real.starts_with(&root) => Resolved::NotFound,
            Ok(real) if real == index => Resolved::Index,
            Ok(real) if tokio::fs::metadata(&real).await.is_ok_and(|m| m.is_file()) => {
                Resolved::File(real)
            }
            // A folder inside, or no such file: the app's own paths (no extension) are the
            // page, unless they lead through a link out of the folder; anything else is a
            // missing file.
            _ if relative.extension().is_none() => {
                let mut nearest = root.join(relative);
                loop {
                    if let Ok(real) = tokio::fs::canonicalize(&nearest).await {
                        return if real.starts_with(&root) {
                            Resolved::Index
                        } else {
                            Resolved::NotFound
                        };
                    }
                    if !nearest.pop() {
                        return Resolved::NotFound;
                    }
                }
            }
            _ => Resolved::NotFound,
        }
    }

    /// `index.html` with the token's meta tag put in, or a 404 when there is no built UI.
    async fn index(&self, relative: &Path) -> Response {
        let root = tokio::fs::canonicalize(&self.dir).await;
        let page = match root {
            Ok(root) => match tokio::fs::canonicalize(root.join("index.html")).await {
                Ok(real) if real.starts_with(&root) => tokio::fs::read_to_string(real).await.ok(),
                _ => None,
            },
            Err(_) => None,
        };
        let Some(page) = page else {
            return WebError::NotFound(format!(
                "/{} (there is no built UI in {}: run `npm run build` in ui/)",
                relative.display(),
                self.dir.display()
            ))
            .into_response();
        };
        page_response(&with_token(&page, &self.token))
    }
}

/// The page as an answer, never cached.
fn page_response(page: &str) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            ),
            // The token changes at every launch: a cached page would hold a stale one.
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        page.to_owned(),
    )
        .into_response()
}

/// The page with `<meta name="warwick-token" content="…">` put at the end of its head.
fn with_token(page: &str, token: &LaunchToken) -> String {
    let meta = format!(
        r#"<meta name="{TOKEN_META}" content="{}" />"#,
        token.as_str()
    );
    match page.to_ascii_lowercase().find("</head>") {
        Some(at) => format!("{}{meta}\n{}", &page[..at], &page[at..]),
        None => format!("{meta}\n{page}"),
    }
}

/// The request path as a relative path of plain names, or `None` if it is not one (a `..`, a
/// NUL, bad percent-encoding).
fn relative_path(uri_path: &str) -> Option<PathBuf> {
    let decoded = percent_decode_str(uri_path).decode_utf8().ok()?;
    if decoded.contains(['\0', '\\']) {
        return None;
    }
    let mut relative = PathBuf::new();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(name) => relative.push(name),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(relative)
}

/// The handler of every path outside `/api`.
pub(crate) async fn serve_ui(State(ui): State<Arc<UiFiles>>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let mut response = WebError::MethodNotAllowed {
            method: request.method().clone(),
            path,
        }
        .into_response();
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let Some(relative) = relative_path(&path) else {
        return WebError::NotFound(path).into_response();
    };
    if let Some(assets) = &ui.assets {
        return ui.held_answer(assets.as_ref(), &relative);
    }
    match ui.resolve(&relative).await {
        Resolved::Index => ui.index(&relative).await,
        Resolved::File(real) => match ServeFile::new(real).try_call(request).await {
            Ok(response) => response.map(Body::new),
            Err(error) => {
                WebError::Internal(format!("{path} could not be read: {error}")).into_response()
            }
        },
        Resolved::NotFound => WebError::NotFound(path).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_paths_become_plain_relative_paths() {
        assert_eq!(relative_path("/"), Some(PathBuf::new()));
        assert_eq!(
            relative_path("/assets/index.js"),
            Some(PathBuf::from("assets/index.js"))
        );
        assert_eq!(relative_path("/a%20b.css"), Some(PathBuf::from("a b.css")));
        assert_eq!(relative_path("/./x"), Some(PathBuf::from("x")));
        assert_eq!(relative_path("/../etc/passwd"), None);
        assert_eq!(relative_path("/assets/%2e%2e/%2e%2e/etc/passwd"), None);
        assert_eq!(relative_path("/a%00b"), None);
        assert_eq!(relative_path("/a%5c..%5cb"), None);
        assert_eq!(relative_path("/%ff"), None);
    }

    #[test]
    fn the_token_goes_at_the_end_of_the_head() {
        let token = LaunchToken::generate().unwrap();
        let page = with_token(
            "<html><head><title>W</title></HEAD><body></body></html>",
            &token,
        );
        let meta = format!(
            r#"<meta name="warwick-token" content="{}" />"#,
            token.as_str()
        );
        assert!(
            page.contains(&format!("<title>W</title>{meta}\n</HEAD>")),
            "{page}"
        );
        assert!(with_token("<p>", &token).starts_with(&meta));
    }
}
