//! Tests of the service over an in-memory database: playing, stale commands, undo in both
//! modes, time travel, branches, the timeline, and verification catching tampering in SQLite
//! (including an edit whose chain was re-forged, which only the replay can see).

use rusqlite::params;

use super::*;
use crate::bots::BotKind;
use crate::rules::{FactionIdx, state_hash};
use crate::store::event_hash;

pub(super) fn bots_game(service: &Service, players: u8, seed: u64) -> GameStatus {
    service
        .simulate(
            &NewGame::bots_around(players, None, Mode::Casual, seed),
            120,
        )
        .unwrap()
}

pub(super) fn human_game(service: &Service, mode: Mode, seed: u64) -> GameStatus {
    let status = service
        .create_game(&NewGame::bots_around(3, Some(0), mode, seed))
        .unwrap();
    settle(service, status)
}

/// Lets the bots act, a bounded call at a time, until a person is awaited or the game ends.
/// Seat 0 gives the simple rule's command (draw the Event card, pass or end the step where it
/// may, else its first legal command); where the game stands after it.
pub(super) fn simple_pick(service: &Service, status: &GameStatus) -> GameStatus {
    let legal = service
        .legal(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap()
        .commands;
    let pick = ["DrawEventCard", "Pass", "EndStep"]
        .iter()
        .find_map(|kind| legal.iter().find(|l| l.command.kind() == *kind))
        .unwrap_or(&legal[0]);
    service
        .act(&Submit {
            game: status.game,
            by: 0,
            command: pick.command.clone(),
            expected_last_seq: status.head,
            advised: None,
        })
        .unwrap()
        .status
}

pub(super) fn settle(service: &Service, mut status: GameStatus) -> GameStatus {
    while status.bots_to_move {
        status = service
            .advance(&StepRequest {
                game: status.game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .unwrap()
            .status;
    }
    status
}

/// The person's move: a seeded pick among the legal commands, preferring a reversible one.
pub(super) fn human_move(
    service: &Service,
    status: &GameStatus,
    pick: usize,
    reversible: bool,
) -> Submitted {
    let legal = service
        .legal(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap();
    assert_eq!(legal.head, status.head);
    let choices: Vec<_> = legal
        .commands
        .iter()
        .filter(|c| !reversible || c.undoable)
        .collect();
    let chosen = if choices.is_empty() {
        &legal.commands[pick % legal.commands.len()]
    } else {
        choices[pick % choices.len()]
    };
    let mut submitted = service
        .submit(&Submit {
            game: status.game,
            by: 0,
            command: chosen.command.clone(),
            expected_last_seq: status.head,
            advised: None,
        })
        .unwrap();
    while submitted.status.bots_to_move {
        let more = service
            .advance(&StepRequest {
                game: submitted.status.game,
                expected_last_seq: submitted.status.head,
                pass_empty_windows: false,
            })
            .unwrap();
        submitted.rows.extend(more.rows);
        submitted.status = more.status;
    }
    submitted
}

fn hash_at(service: &Service, game: i64, seq: u64) -> String {
    service
        .state_at(&AtSeq {
            game,
            seq,
            faction: None,
        })
        .unwrap()
        .state_hash
}

#[test]
fn a_bot_game_replays_verifies_exports_and_reimports() {
    let service = Service::new();
    let status = bots_game(&service, 4, 11);
    assert!(status.head > 10);
    let verified = service.verify(status.game).unwrap();
    assert_eq!(verified.rows, status.head);
    assert_eq!(
        verified.final_state_hash,
        hash_at(&service, status.game, status.head)
    );
    let text = service.export(status.game).unwrap().text;
    assert_eq!(text.lines().count() as u64, status.head + 1);
    assert_eq!(
        service.verify_log(&text).unwrap().final_state_hash,
        verified.final_state_hash
    );
    let other = Service::new();
    let imported = other.import(&text).unwrap();
    assert_eq!(
        imported.verified.final_state_hash,
        verified.final_state_hash
    );
    assert_eq!(
        other.verify(imported.game).unwrap().final_state_hash,
        verified.final_state_hash
    );
    assert_eq!(other.export(imported.game).unwrap().text, text);
}

#[test]
fn a_game_with_every_tier_seated_verifies() {
    // Easy, Normal and Hard seats beside Random: verification re-derives each bot's commands
    // (the Hard tier's search included) from the log alone.
    let service = Service::new();
    let mut game = NewGame::bots_around(4, None, Mode::Casual, 23);
    let tiers = [
        BotKind::Hard,
        BotKind::Normal,
        BotKind::Easy,
        BotKind::Random,
    ];
    for (seat, tier) in game.seats.iter_mut().zip(tiers) {
        if let SeatPlayer::Bot { tier: t, .. } = seat {
            *t = tier;
        }
    }
    let status = service.simulate(&game, 50).unwrap();
    assert!(status.head > 30);
    let verified = service.verify(status.game).unwrap();
    assert_eq!(verified.rows, status.head);
}

#[test]
fn a_stale_command_is_refused_and_nothing_is_written() {
    let service = Service::new();
    let status = human_game(&service, Mode::Casual, 3);
    let legal = service
        .legal(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap();
    let err = service
        .submit(&Submit {
            game: status.game,
            by: 0,
            command: legal.commands[0].command.clone(),
            expected_last_seq: status.head - 1,
            advised: None,
        })
        .unwrap_err();
    assert_eq!(err.code(), "stale");
    assert_eq!(service.status(status.game).unwrap().head, status.head);
    // A bot's seat cannot be played through submit.
    let err = service
        .submit(&Submit {
            game: status.game,
            by: 1,
            command: legal.commands[0].command.clone(),
            expected_last_seq: status.head,
            advised: None,
        })
        .unwrap_err();
    assert_eq!(err.code(), "not_yours");
}

#[test]
fn casual_undo_returns_to_any_earlier_decision_and_keeps_the_log() {
    let service = Service::new();
    let mut status = human_game(&service, Mode::Casual, 5);
    let mut points: Vec<(u64, String)> = Vec::new();
    for pick in 0..6 {
        if status.outcome.is_some() || !status.awaiting.contains(&0) {
            break;
        }
        points.push((status.head, hash_at(&service, status.game, status.head)));
        status = human_move(&service, &status, pick, false).status;
    }
    assert!(points.len() >= 2, "the person got to move at least twice");
    // Undo the last decision: back to the state before it.
    let (before_last, last_hash) = points.last().cloned().unwrap();
    let offer = status.undo.clone().expect("casual mode always offers undo");
    assert_eq!(offer.command_seq, before_last + 1);
    let undone = service
        .undo(&UndoRequest {
            game: status.game,
            expected_last_seq: status.head,
            to_seq: None,
        })
        .unwrap();
    assert_eq!(undone.head, status.head + 1, "the undo is itself a row");
    assert_eq!(hash_at(&service, status.game, undone.head), last_hash);
    // Then back to the very first decision, across everything.
    let (first, first_hash) = points[0].clone();
    let undone = service
        .undo(&UndoRequest {
            game: status.game,
            expected_last_seq: undone.head,
            to_seq: Some(first + 1),
        })
        .unwrap();
    assert_eq!(hash_at(&service, status.game, undone.head), first_hash);
    // The log kept everything and still verifies; time travel sees the past as it was.
    let verified = service.verify(status.game).unwrap();
    assert_eq!(verified.undos, 2);
    assert_eq!(verified.final_state_hash, first_hash);
    assert_eq!(hash_at(&service, status.game, before_last), last_hash);
    // Play on after the undo, and it still verifies.
    let after = human_move(&service, &undone, 1, false);
    service.verify(status.game).unwrap();
    let timeline = service.timeline(status.game).unwrap();
    assert_eq!(timeline.undone.len(), 2);
    assert_eq!(timeline.head, after.status.head);
}

#[test]
fn the_status_says_why_undo_is_refused_in_the_words_undo_gives() {
    let service = Service::new();
    let status = human_game(&service, Mode::Casual, 5);
    // Before the person's first decision there is nothing of theirs to undo.
    assert!(status.undo.is_none());
    let reason = status.undo_refused.clone().expect("the status says why");
    let error = service
        .undo(&UndoRequest {
            game: status.game,
            expected_last_seq: status.head,
            to_seq: None,
        })
        .unwrap_err();
    assert_eq!(error.code(), "undo_refused");
    assert_eq!(error.to_string(), format!("cannot undo: {reason}"));
    assert!(reason.contains("no decision"), "{reason}");
    // Once undo is offered, no refusal is given.
    let moved = human_move(&service, &status, 0, false).status;
    assert!(moved.undo.is_some() && moved.undo_refused.is_none());
}

#[test]
fn challenge_undo_never_crosses_an_irreversible_event() {
    let (mut allowed, mut refused) = (0, 0);
    for seed in 1..=6 {
        let service = Service::new();
        let mut status = human_game(&service, Mode::Challenge, seed);
        for pick in 0..8 {
            if status.outcome.is_some() || !status.awaiting.contains(&0) {
                break;
            }
            let submitted = human_move(&service, &status, pick + seed as usize, pick % 2 == 0);
            let crossed = submitted.rows.iter().any(|r| r.irreversible);
            status = submitted.status;
            // The status says why undo is closed exactly when it is, as undo itself would.
            assert_eq!(status.undo.is_none(), status.undo_refused.is_some());
            let result = service.undo(&UndoRequest {
                game: status.game,
                expected_last_seq: status.head,
                to_seq: None,
            });
            match result {
                Ok(undone) => {
                    assert!(!crossed, "challenge undid across an irreversible event");
                    allowed += 1;
                    status = undone;
                    // Play something else so the game moves on.
                    status = human_move(&service, &status, pick + 1, false).status;
                }
                Err(error) => {
                    assert!(crossed, "a reversible command was refused: {error}");
                    assert_eq!(error.code(), "undo_refused");
                    assert!(error.to_string().contains("challenge"), "{error}");
                    let reason = status.undo_refused.as_deref().unwrap_or_default();
                    assert!(
                        !reason.is_empty() && error.to_string().contains(reason),
                        "the status gave {reason:?} but undo said {error}"
                    );
                    assert!(!reason.contains("seq"), "no log jargon: {reason}");
                    refused += 1;
                }
            }
        }
        service.verify(status.game).unwrap();
    }
    assert!(
        allowed > 0 && refused > 0,
        "both cases seen: {allowed} allowed, {refused} refused"
    );
}

#[test]
fn legal_commands_say_whether_they_could_be_undone() {
    let service = Service::new();
    let casual = human_game(&service, Mode::Casual, 9);
    let legal = service
        .legal(&SeatRequest {
            game: casual.game,
            faction: 0,
        })
        .unwrap();
    assert!(legal.commands.iter().all(|c| c.undoable));
    assert!(legal.commands.iter().all(|c| !c.description.is_empty()));
    // A way comes with every Road move (and request for passage) and nothing else.
    for c in &legal.commands {
        let road = matches!(
            c.command,
            crate::rules::Command::MoveNoble {
                kind: crate::rules::MoveKind::Road,
                ..
            } | crate::rules::Command::RequestPassage { .. }
        );
        assert_eq!(c.way.is_some(), road, "{:?}", c.command);
    }
}

#[test]
fn the_state_at_any_seq_matches_a_replay_of_that_prefix() {
    let service = Service::new();
    let status = bots_game(&service, 3, 21);
    let text = service.export(status.game).unwrap().text;
    let step = (status.head / 25).max(1);
    for seq in (0..=status.head).step_by(step as usize) {
        // A prefix of the log (cut at any row) replayed from scratch.
        let rows: Vec<&str> = text.lines().skip(1).take(seq as usize).collect();
        let decoded: Vec<crate::store::StoredEvent> = crate::store::LogFile::parse(
            &(text.lines().next().unwrap().to_owned() + "\n" + &rows.join("\n")),
        )
        .unwrap()
        .events;
        let session_options: GameOptions =
            serde_json::from_value(crate::store::LogFile::parse(&text).unwrap().header.options)
                .unwrap();
        let content = crate::content::Content::embedded().unwrap();
        let replayed =
            super::core::replay_rows(&content, &session_options.setup, &decoded).unwrap();
        assert_eq!(
            hash_at(&service, status.game, seq),
            state_hash(replayed.current()),
            "seq {seq}"
        );
    }
}

#[test]
fn a_branch_shares_the_history_and_goes_its_own_way() {
    let service = Service::new();
    let mut status = human_game(&service, Mode::Casual, 13);
    for pick in 0..3 {
        if status.outcome.is_some() {
            break;
        }
        status = human_move(&service, &status, pick, false).status;
    }
    let original = service.log_text(status.game).unwrap().text;
    // Branch just before the person's last command.
    let timeline = service.timeline(status.game).unwrap();
    let boundary = timeline
        .rounds
        .iter()
        .flat_map(|r| &r.turns)
        .flat_map(|t| &t.phases)
        .flat_map(|p| &p.entries)
        .filter(|e| e.kind == COMMAND_KIND && e.by == Some(0))
        .map(|e| e.seq - 1)
        .next_back()
        .unwrap();
    let bad = service.branch(&BranchRequest {
        game: status.game,
        seq: boundary + 1,
    });
    assert_eq!(bad.unwrap_err().code(), "bad_seq");
    let branch = service
        .branch(&BranchRequest {
            game: status.game,
            seq: boundary,
        })
        .unwrap();
    assert_ne!(branch.game, status.game);
    assert_eq!(
        hash_at(&service, branch.game, boundary),
        hash_at(&service, status.game, boundary)
    );
    let moved = if branch.awaiting.contains(&0) && branch.outcome.is_none() {
        human_move(&service, &branch, 7, false).status
    } else {
        branch
    };
    service.verify(moved.game).unwrap();
    assert_eq!(
        service.log_text(status.game).unwrap().text,
        original,
        "the original is untouched"
    );
    let exported = service.log_text(moved.game).unwrap().text;
    assert_eq!(
        Service::new().verify_log(&exported).unwrap().rows,
        moved.head
    );
}

#[test]
fn the_timeline_groups_every_row_in_force() {
    let service = Service::new();
    let status = bots_game(&service, 3, 31);
    let timeline = service.timeline(status.game).unwrap();
    let entries: Vec<_> = timeline
        .rounds
        .iter()
        .flat_map(|r| &r.turns)
        .flat_map(|t| &t.phases)
        .flat_map(|p| &p.entries)
        .collect();
    assert_eq!(entries.len() as u64, status.head);
    assert!(entries.windows(2).all(|w| w[0].seq + 1 == w[1].seq));
    assert!(entries.iter().all(|e| !e.description.is_empty()));
    assert_eq!(timeline.rounds[0].round, 0, "the set-up comes first");
}

fn tamper(service: &Service, sql: &str) {
    service
        .with_db(|log| {
            let conn = log.connection();
            conn.execute_batch(
                "DROP TRIGGER IF EXISTS events_never_update; DROP TRIGGER IF EXISTS \
                 events_never_delete; DROP TRIGGER IF EXISTS events_continue_the_head; \
                 DROP TRIGGER IF EXISTS events_move_the_head;",
            )?;
            conn.execute_batch(sql)?;
            Ok(())
        })
        .unwrap();
}

fn verify_error(service: &Service, game: i64) -> String {
    match service.verify(game) {
        Err(error) => error.to_string(),
        Ok(v) => panic!("tampered game verified: {v:?}"),
    }
}

#[test]
fn tampering_in_sqlite_is_refused_with_where_it_breaks() {
    let cases: [(&str, &str, &str); 4] = [
        (
            "edited",
            "UPDATE events SET payload = replace(payload, '\"by\":0', '\"by\":1') WHERE seq = (SELECT MIN(seq) FROM events WHERE kind = 'Command')",
            "edited",
        ),
        (
            "reordered",
            "UPDATE events SET seq = -1 WHERE seq = 2; UPDATE events SET seq = 2 WHERE seq = 3; UPDATE events SET seq = 3 WHERE seq = -1;",
            "seq 2",
        ),
        (
            "truncated",
            "DELETE FROM events WHERE seq > (SELECT MAX(seq) - 3 FROM events)",
            "truncated",
        ),
        ("removed", "DELETE FROM events WHERE seq = 5", "seq 5"),
    ];
    let text = {
        let service = Service::new();
        let status = bots_game(&service, 3, 41);
        service.export(status.game).unwrap().text
    };
    for (name, sql, expect) in cases {
        let service = Service::new();
        let game = service.import(&text).unwrap().game;
        tamper(&service, sql);
        let error = verify_error(&service, game);
        assert!(error.contains(expect), "{name}: {error}");
    }
}

/// Flips one value in a payload (a boolean, else a digit), as a cheat would.
fn flip(payload: &str) -> Option<String> {
    if payload.contains("true") {
        return Some(payload.replacen("true", "false", 1));
    }
    if payload.contains("false") {
        return Some(payload.replacen("false", "true", 1));
    }
    let at = payload.find(|c: char| c.is_ascii_digit())?;
    let digit = payload[at..].chars().next()?;
    let other = if digit == '1' { '2' } else { '1' };
    Some(format!("{}{other}{}", &payload[..at], &payload[at + 1..]))
}

#[test]
fn an_edit_with_a_reforged_chain_is_caught_by_the_replay() {
    let service = Service::new();
    let status = bots_game(&service, 3, 51);
    service
        .with_db(|log| {
            let rows = log.events(status.game)?;
            // The last event whose payload has something to flip.
            let (index, forged) = rows
                .iter()
                .enumerate()
                .rev()
                .filter(|(_, r)| r.kind != COMMAND_KIND)
                .find_map(|(i, r)| flip(&r.payload).map(|p| (i, p)))
                .unwrap();
            let conn = log.connection();
            conn.execute_batch(
                "DROP TRIGGER events_never_update; DROP TRIGGER heads_only_advance;",
            )?;
            // Re-forge the chain from the edited row to the end, and the head.
            let mut prev = rows[index].prev_hash.clone();
            for (i, row) in rows.iter().enumerate().skip(index) {
                let payload = if i == index {
                    forged.clone()
                } else {
                    row.payload.clone()
                };
                let hash = event_hash(&prev, row.seq, &row.kind, row.schema_version, &payload);
                conn.execute(
                    "UPDATE events SET payload = ?1, prev_hash = ?2, hash = ?3 \
                     WHERE game_id = ?4 AND seq = ?5",
                    params![payload, prev, hash, status.game, row.seq as i64],
                )?;
                prev = hash;
            }
            conn.execute("UPDATE heads SET hash = ?1", params![prev])?;
            assert_eq!(
                log.verify_chain(status.game)?,
                status.head,
                "the chain holds"
            );
            let error = match super::verification::replay_check(
                &crate::content::Content::embedded().unwrap(),
                &log.game(status.game)?,
                &log.events(status.game)?,
                &super::work::Check::default(),
            ) {
                Err(e) => e.to_string(),
                Ok(_) => panic!("the forged log replayed"),
            };
            let seq = rows[index].seq;
            assert!(
                error.contains(&format!("seq {seq}")) || error.contains("seq"),
                "{error}"
            );
            Ok(())
        })
        .unwrap();
    let error = verify_error(&service, status.game);
    assert!(error.contains("seq"), "{error}");
}

#[test]
fn a_log_file_from_other_versions_or_tampered_is_refused() {
    let service = Service::new();
    let status = bots_game(&service, 3, 61);
    let text = service.export(status.game).unwrap().text;
    let refuse = |t: &str| match service.verify_log(t) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("accepted a bad file"),
    };
    let lines: Vec<&str> = text.lines().collect();
    let rules = text.replacen(
        &format!("\"rules_version\":{}", crate::rules::RULES_VERSION),
        "\"rules_version\":999",
        1,
    );
    assert!(
        refuse(&rules).contains("rules version 999"),
        "{}",
        refuse(&rules)
    );
    let content = text.replacen(
        &format!("\"content_hash\":\"{}", embedded_content_hash()),
        "\"content_hash\":\"beef",
        1,
    );
    assert!(
        refuse(&content).contains("other game data"),
        "{}",
        refuse(&content)
    );
    let truncated = lines[..lines.len() - 2].join("\n");
    assert!(
        refuse(&truncated).contains("truncated"),
        "{}",
        refuse(&truncated)
    );
    let mut swapped = lines.clone();
    swapped.swap(3, 4);
    assert!(
        refuse(&swapped.join("\n")).contains("seq 3"),
        "{}",
        refuse(&swapped.join("\n"))
    );
    let edited = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i == 6 {
                l.replacen(":0", ":1", 1)
            } else {
                (*l).to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(refuse(&edited).contains("seq 6"), "{}", refuse(&edited));
}

#[test]
fn seats_are_checked() {
    let service = Service::new();
    let status = human_game(&service, Mode::Casual, 2);
    let err = service
        .view(&SeatRequest {
            game: status.game,
            faction: 9,
        })
        .unwrap_err();
    assert_eq!(err.code(), "not_yours");
    let seen = service
        .view(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap();
    assert_eq!(seen.status.head, status.head);
    let _: FactionIdx = 0;
}

#[test]
fn a_database_held_by_another_writer_answers_busy_and_loses_nothing() {
    let dir = std::env::temp_dir().join(format!("warwick-busy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("busy.db");
    let service = Service::open(&path).unwrap();
    let status = human_game(&service, Mode::Casual, 4);
    // Another program takes the write lock and keeps it.
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let error = service
        .create_game(&NewGame::bots_around(3, Some(0), Mode::Casual, 5))
        .unwrap_err();
    assert_eq!(error.code(), "busy", "{error}");
    assert!(error.to_string().contains("try again"), "{error}");
    other.execute_batch("ROLLBACK").unwrap();
    // Nothing was lost and the same call now goes through.
    assert_eq!(service.status(status.game).unwrap().head, status.head);
    service
        .create_game(&NewGame::bots_around(3, Some(0), Mode::Casual, 5))
        .unwrap();
    assert_eq!(service.list_games().unwrap().len(), 2);
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_with_a_round_cap_ends_by_bounded_steps() {
    let service = Service::new();
    let mut request = NewGame::bots_around(5, None, Mode::Casual, 9);
    request.time_limit_rounds = Some(2);
    let mut status = service.create_game(&request).unwrap();
    let mut calls = 1;
    while status.bots_to_move {
        status = service
            .advance(&StepRequest {
                game: status.game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .unwrap()
            .status;
        calls += 1;
        assert!(calls < 10_000, "the game never ended");
    }
    assert!(status.outcome.is_some(), "the game ended at its round cap");
    assert!(calls > 1, "it took more than one bounded call");
}

#[test]
fn creating_a_game_of_five_random_bots_returns_after_a_bounded_share() {
    let service = Service::new();
    let status = service
        .create_game(&NewGame::bots_around(5, None, Mode::Casual, 3))
        .unwrap();
    assert!(status.outcome.is_none());
    assert!(status.bots_to_move, "the bots have more to do, and say so");
    let commands = service
        .timeline(status.game)
        .unwrap()
        .rounds
        .iter()
        .flat_map(|r| &r.turns)
        .flat_map(|t| &t.phases)
        .flat_map(|p| &p.entries)
        .filter(|e| e.kind == COMMAND_KIND)
        .count();
    assert!(
        commands <= BOT_COMMANDS_PER_CALL,
        "{commands} commands in one call"
    );
}

#[test]
fn listing_saved_games_replays_none_of_them() {
    let dir = std::env::temp_dir().join(format!("warwick-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("list.db");
    {
        let service = Service::open(&path).unwrap();
        for seed in 0..12 {
            service
                .create_game_paused(&NewGame::bots_around(3, Some(0), Mode::Casual, seed))
                .unwrap();
        }
    }
    let service = Service::open(&path).unwrap();
    let games = service.list_games().unwrap();
    assert_eq!(games.len(), 12);
    assert!(games.iter().all(|g| g.playable && g.seats.len() == 3));
    assert_eq!(service.cached_games(), 0, "no game was loaded to list them");
    drop(service);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn advance_passes_the_persons_empty_card_windows_only_when_asked() {
    let service = Service::new();
    let mut status = service
        .create_game_paused(&NewGame::bots_around(4, Some(0), Mode::Casual, 5))
        .unwrap();
    let game = status.game;
    let (mut passed, mut decisions, mut advanced) = (0, 0, false);
    while decisions < 40 && status.outcome.is_none() {
        if status.awaiting.contains(&0) {
            // Where the bots' batch stopped for the person, there is something to decide (after
            // the person's own command, a window of theirs may come, which the UI passes).
            let empty = service
                .with_game(game, |g| {
                    Ok(super::play::empty_window_pass(g.content, g.session))
                })
                .unwrap();
            assert!(
                !advanced || empty.is_none(),
                "stopped at an empty card window at {}",
                status.head
            );
            advanced = false;
            status = simple_pick(&service, &status);
            decisions += 1;
        } else {
            let done = service
                .advance(&StepRequest {
                    game,
                    expected_last_seq: status.head,
                    pass_empty_windows: true,
                })
                .unwrap();
            let commands = done.rows.iter().filter(|r| r.kind == "Command");
            passed += commands.filter(|r| r.by == Some(0)).count();
            assert!(done.rows.len() <= 400, "an unbounded batch");
            advanced = !done.status.bots_to_move;
            status = done.status;
        }
    }
    assert!(
        passed > 0,
        "no empty window was passed in {decisions} decisions"
    );
}
