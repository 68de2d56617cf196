//! The app's settings, kept between runs: the line-up a new game starts from (how many bot
//! factions, each one's tier), the bots' speed, animation, passing empty card windows, and the
//! folder games are kept in. Owns `settings.json` in the data folder (read at start, a bad file
//! giving the defaults and a message; written whole to a temporary file and renamed over the
//! old one), moving the games database to another folder (copied there, or the games already
//! there used) and exporting every finished game into the games folder. Must not hold rule logic.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::BotKind;
use crate::content::{Content, Report};
use crate::store::EventLog;

use super::core::{Service, lock};
use super::dailies::today;
use super::data_files::{check_file, write_atomically};
use super::error::{ServiceError, ServiceResult};

/// The settings file's name, in the data folder.
pub const SETTINGS_FILE: &str = "settings.json";

/// The most bot factions a new game has besides the person's (five seats in all).
pub const MAX_BOTS: usize = 4;

/// How fast the bots' commands follow one another on the game screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum BotSpeed {
    /// About a second between commands.
    Slow,
    /// Under half a second.
    #[default]
    Normal,
    /// A blink.
    Fast,
    /// No pause at all.
    Instant,
}

/// What the person chose, kept between runs. Read strictly from a request: an object with
/// exactly these fields (`games_folder` and the later ones may be left out), nothing else, so a request of
/// another shape is refused and never taken for "the defaults". The settings file is read more
/// kindly ([`read_settings`]): a file from an older Warwick may lack newer settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(try_from = "serde_json::Map<String, serde_json::Value>")]
#[ts(export)]
pub struct Settings {
    /// The bot factions of a new game, in seat order after the person's: one tier each,
    /// 1 to [`MAX_BOTS`] of them.
    pub bots: Vec<BotKind>,
    /// How fast the bots play.
    pub bot_speed: BotSpeed,
    /// Pieces move along their way on the map (off: they jump).
    pub animation: bool,
    /// A card window where the person holds nothing to play passes by itself.
    pub auto_pass: bool,
    /// End turn asks before leaving a Free Move unspent that could still move a piece.
    pub ask_free_moves: bool,
    /// A move tapped on the map is shown first with a bar to confirm it (for phones).
    pub confirm_moves: bool,
    /// The folder games are kept in; none for the data folder.
    pub games_folder: Option<String>,
    /// The name the player's shared results carry (a friends' board shows it), at most
    /// [`super::challenge::MAX_NAME_CHARS`] characters; none to share without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub player_name: Option<String>,
}

/// The fields of [`Settings`], as a request must give them (the later ones may be left out,
/// as a client of an older Warwick leaves them).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsFields {
    bots: Vec<BotKind>,
    bot_speed: BotSpeed,
    animation: bool,
    auto_pass: bool,
    #[serde(default = "yes")]
    ask_free_moves: bool,
    #[serde(default)]
    confirm_moves: bool,
    #[serde(default)]
    games_folder: Option<String>,
    #[serde(default)]
    player_name: Option<String>,
}

fn yes() -> bool {
    true
}

impl TryFrom<serde_json::Map<String, serde_json::Value>> for Settings {
    type Error = String;

    fn try_from(object: serde_json::Map<String, serde_json::Value>) -> Result<Self, String> {
        let fields: SettingsFields = serde_json::from_value(serde_json::Value::Object(object))
            .map_err(|e| format!("these are not Warwick's settings: {e}"))?;
        Ok(Settings {
            bots: fields.bots,
            bot_speed: fields.bot_speed,
            animation: fields.animation,
            auto_pass: fields.auto_pass,
            ask_free_moves: fields.ask_free_moves,
            confirm_moves: fields.confirm_moves,
            games_folder: fields.games_folder,
            player_name: fields
                .player_name
                .as_deref()
                .and_then(super::challenge::clean_name),
        })
    }
}

/// The settings file's fields, each its default when missing (a file an older Warwick wrote);
/// fields a later Warwick added are passed over.
#[derive(Deserialize)]
#[serde(default)]
struct StoredSettings {
    bots: Vec<BotKind>,
    bot_speed: BotSpeed,
    animation: bool,
    auto_pass: bool,
    ask_free_moves: bool,
    confirm_moves: bool,
    games_folder: Option<String>,
    player_name: Option<String>,
}

