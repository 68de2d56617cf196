//! Winning and losing (§15): the Royalty Victory, everyone losing when no Royal survives (Z33
//! order), the Prestige Victory deadline, and the Minor Victory at a time limit. The
//! [`Outcome`] they reach is a piece of the state (`state::outcome`).

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::state::{Outcome, RoyalPlace, State, VictoryKind};

/// Checks the immediate end conditions after any change (Z33): all Royals dead, then the
/// Royalty Victory (15.02).
pub fn immediate(content: &Content, state: &State) -> Option<Outcome> {
    let _ = content;
    let living: Vec<_> = state
        .royals
        .iter()
        .filter(|(_, r)| !matches!(r.place, RoyalPlace::Dead))
        .collect();
    if living.is_empty() {
        return Some(Outcome {
            kind: VictoryKind::AllLose,
            winners: Vec::new(),
        });
    }
    if let [(id, royal)] = living.as_slice()
        && royal.crowned
        && let Some(faction) = state.royal_controller(id)
    {
        return Some(Outcome {
            kind: VictoryKind::Royalty,
            winners: state.team(faction),
        });
    }
    None
}

/// The Minor Victory at the time limit (15.08), Alliances ignored: the faction with the most
/// Prestige of its own wins; on a tie for the most, the faction controlling the Chancellor of
/// England wins alone whatever its own Prestige (tied or not: the rule says regardless of
/// Prestige points), and with no Chancellor of England in play the tied factions share it.
pub fn minor(content: &Content, state: &State) -> Outcome {
    let best = state.factions.iter().map(|f| f.prestige).max().unwrap_or(0);
    let tied: Vec<FactionIdx> = (0..state.players())
        .filter(|&i| state.factions[i].prestige == best)
        .map(|i| i as FactionIdx)
        .collect();
    if tied.len() > 1
        && let Some(chancellor) = crate::rules::prestige::chancellor_faction(content, state)
    {
        return Outcome {
            kind: VictoryKind::MinorPrestige,
            winners: vec![chancellor],
        };
    }
    Outcome {
        kind: VictoryKind::MinorPrestige,
        winners: tied,
    }
}
