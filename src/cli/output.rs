//! How the command line writes and ends, the same for every subcommand. Results go to
//! standard output through [`out!`], which returns an error instead of panicking when the
//! reader has gone (`warwick content export --json | head -c 10`); words for people (errors,
//! warnings, progress) go to standard error, and a closed standard error is never fatal.
//! The exit status says how the command ended ([`Exit`], listed in `warwick --help`).

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// How a command ended, as its exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The command did what it was asked, and its output was written in full.
    Done = 0,
    /// The command failed or was refused: a check, a verification or a scenario failed, a
    /// rule refused, a file or database could not be read or written.
    Failed = 1,
    /// The command line was wrong: an unknown subcommand or option, a missing or unusable
    /// argument. Nothing was done.
    Usage = 2,
    /// The reader of the output went away before it was all written (as `head` does); the
    /// command stopped there. 141 is what a shell reports for a writer stopped by SIGPIPE,
    /// so `set -o pipefail` treats Warwick like any other tool.
    OutputClosed = 141,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// The exit statuses, as `warwick --help` lists them.
pub const EXIT_STATUS_HELP: &str = "\
Exit status (every subcommand):
  0    done: the work was done and its output written in full
  1    failed or refused: a check, verification or scenario failed, a rule refused,
       a file or database could not be read or written (the reason is on stderr)
  2    bad usage: an unknown subcommand or option, or a missing or unusable argument
  141  stopped because the reader closed the output (as `head` does); a shell reports
       the same for any writer stopped by SIGPIPE
Results go to stdout; errors, warnings and progress go to stderr.";

/// The reader of standard output has gone: the command stops, quietly.
#[derive(Debug, thiserror::Error)]
#[error("the output was closed before it was all written")]
pub struct OutputClosed;

/// The command line asks for something Warwick cannot do: exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Usage(pub String);

/// Writes to standard output; a closed output is [`OutputClosed`], any other failure an
/// error naming it.
pub fn write_out(
    args: fmt::Arguments<'_>,
    newline: bool,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut stdout = io::stdout().lock();
    let written = stdout.write_fmt(args).and_then(|()| {
        if newline {
            stdout.write_all(b"\n")
        } else {
            stdout.flush()
        }
    });
    match written {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Err(Box::new(OutputClosed)),
        Err(error) => Err(format!("cannot write the output: {error}").into()),
    }
}

/// Writes a line for people to standard error; a closed standard error loses the line and
/// nothing else.
pub fn write_note(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr
        .write_fmt(args)
        .and_then(|()| stderr.write_all(b"\n"));
}

/// Flushes standard output at the end of a command: output still held is written, and a
/// reader that has gone is [`OutputClosed`].
pub fn finish() -> Result<(), Box<dyn std::error::Error>> {
    match io::stdout().lock().flush() {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Err(Box::new(OutputClosed)),
        Err(error) => Err(format!("cannot write the output: {error}").into()),
    }
}

/// The exit status for a command's result, saying why on standard error when it failed.
pub fn exit_for(result: Result<(), Box<dyn std::error::Error>>) -> Exit {
    let error = match result.and_then(|()| finish()) {
        Ok(()) => return Exit::Done,
        Err(error) => error,
    };
    if error.is::<OutputClosed>() {
        return Exit::OutputClosed;
    }
    if error.is::<Usage>() {
        write_note(format_args!(
            "error: {error}\n\nFor more information, try '--help'."
        ));
        return Exit::Usage;
    }
    write_note(format_args!("error: {error}"));
    Exit::Failed
}

/// `println!` for results: writes a line to standard output and returns `Err(OutputClosed)`
/// (for `?`) when the reader has gone.
macro_rules! out {
    () => {
        $crate::cli::output::write_out(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write_out(format_args!($($arg)*), true)
    };
}

/// `print!` for results: as [`out!`], without the end of line.
macro_rules! out_part {
    ($($arg:tt)*) => {
        $crate::cli::output::write_out(format_args!($($arg)*), false)
    };
}

pub(crate) use {out, out_part};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ending_has_its_status() {
        assert_eq!(exit_for(Ok(())), Exit::Done);
        assert_eq!(exit_for(Err(Box::new(OutputClosed))), Exit::OutputClosed);
        assert_eq!(exit_for(Err(Box::new(Usage("no".into())))), Exit::Usage);
        assert_eq!(exit_for(Err("a check failed".into())), Exit::Failed);
        for (exit, code) in [
            (Exit::Done, "0 "),
            (Exit::Failed, "1 "),
            (Exit::Usage, "2 "),
            (Exit::OutputClosed, "141 "),
        ] {
            assert!(
                EXIT_STATUS_HELP.contains(&format!("  {code}")),
                "{exit:?} is not in --help"
            );
            assert_eq!(exit as u8, code.trim().parse::<u8>().unwrap_or(u8::MAX));
        }
    }
}
