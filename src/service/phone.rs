//! "Play on your phone": pairing a phone's browser with the Warwick serving this machine's
//! games on the home network. A pairing secret is made on the computer (shown as an address and
//! a QR code), used once, and expires after [`PAIRING_LIFETIME`]; opening it on the phone gives
//! that browser a long random session, which every request from another address than the
//! computer itself must carry. Paired devices are listed and each can be revoked. Only hashes
//! of secrets and sessions are kept, in `devices.json` in the data folder (written whole, read
//! anew when another process changed it: the app and the server it starts share it), or in
//! memory when nothing is kept between runs. Must not hold rule logic or HTTP types.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::SystemTime;

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::core::{Service, lock};
use super::data_files::{check_file, write_atomically};
use super::error::{ServiceError, ServiceResult};

/// The file of paired devices, in the data folder.
pub const DEVICES_FILE: &str = "devices.json";

/// How long a pairing address works.
pub const PAIRING_LIFETIME: Duration = Duration::minutes(10);

/// The most devices kept paired at once.
const MAX_DEVICES: usize = 20;

/// The longest device name kept, in characters.
const MAX_DEVICE_NAME: usize = 60;

/// Where this machine serves the game on the home network.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct LanInfo {
    /// The machine's addresses on the network (IPv4, dotted), the first the one to show.
    pub addresses: Vec<String>,
    /// The port.
    pub port: u16,
}

impl LanInfo {
    /// The address a phone opens: `http://<first address>:<port>/`.
    pub fn url(&self) -> Option<String> {
        self.addresses
            .first()
            .map(|a| format!("http://{a}:{}/", self.port))
    }
}

/// A paired device, as the computer lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Device {
    /// Its id (for revoking it).
    pub id: String,
    /// What its browser says it is (`Android, Chrome`), cut short.
    pub name: String,
    /// When it was paired (RFC 3339).
    pub paired: String,
}

/// Where "Play on your phone" stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PhoneStatus {
    /// Where the game is served on the network, if it is.
    pub lan: Option<LanInfo>,
    /// The devices paired.
    pub devices: Vec<Device>,
}

/// A new pairing address.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Pairing {
    /// The address to open on the phone (holding the one-time secret).
    pub url: String,
    /// It as a QR code, an SVG picture.
    pub qr_svg: String,
    /// When it stops working (RFC 3339).
    pub expires: String,
}

/// A device to revoke.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DeviceRequest {
    /// Its id.
    pub id: String,
}

/// What is kept: hashes only.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Registry {
    pairings: Vec<Pending>,
    devices: Vec<Paired>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Pending {
    secret_hash: String,
    expires: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Paired {
    id: String,
    name: String,
    paired: String,
    session_hash: String,
}

/// The pairing registry of one data folder (or of memory).
#[derive(Debug, Default)]
pub(super) struct Phones {
    file: Option<PathBuf>,
    state: Mutex<Loaded>,
    lan: Mutex<Option<LanInfo>>,
}

/// The registry as last read, and the file's stamp then.
#[derive(Debug, Default)]
struct Loaded {
    registry: Registry,
    stamp: Option<(SystemTime, u64)>,
}

fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// A fresh random value: 256 bits in hex.
fn random_hex() -> ServiceResult<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ServiceError::Unavailable(format!("no randomness for a secret: {e}")))?;
    Ok(hex::encode(bytes))
}

impl Phones {
    /// The registry kept in `file` (none: in memory).
    pub(super) fn new(file: Option<PathBuf>) -> Phones {
        Phones {
            file,
            ..Phones::default()
        }
    }

