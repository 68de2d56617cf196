//! Well-formed calls on live games: what a lane knows of its games (learned from every answer),
//! and the next call to make, drawn from the seed: creating games of a person and bots or of
//! bots only (always with a time limit), the person's listed commands and random ones built
//! from content ids, the bots' turns, undo, time travel, branches, reads, export, import and
//! verification. Each call says whether it must succeed. Must not send anything.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use super::vocab::Vocab;

/// The length past which a lane stops playing a game on.
const MAX_ROWS: u64 = 3000;

/// What a lane knows of one game.
#[derive(Clone, Debug)]
pub struct LiveGame {
    pub id: i64,
    pub head: u64,
    pub seats: u8,
    /// The person's seat, if a person plays.
    pub person: Option<u8>,
    pub ended: bool,
    pub bots_to_move: bool,
    pub awaiting: Vec<u8>,
    /// The person's listed commands and the head they were listed at.
    pub legal: Option<(u64, Vec<Value>)>,
    /// Whether what is known may be out of date (the next call asks for its status).
    pub unsure: bool,
}

/// What a call must come to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Anything but a 5xx.
    Any,
    /// Success (a refusal is a finding of this class), unless the game moved on meanwhile.
    Ok(&'static str),
    /// A refusal, or a success that appends nothing (else a finding of this class): what may
    /// not happen to a game that has ended.
    Nothing(&'static str),
}

/// One call to make.
#[derive(Clone, Debug)]
pub struct Planned {
    pub route: &'static str,
    pub body: Value,
    pub expect: Expect,
}

impl Planned {
    fn new(route: &'static str, body: Value, expect: Expect) -> Self {
        Self {
            route,
            body,
            expect,
        }
    }
}

/// The games a lane has made, and the last log it exported.
#[derive(Default)]
pub struct Games {
    pub list: Vec<LiveGame>,
    pub last_export: Option<String>,
}

impl Games {
    /// Learns from a successful answer to `route` with `request`.
    pub fn learn(&mut self, route: &str, request: &Value, answer: &Value) {
        match route {
            "create_game" | "create_game_paused" | "status" | "undo" | "branch" => {
                self.learn_status(answer);
            }
            "submit" | "act" | "advance" | "bot_step" => self.learn_status(&answer["status"]),
            "legal" => {
                let (Some(game), Some(head), Some(faction)) = (
                    request["game"].as_i64(),
                    answer["head"].as_u64(),
                    request["faction"].as_u64(),
                ) else {
                    return;
                };
                if let Some(g) = self.get(game)
                    && g.person.is_some_and(|p| u64::from(p) == faction)
                {
                    let commands = answer["commands"]
                        .as_array()
                        .map(|c| c.iter().map(|c| c["command"].clone()).collect())
                        .unwrap_or_default();
                    g.legal = Some((head, commands));
                }
            }
            "export" => self.last_export = answer["text"].as_str().map(str::to_owned),
            "import" => {
                if let Some(game) = answer["game"].as_i64() {
                    self.unsure(game);
                }
            }
            _ => {}
        }
    }

    fn learn_status(&mut self, status: &Value) {
        let Some(id) = status["game"].as_i64() else {
            return;
        };
        let seats = status["seats"].as_array().cloned().unwrap_or_default();
        let person = seats
            .iter()
            .position(|s| s["kind"] == "human")
            .and_then(|p| u8::try_from(p).ok());
        let game = LiveGame {
            id,
            head: status["head"].as_u64().unwrap_or(0),
            seats: u8::try_from(seats.len()).unwrap_or(0),
            person,
            ended: !status["outcome"].is_null(),
            bots_to_move: status["bots_to_move"].as_bool().unwrap_or(false),
            awaiting: status["awaiting"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|f| f.as_u64())
                        .map(|f| f as u8)
                        .collect()
                })
                .unwrap_or_default(),
            legal: None,
            unsure: false,
        };
        match self.get(id) {
            Some(known) => {
                let legal = known.legal.take().filter(|(head, _)| *head == game.head);
                *known = LiveGame { legal, ..game };
            }
            None => self.list.push(game),
        }
    }

    /// The person's commands listed for `game` at `head`, if known.
    pub fn listed(&self, game: i64, head: u64) -> Option<&Vec<Value>> {
        self.list
            .iter()
            .find(|g| g.id == game)
            .and_then(|g| g.legal.as_ref())
            .filter(|(at, _)| *at == head)
            .map(|(_, commands)| commands)
    }

    /// Marks a game's state as unknown (made if new), so its status is asked next.
    pub fn unsure(&mut self, game: i64) {
        match self.get(game) {
            Some(g) => g.unsure = true,
            None => self.list.push(LiveGame {
                id: game,
                head: 0,
                seats: 0,
                person: None,
                ended: false,
                bots_to_move: false,
                awaiting: Vec::new(),
                legal: None,
                unsure: true,
            }),
        }
    }

    fn get(&mut self, game: i64) -> Option<&mut LiveGame> {
        self.list.iter_mut().find(|g| g.id == game)
    }
}

