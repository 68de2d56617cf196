//! The hash chain. Each event's hash covers the previous event's hash and everything stored
//! about the event, so editing, reordering, dropping or inserting an event breaks the chain at
//! that point.

use sha2::{Digest, Sha256};

/// The `prev_hash` of a game's first event.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// SHA-256 (hex) of the previous hash and the event's seq, kind, schema version and payload.
/// Fields are length-prefixed so no two different events can hash the same text.
pub fn event_hash(
    prev_hash: &str,
    seq: u64,
    kind: &str,
    schema_version: u32,
    payload: &str,
) -> String {
    let mut h = Sha256::new();
    for part in [prev_hash.as_bytes(), kind.as_bytes(), payload.as_bytes()] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.update(seq.to_le_bytes());
    h.update(schema_version.to_le_bytes());
    hex::encode(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_changes_the_hash() {
        let base = event_hash(GENESIS_HASH, 1, "GameCreated", 1, "{}");
        assert_eq!(base.len(), 64);
        assert_eq!(base, event_hash(GENESIS_HASH, 1, "GameCreated", 1, "{}"));
        assert_ne!(base, event_hash(GENESIS_HASH, 2, "GameCreated", 1, "{}"));
        assert_ne!(base, event_hash(GENESIS_HASH, 1, "GameCreatedX", 1, "{}"));
        assert_ne!(base, event_hash(GENESIS_HASH, 1, "GameCreated", 2, "{}"));
        assert_ne!(base, event_hash(GENESIS_HASH, 1, "GameCreated", 1, "{ }"));
        assert_ne!(base, event_hash(&base, 1, "GameCreated", 1, "{}"));
        // Length prefixes keep field boundaries: moving text between fields changes the hash.
        assert_ne!(
            event_hash(GENESIS_HASH, 1, "ab", 1, "c"),
            event_hash(GENESIS_HASH, 1, "a", 1, "bc")
        );
    }
}
