//! Combat (§10): which battles and sieges to start, weighing the Table of Odds over the
//! public Event deck against what is at stake (Royals, Offices, places) and the risk of my
//! Nobles being named KILLED; which Nobles to commit; whether to add cards or call off in
//! the card window. Owns these wish lists; must not check legality (the rules do).

use super::player::memo_key;
use super::seat::Seat;
use crate::bots::knowledge;
use crate::content::map::LocationKind;
use crate::content::{AreaId, NobleId};
use crate::rules::state::{Attack, AttackTarget, Place};
use crate::rules::{Command, FactionIdx, Pieces};

/// Win chance a battle needs before the bot starts it.
const BATTLE_MIN_WIN: f64 = 0.55;

/// Attacks offered per Combat decision, best first (each refused one costs a rules check).
const MAX_ATTACK_WISHES: usize = 6;

fn attackers_in(seat: &Seat<'_>, area: &AreaId) -> Vec<NobleId> {
    let round = seat.round();
    seat.my_nobles()
        .into_iter()
        .filter(|n| {
            seat.view.nobles.get(*n).is_some_and(|x| {
                matches!(&x.place, Place::Field { area: a } if a == area)
                    && x.attacked_round != Some(round)
            })
        })
        .cloned()
        .collect()
}

/// The defending Nobles of a target, as the rules count them on my view (10.12, 10.41).
fn defenders(seat: &Seat<'_>, area: &AreaId, target: &AttackTarget) -> Vec<NobleId> {
    Pieces::of_view(seat.view).defenders(area, target)
}

fn stake(seat: &Seat<'_>, nobles: &[NobleId]) -> f64 {
    let view = seat.view;
    nobles
        .iter()
        .map(|n| {
            let royals = knowledge::royals_with(view, n).len() as f64;
            let offices = view
                .nobles
                .get(n)
                .map_or(0, |x| usize::from(knowledge::has_office(seat.content, x)))
                as f64;
            10.0 + 60.0 * royals + 8.0 * offices
        })
        .sum()
}

fn kill_risk(seat: &Seat<'_>, nobles: &[NobleId]) -> f64 {
    nobles
        .iter()
        .map(|n| seat.odds.killed_chance(n) * (10.0 + seat.strength(n) as f64 / 5.0))
        .sum::<f64>()
        * seat.judgement.kill_risk
}

