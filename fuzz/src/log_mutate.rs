//! Mutated logs. Byte-level: a bit flipped, a byte or line deleted, doubled or moved, the text
//! cut or garbage appended, a header value or a digit changed, line ends or blank lines. And
//! semantic, with the chain re-forged canonically ([`super::log_forge`]): any number, string or
//! bool of any row's payload changed, the game row's seats, mode, seed, set-up or tiers
//! changed (in the row, the header or both), rows dropped, doubled, inserted or moved, the log
//! cut at a row, undo rows added or removed, a command replaced by another the rules list at
//! that point (with its recorded events, or with the events the rules give for it), its seat
//! or state hash changed. Must not judge what it made.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{Value, json};

use warwick::content::Content;
use warwick::rules::{decide, initial_state, legal_commands};
use warwick::service::{GameOptions, History, Row};

use super::log_corpus::RealLog;
use super::log_forge::{EditRow, Editable};
use super::vocab::{Kind, Vocab};

/// A corpus log made ready to mutate.
pub struct Prepared {
    pub name: &'static str,
    pub text: String,
    pub edit: Editable,
    pub rows: Vec<Row>,
    pub options: GameOptions,
    /// Seqs of command rows.
    pub commands: Vec<u64>,
}

impl Prepared {
    /// Reads a real log.
    pub fn of(log: &RealLog) -> Result<Self, String> {
        let edit = Editable::parse(&log.text)?;
        let file = warwick::store::LogFile::parse(&log.text).map_err(|e| e.to_string())?;
        let rows = file
            .events
            .iter()
            .map(|e| Row::decode(e).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let options: GameOptions =
            serde_json::from_value(file.header.options).map_err(|e| e.to_string())?;
        let commands = rows
            .iter()
            .enumerate()
            .filter(|(_, r)| matches!(r, Row::Command(_)))
            .map(|(i, _)| i as u64 + 1)
            .collect();
        Ok(Self {
            name: log.name,
            text: log.text.clone(),
            edit,
            rows,
            options,
            commands,
        })
    }
}

/// A mutated log: the mutation's name, what exactly was done, and the text.
pub struct Mutant {
    pub name: &'static str,
    pub note: String,
    pub text: String,
}

/// One mutation of `log`, drawn from the generator.
pub fn mutate(
    rng: &mut Xoshiro256PlusPlus,
    content: &Content,
    vocab: &Vocab,
    log: &Prepared,
) -> Mutant {
    if rng.random_bool(0.35) {
        bytes(rng, &log.text)
    } else {
        semantic(rng, content, vocab, log)
    }
}

fn mutant(name: &'static str, note: String, text: String) -> Mutant {
    Mutant { name, note, text }
}

/// Byte-level changes, the chain left as it is.
fn bytes(rng: &mut Xoshiro256PlusPlus, text: &str) -> Mutant {
    let mut data = text.as_bytes().to_vec();
    let at = rng.random_range(0..data.len().max(1));
    let mut lines: Vec<&str> = text.lines().collect();
    let line = rng.random_range(0..lines.len().max(1));
    let other = rng.random_range(0..lines.len().max(1));
    let joined = |lines: &[&str]| lines.join("\n") + "\n";
    let lossy = |data: Vec<u8>| String::from_utf8_lossy(&data).into_owned();
    match rng.random_range(0..14) {
        0 => {
            let bit = rng.random_range(0..8);
            if let Some(byte) = data.get_mut(at) {
                *byte ^= 1 << bit;
            }
            mutant("flip_bit", format!("byte {at} bit {bit}"), lossy(data))
        }
        1 => {
            if at < data.len() {
                data.remove(at);
            }
            mutant("delete_byte", format!("byte {at}"), lossy(data))
        }
        2 => {
            if let Some(&byte) = data.get(at) {
                data.insert(at, byte);
            }
            mutant("double_byte", format!("byte {at}"), lossy(data))
        }
        3 => {
            let byte = *b"{}[]\",:0 \\x\n".choose(rng).unwrap_or(&b'x');
            data.insert(at.min(data.len()), byte);
            mutant("insert_byte", format!("{byte:?} at {at}"), lossy(data))
        }
        4 => {
            if line < lines.len() {
                lines.remove(line);
            }
            mutant("delete_line", format!("line {}", line + 1), joined(&lines))
        }
        5 => {
            if let Some(&l) = lines.get(line) {
                lines.insert(other, l);
            }
            let note = format!("line {} copied before line {}", line + 1, other + 1);
            mutant("double_line", note, joined(&lines))
        }
        6 => {
            if line < lines.len() && other < lines.len() {
                lines.swap(line, other);
            }
            let note = format!("lines {} and {}", line + 1, other + 1);
            mutant("swap_lines", note, joined(&lines))
        }
        7 => {
            data.truncate(at);
            mutant("cut_bytes", format!("at byte {at}"), lossy(data))
        }
        8 => {
            let garbage = ["garbage", "{}", "\u{0}", "{\"seq\":1}", "\u{FEFF}", "]"]
                .choose(rng)
                .copied()
                .unwrap_or("x");
            let note = format!("{garbage:?}");
            mutant("append_garbage", note, format!("{text}{garbage}\n"))
        }
        9 => header_text(rng, text),
        10 => {
            // One digit anywhere (a hash, a seq, a number in a payload).
            let digits: Vec<usize> = (0..data.len())
                .filter(|&i| data[i].is_ascii_digit())
                .collect();
            let at = digits.choose(rng).copied().unwrap_or(0);
            if let Some(byte) = data.get_mut(at) {
                *byte = b'0' + (*byte - b'0' + 1) % 10;
            }
            mutant("digit", format!("byte {at}"), lossy(data))
        }
        11 => mutant("crlf", String::new(), text.replace('\n', "\r\n")),
        12 => {
            lines.insert(line, "   ");
            mutant(
                "blank_line",
                format!("before line {}", line + 1),
                joined(&lines),
            )
        }
        _ => {
            let keep = rng.random_range(0..lines.len().max(1));
            mutant(
                "cut_lines",
                format!("first {keep} lines kept"),
                joined(&lines[..keep]),
            )
        }
    }
}

/// A header field rewritten in the text (the chain is not re-forged).
fn header_text(rng: &mut Xoshiro256PlusPlus, text: &str) -> Mutant {
    let Some((head, rest)) = text.split_once('\n') else {
        return mutant("header_text", "no header".to_owned(), text.to_owned());
    };
    let Ok(mut header) = serde_json::from_str::<Value>(head) else {
        return mutant("header_text", "unreadable".to_owned(), text.to_owned());
    };
    let (field, value) = header_change(rng, &header);
    header[field] = value.clone();
    let line = serde_json::to_string(&header).unwrap_or_default();
    let note = format!("{field} = {value}");
    mutant("header_text", note, format!("{line}\n{rest}"))
}

/// A change of one header field.
fn header_change(rng: &mut Xoshiro256PlusPlus, header: &Value) -> (&'static str, Value) {
    let seed = header["seed"].as_u64().unwrap_or(0);
    let options = [
        ("created", json!("2030-01-01T00:00:00.000Z")),
        ("created", json!("2030-01-01T00:00:00+01:00")),
        ("created", json!("yesterday")),
        ("created", json!("9".repeat(100))),
        ("seed", json!(seed.wrapping_add(1))),
        ("seed", json!(-1)),
        ("mode", json!("challenge")),
        ("mode", json!("casual")),
        ("mode", json!("hard")),
        (
            "rules_version",
            json!(header["rules_version"].as_u64().unwrap_or(0) + 1),
        ),
        ("event_schema_version", json!(0)),
        ("content_hash", json!("0".repeat(64))),
        ("format", json!("warwick-log2")),
        ("format_version", json!(2)),
        ("options", json!({})),
        ("options", Value::Null),
        ("events", json!(header["events"].as_u64().unwrap_or(0) + 1)),
        ("head", json!("")),
    ];
    options.choose(rng).cloned().unwrap_or(("seed", json!(0)))
}

/// Semantic changes, the chain re-forged.
fn semantic(
    rng: &mut Xoshiro256PlusPlus,
    content: &Content,
    vocab: &Vocab,
    log: &Prepared,
) -> Mutant {
    let mut edit = log.edit.clone();
    let len = edit.rows.len();
    let row = rng.random_range(0..len.max(1));
    let other = rng.random_range(0..len.max(1));
    let (name, note) = match rng.random_range(0..100) {
        0..30 => {
            let note = payload_leaf(rng, vocab, &mut edit.rows[row].payload);
            ("payload_leaf", format!("seq {}: {note}", row + 1))
        }
        30..42 => ("game_row", game_row(rng, &mut edit)),
        42..48 => {
            let (field, value) = header_change(rng, &edit.header);
            let note = format!("{field} = {value}");
            edit.header[field] = value;
            ("header_field", note)
        }
        48..53 => {
            edit.rows.remove(row);
            ("drop_row", format!("seq {}", row + 1))
        }
        53..56 => {
            let end = (row + rng.random_range(1..20)).min(len);
            edit.rows.drain(row..end);
            ("drop_rows", format!("seqs {}..{end}", row + 1))
        }
        56..61 => {
            let copy = edit.rows[other].clone();
            edit.rows.insert(row, copy);
            (
                "insert_row",
                format!("seq {} copied before seq {}", other + 1, row + 1),
            )
        }
        61..65 => {
            let moved = edit.rows.remove(row);
            edit.rows.insert(other.min(edit.rows.len()), moved);
            (
                "move_row",
                format!("seq {} moved to {}", row + 1, other + 1),
            )
        }
        65..67 => {
            edit.rows.truncate(row);
            ("cut_rows", format!("first {row} rows kept"))
        }
        67..75 => ("add_undone", add_undone(rng, log, &mut edit)),
        75..77 => {
            let undone: Vec<usize> = (0..len)
                .filter(|&i| edit.rows[i].kind == "Undone")
                .collect();
            match undone.choose(rng) {
                Some(&i) => {
                    edit.rows.remove(i);
                    ("drop_undone", format!("seq {}", i + 1))
                }
                None => ("drop_undone", "none to drop".to_owned()),
            }
        }
        77..87 => replace_command(rng, content, log, &mut edit, false),
        87..93 => replace_command(rng, content, log, &mut edit, true),
        _ => ("command_field", command_field(rng, log, &mut edit)),
    };
    mutant(name, note, edit.forge())
}

/// Changes one leaf (or list, or object) of a payload; says what.
fn payload_leaf(rng: &mut Xoshiro256PlusPlus, vocab: &Vocab, payload: &mut Value) -> String {
    let mut path = String::new();
    let mut at = payload;
    loop {
        let step = match &*at {
            Value::Object(map) if !map.is_empty() && rng.random_bool(0.85) => {
                let keys: Vec<&String> = map.keys().collect();
                keys.choose(rng).map(|k| (*k).clone())
            }
            Value::Array(list) if !list.is_empty() && rng.random_bool(0.85) => {
                Some(rng.random_range(0..list.len()).to_string())
            }
            _ => None,
        };
        let Some(step) = step else {
            break;
        };
        path.push('.');
        path.push_str(&step);
        let next = match at {
            Value::Object(map) => map.get_mut(&step),
            Value::Array(list) => step.parse::<usize>().ok().and_then(|i| list.get_mut(i)),
            _ => None,
        };
        match next {
            Some(next) => at = next,
            None => return format!("{path}: vanished"),
        }
    }
    let before = shorten(at);
    *at = match &*at {
        Value::Number(n) => {
            let v = n.as_i64().unwrap_or(0);
            [
                json!(v + 1),
                json!(v - 1),
                json!(0),
                json!(rng.random_range(0..1000)),
                json!(u64::MAX),
                json!(-1),
                json!(1.5),
            ]
            .choose(rng)
            .cloned()
            .unwrap_or(json!(0))
        }
        Value::String(s) => {
            let kinds = [
                Kind::Noble,
                Kind::Card,
                Kind::Area,
                Kind::Location,
                Kind::Royal,
            ];
            let kind = kinds.choose(rng).copied().unwrap_or(Kind::Card);
            [
                json!(vocab.id(rng, kind)),
                json!(format!("{s}x")),
                json!(""),
                json!(s.to_uppercase()),
                json!(s.chars().rev().collect::<String>()),
            ]
            .choose(rng)
            .cloned()
            .unwrap_or(json!(""))
        }
        Value::Bool(b) => json!(!b),
        Value::Null => [json!(0), json!("x"), json!(true)]
            .choose(rng)
            .cloned()
            .unwrap_or(json!(0)),
        Value::Array(list) => {
            let mut list = list.clone();
            match rng.random_range(0..3) {
                0 if !list.is_empty() => {
                    list.pop();
                }
                1 if !list.is_empty() => {
                    let copy = list[rng.random_range(0..list.len())].clone();
                    list.push(copy);
                }
                _ => list.push(json!(vocab.id(rng, Kind::Card))),
            }
            Value::Array(list)
        }
        Value::Object(map) => {
            let mut map = map.clone();
            let keys: Vec<String> = map.keys().cloned().collect();
            match keys.choose(rng) {
                Some(key) if rng.random_bool(0.5) => {
                    map.remove(key);
                }
                _ => {
                    map.insert("extra".to_owned(), json!(1));
                }
            }
            Value::Object(map)
        }
    };
    format!("{path}: {before} -> {}", shorten(at))
}

fn shorten(value: &Value) -> String {
    let text = value.to_string();
    if text.len() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

/// The game's options changed in its first row, its header, or both.
fn game_row(rng: &mut Xoshiro256PlusPlus, edit: &mut Editable) -> String {
    let Some(first) = edit.rows.first().map(|r| r.payload.clone()) else {
        return "no rows".to_owned();
    };
    let seats = first["options"]["seats"].as_array().map_or(0, Vec::len);
    let seat = rng.random_range(0..seats.max(1));
    let changes: [(&str, Value); 18] = [
        ("/created", json!("not a time")),
        ("/created", json!("x".repeat(rng.random_range(100..20_000)))),
        ("/content_hash", json!("0".repeat(64))),
        (
            "/rules_version",
            json!(first["rules_version"].as_u64().unwrap_or(0) + 1),
        ),
        ("/options/seats/{seat}/kind", json!("human")),
        ("/options/seats/{seat}/kind", json!("bot")),
        ("/options/seats/{seat}/tier", json!("normal")),
        ("/options/seats/{seat}/tier", json!("random")),
        (
            "/options/seats/{seat}/seed",
            json!(rng.random_range(0..1000)),
        ),
        ("/mode", json!("challenge")),
        ("/mode", json!("casual")),
        ("/seed", json!(first["seed"].as_u64().unwrap_or(0) + 1)),
        (
            "/options/setup/seed",
            json!(first["seed"].as_u64().unwrap_or(0) + 1),
        ),
        ("/options/setup/kind", json!("controlled_random")),
        ("/options/setup/two_player_variant", json!(seats != 2)),
        (
            "/options/setup/time_limit_rounds",
            json!(rng.random_range(1..4)),
        ),
        ("/options/setup/seats/{seat}/name", json!("Mallory")),
        (
            "/options/setup/options/z48_calais_not_mainland",
            json!(false),
        ),
    ];
    let (pointer, value) = changes.choose(rng).cloned().unwrap_or(("/seed", json!(0)));
    let pointer = pointer.replace("{seat}", &seat.to_string());
    let place = rng.random_range(0..3);
    let set = |target: &mut Value, pointer: &str| {
        if let Some(slot) = target.pointer_mut(pointer) {
            *slot = value.clone();
        }
    };
    if place != 1 {
        set(&mut edit.rows[0].payload, &pointer);
    }
    if place != 0 {
        set(&mut edit.header, &pointer);
    }
    let whose = ["the first row", "the header", "both"][place];
    format!("{pointer} = {value} in {whose}")
}

/// An undo row: at the end or anywhere, cancelling from a command (the person's or any) or
/// from any seq, to the end or elsewhere, asked by the person or any seat.
fn add_undone(rng: &mut Xoshiro256PlusPlus, log: &Prepared, edit: &mut Editable) -> String {
    let len = edit.rows.len() as u64;
    let at = if rng.random_bool(0.6) {
        len
    } else {
        rng.random_range(1..=len.max(1))
    };
    let person = log.options.humans().first().copied();
    let from = match rng.random_range(0..3) {
        0 => log.commands.choose(rng).copied().unwrap_or(1),
        1 => rng.random_range(0..=at),
        _ => log
            .commands
            .iter()
            .rev()
            .find(|&&s| {
                s <= at
                    && matches!(&log.rows[s as usize - 1], Row::Command(c) if Some(c.by) == person)
            })
            .copied()
            .unwrap_or(1),
    };
    let to = if rng.random_bool(0.7) {
        at
    } else {
        rng.random_range(0..=len + 1)
    };
    let by = match person {
        Some(p) if rng.random_bool(0.7) => u64::from(p),
        _ => rng.random_range(0..6),
    };
    let row = EditRow {
        kind: "Undone".to_owned(),
        version: 1,
        payload: json!({"from": from, "to": to, "by": by}),
    };
    edit.rows.insert(at as usize, row);
    format!("after seq {at}: undo from {from} to {to} by {by}")
}

/// A command replaced by another the rules list for its seat at that point, keeping the
/// recorded events or (`redecide`) with the events the rules give for the new one.
fn replace_command(
    rng: &mut Xoshiro256PlusPlus,
    content: &Content,
    log: &Prepared,
    edit: &mut Editable,
    redecide: bool,
) -> (&'static str, String) {
    let name = if redecide {
        "replace_command_redecided"
    } else {
        "replace_command"
    };
    let Some(&seq) = log.commands.choose(rng) else {
        return (name, "no command".to_owned());
    };
    let index = seq as usize - 1;
    let Some(Row::Command(record)) = log.rows.get(index) else {
        return (name, "not a command".to_owned());
    };
    let mut history = History::new(initial_state(content, &log.options.setup));
    for row in &log.rows[..index] {
        if history.push(content, row.clone()).is_err() {
            return (name, "the prefix does not replay".to_owned());
        }
    }
    let state = history.current();
    let others: Vec<_> = legal_commands(content, state, record.by)
        .into_iter()
        .filter(|c| *c != record.command)
        .collect();
    let Some(command) = others.choose(rng) else {
        return (name, format!("seq {seq}: no other legal command"));
    };
    let Ok(command_json) = serde_json::to_value(command) else {
        return (name, "unwritable".to_owned());
    };
    edit.rows[index].payload["command"] = command_json;
    let note = format!("seq {seq}: {} -> {}", record.command.kind(), command.kind());
    if redecide {
        let Ok(events) = decide(content, state, record.by, command) else {
            return (name, format!("{note} (refused by decide)"));
        };
        let end = log.rows[seq as usize..]
            .iter()
            .position(|r| !matches!(r, Row::Event(_)))
            .map_or(log.rows.len(), |p| seq as usize + p);
        let new_rows: Vec<EditRow> = events
            .iter()
            .filter_map(|e| {
                Some(EditRow {
                    kind: e.kind().to_owned(),
                    version: warwick::rules::EVENT_SCHEMA_VERSION,
                    payload: serde_json::to_value(e).ok()?,
                })
            })
            .collect();
        edit.rows.splice(seq as usize..end, new_rows);
    }
    (name, note)
}

/// A command's seat or state hash changed.
fn command_field(rng: &mut Xoshiro256PlusPlus, log: &Prepared, edit: &mut Editable) -> String {
    let Some(&seq) = log.commands.choose(rng) else {
        return "no command".to_owned();
    };
    let payload = &mut edit.rows[seq as usize - 1].payload;
    if rng.random_bool(0.6) {
        let by = payload["by"].as_u64().unwrap_or(0);
        let seats = log.options.seats.len() as u64;
        let new = (by + rng.random_range(1..seats.max(2))) % seats.max(1);
        payload["by"] = json!(new);
        format!("seq {seq}: by {by} -> {new}")
    } else {
        payload["state"] = json!("0".repeat(64));
        format!("seq {seq}: state hash zeroed")
    }
}
