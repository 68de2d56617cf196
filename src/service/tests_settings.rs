//! The settings kept between runs: the file written and read back, bad files, the games folder
//! moved (and found again at the next start), a reset that leaves games alone, the export.

use std::path::Path;

use crate::bots::BotKind;

use super::settings::SETTINGS_FILE;
use super::*;

const DB: &str = "games.db";

fn a_game(service: &Service) -> i64 {
    service
        .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, 5))
        .unwrap()
        .game
}

fn game_count(service: &Service) -> usize {
    service.list_games().unwrap().len()
}

fn chosen() -> Settings {
    Settings {
        bots: vec![BotKind::Hard, BotKind::Easy, BotKind::Random],
        bot_speed: BotSpeed::Fast,
        animation: false,
        auto_pass: false,
        ask_free_moves: false,
        confirm_moves: true,
        games_folder: None,
        player_name: Some("Anna".to_owned()),
    }
}

#[test]
fn settings_are_kept_between_runs() {
    let home = tempfile::tempdir().unwrap();
    let first = Service::open_data_folder(home.path(), DB).unwrap();
    let fresh = first.settings().unwrap();
    assert_eq!(fresh.settings, Settings::default());
    assert_eq!(fresh.notice, None);
    first.save_settings(&chosen()).unwrap();
    drop(first);
    // Written whole: no temporary file left beside it.
    let names: Vec<String> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.contains(&SETTINGS_FILE.to_owned()), "{names:?}");
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "{names:?}");
    let second = Service::open_data_folder(home.path(), DB).unwrap();
    let view = second.settings().unwrap();
    assert_eq!(view.settings, chosen());
    assert_eq!(view.notice, None);
    assert_eq!(
        view.games_folder.as_deref(),
        Some(home.path().display().to_string().as_str())
    );
}

#[test]
fn a_corrupt_settings_file_gives_the_defaults_and_says_so() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join(SETTINGS_FILE);
    for bad in [
        "{\"bots\": [\"normal\"", // cut short
        "\u{0}\u{1}binary",
        "{\"bots\": [\"grandmaster\"]}",
        "{\"bots\": []}",
        "{\"games_folder\": \"relative/folder\"}",
        "[1, 2, 3]",
    ] {
        std::fs::write(&file, bad).unwrap();
        let service = Service::open_data_folder(home.path(), DB).unwrap();
        let view = service.settings().unwrap();
        assert_eq!(view.settings, Settings::default(), "{bad}");
        let notice = view.notice.unwrap_or_default();
        assert!(notice.contains("could not be used"), "{bad}: {notice}");
        assert!(notice.contains(SETTINGS_FILE), "{notice}");
        // The bad file is kept for the person to look at, and saving writes a good one.
        assert!(home.path().join("settings.json.unreadable").exists());
        service.save_settings(&chosen()).unwrap();
        let again = Service::open_data_folder(home.path(), DB).unwrap();
        assert_eq!(again.settings().unwrap().settings, chosen(), "{bad}");
        assert_eq!(again.settings().unwrap().notice, None);
    }
}

#[test]
fn a_settings_file_missing_some_settings_keeps_the_rest_at_their_defaults() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(
        home.path().join(SETTINGS_FILE),
        r#"{"animation": false, "from_a_later_warwick": 1}"#,
    )
    .unwrap();
    let service = Service::open_data_folder(home.path(), DB).unwrap();
    let view = service.settings().unwrap();
    assert_eq!(
        view.settings,
        Settings {
            animation: false,
            ..Settings::default()
        }
    );
    assert_eq!(view.notice, None);
}

#[test]
fn unusable_settings_are_refused_and_nothing_is_written() {
    let home = tempfile::tempdir().unwrap();
    let service = Service::open_data_folder(home.path(), DB).unwrap();
    for bad in [
        Settings {
            bots: vec![],
            ..Settings::default()
        },
        Settings {
            bots: vec![BotKind::Normal; MAX_BOTS + 1],
            ..Settings::default()
        },
        Settings {
            games_folder: Some("games".to_owned()),
            ..Settings::default()
        },
    ] {
        let error = service.save_settings(&bad).unwrap_err();
        assert_eq!(error.code(), "bad_request", "{error}");
    }
    assert!(!home.path().join(SETTINGS_FILE).exists());
    // A service that keeps games in memory keeps settings for the run, but no folder.
    let memory = Service::new();
    memory.save_settings(&chosen()).unwrap();
    assert_eq!(memory.settings().unwrap().settings, chosen());
    let folder = Settings {
        games_folder: Some(home.path().display().to_string()),
        ..chosen()
    };
    assert_eq!(
        memory.save_settings(&folder).unwrap_err().code(),
        "bad_request"
    );
}

