//! What the Event Phase shares with the Event types it hands over to (Embassy, Storms at Sea):
//! which Nobles respond to an Event (8.17), and ending an Event: its card discarded (8.08),
//! then the second draw of the 2-player game (4.07) or on to Movement.

use crate::content::{EventCardId, NobleId};
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::flow;
use crate::rules::state::Phase;

/// Whether a Noble responds to an Event (8.17): not besieged, at sea, captive, on an island
/// or in Calais.
pub fn responds(ctx: &Ctx<'_>, noble: &NobleId) -> bool {
    if ctx.state.is_besieged(noble) {
        return false;
    }
    crate::rules::troops::area_of_noble(ctx.content, &ctx.state, noble)
        .is_some_and(|a| ctx.content.map.is_mainland(&a))
}

/// Discards the resolved Event card (8.08) and goes on to the next draw or Movement.
pub fn finish_event(ctx: &mut Ctx<'_>, card: &EventCardId) {
    ctx.emit(Event::EventCardDiscarded { card: *card }); // 8.08
    after_event(ctx);
}

/// After an Event: a second draw in the 2-player game (4.07), else on to Movement.
pub fn after_event(ctx: &mut Ctx<'_>) {
    let per_turn = ctx
        .content
        .cards
        .tables
        .event_deck
        .by_players
        .iter()
        .find(|r| r.players as usize == ctx.state.players())
        .map_or(1, |r| r.draws_per_turn);
    if u32::from(ctx.state.clock.step) < per_turn {
        let step = ctx.state.clock.step + 1;
        flow::set_phase(ctx, Phase::Event, step);
    } else {
        flow::set_phase(ctx, Phase::Movement, 1);
    }
}
