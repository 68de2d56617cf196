//! Bot-only games: 2–5 factions play to an end (victory, or Minor Victory at a round cap),
//! the same seed replays the same game, and Normal beats Random in a small seeded sample
//! (the large win rate and speed are measured by `warwick sim`, never asserted here).

use warwick::bots::{BotKind, Table, make_bot};
use warwick::content::Content;
use warwick::rules::{Setup, VictoryKind, state_hash};

fn play(
    content: &Content,
    players: u8,
    seed: u64,
    kinds: &[BotKind],
    cap: u32,
) -> (Option<warwick::rules::Outcome>, String, u64) {
    let mut setup = Setup::new(players, seed);
    setup.time_limit_rounds = Some(cap);
    let bots = (0..players)
        .map(|i| make_bot(kinds[usize::from(i) % kinds.len()], i))
        .collect();
    let mut table = Table::new(content, &setup, bots).expect("table");
    table.play(100_000).expect("game runs");
    (
        table.outcome().cloned(),
        state_hash(table.state()),
        table.commands,
    )
}

#[test]
fn normal_games_of_two_to_five_factions_end() {
    let content = Content::embedded().expect("content");
    for players in 2..=5u8 {
        let (outcome, _, _) = play(&content, players, 3, &[BotKind::Normal], 8);
        assert!(outcome.is_some(), "{players}-faction game did not end");
    }
}

#[test]
fn same_seed_same_game() {
    let content = Content::embedded().expect("content");
    let a = play(&content, 4, 9, &[BotKind::Normal], 6);
    let b = play(&content, 4, 9, &[BotKind::Normal], 6);
    assert_eq!(a.1, b.1);
    assert_eq!(a.2, b.2);
}

#[test]
fn normal_beats_random_in_a_small_seeded_sample() {
    let content = Content::embedded().expect("content");
    let mut normal_wins = 0;
    let games = 3;
    for seed in 0..games {
        // Rotate the Normal seat.
        let mut kinds = vec![BotKind::Random, BotKind::Random, BotKind::Random];
        kinds[seed as usize % 3] = BotKind::Normal;
        let (outcome, _, _) = play(&content, 3, 100 + seed, &kinds, 12);
        let outcome = outcome.expect("ended");
        if outcome.kind != VictoryKind::AllLose && outcome.winners.contains(&((seed % 3) as u8)) {
            normal_wins += 1;
        }
    }
    assert!(normal_wins >= 2, "Normal won {normal_wins} of {games}");
}

/// Regression: seed 5 with four Normal bots once repeated the same commands within one step
/// until the command cap (`warwick sim --players 4 --bots normal --seed 5`).
#[test]
fn four_normal_bots_on_seed_5_do_not_loop() {
    let content = Content::embedded().expect("content");
    let mut setup = Setup::new(4, 5);
    setup.time_limit_rounds = Some(30);
    let bots = (0..4).map(|i| make_bot(BotKind::Normal, i)).collect();
    let mut table = Table::new(&content, &setup, bots).expect("table");
    let mut last = Vec::new();
    while table.commands < 20_000 {
        let Some(turn) = table.next().expect("next") else {
            break;
        };
        let command = table.choose(&turn).expect("choose");
        last.push(format!(
            "{} {:?} {command:?}",
            turn.faction, turn.view.clock
        ));
        if last.len() > 12 {
            last.remove(0);
        }
        table.apply(&turn, &command).expect("apply");
    }
    assert!(
        table.outcome().is_some(),
        "looped; last commands: {last:#?}"
    );
}
