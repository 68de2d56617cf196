//! The one error shape of `warwick serve`: every refusal or failure, whoever makes it (a service
//! call, the guard, the UI files, axum's own rejections, a panic), is answered as
//! `{"code": "...", "message": "..."}` JSON with a status that fits it.

use std::any::Any;

use axum::Json;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::service::ServiceError;

/// What `warwick serve` answers instead of a result.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// A service call failed, or the request could not become one (serialized as the service's
    /// own `{code, message}`).
    #[error(transparent)]
    Service(#[from] ServiceError),
    /// The request was addressed to a host this server is not (DNS rebinding, a proxy).
    #[error("this server answers only requests for {expected}; this one was for {got}")]
    BadHost {
        /// The hosts served, as `Host` headers.
        expected: String,
        /// What the request named.
        got: String,
    },
    /// A call that changes games came from another site, or from no page, without the token.
    #[error(
        "calls that change games must come from the Warwick page ({expected}) or carry the \
         X-Warwick-Token header that `warwick serve` printed at start"
    )]
    BadOrigin {
        /// The served origin.
        expected: String,
    },
    /// A call's body was not declared as JSON.
    #[error("calls take JSON: send `Content-Type: application/json` (this request sent {0})")]
    UnsupportedMediaType(String),
    /// No such file in the UI.
    #[error("there is no file {0}")]
    NotFound(String),
    /// The path exists but not for this method.
    #[error("{method} is not allowed on {path}")]
    MethodNotAllowed {
        /// The request's method.
        method: Method,
        /// The request's path.
        path: String,
    },
    /// A request from another device than this computer that is not a paired phone's.
    #[error(
        "this device is not paired with Warwick: on your computer choose Play on your phone and \
         open the pairing address it shows (or scan its QR code)"
    )]
    NotPaired,
    /// A call only the computer itself may make (pairing phones), asked from a phone.
    #[error("only the computer Warwick runs on may do that ({0})")]
    LocalOnly(String),
    /// Too many pairing attempts lately.
    #[error("too many pairing attempts: wait a minute, then open the new pairing address")]
    TooManyAttempts,
    /// The server itself failed (a panic in a call, an answer that could not be written).
    #[error("the server failed: {0}")]
    Internal(String),
    /// Any other HTTP error, with what the layer that made it said.
    #[error("HTTP {status}: {message}")]
    Status {
        /// The status answered.
        status: StatusCode,
        /// Its text, as far as known.
        message: String,
    },
}

/// The JSON every error answers with.
#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    message: String,
}

impl WebError {
    /// A stable machine-readable code (the service's own for its errors).
    pub fn code(&self) -> &'static str {
        match self {
            WebError::Service(error) => error.code(),
            WebError::BadHost { .. } => "bad_host",
            WebError::BadOrigin { .. } => "bad_origin",
            WebError::UnsupportedMediaType(_) => "unsupported_media_type",
            WebError::NotFound(_) => "not_found",
            WebError::MethodNotAllowed { .. } => "method_not_allowed",
            WebError::NotPaired => "not_paired",
            WebError::LocalOnly(_) => "local_only",
            WebError::TooManyAttempts => "too_many_attempts",
            WebError::Internal(_) => "internal",
            WebError::Status { .. } => "http_error",
        }
    }

    /// The HTTP status it is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            WebError::Service(error) => service_status(error),
            WebError::BadHost { .. } => StatusCode::MISDIRECTED_REQUEST,
            WebError::BadOrigin { .. } => StatusCode::FORBIDDEN,
            WebError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            WebError::NotFound(_) => StatusCode::NOT_FOUND,
            WebError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            WebError::NotPaired => StatusCode::UNAUTHORIZED,
            WebError::LocalOnly(_) => StatusCode::FORBIDDEN,
            WebError::TooManyAttempts => StatusCode::TOO_MANY_REQUESTS,
            WebError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            WebError::Status { status, .. } => *status,
        }
    }

    /// The error a non-JSON error response stands for, from its status and its text.
    fn from_status(status: StatusCode, method: Method, path: String, text: String) -> Self {
        let reason = status.canonical_reason().unwrap_or("error").to_owned();
        let message = if text.trim().is_empty() {
            reason
        } else {
            text.trim().to_owned()
        };
        match status {
            StatusCode::BAD_REQUEST => ServiceError::BadRequest(message).into(),
            StatusCode::NOT_FOUND => WebError::NotFound(path),
            StatusCode::METHOD_NOT_ALLOWED => WebError::MethodNotAllowed { method, path },
            StatusCode::PAYLOAD_TOO_LARGE => ServiceError::TooLarge(format!(
                "the request body is larger than {path} accepts ({message})"
            ))
            .into(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => WebError::UnsupportedMediaType(message),
            StatusCode::INTERNAL_SERVER_ERROR => WebError::Internal(message),
            _ => WebError::Status { status, message },
        }
    }
}