impl Default for StoredSettings {
    fn default() -> Self {
        let d = Settings::default();
        StoredSettings {
            bots: d.bots,
            bot_speed: d.bot_speed,
            animation: d.animation,
            auto_pass: d.auto_pass,
            ask_free_moves: d.ask_free_moves,
            confirm_moves: d.confirm_moves,
            games_folder: d.games_folder,
            player_name: d.player_name,
        }
    }
}

impl From<StoredSettings> for Settings {
    fn from(stored: StoredSettings) -> Self {
        Settings {
            bots: stored.bots,
            bot_speed: stored.bot_speed,
            animation: stored.animation,
            auto_pass: stored.auto_pass,
            ask_free_moves: stored.ask_free_moves,
            confirm_moves: stored.confirm_moves,
            games_folder: stored.games_folder,
            player_name: stored
                .player_name
                .as_deref()
                .and_then(super::challenge::clean_name),
        }
    }
}

/// The longest games folder path kept, in characters.
const MAX_FOLDER_CHARS: usize = 4096;

impl Default for Settings {
    fn default() -> Self {
        Self {
            bots: vec![BotKind::Normal, BotKind::Normal],
            bot_speed: BotSpeed::Normal,
            animation: true,
            auto_pass: true,
            ask_free_moves: true,
            confirm_moves: false,
            games_folder: None,
            player_name: None,
        }
    }
}

impl Settings {
    /// Why these settings cannot be kept, if they cannot.
    pub fn problem(&self) -> Option<String> {
        if self.bots.is_empty() || self.bots.len() > MAX_BOTS {
            return Some(format!(
                "a new game has 1 to {MAX_BOTS} bot factions, not {}",
                self.bots.len()
            ));
        }
        match self.games_folder.as_deref().map(str::trim) {
            Some(folder) if folder.chars().count() > MAX_FOLDER_CHARS => Some(format!(
                "the games folder's path is longer than {MAX_FOLDER_CHARS} characters"
            )),
            Some("") | None => None,
            Some(folder) if !Path::new(folder).is_absolute() => Some(format!(
                "the games folder must be a full path (from the top of the disk), not `{folder}`"
            )),
            Some(_) => None,
        }
    }
}

/// The settings and where things are, as the Settings screen shows them.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SettingsView {
    /// The settings in force.
    pub settings: Settings,
    /// What a reset gives.
    pub defaults: Settings,
    /// The folder the games are in now; none when they are kept in memory only.
    pub games_folder: Option<String>,
    /// The folder games are kept in unless another is chosen (the data folder).
    pub default_games_folder: Option<String>,
    /// The settings file; none when settings last only as long as this run.
    pub settings_file: Option<String>,
    /// Something the person should know: an unreadable settings file, games moved.
    pub notice: Option<String>,
}

/// Every finished game as one history file, also written into the games folder.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExportedGames {
    /// The history file's text (the format of `export_history`).
    pub text: String,
    /// Games in it.
    pub games: u32,
    /// Where it was written; none when games are kept in memory only.
    pub file: Option<String>,
}

/// Where the settings live and what they are now; owned by the [`Service`].
#[derive(Debug, Default)]
pub(super) struct SettingsPlace {
    /// The data folder (the settings file's); none when nothing is kept between runs.
    home: Option<PathBuf>,
    /// The games database's file name, the same in every games folder.
    db_name: String,
    /// The folder of the database in use.
    games_folder: Option<PathBuf>,
    settings: Settings,
    notice: Option<String>,
}

impl SettingsPlace {
    fn view(&self) -> SettingsView {
        let shown = |p: &PathBuf| p.display().to_string();
        SettingsView {
            settings: self.settings.clone(),
            defaults: Settings::default(),
            games_folder: self.games_folder.as_ref().map(shown),
            default_games_folder: self.home.as_ref().map(shown),
            settings_file: self.home.as_ref().map(|h| shown(&h.join(SETTINGS_FILE))),
            notice: self.notice.clone(),
        }
    }

    /// Writes the settings file (nothing when nothing is kept between runs).
    fn write(&self, settings: &Settings) -> ServiceResult<()> {
        let Some(home) = &self.home else {
            return Ok(());
        };
        let text = serde_json::to_string_pretty(settings)?;
        write_atomically(&home.join(SETTINGS_FILE), text.as_bytes())
    }
}

