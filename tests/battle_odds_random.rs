//! The battle preview against the resolution, over positions bots reach in seeded games: each
//! time an attack is resolved, the odds the rules gave just before it (`rules::attack_odds` on
//! the state before the command that resolved it) have the strengths the resolution counted
//! and a Table of Odds step that agrees with the outcome; a siege said to stop stops; and while
//! an attack is assembled, "launchable" is exactly what the rules answer to launching it. The
//! games are played side by side on the machine's cores (`common::par_map`), their tallies
//! merged in seed order.

mod common;

use warwick::bots::{BotKind, Table, make_bot};
use warwick::content::Content;
use warwick::content::events::CombatResult;
use warwick::rules::state::{AttackTarget, Pending};
use warwick::rules::{
    BattleOdds, CombatOutcome, Command, DeathCause, Event, Larger, Setup, State, attack_odds,
    check_command,
};

/// Figures of one run.
#[derive(Default, Debug)]
struct Tally {
    /// Positions with a launched attack whose odds were computed.
    launched: u64,
    /// Positions with an attack being assembled whose launch answer was compared.
    assembling: u64,
    /// Resolutions compared with the odds given just before them.
    resolved: u64,
    /// Sieges the odds said would stop, that stopped.
    stopped: u64,
    /// What disagreed.
    mismatches: Vec<String>,
}

impl Tally {
    /// Adds a later game's figures (its mismatches after these).
    fn merge(&mut self, other: Tally) {
        self.launched += other.launched;
        self.assembling += other.assembling;
        self.resolved += other.resolved;
        self.stopped += other.stopped;
        self.mismatches.extend(other.mismatches);
    }
}

fn step_index(content: &Content, step: &str) -> Option<usize> {
    content
        .cards
        .tables
        .odds
        .iter()
        .position(|s| s.step == step)
}

/// Compares one resolution with the odds given before it.
fn compare(content: &Content, odds: &BattleOdds, events: &[Event], tally: &mut Tally) {
    let killed = events.iter().any(|e| {
        matches!(
            e,
            Event::NobleDied {
                cause: DeathCause::Killed,
                ..
            }
        )
    });
    for event in events {
        let Event::CombatResolved {
            card,
            attack_strength,
            defence_strength,
            outcome,
            ..
        } = event
        else {
            continue;
        };
        tally.resolved += 1;
        let mut wrong = Vec::new();
        if (odds.attack.strength, odds.defence.strength) != (*attack_strength, *defence_strength) {
            wrong.push(format!(
                "strengths {} vs {} previewed, {attack_strength} vs {defence_strength} resolved",
                odds.attack.strength, odds.defence.strength
            ));
        }
        let result = content
            .events
            .card(card)
            .and_then(|c| c.combat.as_ref())
            .map(|c| c.result);
        let reached = odds.step.as_deref().and_then(|s| step_index(content, s));
        let asked = result.and_then(|r| step_index(content, r.key()));
        if !odds.siege && result != Some(CombatResult::BadWeather) {
            match outcome {
                CombatOutcome::AttackerWon | CombatOutcome::DefenderWon => {
                    let winner = if *outcome == CombatOutcome::AttackerWon {
                        Larger::Attack
                    } else {
                        Larger::Defence
                    };
                    let by_odds = reached.is_some() && asked.is_some() && reached >= asked;
                    if !(odds.very_weak || by_odds && odds.larger == winner) {
                        wrong.push(format!(
                            "{outcome:?} on a {result:?} card, but the odds were {:?} for {:?}",
                            odds.step, odds.larger
                        ));
                    }
                }
                CombatOutcome::Indecisive => {
                    if !killed && reached.is_some() && asked.is_some() && reached >= asked {
                        wrong.push(format!(
                            "indecisive on a {result:?} card, though {:?} was reached",
                            odds.step
                        ));
                    }
                    if odds.very_weak {
                        wrong.push("indecisive at very weak odds".to_owned());
                    }
                }
                CombatOutcome::BadWeather => {}
            }
        }
        if !wrong.is_empty() {
            tally.mismatches.push(format!(
                "{:?} at {}: {}",
                odds.target,
                odds.area,
                wrong.join("; ")
            ));
        }
    }
}

