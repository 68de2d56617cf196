//! The axum router: `/api/<call>` → one [`Service`] method; everything else → the built UI.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use tower_http::services::{ServeDir, ServeFile};

use crate::service::{Service, ServiceError};

/// How to run `warwick serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Directory of the built UI (`ui/dist`).
    pub ui_dir: PathBuf,
}

type Shared = Arc<Service>;

/// The router: the JSON API under `/api`, the UI for every other path.
pub fn router(service: Shared, ui_dir: PathBuf) -> Router {
    let index = ui_dir.join("index.html");
    let api = Router::new()
        .route("/app_info", get(app_info).post(app_info))
        .route("/content", get(content).post(content))
        .fallback(unknown_call)
        .with_state(service);
    Router::new()
        .nest("/api", api)
        .fallback_service(ServeDir::new(ui_dir).fallback(ServeFile::new(index)))
}

async fn app_info(State(service): State<Shared>) -> Response {
    Json(service.app_info()).into_response()
}

async fn content(State(service): State<Shared>) -> Response {
    match service.content() {
        Ok(content) => Json(content).into_response(),
        Err(error) => error_response(error),
    }
}

async fn unknown_call(uri: axum::http::Uri) -> Response {
    error_response(ServiceError::UnknownRequest(uri.path().to_owned()))
}

fn error_response(error: ServiceError) -> Response {
    let status = match error {
        ServiceError::UnknownRequest(_) => StatusCode::NOT_FOUND,
        ServiceError::BadRequest(_) => StatusCode::BAD_REQUEST,
        ServiceError::InvalidContent(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    (status, Json(error)).into_response()
}

/// Binds 127.0.0.1:`port`, prints the address, and serves until interrupted.
pub async fn serve(options: ServeOptions) -> std::io::Result<()> {
    let service = Arc::new(Service::new());
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    if !options.ui_dir.join("index.html").exists() {
        eprintln!(
            "warning: no built UI in {} (run `npm run build` in ui/); only /api works",
            options.ui_dir.display()
        );
    }
    println!("Warwick is being served at http://{local}/");
    axum::serve(listener, router(service, options.ui_dir))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    async fn post(path: &str) -> (StatusCode, serde_json::Value) {
        let app = router(Arc::new(Service::new()), PathBuf::from("/nonexistent"));
        let request = Request::post(path).body(Body::empty()).unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let json = serde_json::from_slice(&bytes).unwrap();
        (status, json)
    }

    #[tokio::test]
    async fn app_info_is_served_as_json() {
        let (status, json) = post("/api/app_info").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(json["name"], "Warwick");
        assert_eq!(json["rules_version"], crate::rules::RULES_VERSION);
    }

    #[tokio::test]
    async fn content_is_served_for_the_ui_to_draw() {
        let (status, json) = post("/api/content").await;
        assert_eq!(status, StatusCode::OK);
        assert!(json["locations"].as_array().is_some_and(|l| l.len() > 100));
        assert!(
            json["crown_cards"]
                .as_array()
                .is_some_and(|c| c.len() == 74)
        );
    }

    #[tokio::test]
    async fn unknown_calls_get_a_stable_error_code() {
        let (status, json) = post("/api/no_such_call").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(json["code"], "unknown_request");
        assert!(
            json["message"]
                .as_str()
                .is_some_and(|m| m.contains("no_such_call"))
        );
    }
}
