//! `warwick serve [--port N] [--ui DIR] [--db FILE]`: the UI and the API on 127.0.0.1, guarded as
//! [`warwick::web`] says; prints the address and the launch token that scripts send.

use std::path::PathBuf;

use clap::Args;

use super::CliResult;
use warwick::web::{ServeOptions, serve};

/// Threads that run service calls: one per core, within these bounds (docs/bounded-server.md).
/// Calls are the machine's own work, so more threads than cores only queue for the same cores,
/// and each thread's allocator keeps memory of its own: on 2 cores, 2 threads kept the server's
/// growth over 100 games at 6-9 MB where 4 or 8 kept 10-13 MB.
const BLOCKING_THREADS: (usize, usize) = (2, 4);

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
    /// Also serve the home network, to phones paired with the pairing address printed at start
    /// (every other device there is refused).
    #[arg(long)]
    lan: bool,
}

/// mimalloc's setting read at the process's start: how long (ms) freed memory is kept before
/// it goes back to the system. The server frees a game's memory as the UI closes it; returned
/// at once, the server grew 3-4 MB over 100 games where with mimalloc's default delay it grew
/// 7-10 MB (docs/bounded-server.md), for no cost seen in its calls.
const PURGE_DELAY: (&str, &str) = ("MIMALLOC_PURGE_DELAY", "0");

/// Starts the server again in this process with [`PURGE_DELAY`] set, unless it is set already
/// (by this or by the person, whose value is kept). mimalloc reads it only at start, and
/// setting it from inside would need `unsafe`, which Warwick forbids. Returns only when the
/// restart could not be made; the server then runs as it is.
#[cfg(unix)]
fn with_purge_delay() {
    use std::os::unix::process::CommandExt;
    let (name, value) = PURGE_DELAY;
    if std::env::var_os(name).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let error = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(name, value)
        .exec();
    eprintln!("warwick serve: running without {name}={value} ({error})");
}

#[cfg(not(unix))]
fn with_purge_delay() {}

/// Runs the server until Ctrl-C.
pub fn run(args: ServeArgs) -> CliResult {
    with_purge_delay();
    // Service calls run on the blocking pool: as many threads as cores keep them busy and let
    // a call on another game go on while one waits for its game's lock.
    let (fewest, most) = BLOCKING_THREADS;
    let threads = std::thread::available_parallelism()
        .map_or(fewest, usize::from)
        .clamp(fewest, most);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(threads)
        .build()?;
    runtime.block_on(serve(ServeOptions {
        port: args.port,
        ui_dir: args.ui,
        db: args.db,
        lan: args.lan,
    }))?;
    Ok(())
}
