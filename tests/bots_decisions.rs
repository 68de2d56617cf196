//! Every kind of decision the rules can put to a seat gets a legal bot answer: each own
//! phase step, each reactive window, attacks being assembled, Chancery awards, ties to break,
//! Raid lines, and every kind of offer (ransom, gift, alliance, passage). Positions come from
//! every scenario file (the scenario runner's positions and steps), from seeded bot games,
//! and from decisions pushed onto a real game's state; at each, every tier (Random, Easy, Normal and Hard) must answer
//! with a command `legal_commands` lists and `decide` accepts. [`decision_kind`] matches every
//! `Pending` variant by name, so a new variant does not compile until it is named here and
//! listed in [`REQUIRED`], which the coverage test then demands be reached. The coverage test
//! gathers its positions source by source and checks them side by side on the machine's cores
//! (`common::par_map`), choosing the positions checked as a visit in order would.

mod common;

use std::collections::BTreeMap;

use warwick::bots::{
    Bot, BotKind, Decision, LiveLegal, NormalBot, RandomBot, Table, bot_rng, make_bot,
};
use warwick::content::Content;
use warwick::rules::scenario::scenario_states;
use warwick::rules::state::{
    Attack, AttackTarget, Offer, OfferTerms, Pending, Place, TieCause, Window, WindowKind,
};
use warwick::rules::{self, Command, Phase, Setup, State, Viewer};

fn game() -> (Content, State) {
    let content = Content::embedded().expect("content");
    let (state, _) = rules::start(&content, &Setup::new(3, 7)).expect("start");
    (content, state)
}

fn answer(content: &Content, state: &State, kind: BotKind) -> Option<Command> {
    let faction = *rules::awaiting(state).first()?;
    let legal = rules::legal_commands(content, state, faction);
    if legal.is_empty() {
        return None;
    }
    let view = rules::view(content, state, Viewer::Faction { faction });
    let decision = Decision {
        content,
        me: faction,
        view: &view,
        legal: &legal,
        budget: 0,
        meter: None,
    };
    let chosen = tier_choice(content, state, &decision, kind, false);
    assert!(
        legal.contains(&chosen),
        "{kind:?} chose {chosen:?}, not among {legal:?}"
    );
    Some(chosen)
}

/// The tier's answer to the decision. With `search`, the Hard player searches with a small
/// budget over samples of the real game behind the list (its own live list, the same
/// commands); without, it answers from its shortlist alone, as it does wherever no game stands
/// behind the list. Positions set up by hand (scenarios, pushed decisions) are not searched:
/// the rules' debug checks expect a position brought up to date by play, which a playout from
/// a hand-made one need not be.
fn tier_choice(
    content: &Content,
    state: &State,
    decision: &Decision<'_>,
    kind: BotKind,
    search: bool,
) -> Command {
    let faction = decision.me;
    let mut rng = bot_rng(1, faction);
    match kind {
        BotKind::Normal => NormalBot::new(faction).choose(decision, &mut rng),
        BotKind::Easy => NormalBot::easy(faction).choose(decision, &mut rng),
        BotKind::Random => RandomBot.choose(decision, &mut rng),
        BotKind::Hard if !search => NormalBot::hard(faction).choose(decision, &mut rng),
        BotKind::Hard => {
            let live = LiveLegal::new(content, state, faction);
            let searching = Decision {
                legal: &live,
                // Samples, each playing every candidate out (two: the search's probe).
                budget: 2,
                meter: None,
                ..*decision
            };
            NormalBot::hard(faction).choose(&searching, &mut rng)
        }
    }
}

fn both(content: &Content, state: &State, what: &str) -> Command {
    answer(content, state, BotKind::Random).unwrap_or_else(|| panic!("no decision: {what}"));
    answer(content, state, BotKind::Easy).unwrap_or_else(|| panic!("no decision: {what}"));
    answer(content, state, BotKind::Hard).unwrap_or_else(|| panic!("no decision: {what}"));
    answer(content, state, BotKind::Normal).unwrap_or_else(|| panic!("no decision: {what}"))
}

