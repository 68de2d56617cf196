//! The security headers on every response of `warwick serve`, the UI's and the API's alike.

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy of the served UI. The built UI (`ui/dist`) is one module script
/// and one stylesheet from the same origin, Lit's component styles (constructed stylesheets,
/// which the policy does not govern), an icon, and `fetch` to `/api`; nothing else may load,
/// run, frame it, or be framed. Inline `style` attributes are allowed (`style-src-attr`), since
/// the UI's templates colour faction chips and meters with them; inline `<style>` elements and
/// scripts are not.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self'; font-src 'self'; \
     connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// Every header set on every response.
pub const SECURITY_HEADERS: [(HeaderName, &str); 6] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    ),
    (
        HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    ),
];

/// The router with [`SECURITY_HEADERS`] set on all its responses, errors included.
pub(crate) fn with_security_headers(router: Router) -> Router {
    SECURITY_HEADERS
        .into_iter()
        .fold(router, |router, (name, value)| {
            router.layer(SetResponseHeaderLayer::overriding(
                name,
                HeaderValue::from_static(value),
            ))
        })
}
