//! [`NormalBot`]: the heuristic player's entry point. Reads the decision (offer, Chancery
//! awards, attack, reactive window or its own phase step), asks the policy file for that
//! decision for an ordered wish list, and plays the first wish the rules allow, else a safe
//! fallback. Owns the bot's memory (ledger, per-round tries); must not hold policy itself.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

use super::judgement::{self, Judgement};
use super::seat::Seat;
use super::{cards, choices, combat, movement, negotiation, politics, trading};
use crate::bots::Table;
use crate::bots::bot::{Bot, BotKind, Decision};
use crate::bots::knowledge::Distances;
use crate::bots::ledger::{Ledger, PromiseKind};
use crate::bots::odds::OddsModel;
use crate::bots::recall::{Facts, Seen};
use crate::content::Content;
use crate::rules::state::{OfferTerms, Pending, RoyalPlace};
use crate::rules::{Clock, Command, FactionIdx, Phase};
use crate::rules::{State, View};

/// Wishes checked against the rules per decision, at most (keeps p99 bounded).
const MAX_CHECKS: usize = 24;

/// Times the same command may be chosen within one step before it is barred there (a
/// back-and-forth such as moving a unit out and in again).
const REPEAT_LIMIT: u32 = 2;

/// Decisions one seat makes within one step before it only looks to finish the step.
const STEP_BUDGET: u32 = 120;

/// The step a decision belongs to: round, turn, active faction, phase and step.
type StepKey = (u32, u8, FactionIdx, Phase, u8);

/// Of the Easy player's decisions, the share in which it takes another of its first few
/// wishes rather than its best (it plans less far and misjudges risks).
const EASY_SLIP: f64 = 0.7;

/// How many of its first allowed wishes the Easy player picks among when it slips.
const EASY_CHOICES: usize = 8;

/// How many of its first allowed wishes the Hard player searches (besides finishing the
/// step, which it always weighs when it may).
const HARD_SHORTLIST: usize = 4;

/// The heuristic player's static tables (Area distances, battle odds): a pure function of the
/// content, built once and shared by every player that reads the same content (the seats of a
/// stored game between their decisions, a search's playouts), so no decision rebuilds them.
#[derive(Clone, Debug)]
pub struct NormalTables(Arc<(Distances, OddsModel)>);

impl NormalTables {
    /// The tables of `content`.
    pub fn new(content: &Content) -> NormalTables {
        NormalTables(Arc::new((Distances::new(content), OddsModel::new(content))))
    }
}

/// The heuristic player (and, by tier, its beatable variant for learners and the searching
/// Hard player built on it).
#[derive(Clone, Debug)]
pub struct NormalBot {
    me: FactionIdx,
    tier: BotKind,
    ledger: Ledger,
    tables: Option<NormalTables>,
    done: BTreeSet<String>,
    done_round: u32,
    step: Option<StepKey>,
    step_counts: BTreeMap<Command, u32>,
    /// What the Hard player's last search found (`None` when its last choice was not searched).
    searched: Option<crate::bots::hard::Searched>,
    /// The commands the Hard player's last search applied in its playouts (0 unsearched).
    work: u64,
    step_decisions: u32,
    /// The bots' version whose choices it makes ([`crate::bots::BOTS_VERSION`] unless a stored
    /// game of older bots is played on or re-checked).
    version: u32,
    /// The moves found in earlier decisions, kept while the roads stay the same.
    roads: super::road_memo::RoadMemo,
    /// Judges by the Hard player's weights without being the Hard player: its own seat in
    /// its playouts.
    hard_judgement: bool,
}

impl NormalBot {
    /// A fresh player for seat `me`.
    pub fn new(me: FactionIdx) -> NormalBot {
        NormalBot {
            me,
            tier: BotKind::Normal,
            ledger: Ledger::default(),
            tables: None,
            done: BTreeSet::new(),
            done_round: 0,
            step: None,
            step_counts: BTreeMap::new(),
            searched: None,
            work: 0,
            step_decisions: 0,
            version: crate::bots::BOTS_VERSION,
            roads: Default::default(),
            hard_judgement: false,
        }
    }

    /// The player making the choices of the bots of `version` (one that
    /// [`crate::bots::bots_version_rederived`] accepts; others play as the current bots).
    pub fn at_version(mut self, version: u32) -> NormalBot {
        self.version = if crate::bots::bots_version_rederived(version) {
            version
        } else {
            crate::bots::BOTS_VERSION
        };
        self
    }

