//! Crash safety of the event log: `warwick sim --db` is killed with SIGKILL at random moments
//! while bots play a long game; each time the database must open, verify (chain, end, and a
//! full replay that re-decides every command) and replay, having lost at most the command in
//! flight (a half-written command would fail the replay's check that every command's events
//! are all there). `cargo test` runs a short version; the full 200 kills run with
//! `--ignored` (scripts/soak.sh, in release).

#![allow(clippy::unwrap_used)] // a test: a failure should panic

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use warwick::service::Service;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warwick-crash-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Kills a bot game at a random moment, then checks the database. Returns the rows kept.
fn kill_and_check(db: &Path, seed: u64, delay: Duration) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warwick"))
        .args([
            "sim",
            "--games",
            "1",
            "--players",
            "5",
            "--max-commands",
            "1000000",
            "--rounds",
            "0",
        ])
        .args(["--seed", &seed.to_string(), "--db"])
        .arg(db)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(delay);
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    let service = Service::open(db).unwrap_or_else(|e| panic!("seed {seed}: cannot open: {e}"));
    let mut rows = 0;
    for game in service.game_ids().unwrap() {
        let verified = service
            .verify(game)
            .unwrap_or_else(|e| panic!("seed {seed}, game {game}: {e}"));
        let status = service.status(game).unwrap();
        assert_eq!(verified.rows, status.head);
        rows += verified.rows;
    }
    rows
}

fn run(iterations: u64, max_delay_ms: u64) {
    let dir = scratch(&format!("{iterations}"));
    let mut seed = 0x5EED_u64;
    let (mut with_rows, mut total_rows) = (0, 0);
    for i in 0..iterations {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let delay = Duration::from_millis(20 + (seed >> 33) % max_delay_ms);
        let db = dir.join(format!("game-{i}.db"));
        let rows = kill_and_check(&db, i, delay);
        with_rows += u64::from(rows > 0);
        total_rows += rows;
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(dir.join(format!("game-{i}.db{suffix}")));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        with_rows * 2 >= iterations,
        "most kills should land mid-game: {with_rows} of {iterations} had rows"
    );
    eprintln!("{iterations} kills, {with_rows} mid-game, {total_rows} rows verified");
}

#[test]
fn a_killed_bot_game_always_verifies() {
    run(8, 1500);
}

#[test]
#[ignore = "200 kills: run by scripts/soak.sh (cargo test --release -- --ignored)"]
fn two_hundred_kills_always_verify() {
    run(200, 800);
}
