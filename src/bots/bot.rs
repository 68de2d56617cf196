//! The [`Bot`] trait, the [`Decision`] a bot is shown, the bot tiers ([`BotKind`]) and the
//! per-seat random stream. Owns the contract every tier honours; must not hold any tier's
//! policy, and must never hand a bot the game [`crate::rules::State`].
//!
//! A stronger tier (Hard: search over hidden information sampled from what the view leaves
//! open, iteration-capped so it stays deterministic) plugs in as another `impl Bot`: the
//! `Decision` already carries the public content, the seat's view and the legal commands, and
//! `budget` caps its iterations.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use crate::content::Content;
use crate::rules::{Command, FactionIdx, View};

/// What a bot is shown when it must decide: exactly what a person in its seat could know.
#[derive(Clone, Copy)]
pub struct Decision<'a> {
    /// The public game content (map, cards, tables): anyone may read the rulebook and cards.
    pub content: &'a Content,
    /// The seat deciding.
    pub me: FactionIdx,
    /// The seat's view (own hand, others' hand sizes, public pieces; never deck order).
    pub view: &'a View,
    /// The commands the rules allow now (never empty when a bot is asked), listed on demand.
    pub legal: &'a dyn Legal,
    /// Iteration budget for searching tiers (ignored by heuristic tiers): the Hard tier's
    /// samples of what it cannot see; fixed, never a clock, so choices stay deterministic.
    pub budget: u32,
    /// When someone checks a game: the work this decision may still do before the check gives
    /// up ([`Meter`]). It never changes a choice: a search it stops is thrown away, as is the
    /// check.
    pub meter: Option<&'a Meter<'a>>,
}

/// The work a decision may still do while a game is checked, in commands decided, and the
/// caller's way to give up. A searching tier spends from it as it plays out; once it is spent
/// (or the caller gave up) the search stops at once and its choice does not count.
pub struct Meter<'a> {
    left: std::cell::Cell<u64>,
    stopped: std::cell::Cell<bool>,
    given_up: &'a dyn Fn() -> bool,
}

impl<'a> Meter<'a> {
    /// `left` commands' worth of work, stopping early when `given_up` says so.
    pub fn new(left: u64, given_up: &'a dyn Fn() -> bool) -> Meter<'a> {
        Meter {
            left: std::cell::Cell::new(left),
            stopped: std::cell::Cell::new(false),
            given_up,
        }
    }

    /// Spends `work`: false (and stopped for good) once there is no more, or the caller gave
    /// up.
    pub fn spend(&self, work: u64) -> bool {
        let left = self.left.get();
        if self.stopped.get() || work > left || (self.given_up)() {
            self.stopped.set(true);
            return false;
        }
        self.left.set(left - work);
        true
    }

    /// Whether the work ran out (or was given up) during the decision.
    pub fn stopped(&self) -> bool {
        self.stopped.get()
    }
}

/// The legal commands of the decision, asked lazily: listing them all costs the engine one
/// trial `decide` per candidate, so a bot that knows what it wants may ask about single
/// commands instead. Answers depend only on what the seat may know (its hand and the public
/// board), exactly as the full list does.
pub trait Legal {
    /// Every legal command, sorted (computed once, then cached).
    fn all(&self) -> &[Command];
    /// Whether this one command is legal now.
    fn allows(&self, command: &Command) -> bool;
    /// A full state agreeing with everything the seat may know, the hidden parts drawn from
    /// `rng` ([`crate::rules::determinize`]); `None` where no game stands behind the list
    /// (fixed lists in tests). Searching tiers reason over these, never the true state.
    fn sample(&self, rng: &mut Xoshiro256PlusPlus) -> Option<crate::rules::State> {
        let _ = rng;
        None
    }
}

/// A fixed list (tests, or callers that already hold the list).
impl Legal for [Command] {
    fn all(&self) -> &[Command] {
        self
    }
    fn allows(&self, command: &Command) -> bool {
        self.contains(command)
    }
}

impl Legal for Vec<Command> {
    fn all(&self) -> &[Command] {
        self
    }
    fn allows(&self, command: &Command) -> bool {
        self.contains(command)
    }
}

/// A computer player for one seat. Same decision, same internal memory and same random
/// stream give the same choice.
pub trait Bot {
    /// The tier's stable name (`random`, `normal`).
    fn kind(&self) -> BotKind;

    /// Chooses one of `decision.legal`. Must return a command the list allows.
    fn choose(&mut self, decision: &Decision<'_>, rng: &mut Xoshiro256PlusPlus) -> Command;

    /// What the last [`Bot::choose`] cost beyond asking the rules about the decision's own
    /// commands, in commands applied (a searching tier's playouts; 0 for the others).
    /// Verification counts it against the work a replay may do (`src/service/work.rs`).
    fn work(&self) -> u64 {
        0
    }
}

/// The bot tiers. Stored in a game's seats by their key (`random`, `normal`); any other name
/// is refused when a game is created or a log is read.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum BotKind {
    /// Uniform over legal commands, biased to finish steps.
    Random,
    /// The heuristic player's beatable variant, for learners.
    Easy,
    /// The heuristic player.
    Normal,
    /// The Normal player's best few choices, each searched over sampled hidden information.
    Hard,
}

impl BotKind {
    /// The stable key used on the command line and in results.
    pub fn key(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Easy => "easy",
            BotKind::Normal => "normal",
            BotKind::Hard => "hard",
        }
    }