    /// The Easy player for seat `me`: the same goals, but in nearly half its decisions it takes
    /// one of its first few allowed wishes at random instead of the best.
    pub fn easy(me: FactionIdx) -> NormalBot {
        NormalBot {
            tier: BotKind::Easy,
            ..NormalBot::new(me)
        }
    }

    /// The Hard player for seat `me`: the Normal player's shortlist, each searched over
    /// sampled hidden information ([`crate::bots::hard`]).
    pub fn hard(me: FactionIdx) -> NormalBot {
        NormalBot {
            tier: BotKind::Hard,
            ..NormalBot::new(me)
        }
    }

    /// The player of a heuristic tier (Easy, Normal or Hard; anything else plays Normal).
    pub fn of_tier(tier: BotKind, me: FactionIdx) -> NormalBot {
        match tier {
            BotKind::Easy => NormalBot::easy(me),
            BotKind::Hard => NormalBot::hard(me),
            BotKind::Random | BotKind::Normal => NormalBot::new(me),
        }
    }

    /// The Normal player for seat `me` with its distance and odds tables built now (they are
    /// otherwise built at its first decision), to be shared by the players of many playouts.
    pub fn prepared(me: FactionIdx, content: &Content) -> NormalBot {
        NormalBot {
            tables: Some(NormalTables::new(content)),
            ..NormalBot::new(me)
        }
    }

    /// The player with `tables` (built from the content its decisions read), so that it does
    /// not build its own at its first decision.
    pub fn with_tables(mut self, tables: &NormalTables) -> NormalBot {
        self.tables = Some(tables.clone());
        self
    }

