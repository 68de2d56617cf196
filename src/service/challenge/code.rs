//! Replay codes: a whole game as a short text. The bots are deterministic, so a game is its
//! identity (rules version, the bots' version, content, seed, set-up, seats with each bot's
//! tier and seed, undo mode, round limit, daily tag) plus the person's choices (each an index
//! into the sorted list of their legal commands, a command written out when it was not listed,
//! or a take-back; a choice made out of turn, while a bot was to move, is marked as such),
//! plus what the game is claimed to have come to (result, score, final round
//! and the start of the final state's hash). The code is `W2-` then URL-safe base64 of the
//! deflated postcard encoding with a 4-byte checksum in front (a `W4-` code is not deflated
//! whole: its choices are, inside it; see `compact.rs`). A `W1-` code, written before
//! the bots' version was recorded, has the same layout without it and still reads (its bots'
//! version `None`). Owns the format only: replaying a code is the service's (see
//! `replay_code.rs`). A real game's code and the game it decodes to are pinned in
//! `src/service/golden/replay-code-w2.json`: the layout follows the fields' order, so
//! reordering them would misread every shared code. A code that carries the player's name
//! (Settings) is `W3-`: the `W2-` layout with the name after it, under the same checksum; a
//! code without a name is still written `W2-`, so every code written before reads and writes
//! as it did. Warwick now writes the compact layout, `W4-` (`compact.rs`), which adds one
//! kind of choice, [`Choice::Predicted`]; the full layouts still read and write as before.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::bots::BotKind;
use crate::service::new_game::{DailyTag, Mode, NewGame, SeatPlayer, SetupChoice};

use super::compact::Compact;

/// The tag every code of this layout starts with.
pub const CODE_TAG: &str = "W2-";

/// The tag of a code written before the bots' version was recorded.
pub const CODE_TAG_V1: &str = "W1-";

/// The tag of a code that carries the player's name.
pub const CODE_TAG_NAMED: &str = "W3-";

/// The tag of a code in the compact layout (`compact.rs`), with or without a name: what
/// Warwick writes for a game its bots' version is known of.
pub const CODE_TAG_COMPACT: &str = "W4-";

/// Every tag a code may start with.
pub const CODE_TAGS: [&str; 4] = [CODE_TAG, CODE_TAG_V1, CODE_TAG_NAMED, CODE_TAG_COMPACT];

/// The bytes of the content hash and of the final state's hash a compact code carries.
pub const COMPACT_HASH_BYTES: usize = 4;

/// The longest name a code carries, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A player's name as a code carries it: trimmed, without control characters, at most
/// [`MAX_NAME_CHARS`] characters; `None` when nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let kept: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    let kept = kept.trim().to_owned();
    (!kept.is_empty()).then_some(kept)
}

/// The longest code accepted, in characters.
pub const MAX_CODE_CHARS: usize = 64 * 1024;

/// The most pieces (split by spaces or line breaks) a code broken by a chat is read from.
const MAX_PIECES: usize = 256;

/// The longest a code's content may grow to once inflated, in bytes.
const MAX_INFLATED: usize = 1024 * 1024;

/// Who plays a seat, in a code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CodeSeat {
    /// The person.
    Person,
    /// A bot.
    Bot {
        /// Its tier.
        tier: BotKind,
        /// Its seed.
        seed: u64,
    },
}

impl From<&SeatPlayer> for CodeSeat {
    fn from(seat: &SeatPlayer) -> CodeSeat {
        match seat {
            SeatPlayer::Human => CodeSeat::Person,
            SeatPlayer::Bot { tier, seed } => CodeSeat::Bot {
                tier: *tier,
                seed: *seed,
            },
        }
    }
}

impl From<&CodeSeat> for SeatPlayer {
    fn from(seat: &CodeSeat) -> SeatPlayer {
        match seat {
            CodeSeat::Person => SeatPlayer::Human,
            CodeSeat::Bot { tier, seed } => SeatPlayer::Bot {
                tier: *tier,
                seed: *seed,
            },
        }
    }
}

