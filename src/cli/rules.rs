//! `warwick rules --html DIR` (the rules reference as a static page set) and
//! `warwick rules --shingles FILE` (the rulebook's hashed 12-word shingles, for the copy check
//! where the rulebook is not at hand; see `scripts/rulebook-shingles.sh`).

use crate::cli::output::{Usage, out};
use std::path::PathBuf;

use clap::Args;

use super::CliResult;
use warwick::content::Content;
use warwick::help::{Reference, copy_check, export_html};

/// What to produce.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// Write the reference as HTML pages into this directory.
    #[arg(long, value_name = "DIR", conflicts_with = "shingles")]
    html: Option<PathBuf>,
    /// Print the hashed 12-word shingles of this text (the rulebook), one a line.
    #[arg(long, value_name = "FILE")]
    shingles: Option<PathBuf>,
}

/// Runs `warwick rules`.
pub fn run(args: RulesArgs) -> CliResult {
    if let Some(file) = args.shingles {
        let text = std::fs::read_to_string(&file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        out!("# Hashed 12-word shingles of the rulebook, for the reference's copy check.")?;
        out!("# Regenerate with scripts/rulebook-shingles.sh; never edit by hand.")?;
        for hash in copy_check::text_shingles(&text) {
            out!("{hash}")?;
        }
        return Ok(());
    }
    let Some(dir) = args.html else {
        return Err(Box::new(Usage(
            "say what to produce: --html DIR or --shingles FILE".to_owned(),
        )));
    };
    let reference = Reference::embedded().map_err(|errors| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let content = Content::embedded().map_err(|report| report.to_string())?;
    let pages = export_html(&reference, &content, &dir)?;
    out!("{pages} pages written to {}", dir.display())?;
    Ok(())
}