    /// A playout of `state`: a Normal player in every seat sharing this player's tables (so no
    /// playout rebuilds them), each seat's generator drawn from `seed`; in this player's own
    /// seat, one judging as it does (the Hard player's later choices, unsearched). Used by the
    /// Hard player's search and by the post-game analysis.
    pub fn playout_table<'c>(&self, content: &'c Content, state: State, seed: u64) -> Table<'c> {
        let seats = state.factions.len();
        let bots: Vec<Box<dyn Bot>> = (0..seats)
            .map(|seat| Box::new(self.playout_player(seat as FactionIdx)) as Box<dyn Bot>)
            .collect();
        let rngs = (0..seats)
            .map(|seat| Xoshiro256PlusPlus::seed_from_u64(seed ^ ((seat as u64 + 1) << 56)))
            .collect();
        Table::resume(content, state, bots, rngs)
    }

    /// The weights this player judges by: the Hard player's from bots version 5 (and its own
    /// seat's in its playouts; from version 6 staying in its Alliance), else the Normal
    /// player's.
    fn judgement(&self) -> &'static Judgement {
        if !self.judges_as_hard() {
            &judgement::NORMAL
        } else if self.version >= crate::bots::version::LOYAL_ALLY_VERSION {
            &judgement::HARD
        } else {
            &judgement::HARD_V5
        }
    }

    fn judges_as_hard(&self) -> bool {
        (self.tier == BotKind::Hard || self.hard_judgement)
            && self.version >= crate::bots::version::HARD_JUDGEMENT_VERSION
    }

    /// The player of `seat` in this player's playouts: a Normal player, judging as this one
    /// does in its own seat.
    fn playout_player(&self, seat: FactionIdx) -> NormalBot {
        NormalBot {
            tables: self.tables.clone(),
            hard_judgement: seat == self.me && self.judges_as_hard(),
            ..NormalBot::new(seat).at_version(self.version)
        }
    }

    /// What the Hard player's last search found, if its last choice was searched.
    pub fn searched(&self) -> Option<&crate::bots::hard::Searched> {
        self.searched.as_ref()
    }

    /// The player of `tier` for seat `me`, making the choices of the bots of `version`, as it
    /// stands after the log (see [`NormalBot::recall`]).
    pub fn recall_tier<'a>(
        tier: BotKind,
        me: FactionIdx,
        version: u32,
        log: impl IntoIterator<Item = Seen<'a>>,
    ) -> NormalBot {
        let mut recall = NormalRecall::new(me, tier, version);
        for entry in log {
            recall.feed(entry);
        }
        recall.bot
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    fn wishes(&self, seat: &Seat<'_>) -> Vec<Command> {
        let mut out = self.wishes_uncapped(seat);
        trading::within_cap(seat, &mut out);
        out
    }

    fn wishes_uncapped(&self, seat: &Seat<'_>) -> Vec<Command> {
        let view = seat.view;
        match &view.pending {
            Some(Pending::Offer(offer)) if offer.to == seat.me => negotiation::answer(seat, offer),
            Some(Pending::ChanceryAwards { cards, .. }) => politics::chancery(seat, cards),
            Some(Pending::Attack(attack)) if attack.window.is_none() => {
                combat::assemble(seat, attack)
            }
            Some(Pending::Attack(attack)) => combat::window(seat, attack),
            // Bots version 4: the hand is played before another faction's Event too (8.02).
            Some(Pending::EventReaction { card, .. })
                if self.version >= crate::bots::version::ANY_TIME_VERSION =>
            {
                cards::before_event(seat, card)
            }
            Some(Pending::EventReaction { .. }) => vec![Command::Pass],
            Some(Pending::Parliament { summoner, .. }) => politics::attend(seat, *summoner),
            Some(Pending::Politicking { .. }) => {
                let mut out = politics::both_houses(seat);
                out.extend(cards::play(seat));
                out.extend(negotiation::politick(seat));
                out.extend(trading::propose(seat));
                out.push(Command::Pass);
                out
            }
            Some(Pending::TieBreak(tie)) => choices::victim(seat, tie),
            Some(Pending::RaidDestination {
                card, noble, lines, ..
            }) => choices::raid_line(seat, card, noble, lines),
            Some(Pending::StormPort(storm)) => choices::storm_port(seat, storm),
            Some(Pending::EmbassyCompanions(companions)) => choices::companions(seat, companions),
            Some(Pending::Occupy {
                attackers,
                must_enter,
                ..
            }) => choices::occupy(seat, attackers, *must_enter),
            Some(Pending::Disembark { area, nobles, .. }) => choices::disembark(seat, area, nobles),
            Some(Pending::SpoilsBishop { card, nobles, .. }) => {
                choices::spoils_bishop(seat, card, nobles)
            }
            Some(Pending::Offer(_)) => vec![Command::Pass],
            None => self.own_step(seat),
        }
    }

    fn own_step(&self, seat: &Seat<'_>) -> Vec<Command> {
        let mut out = Vec::new();
        match seat.view.clock.phase {
            Phase::Event => out.push(Command::DrawEventCard),
            Phase::Movement => {
                out.extend(cards::play(seat));
                out.extend(negotiation::ransom_own(seat));
                out.extend(trading::borrow_ship(seat));
                out.extend(movement::plan(seat));
            }
            Phase::Combat => {
                out.extend(negotiation::captives(seat));
                out.extend(combat::attacks(seat));
            }
            Phase::Parliament => out.extend(politics::summon(seat)),
            Phase::Coronation => out.extend(politics::crown(seat)),
            Phase::EndOfTurn => {
                out.push(Command::ClaimPrestigeVictory);
                out.extend(politics::both_houses(seat));
                out.push(Command::EndStep);
                out.extend(cards::discard(seat));
                return out;
            }
            Phase::Setup | Phase::GameOver => {}
        }
        out.push(Command::EndStep);
        out
    }

    fn remember(&mut self, command: &Command, pending: Option<&Pending>, clock: &Clock) {
        let round = clock.round;
        self.ledger.proposed(command, clock);
        match command {
            Command::StartAttack { .. }
            | Command::ProposeAlliance { .. }
            | Command::OfferRansom { .. }
            | Command::OfferGift { .. }
            | Command::OfferTrade { .. }
            | Command::RevealCards { .. }
            | Command::ExchangeCards { .. }
            | Command::HandOverShip { .. }
            | Command::RequestShipLoan { .. }
            | Command::SummonParliament { .. }
            | Command::RequestPassage { .. }
            | Command::ReallocateRoyal { .. } => {
                self.done.insert(memo_key(command));
            }
            Command::LeaveAlliance => self.ledger.left_alliance(round),
            Command::AcceptOffer => {
                if let Some(Pending::Offer(o)) = pending {
                    let kind = match o.terms {
                        OfferTerms::Alliance
                        | OfferTerms::AllianceExecuting { .. }
                        | OfferTerms::Force { .. } => PromiseKind::Alliance,
                        OfferTerms::Passage { .. } | OfferTerms::ShipLoan { .. } => {
                            PromiseKind::Passage
                        }
                        OfferTerms::Ransom { .. }
                        | OfferTerms::RansomKeeping { .. }
                        | OfferTerms::Gift { .. }
                        | OfferTerms::Transfer { .. }
                        | OfferTerms::Exchange { .. }
                        | OfferTerms::HandOver { .. }
                        | OfferTerms::ShipHandOver { .. }
                        | OfferTerms::Trade { .. }
                        | OfferTerms::OfficeMove { .. } => PromiseKind::Goodwill,
                    };
                    self.ledger.promise(o.from, kind, round);
                    if matches!(o.terms, OfferTerms::Gift { .. }) {
                        self.ledger.adjust(o.from, 1);
                    }
                }
            }
            _ => {}
        }
    }

    /// Book-keeping before a decision at `clock`: a new round forgets what was tried, a new
    /// step forgets its repeats.
    fn begin(&mut self, clock: &Clock) {
        if clock.round != self.done_round {
            self.done.clear();
            self.done_round = clock.round;
        }
        let key = (
            clock.round,
            clock.turn,
            clock.active,
            clock.phase,
            clock.step,
        );
        if self.step != Some(key) {
            self.step = Some(key);
            self.step_counts.clear();
            self.step_decisions = 0;
        }
        self.step_decisions += 1;
    }

    /// Whether this decision is the window before an Event where the player of version 4
    /// plays its hand as the Normal player would: the Hard player does not search it (a
    /// playout tells little of a card brought in now rather than in the Movement Phase, and
    /// the window comes in every turn).
    fn plays_before_event(&self, view: &View) -> bool {
        self.version >= crate::bots::version::ANY_TIME_VERSION
            && matches!(view.pending, Some(Pending::EventReaction { .. }))
    }

    /// Book-keeping after choosing `command`.
    fn finish(&mut self, command: &Command, pending: Option<&Pending>, clock: &Clock) {
        *self.step_counts.entry(command.clone()).or_default() += 1;
        self.remember(command, pending, clock);
    }

    /// The player seat `me` would be after living through `log` (every entry in force, in
    /// order): its ledger, what it tried this round and its repeats this step, rebuilt from
    /// its own commands and the public facts at each. A pure function of the log, so a
    /// stored game's seat, asked with a fresh bot per decision, chooses as one that lived.
    pub fn recall<'a>(me: FactionIdx, log: impl IntoIterator<Item = Seen<'a>>) -> NormalBot {
        let mut recall = NormalRecall::new(me, BotKind::Normal, crate::bots::BOTS_VERSION);
        for entry in log {
            recall.feed(entry);
        }
        recall.bot
    }
}

