//! `warwick fuzz`: a bounded, seeded fuzz run of the local server and of log verification. It
//! drives the real router in-process (guards, limits, JSON parsing, blocking calls and all) with
//! well-formed, mutated and hostile requests, audits every game it made (verification and the
//! rules' invariants after every event), and feeds thousands of mutated logs to `verify_log` and
//! `import`. It proves no panic, no 5xx, no accepted forgery and no broken invariant, or prints
//! each finding with a reproducer. This file only declares the parts.

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

pub use run::{FuzzArgs, run};
