//! Validation problems. Loading content never stops at the first problem: every check pushes
//! into one [`Report`], and a non-empty report is the error.

use std::fmt;

/// One problem found in the data, located by file, item and field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The data file, relative to `data/` (`map/locations.toml`).
    pub file: String,
    /// The item inside the file (`london`, `C13`), or `-` for the file as a whole.
    pub item: String,
    /// The field of the item (`area`), or `-`.
    pub field: String,
    /// What is wrong, in plain words.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}: {}",
            self.file, self.item, self.field, self.message
        )
    }
}

/// Every problem found while loading content.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    problems: Vec<Problem>,
}

impl Report {
    /// An empty report.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a problem.
    pub fn push(
        &mut self,
        file: impl Into<String>,
        item: impl Into<String>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) {
        self.problems.push(Problem {
            file: file.into(),
            item: item.into(),
            field: field.into(),
            message: message.into(),
        });
    }

    /// The problems found so far, in the order they were found.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// True when nothing is wrong.
    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }

    /// Appends every problem of another report.
    pub fn extend(&mut self, other: Report) {
        self.problems.extend(other.problems);
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} problem(s) in the game data:", self.problems.len())?;
        for p in &self.problems {
            writeln!(f, "  {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}
