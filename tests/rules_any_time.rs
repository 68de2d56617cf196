//! Any time means any time (issue 31), soaked: seeded games of Random and Normal bots over 2 to
//! 5 factions and both set-up kinds, where between the bots' decisions a faction that is not
//! deciding now and then gives one of the commands `legal_commands` lists to it out of turn
//! (cards from hand, transfers, Royals, gifts, trades, reveals, Alliances: 19.18, 20.05, 21.01,
//! 19.02, 17.10, 17.11, 23.02). After every command the invariants hold, no game is stuck (each
//! ends by its round limit), and at sampled decisions every command listed to a faction not
//! deciding is accepted by `check_command` and, a sample of them, by `decide`.
//!
//! `WARWICK_SOAK=n cargo test --release --test rules_any_time -- --nocapture` plays n games
//! (12 otherwise).

use std::collections::BTreeMap;

use warwick::bots::{BotKind, Table, Turn, make_bot};
use warwick::content::Content;
use warwick::rules::{self, FactionIdx, Setup, SetupKind, State};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[derive(Default, Debug)]
struct Counts {
    games: u64,
    commands: u64,
    out_of_turn: BTreeMap<&'static str, u64>,
    invariant_breaks: u64,
    stuck: u64,
    contract_points: u64,
    contract_listed: u64,
    contract_breaks: u64,
    endings: BTreeMap<String, u64>,
}

/// Every command listed to a faction not deciding is accepted (all by `check_command`, a
/// sample by `decide`); returns the breaks.
fn contract(content: &Content, state: &State, rng: &mut Lcg, counts: &mut Counts) -> u64 {
    let Some(&decider) = rules::awaiting(state).first() else {
        return 0;
    };
    let mut breaks = 0;
    for faction in (0..state.players() as FactionIdx).filter(|f| *f != decider) {
        counts.contract_points += 1;
        let legal = rules::legal_commands(content, state, faction);
        counts.contract_listed += legal.len() as u64;
        for command in &legal {
            if let Err(e) = rules::check_command(content, state, faction, command) {
                eprintln!("listed {command:?} to {faction} refused: {e}");
                breaks += 1;
            }
        }
        for _ in 0..legal.len().min(3) {
            let command = &legal[rng.next(legal.len())];
            if let Err(e) = rules::decide(content, state, faction, command) {
                eprintln!("listed {command:?} to {faction} refused by decide: {e}");
                breaks += 1;
            }
        }
    }
    breaks
}

fn soak_game(
    content: &Content,
    players: u8,
    seed: u64,
    kind: SetupKind,
    bot: BotKind,
    counts: &mut Counts,
) {
    let mut setup = Setup::new(players, seed);
    setup.kind = kind;
    setup.time_limit_rounds = Some(6);
    let bots = (0..players).map(|seat| make_bot(bot, seat)).collect();
    let mut table = Table::new(content, &setup, bots).expect("set-up");
    let mut rng = Lcg(seed.wrapping_mul(97).wrapping_add(u64::from(players)));
    counts.games += 1;
    let at = |table: &Table<'_>| {
        format!(
            "{players}p seed {seed} {kind:?} {bot:?} after {} commands",
            table.commands
        )
    };
    while table.commands < 60_000 {
        let state = table.state();
        if state.outcome.is_some() {
            break;
        }
        if table.commands.is_multiple_of(40) {
            counts.contract_breaks += contract(content, state, &mut rng, counts);
        }
        // Now and then, a faction not deciding acts out of turn.
        let decider = rules::awaiting(state).first().copied();
        if let Some(decider) = decider
            && rng.next(4) == 0
        {
            let faction = rng.next(players as usize) as FactionIdx;
            let legal = if faction == decider {
                Vec::new()
            } else {
                rules::legal_commands(content, state, faction)
            };
            if !legal.is_empty() {
                let command = legal[rng.next(legal.len())].clone();
                let turn = Turn {
                    faction,
                    view: rules::view(content, state, rules::Viewer::Faction { faction }),
                };
                table
                    .apply(&turn, &command)
                    .unwrap_or_else(|e| panic!("{command:?} out of turn: {e} at {}", at(&table)));
                *counts.out_of_turn.entry(command.kind()).or_default() += 1;
                counts.commands += 1;
                let broken = rules::invariants::check(content, table.state());
                if !broken.is_empty() {
                    eprintln!("{}: {broken:?}", at(&table));
                    counts.invariant_breaks += 1;
                }
                continue;
            }
        }
        match table.step() {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                eprintln!("stuck: {e} at {}", at(&table));
                counts.stuck += 1;
                return;
            }
        }
        counts.commands += 1;
        let broken = rules::invariants::check(content, table.state());
        if !broken.is_empty() {
            eprintln!("{}: {broken:?}", at(&table));
            counts.invariant_breaks += 1;
        }
    }
    match table.outcome() {
        Some(outcome) => {
            *counts
                .endings
                .entry(outcome.kind.key().to_owned())
                .or_default() += 1
        }
        None => {
            eprintln!("unfinished: {}", at(&table));
            counts.stuck += 1;
        }
    }
}

#[test]
fn games_with_commands_out_of_turn_keep_the_rules() {
    let games: u64 = std::env::var("WARWICK_SOAK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let content = Content::embedded().expect("content");
    let mut counts = Counts::default();
    for game in 0..games {
        let players = 2 + (game % 4) as u8;
        let kind = if (game / 4) % 2 == 0 {
            SetupKind::Preset
        } else {
            SetupKind::ControlledRandom
        };
        let bot = if (game / 8) % 2 == 0 {
            BotKind::Random
        } else {
            BotKind::Normal
        };
        soak_game(&content, players, game, kind, bot, &mut counts);
    }
    println!("{counts:#?}");
    assert_eq!(counts.invariant_breaks, 0, "{counts:?}");
    assert_eq!(counts.stuck, 0, "{counts:?}");
    assert_eq!(counts.contract_breaks, 0, "{counts:?}");
    assert!(
        counts.out_of_turn.values().sum::<u64>() > 0,
        "no command was given out of turn: {counts:?}"
    );
}