    /// Parses a key.
    pub fn parse(key: &str) -> Result<BotKind, BotError> {
        match key.trim() {
            "random" => Ok(BotKind::Random),
            "easy" => Ok(BotKind::Easy),
            "normal" => Ok(BotKind::Normal),
            "hard" => Ok(BotKind::Hard),
            other => Err(BotError::UnknownKind {
                key: other.to_owned(),
            }),
        }
    }
}

/// Errors naming bots.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BotError {
    /// Not a known tier.
    #[error("unknown bot kind `{key}` (known: random, easy, normal, hard)")]
    UnknownKind {
        /// What was given.
        key: String,
    },
    /// An empty list.
    #[error("no bot kinds given")]
    NoBots,
}

/// A fresh bot of a tier for a seat.
pub fn make_bot(kind: BotKind, me: FactionIdx) -> Box<dyn Bot> {
    make_bot_at(kind, me, crate::bots::BOTS_VERSION)
}

/// A fresh bot of a tier for a seat, making the choices of the bots of `version`.
pub fn make_bot_at(kind: BotKind, me: FactionIdx, version: u32) -> Box<dyn Bot> {
    match kind {
        BotKind::Random => Box::new(crate::bots::RandomBot),
        BotKind::Easy | BotKind::Normal | BotKind::Hard => {
            Box::new(crate::bots::NormalBot::of_tier(kind, me).at_version(version))
        }
    }
}

/// A bot of a tier for a seat whose memory is rebuilt from the log it has seen (every entry
/// in force, in order), as if it had lived through it: for seats asked with a fresh bot per
/// decision, such as a stored game's.
pub fn resume_bot<'a>(
    kind: BotKind,
    me: FactionIdx,
    version: u32,
    log: impl IntoIterator<Item = crate::bots::Seen<'a>>,
) -> Box<dyn Bot> {
    match kind {
        BotKind::Random => Box::new(crate::bots::RandomBot),
        BotKind::Easy | BotKind::Normal | BotKind::Hard => {
            let mut memory = BotMemory::new(kind, me, version);
            for entry in log {
                memory.feed(entry);
            }
            memory.bot()
        }
    }
}

/// A seat's memory built entry by entry from the log it sees (every entry in force, in
/// order): [`resume_bot`] without reading the whole log again at every decision.
#[derive(Clone, Debug)]
pub enum BotMemory {
    /// Random keeps nothing.
    Random,
    /// The Normal player's ledger and tries.
    Normal(Box<crate::bots::normal::NormalRecall>),
}

impl BotMemory {
    /// Nothing seen yet, for the bots of `version`.
    pub fn new(kind: BotKind, me: FactionIdx, version: u32) -> BotMemory {
        match kind {
            BotKind::Random => BotMemory::Random,
            BotKind::Easy | BotKind::Normal | BotKind::Hard => BotMemory::Normal(Box::new(
                crate::bots::normal::NormalRecall::new(me, kind, version),
            )),
        }
    }

    /// Takes in the next entry of the log.
    pub fn feed(&mut self, entry: crate::bots::Seen<'_>) {
        match self {
            BotMemory::Random => {}
            BotMemory::Normal(recall) => recall.feed(entry),
        }
    }

    /// The bot as its memory stands.
    pub fn bot(&self) -> Box<dyn Bot> {
        match self {
            BotMemory::Random => Box::new(crate::bots::RandomBot),
            BotMemory::Normal(recall) => Box::new(recall.bot()),
        }
    }

    /// [`BotMemory::bot`] reading `tables` (the content's, shared) instead of building its
    /// own at its decision: the same choices, for less work.
    pub fn bot_sharing(&self, tables: &crate::bots::NormalTables) -> Box<dyn Bot> {
        match self {
            BotMemory::Random => Box::new(crate::bots::RandomBot),
            BotMemory::Normal(recall) => Box::new(recall.bot().with_tables(tables)),
        }
    }
}

/// The seat's own random stream, derived from the game seed and the seat only.
pub fn bot_rng(game_seed: u64, seat: FactionIdx) -> Xoshiro256PlusPlus {
    let mix = game_seed.wrapping_mul(0xD1B5_4A32_D192_ED03).wrapping_add(
        u64::from(seat)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    Xoshiro256PlusPlus::seed_from_u64(mix)
}

/// A uniform index below `n` (n > 0).
pub(crate) fn below(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    use rand_xoshiro::rand_core::Rng;
    if n == 0 {
        return 0;
    }
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

/// A fair coin weighted to `p` (0..=1).
pub(crate) fn chance(rng: &mut Xoshiro256PlusPlus, p: f64) -> bool {
    use rand_xoshiro::rand_core::Rng;
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
}
