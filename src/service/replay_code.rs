//! Replay codes as calls: the code of a finished game, and a code verified by replaying the
//! whole game with the same bots (each bot choosing for itself, the person's choices taken from
//! the code) and checking it ends as claimed; a verified code can be opened as a game, to be
//! watched on the timeline. Refuses a code from another rules, bots or content version, a
//! damaged one, one whose choices the rules refuse, that ends before the game does or goes on
//! after, and one whose replay does not match its claim. A code that did not record its bots'
//! version is replayed with these bots; if it does not replay as it claims, it is refused as
//! one these bots cannot check (older bots may have played it), not as a false claim. Must not
//! hold rule logic.

use chrono::{SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::bots::{BOTS_VERSION, FIRST_REDERIVED_BOTS_VERSION, Meter, bots_version_rederived};
use crate::content::Content;
use crate::rules::{
    Command, Event, FIRST_RULES_VERSION, FactionIdx, RULES_VERSION, State, decide, initial_state,
    legal_commands, rules_version_supported, start, state_hash,
};
use crate::store::{GameId, GameRecord, NewEvent, StoreError};

use super::bot_seat;
use super::challenge::{
    Choice, Claim, CodeGame, Layout, LineFacts, Score, hash_prefix, line_difference, read_line,
    score_of, share_line,
};
use super::code_writing::{encode, predictor};
use super::core::{Service, Session, game_row};
use super::error::{ServiceError, ServiceResult};
use super::history::History;
use super::new_game::{DailyTag, MAX_TIME_LIMIT_ROUNDS, Mode, NewGame, SeatPlayer};
use super::play::bot_to_act;
use super::records::{CommandRecord, ResignedRecord, Row, UndoneRecord};
use super::resign::resign_refused;
use super::summary::GameSummaryRow;
use super::undo::undo_policy;
use super::verification::GameRequest;
use super::work::{Check, PER_UNDO, Stopped, Work, budget_for};

/// The most rows a replayed code may make (a capped game never comes near).
const MAX_REPLAY_ROWS: usize = 400_000;

/// The most choices a code may hold per round it claims (an honest round takes the person a
/// few dozen at most), and whatever its rounds.
const MAX_CHOICES_PER_ROUND: usize = 400;
const MAX_CHOICES_BASE: usize = 400;

/// What a take-back costs a replay beyond the rows it re-reads: the state rebuilt from the
/// nearest snapshot (at most [`super::SNAPSHOT_EVERY`] rows).
const UNDO_WORK: u64 = super::history::SNAPSHOT_EVERY;

/// A replay code's text.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct CodeText {
    /// The code (or a share line holding it).
    pub code: String,
}

/// A finished game's replay code and the line to share it with.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SharedCode {
    /// The code.
    pub code: String,
    /// The line to share: the result in words, then the code (`Warwick daily 2026-11-26 —
    /// Prestige Victory in round 9 — 8,171 points, 2 undos — W2-…`). Verifying it checks its
    /// words as well as its code.
    pub line: String,
}

/// What a verified code proves.
#[derive(Clone, Debug, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct VerifiedCode {
    /// The code, as read.
    pub code: String,
    /// How the game ended for the person (`royalty` … `loss`), or `none` for bots only.
    pub result: String,
    /// The score, line by line (for a game with a person).
    pub score: Option<Score>,
    /// The round it ended in.
    pub round: u32,
    /// The rules' outcome.
    #[ts(as = "Option<crate::rules::Outcome>")]
    pub outcome: serde_json::Value,
    /// Who played each seat.
    pub seats: Vec<SeatPlayer>,
    /// The undo mode it was played in (a daily's is always `challenge`).
    pub mode: Mode,
    /// The daily challenge it was, if any. Its `scored` is the player's own claim that this
    /// was their first attempt at the day on their device: no code can prove which attempt
    /// came first, so it is shown as their word, never as verified.
    pub daily: Option<DailyTag>,
    /// The person's choices replayed (undos included).
    pub choices: u32,
    /// Undos among them.
    pub undos: u32,
    /// The final state's hash.
    pub final_state_hash: String,
    /// The player's name the code carries (a `W3-` code), covered by its checksum.
    pub name: Option<String>,
    /// The line to share this result with, its words as the replay found them.
    pub line: String,
    /// What the code says that no replay can prove, in the player's words: a daily's claim to
    /// be the player's first attempt at the day on their device. Shown as their word, never
    /// as verified.
    pub unproven: Vec<String>,
    /// The work the check took, in commands decided (`super::work`): a few hundred per
    /// faction and round for a game of heuristic bots.
    #[ts(type = "number")]
    pub checked_steps: u64,
    /// The game it was opened as (`open_code` only).
    #[ts(type = "number | null")]
    pub game: Option<GameId>,
}

