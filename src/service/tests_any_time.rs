//! The person acts at any time (issue 31): while the bots move, the person's hand and any-time
//! commands are listed and taken, and the bots stop for the person only where the person's
//! reaction changes something (their battle with cards to add, an offer made to them, a choice
//! of theirs), not at every window every faction is asked in.

use super::tests::simple_pick;
use super::*;
use crate::rules::Command;
use crate::rules::state::Pending;

/// Why the bots stopped for the person outside the person's own turn, in words.
fn stop_kind(pending: Option<&Pending>) -> &'static str {
    match pending {
        None => "own steps",
        Some(Pending::Attack(a)) if a.window.is_some() => "battle window",
        Some(Pending::Attack(_)) => "attack",
        Some(Pending::Offer(_)) => "offer",
        Some(Pending::EventReaction { .. }) => "before event",
        Some(Pending::Parliament { .. }) => "parliament",
        Some(Pending::Politicking { .. }) => "politicking",
        Some(_) => "choice",
    }
}

#[test]
fn the_bots_stop_for_the_person_only_where_their_reaction_changes_something() {
    let mut stops: std::collections::BTreeMap<&str, u32> = Default::default();
    let mut passed_holding_cards = 0;
    let mut listed_out_of_turn = 0;
    for seed in [3u64, 8] {
        let service = Service::new();
        let mut request = NewGame::bots_around(4, Some(0), Mode::Casual, seed);
        request.time_limit_rounds = Some(4);
        let mut status = service.create_game_paused(&request).unwrap();
        let game = status.game;
        for _ in 0..400 {
            if status.outcome.is_some() {
                break;
            }
            if status.awaiting.contains(&0) {
                let pending = service
                    .with_game(game, |g| {
                        let state = g.session.history.current();
                        Ok((state.clock.active, state.pending.last().cloned()))
                    })
                    .unwrap();
                if pending.0 != 0 {
                    let kind = stop_kind(pending.1.as_ref());
                    *stops.entry(kind).or_default() += 1;
                    assert!(
                        !matches!(kind, "before event" | "politicking"),
                        "the bots stopped for the person at a {kind} window at {}",
                        status.head
                    );
                }
                let legal = service
                    .legal(&SeatRequest { game, faction: 0 })
                    .unwrap()
                    .commands;
                let pick = ["DrawEventCard", "AcceptOffer", "Pass", "EndStep"]
                    .iter()
                    .find_map(|kind| legal.iter().find(|l| l.command.kind() == *kind))
                    .unwrap_or(&legal[0]);
                status = service
                    .act(&Submit {
                        game,
                        by: 0,
                        command: pick.command.clone(),
                        expected_last_seq: status.head,
                        advised: None,
                    })
                    .unwrap()
                    .status;
                continue;
            }
            // The bots move: the person's hand stays open to them.
            let legal = service
                .legal(&SeatRequest { game, faction: 0 })
                .unwrap()
                .commands;
            if legal.iter().any(|l| {
                matches!(
                    l.command,
                    Command::AwardCard { .. } | Command::PlayNoble { .. }
                )
            }) {
                listed_out_of_turn += 1;
            }
            let holds = service
                .with_game(game, |g| {
                    Ok(!g.session.history.current().factions[0].hand.is_empty())
                })
                .unwrap();
            let done = service
                .advance(&StepRequest {
                    game,
                    expected_last_seq: status.head,
                    pass_empty_windows: true,
                })
                .unwrap();
            if !holds {
                status = done.status;
                continue;
            }
            // Windows passed by themselves while the person held cards (which used to stop
            // the bots at every one of them).
            passed_holding_cards += service
                .with_game(game, |g| {
                    let rows = g.session.history.rows();
                    Ok(rows
                        .iter()
                        .rev()
                        .take(done.rows.len())
                        .filter(|r| {
                            matches!(r, records::Row::Command(c) if c.by == 0 && c.command == Command::Pass)
                        })
                        .count())
                })
                .unwrap();
            status = done.status;
        }
    }
    println!("stops {stops:?}, passes {passed_holding_cards}, listed {listed_out_of_turn}");
    assert!(
        listed_out_of_turn > 0,
        "the person was never offered a card while the bots moved"
    );
    assert!(
        passed_holding_cards > 0,
        "no window of a bot's turn passed by itself"
    );
}