/// One choice of the person.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// A command without parameters, by its place in
    /// [`crate::rules::Command::PARAMETERLESS`] (most choices: no list needed).
    Bare(u8),
    /// The command at this index of the sorted legal list.
    Listed(u32),
    /// A command that was not listed (but the rules took), as its JSON.
    Written(String),
    /// Taking back to the person's n-th last decision still standing (1 = the last).
    Undo(u32),
    /// The Hard player's suggestion, asked for and played (re-derived when the code is read;
    /// added last so codes written before it read as they did).
    Advised,
    /// The next choice was made out of turn: given at once, before the bot awaited acts (a
    /// card awarded, a gift offered in a bot's turn: 19.18, 21.01). Added after `Advised`, so
    /// codes written before it read as they did (pinned by `replay-code-w2-out-of-turn.json`).
    OutOfTurn,
    /// The person resigned the game when its history had this many rows, the bots' included
    /// (a resignation may come while the bots are to act); its last choice. Added last, as
    /// `Advised` was.
    Resign(u64),
    /// The command the predictor would give: the Normal bot in the person's seat, seeded with
    /// the game's seed, choosing as a bot seat does (`crate::service::bot_seat`), given only
    /// while the person is awaited. Re-derived when the code is read, as a bot's command is;
    /// written only in the compact layout (`W4-`), where it is one byte, so a game played much
    /// as the predictor would play it makes a short code.
    Predicted,
}

/// Which layout a code is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// The full layout: `W2-` (`W3-` with a name, `W1-` without the bots' version).
    #[default]
    Full,
    /// The compact layout, `W4-` (`compact.rs`).
    Compact,
}

/// What the game is claimed to have come to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// `royalty` … `loss` (see [`super::Score::result`]), or `none` in a game of bots only.
    pub result: String,
    /// The score (0 in a game of bots only).
    pub score: u32,
    /// The round the game ended in.
    pub round: u32,
    /// The first 8 bytes of the final state's hash.
    pub state: [u8; 8],
}

/// Everything a code says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeGame {
    /// The rules version.
    pub rules_version: u32,
    /// The version of the bots that played ([`crate::bots::BOTS_VERSION`]): replaying the
    /// code needs those very bots. `None` for a `W1-` code, which did not record it.
    pub bots_version: Option<u32>,
    /// The first 8 bytes of the content hash.
    pub content: [u8; 8],
    /// The game's seed.
    pub seed: u64,
    /// The undo mode.
    pub mode: Mode,
    /// The set-up.
    pub setup: SetupChoice,
    /// The 2-player variant.
    pub two_player_variant: bool,
    /// The round limit.
    pub rounds: Option<u32>,
    /// The seats.
    pub seats: Vec<CodeSeat>,
    /// The daily tag.
    pub daily: Option<DailyTag>,
    /// The person's choices, in order.
    pub choices: Vec<Choice>,
    /// The claimed end.
    pub claim: Claim,
    /// The player's name, as they set it (a `W3-` code only; not part of the `W2-` layout).
    #[serde(skip)]
    pub name: Option<String>,
    /// The layout the code is written in (not itself written: its tag says it).
    #[serde(skip)]
    pub layout: Layout,
}

/// Why a code cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CodeError {
    /// Not a Warwick replay code of a layout this build reads.
    #[error(
        "this is not a Warwick replay code this version can read (codes start with \
         `{CODE_TAG_COMPACT}`, `{CODE_TAG}`, `{CODE_TAG_NAMED}` or `{CODE_TAG_V1}`)"
    )]
    NotACode,
    /// Longer than any real game's code.
    #[error("the code is too long to be a replay code ({0} characters)")]
    TooLong(usize),
    /// Altered or cut short.
    #[error("the code was altered or cut short: its checksum does not match (copy it whole)")]
    Damaged,
}

/// The first 8 bytes of a hex hash (zeros where it is not hex).
pub fn hash_prefix(hex_hash: &str) -> [u8; 8] {
    let mut out = [0u8; 8];
    if let Ok(bytes) = hex::decode(hex_hash.get(..16).unwrap_or_default()) {
        out.copy_from_slice(&bytes[..8.min(bytes.len())]);
    }
    out
}

/// A `W1-` code's fields, in its order: a [`CodeGame`]'s without the bots' version.
type V1Layout = (
    u32,
    [u8; 8],
    u64,
    Mode,
    SetupChoice,
    bool,
    Option<u32>,
    Vec<CodeSeat>,
    Option<DailyTag>,
    Vec<Choice>,
    Claim,
);

