//! The numbers behind a refusal where the reason depends on the position: how much a place
//! holds against what is inside and what would come in, or the Prestige counted against the
//! target and what else stands between a Faction and its claim.

use serde::Serialize;
use ts_rs::TS;

use crate::content::{Content, LocationId, NobleId};
use crate::rules::state::{Place, State};
use crate::rules::{Command, FactionIdx, RuleError, base_strength, group_prestige};

/// The Noble a command names, if it names one (`noble` in its JSON form).
fn named_noble(command: &Command) -> Option<NobleId> {
    let value = serde_json::to_value(command).ok()?;
    value.get("noble")?.as_str().map(NobleId::from)
}

fn noble_name(content: &Content, noble: &NobleId) -> String {
    content
        .cards
        .noble_card(noble.as_str())
        .map_or_else(|| noble.to_string(), |c| c.name.clone())
}

fn capacity(
    content: &Content,
    state: &State,
    location: &LocationId,
    command: &Command,
) -> Option<String> {
    let place = content.map.location(location)?;
    let room = place.capacity?;
    let noble = named_noble(command);
    let inside: u32 = state
        .nobles
        .iter()
        .filter(|(id, n)| {
            Some(*id) != noble.as_ref()
                && matches!(&n.place, Place::Inside { location: x } if x == location)
        })
        .map(|(id, _)| base_strength(content, state, id))
        .sum();
    let mut text = format!(
        "{} shelters {room} troops besides its garrison, and {inside} are inside already",
        place.name
    );
    if let Some(noble) = noble {
        let brings = base_strength(content, state, &noble);
        text.push_str(&format!(
            "; {} would bring {brings}, making {}",
            noble_name(content, &noble),
            inside + brings
        ));
    }
    text.push('.');
    Some(text)
}

/// Where a Faction stands towards a Prestige Victory claim: its Prestige (its Alliance's when
/// allied), the target that applies, and what else stands in the way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct ClaimStanding {
    /// Prestige counted now (the Alliance's, when allied).
    pub prestige: u32,
    /// The target for a Faction alone or an Alliance of this size.
    pub target: Option<u32>,
    /// Factions counted together (1 when alone).
    pub allied: u32,
    /// What stands between the Faction and a claim, in words; empty when it could claim at
    /// its next End of Turn.
    pub blockers: Vec<String>,
    /// All of it in a sentence or two.
    pub text: String,
}

/// Where `by` stands towards a Prestige Victory claim.
pub fn claim_standing(content: &Content, state: &State, by: FactionIdx) -> ClaimStanding {
    let team = state.team(by);
    let prestige = group_prestige(content, state, &team);
    let target = content
        .cards
        .tables
        .prestige_victory
        .iter()
        .find(|p| p.players as usize == state.players())
        .and_then(|p| p.targets.get(team.len().saturating_sub(1)).copied());
    let mut blockers = Vec::new();
    if let Some(target) = target
        && prestige < target
    {
        blockers.push(format!("{} more Prestige", target - prestige));
    }
    if !state.tile_revealed {
        blockers
            .push("the Prestige Victory tile has not come up from the Event deck yet".to_owned());
    }
    if state.prestige_claim.is_some() {
        blockers.push("a claim is already standing".to_owned());
    }
    if state.kings_peace.is_some() {
        blockers.push("the King's Peace is in force".to_owned());
    }
    let king = state.royals.iter().any(|(id, r)| {
        r.crowned
            && state
                .royal_controller(id)
                .is_some_and(|f| team.contains(&f))
    });
    if !king {
        blockers.push("you control no crowned King".to_owned());
    }
    let counted = match (target, team.len()) {
        (Some(target), n) if n > 1 => format!(
            "Your Alliance of {n} counts {prestige} Prestige together, against an Alliance target of {target}."
        ),
        (Some(target), _) => format!("You have {prestige} Prestige, against a target of {target}."),
        (None, _) => format!("You have {prestige} Prestige."),
    };
    let text = if blockers.is_empty() {
        format!("{counted} You can claim a Prestige Victory at the start of your End of Turn.")
    } else {
        format!("{counted} Before you can claim: {}.", blockers.join("; "))
    };
    ClaimStanding {
        prestige,
        target,
        allied: u32::try_from(team.len()).unwrap_or(1),
        blockers,
        text,
    }
}

/// The numbers behind `error` for the command `by` tried, when the reason depends on the
/// position.
pub fn position_detail(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
    error: &RuleError,
) -> Option<String> {
    match error {
        RuleError::OverCapacity { location } => capacity(content, state, location, command),
        RuleError::CannotClaimPrestige { .. } => Some(claim_standing(content, state, by).text),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Setup, start};

    #[test]
    fn a_claim_refused_says_the_numbers() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let text = position_detail(
            &content,
            &state,
            0,
            &Command::ClaimPrestigeVictory,
            &RuleError::CannotClaimPrestige {
                cause: crate::rules::ClaimCause::BelowTarget,
            },
        )
        .expect("detail");
        assert!(text.contains("target of 13"), "{text}");
        assert!(text.contains("more Prestige"), "{text}");
        assert!(text.contains("tile"), "{text}");
    }

    #[test]
    fn a_full_place_says_what_it_holds() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let (noble, _) = state.nobles.iter().next().expect("a noble");
        let location = LocationId::from("carlisle");
        let command = Command::MoveNoble {
            noble: noble.clone(),
            kind: crate::rules::MoveKind::Regional,
            to: crate::rules::Destination {
                area: crate::content::AreaId::from("area_carlisle"),
                inside: Some(location.clone()),
            },
            free: false,
        };
        let text = position_detail(
            &content,
            &state,
            0,
            &command,
            &RuleError::OverCapacity { location },
        )
        .expect("detail");
        assert!(text.contains("Carlisle shelters 400"), "{text}");
        assert!(text.contains("would bring"), "{text}");
    }
}