/// The launched attack's odds, and checks an attack being assembled.
fn look(content: &Content, state: &State, tally: &mut Tally) -> Option<BattleOdds> {
    let Some(Pending::Attack(attack)) = state.pending.last() else {
        return None;
    };
    let odds = attack_odds(content, state)?;
    if attack.window.is_some() {
        tally.launched += 1;
        return Some(odds);
    }
    tally.assembling += 1;
    let launch = check_command(content, state, attack.attacker, &Command::LaunchAttack).is_ok();
    if launch != odds.launchable {
        tally.mismatches.push(format!(
            "{:?} at {}: launchable {} but the rules {} the launch ({:?})",
            attack.target,
            attack.area,
            odds.launchable,
            if launch { "take" } else { "refuse" },
            odds.refusal
        ));
    }
    None
}

fn play(content: &Content, players: u8, seed: u64, kinds: &[BotKind], tally: &mut Tally) {
    let mut setup = Setup::new(players, seed);
    setup.time_limit_rounds = Some(14);
    let bots = (0..players)
        .map(|i| make_bot(kinds[usize::from(i) % kinds.len()], i))
        .collect();
    let mut table = Table::new(content, &setup, bots).expect("table");
    // The odds given on the state before the last command, while an attack was launched.
    let mut before: Option<BattleOdds> = None;
    while table.commands < 40_000 {
        let now = look(content, table.state(), tally);
        if now.is_some() {
            before = now;
        }
        let was_attack = before.is_some()
            && matches!(table.state().pending.last(), Some(Pending::Attack(a)) if a.window.is_some());
        let Some(turn) = table.next().expect("next") else {
            break;
        };
        let command = table.choose(&turn).expect("choose");
        table.apply(&turn, &command).expect("apply");
        let events = table.last_events.clone();
        if let Some(odds) = &before
            && events
                .iter()
                .any(|e| matches!(e, Event::CombatResolved { .. }))
        {
            compare(content, odds, &events, tally);
            before = None;
            continue;
        }
        let still =
            matches!(table.state().pending.last(), Some(Pending::Attack(a)) if a.window.is_some());
        if was_attack && !still && command == Command::Pass {
            // The window closed on a pass without a resolution: a siege that stopped (10.45),
            // or a KILLED tie to settle first (the odds stay for its resolution).
            let tie = matches!(table.state().pending.last(), Some(Pending::TieBreak(_)));
            if let Some(odds) = before.as_ref().filter(|_| !tie) {
                if matches!(odds.target, AttackTarget::Location { .. }) && !odds.launchable {
                    tally.stopped += 1;
                } else {
                    tally.mismatches.push(format!(
                        "{:?} at {}: the window closed without a resolution, the odds said it would go on",
                        odds.target, odds.area
                    ));
                }
                before = None;
            }
        } else if was_attack && !still && command == Command::CallOffAttack {
            before = None;
        }
    }
}

#[test]
fn the_odds_before_a_resolution_are_what_it_counts() {
    let content = Content::embedded().expect("content");
    let lineups: [&[BotKind]; 4] = [
        &[BotKind::Normal],
        &[BotKind::Normal, BotKind::Random],
        &[BotKind::Random],
        &[BotKind::Easy, BotKind::Normal, BotKind::Random],
    ];
    let seeds: Vec<u64> = (0..32).collect();
    let mut tally = Tally::default();
    for game in common::par_map(&seeds, |&seed| {
        let players = 2 + u8::try_from(seed % 4).unwrap_or(0);
        let kinds = lineups[usize::try_from(seed % 4).unwrap_or(0)];
        let mut tally = Tally::default();
        play(&content, players, 500 + seed, kinds, &mut tally);
        tally
    }) {
        tally.merge(game);
    }
    eprintln!(
        "battle odds: {} launched positions, {} assembling positions, {} resolutions compared, \
         {} sieges stopped as said, {} mismatches",
        tally.launched,
        tally.assembling,
        tally.resolved,
        tally.stopped,
        tally.mismatches.len()
    );
    assert!(
        tally.resolved >= 100,
        "too few resolutions compared: {tally:?}"
    );
    assert!(tally.mismatches.is_empty(), "{:#?}", tally.mismatches);
}