impl CodeGame {
    /// The code's text: in the compact layout a `W4-` code (when the game has a bots' version);
    /// in the full one a `W2-` code, a `W3-` code when it carries a name, or the `W1-` code it
    /// was read from when it has no bots' version.
    pub fn encode(&self) -> Result<String, postcard::Error> {
        let compact = match self.layout {
            Layout::Compact => Compact::of(self),
            Layout::Full => None,
        };
        if let Some(compact) = compact {
            // Its choices are deflated inside it; the rest would not compress.
            let body = compact.write()?;
            let mut packed = checksum(&body).to_vec();
            packed.extend(body);
            return Ok(format!(
                "{CODE_TAG_COMPACT}{}",
                URL_SAFE_NO_PAD.encode(packed)
            ));
        }
        let (tag, body) = match (self.bots_version, &self.name) {
            (Some(_), None) => (CODE_TAG, postcard::to_stdvec(self)?),
            (Some(_), Some(name)) => (CODE_TAG_NAMED, postcard::to_stdvec(&(self, name))?),
            (None, _) => (CODE_TAG_V1, postcard::to_stdvec(&self.v1_layout())?),
        };
        let mut packed = checksum(&body).to_vec();
        packed.extend(body);
        let deflated = miniz_oxide::deflate::compress_to_vec(&packed, 9);
        Ok(format!("{tag}{}", URL_SAFE_NO_PAD.encode(deflated)))
    }

    /// How many leading bytes of the content hash and of the final state's hash the code
    /// carries: 8 in the full layouts, 4 in the compact one (enough to tell versions and
    /// positions apart: the replay decides the game, these only confirm it). The rest read as
    /// zeros.
    pub fn hash_bytes(&self) -> usize {
        match self.layout {
            Layout::Full => 8,
            Layout::Compact => COMPACT_HASH_BYTES,
        }
    }

    /// Whether the code was made with the content whose hash is `content_hash`, as far as its
    /// [`CodeGame::hash_bytes`] tell.
    pub fn content_is(&self, content_hash: &str) -> bool {
        let n = self.hash_bytes();
        self.content[..n] == hash_prefix(content_hash)[..n]
    }

    /// Whether the code claims the final position whose hash starts `state`, as far as its
    /// [`CodeGame::hash_bytes`] tell.
    pub fn claims_state(&self, state: &[u8; 8]) -> bool {
        let n = self.hash_bytes();
        self.claim.state[..n] == state[..n]
    }

    /// Whether the code names a day's challenge without writing out its game (the compact
    /// layout does so): its seed, seats, set-up, round limit and mode are then placeholders
    /// until [`CodeGame::with_day`] fills in the day's, which need the content to derive.
    pub fn is_day_game(&self) -> bool {
        self.layout == Layout::Compact && self.daily.is_some()
    }

    /// The code with `day` (the day's new game) as its game; its choices and claim as read.
    pub fn with_day(self, day: &NewGame) -> CodeGame {
        CodeGame {
            seed: day.seed,
            mode: day.mode,
            setup: day.setup,
            two_player_variant: day.two_player_variant.unwrap_or(false),
            rounds: day.time_limit_rounds,
            seats: day.seats.iter().map(CodeSeat::from).collect(),
            ..self
        }
    }

    /// The fields a `W1-` code holds.
    fn v1_layout(&self) -> V1Layout {
        (
            self.rules_version,
            self.content,
            self.seed,
            self.mode,
            self.setup,
            self.two_player_variant,
            self.rounds,
            self.seats.clone(),
            self.daily.clone(),
            self.choices.clone(),
            self.claim.clone(),
        )
    }

    /// A game read from a `W1-` code's fields.
    fn from_v1_layout(v1: V1Layout) -> CodeGame {
        let (
            rules_version,
            content,
            seed,
            mode,
            setup,
            two_player_variant,
            rounds,
            seats,
            daily,
            choices,
            claim,
        ) = v1;
        CodeGame {
            rules_version,
            bots_version: None,
            content,
            seed,
            mode,
            setup,
            two_player_variant,
            rounds,
            seats,
            daily,
            choices,
            claim,
            name: None,
            layout: Layout::Full,
        }
    }

    /// Reads a code from a text holding it: a code alone, a share line or a link, the code
    /// perhaps broken over lines by a chat. The code runs from its tag; where a chat broke it,
    /// the pieces after the break are taken in as long as they make a code whose checksum
    /// holds, so words after the code (a share line's "try it!") are not part of it.
    pub fn decode(text: &str) -> Result<CodeGame, CodeError> {
        // A code may be pasted as part of a share line or a link: take it from its tag on.
        let Some((start, tag)) = CODE_TAGS
            .into_iter()
            .filter_map(|tag| Some((text.find(tag)?, tag)))
            .min()
        else {
            return Err(CodeError::NotACode);
        };
        let code_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        let mut body = String::new();
        let mut last = CodeError::Damaged;
        for piece in text[start + tag.len()..]
            .split(char::is_whitespace)
            .filter(|p| !p.is_empty())
            .take(MAX_PIECES)
        {
            let code_part: String = piece.chars().take_while(|c| code_char(*c)).collect();
            let ended = code_part.len() < piece.len();
            body.push_str(&code_part);
            if tag.len() + body.len() > MAX_CODE_CHARS {
                return Err(CodeError::TooLong(tag.len() + body.len()));
            }
            match Self::decode_body(tag, &body) {
                Ok(game) => return Ok(game),
                Err(error) => last = error,
            }
            // The code ends at the first character that cannot be in it.
            if ended || code_part.is_empty() {
                break;
            }
        }
        Err(last)
    }