    /// Runs `f` on the registry as it stands in the file now, and writes it back when `f`
    /// changed it.
    fn with<T>(&self, f: impl FnOnce(&mut Registry) -> T) -> ServiceResult<T> {
        let mut loaded = lock(&self.state)?;
        if let Some(file) = &self.file {
            check_file(file)?;
            let stamp = std::fs::metadata(file)
                .ok()
                .map(|m| (m.modified().unwrap_or(SystemTime::UNIX_EPOCH), m.len()));
            if stamp != loaded.stamp {
                loaded.registry = match std::fs::read_to_string(file) {
                    // A broken file pairs nobody: every phone pairs again.
                    Ok(text) => serde_json::from_str(&text).unwrap_or_default(),
                    Err(_) => Registry::default(),
                };
                loaded.stamp = stamp;
            }
        }
        let before = loaded.registry.clone();
        let now = Utc::now();
        loaded.registry.pairings.retain(|p| {
            DateTime::parse_from_rfc3339(&p.expires).is_ok_and(|e| e.with_timezone(&Utc) > now)
        });
        let answer = f(&mut loaded.registry);
        if loaded.registry != before
            && let Some(file) = &self.file
        {
            let text = serde_json::to_string_pretty(&loaded.registry)?;
            write_atomically(file, text.as_bytes())?;
            loaded.stamp = std::fs::metadata(file)
                .ok()
                .map(|m| (m.modified().unwrap_or(SystemTime::UNIX_EPOCH), m.len()));
        }
        Ok(answer)
    }
}

impl Service {
    /// Says where this service's games are served on the network (the server does, as it
    /// starts; the app, once it has started the server).
    pub fn serve_on_lan(&self, lan: LanInfo) -> ServiceResult<()> {
        *lock(&self.phones.lan)? = Some(lan);
        Ok(())
    }

    /// Where "Play on your phone" stands: where the games are served, the devices paired.
    pub fn phone(&self) -> ServiceResult<PhoneStatus> {
        let lan = lock(&self.phones.lan)?.clone();
        let devices = self.phones.with(|r| {
            r.devices
                .iter()
                .map(|d| Device {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    paired: d.paired.clone(),
                })
                .collect()
        })?;
        Ok(PhoneStatus { lan, devices })
    }

    /// A new pairing address (the secret in it works once, for [`PAIRING_LIFETIME`]).
    pub fn phone_pairing(&self) -> ServiceResult<Pairing> {
        let lan = lock(&self.phones.lan)?.clone();
        let base = lan.as_ref().and_then(LanInfo::url).ok_or_else(|| {
            ServiceError::BadRequest(
                "the game is not served on the home network: start `warwick serve --lan`, or \
                 Play on your phone in the app"
                    .to_owned(),
            )
        })?;
        let secret = random_hex()?;
        let expires = (Utc::now() + PAIRING_LIFETIME).to_rfc3339_opts(SecondsFormat::Secs, true);
        let secret_hash = hash(&secret);
        let kept = expires.clone();
        self.phones.with(move |r| {
            r.pairings.push(Pending {
                secret_hash,
                expires: kept,
            });
        })?;
        let url = format!("{base}pair/{secret}");
        Ok(Pairing {
            qr_svg: qr_svg(&url)?,
            url,
            expires,
        })
    }

    /// Pairs the browser that opened a pairing address with `secret`: its new session (to keep
    /// in a cookie), or `None` when the secret is unknown, used or expired.
    pub fn pair(&self, secret: &str, name: &str) -> ServiceResult<Option<String>> {
        let secret_hash = hash(secret);
        let session = random_hex()?;
        let session_hash = hash(&session);
        let id = random_hex()?.chars().take(12).collect::<String>();
        let name: String = name.chars().take(MAX_DEVICE_NAME).collect();
        let paired = self.phones.with(move |r| {
            let Some(at) = r.pairings.iter().position(|p| p.secret_hash == secret_hash) else {
                return false;
            };
            r.pairings.remove(at);
            if r.devices.len() >= MAX_DEVICES {
                r.devices.remove(0);
            }
            r.devices.push(Paired {
                id,
                name,
                paired: Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true),
                session_hash,
            });
            true
        })?;
        Ok(paired.then_some(session))
    }

    /// Whether `session` is a paired device's.
    pub fn paired(&self, session: &str) -> ServiceResult<bool> {
        let session_hash = hash(session);
        self.phones
            .with(|r| r.devices.iter().any(|d| d.session_hash == session_hash))
    }

    /// Revokes a device: its session no longer works.
    pub fn phone_revoke(&self, request: &DeviceRequest) -> ServiceResult<PhoneStatus> {
        let found = self.phones.with(|r| {
            let before = r.devices.len();
            r.devices.retain(|d| d.id != request.id);
            r.devices.len() < before
        })?;
        if !found {
            return Err(ServiceError::BadRequest(format!(
                "no paired device `{}`",
                request.id.chars().take(20).collect::<String>()
            )));
        }
        self.phone()
    }
}

