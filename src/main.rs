//! The `warwick` command line: content checks, simulations, log tools and `warwick serve`.

mod cli;

/// The allocator: game states, views and bot plans are built and dropped by the thousand
/// per game, and mimalloc serves these small, short-lived allocations faster than the
/// system allocator (about a fifth of a bot game's time went to it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}