/// [`NormalBot::recall`] built entry by entry, so a caller that keeps it between decisions
/// feeds only the entries since the last one (the same bot as a full recall of the log).
#[derive(Clone, Debug)]
pub struct NormalRecall {
    me: FactionIdx,
    bot: NormalBot,
    facts: Facts,
}

impl NormalRecall {
    /// Nothing seen yet, for the player of a heuristic tier making the choices of the bots of
    /// `version`.
    pub fn new(me: FactionIdx, tier: BotKind, version: u32) -> NormalRecall {
        NormalRecall {
            me,
            bot: NormalBot::of_tier(tier, me).at_version(version),
            facts: Facts::default(),
        }
    }

    /// Takes in the next entry of the log.
    pub fn feed(&mut self, entry: Seen<'_>) {
        let me = self.me;
        match entry {
            Seen::Event(event) => self.facts.apply(me, event),
            Seen::Command { by, command } if by == me => {
                let Some(clock) = self.facts.clock.clone() else {
                    return;
                };
                let bot = &mut self.bot;
                bot.begin(&clock);
                bot.ledger.observe_facts(
                    clock.round,
                    &self.facts.captives_of(me),
                    self.facts.allies_of(me),
                );
                let pending = self.facts.offer().cloned().map(Pending::Offer);
                bot.finish(command, pending.as_ref(), &clock);
            }
            Seen::Command { .. } => {}
        }
    }

    /// The bot as it stands.
    pub fn bot(&self) -> NormalBot {
        self.bot.clone()
    }
}

