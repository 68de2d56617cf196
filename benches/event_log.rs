//! Criterion benchmarks of the event log's paths, on a recorded 5-faction bot game in a SQLite
//! file: reading and decoding every row, rebuilding the final state, one bot command (legal
//! commands + decide + append + evolve), and the state at a random seq. `warwick bench --json`
//! prints the same figures in one run.

#![allow(clippy::unwrap_used, missing_docs)] // a benchmark: a failure should panic

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use warwick::content::Content;
use warwick::rules::initial_state;
use warwick::service::{GameOptions, History, Mode, NewGame, Row, Service};
use warwick::store::EventLog;

fn event_log(c: &mut Criterion) {
    let path = std::env::temp_dir().join(format!("warwick-criterion-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let service = Service::open(&path).unwrap();
    let status = service
        .simulate(&NewGame::bots_around(5, None, Mode::Casual, 1), 2_000)
        .unwrap();
    let game = status.game;
    let log = EventLog::open(&path).unwrap();
    let content = Content::embedded().unwrap();
    let options: GameOptions = serde_json::from_value(log.game(game).unwrap().options).unwrap();
    let rebuild = || {
        let mut history = History::new(initial_state(&content, &options.setup));
        for stored in log.events(game).unwrap() {
            history
                .push(&content, Row::decode(&stored).unwrap())
                .unwrap();
        }
        history
    };
    let history = rebuild();

    c.bench_function("a_read_and_decode_all_rows", |b| {
        b.iter(|| {
            let rows: Vec<Row> = log
                .events(game)
                .unwrap()
                .iter()
                .map(|s| Row::decode(s).unwrap())
                .collect();
            black_box(rows)
        })
    });
    c.bench_function("b_rebuild_final_state", |b| b.iter(|| black_box(rebuild())));
    let mut seq = 0u64;
    c.bench_function("d_state_at_seq", |b| {
        b.iter(|| {
            seq = (seq + 7919) % (history.head() + 1);
            black_box(history.state_at(&content, seq))
        })
    });
    let mut playing = service
        .simulate(&NewGame::bots_around(5, None, Mode::Casual, 2), 0)
        .unwrap()
        .game;
    let mut next_seed = 3;
    c.bench_function("c_one_bot_command", |b| {
        b.iter(|| {
            if service.play_bots(playing, 1).unwrap() == 0 {
                // The game ended: go on with a fresh one.
                playing = service
                    .simulate(&NewGame::bots_around(5, None, Mode::Casual, next_seed), 0)
                    .unwrap()
                    .game;
                next_seed += 1;
            }
        })
    });
    drop(log);
    drop(service);
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = event_log
}
criterion_main!(benches);
