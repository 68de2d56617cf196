//! The lane checks run in: replaying a pasted code, a history file or a log happens here, on a
//! thread of its own, one check at a time, apart from the calls that play games, so no number
//! of pastes can hold up a move. A few checks may wait their turn ([`CHECKS_WAITING`]); past
//! that a check is refused at once as busy, to be tried again. A caller that goes away gives
//! its check up: one not started is dropped, one running stops at its next step
//! ([`super::work::Cancel`]). The adapters (`warwick serve`, the app) send their checking calls
//! through [`Service::in_check_lane`]; the command line checks in place. Must not hold rule logic.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};

use super::core::{Service, lock};
use super::error::{ServiceError, ServiceResult};
use super::work::{Cancel, Check};

/// Checks that may wait while one runs.
pub const CHECKS_WAITING: usize = 4;

/// One check to run.
type Job = Box<dyn FnOnce() + Send>;

/// The lane's queue, its thread started with the first check.
#[derive(Debug, Default)]
pub(super) struct CheckLane {
    sender: Mutex<Option<SyncSender<Job>>>,
}

impl CheckLane {
    /// Puts `job` in the queue, starting the lane's thread if it is not running.
    fn send(&self, job: Job) -> ServiceResult<()> {
        let mut sender = lock(&self.sender)?;
        let queue = match sender.as_ref() {
            Some(queue) => queue.clone(),
            None => {
                let (queue, jobs) = sync_channel::<Job>(CHECKS_WAITING);
                std::thread::Builder::new()
                    .name("warwick-checks".to_owned())
                    .spawn(move || {
                        for job in jobs {
                            // A check that panics fails alone: its caller hears so (its answer
                            // is dropped), and the lane goes on.
                            let _ = catch_unwind(AssertUnwindSafe(job));
                        }
                    })
                    .map_err(|e| {
                        ServiceError::Unavailable(format!("the checking lane cannot start: {e}"))
                    })?;
                *sender = Some(queue.clone());
                queue
            }
        };
        match queue.try_send(job) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => Err(ServiceError::Queue(format!(
                "Warwick is busy checking other games ({CHECKS_WAITING} are waiting): try again \
                 in a moment"
            ))),
            Err(TrySendError::Disconnected(_)) => {
                *sender = None;
                Err(ServiceError::Unavailable(
                    "the checking lane stopped; try again".to_owned(),
                ))
            }
        }
    }
}

/// A check in the lane: its answer once done. Dropping it (the caller went away) gives the
/// check up.
#[derive(Debug)]
pub struct Pending<T> {
    answer: Option<tokio::sync::oneshot::Receiver<ServiceResult<T>>>,
    cancel: Cancel,
}

impl<T> Pending<T> {
    /// The check's answer, awaited.
    pub async fn answer(mut self) -> ServiceResult<T> {
        match self.answer.take() {
            Some(answer) => answer.await.unwrap_or_else(|_| Err(failed())),
            None => Err(failed()),
        }
    }

    /// The check's answer, waited for on this thread (never on an async runtime's thread).
    pub fn answer_blocking(mut self) -> ServiceResult<T> {
        match self.answer.take() {
            Some(answer) => answer.blocking_recv().unwrap_or_else(|_| Err(failed())),
            None => Err(failed()),
        }
    }
}

impl<T> Drop for Pending<T> {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

/// The answer of a check that ended without one.
fn failed() -> ServiceError {
    ServiceError::Unavailable("the check failed before it could answer".to_owned())
}

impl Service {
    /// Lowers the cap of the checks run in the lane (a debug build checks about ten times
    /// slower; tests and the short fuzz use a lower cap to exercise the same bound quickly).
    pub fn cap_checks(&self, cap: u64) {
        self.check_cap.store(cap, Ordering::Relaxed);
    }

