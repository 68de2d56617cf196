//! A game's story for its end screen, drawn from its log: every faction's Prestige at the end
//! of each round, and the key moments (coronations, Royals' deaths, battles and sieges,
//! Parliaments, Prestige claims, the end), each with the seq to open on the timeline. Reads
//! only public events. Must not change anything.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::rules::{Event, FactionIdx, State, describe_event, evolve, initial_state};

use super::core::Service;
use super::error::ServiceResult;
use super::records::Row;
use super::verification::GameRequest;

/// One faction's Prestige, round by round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct PrestigeSeries {
    /// The faction's seat.
    pub faction: FactionIdx,
    /// Its name.
    pub name: String,
    /// Its colour.
    pub colour: String,
    /// Its Prestige at the end of each round, from round 1 (the last entry is where the game
    /// ended).
    pub by_round: Vec<u32>,
}

/// A moment worth going back to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Moment {
    /// The row to open on the timeline.
    #[ts(type = "number")]
    pub seq: u64,
    /// The round it happened in.
    pub round: u32,
    /// `coronation`, `royal_died`, `battle`, `siege`, `parliament`, `prestige_claim`,
    /// `game_ended` or `resigned`.
    pub kind: String,
    /// What happened, in words.
    pub text: String,
}

/// A game's story.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Story {
    /// Every faction's Prestige by round.
    pub prestige: Vec<PrestigeSeries>,
    /// The key moments, in order.
    pub moments: Vec<Moment>,
}

impl Service {
    /// A game's story: Prestige by round and the key moments, from the rows in force.
    pub fn story(&self, request: &GameRequest) -> ServiceResult<Story> {
        self.with_game(request.game, |g| {
            let (content, history) = (g.content, &g.session.history);
            let mut state: State = initial_state(content, &g.session.options.setup);
            let mut by_round: Vec<Vec<u32>> = Vec::new();
            let mut moments = Vec::new();
            for seq in history.in_force() {
                let event = match history.rows().get(seq as usize - 1) {
                    Some(Row::Event(event)) => event,
                    Some(Row::Resigned(resigned)) => {
                        // The resignation ends the game: its last key moment.
                        let who = crate::rules::faction_name(content, &state, resigned.by);
                        moments.push(Moment {
                            seq,
                            round: state.clock.round,
                            kind: "resigned".to_owned(),
                            text: format!("{who} resigned the game: a loss, the others stand"),
                        });
                        continue;
                    }
                    _ => continue,
                };
                if let Some(kind) = moment(event) {
                    moments.push(Moment {
                        seq,
                        round: state.clock.round,
                        kind: kind.to_owned(),
                        text: describe_event(content, &state, event),
                    });
                }
                let round = state.clock.round;
                evolve(content, &mut state, event);
                if round >= 1 && (state.clock.round != round || state.outcome.is_some()) {
                    // The round just ended (or the game did): note where everyone stood.
                    by_round.push(state.factions.iter().map(|f| f.prestige).collect());
                }
            }
            if state.outcome.is_none() && state.clock.round >= 1 {
                by_round.push(state.factions.iter().map(|f| f.prestige).collect());
            }
            let prestige = state
                .factions
                .iter()
                .enumerate()
                .map(|(i, f)| PrestigeSeries {
                    faction: i as FactionIdx,
                    name: crate::rules::faction_name(content, &state, i as FactionIdx),
                    colour: f.colour.clone(),
                    by_round: by_round.iter().filter_map(|r| r.get(i).copied()).collect(),
                })
                .collect();
            Ok(Story { prestige, moments })
        })
    }
}

/// The kind of key moment an event is, if it is one.
fn moment(event: &Event) -> Option<&'static str> {
    Some(match event {
        Event::RoyalCrowned { .. } => "coronation",
        Event::RoyalDied { .. } => "royal_died",
        Event::CombatResolved { siege: Some(_), .. } => "siege",
        Event::CombatResolved { .. } => "battle",
        Event::ParliamentSummoned { .. } => "parliament",
        Event::PrestigeCardClaimed { .. } => "prestige_claim",
        Event::GameEnded { .. } => "game_ended",
        _ => return None,
    })
}