impl Service {
    /// A service over the data folder `home`: its settings file read (defaults and a message if
    /// it is unreadable), its games in `db_name` inside the games folder the settings name, or
    /// in `home` itself. A games folder that cannot be opened falls back to `home`, with a
    /// message; only a database in `home` that cannot be opened is an error.
    pub fn open_data_folder(home: &Path, db_name: &str) -> ServiceResult<Self> {
        Self::open_data_folder_with(Content::embedded(), home, db_name)
    }

    /// [`Service::open_data_folder`] over the embedded content the caller has already loaded
    /// (the app loads it once, for the page's start-up facts and for the service).
    pub fn open_data_folder_with(
        content: Result<Content, Report>,
        home: &Path,
        db_name: &str,
    ) -> ServiceResult<Self> {
        std::fs::create_dir_all(home).map_err(|e| folder_error(home, &e))?;
        // A special file where Warwick keeps its own (a pipe would block the start, a folder
        // could never be written) is refused by name before anything is opened.
        check_file(&home.join(SETTINGS_FILE))?;
        let (settings, mut notice) = read_settings(&home.join(SETTINGS_FILE));
        let chosen = chosen_folder(home, &settings);
        let (log, folder) = match open_games(&chosen, db_name) {
            Ok(log) => (log, chosen),
            Err(error) if chosen != home => {
                notice = Some(format!(
                    "Your games folder {} could not be opened ({error}), so games are kept in {} \
                     for now. Choose the folder again in Settings once it is back.",
                    chosen.display(),
                    home.display()
                ));
                (open_games(home, db_name)?, home.to_owned())
            }
            Err(error) => return Err(error),
        };
        if let Some(found) = log.damage() {
            let damaged = format!(
                "The games database {} is damaged (SQLite's check found: {found}). Games that \
                 cannot be read are marked damaged and not opened; the others can be played. \
                 Keep what can be read with Export all games.",
                log.file_name()
            );
            notice = Some(match notice {
                Some(before) => format!("{before} {damaged}"),
                None => damaged,
            });
        }
        check_file(&home.join(super::phone::DEVICES_FILE))?;
        let mut service = Self::with_content(content, Ok(log));
        service.phones = super::phone::Phones::new(Some(home.join(super::phone::DEVICES_FILE)));
        *lock(&service.settings)? = SettingsPlace {
            home: Some(home.to_owned()),
            db_name: db_name.to_owned(),
            games_folder: Some(folder),
            settings,
            notice,
        };
        Ok(service)
    }

    /// The settings and where things are kept.
    pub fn settings(&self) -> ServiceResult<SettingsView> {
        Ok(lock(&self.settings)?.view())
    }

    /// The folder the games are in now (none when kept in memory), for opening it.
    pub fn games_folder(&self) -> ServiceResult<Option<PathBuf>> {
        Ok(lock(&self.settings)?.games_folder.clone())
    }

    /// Keeps new settings. A different games folder takes effect at once: the games are copied
    /// there (the old copy stays where it was), or, if that folder already holds Warwick's
    /// games, those are used.
    pub fn save_settings(&self, new: &Settings) -> ServiceResult<SettingsView> {
        if let Some(problem) = new.problem() {
            return Err(ServiceError::BadRequest(problem));
        }
        let mut place = lock(&self.settings)?;
        let mut new = new.clone();
        new.games_folder = new
            .games_folder
            .map(|f| f.trim().to_owned())
            .filter(|f| !f.is_empty() && place.home.as_deref() != Some(Path::new(f)));
        let mut notice = None;
        if let Some(home) = place.home.clone() {
            let target = chosen_folder(&home, &new);
            if place.games_folder.as_deref() != Some(target.as_path()) {
                notice = Some(self.move_games(&place, &target)?);
                place.games_folder = Some(target);
            }
        } else if new.games_folder.is_some() {
            return Err(ServiceError::BadRequest(
                "games are kept in memory in this run, so they cannot be kept in a folder"
                    .to_owned(),
            ));
        }
        place.write(&new)?;
        place.settings = new;
        place.notice = notice;
        Ok(place.view())
    }

