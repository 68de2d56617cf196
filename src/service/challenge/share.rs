//! The share line: a finished game's result in words a friend reads, then its replay code —
//! `Warwick daily 2026-11-26 — Prestige Victory in round 9 — 8,171 points, 2 undos — W2-…` —
//! written here and read back here, so what a pasted line *says* is checked against what its
//! code *replays to*: an edited number ("980 points" for 180) is refused, never shown beside a
//! "checks out". Owns the line's words and their reading; must not replay games.

/// What a share line states about its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFacts {
    /// The daily's date, for a daily.
    pub date: Option<String>,
    /// A daily marked practice.
    pub practice: bool,
    /// `royalty` … `loss`, or `none` for bots only.
    pub result: String,
    /// The round it ended in.
    pub round: u32,
    /// The score, for a game with a person.
    pub score: Option<u32>,
    /// The undos, said with the score.
    pub undos: Option<u32>,
}

/// The results and their names in a line.
const RESULT_NAMES: [(&str, &str); 4] = [
    ("royalty", "Royalty Victory"),
    ("shared_prestige", "Shared Prestige Victory"),
    ("minor_prestige", "Minor Prestige Victory"),
    ("prestige", "Prestige Victory"),
];

/// Separators a line's parts may come with (a chat may turn the dash into another).
const SEPARATORS: [&str; 3] = [" — ", " – ", " - "];