/// `text` as a QR code, an SVG picture.
pub fn qr_svg(text: &str) -> ServiceResult<String> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ServiceError::BadRequest(format!("no QR code for that address: {e}")))?;
    Ok(code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build())
}

/// `text` as a QR code drawn in a terminal (two rows of modules per line).
pub fn qr_terminal(text: &str) -> ServiceResult<String> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ServiceError::BadRequest(format!("no QR code for that address: {e}")))?;
    Ok(code
        .render::<qrcode::render::unicode::Dense1x2>()
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serving(service: &Service) {
        service
            .serve_on_lan(LanInfo {
                addresses: vec!["192.168.1.20".to_owned()],
                port: 8420,
            })
            .unwrap();
    }

    #[test]
    fn a_secret_pairs_once_and_a_revoked_session_stops_working() {
        let service = Service::new();
        assert!(
            service.phone_pairing().is_err(),
            "not served on the network"
        );
        serving(&service);
        let pairing = service.phone_pairing().unwrap();
        assert!(pairing.url.starts_with("http://192.168.1.20:8420/pair/"));
        assert!(pairing.qr_svg.starts_with("<?xml") || pairing.qr_svg.contains("<svg"));
        let secret = pairing.url.rsplit('/').next().unwrap();
        assert_eq!(secret.len(), 64);
        let session = service.pair(secret, "Android, Chrome").unwrap().unwrap();
        assert!(service.paired(&session).unwrap());
        // Used once: a second try pairs nothing; a wrong secret neither.
        assert_eq!(service.pair(secret, "again").unwrap(), None);
        assert_eq!(service.pair(&"0".repeat(64), "guess").unwrap(), None);
        assert!(!service.paired("not a session").unwrap());
        let status = service.phone().unwrap();
        assert_eq!(status.devices.len(), 1);
        assert_eq!(status.devices[0].name, "Android, Chrome");
        service
            .phone_revoke(&DeviceRequest {
                id: status.devices[0].id.clone(),
            })
            .unwrap();
        assert!(!service.paired(&session).unwrap(), "revoked");
    }

    #[test]
    fn two_processes_share_the_file_and_an_expired_secret_pairs_nobody() {
        let home = tempfile::tempdir().unwrap();
        let app = Service::open_data_folder(home.path(), "games.db").unwrap();
        let server = Service::open_data_folder(home.path(), "games.db").unwrap();
        serving(&app);
        let pairing = app.phone_pairing().unwrap();
        let secret = pairing.url.rsplit('/').next().unwrap().to_owned();
        // The server (another process in real life) reads the same file.
        let session = server.pair(&secret, "phone").unwrap().unwrap();
        assert!(app.paired(&session).unwrap());
        let kept = std::fs::read_to_string(home.path().join(DEVICES_FILE)).unwrap();
        assert!(
            !kept.contains(&session) && !kept.contains(&secret),
            "hashes only"
        );
        // An expired pairing is dropped.
        let stale = r#"{"pairings":[{"secret_hash":"HASH","expires":"2020-01-01T00:00:00Z"}],"devices":[]}"#
            .replace("HASH", &hash("old"));
        std::fs::write(home.path().join(DEVICES_FILE), stale).unwrap();
        assert_eq!(server.pair("old", "phone").unwrap(), None);
    }
}
