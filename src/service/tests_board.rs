//! A day's board through the service: friends' share lines pasted as one chat are found,
//! verified and ranked beside the player's own result, with the name a code carries; an edited
//! line, a damaged code and another game are kept apart with why; pasting again adds nothing;
//! the board goes with the history file to another machine.

use super::*;
use crate::bots::BotKind;

/// Today's daily played to its end by a bot of `tier` in the person's seat; its share line.
fn daily_line(service: &Service, tier: BotKind, seed: u64) -> String {
    let day = service.start_daily(&DailyRequest::default()).unwrap();
    service.autoplay(day.game, tier, seed).unwrap();
    service
        .replay_code(&GameRequest { game: day.game })
        .unwrap()
        .line
}

#[test]
fn a_chat_of_share_lines_becomes_the_days_ranked_board() {
    let anna = Service::new();
    let named = Settings {
        player_name: Some("  Anna ".to_owned()),
        ..Settings::default()
    };
    anna.save_settings(&named).unwrap();
    let anna_line = daily_line(&anna, BotKind::Random, 2);
    assert!(anna_line.contains(" — W4-"), "a named code: {anna_line}");
    let bob_line = daily_line(&Service::new(), BotKind::Normal, 3);
    assert!(bob_line.contains(" — W4-"), "no name: {bob_line}");
    let me = Service::new();
    daily_line(&me, BotKind::Random, 4);
    // An edited score, a damaged code, and a game that is no daily.
    let edited = anna_line.replacen(" points", "0 points", 1);
    let casual = {
        let mut request = NewGame::bots_around(3, Some(0), Mode::Casual, 9);
        request.time_limit_rounds = Some(1);
        let game = me.create_game(&request).unwrap().game;
        me.autoplay(game, BotKind::Random, 9).unwrap();
        me.replay_code(&GameRequest { game }).unwrap().line
    };
    let chat = format!(
        "Anna: {anna_line}\nBob: {bob_line} beat that\nCarl: {edited}\nDan: W2-AAAAbroken\nEve: {casual}\nok!"
    );
    let pasted = paste_all(&me, &chat);
    assert_eq!(pasted.found, 5);
    let board = pasted.board;
    let who: Vec<&str> = board.rows.iter().map(|r| r.who.as_str()).collect();
    assert_eq!(board.rows.len(), 3, "{who:?}");
    assert!(who.contains(&"Anna") && who.contains(&"You"), "{who:?}");
    assert!(
        who.iter().any(|w| w.starts_with("A friend (line ")),
        "{who:?}"
    );
    for pair in board.rows.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert!(
            (std::cmp::Reverse(a.score), a.round, a.undos)
                <= (std::cmp::Reverse(b.score), b.round, b.undos),
            "ranked by score, then round, then undos"
        );
        assert_eq!(b.rank, a.rank + 1);
    }
    assert_eq!(board.rows.iter().filter(|r| r.yours).count(), 1);
    let kinds: Vec<RefusedKind> = board.refused.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        vec![
            RefusedKind::Claim,
            RefusedKind::Altered,
            RefusedKind::AnotherDay
        ],
        "{:?}",
        board.refused
    );
    // Pasting the same chat again adds nothing; the board is kept.
    let again = paste_all(&me, &chat);
    assert_eq!(again.board, board);
    assert_eq!(me.board(&BoardRequest { date: None }).unwrap(), board);
    // Another day's board is empty; a bad date is refused.
    let other = me
        .board(&BoardRequest {
            date: Some("2099-01-01".to_owned()),
        })
        .unwrap();
    assert!(other.rows.is_empty() && other.refused.is_empty());
    assert!(
        me.board(&BoardRequest {
            date: Some("26/11/2026".to_owned())
        })
        .is_err()
    );
    // The board goes with the history file.
    let file = me.export_history().unwrap().text;
    let there = Service::new();
    let mut from = 0;
    loop {
        let done = there
            .import_history(&ImportHistory {
                text: file.clone(),
                from,
            })
            .unwrap();
        match done.next {
            Some(next) => from = next,
            None => break,
        }
    }
    let moved = there.board(&BoardRequest { date: None }).unwrap();
    assert_eq!(moved.rows.len(), board.rows.len());
    assert_eq!(moved.refused.len(), board.refused.len());
}

/// Pastes `text` onto today's board, going on until done.
fn paste_all(service: &Service, text: &str) -> BoardPasted {
    let mut from = 0;
    loop {
        let pasted = service
            .board_paste_with(
                &BoardPaste {
                    date: None,
                    text: text.to_owned(),
                    from,
                },
                &Check::default(),
            )
            .unwrap();
        match pasted.next {
            Some(next) => from = next,
            None => return pasted,
        }
    }
}
