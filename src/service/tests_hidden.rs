//! While a person plays, no call of the service shows them a bot's hand: not the views (their
//! own seat's only), not the legal commands (theirs only), not the time-travel states, the
//! timeline, the rows a call appended, the strengths, a battle's odds, the saved games list or
//! an export.

use std::collections::BTreeSet;

use super::tests::{human_game, settle};
use super::*;
use crate::content::Content;

/// Every bot hand card at the end of the game, as (id, name).
fn bot_hands(service: &Service, game: i64) -> Vec<(String, String)> {
    let content = Content::embedded().unwrap();
    service
        .with_game(game, |g| {
            let state = g.session.history.current();
            // Cards of an offer the person is a party to are named to them (21.01).
            let offered: String = state
                .pending
                .iter()
                .filter(|p| matches!(p, crate::rules::state::Pending::Offer(o) if o.from == 0 || o.to == 0))
                .map(|p| serde_json::to_string(p).unwrap())
                .collect();
            let mut cards = Vec::new();
            for (seat, faction) in state.factions.iter().enumerate() {
                if seat == 0 {
                    continue;
                }
                for card in &faction.hand {
                    // Cards a bot showed to the person may be named to them (19.02).
                    if faction.shown.iter().any(|(to, c)| *to == 0 && c == card)
                        || offered.contains(&format!("\"{card}\""))
                    {
                        continue;
                    }
                    let name = content
                        .cards
                        .card(card.as_str())
                        .map(|c| c.name.clone())
                        .unwrap_or_default();
                    cards.push((card.to_string(), name));
                }
            }
            Ok(cards)
        })
        .unwrap()
}

/// The JSON of every read a person's client can make now, and the texts of rows appended.
fn everything_the_person_can_read(service: &Service, status: &GameStatus) -> Vec<String> {
    let game = status.game;
    let mut out = Vec::new();
    let mut push = |v: serde_json::Value| out.push(v.to_string());
    push(serde_json::to_value(service.status(game).unwrap()).unwrap());
    push(serde_json::to_value(service.view(&SeatRequest { game, faction: 0 }).unwrap()).unwrap());
    push(serde_json::to_value(service.legal(&SeatRequest { game, faction: 0 }).unwrap()).unwrap());
    for faction in [Some(0), None] {
        let at = AtSeq {
            game,
            seq: status.head,
            faction,
        };
        push(serde_json::to_value(service.state_at(&at).unwrap()).unwrap());
        push(serde_json::to_value(service.strengths(&at).unwrap()).unwrap());
    }
    let preview = PreviewRequest {
        game,
        by: Some(0),
        seq: None,
        attack: None,
    };
    push(serde_json::to_value(service.battle_preview(&preview).unwrap()).unwrap());
    push(serde_json::to_value(service.timeline(game).unwrap()).unwrap());
    push(serde_json::to_value(service.list_games().unwrap()).unwrap());
    out
}

