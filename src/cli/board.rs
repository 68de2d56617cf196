//! `warwick board [--date YYYY-MM-DD] [--db FILE]`: friends' share lines (or codes), one or
//! many per line, read from standard input with any other text around them; each is verified
//! as the app's board does, and the day's ranking (best first) and the refused lines with why
//! are printed as JSON. With `--db`, the lines are kept on that database's board for the day,
//! beside its player's own result.

use std::io::Read;
use std::path::PathBuf;

use clap::Args;

use warwick::service::{BoardPaste, Check, Service};

use super::CliResult;
use crate::cli::output::{Usage, out};

/// `warwick board`: a day's board from pasted share lines.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The day (`YYYY-MM-DD`, UTC); today when absent.
    #[arg(long)]
    date: Option<String>,
    /// Keep the lines on this database's board (and show its player's own result).
    #[arg(long)]
    db: Option<PathBuf>,
}

/// Runs `warwick board`.
pub fn board(args: BoardArgs) -> CliResult {
    let service = match &args.db {
        Some(path) => Service::open(path)?,
        None => Service::new(),
    };
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| Usage(format!("standard input is not text: {e}")))?;
    let mut from = 0;
    let board = loop {
        let pasted = service.board_paste_with(
            &BoardPaste {
                date: args.date.clone(),
                text: text.clone(),
                from,
            },
            &Check::default(),
        )?;
        match pasted.next {
            Some(next) => from = next,
            None => break pasted.board,
        }
    };
    out!("{}", serde_json::to_string_pretty(&board)?)?;
    Ok(())
}
