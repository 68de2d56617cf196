//! Playing a bot seat inside the service: the seat's tier (from the game's options) chooses
//! among the legal commands through the [`crate::bots`] module, seeing only the seat's view.
//!
//! Each decision builds a bot whose memory (the promise ledger, what it tried this round) is
//! rebuilt from the rows in force ([`crate::bots::resume_bot`]), and derives its random stream
//! from the seat's seed and the seq the game is at, so a stored game replays and resumes
//! identically after a restart, and the bot remembers as one that lived through the game.
//! Must not hold bot policy.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use std::collections::BTreeMap;

use crate::bots::{
    Bot, BotKind, BotMemory, Decision, Legal, LiveLegal, Meter, NormalTables, Seen, resume_bot,
};
use crate::content::Content;
use crate::rules::{Command, Event, FactionIdx, Viewer, view};

use super::history::History;
use super::new_game::GameOptions;
use super::records::Row;

/// The log the seat has seen: the rows in force, in order (undone rows left out).
pub(super) fn seen(history: &History) -> impl Iterator<Item = Seen<'_>> {
    let rows = history.rows();
    history.in_force().filter_map(move |seq| {
        match rows.get(usize::try_from(seq).ok()?.checked_sub(1)?)? {
            Row::Event(event) => Some(Seen::Event(event)),
            Row::Command(record) => Some(Seen::Command {
                by: record.by,
                command: &record.command,
            }),
            Row::Game(_) | Row::Undone(_) | Row::Resigned(_) => None,
        }
    })
}

/// Each bot seat's memory in one game, kept between its decisions so that each decision reads
/// only the rows since the last (an undo starts the seat's memory again from the rows in
/// force). The bot it gives is the one [`resume_bot`] would rebuild from every row, reading
/// the heuristic players' static tables built once for the game rather than once a decision.
#[derive(Clone, Debug, Default)]
pub struct Memories {
    seats: BTreeMap<FactionIdx, Memory>,
    /// The content's tables, built at the first decision (every seat reads the same content).
    tables: Option<NormalTables>,
}

/// One seat's memory and how far it has read.
#[derive(Clone, Debug)]
struct Memory {
    kind: BotKind,
    /// The bots' version it chooses as.
    version: u32,
    memory: BotMemory,
    /// The last seq read.
    read: u64,
    /// The undos the history held then.
    undos: usize,
}

impl Memories {
    /// The seat's bot, its memory brought up to the end of `history`, with the rows read to
    /// bring it there.
    fn bot(
        &mut self,
        content: &Content,
        history: &History,
        seat: FactionIdx,
        kind: BotKind,
        version: u32,
    ) -> (Box<dyn Bot>, u64) {
        let undos = history.undo_count();
        let head = history.head();
        let fresh = self.seats.get(&seat).is_some_and(|m| {
            m.kind == kind && m.version == version && m.undos == undos && m.read <= head
        });
        let mut read = 0;
        if !fresh {
            let mut memory = BotMemory::new(kind, seat, version);
            for entry in seen(history) {
                memory.feed(entry);
                read += 1;
            }
            self.seats.insert(
                seat,
                Memory {
                    kind,
                    version,
                    memory,
                    read: head,
                    undos,
                },
            );
        } else if let Some(m) = self.seats.get_mut(&seat) {
            // No undo since: every row after the last read is in force.
            for row in history.rows().iter().skip(m.read as usize) {
                read += 1;
                match row {
                    Row::Event(event) => m.memory.feed(Seen::Event(event)),
                    Row::Command(record) => m.memory.feed(Seen::Command {
                        by: record.by,
                        command: &record.command,
                    }),
                    Row::Game(_) | Row::Undone(_) | Row::Resigned(_) => {}
                }
            }
            m.read = head;
        }
        let tables = self
            .tables
            .get_or_insert_with(|| NormalTables::new(content));
        let bot = match self.seats.get(&seat) {
            Some(m) => m.memory.bot_sharing(tables),
            None => resume_bot(kind, seat, version, seen(history)),
        };
        (bot, read)
    }
}

/// What one bot decision costs before its listing and search, in commands decided.
const DECISION_WORK: u64 = 20;