    /// Puts the settings back to their defaults, except the games folder, which stays (a reset
    /// never moves or hides games).
    pub fn reset_settings(&self) -> ServiceResult<SettingsView> {
        let mut place = lock(&self.settings)?;
        let new = Settings {
            games_folder: place.settings.games_folder.clone(),
            ..Settings::default()
        };
        place.write(&new)?;
        place.settings = new;
        place.notice = Some(
            "Settings are back to their defaults. Your games were not touched and stay where they \
             are."
                .to_owned(),
        );
        Ok(place.view())
    }

    /// Every finished game as one history file (the format of [`Service::export_history`],
    /// which Your history brings back), also written into the games folder.
    pub fn export_all_games(&self) -> ServiceResult<ExportedGames> {
        let text = self.export_history()?.text;
        let games = text
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .count() as u32;
        let file = match self.games_folder()? {
            Some(folder) => {
                let path = folder.join(format!("warwick-games-{}.txt", today()));
                write_atomically(&path, text.as_bytes())?;
                Some(path.display().to_string())
            }
            None => None,
        };
        Ok(ExportedGames { text, games, file })
    }

    /// Switches to the games database in `target`: copies the one in use there first unless
    /// `target` already holds one. Says what it did.
    fn move_games(&self, place: &SettingsPlace, target: &Path) -> ServiceResult<String> {
        std::fs::create_dir_all(target).map_err(|e| folder_error(target, &e))?;
        let db = target.join(&place.db_name);
        let old = place
            .games_folder
            .as_ref()
            .map_or_else(String::new, |f| f.display().to_string());
        let copied = !db.exists();
        if copied {
            let to = db.to_str().ok_or_else(|| {
                ServiceError::BadRequest(format!(
                    "the folder {} has characters Warwick cannot use in a path",
                    target.display()
                ))
            })?;
            // A consistent copy of the whole database, whatever is in its write-ahead log.
            self.with_db(|log| {
                log.connection().execute("VACUUM INTO ?1", [to])?;
                Ok(())
            })?;
        }
        let log = open_games(target, &place.db_name)?;
        self.replace_log(log)?;
        Ok(if copied {
            format!(
                "Your games were copied to {} and are kept there from now on. The old copy stays \
                 in {old}.",
                target.display()
            )
        } else {
            format!(
                "{} already held Warwick games: those are the ones shown from now on. The games \
                 in {old} stay there.",
                target.display()
            )
        })
    }
}

/// The folder the settings name for games, or the data folder.
fn chosen_folder(home: &Path, settings: &Settings) -> PathBuf {
    settings
        .games_folder
        .as_deref()
        .map_or_else(|| home.to_owned(), PathBuf::from)
}

/// Opens (creating if need be) the games database in `folder`.
fn open_games(folder: &Path, db_name: &str) -> ServiceResult<EventLog> {
    std::fs::create_dir_all(folder).map_err(|e| folder_error(folder, &e))?;
    let db = folder.join(db_name);
    for suffix in ["", "-wal", "-shm", "-journal"] {
        check_file(&folder.join(format!("{db_name}{suffix}")))?;
    }
    Ok(EventLog::open(&db)?)
}

/// Reads the settings file: the defaults when there is none; the defaults and why when it
/// cannot be read or holds settings that cannot be used (the bad file is kept beside it).
pub(super) fn read_settings(path: &Path) -> (Settings, Option<String>) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return (Settings::default(), None);
        }
        Err(error) => {
            return (
                Settings::default(),
                Some(format!(
                    "The settings file {} could not be read ({error}), so the default settings \
                     are in use.",
                    path.display()
                )),
            );
        }
    };
    let problem = match serde_json::from_str::<StoredSettings>(&text) {
        Ok(stored) => {
            let settings = Settings::from(stored);
            match settings.problem() {
                None => return (settings, None),
                Some(problem) => problem,
            }
        }
        Err(error) => error.to_string(),
    };
    let kept = path.with_extension("json.unreadable");
    let kept_words = match std::fs::copy(path, &kept) {
        Ok(_) => format!(" The unreadable file was kept as {}.", kept.display()),
        Err(_) => String::new(),
    };
    (
        Settings::default(),
        Some(format!(
            "The settings file {} could not be used ({problem}), so the default settings are in \
             use; saving settings writes a good one.{kept_words}",
            path.display()
        )),
    )
}

pub(super) fn folder_error(path: &Path, error: &std::io::Error) -> ServiceError {
    ServiceError::Folder(format!("{}: {error}", path.display()))
}
