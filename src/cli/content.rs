//! `warwick content check [--data DIR]` and `warwick content export --json [--data DIR]`.

use crate::cli::output::{out, out_part};
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::CliResult;
use warwick::content::provenance::{markdown_table, reconstructions};
use warwick::content::{Content, DataFiles};

/// The `content` subcommands.
#[derive(Debug, Subcommand)]
pub enum ContentCommand {
    /// Validate the game data and print a short summary (every problem if any).
    Check(DataArgs),
    /// Print the resolved content (places, Areas, Regions, sea Areas, ports, roads, cards...).
    Export {
        /// Print JSON (the only format).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Print the Markdown table of every reconstructed item (kept in data/README.md).
    Reconstructions(DataArgs),
}

/// Where the data comes from.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// Read the data files from this directory instead of the copy built into the binary.
    #[arg(long)]
    data: Option<PathBuf>,
}

impl DataArgs {
    fn files(&self) -> std::io::Result<DataFiles> {
        match &self.data {
            Some(dir) => DataFiles::from_dir(dir),
            None => Ok(DataFiles::embedded()),
        }
    }

    fn load(&self) -> Result<Content, Box<dyn std::error::Error>> {
        Ok(Content::load(&self.files()?)?)
    }
}

/// Runs a `content` subcommand.
pub fn run(command: ContentCommand) -> CliResult {
    match command {
        ContentCommand::Check(data) => {
            let content = data.load()?;
            out!("content ok: {}", content.summary())?;
            Ok(())
        }
        ContentCommand::Export { json: _, data } => {
            let content = data.load()?;
            out!("{}", serde_json::to_string_pretty(&content)?)?;
            Ok(())
        }
        ContentCommand::Reconstructions(data) => {
            let items = reconstructions(&data.files()?);
            out_part!("{}", markdown_table(&items))?;
            Ok(())
        }
    }
}