impl Service {
    /// The replay code of a finished game, and the line to share it with.
    pub fn replay_code(&self, request: &GameRequest) -> ServiceResult<SharedCode> {
        // The player's name, if they set one, goes into the code their friends' boards read.
        let name = self.settings().ok().and_then(|v| v.settings.player_name);
        self.with_game(request.game, |g| {
            let code = encode(
                g.content,
                &self.content_hash,
                g.session,
                name,
                Layout::Compact,
            )?;
            let history = &g.session.history;
            let score = score_of(history, &g.session.options);
            let facts = line_facts(
                g.session.options.daily.as_ref(),
                score.as_ref(),
                history.current().clock.round,
                history.undo_count() as u32,
            );
            Ok(SharedCode {
                line: share_line(&facts, &code),
                code,
            })
        })
    }

    /// The code of a finished game in the full layout (`W2-`), as Warwicks before the compact
    /// layout wrote it: such codes are still read, so the fuzzer forges them and tests pin them.
    /// It carries no name.
    pub fn replay_code_full(&self, request: &GameRequest) -> ServiceResult<String> {
        self.with_game(request.game, |g| {
            encode(g.content, &self.content_hash, g.session, None, Layout::Full)
        })
    }

    /// Replays a code and checks it ends as it claims; stores nothing. Bounded as a check
    /// someone waits on ([`super::work::CHECK_CAP`]).
    pub fn verify_code(&self, request: &CodeText) -> ServiceResult<VerifiedCode> {
        self.verify_code_with(request, &Check::default())
    }

    /// [`Service::verify_code`] under `check` (its cap, and the caller's way to give it up).
    pub fn verify_code_with(
        &self,
        request: &CodeText,
        check: &Check,
    ) -> ServiceResult<VerifiedCode> {
        let content = self.content()?;
        // What the words before the code say, read before the replay (a line that cannot be
        // read is refused at once), checked against its result after.
        let said = words_before_code(&request.code)
            .map(read_line)
            .transpose()
            .map_err(|e| ServiceError::CodeRefused(format!("the shared line: {e}")))?
            .flatten();
        let replayed = replay(
            content,
            &self.content_hash,
            &request.code,
            false,
            None,
            check,
        )?;
        if let Some(said) = said {
            let verified = &replayed.verified;
            let found = line_facts(
                verified.daily.as_ref(),
                verified.score.as_ref(),
                verified.round,
                verified.undos,
            );
            if let Some(difference) = line_difference(&said, &found) {
                return Err(ServiceError::CodeRefused(format!(
                    "the shared line's words do not match its game, whose code checks out: \
                     {difference}"
                )));
            }
        }
        Ok(replayed.verified)
    }

    /// Replays a code, checks it, and keeps it as a game that can be watched on the timeline.
    /// The game is someone else's, kept to be watched: it counts for neither the player's
    /// daily challenge nor their history.
    pub fn open_code(&self, request: &CodeText) -> ServiceResult<VerifiedCode> {
        self.open_code_with(request, &Check::default())
    }

    /// [`Service::open_code`] under `check`.
    pub fn open_code_with(&self, request: &CodeText, check: &Check) -> ServiceResult<VerifiedCode> {
        self.open_code_at(&request.code, None, true, check)
    }

