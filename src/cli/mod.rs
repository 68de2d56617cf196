//! Argument parsing and dispatch for the `warwick` binary. Each subcommand lives in its own
//! file and calls the library; nothing here holds game logic.

mod content;
mod demo;
mod scenario;
mod serve;
mod sim;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Warwick: Kingmaker II for one player.
#[derive(Debug, Parser)]
#[command(name = "warwick", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print what this build is (name, versions, content) as JSON.
    Info,
    /// A quick demo for machines without a display: prints what the app would show.
    Demo,
    /// Serve the UI and the service API on 127.0.0.1 for a browser.
    Serve(serve::ServeArgs),
    /// Check or export the game data.
    #[command(subcommand)]
    Content(content::ContentCommand),
    /// Play seeded random-bot games and print a summary.
    Sim(sim::SimArgs),
    /// Run rules scenario files and print pass/fail.
    Scenario(scenario::ScenarioArgs),
}

/// Parses the command line and runs the chosen subcommand.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Info => demo::info(),
        Command::Demo => demo::demo(),
        Command::Serve(args) => serve::run(args),
        Command::Content(command) => content::run(command),
        Command::Sim(args) => sim::run(args),
        Command::Scenario(args) => scenario::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Errors a CLI command reports before exiting with status 1.
pub type CliResult = Result<(), Box<dyn std::error::Error>>;
