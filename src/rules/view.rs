//! `view`: what one faction (or a spectator) may know: its own hand, others' hand sizes, all
//! public cards and pieces, never the order of a deck.

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use crate::content::{Content, CrownCardId, EventCardId, LocationId, NobleId, RoyalId};
use crate::rules::FactionIdx;
use crate::rules::state::{
    Clock, Controller, NobleState, Outcome, Pending, PrestigeClaim, RoyalState, Shared, ShipState,
    State,
};

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[ts(export)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Viewer {
    /// A faction's seat.
    Faction {
        /// The seat.
        faction: FactionIdx,
    },
    /// Public information only.
    Spectator,
}

/// One faction as seen.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct FactionView {
    /// Name.
    pub name: String,
    /// Colour.
    pub colour: String,
    /// Prestige.
    pub prestige: u32,
    /// Cards in hand (count, public, 2.18).
    pub hand_size: usize,
    /// The hand itself, only for the viewer's own faction.
    pub hand: Option<Vec<CrownCardId>>,
    /// Cards of this hand revealed to the viewer (19.02).
    pub revealed: Vec<CrownCardId>,
    /// Free Move cards (face up).
    pub free_moves: Vec<EventCardId>,
    /// Chancellor cards (face up).
    pub chancellor_cards: Vec<EventCardId>,
}

/// What a viewer sees.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct View {
    /// The viewer.
    pub viewer: Viewer,
    /// The clock.
    pub clock: Clock,
    /// Turn order.
    pub order: Vec<FactionIdx>,
    /// Factions.
    pub factions: Vec<FactionView>,
    /// Nobles in play with their cards (public, 2.06).
    #[ts(as = "BTreeMap<NobleId, NobleState>")]
    pub nobles: Shared<BTreeMap<NobleId, NobleState>>,
    /// Royals.
    #[ts(as = "BTreeMap<RoyalId, RoyalState>")]
    pub royals: Shared<BTreeMap<RoyalId, RoyalState>>,
    /// Ships.
    #[ts(as = "BTreeMap<String, ShipState>")]
    pub ships: Shared<BTreeMap<String, ShipState>>,
    /// Control of places.
    #[ts(as = "BTreeMap<LocationId, Controller>")]
    pub control: Shared<BTreeMap<LocationId, Controller>>,
    /// Cards left in the Crown deck (never its order).
    pub crown_deck_size: usize,
    /// The Crown discard (public).
    #[ts(as = "Vec<CrownCardId>")]
    pub crown_discard: Shared<Vec<CrownCardId>>,
    /// Chancery (public).
    #[ts(as = "Vec<CrownCardId>")]
    pub chancery: Shared<Vec<CrownCardId>>,
    /// Cards left in the Event deck.
    pub event_deck_size: usize,
    /// The Event discard.
    #[ts(as = "Vec<EventCardId>")]
    pub event_discard: Shared<Vec<EventCardId>>,
    /// Clamours on the board.
    pub clamours: Vec<(EventCardId, bool)>,
    /// Besieged places.
    #[ts(as = "BTreeMap<LocationId, FactionIdx>")]
    pub besieged: Shared<BTreeMap<LocationId, FactionIdx>>,
    /// King's Peace.
    pub kings_peace: Option<crate::rules::state::KingsPeace>,
    /// Whether the Prestige tile is revealed.
    pub tile_revealed: bool,
    /// The Prestige Victory claim.
    pub prestige_claim: Option<PrestigeClaim>,
    /// The Prestige Victory target for a faction alone in this game (15.03).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub prestige_target: Option<u32>,
    /// Alliances.
    pub alliances: Vec<Vec<FactionIdx>>,
    /// The decision under way.
    pub pending: Option<Pending>,
    /// Who decides now.
    pub awaiting: Vec<FactionIdx>,
    /// The result.
    pub outcome: Option<Outcome>,
}

/// Builds the view for `viewer`.
pub fn view(content: &Content, state: &State, viewer: Viewer) -> View {
    let me = match viewer {
        Viewer::Faction { faction } => Some(faction),
        Viewer::Spectator => None,
    };
    let factions = state
        .factions
        .iter()
        .enumerate()
        .map(|(i, f)| FactionView {
            name: crate::rules::faction_name(content, state, i as FactionIdx),
            colour: f.colour.clone(),
            prestige: f.prestige,
            hand_size: f.hand.len(),
            hand: (me == Some(i as FactionIdx)).then(|| f.hand.clone()),
            revealed: f
                .shown
                .iter()
                .filter(|(to, _)| me == Some(*to))
                .map(|(_, c)| *c)
                .collect(),
            free_moves: f.free_moves.clone(),
            chancellor_cards: f.chancellor_cards.clone(),
        })
        .collect();
    // Offers of hand cards are shown only to the two parties.
    let pending = state.pending.last().cloned().filter(|p| match p {
        Pending::Offer(o) => me == Some(o.from) || me == Some(o.to),
        _ => true,
    });
    View {
        viewer,
        clock: state.clock.clone(),
        order: state.order.clone(),
        factions,
        nobles: state.nobles.clone(),
        royals: state.royals.clone(),
        ships: state.ships.clone(),
        control: state.control.clone(),
        crown_deck_size: state.crown_deck.len(),
        crown_discard: state.crown_discard.clone(),
        chancery: state.chancery.clone(),
        event_deck_size: state.event_deck.len(),
        event_discard: state.event_discard.clone(),
        clamours: state.clamours.clone(),
        besieged: state.besieged.clone(),
        kings_peace: state.kings_peace.clone(),
        tile_revealed: state.tile_revealed,
        prestige_claim: state.prestige_claim.clone(),
        prestige_target: crate::rules::prestige::target(content, state.players(), 1),
        alliances: state.alliances.clone(),
        pending,
        awaiting: state.decider().into_iter().collect(),
        outcome: state.outcome.clone(),
    }
}

impl<'a> crate::rules::phases::combat::Pieces<'a> {
    /// The pieces a seat's view shows (the view does not say which cards were traded).
    pub fn of_view(view: &'a View) -> Self {
        Self {
            nobles: &view.nobles,
            alliances: &view.alliances,
            traded: Vec::new(),
        }
    }
}