/// Wishes to start attacks this Combat step.
pub fn attacks(seat: &Seat<'_>) -> Vec<Command> {
    let view = seat.view;
    let content = seat.content;
    let mut areas: Vec<AreaId> = seat
        .my_nobles()
        .into_iter()
        .filter_map(|n| match &view.nobles.get(n)?.place {
            Place::Field { area } => Some(*area),
            _ => None,
        })
        .collect();
    areas.sort();
    areas.dedup();
    let mut scored: Vec<(i64, Command)> = Vec::new();
    for area in areas {
        if view.kings_peace.as_ref().is_some_and(|p| p.area == area) {
            continue;
        }
        let mine = attackers_in(seat, &area);
        if mine.is_empty() {
            continue;
        }
        let s: u32 = mine.iter().map(|n| seat.strength(n)).sum();
        // Battles against each enemy faction in the field.
        let mut factions: Vec<FactionIdx> = view
            .nobles
            .values()
            .filter(|n| {
                !seat.friendly(n.faction)
                    && matches!(&n.place, Place::Field { area: a } if *a == area)
            })
            .map(|n| n.faction)
            .collect();
        factions.sort_unstable();
        factions.dedup();
        for f in factions {
            let target = AttackTarget::Field { faction: f };
            let theirs = defenders(seat, &area, &target);
            let t = Pieces::of_view(view).defence(content, &area, &target);
            let win = seat.odds.win_chance(s, t);
            let loss = seat.odds.loss_chance(s, t);
            if win < BATTLE_MIN_WIN {
                continue;
            }
            let ev =
                win * stake(seat, &theirs) - loss * stake(seat, &mine) - kill_risk(seat, &mine);
            if ev > 0.0 {
                scored.push(((ev * 100.0) as i64, Command::StartAttack { area, target }));
            }
        }
        // Sieges.
        for l in content.map.locations_in(&area) {
            if !l.kind.is_fortified() || seat.place_friendly(&l.id) {
                continue;
            }
            let defence = Pieces::of_view(view).place_defence(content, &l.id);
            if s < defence || (l.kind == LocationKind::OpenTown && defence == 0) {
                continue;
            }
            let inside = defenders(seat, &area, &AttackTarget::Location { location: l.id });
            let value = match l.kind {
                LocationKind::City => seat.judgement.city_siege,
                LocationKind::FortifiedTown | LocationKind::RoyalCastle => {
                    seat.judgement.town_siege
                }
                _ => seat.judgement.other_siege,
            } + stake(seat, &inside);
            let ev = value * (1.0 - seat.odds.bad_weather()) - kill_risk(seat, &mine);
            if ev > 0.0 {
                scored.push((
                    (ev * 100.0) as i64,
                    Command::StartAttack {
                        area,
                        target: AttackTarget::Location { location: l.id },
                    },
                ));
            }
        }
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored
        .into_iter()
        .map(|(_, c)| c)
        .filter(|c| !seat.tried(&memo_key(c)))
        .take(MAX_ATTACK_WISHES)
        .collect()
}

/// Wishes while assembling my attack: commit every free Noble there, then launch if the odds
/// still hold, else call it off.
pub fn assemble(seat: &Seat<'_>, attack: &Attack) -> Vec<Command> {
    let mut out = Vec::new();
    let free: Vec<NobleId> = attackers_in(seat, &attack.area)
        .into_iter()
        .filter(|n| !attack.attackers.contains(n))
        .collect();
    let mut free_sorted = free;
    free_sorted.sort_by_key(|n| (std::cmp::Reverse(seat.strength(n)), *n));
    for n in free_sorted {
        out.push(Command::CommitAttacker { noble: n });
    }
    if good_enough(seat, attack) {
        out.push(Command::LaunchAttack);
    }
    out.push(Command::CallOffAttack);
    out
}

/// Both sides' strengths, the rules' sums on my view (10.13, 10.41).
fn sides(seat: &Seat<'_>, attack: &Attack) -> (u32, u32) {
    Pieces::of_view(seat.view).sides(seat.content, attack)
}

fn good_enough(seat: &Seat<'_>, attack: &Attack) -> bool {
    let (a, d) = sides(seat, attack);
    match attack.target {
        AttackTarget::Field { .. } => seat.odds.win_chance(a, d) >= BATTLE_MIN_WIN * 0.8,
        AttackTarget::Location { .. } => a >= d && a > 0,
    }
}

/// Wishes in the card window of a battle or siege I take part in.
pub fn window(seat: &Seat<'_>, attack: &Attack) -> Vec<Command> {
    let mut out = Vec::new();
    let (a, d) = sides(seat, attack);
    let attacking = attack.attacker == seat.me;
    let defending = defenders(seat, &attack.area, &attack.target);
    let my_side: Vec<NobleId> = if attacking {
        attack.attackers.clone()
    } else {
        defending
            .iter()
            .filter(|n| {
                seat.view
                    .nobles
                    .get(*n)
                    .is_some_and(|x| x.faction == seat.me)
            })
            .cloned()
            .collect()
    };
    if attacking && !good_enough(seat, attack) {
        out.push(Command::CallOffAttack);
    }
    // Add troops from hand when they change the odds.
    let (mine, theirs) = if attacking { (a, d) } else { (d, a) };
    let in_danger = seat.odds.loss_chance(mine, theirs) > 0.2;
    let could_win_more = attacking && seat.odds.win_chance(mine, theirs) < 0.9;
    if (in_danger || could_win_more) && !my_side.is_empty() {
        let mut hand: Vec<_> = seat
            .hand()
            .iter()
            .filter_map(|c| seat.content.cards.card(c.as_str()).map(|x| (x.troops, *c)))
            .filter(|(t, _)| *t > 0)
            .collect();
        hand.sort_by(|x, y| y.0.cmp(&x.0).then_with(|| x.1.cmp(&y.1)));
        for (_, card) in hand.into_iter().take(3) {
            for n in my_side.iter().take(3) {
                out.push(Command::AwardCard { card, noble: *n });
            }
        }
    }
    out.push(Command::Pass);
    out
}