/// The memory key of a command tried once per round.
pub(super) fn memo_key(command: &Command) -> String {
    match command {
        Command::OfferRansom { noble, .. } => format!("ransom:{noble}"),
        Command::OfferGift { to, .. } => format!("gift:{to}"),
        Command::OfferTrade { to, .. } => format!("trade:{to}"),
        Command::RevealCards { to, .. } => format!("reveal:{to}"),
        Command::ExchangeCards { from, to, .. } => format!("exchange:{from}:{to}"),
        other => format!("{other:?}"),
    }
}

impl Bot for NormalBot {
    fn kind(&self) -> BotKind {
        self.tier
    }

    fn choose(&mut self, decision: &Decision<'_>, rng: &mut Xoshiro256PlusPlus) -> Command {
        let clock = &decision.view.clock;
        self.begin(clock);
        self.ledger.observe(self.me, decision.view);
        let tables = self
            .tables
            .get_or_insert_with(|| NormalTables::new(decision.content))
            .clone();
        let wishes = {
            let (distances, odds) = &*tables.0;
            let seat = Seat::new(
                decision.content,
                decision.view,
                self.me,
                distances,
                odds,
                &self.ledger,
                &self.done,
            )
            .with_memo(&self.roads)
            .with_judgement(self.judgement());
            self.wishes(&seat)
        };
        let over_budget = self.step_decisions > STEP_BUDGET;
        let counts = &self.step_counts;
        let fresh = |c: &Command| counts.get(c).is_none_or(|n| *n < REPEAT_LIMIT) || progresses(c);
        let mut seen: BTreeSet<&Command> = BTreeSet::new();
        let mut searched = None;
        let mut work = 0;
        let mut allowed = wishes
            .iter()
            .filter(|c| seen.insert(*c))
            .filter(|c| fresh(c) && !dooms_royals(decision.view, c))
            .take(MAX_CHECKS)
            .filter(|c| decision.legal.allows(c));
        let chosen = if over_budget {
            None
        } else if self.tier == BotKind::Hard && !self.plays_before_event(decision.view) {
            // The Hard player searches the first few allowed wishes, and always weighs
            // finishing the step (ending it, or passing) against them: doing nothing more
            // this step is an idea the Normal player lists last, behind every move or attack
            // it can think of, so it would seldom be searched otherwise.
            let mut shortlist: Vec<Command> = allowed.take(HARD_SHORTLIST).cloned().collect();
            // At a two-faction table (where every position the Normal player lets go is the
            // one opponent's gain) finishing is weighed even where the Normal player did not
            // list it. Four-faction play stays as measured over 200 games (docs/bots.md).
            let two = decision.view.factions.len() <= 2;
            let finish = wishes
                .iter()
                .find(|c| finishes_step(c))
                .cloned()
                .or_else(|| {
                    if !two {
                        return None;
                    }
                    [Command::EndStep, Command::Pass]
                        .into_iter()
                        .find(|c| decision.legal.allows(c))
                });
            if let Some(finish) = finish
                && !shortlist.is_empty()
                && !shortlist.contains(&finish)
                && fresh(&finish)
                && decision.legal.allows(&finish)
            {
                shortlist.push(finish);
            }
            // There too, in the Combat Phase, when the Normal player would attack nothing, up
            // to three attacks it would not make are weighed against ending the step (drawn at
            // random when there are more).
            if two
                && decision.view.pending.is_none()
                && decision.view.clock.phase == crate::rules::state::Phase::Combat
                && shortlist.len() == 1
                && shortlist.first().is_some_and(finishes_step)
            {
                let mut attacks: Vec<&Command> = decision
                    .legal
                    .all()
                    .iter()
                    .filter(|c| matches!(c, Command::StartAttack { .. }))
                    .collect();
                while !attacks.is_empty() && shortlist.len() < HARD_SHORTLIST {
                    let pick = attacks.remove(crate::bots::bot::below(rng, attacks.len()));
                    shortlist.push(pick.clone());
                }
            }
            crate::bots::hard::best(decision, &shortlist, self, rng, &mut work).map(|(c, found)| {
                searched = found;
                c
            })
        } else if self.tier == BotKind::Easy && crate::bots::bot::chance(rng, EASY_SLIP) {
            // The Easy player slips: another of its first few allowed wishes.
            let firsts: Vec<&Command> = allowed.by_ref().take(EASY_CHOICES).collect();
            firsts
                .get(crate::bots::bot::below(rng, firsts.len()))
                .map(|c| (*c).clone())
        } else {
            allowed.next().cloned()
        }
        .unwrap_or_else(|| fallback(decision, &self.done, counts));
        self.finish(&chosen, decision.view.pending.as_ref(), clock);
        self.searched = searched;
        self.work = work;
        chosen
    }