    /// [`Service::open_code`], the game dated `created` (an RFC 3339 time) when given, and
    /// counted as the player's own unless `watched` (their own history brought back).
    pub(super) fn open_code_at(
        &self,
        code: &str,
        created: Option<&str>,
        watched: bool,
        check: &Check,
    ) -> ServiceResult<VerifiedCode> {
        let content = self.content()?;
        let created = created
            .filter(|c| c.chars().count() <= 40 && chrono::DateTime::parse_from_rfc3339(c).is_ok());
        let Replayed {
            mut verified,
            mut session,
        } = replay(content, &self.content_hash, code, true, created, check)?;
        session.watched = watched;
        let rows = session
            .history
            .rows()
            .iter()
            .map(Row::encode)
            .collect::<Result<Vec<NewEvent>, _>>()?;
        let mut summary = GameSummaryRow::of(content, &self.content_hash, &session);
        // The game keeps the very code it was opened from (a `W2-` code stays one, though
        // Warwick now writes `W4-`), so a history file reads and writes the same and a line
        // held already is known again.
        if summary.code.is_some() {
            summary.code = Some(verified.code.clone());
        }
        let summary = summary.encode()?;
        // The player's own scored daily brought back takes the day's row if it is free; if the
        // day has its scored attempt already, this one is kept and counts as practice.
        let scored_day = session
            .options
            .daily
            .as_ref()
            .filter(|d| d.scored && !watched)
            .map(|d| d.date.clone());
        let (game, _) = self.with_db(|log| {
            let claimed = match &scored_day {
                Some(date) => log.create_scored_daily(&session.record, &rows, &summary, date),
                None => log.create_game_with_summary(&session.record, &rows, &summary),
            };
            Ok(match claimed {
                Err(StoreError::DailyTaken(_)) => {
                    log.create_game_with_summary(&session.record, &rows, &summary)?
                }
                other => other?,
            })
        })?;
        verified.game = Some(game);
        Ok(verified)
    }
}

/// The text before a replay code's tag in `text`, if it holds a tag.
fn words_before_code(text: &str) -> Option<&str> {
    super::challenge::CODE_TAGS
        .into_iter()
        .filter_map(|tag| text.find(tag))
        .min()
        .map(|start| &text[..start])
}

/// What a share line states of a game.
fn line_facts(
    daily: Option<&DailyTag>,
    score: Option<&Score>,
    round: u32,
    undos: u32,
) -> LineFacts {
    LineFacts {
        date: daily.map(|d| d.date.clone()),
        practice: daily.is_some_and(|d| !d.scored),
        result: score.map_or("none".to_owned(), |s| s.result.clone()),
        round,
        score: score.map(|s| s.total),
        undos: score.map(|_| undos),
    }
}

/// A replayed code: what it proves and the game it makes.
struct Replayed {
    verified: VerifiedCode,
    session: Session,
}

/// Replays a code with the same bots and checks its claim. With `hashes`, each command row
/// records the hash of the state it was decided on, as a stored game's must (to open it as a
/// game); a verification alone skips them. The game is dated `created`, or now.
fn replay(
    content: &Content,
    content_hash: &str,
    text: &str,
    hashes: bool,
    created: Option<&str>,
    check: &Check,
) -> ServiceResult<Replayed> {
    let code = CodeGame::decode(text).map_err(|e| ServiceError::BadCode(e.to_string()))?;
    match code.bots_version {
        Some(version) if !bots_version_rederived(version) => Err(ServiceError::Version(format!(
            "the replay code was played by bots of version {version}; this Warwick's bots \
             choose as versions {FIRST_REDERIVED_BOTS_VERSION} to {BOTS_VERSION}, and a code is \
             replayed by the bots that played it, so it cannot be checked here"
        ))),
        Some(_) => replay_code(content, content_hash, code, hashes, created, check),
        // Made before codes recorded their bots: only a replay with these bots can tell.
        None => {
            replay_code(content, content_hash, code, hashes, created, check).map_err(|e| match e {
                ServiceError::CodeRefused(reason) => ServiceError::Version(format!(
                    "{reason}. The code was made before Warwick recorded its bots' version: if an \
                 older Warwick made it, its bots played otherwise than this one's \
                 (version {BOTS_VERSION}), so it cannot be checked here"
                )),
                other => other,
            })
        }
    }
}

