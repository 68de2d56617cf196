//! The entry points around `decide`/`evolve`: `initial_state`, `start`, `awaiting`, `prompt`
//! and `outcome`.

use serde::Serialize;
use ts_rs::TS;

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{RuleError, SetupProblem};
use crate::rules::event::Event;
use crate::rules::rng::RngState;
use crate::rules::setup::{Setup, SetupKind};
use crate::rules::state::{Clock, FactionState, Outcome, Pending, Phase, State, WindowKind};

/// The state before any event: seats, empty board, the seed.
pub fn initial_state(content: &Content, setup: &Setup) -> State {
    let two_player = setup.two_player_variant && setup.players == 2;
    State {
        setup: setup.clone(),
        rng: RngState {
            seed: setup.seed,
            counter: 0,
        },
        clock: Clock {
            round: 0,
            turn: 0,
            active: 0,
            phase: Phase::Setup,
            step: 0,
        },
        order: Vec::new(),
        factions: setup
            .seats
            .iter()
            .map(|s| FactionState {
                name: s.name.clone(),
                colour: s.colour.clone(),
                hand: Vec::new(),
                free_moves: Vec::new(),
                chancellor_cards: Vec::new(),
                prestige: 0,
                drew: 0,
                both_houses_since: None,
                traded_this_turn: Vec::new(),
                pieces_used_free_move: Vec::new(),
                shown: Vec::new(),
            })
            .collect(),
        nobles: Default::default(),
        royals: Default::default(),
        ships: Default::default(),
        control: Default::default(),
        crown_deck: Default::default(),
        crown_discard: Default::default(),
        chancery: Default::default(),
        city_pile: if two_player {
            crate::rules::setup::two_player::city_pile_cards(content).into()
        } else {
            Default::default()
        },
        event_deck: Default::default(),
        event_discard: Default::default(),
        event_removed: Default::default(),
        clamours: Vec::new(),
        clamours_aside: Vec::new(),
        besieged: Default::default(),
        kings_peace: None,
        tile_revealed: false,
        prestige_claim: None,
        alliances: Vec::new(),
        captives: Default::default(),
        pending: Vec::new(),
        attacked_targets: Vec::new(),
        card_moved: Default::default(),
        card_attacked: Vec::new(),
        forces: Vec::new(),
        next_seq: 0,
        next_offer: 0,
        outcome: None,
        events_applied: 0,
        leading_names: crate::rules::state::LeadingNames::default(),
    }
}

/// Validates the set-up and returns the state after every set-up event, with those events.
pub fn start(content: &Content, setup: &Setup) -> Result<(State, Vec<Event>), RuleError> {
    if !(2..=5).contains(&setup.players) {
        return Err(RuleError::InvalidSetup {
            problem: SetupProblem::PlayerCount,
        });
    }
    if !crate::rules::rules_version_supported(setup.rules_version) {
        return Err(RuleError::InvalidSetup {
            problem: SetupProblem::RulesVersion,
        });
    }
    if setup.seats.len() != usize::from(setup.players) {
        return Err(RuleError::InvalidSetup {
            problem: SetupProblem::SeatCount,
        });
    }
    if setup.two_player_variant && setup.players != 2 {
        return Err(RuleError::InvalidSetup {
            problem: SetupProblem::TwoPlayerVariant,
        });
    }
    if setup.kind == SetupKind::Preset
        && content.cards.factions_for(u32::from(setup.players)).count()
            != usize::from(setup.players)
    {
        return Err(RuleError::InvalidSetup {
            problem: SetupProblem::NoFactions,
        });
    }
    let state = initial_state(content, setup);
    let mut ctx = Ctx::new(content, &state);
    crate::rules::setup::preset(&mut ctx);
    Ok((ctx.state.into_owned(), ctx.events))
}

/// Who may act now (usually one faction; none when the game is over).
pub fn awaiting(state: &State) -> Vec<FactionIdx> {
    state.decider().into_iter().collect()
}

/// The game's result, once ended.
pub fn outcome(state: &State) -> Option<Outcome> {
    state.outcome.clone()
}

/// What is being decided now, for a UI or a bot.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct Prompt {
    /// Who decides.
    pub faction: Option<FactionIdx>,
    /// The clock.
    pub clock: Clock,
    /// The window or decision, if any: `before_event`, `add_to_combat`, `attendance`,
    /// `politicking`, `attack`, `chancery_awards`, `offer`.
    pub decision: Option<String>,
    /// Plain-English summary.
    pub text: String,
}

/// A decision's key, in words for players.
fn decision_words(key: &str) -> &str {
    match key {
        "attack" => "an attack",
        "chancery_awards" => "awarding the Chancery cards",
        "offer" => "an offer",
        "tie_break" => "choosing among tied Nobles",
        "raid_destination" => "where the Raid or Revolt strikes",
        "occupy" => "who goes inside the place taken",
        "storm_port" => "a port to run to before the storm",
        "embassy_companions" => "who goes with the King",
        "disembark" => "landing from the ships",
        "before_event" => "before the Event",
        "add_to_combat" => "adding to the combat",
        "attendance" => "attending Parliament",
        "politicking" => "politicking",
        _ => "a decision",
    }
}

/// Describes the decision under way.
pub fn prompt(content: &Content, state: &State) -> Prompt {
    let _ = content;
    let decision = state.pending.last().map(|p| match p {
        Pending::Attack(a) if a.window.is_none() => "attack".to_owned(),
        Pending::ChanceryAwards { .. } => "chancery_awards".to_owned(),
        Pending::Offer(_) => "offer".to_owned(),
        Pending::TieBreak(_) => "tie_break".to_owned(),
        Pending::RaidDestination { .. } => "raid_destination".to_owned(),
        Pending::Occupy { .. } => "occupy".to_owned(),
        Pending::StormPort(_) => "storm_port".to_owned(),
        Pending::EmbassyCompanions(_) => "embassy_companions".to_owned(),
        Pending::Disembark { .. } => "disembark".to_owned(),
        Pending::SpoilsBishop { .. } => "spoils_bishop".to_owned(),
        other => match other.window().map(|w| w.kind) {
            Some(WindowKind::BeforeEvent) => "before_event".to_owned(),
            Some(WindowKind::AddToCombat) => "add_to_combat".to_owned(),
            Some(WindowKind::Attendance) => "attendance".to_owned(),
            Some(WindowKind::Politicking) => "politicking".to_owned(),
            None => "decision".to_owned(),
        },
    });
    let faction = state.decider();
    let who = faction.map_or_else(
        || "no one".to_owned(),
        |f| crate::rules::faction_name(content, state, f),
    );
    let text = match &decision {
        Some(d) => format!(
            "{who} decides ({}) in the {} of round {}",
            decision_words(d),
            state.clock.phase.name(),
            state.clock.round
        ),
        None => format!(
            "{who}: {} of round {}",
            state.clock.phase.name(),
            state.clock.round
        ),
    };
    Prompt {
        faction,
        clock: state.clock.clone(),
        decision,
        text,
    }
}