    /// Runs `check` in the checking lane, as a check someone waits on (capped, and given up
    /// when the returned [`Pending`] is dropped). Refused at once as busy when the lane's
    /// queue is full.
    pub fn in_check_lane<T, F>(self: &Arc<Self>, check: F) -> ServiceResult<Pending<T>>
    where
        T: Send + 'static,
        F: FnOnce(&Service, &Check) -> ServiceResult<T> + Send + 'static,
    {
        let cancel = Cancel::new();
        let cap = self.check_cap.load(Ordering::Relaxed);
        let (reply, answer) = tokio::sync::oneshot::channel();
        let service = Arc::clone(self);
        let given = cancel.clone();
        self.lane.send(Box::new(move || {
            if given.is_cancelled() {
                return;
            }
            let waited = Check {
                cap: Some(cap),
                ..Check::waited(given)
            };
            let answer = check(&service, &waited);
            let _ = reply.send(answer);
        }))?;
        Ok(Pending {
            answer: Some(answer),
            cancel,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn checks_run_in_turn_a_full_queue_is_busy_and_a_dropped_check_is_given_up() {
        let service = Arc::new(Service::new());
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        // The first check holds the lane until released.
        let (running, runs) = std::sync::mpsc::channel::<()>();
        let first = {
            let gate = Arc::clone(&gate);
            service
                .in_check_lane(move |_, _| {
                    let _ = running.send(());
                    let _ = gate.lock().expect("gate").recv();
                    Ok(1)
                })
                .expect("first")
        };
        // Wait until it runs, so the queue is empty behind it.
        runs.recv_timeout(Duration::from_secs(10))
            .expect("the first check started");
        let ran = Arc::new(AtomicUsize::new(0));
        let mut waiting = Vec::new();
        for _ in 0..CHECKS_WAITING {
            let ran = Arc::clone(&ran);
            waiting.push(
                service
                    .in_check_lane(move |_, check| {
                        ran.fetch_add(1, Ordering::SeqCst);
                        assert_eq!(check.cap, Some(crate::service::CHECK_CAP));
                        Ok(2)
                    })
                    .expect("queued"),
            );
        }
        match service.in_check_lane(|_, _| Ok(3)) {
            Err(ServiceError::Queue(message)) => assert!(message.contains("try again")),
            other => panic!("expected busy, got {other:?}"),
        }
        // A caller that goes away: its check never runs.
        drop(waiting.pop());
        release.send(()).expect("release");
        assert_eq!(first.answer_blocking().expect("first answer"), 1);
        for pending in waiting {
            assert_eq!(pending.answer_blocking().expect("answer"), 2);
        }
        assert_eq!(ran.load(Ordering::SeqCst), CHECKS_WAITING - 1);
    }

    #[test]
    fn a_running_check_sees_its_caller_go_away() {
        let service = Arc::new(Service::new());
        let (seen, saw) = std::sync::mpsc::channel::<bool>();
        let (running, runs) = std::sync::mpsc::channel::<()>();
        let pending = service
            .in_check_lane(move |_, check| {
                let cancel = check.cancel.clone().expect("a cancel handle");
                let _ = running.send(());
                let started = Instant::now();
                while !cancel.is_cancelled() && started.elapsed() < Duration::from_secs(10) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                let _ = seen.send(cancel.is_cancelled());
                Ok(())
            })
            .expect("queued");
        // Gone only once the check runs (a check dropped while it waits in the queue never
        // runs at all, which the test above checks).
        runs.recv_timeout(Duration::from_secs(10))
            .expect("the check started");
        drop(pending);
        assert_eq!(saw.recv_timeout(Duration::from_secs(5)), Ok(true));
    }

    #[test]
    fn a_check_that_panics_fails_alone() {
        let service = Arc::new(Service::new());
        let broken = service
            .in_check_lane(|_, _| -> ServiceResult<()> { panic!("a bug in a check") })
            .expect("queued");
        assert!(matches!(
            broken.answer_blocking(),
            Err(ServiceError::Unavailable(_))
        ));
        let next = service.in_check_lane(|_, _| Ok(7)).expect("queued");
        assert_eq!(next.answer_blocking().expect("answer"), 7);
    }
}
