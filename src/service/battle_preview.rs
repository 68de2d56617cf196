//! The odds of a battle or siege for the person's screen: the attack under way (public, so the
//! public view may ask too), or one the person considers starting, with every Noble who may
//! join it. The numbers, the step of the Table of Odds and whether it can be launched are the
//! rules' ([`crate::rules::attack_odds`], [`crate::rules::considered_odds`]); this adds the
//! rules' reason in words and the rule it comes from. Only the person's own seat may ask about
//! an attack it would start. Must not hold rule logic or change a game.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::content::AreaId;
use crate::help::{RuleLink, rule_for};
use crate::rules::state::AttackTarget;
use crate::rules::{BattleOdds, FactionIdx, attack_odds, considered_odds, describe_error};
use crate::store::GameId;

use super::core::Service;
use super::error::{ServiceError, ServiceResult};
use super::seat_view::viewer_for;
use super::travel::{AtSeq, state_at_seq};

/// An attack a seat considers starting.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct ConsideredAttack {
    /// The Area.
    pub area: AreaId,
    /// The target, as `StartAttack` names it.
    pub target: AttackTarget,
}

/// A request for a battle's odds.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct PreviewRequest {
    /// The game.
    #[ts(type = "number")]
    pub game: GameId,
    /// The person's seat; absent, the public view (the attack under way only).
    #[serde(default)]
    #[ts(optional)]
    pub by: Option<FactionIdx>,
    /// A past moment of the game; absent, now.
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub seq: Option<u64>,
    /// An attack `by` considers starting; absent, the attack under way.
    #[serde(default)]
    #[ts(optional)]
    pub attack: Option<ConsideredAttack>,
}

/// A battle's or siege's odds, as the rules weigh them, and why it cannot be launched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct BattlePreview {
    /// The odds; none when no attack is under way.
    pub odds: Option<BattleOdds>,
    /// The refusal's code (`too_weak_to_besiege`, …) when it cannot be launched.
    pub code: Option<String>,
    /// The rules' reason in a player's words.
    pub reason: Option<String>,
    /// The rule it comes from.
    pub rule: Option<RuleLink>,
}

impl Service {
    /// The odds of the attack under way, or of one the person's seat considers starting.
    pub fn battle_preview(&self, request: &PreviewRequest) -> ServiceResult<BattlePreview> {
        self.with_game(request.game, |g| {
            viewer_for(g.session, request.by)?;
            let at = AtSeq {
                game: request.game,
                seq: request.seq.unwrap_or_else(|| g.session.history.head()),
                faction: request.by,
            };
            let state = state_at_seq(g.content, g.session, &at)?;
            let odds = match (&request.attack, request.by) {
                (None, _) => attack_odds(g.content, &state),
                (Some(attack), Some(by)) => Some(considered_odds(
                    g.content,
                    &state,
                    by,
                    &attack.area,
                    &attack.target,
                )),
                (Some(_), None) => {
                    return Err(ServiceError::BadRequest(
                        "an attack considered is asked for by the seat that would start it"
                            .to_owned(),
                    ));
                }
            };
            let refusal = odds.as_ref().and_then(|o| o.refusal.as_ref());
            Ok(BattlePreview {
                code: refusal.map(|e| e.code().to_owned()),
                reason: refusal.map(|e| describe_error(g.content, &state, e)),
                rule: refusal.map(|e| rule_for(e).0),
                odds,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Mode, NewGame};

    #[test]
    fn only_the_persons_seat_asks_and_no_attack_gives_no_odds() {
        let service = Service::new();
        let status = service
            .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, 4))
            .unwrap();
        let game = status.game;
        let none = service
            .battle_preview(&PreviewRequest {
                game,
                by: Some(0),
                seq: None,
                attack: None,
            })
            .unwrap();
        assert_eq!(none.odds, None);
        // The public view may ask about the attack under way, not about one to start.
        let considered = ConsideredAttack {
            area: AreaId::from("area_york"),
            target: AttackTarget::Location {
                location: crate::content::LocationId::from("york"),
            },
        };
        let public = service.battle_preview(&PreviewRequest {
            game,
            by: None,
            seq: None,
            attack: Some(considered.clone()),
        });
        assert_eq!(public.unwrap_err().code(), "bad_request");
        // Another seat is a bot's.
        let error = service
            .battle_preview(&PreviewRequest {
                game,
                by: Some(1),
                seq: None,
                attack: Some(considered.clone()),
            })
            .unwrap_err();
        assert_eq!(error.code(), "not_yours");
        // The person's seat: an attack now (round 1, Movement) is refused, with the reason.
        let mine = service
            .battle_preview(&PreviewRequest {
                game,
                by: Some(0),
                seq: None,
                attack: Some(considered),
            })
            .unwrap();
        let odds = mine.odds.expect("odds");
        assert!(!odds.launchable);
        assert!(mine.reason.is_some_and(|r| !r.is_empty()));
        assert!(mine.rule.is_some());
    }
}
