//! The real logs the log lanes mutate, each played through the service from the run's seed: a
//! person's finished game, a bots-only game cut off mid-way, a casual game with take-backs, a
//! challenge game, a branch played on to its end, a 2-player controlled-random game and a
//! 5-bot game. Every one verifies and keeps the invariants before it is used. Must not mutate.

use rand::RngExt;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use warwick::service::{
    BranchRequest, GameStatus, Mode, NewGame, SeatPlayer, SeatRequest, Service, SetupChoice,
    StepRequest, Submit, UndoRequest,
};

/// Calls a game may take before the corpus gives up on it ending.
const MAX_CALLS: usize = 4000;

/// One real log.
#[derive(Clone, Debug)]
pub struct RealLog {
    /// What it is.
    pub name: &'static str,
    /// Its text.
    pub text: String,
}

/// The corpus logs there are.
pub const CORPUS_LOGS: usize = 7;

/// Plays the first `count` corpus games (all from `seed`) and exports their logs.
pub fn build(seed: u64, count: usize) -> Result<Vec<RealLog>, String> {
    let service = Service::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x10C5);
    let mut logs = Vec::new();
    let e = |e: warwick::service::ServiceError| e.to_string();

    let person = create(&service, game(3, Some(0), Mode::Casual, seed, 1))?;
    let person = play_to_end(&service, person, &mut rng, 0)?;
    let person_text = service.export(person.game).map_err(e)?.text;
    logs.push(RealLog {
        name: "person_finished",
        text: person_text.clone(),
    });
    if logs.len() >= count {
        return checked(&service, logs);
    }

    let mut bots = game(4, None, Mode::Casual, seed + 1, 2);
    bots.seats[1] = SeatPlayer::Bot {
        tier: warwick::bots::BotKind::Normal,
        seed: seed + 7,
    };
    // Left after one call's worth of bot commands (the Normal bot makes it dear to verify).
    let status = service.create_game(&bots).map_err(e)?;
    logs.push(RealLog {
        name: "bots_unfinished",
        text: service.export(status.game).map_err(e)?.text,
    });
    if logs.len() >= count {
        return checked(&service, logs);
    }

    let casual = create(&service, game(3, Some(1), Mode::Casual, seed + 2, 1))?;
    let casual = play_to_end(&service, casual, &mut rng, 3)?;
    logs.push(RealLog {
        name: "casual_undos",
        text: service.export(casual.game).map_err(e)?.text,
    });
    if logs.len() >= count {
        return checked(&service, logs);
    }

    let challenge = create(&service, game(3, Some(2), Mode::Challenge, seed + 3, 1))?;
    let challenge = play_to_end(&service, challenge, &mut rng, 4)?;
    logs.push(RealLog {
        name: "challenge",
        text: service.export(challenge.game).map_err(e)?.text,
    });
    if logs.len() >= count {
        return checked(&service, logs);
    }

    // A branch of the person's game after one of its commands about half-way, played on.
    let at = branch_point(&person_text).ok_or("the person's game has no branch point")?;
    let branch = service
        .branch(&BranchRequest {
            game: person.game,
            seq: at,
        })
        .map_err(e)?;
    let branch = play_to_end(&service, settle(&service, branch)?, &mut rng, 0)?;
    logs.push(RealLog {
        name: "branch",
        text: service.export(branch.game).map_err(e)?.text,
    });
    if logs.len() >= count {
        return checked(&service, logs);
    }

    let mut two = game(2, Some(0), Mode::Casual, seed + 4, 1);
    two.setup = SetupChoice::ControlledRandom;
    let two = play_to_end(&service, create(&service, two)?, &mut rng, 5)?;
    logs.push(RealLog {
        name: "two_player",
        text: service.export(two.game).map_err(e)?.text,
    });
    if logs.len() >= count {
        return checked(&service, logs);
    }

    let five = play_to_end(
        &service,
        create(&service, game(5, None, Mode::Challenge, seed + 5, 1))?,
        &mut rng,
        0,
    )?;
    logs.push(RealLog {
        name: "five_bots",
        text: service.export(five.game).map_err(e)?.text,
    });
    checked(&service, logs)
}

