//! The `warwick` command line: content checks, simulations, log tools and `warwick serve`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