fn window(kind: WindowKind, order: Vec<u8>) -> Window {
    Window {
        kind,
        order,
        at: 0,
        passes: 0,
    }
}

fn area_of(content: &Content, place: &Place) -> Option<warwick::content::AreaId> {
    match place {
        Place::Field { area } => Some(*area),
        Place::Inside { location } => content.map.area_of(location).cloned(),
        _ => None,
    }
}

/// Own phase steps, reactive windows, attacks, Chancery awards, ties and Raid lines, each
/// pushed onto a seeded game's opening state.
fn pushed_positions(content: &Content) -> Vec<(String, State)> {
    let (state, _) = rules::start(content, &Setup::new(3, 7)).expect("start");
    let mut out = Vec::new();
    for phase in [
        Phase::Event,
        Phase::Movement,
        Phase::Combat,
        Phase::Parliament,
        Phase::Coronation,
        Phase::EndOfTurn,
    ] {
        for step in [1u8, 3, 5] {
            if step != 1 && phase != Phase::EndOfTurn {
                continue;
            }
            let mut s = state.clone();
            s.clock.phase = phase;
            s.clock.step = step;
            if phase != Phase::Event {
                s.clock.round = 2;
            }
            out.push((format!("{} step {step}", phase.name()), s));
        }
    }
    let me = state.clock.active;
    let other = (me + 1) % 3;
    let order = vec![me, other, (me + 2) % 3];
    let card = content.events.cards()[0].id;
    let mine = *state.nobles_of(me)[0];
    let area = area_of(content, &state.nobles[&mine].place).expect("a Noble on the board");
    let windows = [
        Pending::EventReaction {
            card,
            window: window(WindowKind::BeforeEvent, order.clone()),
        },
        Pending::Parliament {
            summoner: me,
            area,
            window: window(WindowKind::Attendance, order.clone()),
        },
        Pending::Politicking {
            window: window(WindowKind::Politicking, order),
        },
    ];
    for pending in windows {
        let mut s = state.clone();
        s.pending.push(pending.clone());
        out.push((format!("{pending:?}"), s));
    }
    let mut combat = state.clone();
    combat.clock.round = 2;
    combat.clock.phase = Phase::Combat;
    for w in [None, Some(window(WindowKind::AddToCombat, vec![other, me]))] {
        let mut s = combat.clone();
        s.pending.push(Pending::Attack(Attack {
            attacker: me,
            area,
            target: AttackTarget::Field { faction: other },
            attackers: Vec::new(),
            window: w,
        }));
        out.push(("an attack".to_owned(), s));
    }
    let chancery = content
        .cards
        .crown_cards
        .iter()
        .find(|c| c.card_type == warwick::content::cards::CardType::Office)
        .map(|c| c.id)
        .expect("an Office");
    let mut s = combat;
    s.pending.push(Pending::ChanceryAwards {
        summoner: me,
        cards: vec![chancery],
    });
    out.push(("Chancery awards".to_owned(), s));
    let tied: Vec<_> = state.nobles_of(me).into_iter().take(2).cloned().collect();
    let mut s = state.clone();
    s.pending
        .push(Pending::TieBreak(warwick::rules::state::TieBreak {
            cause: TieCause::Plague { card },
            ties: vec![(me, tied)],
            chosen: Vec::new(),
        }));
    out.push(("a Plague tie".to_owned(), s));
    // An allied Force offered (23.10): allies stand together in Movement.
    let mut s = state.clone();
    s.clock.round = 2;
    s.clock.phase = Phase::Movement;
    s.alliances = vec![vec![me, other]];
    let theirs = *s.nobles_of(other)[0];
    if let Some(n) = s.nobles.get_mut(&theirs) {
        n.place = state.nobles[&mine].place.clone();
    }
    let force = rules::legal_commands(content, &s, me)
        .into_iter()
        .find(|c| matches!(c, Command::ProposeForce { .. }))
        .expect("a Force to propose");
    for e in rules::decide(content, &s, me, &force).expect("Force proposed") {
        rules::evolve(content, &mut s, &e);
    }
    out.push(("an allied Force offered".to_owned(), s));
    for (what, terms) in offers(content, &state) {
        let mut s = state.clone();
        s.pending.push(Pending::Offer(Offer {
            id: 0,
            from: me,
            to: other,
            terms,
        }));
        out.push((what, s));
    }
    out
}

