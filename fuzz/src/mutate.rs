//! Mutated calls: a well-formed request body with a field removed, an unknown field added, a
//! value of the wrong type, a huge or negative number, a long string (at most 32 KiB), deep
//! nesting, duplicate keys; or a body that is empty, not JSON, not UTF-8, cut short, padded or
//! larger than any call takes. Must not send anything.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{Map, Value, json};

/// The longest string a mutation writes.
const LONG_STRING: usize = 32 * 1024;

/// Numbers at and past the edges of every integer type a request holds.
const NUMBERS: [&str; 14] = [
    "-1",
    "0",
    "255",
    "256",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "1e308",
    "1.5",
    "-0",
];

/// A mutated body for `body`, and the name of the mutation.
pub fn mutate(rng: &mut Xoshiro256PlusPlus, body: &Value) -> (&'static str, Vec<u8>) {
    match rng.random_range(0..100) {
        0..14 => ("remove_field", json_bytes(&edit(rng, body, remove_field))),
        14..24 => ("unknown_field", json_bytes(&edit(rng, body, add_field))),
        24..40 => ("wrong_type", json_bytes(&edit(rng, body, wrong_type))),
        40..56 => ("edge_number", edge_number(rng, body)),
        56..62 => ("long_string", json_bytes(&edit(rng, body, long_string))),
        62..67 => ("deep_nesting", deep_nesting(rng, body)),
        67..71 => ("duplicate_key", duplicate_key(rng, body)),
        71..75 => ("top_level", top_level(rng, body)),
        75..79 => ("empty", Vec::new()),
        79..83 => ("not_json", not_json(rng)),
        83..88 => ("invalid_utf8", invalid_utf8(rng, body)),
        88..92 => ("cut_short", cut_short(rng, body)),
        92..96 => ("padded", padded(rng, body)),
        _ => ("too_large", too_large(rng, body)),
    }
}

fn json_bytes(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

/// Applies `f` to one object or value chosen at random inside `body`.
fn edit(
    rng: &mut Xoshiro256PlusPlus,
    body: &Value,
    f: fn(&mut Xoshiro256PlusPlus, &mut Value),
) -> Value {
    let mut body = body.clone();
    let depth = rng.random_range(0..4);
    apply_at(rng, &mut body, depth, f);
    body
}

/// Applies `f` to the object or list `depth` steps down a random path (or as deep as the
/// value goes: a path that reaches a plain value stops at the object or list holding it).
fn apply_at(
    rng: &mut Xoshiro256PlusPlus,
    value: &mut Value,
    depth: usize,
    f: impl FnOnce(&mut Xoshiro256PlusPlus, &mut Value),
) {
    if depth > 0 {
        let len = match &*value {
            Value::Object(map) => map.len(),
            Value::Array(list) => list.len(),
            _ => 0,
        };
        if len > 0 {
            let index = rng.random_range(0..len);
            let child = match value {
                Value::Object(map) => map.values_mut().nth(index),
                Value::Array(list) => list.get_mut(index),
                _ => None,
            };
            if let Some(child) = child.filter(|c| c.is_object() || c.is_array()) {
                return apply_at(rng, child, depth - 1, f);
            }
        }
    }
    f(rng, value);
}

fn remove_field(rng: &mut Xoshiro256PlusPlus, value: &mut Value) {
    match value {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            if let Some(key) = keys.choose(rng) {
                map.remove(key);
            }
        }
        Value::Array(list) if !list.is_empty() => {
            let index = rng.random_range(0..list.len());
            list.remove(index);
        }
        other => *other = Value::Null,
    }
}

fn add_field(rng: &mut Xoshiro256PlusPlus, value: &mut Value) {
    let names = [
        "extra",
        "game",
        "__proto__",
        "constructor",
        "",
        "Game",
        "seq",
    ];
    let name = names.choose(rng).copied().unwrap_or("extra");
    match value {
        Value::Object(map) => {
            map.insert(format!("{name}{}", rng.random_range(0..3)), json!(1));
        }
        Value::Array(list) => list.push(json!({name: true})),
        other => {
            let mut map = Map::new();
            map.insert(name.to_owned(), other.take());
            *other = Value::Object(map);
        }
    }
}

fn wrong_type(rng: &mut Xoshiro256PlusPlus, value: &mut Value) {
    let target = match value {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            match keys.choose(rng).and_then(|k| map.get_mut(k)) {
                Some(child) => child,
                None => return,
            }
        }
        other => other,
    };
    let replacement = match target {
        Value::String(s) => [
            json!(1),
            json!([s.clone()]),
            json!(null),
            json!({"s": s.clone()}),
        ]
        .choose(rng)
        .cloned(),
        Value::Number(n) => [
            json!(n.to_string()),
            json!(true),
            json!([n.clone()]),
            json!({}),
        ]
        .choose(rng)
        .cloned(),
        Value::Bool(b) => [json!(b.to_string()), json!(1), json!(null)]
            .choose(rng)
            .cloned(),
        Value::Null => [json!(0), json!(""), json!(false), json!([])]
            .choose(rng)
            .cloned(),
        Value::Array(_) => [json!({}), json!("list"), json!(3)].choose(rng).cloned(),
        Value::Object(_) => [json!([]), json!("object"), json!(null)]
            .choose(rng)
            .cloned(),
    };
    if let Some(replacement) = replacement {
        *target = replacement;
    }
}

