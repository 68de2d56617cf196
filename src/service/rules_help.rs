//! The rules help as the UI reads it: the reference sections, step and control help, the rule
//! behind every refusal, and the card and place entries, built once per process.

use std::sync::OnceLock;

use crate::help::{ClaimStanding, Reference, RulesReference, claim_standing, rules_reference};

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::seat_view::{SeatRequest, viewer_for};

static BUILT: OnceLock<Result<RulesReference, String>> = OnceLock::new();

impl Service {
    /// The whole rules help (about the same for every call; built on the first).
    pub fn rules_reference(&self) -> ServiceResult<&'static RulesReference> {
        let content = self.content()?;
        BUILT
            .get_or_init(|| {
                let reference = Reference::embedded().map_err(|errors| {
                    errors
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                })?;
                Ok(rules_reference(&reference, content))
            })
            .as_ref()
            .map_err(|problem| ServiceError::InvalidContent(problem.clone()))
    }

    /// Where the person's seat stands towards a Prestige Victory claim now: the Prestige
    /// counted, the target that applies (an Alliance's when allied) and what stands between it
    /// and a claim.
    pub fn prestige_standing(&self, request: &SeatRequest) -> ServiceResult<ClaimStanding> {
        self.with_game(request.game, |g| {
            viewer_for(g.session, Some(request.faction))?;
            let state = g.session.history.current();
            Ok(claim_standing(g.content, state, request.faction))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_has_sections_steps_refusals_and_entries() {
        let service = Service::new();
        let help = service.rules_reference().expect("help");
        assert!(help.sections.iter().any(|s| s.id == "movement"));
        assert!(help.steps.iter().any(|s| s.key == "phase.movement"));
        assert!(help.errors.iter().any(|e| e.code == "over_capacity"));
        assert!(help.entries.iter().any(|e| e.id == "london"));
    }

    #[test]
    fn the_prestige_standing_says_the_target_and_what_blocks_a_claim() {
        let service = Service::new();
        let status = service
            .create_game_paused(&crate::service::NewGame::bots_around(
                3,
                Some(0),
                crate::service::Mode::Casual,
                4,
            ))
            .expect("game");
        let standing = service
            .prestige_standing(&SeatRequest {
                game: status.game,
                faction: 0,
            })
            .expect("standing");
        assert_eq!(standing.target, Some(13));
        assert!(!standing.blockers.is_empty());
        assert!(standing.text.contains("target of 13"), "{}", standing.text);
    }

    #[test]
    fn a_refusal_names_its_rule() {
        let error = ServiceError::Rule(crate::rules::RuleError::NoFreeMove {
            cause: crate::rules::FreeMoveCause::NoneHeld,
        });
        let json = serde_json::to_value(&error).expect("json");
        assert_eq!(json["code"], "no_free_move");
        assert_eq!(json["rule"]["section"], "movement");
        assert_eq!(json["rule"]["anchor"], "9.70");
        let other = serde_json::to_value(ServiceError::UnknownGame(1)).expect("json");
        assert!(other.get("rule").is_none());
    }
}
