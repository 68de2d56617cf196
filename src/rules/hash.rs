//! `state_hash`: a stable hex SHA-256 of the state's canonical JSON (BTreeMaps and Vecs only,
//! so the serialization order is fixed).

use sha2::{Digest, Sha256};

use crate::rules::state::State;

/// The state's hash, lowercase hex.
pub fn state_hash(state: &State) -> String {
    let json = serde_json::to_string(state).unwrap_or_default();
    hex::encode(Sha256::digest(json.as_bytes()))
}
