//! `warwick-fuzz`: a bounded, seeded fuzz run of the local server and of log verification. It
//! drives the real router in-process (guards, limits, JSON parsing, blocking calls and all) with
//! well-formed, mutated and hostile requests, audits every game it made (verification and the
//! rules' invariants after every event), and feeds thousands of mutated logs to `verify_log` and
//! `import`. It proves no panic, no 5xx, no accepted forgery and no broken invariant, or prints
//! each finding with a reproducer.
//!
//! A crate of its own, apart from the `warwick` CLI, so that its generators and request
//! plumbing are neither shipped nor built into the library; it sees the library only through
//! its public API. This file only declares the parts and ends the process.

/// `eprintln!` that never panics: words for people on standard error, where a closed standard
/// error loses the line and nothing else.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod audit;
mod calls;
mod claims;
mod http;
mod lane;
mod log_corpus;
mod log_forge;
mod log_lane;
mod log_mutate;
mod log_oracle;
mod mutate;
mod report;
mod run;
mod transport;
mod vocab;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// The allocator the `warwick` binary serves with, so that the fuzzed router and service run
/// as they do under `warwick serve`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Runs the fuzz: status 0 when nothing was found, 1 on findings or when the run could not be
/// made (the reason on stderr), 2 for a bad command line (as `warwick`).
fn main() -> ExitCode {
    match run::run(run::FuzzArgs::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "error: {error}");
            ExitCode::FAILURE
        }
    }
}
