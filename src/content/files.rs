//! The set of data files content is loaded from: the copies embedded in the binary at compile
//! time, or a directory handed in by the CLI (`warwick content check --data DIR`).

use std::collections::BTreeMap;
use std::path::Path;

/// Data files by path relative to `data/` (`map/locations.toml` → its text).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataFiles {
    files: BTreeMap<String, String>,
}

/// Every data file the content is made of, embedded at compile time: each part of the content
/// lists its own files.
const EMBEDDED: [&[(&str, &str)]; 3] =
    [super::map::FILES, super::cards::FILES, super::events::FILES];

impl DataFiles {
    /// The data files compiled into this binary.
    pub fn embedded() -> Self {
        Self {
            files: EMBEDDED
                .iter()
                .flat_map(|part| part.iter())
                .map(|(path, text)| ((*path).to_owned(), (*text).to_owned()))
                .collect(),
        }
    }

    /// Reads the same set of files from a directory (the CLI's `--data DIR`). Files the
    /// content does not know are ignored; missing ones are simply absent (and reported by
    /// validation).
    pub fn from_dir(dir: &Path) -> std::io::Result<Self> {
        if !dir.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{} is not a directory of game data", dir.display()),
            ));
        }
        let mut files = BTreeMap::new();
        for (path, _) in EMBEDDED.iter().flat_map(|part| part.iter()) {
            let full = dir.join(path);
            if full.exists() {
                files.insert((*path).to_owned(), std::fs::read_to_string(full)?);
            }
        }
        Ok(Self { files })
    }

    /// The text of one file, if present.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(String::as_str)
    }

    /// Replaces or adds a file (tests use this to break data on purpose).
    pub fn insert(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.files.insert(path.into(), text.into());
    }

    /// Removes a file.
    pub fn remove(&mut self, path: &str) -> Option<String> {
        self.files.remove(path)
    }

    /// All paths, sorted.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }
}
