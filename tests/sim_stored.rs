//! `warwick sim --db` plays the bots it is asked for, rotated through the seats, with the
//! round cap, and stores every game: the same games the in-memory run plays.

#![allow(clippy::unwrap_used)] // a test: a failure should panic

use std::process::Command;

use warwick::service::{SeatPlayer, Service};

fn sim(extra: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_warwick"))
        .args([
            "sim",
            "--games",
            "2",
            "--players",
            "3",
            "--bots",
            "normal,random,random",
        ])
        .args(["--seed", "3", "--rounds", "3", "--json"])
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn stored_bot_games_use_the_asked_bots_and_round_cap() {
    let dir = std::env::temp_dir().join(format!("warwick-sim-stored-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("sim.db");
    let stored = sim(&["--db", db.to_str().unwrap()]);
    assert_eq!(stored["completed"], 2, "{stored}");
    assert_eq!(stored["errors"], 0, "{stored}");
    let wins: u64 = stored["wins_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert!(wins >= 1, "{stored}");
    let service = Service::open(&db).unwrap();
    let ids = service.game_ids().unwrap();
    assert_eq!(ids.len(), 2);
    for (game, normal_seat) in ids.into_iter().zip([0usize, 1]) {
        let status = service.status(game).unwrap();
        assert!(status.outcome.is_some(), "game {game} did not end");
        let tiers: Vec<&str> = status
            .seats
            .iter()
            .map(|s| match s {
                SeatPlayer::Bot { tier, .. } => tier.key(),
                SeatPlayer::Human => "human",
            })
            .collect();
        let mut expected = vec!["random"; 3];
        expected[normal_seat] = "normal";
        assert_eq!(tiers, expected, "game {game}: seats rotate one per game");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
