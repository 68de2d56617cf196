//! The bots use the any-time freedom (bots version 4): before an Event drawn in another
//! faction's turn is applied (8.02, 19.18), a Normal player holding cards it would play in its
//! own Movement Phase plays them then, where the bots of version 3 passed. Positions come from
//! seeded games of Normal bots.

use warwick::bots::{BOTS_VERSION, Bot, Decision, NormalBot, Table, bot_rng, make_bot_at};
use warwick::content::Content;
use warwick::rules::state::Pending;
use warwick::rules::{self, Command, Setup, State, Viewer};

/// The first few positions of seeded 3- to 5-faction games of Normal bots of `version` where a
/// faction other than the one whose turn it is decides in the window before an Event, holding
/// a card it may play now.
fn windows_before_events(content: &Content, version: u32, wanted: usize) -> Vec<State> {
    let mut found = Vec::new();
    for seed in 1..300u64 {
        let mut setup = Setup::new(3 + (seed % 3) as u8, seed);
        setup.time_limit_rounds = Some(8);
        let bots = (0..setup.players)
            .map(|seat| make_bot_at(warwick::bots::BotKind::Normal, seat, version));
        let mut table = Table::new(content, &setup, bots.collect()).expect("set-up");
        while table.commands < 20_000 {
            let Ok(Some(turn)) = table.next() else { break };
            let state = table.state();
            if matches!(state.pending.last(), Some(Pending::EventReaction { .. }))
                && turn.faction != state.clock.active
                && rules::legal_commands(content, state, turn.faction)
                    .iter()
                    .any(plays_a_card)
            {
                found.push(state.clone());
                if found.len() >= wanted {
                    return found;
                }
                break; // one position per game
            }
            let command = table.choose(&turn).expect("a choice");
            table.apply(&turn, &command).expect("applied");
        }
    }
    found
}

fn plays_a_card(command: &Command) -> bool {
    matches!(
        command,
        Command::AwardCard { .. } | Command::PlayNoble { .. }
    )
}

/// The Normal player of `version`'s answer at `state`.
fn normal_answer(content: &Content, state: &State, version: u32) -> Command {
    let faction = *rules::awaiting(state).first().expect("a decision");
    let legal = rules::legal_commands(content, state, faction);
    let view = rules::view(content, state, Viewer::Faction { faction });
    let decision = Decision {
        content,
        me: faction,
        view: &view,
        legal: &legal,
        budget: 0,
        meter: None,
    };
    let mut rng = bot_rng(1, faction);
    let chosen = NormalBot::new(faction)
        .at_version(version)
        .choose(&decision, &mut rng);
    assert!(legal.contains(&chosen), "{chosen:?} is not listed");
    chosen
}

#[test]
fn before_another_factions_event_the_normal_player_plays_its_hand() {
    let content = Content::embedded().expect("content");
    let states = windows_before_events(&content, 3, 5);
    eprintln!("positions found: {}", states.len());
    assert!(states.len() >= 3, "positions found: {}", states.len());
    let mut played = 0;
    for state in &states {
        // Version 3 passed here, every time.
        assert_eq!(normal_answer(&content, state, 3), Command::Pass);
        let answer = normal_answer(&content, state, BOTS_VERSION);
        played += usize::from(plays_a_card(&answer));
        // Nothing else than a card of the hand or a pass.
        assert!(
            plays_a_card(&answer) || answer == Command::Pass,
            "{answer:?}"
        );
    }
    assert!(
        played * 2 >= states.len(),
        "{played} of {} windows played a card",
        states.len()
    );
}

#[test]
fn the_hard_player_answers_the_window_as_the_normal_player_without_searching() {
    let content = Content::embedded().expect("content");
    for state in windows_before_events(&content, BOTS_VERSION, 3) {
        let faction = *rules::awaiting(&state).first().expect("a decision");
        let live = warwick::bots::LiveLegal::new(&content, &state, faction);
        let view = rules::view(&content, &state, Viewer::Faction { faction });
        let decision = Decision {
            content: &content,
            me: faction,
            view: &view,
            legal: &live,
            budget: 4,
            meter: None,
        };
        let mut hard = NormalBot::hard(faction);
        let chosen = hard.choose(&decision, &mut bot_rng(1, faction));
        assert!(hard.searched().is_none(), "searched before an Event");
        assert_eq!(chosen, normal_answer(&content, &state, BOTS_VERSION));
    }
}

#[test]
fn games_of_normal_bots_of_either_version_end_without_a_refused_command() {
    let content = Content::embedded().expect("content");
    for version in [3, BOTS_VERSION] {
        for seed in 0..4u64 {
            let mut setup = Setup::new(3 + (seed % 3) as u8, 500 + seed);
            setup.time_limit_rounds = Some(10);
            let seats = setup.players;
            let bots = (0..seats)
                .map(|seat| make_bot_at(warwick::bots::BotKind::Normal, seat, version))
                .collect();
            let mut table = Table::new(&content, &setup, bots).expect("set-up");
            while table.commands < 60_000 && table.step().expect("a legal command") {}
            assert!(
                table.outcome().is_some(),
                "v{version} seed {seed} unfinished"
            );
        }
    }
}