/// [`replay`] of a code read.
fn replay_code(
    content: &Content,
    content_hash: &str,
    code: CodeGame,
    hashes: bool,
    created: Option<&str>,
    check: &Check,
) -> ServiceResult<Replayed> {
    let refuse = |reason: String| ServiceError::CodeRefused(format!("the replay code {reason}"));
    if !rules_version_supported(code.rules_version) {
        return Err(ServiceError::Version(format!(
            "the replay code was made by rules version {}; this Warwick plays rules versions \
             {FIRST_RULES_VERSION} to {RULES_VERSION}",
            code.rules_version
        )));
    }
    if !code.content_is(content_hash) {
        return Err(ServiceError::Version(
            "the replay code was made with other game data (another Warwick version)".to_owned(),
        ));
    }
    // A day's game is the day's: the compact layout names the day only.
    let code = match &code.daily {
        Some(tag) if code.is_day_game() => {
            let date = super::challenge::parse_date(&tag.date)
                .map_err(|e| refuse(format!("names no day Warwick has: {e}")))?;
            let day = super::dailies::daily_for(date, code.rules_version, content_hash);
            code.with_day(&day.new_game())
        }
        _ => code,
    };
    let request = NewGame {
        mode: code.mode,
        seats: code.seats.iter().map(SeatPlayer::from).collect(),
        setup: code.setup,
        two_player_variant: Some(code.two_player_variant),
        time_limit_rounds: code.rounds,
        seed: code.seed,
    };
    let mut options = request
        .options()
        .map_err(|e| refuse(format!("describes no game Warwick plays: {e}")))?;
    options.daily = code.daily.clone();
    // The rules it was played under, which a replay needs (an old game's may be older ones).
    options.setup.rules_version = code.rules_version;
    // As the code says: a code without it makes a game whose code is that code again.
    options.bots_version = code.bots_version;
    super::dailies::check_daily(&options, code.mode, code.rules_version, content_hash)
        .map_err(refuse)?;
    // The work is bounded before the replay starts, by the size of the game the code claims.
    let claimed = code.claim.round;
    let limit = options
        .setup
        .time_limit_rounds
        .unwrap_or(MAX_TIME_LIMIT_ROUNDS);
    if claimed == 0 || claimed > limit {
        return Err(refuse(format!(
            "claims its game ended in round {claimed}, which a game with {} cannot reach",
            match options.setup.time_limit_rounds {
                Some(rounds) => format!("a limit of {rounds} rounds"),
                None => "no round limit".to_owned(),
            }
        )));
    }
    let most_choices = MAX_CHOICES_BASE + MAX_CHOICES_PER_ROUND * claimed as usize;
    if code.choices.len() > most_choices {
        return Err(refuse(format!(
            "holds {} choices, more than a game of {claimed} rounds ever needs ({most_choices})",
            code.choices.len()
        )));
    }
    let bots = (0..options.seats.len())
        .map(|seat| options.bot_tier(seat as FactionIdx).map(|(tier, _)| tier));
    let undos = code
        .choices
        .iter()
        .filter(|c| matches!(c, Choice::Undo(_)))
        .count() as u64;
    let mut work =
        check.work(budget_for(bots, claimed).saturating_add(undos.saturating_mul(PER_UNDO)));
    let record = GameRecord {
        id: 0,
        created: created.map_or_else(
            || Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
            str::to_owned,
        ),
        rules_version: code.rules_version,
        content_hash: content_hash.to_owned(),
        seed: code.seed,
        mode: code.mode.as_str().to_owned(),
        options: serde_json::to_value(&options)?,
        parent: None,
    };
    let (_, setup_events) = start(content, &options.setup)?;
    let mut history = History::new(initial_state(content, &options.setup));
    let push = |history: &mut History, row: Row| {
        history
            .push(content, row)
            .map_err(|e| ServiceError::Verify(e.to_string()))
    };
    push(&mut history, game_row(&record, &options, code.mode))?;
    for event in setup_events {
        push(&mut history, Row::Event(event))?;
    }
    let person = options.humans().first().copied();
    let mut choices = code.choices.iter().enumerate().peekable();
    let mut undos = 0;
    let mut memories = bot_seat::Memories::default();
    let stopped = |stop: Stopped| match stop {
        Stopped::Cancelled => ServiceError::Cancelled(stop.to_string()),
        Stopped::OverBudget { .. } | Stopped::OverCap { .. } => {
            ServiceError::CodeRefused(format!("the replay code cannot be checked: {stop}"))
        }
    };
    while history.current().outcome.is_none() {
        if history.rows().len() > MAX_REPLAY_ROWS {
            return Err(refuse("makes a game too long to replay".to_owned()));
        }
        if history.current().clock.round > claimed {
            return Err(refuse(format!(
                "claims its game ended in round {claimed}, but it goes on past that round"
            )));
        }
        // A resignation at this point of the history, whoever was to act.
        if let Some((n, Choice::Resign(at))) = choices.peek().copied()
            && *at == history.head()
        {
            let person = person.ok_or_else(|| refuse("resigns a game of bots only".to_owned()))?;
            if let Some(reason) = resign_refused(&history, &options, person) {
                return Err(refuse(format!("has choice {} resigning: {reason}", n + 1)));
            }
            push(&mut history, Row::Resigned(ResignedRecord { by: person }))?;
            choices.next();
            continue;
        }
        // A choice marked out of turn is given before the bot awaited acts.
        let out_of_turn = matches!(choices.peek(), Some((_, Choice::OutOfTurn)));
        if out_of_turn {
            choices.next();
        } else if let Some(bot) = bot_to_act(&history, &options) {
            let seat = bot_seat::BotSeat::of(&options, bot)
                .ok_or_else(|| refuse(format!("has no bot in seat {bot}")))?;
            let (command, decided) =
                metered_choice(content, &history, seat, &mut memories, &mut work)
                    .map_err(stopped)?;
            let command =
                command.ok_or_else(|| refuse(format!("leaves seat {bot} with nothing to do")))?;
            let cost = apply_decided(content, &mut history, bot, &command, decided, hashes)
                .map_err(|e| refuse(format!("makes a bot give a refused command: {e}")))?;
            work.spend(cost).map_err(stopped)?;
            continue;
        }
        let Some(person) =
            person.filter(|p| out_of_turn || crate::rules::awaiting(history.current()).contains(p))
        else {
            return Err(refuse("reaches a point where no one can act".to_owned()));
        };
        let Some((n, choice)) = choices.next() else {
            return Err(refuse(format!(
                "ends before the game does (in round {})",
                history.current().clock.round
            )));
        };
        match choice {
            Choice::Bare(bare) => {
                let command = Command::PARAMETERLESS
                    .get(usize::from(*bare))
                    .ok_or_else(|| refuse(format!("has choice {} that is no command", n + 1)))?;
                let cost = apply(content, &mut history, person, command, hashes)
                    .map_err(|e| refuse(format!("has choice {} refused: {e}", n + 1)))?;
                work.spend(cost).map_err(stopped)?;
            }
            Choice::Listed(index) => {
                let mut legal = legal_commands(content, history.current(), person);
                work.spend(legal.len() as u64).map_err(stopped)?;
                legal.sort();
                let command = legal.get(*index as usize).cloned().ok_or_else(|| {
                    refuse(format!(
                        "has choice {} that is not one of the moves listed",
                        n + 1
                    ))
                })?;
                let cost = apply(content, &mut history, person, &command, hashes)
                    .map_err(|e| refuse(format!("has choice {} refused: {e}", n + 1)))?;
                work.spend(cost).map_err(stopped)?;
            }
            Choice::Written(json) => {
                let command: Command = serde_json::from_str(json)
                    .map_err(|_| refuse(format!("has choice {} unreadable", n + 1)))?;
                let cost = apply(content, &mut history, person, &command, hashes)
                    .map_err(|e| refuse(format!("has choice {} refused: {e}", n + 1)))?;
                work.spend(cost).map_err(stopped)?;
            }
            Choice::Advised => {
                let given_up = || work.given_up();
                let meter = Meter::new(work.left(), &given_up);
                let advised = super::advice::advise_metered(
                    content,
                    &history,
                    person,
                    record.seed,
                    options.bots_version_played(),
                    Some(&meter),
                )
                .ok_or_else(|| refuse(format!("has choice {} advising nothing", n + 1)))?;
                let ran_out = meter.stopped();
                work.spend(advised.work).map_err(stopped)?;
                if ran_out {
                    work.spend(work.left() + 1).map_err(stopped)?;
                }
                let cost = apply_advised(
                    content,
                    &mut history,
                    person,
                    &advised.command,
                    hashes,
                    true,
                )
                .map_err(|e| refuse(format!("has choice {} refused: {e}", n + 1)))?;
                work.spend(cost).map_err(stopped)?;
            }
            Choice::Predicted => {
                if out_of_turn {
                    return Err(refuse(format!(
                        "has choice {} predicted out of turn",
                        n + 1
                    )));
                }
                let (command, decided) = metered_choice(
                    content,
                    &history,
                    predictor(&options, person),
                    &mut memories,
                    &mut work,
                )
                .map_err(stopped)?;
                let command = command
                    .ok_or_else(|| refuse(format!("has choice {} predicting nothing", n + 1)))?;
                let cost = apply_decided(content, &mut history, person, &command, decided, hashes)
                    .map_err(|e| refuse(format!("has choice {} refused: {e}", n + 1)))?;
                work.spend(cost).map_err(stopped)?;
            }
            Choice::OutOfTurn => {
                return Err(refuse(format!(
                    "has choice {} marking no choice out of turn",
                    n + 1
                )));
            }
            Choice::Undo(back) => {
                let from = history
                    .stack()
                    .iter()
                    .rev()
                    .filter(|b| b.by == Some(person))
                    .nth((*back as usize).saturating_sub(1))
                    .map(|b| b.start)
                    .ok_or_else(|| refuse(format!("has choice {} undoing nothing", n + 1)))?;
                undo_policy(content, code.mode, &history, person, Some(from)).map_err(|e| {
                    refuse(format!("has choice {} breaking the undo mode: {e}", n + 1))
                })?;
                let to = history.stack().last().map_or(0, |b| b.end);
                work.spend(UNDO_WORK).map_err(stopped)?;
                push(
                    &mut history,
                    Row::Undone(UndoneRecord {
                        from,
                        to,
                        by: person,
                    }),
                )?;
                undos += 1;
            }
            Choice::Resign(_) => {
                return Err(refuse(format!(
                    "has choice {} resigning at another point than the game reached",
                    n + 1
                )));
            }
        }
    }
    if choices.next().is_some() {
        return Err(refuse("goes on after the game has ended".to_owned()));
    }
    let session = Session {
        record,
        options,
        mode: code.mode,
        history,
        memories: Default::default(),
        watched: false,
    };
    let state = session.history.current();
    let score = score_of(&session.history, &session.options);
    let result = score
        .as_ref()
        .map_or("none".to_owned(), |s| s.result.clone());
    let claim = &code.claim;
    let found = Claim {
        result: result.clone(),
        score: score.as_ref().map_or(0, |s| s.total),
        round: state.clock.round,
        state: hash_prefix(&state_hash(state)),
    };
    if let Some(difference) = claim_difference(claim, &found, code.claims_state(&found.state)) {
        return Err(refuse(difference));
    }
    let text = code.encode().unwrap_or_default();
    let mut verified = VerifiedCode {
        code: text.clone(),
        result,
        score,
        round: state.clock.round,
        outcome: serde_json::to_value(&state.outcome)?,
        seats: session.options.seats.clone(),
        mode: code.mode,
        daily: session.options.daily.clone(),
        choices: code
            .choices
            .iter()
            .filter(|c| !matches!(c, Choice::OutOfTurn))
            .count() as u32,
        undos,
        final_state_hash: state_hash(state),
        name: code.name.clone(),
        line: String::new(),
        unproven: session
            .options
            .daily
            .iter()
            .filter(|d| d.scored)
            .map(|d| {
                format!(
                    "the player says this was their first attempt at the daily challenge of {} \
                     on their device (which attempt came first cannot be proven)",
                    d.date
                )
            })
            .collect(),
        checked_steps: work.used(),
        game: None,
    };
    verified.line = share_line(
        &line_facts(
            verified.daily.as_ref(),
            verified.score.as_ref(),
            verified.round,
            verified.undos,
        ),
        &text,
    );
    Ok(Replayed { verified, session })
}

