//! Helpers shared by the integration tests.

// Each test binary includes this module and uses only some of its helpers.
#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Every scenario file under `tests/scenarios/` (not `pending/`), in name order.
pub fn scenario_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut out: Vec<_> = std::fs::read_dir(dir)
        .expect("scenarios dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    out
}

/// `work` on every item, spread over the machine's cores (`available_parallelism` threads at
/// most, each taking the next item nobody has taken), the results in the items' order: a heavy
/// test's independent games or positions run side by side and their tallies merge as a serial
/// run would (CI has two cores, and `cargo test` runs one test binary at a time). A panic in
/// `work` stops the other threads before their next item and is raised again, message and all.
pub fn par_map<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    /// Tells the other threads to stop when its thread unwinds.
    struct OnPanic<'a>(&'a AtomicBool);
    impl Drop for OnPanic<'_> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                self.0.store(true, Ordering::Relaxed);
            }
        }
    }
    let mut out: Vec<Option<R>> = items.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let _guard = OnPanic(&failed);
                    let mut done = Vec::new();
                    while !failed.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, work(item)));
                    }
                    done
                })
            })
            .collect();
        let mut panic = None;
        for handle in handles {
            match handle.join() {
                Ok(done) => done.into_iter().for_each(|(i, r)| out[i] = Some(r)),
                Err(payload) => panic = panic.or(Some(payload)),
            }
        }
        if let Some(payload) = panic {
            std::panic::resume_unwind(payload);
        }
    });
    out.into_iter()
        .map(|r| r.expect("every item was done"))
        .collect()
}