    /// Reads a code's body (its text after the tag).
    fn decode_body(tag: &str, text_body: &str) -> Result<CodeGame, CodeError> {
        let bytes = URL_SAFE_NO_PAD
            .decode(text_body)
            .map_err(|_| CodeError::Damaged)?;
        // The full layouts are deflated whole; the compact one deflates its choices inside.
        let packed = if tag == CODE_TAG_COMPACT {
            bytes
        } else {
            miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED)
                .map_err(|_| CodeError::Damaged)?
        };
        let (sum, body) = packed.split_at_checked(4).ok_or(CodeError::Damaged)?;
        if sum != checksum(body) {
            return Err(CodeError::Damaged);
        }
        let game: CodeGame = match tag {
            CODE_TAG => postcard::from_bytes(body),
            CODE_TAG_NAMED => {
                postcard::from_bytes::<(CodeGame, String)>(body).map(|(game, name)| CodeGame {
                    name: Some(name),
                    ..game
                })
            }
            CODE_TAG_COMPACT => Compact::read(body, MAX_INFLATED)
                .and_then(Compact::game)
                .ok_or(postcard::Error::SerdeDeCustom),
            _ => postcard::from_bytes(body).map(CodeGame::from_v1_layout),
        }
        .map_err(|_| CodeError::Damaged)?;
        // A predicted choice is the compact layout's alone.
        if game.layout == Layout::Full && game.choices.contains(&Choice::Predicted) {
            return Err(CodeError::Damaged);
        }
        // A name is carried only as the game's own (clean, never empty).
        if let Some(name) = &game.name
            && clean_name(name).as_deref() != Some(name.as_str())
        {
            return Err(CodeError::Damaged);
        }
        // Only the one text this game encodes to is its code: bits a change could flip
        // unseen (past the end of the compressed stream) do not make a second code.
        match game.encode() {
            Ok(again) if again == format!("{tag}{text_body}") => Ok(game),
            _ => Err(CodeError::Damaged),
        }
    }
}