/// A new game's request: 2–5 seats, a person in one of them (if `person_may_play`) or bots
/// only, a time limit of a round or two.
pub fn new_game(rng: &mut Xoshiro256PlusPlus, person_may_play: bool) -> Value {
    let players: usize = rng.random_range(2..=5);
    let person = (rng.random_bool(0.6) && person_may_play).then(|| rng.random_range(0..players));
    let seats: Vec<Value> = (0..players)
        .map(|seat| {
            if Some(seat) == person {
                json!({"kind": "human"})
            } else {
                let tier = if rng.random_bool(0.15) {
                    "normal"
                } else {
                    "random"
                };
                json!({"kind": "bot", "tier": tier, "seed": rng.random_range(0..1_000_000u64)})
            }
        })
        .collect();
    let variant = match rng.random_range(0..4) {
        0 if players == 2 => json!(true),
        1 => json!(false),
        _ => Value::Null,
    };
    json!({
        "mode": if rng.random_bool(0.5) { "casual" } else { "challenge" },
        "seats": seats,
        "setup": if rng.random_bool(0.7) { "preset" } else { "controlled_random" },
        "two_player_variant": variant,
        "time_limit_rounds": rng.random_range(1..=2),
        "seed": rng.random_range(0..1_000_000u64),
    })
}

/// The next well-formed call of a lane that may make `room` more games.
pub fn plan(rng: &mut Xoshiro256PlusPlus, games: &Games, vocab: &Vocab, room: bool) -> Planned {
    if (games.list.is_empty() || rng.random_bool(0.02)) && room {
        let route = if rng.random_bool(0.5) {
            "create_game"
        } else {
            "create_game_paused"
        };
        // A service's first game is bots only: it may be exported at any time, so every audit
        // replays at least one log with the invariants, however far the bots got in the time
        // each call allows them (a person's unfinished game is not exported).
        let person_may_play = !games.list.is_empty();
        let request = new_game(rng, person_may_play);
        return Planned::new(route, request, Expect::Ok("create_refused"));
    }
    let Some(game) = games.list.choose(rng) else {
        return Planned::new("list_games", json!({}), Expect::Ok("read_refused"));
    };
    if game.unsure {
        return Planned::new(
            "status",
            json!({"game": game.id}),
            Expect::Ok("read_refused"),
        );
    }
    let roll = rng.random_range(0..100);
    // A game past this length is only read (verifying it is replaying it all).
    let playable = game.head < MAX_ROWS;
    let person_turn = playable
        && game
            .person
            .is_some_and(|p| game.awaiting.contains(&p) && !game.ended);
    if game.bots_to_move && playable && roll < 45 {
        return step(rng, game);
    }
    if person_turn && roll < 60 {
        return person(rng, game, vocab);
    }
    if roll < 70 && !game.ended && game.person.is_some() && rng.random_bool(0.3) {
        return undo(rng, game);
    }
    if game.ended && roll < 8 {
        return after_end(rng, game, vocab);
    }
    read(rng, games, game, room)
}

/// A bot's turn: `advance` (a call's worth) or `bot_step` (one command).
fn step(rng: &mut Xoshiro256PlusPlus, game: &LiveGame) -> Planned {
    let route = if rng.random_bool(0.7) {
        "advance"
    } else {
        "bot_step"
    };
    let body = json!({"game": game.id, "expected_last_seq": game.head});
    Planned::new(route, body, Expect::Ok("step_refused"))
}

/// The person's turn: their legal commands (listed first), one of them, a near miss of one,
/// or a random command.
fn person(rng: &mut Xoshiro256PlusPlus, game: &LiveGame, vocab: &Vocab) -> Planned {
    let Some(seat) = game.person else {
        return Planned::new(
            "status",
            json!({"game": game.id}),
            Expect::Ok("read_refused"),
        );
    };
    let listed = game
        .legal
        .as_ref()
        .filter(|(head, commands)| *head == game.head && !commands.is_empty())
        .map(|(_, commands)| commands);
    let Some(listed) = listed else {
        let body = json!({"game": game.id, "faction": seat});
        return Planned::new("legal", body, Expect::Ok("read_refused"));
    };
    let roll = rng.random_range(0..100);
    let (command, expect) = if roll < 75 {
        let command = listed.choose(rng).cloned().unwrap_or(Value::Null);
        (command, Expect::Ok("legal_refused"))
    } else if roll < 88 {
        let command = listed.choose(rng).cloned().unwrap_or(Value::Null);
        (vocab.near_miss(rng, &command), Expect::Any)
    } else {
        (vocab.command(rng, game.seats), Expect::Any)
    };
    let stale = rng.random_bool(0.05);
    let seq = if stale { game.head + 1 } else { game.head };
    let expect = if stale { Expect::Any } else { expect };
    let route = if rng.random_bool(0.5) {
        "act"
    } else {
        "submit"
    };
    let body = json!({"game": game.id, "by": seat, "command": command, "expected_last_seq": seq});
    Planned::new(route, body, expect)
}

