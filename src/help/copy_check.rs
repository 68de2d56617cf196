//! The copy check: the reference must be in our own words, so no run of 12 words of it may
//! appear in the rulebook. Both texts are normalised (case, punctuation, spacing) and cut into
//! 12-word shingles; the rulebook's shingles can be kept as short hashes
//! (`data/reference/rulebook-shingles.txt`, written by `scripts/rulebook-shingles.sh`), so the
//! check still runs where the rulebook itself is not at hand.

use std::collections::BTreeSet;

use sha2::{Digest, Sha256};

use super::reference::{Reference, plain_text};

/// Words per shingle: a sentence this long or longer must not be the rulebook's.
pub const SHINGLE: usize = 12;

/// Lowercase words, apostrophes dropped and every other mark a space.
pub fn words(text: &str) -> Vec<String> {
    text.chars()
        .filter(|c| *c != '\'' && *c != '’')
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// The short hash a shingle is kept as.
pub fn shingle_hash(words: &[String]) -> String {
    let digest = Sha256::digest(words.join(" ").as_bytes());
    hex::encode(digest.get(..5).unwrap_or_default())
}

/// Every 12-word shingle of a text, hashed, running across sentences (for the rulebook).
pub fn text_shingles(text: &str) -> BTreeSet<String> {
    words(text).windows(SHINGLE).map(shingle_hash).collect()
}

/// A sentence of the reference that the rulebook also has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The section's file.
    pub file: String,
    /// The 12 words found in the rulebook.
    pub words: String,
}

/// The sentences of each section (split at sentence marks and line ends), checked against the
/// rulebook's shingles.
pub fn copied(reference: &Reference, rulebook: &BTreeSet<String>) -> Vec<Copied> {
    let mut found = Vec::new();
    for section in &reference.sections {
        let text = format!(
            "{}\n{}\n{}",
            section.title,
            section.summary,
            plain_text(&section.markdown)
        );
        for sentence in text.split(['.', '!', '?', ';', ':', '\n']) {
            for window in words(sentence).windows(SHINGLE) {
                if rulebook.contains(&shingle_hash(window)) {
                    found.push(Copied {
                        file: section.file.clone(),
                        words: window.join(" "),
                    });
                }
            }
        }
    }
    found
}

/// The checked-in hash list, one hash a line (`#` lines are comments).
pub fn parse_hash_list(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    #[test]
    fn normalising_ignores_case_marks_and_spacing() {
        assert_eq!(
            words("The King's  Peace,\nis-HERE"),
            ["the", "kings", "peace", "is", "here"]
        );
        let rulebook = text_shingles(
            "one two three four five six seven eight nine ten eleven twelve thirteen",
        );
        assert_eq!(rulebook.len(), 2);
    }

    /// The rulebook in `../shared/seeds` (or `$WARWICK_SEEDS_DIR`), when this checkout has it.
    fn seed_file() -> Option<PathBuf> {
        let dir = std::env::var_os("WARWICK_SEEDS_DIR").map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds"),
            PathBuf::from,
        );
        std::fs::read_dir(&dir)
            .ok()?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("001_") && n.ends_with(".txt"))
            })
    }

    #[test]
    fn the_reference_copies_no_sentence_of_the_rulebook() {
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let list_path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("data/reference/rulebook-shingles.txt");
        let list = std::fs::read_to_string(&list_path)
            .map(|t| parse_hash_list(&t))
            .unwrap_or_default();
        let rulebook = match seed_file() {
            Some(path) => {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("cannot read the rulebook {}: {e}", path.display()));
                let shingles = text_shingles(&text);
                assert!(
                    shingles.len() > 10_000,
                    "the rulebook {} has only {} shingles: not the rulebook?",
                    path.display(),
                    shingles.len()
                );
                assert!(
                    shingles == list,
                    "{} is out of date with {}: run scripts/rulebook-shingles.sh",
                    list_path.display(),
                    path.display()
                );
                shingles
            }
            None => {
                assert!(
                    list.len() > 10_000,
                    "the copy check has nothing to compare with: the rulebook \
                     ../shared/seeds/001_*.txt is missing and {} is missing or empty \
                     (generate it with scripts/rulebook-shingles.sh where the seeds exist)",
                    list_path.display()
                );
                eprintln!(
                    "copy check: ../shared/seeds/001_*.txt not found; comparing with the {} \
                     hashed shingles in {}",
                    list.len(),
                    list_path.display()
                );
                list
            }
        };
        let found = copied(&reference, &rulebook);
        assert!(
            found.is_empty(),
            "the reference copies the rulebook word for word; rewrite these in our own words:\n{}",
            found
                .iter()
                .map(|c| format!("  {}: \"{}\"", c.file, c.words))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}