fn checksum(body: &[u8]) -> [u8; 4] {
    let digest = Sha256::digest(body);
    [digest[0], digest[1], digest[2], digest[3]]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> CodeGame {
        CodeGame {
            rules_version: 1,
            bots_version: Some(1),
            content: hash_prefix("149fe6286cc240ab52b3137940887557"),
            seed: 42,
            mode: Mode::Challenge,
            setup: SetupChoice::Preset,
            two_player_variant: false,
            rounds: Some(15),
            seats: vec![
                CodeSeat::Person,
                CodeSeat::Bot {
                    tier: BotKind::Normal,
                    seed: 43,
                },
            ],
            daily: Some(DailyTag {
                date: "2026-11-26".to_owned(),
                scored: true,
            }),
            choices: vec![
                Choice::Bare(1),
                Choice::Listed(3),
                Choice::Undo(1),
                Choice::Written(r#"{"type":"Pass"}"#.to_owned()),
            ],
            claim: Claim {
                result: "prestige".to_owned(),
                score: 8000,
                round: 9,
                state: [1, 2, 3, 4, 5, 6, 7, 8],
            },
            name: None,
            layout: Layout::Full,
        }
    }

    #[test]
    fn a_name_makes_a_w3_code_whose_checksum_covers_it() {
        let named = CodeGame {
            name: clean_name("  Anna\u{7} of   York "),
            ..sample()
        };
        assert_eq!(named.name.as_deref(), Some("Anna of York"));
        let code = named.encode().unwrap();
        assert!(code.starts_with(CODE_TAG_NAMED), "{code}");
        assert_eq!(CodeGame::decode(&code).unwrap(), named);
        // The W2 code of the same game is unchanged by the name's field.
        let plain = sample().encode().unwrap();
        assert!(plain.starts_with(CODE_TAG));
        assert_eq!(CodeGame::decode(&plain).unwrap().name, None);
        // Read under another tag, the body is no code.
        assert_eq!(
            CodeGame::decode(&code.replacen(CODE_TAG_NAMED, CODE_TAG, 1)).unwrap_err(),
            CodeError::Damaged
        );
        // Every single-character change is refused: the name is under the checksum.
        let alphabet: Vec<char> = "AZaz09-_".chars().collect();
        for at in CODE_TAG_NAMED.len()..code.len() {
            for &c in &alphabet {
                let mut changed: Vec<char> = code.chars().collect();
                if changed[at] == c {
                    continue;
                }
                changed[at] = c;
                let changed: String = changed.into_iter().collect();
                assert!(CodeGame::decode(&changed).is_err(), "{changed}");
            }
        }
        assert_eq!(clean_name("   "), None);
        assert_eq!(
            clean_name(&"x".repeat(40)).unwrap().chars().count(),
            MAX_NAME_CHARS
        );
    }

    #[test]
    fn a_code_reads_back_as_written_even_inside_a_share_line() {
        let code = sample().encode().unwrap();
        assert!(code.starts_with(CODE_TAG));
        assert!(
            code.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
        );
        assert_eq!(CodeGame::decode(&code).unwrap(), sample());
        let line = format!("Warwick daily 2026-11-26: won in round 9. {code} — try it!");
        assert_eq!(CodeGame::decode(&line).unwrap(), sample());
        let wrapped = format!("{}\n{}", &code[..20], &code[20..]);
        assert_eq!(CodeGame::decode(&wrapped).unwrap(), sample());
        // Words after the code are not part of it, even on the same line or after a break.
        for after in [" try it", "\ntry it", " — beat that!", ". Go", "  42"] {
            let line = format!("Daily: won. {code}{after}");
            assert_eq!(CodeGame::decode(&line).unwrap(), sample(), "{after:?}");
            let line = format!("Daily: won. {}\n{}{after}", &code[..30], &code[30..]);
            assert_eq!(
                CodeGame::decode(&line).unwrap(),
                sample(),
                "broken, {after:?}"
            );
        }
    }

    #[test]
    fn a_code_without_the_bots_version_is_written_and_read_in_the_first_layout() {
        let old = CodeGame {
            bots_version: None,
            ..sample()
        };
        let code = old.encode().unwrap();
        assert!(code.starts_with(CODE_TAG_V1), "{code}");
        assert_eq!(CodeGame::decode(&code).unwrap(), old);
        // The first layout is the fields in order without the bots' version.
        let sample = sample();
        let body = postcard::to_stdvec(&sample).unwrap();
        let v1 = postcard::to_stdvec(&old.v1_layout()).unwrap();
        assert_eq!(body.len(), v1.len() + 2, "one tag byte and the version");
        assert_eq!(
            CodeGame::decode(&code.replacen(CODE_TAG_V1, CODE_TAG, 1)).unwrap_err(),
            CodeError::Damaged
        );
    }

    #[test]
    fn every_single_character_change_and_every_cut_is_refused() {
        let code = sample().encode().unwrap();
        let alphabet: Vec<char> =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
                .chars()
                .collect();
        for at in CODE_TAG.len()..code.len() {
            for &c in alphabet.iter().step_by(7) {
                let mut changed: Vec<char> = code.chars().collect();
                if changed[at] == c {
                    continue;
                }
                changed[at] = c;
                let changed: String = changed.into_iter().collect();
                assert!(CodeGame::decode(&changed).is_err(), "{changed}");
            }
        }
        for cut in CODE_TAG.len()..code.len() {
            assert!(CodeGame::decode(&code[..cut]).is_err(), "cut at {cut}");
        }
        assert_eq!(CodeGame::decode("hello").unwrap_err(), CodeError::NotACode);
        assert_eq!(
            CodeGame::decode(&code.replacen(CODE_TAG, "W9-", 1)).unwrap_err(),
            CodeError::NotACode
        );
        // A code's body read under the other layout's tag is not a code.
        assert_eq!(
            CodeGame::decode(&code.replacen(CODE_TAG, CODE_TAG_V1, 1)).unwrap_err(),
            CodeError::Damaged
        );
        let long = format!("{CODE_TAG}{}", "A".repeat(MAX_CODE_CHARS));
        assert!(matches!(
            CodeGame::decode(&long),
            Err(CodeError::TooLong(_))
        ));
    }
}
