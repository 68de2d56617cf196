//! `warwick serve [--port N] [--ui DIR] [--db FILE]`: the UI and the API on 127.0.0.1, guarded as
//! [`warwick::web`] says; prints the address and the launch token that scripts send.

use std::path::PathBuf;

use clap::Args;

use super::CliResult;
use warwick::web::{ServeOptions, serve};

/// Threads that run service calls.
const BLOCKING_THREADS: usize = 8;

/// Options of `warwick serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on (127.0.0.1 only); 0 picks a free port.
    #[arg(long, default_value_t = 8420)]
    port: u16,
    /// Directory of the built UI.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/dist"))]
    ui: PathBuf,
    /// The game database (SQLite file); games live in memory when absent.
    #[arg(long)]
    db: Option<PathBuf>,
}

/// Runs the server until Ctrl-C.
pub fn run(args: ServeArgs) -> CliResult {
    // Service calls run on the blocking pool. A few threads keep the machine's cores busy and
    // let calls on other games go on while one waits for its game's lock; more would only
    // queue for the same cores, and each keeps its allocator's memory.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()?;
    runtime.block_on(serve(ServeOptions {
        port: args.port,
        ui_dir: args.ui,
        db: args.db,
    }))?;
    Ok(())
}