/// One offer of each kind from the active faction to the next.
fn offers(content: &Content, state: &State) -> Vec<(String, OfferTerms)> {
    let from = state.clock.active;
    let to = (from + 1) % 3;
    let mover = *state.nobles_of(from)[0];
    let captive = *state.nobles_of(to)[0];
    let hand = state.factions[usize::from(from)].hand.clone();
    let area = area_of(content, &state.nobles[&mover].place).expect("area");
    let through = content
        .map
        .locations
        .iter()
        .find(|l| l.kind.is_fortified())
        .map(|l| l.id)
        .expect("a place");
    [
        OfferTerms::Gift {
            cards: hand.iter().take(1).cloned().collect(),
        },
        OfferTerms::Alliance,
        OfferTerms::Passage {
            noble: mover,
            through,
            to: area,
        },
        OfferTerms::Ransom {
            captive,
            cards: hand.iter().take(1).cloned().collect(),
        },
    ]
    .into_iter()
    .map(|t| (format!("{t:?}"), t))
    .collect()
}

#[test]
fn every_pushed_position_is_answered() {
    let content = Content::embedded().expect("content");
    for (what, state) in pushed_positions(&content) {
        both(&content, &state, &what);
    }
}

#[test]
fn every_offer_kind_is_answered_by_the_policies() {
    let (content, state) = game();
    let from = state.clock.active;
    let to = (from + 1) % 3;
    for (what, t) in offers(&content, &state) {
        let mut s = state.clone();
        s.pending.push(Pending::Offer(Offer {
            id: 0,
            from,
            to,
            terms: t.clone(),
        }));
        let c = both(&content, &s, &what);
        assert!(
            matches!(c, Command::AcceptOffer | Command::RejectOffer),
            "{t:?} answered with {c:?}"
        );
        if matches!(t, OfferTerms::Gift { .. }) {
            assert_eq!(c, Command::AcceptOffer, "gifts are accepted (§Y 21.01)");
        }
    }
}

/// Every decision kind a seat can face: each pending decision (offers by their terms, ties by
/// their cause) and each own phase step where the active faction acts.
const REQUIRED: &[&str] = &[
    "event_reaction",
    "attack_assembling",
    "attack_window",
    "parliament_attendance",
    "chancery_awards",
    "politicking",
    "offer_ransom",
    "offer_gift",
    "offer_alliance",
    "offer_passage",
    "tie_break_killed",
    "tie_break_plague",
    "raid_destination",
    "storm_port",
    "embassy_companions",
    "offer_ship_loan",
    "offer_ransom_keeping",
    "offer_alliance_executing",
    "offer_transfer",
    "offer_exchange",
    "offer_hand_over",
    "offer_trade",
    "offer_ship_hand_over",
    "offer_office_move",
    "offer_force",
    "occupy",
    "disembark",
    "spoils_bishop",
    "step_event_1",
    "step_movement_1",
    "step_combat_1",
    "step_parliament_1",
    "step_coronation_1",
    "step_end_of_turn_1",
    "step_end_of_turn_3",
    "step_end_of_turn_5",
];

