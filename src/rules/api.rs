//! The entry points around `decide`/`evolve`: `initial_state`, `start`, `awaiting` and
//! `outcome` (`prompt`, which names factions as players read them, is in `prompt`).

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{RuleError, SetupProblem};
use crate::rules::event::Event;
use crate::rules::rng::RngState;
use crate::rules::setup::{Setup, SetupKind};
use crate::rules::state::{Clock, FactionState, Outcome, Phase, State};

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
