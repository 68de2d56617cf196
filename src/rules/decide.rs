//! `decide`: judges a command against the state and records its outcome as events. The
//! judgement and the choice of handler are [`route`](crate::rules::route)'s alone; this
//! module runs the handler and brings the state up to date after it (`flow::finish`).

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::command::Command;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;
use crate::rules::flow;
use crate::rules::route::route;
use crate::rules::state::State;

/// Judges `command` given by faction `by`; returns the events it causes or why it is refused.
pub fn decide(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
) -> Result<Vec<Event>, RuleError> {
    decide_and_apply(content, state, by, command).map(|(events, _)| events)
}

/// [`decide`], also returning the state after its events: the working copy the decision
/// applied them to one by one with `evolve`, so it equals evolving `state` with them
/// (`None` when there are none and the state is unchanged). Saves a caller that both decides
/// and applies from evolving twice.
pub fn decide_and_apply(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
) -> Result<(Vec<Event>, Option<State>), RuleError> {
    let mut ctx = Ctx::new(content, state);
    let handler = route(&ctx, by, state.pending.last(), command)?;
    handler(&mut ctx);
    flow::finish(&mut ctx);
    let after = match ctx.state {
        std::borrow::Cow::Owned(after) => Some(after),
        std::borrow::Cow::Borrowed(_) => None,
    };
    Ok((ctx.events, after))
}

/// Whether `decide` would accept `command`, without copying the state: the same
/// [`route`] judgement, without running the handler. A refusal here is exactly `decide`'s
/// refusal, and an acceptance is `decide`'s too (handlers refuse nothing their route
/// accepted; `tests/rules_contract.rs` holds it in random games).
pub fn check_command(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
) -> Result<(), RuleError> {
    route(&Ctx::new(content, state), by, state.pending.last(), command).map(|_| ())
}
