//! The odds of a battle or siege as a player weighs them before the resolution card (10.11–
//! 10.65): for the attack under way, or for one a faction considers starting with every Noble
//! who may join it. Each side's Nobles and troops with and without the regional bonuses, the
//! garrison, the allies who defend, the step of the Table of Odds the larger side reaches, who
//! taking part some Event card names KILLED, and whether the attack can be launched (10.43) or
//! will be resolved (10.45), with the rule's reason when not.
//!
//! The strengths are those the resolution will count: the same sums ([`super::sides`]), on the
//! state as it will stand when the card is drawn (passengers landing to besiege are in the
//! open field by then, 9.49). Only public pieces are read: never a hand or a deck's order.

use serde::Serialize;
use ts_rs::TS;

use crate::content::{AreaId, Content, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::state::{Attack, AttackTarget, Pending, Place, State};

use super::sides::Pieces;
use super::table_of_odds::{odds_step, very_weak_odds};

/// One Noble taking part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct NobleInBattle {
    /// The Noble.
    pub noble: NobleId,
    /// Its faction.
    pub faction: FactionIdx,
    /// Troops it counts, regional bonuses included (10.13).
    pub strength: u32,
    /// Troops it counts without the regional bonuses.
    pub without_bonus: u32,
    /// Troops on its cards traded between hands this turn, which do not count (10.18).
    pub not_counted: u32,
    /// Whether some Event card's KILLED list names it (10.28).
    pub could_be_killed: bool,
    /// A defender of a faction allied to the one attacked (10.12), not of that faction.
    pub ally: bool,
}

/// One side of the attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SideOdds {
    /// The attacking faction; for the defence, the faction attacked or the place's controller
    /// (none for a neutral place).
    pub faction: Option<FactionIdx>,
    /// The Nobles of the side.
    pub nobles: Vec<NobleInBattle>,
    /// The place's garrison, for the defence of a siege (10.40, 10.41).
    pub garrison: u32,
    /// The side's strength: its Nobles' troops with the regional bonuses, and the garrison.
    pub strength: u32,
    /// The same without the regional bonuses.
    pub without_bonus: u32,
}

/// Which side is larger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum Larger {
    /// The attackers.
    Attack,
    /// The defence.
    Defence,
    /// Neither: no step of the Table is reached (Z16).
    Equal,
}

/// How far the attack has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
#[serde(rename_all = "snake_case")]
pub enum AttackStage {
    /// Not started: the attackers are every Noble who may join it now.
    Considered,
    /// Started, the attackers being committed (10.11).
    Assembling,
    /// Launched: the card window is open (10.15).
    Launched,
}

/// A battle or siege as it stands before the resolution card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct BattleOdds {
    /// The Area.
    pub area: AreaId,
    /// The target.
    pub target: AttackTarget,
    /// Whether it is a siege (decided by strength alone, 10.52) rather than a battle in the
    /// open field (decided by the Table of Odds, 10.20).
    pub siege: bool,
    /// How far the attack has come.
    pub stage: AttackStage,
    /// The attackers.
    pub attack: SideOdds,
    /// The defence.
    pub defence: SideOdds,
    /// Which side is larger.
    pub larger: Larger,
    /// The best step of the Table of Odds the larger side reaches (`3-2`), if any.
    pub step: Option<String>,
    /// The attack is under a quarter of the defence: every attacker would be captured (Z15).
    pub very_weak: bool,
    /// Whether it can be launched now (considered or assembling), or, once launched, will be
    /// resolved rather than stop (10.45).
    pub launchable: bool,
    /// Why not, when it cannot.
    #[serde(skip)]
    #[ts(skip)]
    pub refusal: Option<RuleError>,
}

/// The odds of the attack under way, if one is.
pub fn attack_odds(content: &Content, state: &State) -> Option<BattleOdds> {
    let Some(Pending::Attack(attack)) = state.pending.last() else {
        return None;
    };
    let ctx = Ctx::new(content, state);
    let (stage, refusal) = match attack.window {
        None => (
            AttackStage::Assembling,
            super::attack::check_launch(&ctx, attack).err(),
        ),
        Some(_) => (AttackStage::Launched, None),
    };
    Some(odds_of(content, state, attack, stage, refusal))
}

/// The odds of an attack `by` considers starting on `target` in `area`, with every Noble who
/// may join it now (10.11), and whether it could be started and launched.
pub fn considered_odds(
    content: &Content,
    state: &State,
    by: FactionIdx,
    area: &AreaId,
    target: &AttackTarget,
) -> BattleOdds {
    let ctx = Ctx::new(content, state);
    let mut attack = Attack {
        attacker: by,
        area: *area,
        target: target.clone(),
        attackers: Vec::new(),
        window: None,
    };
    // Nobles on land first; passengers landing from ships only when none on land may go,
    // since the two never attack together (9.52).
    for aboard in [false, true] {
        if !attack.attackers.is_empty() {
            break;
        }
        for (noble, n) in state.nobles.iter() {
            if matches!(n.place, Place::Aboard { .. }) == aboard
                && super::attack::check_commit(&ctx, by, &attack, noble).is_ok()
            {
                attack.attackers.push(*noble);
            }
        }
    }
    let refusal = match super::attack::check_start(content, state, by, area, target) {
        Ok(()) => super::attack::check_launch(&ctx, &attack).err(),
        Err(cause) => Some(RuleError::AttackNotAllowed { cause }),
    };
    odds_of(content, state, &attack, AttackStage::Considered, refusal)
}