/// `8,171`.
fn points(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The line for a game: its facts, then its code.
pub fn share_line(facts: &LineFacts, code: &str) -> String {
    let game = match &facts.date {
        Some(date) if facts.practice => format!("Warwick daily {date} (practice)"),
        Some(date) => format!("Warwick daily {date}"),
        None => "Warwick game".to_owned(),
    };
    let headline = match facts.result.as_str() {
        "loss" => format!("Lost in round {}", facts.round),
        "none" => format!("Bots only, ended in round {}", facts.round),
        other => format!(
            "{} in round {}",
            RESULT_NAMES
                .iter()
                .find(|(key, _)| *key == other)
                .map_or(other, |(_, name)| name),
            facts.round
        ),
    };
    let mut parts = vec![game, headline];
    if let Some(score) = facts.score {
        let undos = match facts.undos.unwrap_or(0) {
            0 => "no undos".to_owned(),
            1 => "1 undo".to_owned(),
            n => format!("{n} undos"),
        };
        let unit = if score == 1 { "point" } else { "points" };
        parts.push(format!("{} {unit}, {undos}", points(score)));
    }
    parts.push(code.trim().to_owned());
    parts.join(" — ")
}

/// What the words before a code (on its line) state, if they are a share line's: `None` when
/// they are not (a code pasted alone or in other words), an error when they start as a share
/// line does but cannot be read as one.
pub fn read_line(before_code: &str) -> Result<Option<LineFacts>, String> {
    let line = before_code.rsplit('\n').next().unwrap_or(before_code);
    let Some(start) = line
        .rfind("Warwick daily ")
        .or_else(|| line.rfind("Warwick game"))
    else {
        return Ok(None);
    };
    // The line ends with a separator before the code.
    let said = line[start..]
        .trim_end()
        .trim_end_matches(['—', '–', '-'])
        .trim_end();
    let parts = split_parts(said);
    let unreadable = || {
        format!(
            "its words `{}` do not read as a Warwick result",
            shorten(said)
        )
    };
    let mut parts = parts.into_iter().map(str::trim);
    let game = parts.next().ok_or_else(unreadable)?;
    let (date, practice) = if let Some(rest) = game.strip_prefix("Warwick daily ") {
        match rest.strip_suffix(" (practice)") {
            Some(date) => (Some(date.to_owned()), true),
            None => (Some(rest.to_owned()), false),
        }
    } else if game == "Warwick game" {
        (None, false)
    } else {
        return Err(unreadable());
    };
    let headline = parts.next().ok_or_else(unreadable)?;
    let (result, round) = read_headline(headline).ok_or_else(unreadable)?;
    let (score, undos) = match parts.next() {
        None => (None, None),
        Some(scored) => {
            let (score, undos) = read_score(scored).ok_or_else(unreadable)?;
            (Some(score), Some(undos))
        }
    };
    if parts.next().is_some() {
        return Err(unreadable());
    }
    Ok(Some(LineFacts {
        date,
        practice,
        result,
        round,
        score,
        undos,
    }))
}

/// A line cut into its parts at whichever separator it uses.
fn split_parts(line: &str) -> Vec<&str> {
    SEPARATORS
        .iter()
        .map(|sep| line.split(sep).collect::<Vec<_>>())
        .max_by_key(Vec::len)
        .unwrap_or_default()
}

/// `Prestige Victory in round 9` → (`prestige`, 9).
fn read_headline(text: &str) -> Option<(String, u32)> {
    let round = |words: &str| words.trim().parse::<u32>().ok();
    if let Some(n) = text.strip_prefix("Lost in round ") {
        return Some(("loss".to_owned(), round(n)?));
    }
    if let Some(n) = text.strip_prefix("Bots only, ended in round ") {
        return Some(("none".to_owned(), round(n)?));
    }
    let (name, n) = text.split_once(" in round ")?;
    let (key, _) = RESULT_NAMES.iter().find(|(_, full)| *full == name)?;
    Some(((*key).to_owned(), round(n)?))
}

/// `8,171 points, 2 undos` → (8171, 2).
fn read_score(text: &str) -> Option<(u32, u32)> {
    let (score, undos) = text.split_once(", ")?;
    let score = score
        .strip_suffix(" points")
        .or_else(|| score.strip_suffix(" point"))?;
    let score: u32 = score.replace(',', "").parse().ok()?;
    let undos = match undos {
        "no undos" => 0,
        other => other
            .strip_suffix(" undos")
            .or_else(|| other.strip_suffix(" undo"))?
            .parse()
            .ok()?,
    };
    Some((score, undos))
}

/// What a line states that its game does not bear out, in a player's words; `None` when it
/// states only what is true.
pub fn line_difference(said: &LineFacts, found: &LineFacts) -> Option<String> {
    let mut differs = Vec::new();
    if said.date != found.date {
        differs.push(match (&said.date, &found.date) {
            (Some(a), Some(b)) => {
                format!("it says the daily of {a}, but the game is the daily of {b}")
            }
            (Some(a), None) => format!("it says the daily of {a}, but the game is no daily"),
            (None, Some(b)) => {
                format!("it says a game that is no daily, but it is the daily of {b}")
            }
            (None, None) => String::new(),
        });
    }
    if said.date.is_some() && said.practice != found.practice {
        differs.push(if said.practice {
            "it says practice, but the code says the first attempt".to_owned()
        } else {
            "it leaves out that the code says practice".to_owned()
        });
    }
    if said.result != found.result {
        differs.push(format!(
            "it says {}, but the game ends in {}",
            result_words(&said.result),
            result_words(&found.result)
        ));
    }
    if said.round != found.round {
        differs.push(format!(
            "it says round {}, but the game ends in round {}",
            said.round, found.round
        ));
    }
    if let Some(score) = said.score
        && Some(score) != found.score
    {
        differs.push(match found.score {
            Some(real) => format!(
                "it says {} points, but the game scores {}",
                points(score),
                points(real)
            ),
            None => format!(
                "it says {} points, but the game has no score",
                points(score)
            ),
        });
    }
    if let Some(undos) = said.undos
        && Some(undos) != found.undos
    {
        differs.push(format!(
            "it says {undos} undos, but the game had {}",
            found.undos.unwrap_or(0)
        ));
    }
    (!differs.is_empty()).then(|| differs.join("; "))
}

/// A result in words.
fn result_words(result: &str) -> String {
    match result {
        "loss" => "a loss".to_owned(),
        "none" => "a game of bots only".to_owned(),
        other => format!(
            "a {}",
            RESULT_NAMES
                .iter()
                .find(|(key, _)| *key == other)
                .map_or(other, |(_, name)| name)
        ),
    }
}

/// A text for a message, cut short if long.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_owned()
    } else {
        format!("{}…", text.chars().take(80).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> LineFacts {
        LineFacts {
            date: Some("2026-11-26".to_owned()),
            practice: false,
            result: "prestige".to_owned(),
            round: 9,
            score: Some(8171),
            undos: Some(2),
        }
    }

    #[test]
    fn a_line_reads_back_as_written() {
        let line = share_line(&facts(), "W2-AbC");
        assert_eq!(
            line,
            "Warwick daily 2026-11-26 — Prestige Victory in round 9 — 8,171 points, 2 undos — W2-AbC"
        );
        let before = &line[..line.find("W2-").unwrap()];
        assert_eq!(read_line(before).unwrap(), Some(facts()));
        for other in [
            LineFacts {
                date: None,
                practice: false,
                result: "loss".to_owned(),
                round: 1,
                score: Some(1),
                undos: Some(0),
            },
            LineFacts {
                practice: true,
                result: "shared_prestige".to_owned(),
                undos: Some(1),
                score: Some(180),
                ..facts()
            },
            LineFacts {
                date: None,
                practice: false,
                result: "none".to_owned(),
                round: 12,
                score: None,
                undos: None,
            },
        ] {
            let line = share_line(&other, "W2-x");
            let before = &line[..line.find("W2-").unwrap()];
            assert_eq!(read_line(before).unwrap(), Some(other), "{line}");
        }
    }

    #[test]
    fn an_edited_number_is_a_difference_and_other_words_are_not_a_line() {
        let said = read_line(
            "Warwick daily 2026-11-26 — Prestige Victory in round 9 — 9,171 points, 2 undos — ",
        )
        .unwrap()
        .unwrap();
        let why = line_difference(&said, &facts()).unwrap();
        assert!(
            why.contains("9,171 points") && why.contains("8,171"),
            "{why}"
        );
        assert_eq!(line_difference(&facts(), &facts()), None);
        // Chat around the line, another dash: still read.
        let said = read_line("Beat this!\nme: Warwick daily 2026-11-26 – Prestige Victory in round 9 – 8,171 points, 2 undos – ")
            .unwrap()
            .unwrap();
        assert_eq!(said, facts());
        // A code alone, or in other words: nothing said to check.
        assert_eq!(read_line("").unwrap(), None);
        assert_eq!(read_line("here is my game: ").unwrap(), None);
        // A line that starts as ours but cannot be read is refused, not passed over.
        assert!(read_line("Warwick daily 2026-11-26 — Victory in round nine — ").is_err());
        assert!(read_line("Warwick game — Lost in round 3 — lots of points — ").is_err());
    }
}