/// A game that has ended takes no more commands, bot turns or undos.
fn after_end(rng: &mut Xoshiro256PlusPlus, game: &LiveGame, vocab: &Vocab) -> Planned {
    let expect = Expect::Nothing("changed_after_end");
    let head = game.head;
    match rng.random_range(0..4) {
        0 => {
            let body = json!({"game": game.id, "expected_last_seq": head});
            Planned::new("advance", body, expect)
        }
        1 => {
            let body = json!({"game": game.id, "expected_last_seq": head});
            Planned::new("bot_step", body, expect)
        }
        2 => {
            let body = json!({"game": game.id, "expected_last_seq": head, "to_seq": null});
            Planned::new("undo", body, expect)
        }
        _ => {
            let by = game.person.unwrap_or(0);
            let command = match rng.random_range(0..3) {
                0 => json!({"type": "EndStep"}),
                1 => json!({"type": "Pass"}),
                _ => vocab.command(rng, game.seats),
            };
            let body =
                json!({"game": game.id, "by": by, "command": command, "expected_last_seq": head});
            Planned::new("act", body, expect)
        }
    }
}

fn undo(rng: &mut Xoshiro256PlusPlus, game: &LiveGame) -> Planned {
    let to_seq = if rng.random_bool(0.7) {
        Value::Null
    } else {
        json!(rng.random_range(0..=game.head.max(1)))
    };
    let body = json!({"game": game.id, "expected_last_seq": game.head, "to_seq": to_seq});
    Planned::new("undo", body, Expect::Any)
}

/// Reads and the calls that make other games or check logs.
fn read(rng: &mut Xoshiro256PlusPlus, games: &Games, game: &LiveGame, room: bool) -> Planned {
    let id = game.id;
    let seq = rng.random_range(0..=game.head);
    // The seats this game may be looked at from while it goes on: the person's; any once ended.
    let seat = rng.random_range(0..game.seats.max(1));
    let may_look = game.ended || game.person == Some(seat);
    let seat_expect = if may_look {
        Expect::Ok("read_refused")
    } else {
        Expect::Any
    };
    let exportable = game.ended || game.person.is_none();
    // Verification, import and the content are the dearest calls (tens of milliseconds): rare.
    match rng.random_range(0..200) {
        0..30 => Planned::new("status", json!({"game": id}), Expect::Ok("read_refused")),
        30..56 => Planned::new("view", json!({"game": id, "faction": seat}), seat_expect),
        56..72 => Planned::new("legal", json!({"game": id, "faction": seat}), seat_expect),
        72..98 => {
            let (faction, expect) = if rng.random_bool(0.5) {
                (Value::Null, Expect::Ok("read_refused"))
            } else {
                (json!(seat), seat_expect)
            };
            let body = json!({"game": id, "seq": seq, "faction": faction});
            Planned::new("state_at", body, expect)
        }
        98..114 => {
            let body = json!({"game": id, "seq": seq});
            Planned::new("strengths", body, Expect::Ok("read_refused"))
        }
        114..130 => Planned::new("timeline", json!({"game": id}), Expect::Ok("read_refused")),
        130..142 => Planned::new("list_games", json!({}), Expect::Ok("read_refused")),
        142..154 => {
            let expect = if exportable {
                Expect::Ok("export_refused")
            } else {
                Expect::Any
            };
            Planned::new("export", json!({"game": id}), expect)
        }
        154 => Planned::new("verify", json!({"game": id}), Expect::Ok("verify_failed")),
        156..164 if room => Planned::new("branch", json!({"game": id, "seq": seq}), Expect::Any),
        164 => match &games.last_export {
            Some(text) if room => {
                let body = json!({"text": text});
                Planned::new("import", body, Expect::Ok("reimport_failed"))
            }
            _ => Planned::new("status", json!({"game": id}), Expect::Ok("read_refused")),
        },
        166 => match &games.last_export {
            Some(text) => {
                let body = json!({"text": text});
                Planned::new("verify_log", body, Expect::Ok("reverify_failed"))
            }
            None => Planned::new("timeline", json!({"game": id}), Expect::Ok("read_refused")),
        },
        168..176 => Planned::new("app_info", json!({}), Expect::Ok("read_refused")),
        176..177 => Planned::new("content", json!({}), Expect::Ok("read_refused")),
        _ => Planned::new("status", json!({"game": id}), Expect::Ok("read_refused")),
    }
}
