//! What a log must match to be replayed here: the rules version, the event schema version and
//! the content (a hash of every embedded data file). Owns computing the content hash and the
//! messages refusing a log made by another version. Must not read or write the store.

use sha2::{Digest, Sha256};

use crate::content::DataFiles;
use crate::rules::{
    EVENT_SCHEMA_VERSION, FIRST_RULES_VERSION, RULES_VERSION, rules_version_supported,
};

/// SHA-256 (hex) of every data file, by path, length-prefixed.
pub fn content_hash(files: &DataFiles) -> String {
    let mut h = Sha256::new();
    for path in files.paths() {
        let text = files.get(path).unwrap_or_default();
        for part in [path.as_bytes(), text.as_bytes()] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
    }
    hex::encode(h.finalize())
}

/// The content hash of the data compiled into this binary.
pub fn embedded_content_hash() -> String {
    content_hash(&DataFiles::embedded())
}

/// Why a log cannot be replayed by this build, if it cannot.
pub fn refuse_versions(
    rules_version: u32,
    event_schema_version: Option<u32>,
    content: &str,
    embedded: &str,
) -> Option<String> {
    if !rules_version_supported(rules_version) {
        return Some(format!(
            "the log was made by rules version {rules_version}; this Warwick plays rules \
             versions {FIRST_RULES_VERSION} to {RULES_VERSION}"
        ));
    }
    if let Some(schema) = event_schema_version
        && schema != EVENT_SCHEMA_VERSION
    {
        return Some(format!(
            "the log's events have schema version {schema}; this Warwick reads version \
             {EVENT_SCHEMA_VERSION} and has no upgrade path for them"
        ));
    }
    if content != embedded {
        return Some(format!(
            "the log was played with other game data (content hash {}…); this Warwick has {}…",
            short(content),
            short(embedded)
        ));
    }
    None
}

fn short(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_hash_sees_every_file() {
        let files = DataFiles::embedded();
        let base = content_hash(&files);
        assert_eq!(base, embedded_content_hash());
        let mut changed = files.clone();
        let first = files.paths().next().unwrap().to_owned();
        changed.insert(first.clone(), format!("{}\n", files.get(&first).unwrap()));
        assert_ne!(content_hash(&changed), base);
    }

    #[test]
    fn other_versions_are_refused_with_a_reason() {
        assert!(refuse_versions(RULES_VERSION, Some(EVENT_SCHEMA_VERSION), "a", "a").is_none());
        // Games of an older rules version still replay, under the rules they were made by.
        assert!(refuse_versions(FIRST_RULES_VERSION, None, "a", "a").is_none());
        assert!(refuse_versions(FIRST_RULES_VERSION - 1, None, "a", "a").is_some());
        let rules = refuse_versions(RULES_VERSION + 1, None, "a", "a").unwrap();
        assert!(rules.contains("rules version"), "{rules}");
        let schema = refuse_versions(RULES_VERSION, Some(99), "a", "a").unwrap();
        assert!(schema.contains("schema version 99"), "{schema}");
        let content = refuse_versions(RULES_VERSION, None, "abc", "def").unwrap();
        assert!(content.contains("other game data"), "{content}");
    }
}
