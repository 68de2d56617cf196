//! Argument parsing and dispatch for the `warwick` binary. Each subcommand lives in its own
//! file and calls the library; nothing here holds game logic.

mod analyse;
mod arena;
mod board;
mod challenge;
mod content;
mod demo;
mod log_tools;
mod output;
mod rules;
mod scenario;
mod serve;
mod sim;
mod stored_sim;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Warwick: Kingmaker II for one player.
#[derive(Debug, Parser)]
#[command(name = "warwick", version, about, after_help = output::EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print what this build is (name, versions, content) as JSON.
    Info,
    /// A short seeded game of Normal bots told turn by turn in the terminal, with the result
    /// and the command that plays it again.
    Demo(demo::DemoArgs),
    /// Serve the UI and the service API on 127.0.0.1 for a browser.
    Serve(serve::ServeArgs),
    /// The rules reference as static HTML pages (`--html DIR`).
    Rules(rules::RulesArgs),
    /// Check or export the game data.
    #[command(subcommand)]
    Content(content::ContentCommand),
    /// Play seeded random-bot games and print a summary (`--db FILE` stores each game).
    Sim(stored_sim::SimWithDb),
    /// Run rules scenario files and print pass/fail.
    Scenario(scenario::ScenarioArgs),
    /// Create a game with a person and bots in a database.
    New(log_tools::NewArgs),
    /// Replay a stored game: final state hash, round and phase.
    Replay(log_tools::ReplayArgs),
    /// Verify stored games or a log file (chain, end, versions and a full replay).
    Verify(log_tools::VerifyArgs),
    /// Export a game as a log file.
    Export(log_tools::ExportArgs),
    /// Verify a log file and store it as a new game.
    Import(log_tools::ImportArgs),
    /// A game's rounds, turns, phases and events.
    Timeline(log_tools::TimelineArgs),
    /// Measure the event log on a recorded 5-faction game.
    Bench(log_tools::BenchArgs),
    /// The bot tiers measured against each other: `sim`'s figures, win shares with 95%
    /// intervals and an Elo-style rating per tier.
    Arena(arena::ArenaArgs),
    /// The post-game analysis measured: a seeded Normal-bot game played out, then each
    /// round's chances estimated as the app does, with the time taken.
    Analyse(analyse::AnalyseArgs),
    /// A day's challenge (`--autoplay TIER --code`: played by a bot, with its replay code).
    Daily(challenge::DailyArgs),
    /// The player's history kept in a database.
    Stats(challenge::StatsArgs),
    /// Replay codes over seeded full games: length, time to verify, and the round trip.
    Codes(challenge::CodesArgs),
    /// A day's board: share lines read on standard input, verified and ranked, as JSON.
    Board(board::BoardArgs),
}

/// Parses the command line and runs the chosen subcommand; the exit status says how it
/// ended ([`output::Exit`]).
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // `--help` and `--version` are not errors; clap prints them on stdout, the rest on
            // stderr, and a closed output loses the text without a panic.
            let _ = error.print();
            return if error.use_stderr() {
                output::Exit::Usage
            } else {
                output::Exit::Done
            }
            .into();
        }
    };
    let result = match cli.command {
        Command::Info => demo::info(),
        Command::Demo(args) => demo::demo(args),
        Command::Serve(args) => serve::run(args),
        Command::Rules(args) => rules::run(args),
        Command::Content(command) => content::run(command),
        Command::Sim(args) => stored_sim::run(args),
        Command::Scenario(args) => scenario::run(args),
        Command::New(args) => log_tools::new(args),
        Command::Replay(args) => log_tools::replay(args),
        Command::Verify(args) => log_tools::verify(args),
        Command::Export(args) => log_tools::export(args),
        Command::Import(args) => log_tools::import(args),
        Command::Timeline(args) => log_tools::timeline(args),
        Command::Bench(args) => log_tools::bench(args),
        Command::Arena(args) => arena::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Daily(args) => challenge::daily(args),
        Command::Stats(args) => challenge::stats(args),
        Command::Codes(args) => challenge::codes(args),
        Command::Board(args) => board::board(args),
    };
    output::exit_for(result).into()
}

/// A CLI command's result: an error is reported on stderr and ends the command with status 1,
/// or 2 for [`output::Usage`], or 141 quietly for [`output::OutputClosed`].
pub type CliResult = Result<(), Box<dyn std::error::Error>>;