#[test]
fn the_person_awards_a_card_while_a_bot_is_to_move() {
    let service = Service::new();
    let mut status = service
        .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, 11))
        .unwrap();
    let game = status.game;
    for _ in 0..2_000 {
        assert!(status.outcome.is_none(), "no card to award in a bot's turn");
        if status.awaiting.contains(&0) {
            status = simple_pick(&service, &status);
            continue;
        }
        let legal = service
            .legal(&SeatRequest { game, faction: 0 })
            .unwrap()
            .commands;
        if let Some(award) = legal
            .iter()
            .find(|l| matches!(l.command, Command::AwardCard { .. }))
        {
            let awaited = status.awaiting.clone();
            let done = service
                .submit(&Submit {
                    game,
                    by: 0,
                    command: award.command.clone(),
                    expected_last_seq: status.head,
                    advised: None,
                })
                .unwrap();
            let first = done.rows.iter().find(|r| r.kind == "Command").unwrap();
            assert_eq!(first.by, Some(0), "the award is recorded as the person's");
            assert!(
                done.rows
                    .iter()
                    .any(|r| r.kind == "Command" && r.by != Some(0)),
                "the bots went on after it (awaited {awaited:?})"
            );
            service.verify(game).unwrap();
            return;
        }
        status = service
            .bot_step(&StepRequest {
                game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .unwrap()
            .status;
    }
    panic!("no card to award in a bot's turn");
}

/// A command given out of turn is the person's to take back like any other: undo cancels it
/// and what the bots did after it, the game verifies, and once finished its replay code (the
/// command marked out of turn, then the take-back) verifies too.
#[test]
fn a_command_out_of_turn_is_undone_and_the_game_still_verifies() {
    let service = Service::new();
    let mut request = NewGame::bots_around(3, Some(0), Mode::Casual, 12);
    request.time_limit_rounds = Some(2);
    let mut status = service.create_game_paused(&request).unwrap();
    let game = status.game;
    let mut undone = false;
    for _ in 0..2_000 {
        if undone || status.outcome.is_some() {
            break;
        }
        if status.awaiting.contains(&0) {
            status = simple_pick(&service, &status);
            continue;
        }
        let legal = service
            .legal(&SeatRequest { game, faction: 0 })
            .unwrap()
            .commands;
        if let Some(reveal) = legal
            .iter()
            .find(|l| matches!(l.command, Command::RevealCards { .. }))
        {
            let before = status.head;
            status = service
                .submit(&Submit {
                    game,
                    by: 0,
                    command: reveal.command.clone(),
                    expected_last_seq: status.head,
                    advised: None,
                })
                .unwrap()
                .status;
            assert_eq!(
                status.undo.as_ref().map(|u| u.command_seq),
                Some(before + 1),
                "the reveal is the decision undo takes back"
            );
            status = service
                .undo(&UndoRequest {
                    game,
                    expected_last_seq: status.head,
                    to_seq: None,
                })
                .unwrap();
            // The game is back where the reveal was given: the state it was decided on.
            let (now, then) = service
                .with_game(game, |g| {
                    let then = g.session.history.rows().iter().find_map(|r| match r {
                        records::Row::Command(c)
                            if matches!(c.command, Command::RevealCards { .. }) =>
                        {
                            Some(c.state.clone())
                        }
                        _ => None,
                    });
                    Ok((crate::rules::state_hash(g.session.history.current()), then))
                })
                .unwrap();
            assert_eq!(Some(now), then);
            service.verify(game).unwrap();
            undone = true;
            continue;
        }
        status = service
            .bot_step(&StepRequest {
                game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .unwrap()
            .status;
    }
    assert!(undone, "no card to reveal in a bot's turn");
    service
        .autoplay(game, crate::bots::BotKind::Random, 3)
        .unwrap();
    service.verify(game).unwrap();
    let code = service.replay_code(&GameRequest { game }).unwrap().code;
    let decoded = super::challenge::CodeGame::decode(&code).unwrap();
    assert!(
        decoded
            .choices
            .iter()
            .filter(|c| matches!(c, super::challenge::Choice::OutOfTurn))
            .count()
            >= 1,
        "the reveal is marked out of turn"
    );
    assert!(
        decoded
            .choices
            .iter()
            .any(|c| matches!(c, super::challenge::Choice::Undo(_))),
        "the take-back is in the code"
    );
    service.verify_code(&CodeText { code }).unwrap();
}