/// The name of a pending decision. Exhaustive on purpose: a new `Pending`, `OfferTerms` or
/// `TieCause` variant must be named here and added to [`REQUIRED`] (and reached by a scenario
/// or a pushed position below), with a Normal answer for it.
fn decision_kind(pending: &Pending) -> &'static str {
    match pending {
        Pending::EventReaction { .. } => "event_reaction",
        Pending::Attack(attack) => match attack.window {
            None => "attack_assembling",
            Some(_) => "attack_window",
        },
        Pending::Parliament { .. } => "parliament_attendance",
        Pending::ChanceryAwards { .. } => "chancery_awards",
        Pending::Politicking { .. } => "politicking",
        Pending::Offer(offer) => match offer.terms {
            OfferTerms::Ransom { .. } => "offer_ransom",
            OfferTerms::Gift { .. } => "offer_gift",
            OfferTerms::Alliance => "offer_alliance",
            OfferTerms::Passage { .. } => "offer_passage",
            OfferTerms::ShipLoan { .. } => "offer_ship_loan",
            OfferTerms::RansomKeeping { .. } => "offer_ransom_keeping",
            OfferTerms::AllianceExecuting { .. } => "offer_alliance_executing",
            OfferTerms::Transfer { .. } => "offer_transfer",
            OfferTerms::Exchange { .. } => "offer_exchange",
            OfferTerms::HandOver { .. } => "offer_hand_over",
            OfferTerms::Trade { .. } => "offer_trade",
            OfferTerms::ShipHandOver { .. } => "offer_ship_hand_over",
            OfferTerms::OfficeMove { .. } => "offer_office_move",
            OfferTerms::Force { .. } => "offer_force",
        },
        Pending::TieBreak(tie) => match tie.cause {
            TieCause::Killed { .. } => "tie_break_killed",
            TieCause::Plague { .. } => "tie_break_plague",
        },
        Pending::RaidDestination { .. } => "raid_destination",
        Pending::StormPort(_) => "storm_port",
        Pending::EmbassyCompanions(_) => "embassy_companions",
        Pending::Occupy { .. } => "occupy",
        Pending::Disembark { .. } => "disembark",
        Pending::SpoilsBishop { .. } => "spoils_bishop",
    }
}

/// The decision kind of a state, if someone must decide.
fn kind_of(state: &State) -> Option<String> {
    rules::awaiting(state).first()?;
    Some(match state.pending.last() {
        Some(p) => decision_kind(p).to_owned(),
        None => {
            let phase = serde_json::to_value(state.clock.phase).expect("phase");
            format!(
                "step_{}_{}",
                phase.as_str().expect("phase name"),
                state.clock.step
            )
        }
    })
}

/// Both tiers answer at `state`; each answer must be listed and accepted. Returns the
/// problems found.
fn check_answers(content: &Content, state: &State, search: bool) -> Vec<String> {
    let Some(&faction) = rules::awaiting(state).first() else {
        return Vec::new();
    };
    let legal = rules::legal_commands(content, state, faction);
    if legal.is_empty() {
        return vec![format!(
            "no legal command for {faction} at {:?}",
            state.clock
        )];
    }
    let view = rules::view(content, state, Viewer::Faction { faction });
    let decision = Decision {
        content,
        me: faction,
        view: &view,
        legal: &legal,
        budget: 0,
        meter: None,
    };
    let mut problems = Vec::new();
    for kind in [
        BotKind::Random,
        BotKind::Easy,
        BotKind::Normal,
        BotKind::Hard,
    ] {
        let chosen = tier_choice(content, state, &decision, kind, search);
        if !legal.contains(&chosen) {
            problems.push(format!("{kind:?} chose unlisted {chosen:?}"));
        } else if let Err(e) = rules::decide(content, state, faction, &chosen) {
            problems.push(format!("{kind:?} chose {chosen:?}, refused: {e}"));
        }
    }
    problems
}

/// How many positions of one kind are checked at most (the rest only count as reached).
const CHECKS_PER_KIND: usize = 25;

/// The decisions of one source of positions, in order: each one's kind, and the position
/// itself while it is among the first [`CHECKS_PER_KIND`] of its kind in this source (those
/// checked are among them).
struct Visits {
    source: String,
    list: Vec<(String, Option<State>)>,
    seen: BTreeMap<String, usize>,
}

impl Visits {
    fn new(source: String) -> Self {
        Visits {
            source,
            list: Vec::new(),
            seen: BTreeMap::new(),
        }
    }

    fn visit(&mut self, state: &State) {
        let Some(kind) = kind_of(state) else { return };
        let n = self.seen.entry(kind.clone()).or_default();
        *n += 1;
        let kept = (*n <= CHECKS_PER_KIND).then(|| state.clone());
        self.list.push((kind, kept));
    }
}

/// Where the coverage test's positions come from, in the order they are visited.
enum Source {
    /// Every position of a scenario.
    Scenario(std::path::PathBuf),
    /// Every decision of a seeded bot game.
    Game { players: u8, seed: u64 },
    /// Decisions pushed onto a real game's state.
    Pushed,
}

