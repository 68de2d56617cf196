//! The numbers behind a refusal where the reason depends on the position, in words: how much
//! a place holds against what is inside and what would come in, or the Prestige counted
//! against the target and what else stands between a Faction and its claim. The numbers and
//! the things in the way are the rules' own (`rules::room`, `rules::prestige_standing`).

use serde::Serialize;
use ts_rs::TS;

use crate::content::{Content, LocationId, NobleId};
use crate::rules::state::State;
use crate::rules::{
    ClaimBlocker, Command, FactionIdx, PrestigeStanding, RuleError, prestige_standing, room,
};

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
    let noble = named_noble(command);
    let room = room(content, state, location, noble.as_ref())?;
    let mut text = format!(
        "{} shelters {} troops besides its garrison, and {} are inside already",
        place.name, room.capacity, room.inside
    );
    if let Some(noble) = noble {
        text.push_str(&format!(
            "; {} would bring {}, making {}",
            noble_name(content, &noble),
            room.brings,
            room.inside + room.brings
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

/// Where `by` stands towards a Prestige Victory claim, as the rules judge it, in words.
pub fn claim_standing(content: &Content, state: &State, by: FactionIdx) -> ClaimStanding {
    let PrestigeStanding {
        team,
        prestige,
        target,
        blockers,
    } = prestige_standing(content, state, by);
    let blockers: Vec<String> = blockers
        .into_iter()
        .map(|b| match b {
            ClaimBlocker::MorePrestige { needed } => format!("{needed} more Prestige"),
            ClaimBlocker::NoTarget => "no Prestige Victory target applies to this game".to_owned(),
            ClaimBlocker::TileNotRevealed => {
                "the Prestige Victory tile has not come up from the Event deck yet".to_owned()
            }
            ClaimBlocker::ClaimStanding => "a claim is already standing".to_owned(),
            ClaimBlocker::KingsPeace => "the King's Peace is in force".to_owned(),
            ClaimBlocker::NoCrownedKing => "you control no crowned King".to_owned(),
        })
        .collect();
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
            noble: *noble,
            kind: crate::rules::MoveKind::Regional,
            to: crate::rules::Destination {
                area: crate::content::AreaId::from("area_carlisle"),
                inside: Some(location),
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
