//! `warwick serve`: binds 127.0.0.1 (every interface with `--lan`, for paired phones), makes the
//! launch token, prints both (and with `--lan` a pairing address and its QR code), and serves
//! the [`router`](super::router::router) until Ctrl-C or SIGTERM.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use super::guard::{LaunchToken, TOKEN_HEADER};
use super::router::{RouterOptions, router};
use crate::service::{LanInfo, Service};

/// How to run `warwick serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Directory of the built UI (`ui/dist`).
    pub ui_dir: PathBuf,
    /// The game database (an in-memory one when absent). Its folder is the data folder: the
    /// settings are kept there, and if they name another games folder, the database of the
    /// same name there is used instead.
    pub db: Option<PathBuf>,
    /// Also serve the home network, to phones paired with a pairing address.
    pub lan: bool,
}

/// Binds 127.0.0.1:`port`, prints the address and the launch token, and serves until
/// interrupted.
pub async fn serve(options: ServeOptions) -> std::io::Result<()> {
    let service = Arc::new(match &options.db {
        Some(path) => open_beside_settings(path)?,
        None => Service::new(),
    });
    let token = LaunchToken::generate().map_err(|error| {
        std::io::Error::other(format!("no randomness for the launch token: {error}"))
    })?;
    let bind = if options.lan {
        Ipv4Addr::UNSPECIFIED
    } else {
        Ipv4Addr::LOCALHOST
    };
    let listener = tokio::net::TcpListener::bind(SocketAddr::from((bind, options.port))).await?;
    let local = listener.local_addr()?;
    let lan = options.lan.then(|| LanInfo {
        addresses: network_addresses(),
        port: local.port(),
    });
    if !options.ui_dir.join("index.html").exists() {
        say_err(format_args!(
            "warning: no built UI in {} (run `npm run build` in ui/); only /api works",
            options.ui_dir.display()
        ));
    }
    say(format_args!(
        "Warwick is being served at http://127.0.0.1:{}/",
        local.port()
    ));
    say(format_args!(
        "Token for scripts (send it as {TOKEN_HEADER} on POST /api/*): {}",
        token.as_str()
    ));
    if let Some(lan) = &lan {
        service
            .serve_on_lan(lan.clone())
            .map_err(std::io::Error::other)?;
        match service.phone_pairing() {
            Ok(pairing) => {
                say(format_args!(
                    "Play on your phone: on the same network, open {} (or scan the QR code \
                     below) within 10 minutes. It works once; Play on your phone in Warwick \
                     gives a new one.",
                    pairing.url
                ));
                if let Ok(qr) = crate::service::qr_terminal(&pairing.url) {
                    say(format_args!("{qr}"));
                }
            }
            Err(error) => say_err(format_args!("warning: no pairing address: {error}")),
        }
    }
    let app = router(
        service,
        RouterOptions {
            ui_dir: options.ui_dir,
            port: local.port(),
            token,
            lan,
        },
    );
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(interrupted())
    .await
}

/// This machine's IPv4 addresses on its networks (not loopback), private ones first.
pub fn network_addresses() -> Vec<String> {
    let mut found: Vec<std::net::Ipv4Addr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|i| match i.ip() {
            IpAddr::V4(v4) if !v4.is_loopback() && !v4.is_link_local() => Some(v4),
            _ => None,
        })
        .collect();
    found.sort_by_key(|a| (!a.is_private(), *a));
    found.dedup();
    found.iter().map(ToString::to_string).collect()
}

/// Waits for Ctrl-C, or SIGTERM where there is one: either ends the server cleanly (the calls
/// under way finish, then the service and its database are dropped, closing it).
async fn interrupted() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Opens the service on the folder of `db` as its data folder (settings beside the database,
/// which may name another games folder), and says where games are kept.
fn open_beside_settings(db: &std::path::Path) -> std::io::Result<Service> {
    let home = match db.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = db
        .file_name()
        .ok_or_else(|| std::io::Error::other(format!("{} is not a file", db.display())))?;
    let service =
        Service::open_data_folder(&home, &name.to_string_lossy()).map_err(std::io::Error::other)?;
    let view = service.settings().map_err(std::io::Error::other)?;
    if let Some(notice) = view.notice {
        say_err(format_args!("{notice}"));
    }
    if let Some(folder) = view.games_folder {
        say(format_args!("Games are kept in {folder}."));
    }
    Ok(service)
}

/// A line of the server's notices on standard output. A server goes on serving when nobody
/// reads its notices (`warwick serve | head -1`), so a closed output loses the line only.
fn say(line: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

/// A warning on standard error, lost the same way when nobody reads it.
fn say_err(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