fn visits(content: &Content, source: &Source) -> Vec<Visits> {
    match source {
        Source::Scenario(file) => {
            let text = std::fs::read_to_string(file).expect("read scenario");
            let name = file
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let states = scenario_states(content, &text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut visits = Visits::new(name);
            for state in &states {
                visits.visit(state);
            }
            vec![visits]
        }
        &Source::Game { players, seed } => {
            let mut setup = Setup::new(players, seed);
            setup.time_limit_rounds = Some(6);
            let bots = (0..players)
                .map(|i| {
                    let kind = if i == 0 {
                        BotKind::Normal
                    } else {
                        BotKind::Random
                    };
                    make_bot(kind, i)
                })
                .collect();
            let mut table = Table::new(content, &setup, bots).expect("table");
            let mut visits = Visits::new(format!("game {players}/{seed}"));
            while table.commands < 20_000 {
                visits.visit(table.state());
                if !table.step().expect("step") {
                    break;
                }
            }
            vec![visits]
        }
        Source::Pushed => pushed_positions(content)
            .into_iter()
            .map(|(what, state)| {
                let mut visits = Visits::new(what);
                visits.visit(&state);
                visits
            })
            .collect(),
    }
}

#[test]
fn every_decision_kind_is_reached_and_answered_by_both_tiers() {
    let content = Content::embedded().expect("content");
    // Every position of every scenario, every decision seeded bot games meet, and decisions
    // pushed onto a real game's state.
    let sources: Vec<Source> = common::scenario_files()
        .into_iter()
        .map(Source::Scenario)
        .chain([(3u8, 11u64), (4, 12)].map(|(players, seed)| Source::Game { players, seed }))
        .chain([Source::Pushed])
        .collect();
    let gathered = common::par_map(&sources, |source| visits(&content, source));
    // The positions checked: the first few of each kind, in the order of the sources.
    let mut reached: BTreeMap<String, usize> = BTreeMap::new();
    let mut checks = Vec::new();
    for visits in gathered.into_iter().flatten() {
        for (kind, state) in visits.list {
            let n = reached.entry(kind.clone()).or_default();
            *n += 1;
            if *n <= CHECKS_PER_KIND {
                let state = state.expect("kept: among the first of its kind in its source");
                checks.push((visits.source.clone(), kind, state));
            }
        }
    }
    let problems: Vec<String> = common::par_map(&checks, |(source, kind, state)| {
        check_answers(&content, state, source.starts_with("game "))
            .into_iter()
            .map(|p| format!("{source} ({kind}): {p}"))
            .collect::<Vec<_>>()
    })
    .concat();
    let missing: Vec<&&str> = REQUIRED
        .iter()
        .filter(|k| !reached.contains_key(**k))
        .collect();
    println!("decision kinds reached: {reached:?}");
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(
        missing.is_empty(),
        "decision kinds never reached: {missing:?} (reached: {reached:?})"
    );
}

#[test]
fn normal_keeps_the_royal_holder_alive_in_a_tie() {
    let (content, state) = game();
    let me = state.clock.active;
    let tied: Vec<_> = state.nobles_of(me).into_iter().take(2).cloned().collect();
    assert_eq!(tied.len(), 2, "two Nobles to tie");
    let royal = *state.royals.keys().next().expect("a Royal");
    for keeper in &tied {
        let mut s = state.clone();
        if let Some(r) = s.royals.get_mut(&royal) {
            r.place = warwick::rules::state::RoyalPlace::With { noble: *keeper };
        }
        s.pending
            .push(Pending::TieBreak(warwick::rules::state::TieBreak {
                cause: TieCause::Plague {
                    card: content.events.cards()[0].id,
                },
                ties: vec![(me, tied.clone())],
                chosen: Vec::new(),
            }));
        let chosen = answer(&content, &s, BotKind::Normal).expect("a decision");
        assert!(
            matches!(&chosen, Command::ChooseVictim { noble } if noble != keeper),
            "Normal let {keeper} with the Royal die: {chosen:?}"
        );
    }
}
