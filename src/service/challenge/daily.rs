//! The daily challenge: the same game for everyone on the same Warwick each UTC day. Its seed,
//! set-up, line-up, the person's seat and the round limit all follow from the date, the rules
//! version and the content hash (SHA-256 of `warwick daily v1|DATE|rules N|content HASH`), so
//! two players on the same version get the same game and a change of rules or data gives a new
//! one. Must not read the store or the clock (the caller says which day). The dailies of a few
//! days are pinned in `src/service/golden/dailies-v1.json`.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::bots::BotKind;

use crate::service::new_game::{Mode, NewGame, SeatPlayer, SetupChoice};

/// The round limit of every daily challenge (the time limit, 6.01: a Minor Prestige Victory
/// when it runs out).
pub const DAILY_ROUNDS: u32 = 15;

/// The bits of a daily's seed kept (see [`daily`]).
const JS_SAFE_SEED: u64 = (1 << 52) - 1;

/// One day's challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Daily {
    /// The UTC day, `YYYY-MM-DD`.
    pub date: String,
    /// The game's seed.
    #[ts(type = "number")]
    pub seed: u64,
    /// Pre-set or controlled random.
    pub setup: SetupChoice,
    /// The bot factions' tiers, in seat order after the person.
    pub bots: Vec<BotKind>,
    /// The person's seat.
    pub person: u8,
    /// The round limit.
    pub rounds: u32,
}

/// The challenge of `date` under this rules version and content.
pub fn daily(date: NaiveDate, rules_version: u32, content_hash: &str) -> Daily {
    let text = format!(
        "warwick daily v1|{}|rules {rules_version}|content {content_hash}",
        date.format("%Y-%m-%d")
    );
    let digest = Sha256::digest(text.as_bytes());
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&digest[..8]);
    let bots = 2 + usize::from(digest[8] % 3);
    let players = bots as u8 + 1;
    Daily {
        date: date.format("%Y-%m-%d").to_string(),
        // Kept below 2^52, so that it and the bots' seeds after it are exact as numbers in
        // JavaScript (whose integers are exact only up to 2^53).
        seed: u64::from_le_bytes(seed) & JS_SAFE_SEED,
        setup: if digest[9] % 2 == 0 {
            SetupChoice::Preset
        } else {
            SetupChoice::ControlledRandom
        },
        bots: vec![BotKind::Normal; bots],
        person: digest[10] % players,
        rounds: DAILY_ROUNDS,
    }
}

impl Daily {
    /// The new game of this challenge (the service tags it as the day's scored attempt or as
    /// practice).
    pub fn new_game(&self) -> NewGame {
        let mut bots = self.bots.iter().enumerate();
        let players = self.bots.len() + 1;
        let seats = (0..players)
            .map(|seat| {
                if seat == usize::from(self.person) {
                    SeatPlayer::Human
                } else {
                    let (i, tier) = bots.next().map_or((0, BotKind::Normal), |(i, t)| (i, *t));
                    SeatPlayer::Bot {
                        tier,
                        seed: self.seed.wrapping_add(i as u64 + 1),
                    }
                }
            })
            .collect();
        NewGame {
            mode: Mode::Challenge,
            seats,
            setup: self.setup,
            two_player_variant: None,
            time_limit_rounds: Some(self.rounds),
            seed: self.seed,
        }
    }
}

/// The first day with a daily challenge: no date before it names one.
pub const FIRST_DAILY: &str = "2026-11-26";

/// Reads a day's date, written exactly `YYYY-MM-DD` (a four-digit year, no spaces: a day has
/// one text), from [`FIRST_DAILY`] on.
pub fn parse_date(text: &str) -> Result<NaiveDate, String> {
    let shown = text.chars().take(40).collect::<String>();
    let shaped = text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    let date = NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .filter(|_| shaped)
        .ok_or_else(|| format!("`{shown}` is not a date written YYYY-MM-DD"))?;
    let first = NaiveDate::parse_from_str(FIRST_DAILY, "%Y-%m-%d")
        .map_err(|_| "the first daily's date is unreadable".to_owned())?;
    if date < first {
        return Err(format!(
            "`{shown}` is before the first daily challenge ({FIRST_DAILY})"
        ));
    }
    Ok(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_for_a_fixed_date_is_pinned() {
        let date = parse_date("2026-11-26").unwrap();
        let day = daily(
            date,
            1,
            "149fe6286cc240ab52b3137940887557cebb4151a82aa78e1b5602939fad6287",
        );
        // Golden: changing how a daily is derived would give players a different game.
        let golden = serde_json::json!({
            "date": "2026-11-26",
            "seed": 879_675_593_321_617_u64,
            "setup": "preset",
            "bots": ["normal", "normal"],
            "person": 1,
            "rounds": 15
        });
        assert_eq!(serde_json::to_value(&day).unwrap(), golden);
    }

    #[test]
    fn days_versions_and_content_each_give_another_daily() {
        let date = parse_date("2026-11-26").unwrap();
        let next = parse_date("2026-11-27").unwrap();
        let base = daily(date, 1, "aa");
        assert_ne!(base.seed, daily(next, 1, "aa").seed);
        assert_ne!(base.seed, daily(date, 2, "aa").seed);
        assert_ne!(base.seed, daily(date, 1, "ab").seed);
        assert_eq!(
            base,
            daily(date, 1, "aa"),
            "the same inputs, the same daily"
        );
        for day in 0..60 {
            let d = daily(date + chrono::Days::new(day), 1, "aa");
            assert!((2..=4).contains(&d.bots.len()));
            assert!(usize::from(d.person) <= d.bots.len());
            let game = d.new_game();
            assert_eq!(game.options().unwrap().humans(), vec![d.person]);
        }
        assert!(parse_date("2026-13-01").is_err());
        assert!(parse_date("yesterday").is_err());
    }

    #[test]
    fn a_day_has_one_text_and_none_before_the_first_daily() {
        assert!(parse_date("2026-11-26").is_ok());
        for other in [
            "2026-11-26 ",
            " 2026-11-26",
            "2026-11-26\n",
            "26-11-26",
            "0000-01-01",
            "0026-11-26",
            "2026-1-26",
            "+2026-11-26",
            "2026-11-25",
            "20261-11-26",
            "２026-11-26",
        ] {
            assert!(parse_date(other).is_err(), "{other:?}");
        }
        assert!(parse_date("9999-12-31").is_ok());
    }
}