    fn work(&self) -> u64 {
        self.work
    }
}

/// When no wish is allowed: finish the step or pass if possible; otherwise the least harmful
/// listed command (never a voluntary execution or a gift unless nothing else is left).
fn fallback(
    decision: &Decision<'_>,
    done: &BTreeSet<String>,
    counts: &BTreeMap<Command, u32>,
) -> Command {
    let all = decision.legal.all();
    let fresh: Vec<&Command> = all
        .iter()
        .filter(|c| !done.contains(&memo_key(c)))
        .filter(|c| progresses(c) || counts.get(*c).is_none_or(|n| *n < REPEAT_LIMIT))
        .filter(|c| !dooms_royals(decision.view, c))
        .collect();
    let rank = |c: &Command| match c {
        Command::EndStep | Command::Pass => 0,
        Command::RejectOffer => 1,
        Command::LaunchAttack | Command::CallOffAttack => 2,
        Command::DiscardCrownCard { .. } | Command::DiscardChanceryCard { .. } => 3,
        Command::AwardChanceryCard { .. } | Command::AwardCard { .. } => 4,
        Command::ExecuteRoyal { .. } | Command::ExecuteCaptive { .. } => 9,
        Command::OfferGift { .. } | Command::LeaveAlliance => 10,
        Command::ReallocateRoyal { .. } => 11,
        _ => 5,
    };
    fresh
        .into_iter()
        .min_by_key(|c| rank(c))
        .or_else(|| {
            all.iter()
                .filter(|c| !dooms_royals(decision.view, c))
                .min_by_key(|c| rank(c))
        })
        .or_else(|| all.iter().min_by_key(|c| rank(c)))
        .cloned()
        .unwrap_or(Command::EndStep)
}

/// Commands that move the game on by themselves, so repeating them within a step is no loop.
/// Whether the command finishes the step: ends it, or passes.
fn finishes_step(command: &Command) -> bool {
    matches!(command, Command::EndStep | Command::Pass)
}

fn progresses(command: &Command) -> bool {
    matches!(
        command,
        Command::EndStep
            | Command::Pass
            | Command::DrawEventCard
            | Command::LaunchAttack
            | Command::CallOffAttack
            | Command::AcceptOffer
            | Command::RejectOffer
    )
}

/// An execution that would leave no Royal alive: everyone would lose (Z33), so never.
pub(super) fn dooms_royals(view: &View, command: &Command) -> bool {
    let Command::ExecuteRoyal { royal } = command else {
        return false;
    };
    !view
        .royals
        .iter()
        .any(|(id, r)| id != royal && !matches!(r.place, RoyalPlace::Dead))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hard_player_judges_by_its_own_weights_from_version_5_only() {
        assert_eq!(NormalBot::hard(0).judgement(), &judgement::HARD);
        assert_eq!(
            NormalBot::hard(0).at_version(5).judgement(),
            &judgement::HARD_V5
        );
        assert_eq!(
            NormalBot::hard(0).at_version(4).judgement(),
            &judgement::NORMAL
        );
        assert_eq!(NormalBot::new(0).judgement(), &judgement::NORMAL);
        assert_eq!(NormalBot::easy(0).judgement(), &judgement::NORMAL);
    }

    #[test]
    fn in_its_playouts_only_the_hard_players_own_seat_judges_as_it_does() {
        for (player, own) in [
            (NormalBot::hard(2), &judgement::HARD),
            (NormalBot::hard(2).at_version(5), &judgement::HARD_V5),
            (NormalBot::hard(2).at_version(4), &judgement::NORMAL),
            (NormalBot::new(2), &judgement::NORMAL),
        ] {
            for seat in 0..4 {
                let playout = player.playout_player(seat);
                assert_eq!(
                    playout.tier,
                    BotKind::Normal,
                    "seat {seat} searches nothing"
                );
                let expected = if seat == 2 { own } else { &judgement::NORMAL };
                assert_eq!(playout.judgement(), expected, "seat {seat}");
            }
        }
    }
}