/// The status of each service error.
fn service_status(error: &ServiceError) -> StatusCode {
    match error {
        ServiceError::UnknownRequest(_) | ServiceError::UnknownGame(_) => StatusCode::NOT_FOUND,
        ServiceError::BadRequest(_) | ServiceError::BadCode(_) => StatusCode::BAD_REQUEST,
        ServiceError::Stale { .. } => StatusCode::CONFLICT,
        ServiceError::Busy(_) | ServiceError::Queue(_) | ServiceError::Cancelled(_) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        ServiceError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        ServiceError::InvalidContent(_)
        | ServiceError::Store(_)
        | ServiceError::Unavailable(_)
        | ServiceError::Stuck(_) => StatusCode::INTERNAL_SERVER_ERROR,
        ServiceError::Rule(_)
        | ServiceError::Refused { .. }
        | ServiceError::NotYours(_)
        | ServiceError::Undo(_)
        | ServiceError::BadSeq(_)
        | ServiceError::Version(_)
        | ServiceError::Verify(_)
        | ServiceError::CodeRefused(_)
        | ServiceError::Damaged(_)
        | ServiceError::Folder(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut response = match &self {
            WebError::Service(error) => (status, Json(error)).into_response(),
            other => {
                let body = ErrorBody {
                    code: other.code(),
                    message: other.to_string(),
                };
                (status, Json(body)).into_response()
            }
        };
        if matches!(
            self,
            WebError::Service(ServiceError::Busy(_) | ServiceError::Queue(_))
        ) {
            // The same call may simply be tried again.
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The most of a non-JSON error body read to quote it in the JSON one.
const QUOTED_ERROR_BYTES: usize = 4096;

/// Middleware: turns every error response that is not already JSON (axum's 405 and its
/// rejections, the body limit's 413, a file server's error) into the one JSON shape, keeping its
/// status and the headers that tell the client what to do (`Allow`, `Retry-After`).
pub(crate) async fn one_error_shape(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    let status = response.status();
    // The server's own pages (a phone not paired yet) are HTML, meant for people.
    if !(status.is_client_error() || status.is_server_error())
        || is_json(response.headers())
        || is_html(response.headers())
    {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, QUOTED_ERROR_BYTES).await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => String::new(),
    };
    let mut answer = WebError::from_status(status, method, path, text).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = parts.headers.get(&name) {
            answer.headers_mut().insert(name, value.clone());
        }
    }
    answer
}

/// Whether a response says its body is JSON.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<mime::Mime>().ok())
        .is_some_and(|mime| mime.type_() == mime::APPLICATION && mime.subtype() == mime::JSON)
}

/// Whether a response says its body is an HTML page.
fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<mime::Mime>().ok())
        .is_some_and(|mime| mime.type_() == mime::TEXT && mime.subtype() == mime::HTML)
}

/// What a panic in a request handler is answered with (by `tower_http`'s `CatchPanicLayer`).
pub(crate) fn panic_response(_panic: Box<dyn Any + Send + 'static>) -> Response<Body> {
    WebError::Internal("a request handler panicked".to_owned()).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    async fn json_of(response: Response) -> (StatusCode, HeaderMap, serde_json::Value) {
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, headers, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn a_busy_database_is_a_503_to_retry_in_a_second() {
        let (status, headers, json) =
            json_of(WebError::from(ServiceError::Busy("locked".into())).into_response()).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(headers[header::RETRY_AFTER], "1");
        assert_eq!(headers[header::CONTENT_TYPE], "application/json");
        assert_eq!(json["code"], "busy");
    }

    #[tokio::test]
    async fn a_too_large_request_is_a_413() {
        let (status, _, json) =
            json_of(WebError::from(ServiceError::TooLarge("big".into())).into_response()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            json,
            serde_json::json!({"code": "too_large", "message": "big"})
        );
    }

    #[tokio::test]
    async fn a_panic_is_a_500_in_the_json_shape() {
        let (status, _, json) = json_of(panic_response(Box::new("boom"))).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(json["code"], "internal");
    }

    #[test]
    fn only_json_content_types_count_as_json() {
        let mut headers = HeaderMap::new();
        assert!(!is_json(&headers));
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
        assert!(!is_json(&headers));
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json; charset=utf-8"),
        );
        assert!(is_json(&headers));
    }
}
