//! `state_hash`: a stable hex SHA-256 of the state's canonical JSON (BTreeMaps and Vecs only,
//! so the serialization order is fixed).

use std::io::{BufWriter, Write};

use sha2::{Digest, Sha256};

use crate::rules::state::State;

/// The state's hash, lowercase hex. The JSON is written straight into the hasher through a
/// small buffer, never held whole: the same bytes are hashed as before, without building (and
/// freeing) a string of tens of kilobytes on every command.
pub fn state_hash(state: &State) -> String {
    let mut hasher = Sha256::new();
    let written = {
        let mut buffered = BufWriter::with_capacity(8 * 1024, &mut hasher);
        serde_json::to_writer(&mut buffered, state)
            .map_err(std::io::Error::from)
            .and_then(|()| buffered.flush())
    };
    match written {
        Ok(()) => hex::encode(hasher.finalize()),
        // A state always serializes; should it ever fail, hash nothing, as the string form did.
        Err(_) => hex::encode(Sha256::digest(b"")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_that_of_the_whole_json_string() {
        let content = crate::content::Content::embedded().expect("content");
        let setup = crate::rules::Setup::new(4, 7);
        let state = crate::rules::start(&content, &setup).expect("set-up").0;
        let json = serde_json::to_string(&state).expect("json");
        assert!(json.len() > 8 * 1024, "the state outgrows the buffer");
        assert_eq!(
            state_hash(&state),
            hex::encode(Sha256::digest(json.as_bytes()))
        );
    }
}
