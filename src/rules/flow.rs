//! The sequence of play (§7): advancing steps, phases, turns and rounds, the hooks at phase
//! ends (Royal control 17.01, King's Peace removal 12.16), windows passing (Z39), Crown and
//! Event card draws with their reshuffles (14.03, 8.06, Z42), and the end-of-game checks.

use crate::content::events::EventType;
use crate::content::{CrownCardId, EventCardId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::Event;
use crate::rules::rng::shuffle;
use crate::rules::setup::EventSlot;
use crate::rules::state::{Clock, Outcome, Pending, Phase, VictoryKind, Window, WindowKind};
use crate::rules::victory;

/// Factions clockwise starting with `first` (Z39).
pub fn clockwise_from(ctx: &Ctx<'_>, first: FactionIdx) -> Vec<FactionIdx> {
    let n = ctx.state.players();
    (0..n)
        .map(|i| ((usize::from(first) + i) % n) as FactionIdx)
        .collect()
}

/// A new window.
pub fn window(kind: WindowKind, order: Vec<FactionIdx>) -> Window {
    Window {
        kind,
        order,
        at: 0,
        passes: 0,
    }
}

/// Sets the clock to a phase and step of the current turn.
pub fn set_phase(ctx: &mut Ctx<'_>, phase: Phase, step: u8) {
    let mut clock = ctx.state.clock.clone();
    clock.phase = phase;
    clock.step = step;
    ctx.emit(Event::ClockAdvanced { clock });
}

/// Ends the current phase (or End of Turn step) and runs whatever happens automatically
/// until a decision is needed.
pub fn end_step(ctx: &mut Ctx<'_>) {
    let clock = ctx.state.clock.clone();
    match clock.phase {
        Phase::Setup | Phase::GameOver => {}
        Phase::Event => set_phase(ctx, Phase::Movement, 1),
        Phase::Movement => {
            crate::rules::royalty::gain_control(ctx, clock.active); // 17.01, 17.02
            set_phase(ctx, Phase::Combat, 1);
        }
        Phase::Combat => {
            // 17.04: Royals are gained in combat only by defeating their escort or garrison,
            // which the resolution already settled (capture, conquest); a Royal merely
            // standing alone beside the active faction's Nobles waits for a Movement Phase.
            // 12.16, Z29: the King's Peace ends with the summoner's next Combat Phase.
            if let Some(peace) = ctx.state.kings_peace.clone()
                && peace.summoner == clock.active
                && peace.round < clock.round
            {
                ctx.emit(Event::KingsPeaceRemoved);
                if let Some((card, true)) = ctx.state.clamours.last().cloned() {
                    ctx.emit(Event::ClamourDiscarded { card });
                }
            }
            set_phase(ctx, Phase::Parliament, 1);
        }
        Phase::Parliament => set_phase(ctx, Phase::Coronation, 1),
        Phase::Coronation => {
            set_phase(ctx, Phase::EndOfTurn, 1);
            begin_end_of_turn(ctx);
        }
        Phase::EndOfTurn => match clock.step {
            1 => {
                set_phase(ctx, Phase::EndOfTurn, 2);
                begin_end_of_turn(ctx);
            }
            3 => {
                set_phase(ctx, Phase::EndOfTurn, 4);
                let order = clockwise_from(ctx, clock.active);
                ctx.emit(Event::DecisionOpened {
                    pending: Pending::Politicking {
                        window: window(WindowKind::Politicking, order),
                    },
                });
            }
            _ => end_turn(ctx),
        },
    }
    finish(ctx);
}

/// Runs the automatic End of Turn steps: step 1 is skipped when no claim is possible; step 2
/// draws 2 Crown cards (14.02–14.04).
pub fn begin_end_of_turn(ctx: &mut Ctx<'_>) {
    let active = ctx.state.clock.active;
    if ctx.state.clock.step == 1 {
        if crate::rules::prestige_claim::can_claim(ctx.content, &ctx.state, active) {
            return;
        }
        set_phase(ctx, Phase::EndOfTurn, 2);
    }
    if ctx.state.clock.step == 2 {
        let cards = draw_crown(ctx, 2);
        ctx.emit(Event::CrownCardsDrawn {
            faction: active,
            cards,
        });
        set_phase(ctx, Phase::EndOfTurn, 3);
    }
}

/// Draws up to `n` Crown cards, reshuffling the discard when the deck runs out (14.03).
/// Returns the cards; the caller records them.
pub fn draw_crown(ctx: &mut Ctx<'_>, n: usize) -> Vec<CrownCardId> {
    draw_crown_keeping_out(ctx, n, &[])
}

/// Draws up to `n` Crown cards as [`draw_crown`] does, except that a reshuffle leaves the
/// cards in `kept_out` in the discard: the cards Rally to the Cause set aside are not drawn
/// back by the draw they pay for (22.01).
pub fn draw_crown_keeping_out(
    ctx: &mut Ctx<'_>,
    n: usize,
    kept_out: &[CrownCardId],
) -> Vec<CrownCardId> {
    let mut cards = Vec::new();
    while cards.len() < n {
        if let Some(card) = ctx
            .state
            .crown_deck
            .iter()
            .find(|c| !cards.contains(*c))
            .cloned()
        {
            if !crate::rules::phases::combat::town_card_drawn(ctx, &card) {
                cards.push(card); // 10.64: else another is drawn
            }
            continue;
        }
        if !ctx
            .state
            .crown_discard
            .iter()
            .any(|c| !kept_out.contains(c))
        {
            break; // 14.04, 22.02
        }
        let mut order: Vec<CrownCardId> = ctx
            .state
            .crown_deck
            .iter()
            .filter(|c| !cards.contains(*c))
            .chain(
                ctx.state
                    .crown_discard
                    .iter()
                    .filter(|c| !kept_out.contains(*c)),
            )
            .cloned()
            .collect();
        let mut rng = ctx.rng();
        shuffle(&mut rng, &mut order);
        let keep: Vec<CrownCardId> = cards.clone();
        ctx.emit(Event::CrownDeckShuffled {
            order: keep.into_iter().chain(order).collect(),
        });
    }
    cards
}

/// Draws the top Event card, revealing the Prestige tile (8.41) and reshuffling the
/// discard with the removed cards when the deck runs out (8.06, Z42).
pub fn draw_event(ctx: &mut Ctx<'_>, by: FactionIdx) -> Option<EventCardId> {
    for _ in 0..3 {
        match ctx.state.event_deck.first().cloned() {
            Some(EventSlot::PrestigeTile) => ctx.emit(Event::PrestigeTileRevealed),
            Some(EventSlot::Card { card }) => {
                ctx.emit(Event::EventCardDrawn { faction: by, card });
                if matches!(ctx.state.event_deck.first(), Some(EventSlot::PrestigeTile)) {
                    ctx.emit(Event::PrestigeTileRevealed);
                }
                return Some(card);
            }
            None => {
                let mut order: Vec<EventCardId> = ctx
                    .state
                    .event_discard
                    .iter()
                    .chain(ctx.state.event_removed.iter())
                    .cloned()
                    .collect();
                if order.is_empty() {
                    return None;
                }
                let mut rng = ctx.rng();
                shuffle(&mut rng, &mut order);
                ctx.emit(Event::EventDeckShuffled {
                    order: order
                        .into_iter()
                        .map(|card| EventSlot::Card { card })
                        .collect(),
                    removed: Vec::new(),
                });
            }
        }
    }
    None
}

/// Draws Event cards for combat until one has a black lower half (10.20): Free Moves go to
/// the attacker, Clamours to the board.
pub fn draw_resolution(ctx: &mut Ctx<'_>, attacker: FactionIdx) -> Option<EventCardId> {
    for _ in 0..200 {
        let card = draw_event(ctx, attacker)?;
        let kind = ctx.content.events.card(&card).map(|c| c.event_type());
        match kind {
            Some(EventType::FreeMove) => ctx.emit(Event::FreeMoveKept {
                faction: attacker,
                card,
            }),
            Some(EventType::Clamour) => ctx.emit(Event::ClamourPlaced { card }),
            Some(_) => return Some(card),
            None => {}
        }
    }
    None
}

/// The turn goes on once its politicking closed and its captives are executed: step 5's
/// discard when two cards were drawn, else the end of the turn (14.09, 14.10).
pub fn after_executions(ctx: &mut Ctx<'_>) {
    let active = ctx.state.clock.active;
    set_phase(ctx, Phase::EndOfTurn, 5);
    let f = &ctx.state.factions[usize::from(active)];
    if f.drew < 2 || f.hand.is_empty() {
        end_turn(ctx);
    }
}

/// Ends the active faction's turn: the Prestige deadline (15.03), the next turn, a new
/// round and the time limit (6.01, 15.08).
pub fn end_turn(ctx: &mut Ctx<'_>) {
    let clock = ctx.state.clock.clone();
    if let Some(claim) = ctx.state.prestige_claim.clone()
        && claim.claimant == clock.active
        && claim.round < clock.round
    {
        let now = crate::rules::prestige::group_prestige(ctx.content, &ctx.state, &claim.factions);
        if now >= claim.target {
            let kind = if claim.factions.len() > 1 {
                VictoryKind::SharedPrestige
            } else {
                VictoryKind::Prestige
            };
            end_game(
                ctx,
                Outcome {
                    kind,
                    winners: claim.factions,
                },
            );
            return;
        }
    }
    let n = ctx.state.order.len() as u8;
    let mut turn = clock.turn + 1;
    let mut round = clock.round;
    if turn >= n {
        turn = 0;
        round += 1;
        crate::rules::phases::combat::forces_round_over(ctx); // 23.15
        if let Some(limit) = ctx.state.setup.time_limit_rounds
            && round > limit
        {
            // 6.01: judged on Prestige as it stands now, this decision's changes included.
            ctx.refresh_prestige();
            let outcome = victory::minor(ctx.content, &ctx.state);
            end_game(ctx, outcome);
            return;
        }
    }
    let active = ctx.state.order.get(usize::from(turn)).copied().unwrap_or(0);
    ctx.emit(Event::ClockAdvanced {
        clock: Clock {
            round,
            turn,
            active,
            phase: Phase::Event,
            step: 1,
        },
    });
    ctx.emit(Event::TurnBegan { faction: active });
}

/// Records a pass in the current window; returns true if the window is now closed (every
/// faction passed in a row) and has been popped.
pub fn pass(ctx: &mut Ctx<'_>) -> Option<Pending> {
    let mut top = ctx.state.pending.last()?.clone();
    let window = top.window_mut()?;
    window.passes += 1;
    if window.passes >= window.order.len() {
        ctx.emit(Event::DecisionClosed);
        return Some(top);
    }
    window.at = (window.at + 1) % window.order.len();
    ctx.emit(Event::DecisionUpdated { pending: top });
    None
}

/// Records an action in the current window: the passes-in-a-row count starts again.
pub fn acted(ctx: &mut Ctx<'_>) {
    let Some(mut top) = ctx.state.pending.last().cloned() else {
        return;
    };
    if let Some(window) = top.window_mut()
        && window.passes != 0
    {
        window.passes = 0;
        ctx.emit(Event::DecisionUpdated { pending: top });
    }
}

/// 10.77, 10.78: a siege lifts when, during this decision, the besieger came to have no Noble
/// left in the Area's open field (it abandoned the siege) or its Nobles there became weaker
/// than the garrison and defenders.
fn lift_sieges(ctx: &mut Ctx<'_>) {
    if matches!(ctx.state, std::borrow::Cow::Borrowed(_)) {
        return; // nothing changed
    }
    let sieges: Vec<_> = ctx.state.besieged.iter().map(|(l, f)| (*l, *f)).collect();
    for (location, by) in sieges {
        let holds_now = siege_holds(ctx.content, &ctx.state, &location, by);
        if !holds_now && siege_holds(ctx.content, ctx.origin, &location, by) {
            ctx.emit(Event::BesiegedCleared { location });
        }
    }
}

/// Whether the besieger still has Nobles before the place strong enough to keep the siege.
fn siege_holds(
    content: &crate::content::Content,
    state: &crate::rules::state::State,
    location: &crate::content::LocationId,
    by: FactionIdx,
) -> bool {
    use crate::rules::state::Place;
    {
        let Some(area) = content.map.area_of(location).cloned() else {
            return true;
        };
        let field = Place::Field { area };
        let besiegers: Vec<_> = state
            .nobles
            .iter()
            .filter(|(_, n)| n.faction == by && n.place == field)
            .map(|(id, _)| *id)
            .collect();
        let inside: Vec<_> = state
            .nobles_at(&Place::Inside {
                location: *location,
            })
            .into_iter()
            .cloned()
            .collect();
        let attack = crate::rules::troops::stack_strength(content, state, &besiegers);
        let defence = crate::rules::troops::stack_strength(content, state, &inside)
            + crate::rules::phases::combat::garrison(content, state, location);
        !besiegers.is_empty() && attack >= defence
    }
}

/// After every decision: Prestige refresh and its claim reset (15.07), the both-houses
/// marks (17.13), places' capacity (19.14), Open Town occupation (19.15), the immediate end
/// checks (Z33).
pub fn finish(ctx: &mut Ctx<'_>) {
    if ctx.state.outcome.is_some() {
        return;
    }
    // Every decision ends here, so what these checks keep current was current before it; a
    // decision that only passed or moved the clock on leaves it so (most decisions are
    // passes in reaction windows). The claim is looked at always: it is cheap, and a position
    // set up by hand may hold a claim its Prestige no longer backs.
    if ctx.events.iter().all(Event::is_bookkeeping) {
        return_claim(ctx);
        #[cfg(debug_assertions)]
        {
            let mut again = Ctx::new(ctx.content, &ctx.state);
            keep_current(&mut again);
            debug_assert!(
                again.events.is_empty(),
                "a book-keeping decision left something to bring up to date: {:?}",
                again.events
            );
        }
        return;
    }
    keep_current(ctx);
}

/// Returns the Prestige card when the claim no longer holds: its group's Prestige fell
/// below the target, or the claimant's Alliance changed (15.07).
fn return_claim(ctx: &mut Ctx<'_>) {
    if let Some(claim) = ctx.state.prestige_claim.clone() {
        let now = crate::rules::prestige::group_prestige(ctx.content, &ctx.state, &claim.factions);
        let team = ctx.state.team(claim.claimant);
        if now < claim.target || team != claim.factions {
            ctx.emit(Event::PrestigeCardReturned);
        }
    }
}

/// The checks of [`finish`].
fn keep_current(ctx: &mut Ctx<'_>) {
    ctx.refresh_prestige();
    return_claim(ctx);
    crate::rules::royalty::mark_both_houses(ctx);
    lift_sieges(ctx);
    crate::rules::capacity::settle(ctx); // 19.14
    crate::rules::occupation::settle_open_towns(ctx); // 19.15
    if let Some(outcome) = victory::immediate(ctx.content, &ctx.state) {
        end_game(ctx, outcome);
    }
}

/// The game ends: the Prestige track shows the final Prestige, an Event card a waiting
/// decision still holds goes to the Event discard (8.08) as the decisions close with the
/// game, and the outcome is recorded.
fn end_game(ctx: &mut Ctx<'_>, outcome: Outcome) {
    ctx.refresh_prestige();
    let mut drawn: Vec<EventCardId> = Vec::new();
    for card in ctx
        .state
        .pending
        .iter()
        .filter_map(Pending::drawn_event_card)
    {
        if !drawn.contains(card) {
            drawn.push(*card);
        }
    }
    for card in drawn {
        ctx.emit(Event::EventCardDiscarded { card });
    }
    ctx.emit(Event::GameEnded { outcome });
}