/// The command the bot of `tier`, seeded `seed`, chooses for `seat` at the end of `history`
/// (a bot's own, or the predictor's), with its events when the bot's legality check decided
/// it, its work spent from `work`; a search stopped at the limit is counted past it.
fn metered_choice(
    content: &Content,
    history: &History,
    seat: bot_seat::BotSeat,
    memories: &mut bot_seat::Memories,
    work: &mut Work<'_>,
) -> Result<(Option<Command>, Option<Vec<Event>>), Stopped> {
    let given_up = || work.given_up();
    let meter = Meter::new(work.left(), &given_up);
    let chosen = bot_seat::choose_decided(content, history, seat, memories, Some(&meter));
    let ran_out = meter.stopped();
    work.spend(chosen.work)?;
    if ran_out {
        // Spent at the limit: counted past it.
        work.spend(work.left() + 1)?;
    }
    Ok((chosen.command, chosen.events))
}

/// How a code's claim differs from what its game replays to, naming what differs; `None` when
/// they agree.
fn claim_difference(claim: &Claim, found: &Claim, same_state: bool) -> Option<String> {
    let mut differs = Vec::new();
    if claim.result != found.result {
        differs.push(format!(
            "it claims the result `{}`, but the game ends in `{}`",
            claim.result, found.result
        ));
    }
    if claim.score != found.score {
        differs.push(format!(
            "it claims {} points, but the game scores {}",
            claim.score, found.score
        ));
    }
    if claim.round != found.round {
        differs.push(format!(
            "it claims the game ended in round {}, but it ends in round {}",
            claim.round, found.round
        ));
    }
    if differs.is_empty() && !same_state {
        differs.push(
            "its result, score and round match, but the final position it claims is not the \
             one its game reaches"
                .to_owned(),
        );
    }
    (!differs.is_empty()).then(|| format!("does not replay as it claims: {}", differs.join("; ")))
}