#[test]
fn no_call_shows_the_person_a_bots_hand() {
    // The two games side by side: one of the library's longest tests (CI time).
    let checked: usize = std::thread::scope(|scope| {
        let games = [3, 8].map(|seed| scope.spawn(move || hidden_cards_checked(seed)));
        games
            .into_iter()
            .map(|game| game.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .sum()
    });
    assert!(checked > 200, "only {checked} hidden cards were checked");
}

/// Plays the person's game of `seed`, checking at each step that nothing they can read shows
/// a bot's hand; how many hidden cards were checked.
fn hidden_cards_checked(seed: u64) -> usize {
    let mut checked = 0;
    let service = Service::new();
    let mut status = human_game(&service, Mode::Casual, seed);
    let mut seen_rows: Vec<RowText> = Vec::new();
    for step in 0..400 {
        if status.outcome.is_some() {
            break;
        }
        let game = status.game;
        // Another seat's eyes are refused while the game goes on; so is the full log.
        for faction in [1, 2] {
            assert_eq!(
                service
                    .view(&SeatRequest { game, faction })
                    .unwrap_err()
                    .code(),
                "not_yours"
            );
            assert_eq!(
                service
                    .legal(&SeatRequest { game, faction })
                    .unwrap_err()
                    .code(),
                "not_yours"
            );
            let at = AtSeq {
                game,
                seq: status.head,
                faction: Some(faction),
            };
            assert_eq!(service.state_at(&at).unwrap_err().code(), "not_yours");
        }
        assert_eq!(service.export(game).unwrap_err().code(), "not_yours");
        let hidden = bot_hands(&service, game);
        let texts = if step % 3 == 0 {
            everything_the_person_can_read(&service, &status)
        } else {
            Vec::new()
        };
        for (id, name) in &hidden {
            let quoted = format!("\"{id}\"");
            for text in &texts {
                assert!(
                    !text.contains(&quoted),
                    "step {step}: a bot's hand card {id} shows in {}",
                    &text[..text.len().min(300)]
                );
            }
            // The rows appended since the last look are described in words: a card
            // still in a bot's hand must not be named there (long names only: short
            // ones are also Nobles' and places' names), except in the person's own
            // commands (a card they gave away).
            if name.len() >= 12 {
                // A bot's Show to the person (seat 0, red: named orange, as its badge is
                // drawn) names its cards to the person (19.02), who may know them after
                // they change hands.
                let shown_to_person = |r: &RowText| {
                    r.description.starts_with("Show ") && r.description.ends_with("(orange)")
                };
                for row in seen_rows
                    .iter()
                    .filter(|r| r.by != Some(0) && !shown_to_person(r))
                {
                    assert!(
                        !row.description.contains(name.as_str()),
                        "step {step}: a bot's hand card {name} is named in {row:?}"
                    );
                }
            }
            checked += 1;
        }
        seen_rows.clear();
        // The person's move; the rows it and the bots appended are read next round.
        let legal = service.legal(&SeatRequest { game, faction: 0 }).unwrap();
        if legal.commands.is_empty() {
            break;
        }
        // Mostly end the step or pass, so rounds go by and hands fill; now and then
        // something else.
        let quick = legal.commands.iter().find(|c| {
            matches!(
                c.command,
                crate::rules::Command::EndStep | crate::rules::Command::Pass
            )
        });
        let pick = match quick {
            Some(quick) if step % 5 != 0 => quick,
            _ => &legal.commands[(step * 7 + seed as usize) % legal.commands.len()],
        };
        let submitted = service
            .act(&Submit {
                game,
                by: 0,
                command: pick.command.clone(),
                expected_last_seq: status.head,
                advised: None,
            })
            .unwrap();
        seen_rows.extend(submitted.rows);
        let mut next = submitted.status;
        while next.bots_to_move {
            let stepped = service
                .bot_step(&StepRequest {
                    game,
                    expected_last_seq: next.head,
                    pass_empty_windows: false,
                })
                .unwrap();
            seen_rows.extend(stepped.rows);
            next = stepped.status;
        }
        status = settle(&service, next);
    }
    checked
}

#[test]
fn a_watched_game_is_seen_from_the_public_view() {
    let service = Service::new();
    let status = super::tests::bots_game(&service, 3, 5);
    let game = status.game;
    assert!(status.outcome.is_none(), "the game is still going on");
    let error = service.view(&SeatRequest { game, faction: 1 }).unwrap_err();
    assert_eq!(error.code(), "not_yours");
    let public = service
        .state_at(&AtSeq {
            game,
            seq: status.head,
            faction: None,
        })
        .unwrap();
    let hands: BTreeSet<bool> = public.view["factions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["hand"].is_null())
        .collect();
    assert_eq!(hands, BTreeSet::from([true]), "no hand is shown");
    // A bots-only game can be exported at any time: nobody plays it.
    assert!(service.export(game).is_ok());
}