#[test]
fn a_new_games_folder_takes_the_games_along_and_is_used_at_the_next_start() {
    let home = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("Warwick games");
    let service = Service::open_data_folder(home.path(), DB).unwrap();
    let game = a_game(&service);
    let moved = Settings {
        games_folder: Some(target.display().to_string()),
        ..Settings::default()
    };
    let view = service.save_settings(&moved).unwrap();
    assert!(
        view.notice.as_deref().unwrap_or("").contains("copied"),
        "{view:?}"
    );
    assert_eq!(
        view.games_folder.as_deref(),
        Some(target.display().to_string().as_str())
    );
    assert!(target.join(DB).exists());
    // The game is there now, and a game made now goes to the new folder only.
    assert_eq!(service.status(game).unwrap().game, game);
    a_game(&service);
    assert_eq!(game_count(&service), 2);
    drop(service);
    assert_eq!(
        game_count(&Service::open(&home.path().join(DB)).unwrap()),
        1,
        "the old copy stays as it was"
    );
    let next_run = Service::open_data_folder(home.path(), DB).unwrap();
    assert_eq!(game_count(&next_run), 2);
    assert_eq!(
        next_run.games_folder().unwrap().as_deref(),
        Some(target.as_path())
    );
    // Back to the data folder, which already holds games: those are used, nothing is copied.
    let back = next_run
        .save_settings(&Settings {
            games_folder: None,
            ..moved
        })
        .unwrap();
    assert!(
        back.notice
            .as_deref()
            .unwrap_or("")
            .contains("already held"),
        "{back:?}"
    );
    assert_eq!(game_count(&next_run), 1);
    assert_eq!(
        game_count(&Service::open(&target.join(DB)).unwrap()),
        2,
        "the other folder keeps its games"
    );
}

#[test]
fn a_games_folder_that_is_gone_falls_back_to_the_data_folder_with_a_message() {
    let home = tempfile::tempdir().unwrap();
    // A folder that cannot be made: its parent is a file.
    let blocker = home.path().join("a file");
    std::fs::write(&blocker, "not a folder").unwrap();
    let gone = blocker.join("games");
    std::fs::write(
        home.path().join(SETTINGS_FILE),
        serde_json::json!({ "games_folder": gone }).to_string(),
    )
    .unwrap();
    let service = Service::open_data_folder(home.path(), DB).unwrap();
    let view = service.settings().unwrap();
    assert!(
        view.notice
            .as_deref()
            .unwrap_or("")
            .contains("could not be opened"),
        "{view:?}"
    );
    assert_eq!(
        view.games_folder.as_deref(),
        Some(home.path().display().to_string().as_str())
    );
    // The choice is kept, for when the folder is back.
    assert_eq!(view.settings.games_folder, Some(gone.display().to_string()));
    a_game(&service);
    assert_eq!(game_count(&service), 1);
}

#[test]
fn a_reset_puts_settings_back_and_leaves_the_games_alone() {
    let home = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let service = Service::open_data_folder(home.path(), DB).unwrap();
    a_game(&service);
    let folder = elsewhere.path().display().to_string();
    service
        .save_settings(&Settings {
            games_folder: Some(folder.clone()),
            ..chosen()
        })
        .unwrap();
    let view = service.reset_settings().unwrap();
    assert_eq!(
        view.settings,
        Settings {
            games_folder: Some(folder.clone()),
            ..Settings::default()
        }
    );
    assert_eq!(game_count(&service), 1);
    drop(service);
    let next_run = Service::open_data_folder(home.path(), DB).unwrap();
    assert_eq!(
        next_run.settings().unwrap().settings.bots,
        Settings::default().bots
    );
    assert_eq!(
        next_run.games_folder().unwrap().as_deref(),
        Some(Path::new(&folder))
    );
    assert_eq!(game_count(&next_run), 1);
}

#[test]
fn export_all_games_writes_one_history_file_into_the_games_folder() {
    let home = tempfile::tempdir().unwrap();
    let service = Service::open_data_folder(home.path(), DB).unwrap();
    a_game(&service);
    let exported = service.export_all_games().unwrap();
    assert!(exported.text.starts_with(r#"{"format":"warwick-history""#));
    // An unfinished game has no replay code yet: the file holds the finished ones.
    assert_eq!(exported.games, 0);
    let file = exported.file.unwrap();
    assert!(
        file.starts_with(&home.path().display().to_string()),
        "{file}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), exported.text);
    assert_eq!(Service::new().export_all_games().unwrap().file, None);
}