/// Whether some Event card's KILLED list names the Noble (10.28).
fn named_killed(content: &Content, noble: &NobleId) -> bool {
    content
        .events
        .cards()
        .iter()
        .filter_map(|c| c.combat.as_ref())
        .any(|c| c.killed.contains(noble))
}

fn odds_of(
    content: &Content,
    state: &State,
    attack: &Attack,
    stage: AttackStage,
    refusal: Option<RuleError>,
) -> BattleOdds {
    // The state as the resolution will count it: passengers landing to besiege are in the
    // open field by then (9.49).
    let mut at_resolution = Ctx::new(content, state);
    crate::rules::phases::landing::on_siege(&mut at_resolution, attack, true);
    let state = &*at_resolution.state;
    let pieces = Pieces::of_state(state);
    let defence_faction = match &attack.target {
        AttackTarget::Field { faction } => Some(*faction),
        AttackTarget::Location { location } => state.controller_of(location),
    };
    let noble = |id: &NobleId, ally: bool| NobleInBattle {
        noble: *id,
        faction: state.nobles.get(id).map_or(attack.attacker, |n| n.faction),
        strength: pieces.combat_strength(content, id, true),
        without_bonus: pieces.combat_strength(content, id, false),
        not_counted: pieces.not_counted(content, id),
        could_be_killed: named_killed(content, id),
        ally,
    };
    let side = |faction: Option<FactionIdx>, nobles: Vec<NobleInBattle>, garrison: u32| SideOdds {
        faction,
        strength: nobles.iter().map(|n| n.strength).sum::<u32>() + garrison,
        without_bonus: nobles.iter().map(|n| n.without_bonus).sum::<u32>() + garrison,
        nobles,
        garrison,
    };
    let attackers = attack.attackers.iter().map(|id| noble(id, false)).collect();
    let defenders = pieces
        .defenders(&attack.area, &attack.target)
        .iter()
        .map(|id| {
            let faction = state.nobles.get(id).map(|n| n.faction);
            noble(id, defence_faction.is_some() && faction != defence_faction)
        })
        .collect();
    let attack_side = side(Some(attack.attacker), attackers, 0);
    let defence_side = side(
        defence_faction,
        defenders,
        pieces.target_garrison(content, &attack.target),
    );
    let (a, d) = (attack_side.strength, defence_side.strength);
    let siege = matches!(attack.target, AttackTarget::Location { .. });
    let refusal = match stage {
        // 10.45: a siege whose attackers have become weaker than the defence stops.
        AttackStage::Launched if siege && a < d => match &attack.target {
            AttackTarget::Location { location } => Some(RuleError::TooWeakToBesiege {
                location: *location,
            }),
            AttackTarget::Field { .. } => None,
        },
        _ => refusal,
    };
    BattleOdds {
        area: attack.area,
        target: attack.target.clone(),
        siege,
        stage,
        larger: match a.cmp(&d) {
            std::cmp::Ordering::Greater => Larger::Attack,
            std::cmp::Ordering::Less => Larger::Defence,
            std::cmp::Ordering::Equal => Larger::Equal,
        },
        step: odds_step(content, a, d),
        very_weak: !siege && very_weak_odds(state, a, d),
        launchable: refusal.is_none(),
        refusal,
        attack: attack_side,
        defence: defence_side,
    }
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;
    use serde_json::json;

    use super::*;
    use crate::content::LocationId;
    use crate::rules::scenario::scenario_states;

    /// Percy (faction 0, with C36) in the field of York against `others`, in round 2's Combat
    /// Phase; the states after each of `steps` (faction 0's commands).
    fn states(
        content: &Content,
        others: serde_json::Value,
        patch: serde_json::Value,
        steps: serde_json::Value,
    ) -> Vec<State> {
        let mut nobles = json!({
            "percy": { "faction": 0, "awards": ["C36"], "place": { "kind": "field", "area": "area_york" } }
        });
        if let (Some(all), Some(more)) = (nobles.as_object_mut(), others.as_object()) {
            all.extend(more.clone());
        }
        let steps: Vec<serde_json::Value> = steps
            .as_array()
            .expect("steps")
            .iter()
            .map(|c| json!({ "by": 0, "command": c }))
            .collect();
        let text = json!({
            "name": "odds", "covers": [], "players": 3, "seed": 1,
            "position": {
                "nobles": nobles, "control": { "york": 1 }, "round": 2, "active": 0,
                "phase": "combat", "patch": patch
            },
            "steps": steps
        });
        scenario_states(content, &text.to_string()).expect("scenario")
    }

    fn siege_of_york() -> serde_json::Value {
        json!([
            { "type": "StartAttack", "area": "area_york", "target": { "kind": "location", "location": "york" } },
            { "type": "CommitAttacker", "noble": "percy" }
        ])
    }

    fn mowbray_in_york() -> serde_json::Value {
        json!({ "mowbray": { "faction": 1, "awards": [], "place": { "kind": "inside", "location": "york" } } })
    }

    #[test]
    fn a_siege_counts_the_garrison_with_nobles_inside_as_the_resolution_does() {
        let content = Content::embedded().expect("content");
        let all = states(&content, mowbray_in_york(), json!({}), siege_of_york());
        let state = all.last().expect("assembled");
        let odds = attack_odds(&content, state).expect("an attack");
        let Some(Pending::Attack(attack)) = state.pending.last() else {
            panic!("no attack");
        };
        assert_eq!(odds.stage, AttackStage::Assembling);
        assert_eq!(odds.defence.garrison, 300);
        assert_eq!(odds.defence.faction, Some(1));
        let mowbray = crate::rules::troops::strength(&content, state, &NobleId::from("mowbray"));
        assert_eq!(odds.defence.strength, 300 + mowbray);
        assert_eq!(odds.attack.strength, 200);
        assert_eq!(
            (odds.attack.strength, odds.defence.strength),
            super::super::sides::sides(&content, state, attack)
        );
        assert_eq!(odds.larger, Larger::Defence);
        assert!(!odds.launchable);
        assert_eq!(
            odds.refusal,
            Some(RuleError::TooWeakToBesiege {
                location: LocationId::from("york")
            })
        );
        // Considered before it starts: the same sides, with every Noble who may join.
        let considered = considered_odds(
            &content,
            &all[0],
            0,
            &AreaId::from("area_york"),
            &attack.target,
        );
        assert_eq!(considered.stage, AttackStage::Considered);
        assert_eq!(considered.attack.nobles.len(), 1);
        assert_eq!(considered.defence.strength, odds.defence.strength);
        assert!(!considered.launchable);
    }

    #[test]
    fn allies_defend_a_battle_in_the_field_and_are_marked_so() {
        let content = Content::embedded().expect("content");
        let others = json!({
            "mowbray": { "faction": 1, "awards": [], "place": { "kind": "field", "area": "area_york" } },
            "talbot": { "faction": 2, "awards": [], "place": { "kind": "field", "area": "area_york" } }
        });
        let all = states(
            &content,
            others,
            json!({ "/alliances": [[1, 2]] }),
            json!([
                { "type": "StartAttack", "area": "area_york", "target": { "kind": "field", "faction": 1 } },
                { "type": "CommitAttacker", "noble": "percy" }
            ]),
        );
        let odds = attack_odds(&content, all.last().expect("state")).expect("an attack");
        let defenders: Vec<(&str, bool)> = odds
            .defence
            .nobles
            .iter()
            .map(|n| (n.noble.as_str(), n.ally))
            .collect();
        assert_eq!(defenders, [("mowbray", false), ("talbot", true)]);
        assert_eq!(odds.defence.garrison, 0);
        let sum: u32 = odds.defence.nobles.iter().map(|n| n.strength).sum();
        assert_eq!(odds.defence.strength, sum);
        assert_eq!(odds.step, odds_step(&content, odds.attack.strength, sum));
        assert!(odds.launchable, "{:?}", odds.refusal);
    }

    #[test]
    fn troops_on_cards_traded_this_turn_are_left_out() {
        let content = Content::embedded().expect("content");
        let all = states(
            &content,
            mowbray_in_york(),
            json!({ "/factions/0/traded_this_turn": ["C36"] }),
            siege_of_york(),
        );
        let odds = attack_odds(&content, all.last().expect("state")).expect("an attack");
        let percy = &odds.attack.nobles[0];
        let base = crate::rules::troops::base_strength(
            &content,
            all.last().expect("state"),
            &NobleId::from("percy"),
        );
        assert!(percy.not_counted > 0);
        assert_eq!(percy.strength + percy.not_counted, 200);
        assert!(percy.without_bonus < base);
    }

    #[test]
    fn the_odds_read_nothing_a_seat_may_not_know() {
        let content = Content::embedded().expect("content");
        let all = states(&content, mowbray_in_york(), json!({}), siege_of_york());
        let mut state = all.last().expect("state").clone();
        // Hidden cards in every hand.
        for f in 0..3 {
            for _ in 0..2 {
                let card = state.crown_deck.pop().expect("a card");
                state.factions[f].hand.push(card);
            }
        }
        let odds = attack_odds(&content, &state);
        for seat in 0..3 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::from(seat) + 7);
            let sample = crate::rules::determinize(&state, seat, &mut rng);
            assert_eq!(attack_odds(&content, &sample), odds, "seat {seat}");
        }
    }
}