/// Decides a command and records it with its events; the work it was (the command and its
/// events).
fn apply(
    content: &Content,
    history: &mut History,
    by: FactionIdx,
    command: &Command,
    hash: bool,
) -> Result<u64, String> {
    apply_advised(content, history, by, command, hash, false)
}

/// [`apply`], recording whether the command was the advice asked for.
fn apply_advised(
    content: &Content,
    history: &mut History,
    by: FactionIdx,
    command: &Command,
    hash: bool,
    advised: bool,
) -> Result<u64, String> {
    record(content, history, by, command, None, hash, advised)
}

/// [`apply`] of a command whose events `decided` holds when the bot's legality check decided
/// it on this same state (`None`: decided here).
fn apply_decided(
    content: &Content,
    history: &mut History,
    by: FactionIdx,
    command: &Command,
    decided: Option<Vec<Event>>,
    hash: bool,
) -> Result<u64, String> {
    record(content, history, by, command, decided, hash, false)
}

/// Records a command with its events: `decided`'s when given (decided by the rules on the
/// state at the end of `history` for `by`), else decided now.
fn record(
    content: &Content,
    history: &mut History,
    by: FactionIdx,
    command: &Command,
    decided: Option<Vec<Event>>,
    hash: bool,
    advised: bool,
) -> Result<u64, String> {
    let state: &State = history.current();
    let events = match decided {
        Some(events) => events,
        None => decide(content, state, by, command).map_err(|e| e.to_string())?,
    };
    // Deciding the command and applying each event cost about two steps each.
    let work = 2 * (1 + events.len() as u64);
    let record = Row::Command(CommandRecord {
        by,
        command: command.clone(),
        state: if hash {
            state_hash(state)
        } else {
            String::new()
        },
        advised,
    });
    history.push(content, record).map_err(|e| e.to_string())?;
    for event in events {
        history
            .push(content, Row::Event(event))
            .map_err(|e| e.to_string())?;
    }
    Ok(work)
}
