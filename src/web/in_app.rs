//! Serving the home network from inside the app ("Play on your phone" in the desktop app): the
//! same router as `warwick serve --lan`, on every interface, over the app's own service (its
//! games, settings and paired devices) and the UI the app holds, running on the app's async
//! runtime until the app ends. Started once; asked again, it answers where it already serves.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};

use super::guard::LaunchToken;
use super::router::{RouterOptions, router_with_ui};
use super::server::network_addresses;
use super::static_files::UiAssets;
use crate::service::{LanInfo, Service};

/// The port tried first, so a phone's bookmark keeps working from one run to the next; any free
/// one when it is taken.
pub const PREFERRED_LAN_PORT: u16 = 8421;

/// Where the app serves its games on the home network, once it does.
#[derive(Default)]
pub struct LanServer {
    serving: Mutex<Option<LanInfo>>,
}

impl LanServer {
    /// Serves `service`'s games and `assets` (the UI) on every interface: on
    /// [`PREFERRED_LAN_PORT`] if it is free, another port if not. Must be called on a Tokio
    /// runtime, which runs the server from then on. Already serving, it answers where.
    pub async fn start(
        &self,
        service: Arc<Service>,
        assets: Arc<dyn UiAssets>,
    ) -> std::io::Result<LanInfo> {
        if let Some(lan) = self.now()? {
            return Ok(lan);
        }
        let listener = match bind(PREFERRED_LAN_PORT).await {
            Ok(listener) => listener,
            Err(_) => bind(0).await?,
        };
        let port = listener.local_addr()?.port();
        let lan = LanInfo {
            addresses: network_addresses(),
            port,
        };
        if lan.addresses.is_empty() {
            return Err(std::io::Error::other(
                "this computer is on no network: connect it to the same Wi-Fi as your phone",
            ));
        }
        let token = LaunchToken::generate().map_err(|error| {
            std::io::Error::other(format!("no randomness for the launch token: {error}"))
        })?;
        service
            .serve_on_lan(lan.clone())
            .map_err(std::io::Error::other)?;
        let app = router_with_ui(
            service,
            RouterOptions {
                ui_dir: std::path::PathBuf::new(),
                port,
                token,
                lan: Some(lan.clone()),
            },
            assets,
        );
        tokio::spawn(async move {
            let served = axum::serve(
                listener,
                app.into_make_service_with_connect_info::<SocketAddr>(),
            )
            .await;
            if let Err(error) = served {
                eprintln!("Warwick stopped serving the home network: {error}");
            }
        });
        *self
            .serving
            .lock()
            .map_err(|_| std::io::Error::other("the home network server's lock failed"))? =
            Some(lan.clone());
        Ok(lan)
    }

    /// Where it serves, if it does.
    pub fn now(&self) -> std::io::Result<Option<LanInfo>> {
        self.serving
            .lock()
            .map(|s| s.clone())
            .map_err(|_| std::io::Error::other("the home network server's lock failed"))
    }
}

async fn bind(port: u16) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::UNSPECIFIED, port))).await
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Page;
    impl UiAssets for Page {
        fn get(&self, path: &str) -> Option<(Vec<u8>, String)> {
            match path {
                "index.html" => Some((
                    b"<html><head></head><body>W</body></html>".to_vec(),
                    "text/html".to_owned(),
                )),
                "app.js" => Some((b"1".to_vec(), "text/javascript".to_owned())),
                _ => None,
            }
        }
    }

    #[tokio::test]
    async fn serves_the_held_ui_and_refuses_unpaired_devices() {
        let server = LanServer::default();
        let service = Arc::new(Service::new());
        let Ok(lan) = server.start(Arc::clone(&service), Arc::new(Page)).await else {
            // A machine on no network has nothing to serve to.
            return;
        };
        assert_eq!(server.now().unwrap(), Some(lan.clone()));
        assert_eq!(
            server.start(service, Arc::new(Page)).await.unwrap(),
            lan,
            "asked again, it answers where it serves"
        );
        let get = |host: String, path: &'static str| async move {
            let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let request =
                format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
            stream.write_all(request.as_bytes()).await.unwrap();
            let mut answer = String::new();
            stream.read_to_string(&mut answer).await.unwrap();
            answer
        };
        let local = get(format!("127.0.0.1:{}", lan.port), "/").await;
        assert!(local.starts_with("HTTP/1.1 200"), "{local}");
        assert!(local.contains("warwick-token"), "the page holds the token");
        let script = get(format!("127.0.0.1:{}", lan.port), "/app.js").await;
        assert!(script.contains("text/javascript"), "{script}");
        let missing = get(format!("127.0.0.1:{}", lan.port), "/nothing.js").await;
        assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
        // From the network address (not this computer's loopback), without a paired session.
        let far = get(format!("{}:{}", lan.addresses[0], lan.port), "/").await;
        assert!(far.starts_with("HTTP/1.1 401"), "{far}");
    }
}
