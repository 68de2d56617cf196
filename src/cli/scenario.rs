//! `warwick scenario FILE...`: runs scenario files and prints each pass or fail with a reason.

use crate::cli::output::out;
use clap::Args;
use warwick::content::Content;
use warwick::rules::scenario::run_scenario;

use super::CliResult;

/// Arguments of `warwick scenario`.
#[derive(Debug, Args)]
pub struct ScenarioArgs {
    /// Scenario files (JSON).
    files: Vec<std::path::PathBuf>,
}

/// Runs the files; fails if any scenario fails.
pub fn run(args: ScenarioArgs) -> CliResult {
    let content = Content::embedded().map_err(|r| format!("content: {r:?}"))?;
    let mut failed = 0;
    for file in &args.files {
        let text = std::fs::read_to_string(file)?;
        match run_scenario(&content, &text) {
            Ok(s) => out!("PASS {} — {}", file.display(), s.name)?,
            Err(reason) => {
                failed += 1;
                out!("FAIL {} — {reason}", file.display())?;
            }
        }
    }
    if failed > 0 {
        Err(format!("{failed} scenario(s) failed").into())
    } else {
        Ok(())
    }
}