/// The logs, once each has verified.
fn checked(service: &Service, logs: Vec<RealLog>) -> Result<Vec<RealLog>, String> {
    for log in &logs {
        service
            .verify_log(&log.text)
            .map_err(|error| format!("the corpus log {} does not verify: {error}", log.name))?;
    }
    Ok(logs)
}

fn game(players: u8, person: Option<u8>, mode: Mode, seed: u64, rounds: u32) -> NewGame {
    NewGame {
        time_limit_rounds: Some(rounds),
        ..NewGame::bots_around(players, person, mode, seed)
    }
}

fn create(service: &Service, request: NewGame) -> Result<GameStatus, String> {
    let status = service.create_game(&request).map_err(|e| e.to_string())?;
    settle(service, status)
}

/// Lets the bots act until a person is awaited or the game ends.
fn settle(service: &Service, mut status: GameStatus) -> Result<GameStatus, String> {
    for _ in 0..MAX_CALLS {
        if !status.bots_to_move {
            return Ok(status);
        }
        status = service
            .advance(&StepRequest {
                game: status.game,
                expected_last_seq: status.head,
                pass_empty_windows: false,
            })
            .map_err(|e| e.to_string())?
            .status;
    }
    Err(format!("game {} did not settle", status.game))
}

/// Plays the person's seat with seeded picks among the listed commands (taking one back every
/// `undo_every` moves when allowed; never when 0) until the game ends.
fn play_to_end(
    service: &Service,
    mut status: GameStatus,
    rng: &mut Xoshiro256PlusPlus,
    undo_every: usize,
) -> Result<GameStatus, String> {
    let e = |e: warwick::service::ServiceError| e.to_string();
    for moves in 1..MAX_CALLS {
        status = settle(service, status)?;
        if status.outcome.is_some() {
            return Ok(status);
        }
        let person = status.seats.iter().position(|s| *s == SeatPlayer::Human);
        let Some(seat) = person
            .and_then(|p| u8::try_from(p).ok())
            .filter(|p| status.awaiting.contains(p))
        else {
            return Err(format!("game {} awaits no person and no bot", status.game));
        };
        if undo_every > 0 && moves.is_multiple_of(undo_every) && status.undo.is_some() {
            status = service
                .undo(&UndoRequest {
                    game: status.game,
                    expected_last_seq: status.head,
                    to_seq: None,
                })
                .map_err(e)?;
            continue;
        }
        let legal = service
            .legal(&SeatRequest {
                game: status.game,
                faction: seat,
            })
            .map_err(e)?;
        // Ending steps now and then keeps the game short.
        let end = legal
            .commands
            .iter()
            .find(|c| c.command == warwick::rules::Command::EndStep);
        let chosen = match end {
            Some(end) if rng.random_bool(0.4) => end,
            _ => legal
                .commands
                .choose(rng)
                .ok_or_else(|| format!("seat {seat} has no legal command"))?,
        };
        status = service
            .submit(&Submit {
                game: status.game,
                by: seat,
                command: chosen.command.clone(),
                expected_last_seq: status.head,
                advised: None,
            })
            .map_err(e)?
            .status;
    }
    Err(format!("game {} did not end", status.game))
}

/// A seq right after a command's events about half-way through a log (where a branch may
/// start).
fn branch_point(text: &str) -> Option<u64> {
    let file = warwick::store::LogFile::parse(text).ok()?;
    let commands: Vec<u64> = file
        .events
        .iter()
        .filter(|e| e.kind == "Command")
        .map(|e| e.seq)
        .collect();
    commands.get(commands.len() / 2).map(|seq| seq - 1)
}
