//! The names players read for a controlled-random game's factions, through the service: its
//! view, the saved games' list and the log all name each faction after its leading Noble, and
//! the log names the red seat's colour as its badge shows it.

use super::tests::settle;
use super::*;

#[test]
fn a_controlled_random_game_names_its_factions_after_nobles_everywhere_it_is_read() {
    let service = Service::new();
    let mut new = NewGame::bots_around(3, Some(0), Mode::Casual, 9);
    new.setup = SetupChoice::ControlledRandom;
    let status = settle(&service, service.create_game(&new).unwrap());
    let view = service
        .view(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap();
    let names: Vec<String> = view.view["factions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(names.iter().all(|n| n.ends_with("'s Faction")), "{names:?}");
    let summary = service
        .list_games()
        .unwrap()
        .into_iter()
        .find(|g| g.game == status.game)
        .unwrap();
    assert_eq!(summary.faction.as_deref(), Some(names[0].as_str()));
    // The log names them so, with the colours their badges show.
    let timeline = service.timeline(status.game).unwrap();
    let text: Vec<&str> = timeline
        .rounds
        .iter()
        .flat_map(|r| &r.turns)
        .flat_map(|t| &t.phases)
        .flat_map(|p| &p.entries)
        .map(|e| e.description.as_str())
        .collect();
    assert!(text.iter().all(|t| !t.contains("Player ")), "{text:?}");
    assert!(text.iter().all(|t| !t.contains("(red)")), "{text:?}");
}
