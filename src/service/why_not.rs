//! "Why not?": whether a command the person might give is allowed now, and if not the rules'
//! reason in a player's words, the numbers behind it and the rule it comes from (a link into
//! the rules reference), without giving it. The map asks this when a piece is dragged
//! where it cannot go, and the turn asks it to say what still has to be done before it can
//! end. Only the person's own seat may be asked about. Must not change a game.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::help::{RuleLink, position_detail, rule_for};
use crate::rules::{Command, FactionIdx, decide, describe_error};
use crate::store::GameId;

use super::core::Service;
use super::error::ServiceResult;
use super::seat_view::viewer_for;

/// A command to ask about.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct WhyNotRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The seat that would give it (the person's).
    pub by: FactionIdx,
    /// The command.
    pub command: Command,
}

/// Whether the command is allowed now, and if not why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct WhyNot {
    /// True when the rules would take the command now.
    pub allowed: bool,
    /// The refusal's code (`already_moved`, `over_capacity`, …) when not.
    pub code: Option<String>,
    /// The reason in a player's words, naming things as the game does, when not.
    pub reason: Option<String>,
    /// The numbers behind the reason where it depends on the position (what a place holds
    /// against the stack; the Prestige counted against the target).
    pub detail: Option<String>,
    /// The rule it comes from: a section of the rules reference and its rulebook number.
    pub rule: Option<RuleLink>,
    /// Why that rule exists, in a sentence.
    pub why: Option<String>,
}

impl Service {
    /// Whether the person's command would be taken now, and the rules' reason if not.
    pub fn why_not(&self, request: &WhyNotRequest) -> ServiceResult<WhyNot> {
        self.with_game(request.game, |g| {
            viewer_for(g.session, Some(request.by))?;
            let state = g.session.history.current();
            Ok(
                match decide(g.content, state, request.by, &request.command) {
                    Ok(_) => WhyNot {
                        allowed: true,
                        code: None,
                        reason: None,
                        detail: None,
                        rule: None,
                        why: None,
                    },
                    Err(error) => {
                        let (rule, why) = rule_for(&error);
                        WhyNot {
                            allowed: false,
                            code: Some(error.code().to_owned()),
                            reason: Some(describe_error(g.content, state, &error)),
                            detail: position_detail(
                                g.content,
                                state,
                                request.by,
                                &request.command,
                                &error,
                            ),
                            rule: Some(rule),
                            why: Some(why.to_owned()),
                        }
                    }
                },
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Mode, NewGame, SeatRequest};

    #[test]
    fn a_refused_command_says_why_and_an_allowed_one_says_so() {
        let service = Service::new();
        let status = service
            .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, 4))
            .unwrap();
        let game = status.game;
        let legal = service.legal(&SeatRequest { game, faction: 0 }).unwrap();
        if let Some(first) = legal.commands.first() {
            let ok = service
                .why_not(&WhyNotRequest {
                    game,
                    by: 0,
                    command: first.command.clone(),
                })
                .unwrap();
            assert!(ok.allowed, "{ok:?}");
        }
        let refused = service
            .why_not(&WhyNotRequest {
                game,
                by: 0,
                command: Command::ClaimPrestigeVictory,
            })
            .unwrap();
        assert!(!refused.allowed);
        // The specific cause, not only the rule: a claim belongs to another phase, and the
        // reason says which phase the game is in.
        assert_eq!(refused.code.as_deref(), Some("wrong_step"));
        let reason = refused.reason.clone().unwrap_or_default();
        assert!(
            reason.contains("another phase") && reason.contains("this is the"),
            "{reason}"
        );
        // It names its rule (out of the End of Turn, the step is the wrong one) and why.
        assert_eq!(refused.rule.map(|r| r.section), Some("turn".to_owned()));
        assert!(refused.why.is_some_and(|w| !w.is_empty()));
        // Another seat's commands are not the person's to ask about.
        let error = service
            .why_not(&WhyNotRequest {
                game,
                by: 1,
                command: Command::EndStep,
            })
            .unwrap_err();
        assert_eq!(error.code(), "not_yours");
    }
}