fn long_string(rng: &mut Xoshiro256PlusPlus, value: &mut Value) {
    let len = rng.random_range(1..=LONG_STRING);
    let unit = ["x", "é", "\u{1F451}", "\"", "\\", "\u{0}", "\u{FEFF}"]
        .choose(rng)
        .copied()
        .unwrap_or("x");
    let text: String = unit
        .repeat(len / unit.len().max(1) + 1)
        .chars()
        .take(len)
        .collect();
    match value {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            if let Some(key) = keys.choose(rng) {
                map.insert(key.clone(), json!(text));
            }
        }
        other => *other = json!(text),
    }
}

/// The body with one number (a top-level field's, or a number anywhere) written as an edge
/// value, as text so that values JSON numbers cannot round-trip stay exact.
fn edge_number(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    const MARKER: &str = "__fuzz_number__";
    let mut body = body.clone();
    let depth = rng.random_range(0..3);
    apply_at(rng, &mut body, depth, |rng, target| match target {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            if let Some(key) = keys.choose(rng) {
                map.insert(key.clone(), json!(MARKER));
            }
        }
        Value::Array(list) if !list.is_empty() => {
            let index = rng.random_range(0..list.len());
            list[index] = json!(MARKER);
        }
        other => *other = json!(MARKER),
    });
    let number = NUMBERS.choose(rng).copied().unwrap_or("-1");
    String::from_utf8_lossy(&json_bytes(&body))
        .replacen(&format!("\"{MARKER}\""), number, 1)
        .into_bytes()
}

/// A value nested hundreds or thousands deep, written as text (never built as a value).
fn deep_nesting(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let depth = rng.random_range(100..=5000);
    let (open, close) = if rng.random_bool(0.5) {
        ("[", "]")
    } else {
        ("{\"a\":", "}")
    };
    let nested = format!("{}1{}", open.repeat(depth), close.repeat(depth));
    let text = String::from_utf8_lossy(&json_bytes(body)).into_owned();
    match text.find(':') {
        // Replace the first field's value's start: `{"game":<nested>,...`, keeping it valid
        // up to the nesting.
        Some(colon) if rng.random_bool(0.7) => {
            let rest = &text[colon + 1..];
            let end = rest.find([',', '}']).unwrap_or(rest.len());
            format!("{}{nested}{}", &text[..=colon], &rest[end..]).into_bytes()
        }
        _ => nested.into_bytes(),
    }
}

fn duplicate_key(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let text = String::from_utf8_lossy(&json_bytes(body)).into_owned();
    let Some(map) = body.as_object() else {
        return text.into_bytes();
    };
    let keys: Vec<&String> = map.keys().collect();
    let Some(key) = keys.choose(rng) else {
        return text.into_bytes();
    };
    let other = [json!(0), json!(-5), json!("x"), json!(null)]
        .choose(rng)
        .cloned()
        .unwrap_or(Value::Null);
    match text.strip_suffix('}') {
        Some(open) => format!("{open},\"{key}\":{other}}}").into_bytes(),
        None => text.into_bytes(),
    }
}

fn top_level(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let options = [
        json!([body]),
        json!(null),
        json!("game"),
        json!(12),
        json!(true),
        json!([]),
        json!({}),
    ];
    json_bytes(options.choose(rng).unwrap_or(&Value::Null))
}

fn not_json(rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    let options: [&[u8]; 10] = [
        b"hello",
        b"<xml/>",
        b"game=1&seq=2",
        b"{",
        b"}",
        b"[1,]",
        b"{'game': 1}",
        b"NaN",
        b"\x00\x00\x00",
        b"{\"game\":1}{\"game\":2}",
    ];
    options.choose(rng).map(|b| b.to_vec()).unwrap_or_default()
}

fn invalid_utf8(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let mut bytes = json_bytes(body);
    let bad: [&[u8]; 5] = [
        b"\xff",
        b"\xc3\x28",
        b"\xed\xa0\x80",
        b"\xf8\x88\x80\x80\x80",
        b"\xe2\x82",
    ];
    let chunk = bad.choose(rng).copied().unwrap_or(b"\xff");
    // Inside a string when there is one (`"...`), else anywhere.
    let at = bytes
        .iter()
        .position(|&b| b == b'"')
        .map(|p| p + 1)
        .filter(|_| rng.random_bool(0.7))
        .unwrap_or_else(|| rng.random_range(0..=bytes.len()));
    bytes.splice(at..at, chunk.iter().copied());
    bytes
}

fn cut_short(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let mut bytes = json_bytes(body);
    if !bytes.is_empty() {
        bytes.truncate(rng.random_range(0..bytes.len()));
    }
    bytes
}

fn padded(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let json = json_bytes(body);
    let pads: [&[u8]; 6] = [b"   ", b"\n\n", b"\xef\xbb\xbf", b"\t", b"\r\n", b"\x00"];
    let before = pads.choose(rng).copied().unwrap_or(b" ");
    let after = pads.choose(rng).copied().unwrap_or(b" ");
    [before, json.as_slice(), after].concat()
}

/// A body past the call limit (64 KiB), at most 70 KiB: refused whole.
fn too_large(rng: &mut Xoshiro256PlusPlus, body: &Value) -> Vec<u8> {
    let mut body = body.clone();
    let len = rng.random_range(64 * 1024..70 * 1024);
    if let Value::Object(map) = &mut body {
        map.insert("padding".to_owned(), json!("p".repeat(len)));
    }
    json_bytes(&body)
}
