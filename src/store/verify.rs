//! Verifying a stored history: the hash chain event by event, and that the history ends where
//! its head says (the chain alone cannot see a removed tail, nor rows forged beyond the end).
//! Must not interpret payloads: replaying them through the rules is the service's job.

use super::error::{StoreError, StoreResult};
use super::hash::{GENESIS_HASH, event_hash};
use super::log::{EventLog, GameId, StoredEvent};

impl EventLog {
    /// Checks a game's history: seqs run 1, 2, 3...; each event's `prev_hash` is the previous
    /// event's hash; each hash recomputes; the last event is the recorded head; no event of the
    /// game lies beyond it. Reports the first seq where it breaks; returns the last seq.
    pub fn verify_chain(&self, game: GameId) -> StoreResult<u64> {
        let (head_seq, head_hash) = self.head(game)?;
        let events = self.events(game)?;
        let last = verify_events(game, &events)?;
        verify_end(game, &events, head_seq, &head_hash)?;
        if let Some(own_last) = self.own_last_seq(game)?
            && own_last > head_seq
        {
            return Err(StoreError::ChainBroken {
                game,
                seq: head_seq + 1,
                reason: format!(
                    "events up to seq {own_last} are stored beyond the recorded end of the \
                     history (seq {head_seq}): the log was extended"
                ),
            });
        }
        Ok(last)
    }
}

/// Checks the chain of a sequence of events as [`EventLog::verify_chain`] does; returns the
/// last seq.
pub fn verify_events(game: GameId, events: &[StoredEvent]) -> StoreResult<u64> {
    let mut prev = GENESIS_HASH;
    for (index, event) in events.iter().enumerate() {
        let expected_seq = index as u64 + 1;
        let broken = |reason: String| StoreError::ChainBroken {
            game,
            seq: expected_seq,
            reason,
        };
        if event.seq != expected_seq {
            return Err(broken(format!(
                "found seq {} where {expected_seq} belongs: an event was removed, inserted \
                 or moved",
                event.seq
            )));
        }
        if event.prev_hash != prev {
            return Err(broken(
                "it does not follow the event before it: the events were reordered or one \
                 was replaced"
                    .to_owned(),
            ));
        }
        let hash = event_hash(
            prev,
            event.seq,
            &event.kind,
            event.schema_version,
            &event.payload,
        );
        if hash != event.hash {
            return Err(broken(format!(
                "its content ({}) does not match its hash: the event was edited",
                event.kind
            )));
        }
        prev = &event.hash;
    }
    Ok(events.len() as u64)
}

/// Checks that a verified sequence ends exactly at the recorded end (`head_seq`, `head_hash`):
/// fewer events means the tail was cut off, more means events were added after the end.
pub fn verify_end(
    game: GameId,
    events: &[StoredEvent],
    head_seq: u64,
    head_hash: &str,
) -> StoreResult<()> {
    let last = events.len() as u64;
    let last_hash = events.last().map_or(GENESIS_HASH, |e| e.hash.as_str());
    if last < head_seq {
        return Err(StoreError::ChainBroken {
            game,
            seq: last + 1,
            reason: format!(
                "the history stops at seq {last} but is recorded to end at seq {head_seq}: \
                 the log was truncated"
            ),
        });
    }
    if last > head_seq {
        return Err(StoreError::ChainBroken {
            game,
            seq: head_seq + 1,
            reason: format!(
                "the history goes on to seq {last} but is recorded to end at seq {head_seq}: \
                 the log was extended"
            ),
        });
    }
    if last_hash != head_hash {
        return Err(StoreError::ChainBroken {
            game,
            seq: last,
            reason: "the last event is not the one recorded as the end of the history".to_owned(),
        });
    }
    Ok(())
}