/// A bot seat of a game: its tier, its seed and the bots' version the game was played by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotSeat {
    /// The seat.
    pub seat: FactionIdx,
    /// Its tier.
    pub kind: BotKind,
    /// Its seed.
    pub seed: u64,
    /// The bots' version whose choices it makes ([`crate::bots::BOTS_VERSION`] for a game
    /// that recorded none or one these bots do not re-derive).
    pub version: u32,
}

impl BotSeat {
    /// The seat `seat` of a game of `options`, when a bot plays it.
    pub fn of(options: &GameOptions, seat: FactionIdx) -> Option<BotSeat> {
        let (kind, seed) = options.bot_tier(seat)?;
        Some(BotSeat {
            seat,
            kind,
            seed,
            version: options.bots_version_played(),
        })
    }
}

/// The command the seat's bot plays now at the end of `history`, or `None` when it has
/// nothing legal to do. Verification calls it too, to re-derive every recorded bot command of
/// a game played by these bots.
pub fn choose(
    content: &Content,
    history: &History,
    bot: BotSeat,
    memories: &mut Memories,
) -> Option<Command> {
    choose_measured(content, history, bot, memories, None).0
}

/// [`choose`], with the work the choice cost in commands decided: the bot's own (a searching
/// tier's playouts), the trial decisions of the whole legal list if it was taken, and the rows
/// re-read when the seat's memory was rebuilt (verification counts it, `super::work`). With a
/// `meter`, a search stops once the check's work runs out (the choice then does not count).
pub fn choose_measured(
    content: &Content,
    history: &History,
    bot: BotSeat,
    memories: &mut Memories,
    meter: Option<&Meter<'_>>,
) -> (Option<Command>, u64) {
    let chosen = choose_decided(content, history, bot, memories, meter);
    (chosen.command, chosen.work)
}

/// A bot's choice, with what deciding it gave when the bot's own legality check decided it.
pub struct Chosen {
    /// The command the bot chose (`None`: nothing legal).
    pub command: Option<Command>,
    /// The events of `command`, when the check that it is legal decided it in full on this
    /// state for this seat (`rules::decide`'s own answer, so applying the command need not
    /// decide it a second time).
    pub events: Option<Vec<Event>>,
    /// The work the choice cost ([`choose_measured`]).
    pub work: u64,
}

/// [`choose_measured`], keeping the events of the command chosen when they were decided.
pub fn choose_decided(
    content: &Content,
    history: &History,
    bot: BotSeat,
    memories: &mut Memories,
    meter: Option<&Meter<'_>>,
) -> Chosen {
    let BotSeat {
        seat,
        kind,
        seed,
        version,
    } = bot;
    let state = history.current();
    let seq = history.head();
    // Listed only if the bot asks for the whole list: a bot that knows what it wants asks
    // about single commands, which costs far less (the answers are the same).
    let legal = LiveLegal::new(content, state, seat);
    let seat_view = view(content, state, Viewer::Faction { faction: seat });
    let decision = Decision {
        content,
        me: seat,
        view: &seat_view,
        legal: &legal,
        // Searching tiers' samples per decision at this table (heuristic tiers ignore it). Part
        // of what a stored game's bot commands are re-derived with: changing it changes the
        // bots' choices, so bump crate::bots::BOTS_VERSION with it, and verification then says
        // plainly that older games' bot moves cannot be re-checked, rather than forged.
        budget: crate::bots::hard_samples(state.factions.len()),
        meter,
    };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ seq.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (mut bot, reread) = memories.bot(content, history, seat, kind, version);
    let command = bot.choose(&decision, &mut rng);
    // The bot contract says it returns a listed command; fall back to the first if not (and
    // to nothing when nothing is legal).
    let command = if legal.allows(&command) {
        Some(command)
    } else {
        legal.all().first().cloned()
    };
    let listed = legal.listed().unwrap_or(0) as u64;
    // The seat's view and the bot's own thinking cost about twenty commands decided; a row
    // re-read about a quarter of one (measured, docs/solo-challenge.md).
    let work = DECISION_WORK + bot.work() + listed + reread / 4;
    let events = command.as_ref().and_then(|c| legal.decided_events(c));
    Chosen {
        command,
        events,
        work,
    }
}
