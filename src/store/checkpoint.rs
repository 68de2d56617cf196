//! Checkpointing a database file's write-ahead log at a pause in the writing, on a thread of
//! its own. SQLite's own automatic checkpoint runs inside the commit that finds the log long
//! enough (a thousand pages, a few hundred commands): that command then copies the log into
//! the database and waits for the disk twice (`fsync`), milliseconds where an append takes
//! tens of microseconds. Here that commit only wakes a second connection, which waits for the
//! writing to pause (the person thinking, a game ended), then checkpoints the same way
//! (PASSIVE: it waits for no reader or writer), and the next append starts the log afresh.
//! Writing that never pauses (a long run of bot games) lets the log grow to a few times that
//! length, and then the commit checkpoints itself, as SQLite would, first waiting for a copy
//! the thread has under way (two checkpoints cannot run at once, and the second would give up
//! while the log grew on). Stored data is the same; only when the log is copied into the
//! database moves. Must not write rows.

use std::os::raw::c_int;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

/// The log's length, in pages, from which it is checkpointed (SQLite's own default).
const CHECKPOINT_PAGES: c_int = 1000;

/// The log's length at which a commit checkpoints itself, the writing not having paused.
const INLINE_PAGES: c_int = 4 * CHECKPOINT_PAGES;

/// How long the writing must pause before the checkpoint runs.
const QUIET: Duration = Duration::from_millis(50);

/// What the thread is woken for.
#[derive(Debug)]
enum Wake {
    Checkpoint,
    Stop,
}

/// What the writer and the thread share.
#[derive(Debug, Default)]
struct Shared {
    /// Commits so far (the thread sees the writing pause when it stops moving).
    commits: AtomicU64,
    /// Whether the thread has been woken and has not checkpointed yet.
    woken: AtomicBool,
    /// Held while either side copies the log into the database.
    copying: Mutex<()>,
}

impl Shared {
    /// Runs `checkpoint` once no other copy of the log is under way: SQLite lets one
    /// checkpoint run at a time and turns a second away at once, so the commit that finds the
    /// log long waits for the thread's copy and then copies the rest, and the log stays short.
    fn copy<T>(&self, checkpoint: impl FnOnce() -> T) -> T {
        let _copying = self.copying.lock().unwrap_or_else(PoisonError::into_inner);
        checkpoint()
    }
}

/// The checkpointing thread of one connection; stopped (and waited for) when dropped.
#[derive(Debug)]
pub(super) struct Checkpointer {
    wake: SyncSender<Wake>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Checkpoints the write-ahead log of `conn` (the database file `path`) at pauses, on a
    /// thread of its own. `None` when that cannot be set up: SQLite then checkpoints in the
    /// commit, as it does by itself.
    pub(super) fn start(path: &Path, conn: &mut Connection) -> Option<Checkpointer> {
        let own = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .ok()?;
        let shared = Arc::new(Shared::default());
        let (wake, woken) = sync_channel(1);
        let seen = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("warwick-checkpoint".to_owned())
            .spawn(move || {
                while let Ok(Wake::Checkpoint) = woken.recv() {
                    // Wait for the writing to pause.
                    loop {
                        let before = seen.commits.load(Ordering::Acquire);
                        match woken.recv_timeout(QUIET) {
                            Err(RecvTimeoutError::Timeout)
                                if seen.commits.load(Ordering::Acquire) == before =>
                            {
                                break;
                            }
                            Err(RecvTimeoutError::Timeout) | Ok(Wake::Checkpoint) => {}
                            Ok(Wake::Stop) | Err(RecvTimeoutError::Disconnected) => return,
                        }
                    }
                    seen.woken.store(false, Ordering::Release);
                    // What it cannot copy now (a reader on an older page) a later one does.
                    seen.copy(|| own.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())))
                        .ok();
                }
            })
            .ok()?;
        let commits = wake.clone();
        let hooked = conn.wal_hook(Some(move |wal: &mut rusqlite::hooks::Wal, pages: c_int| {
            shared.commits.fetch_add(1, Ordering::AcqRel);
            if pages >= INLINE_PAGES {
                // The writing has not paused: checkpoint here, as SQLite would have (after the
                // thread's copy, if it is at one).
                shared.copy(|| wal.checkpoint()).ok();
            } else if pages >= CHECKPOINT_PAGES && !shared.woken.swap(true, Ordering::AcqRel) {
                let _ = commits.try_send(Wake::Checkpoint);
            }
            Ok(())
        }));
        let checkpointer = Checkpointer {
            wake,
            thread: Some(thread),
        };
        // Without the hook, SQLite's own checkpoint is still in place.
        hooked.ok().map(|()| checkpointer)
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        let _ = self.wake.send(Wake::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn two_copies_of_the_log_never_run_at_once() {
        let shared = Arc::new(Shared::default());
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let copies: Vec<_> = (0..4)
            .map(|_| {
                let (shared, running, most) = (shared.clone(), running.clone(), most.clone());
                std::thread::spawn(move || {
                    for _ in 0..20 {
                        shared.copy(|| {
                            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(now, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(1));
                            running.fetch_sub(1, Ordering::SeqCst);
                        });
                    }
                })
            })
            .collect();
        for copy in copies {
            copy.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }
}
