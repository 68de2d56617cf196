//! `decide`: judges a command against the state and records its outcome as events. Checks
//! who may decide now, then hands the command to the current window or phase.

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::command::Command;
use crate::rules::ctx::Ctx;
use crate::rules::error::{MustAct, RuleError};
use crate::rules::event::Event;
use crate::rules::flow;
use crate::rules::phases::{
    combat, coronation, embassy, end_of_turn, event_phase, movement, parliament, sea, storms,
};
use crate::rules::state::{Pending, Phase, State};
use crate::rules::{alliances, negotiation};

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
    crate::rules::check::check(&ctx, by, command)?;
    match state.pending.last().cloned() {
        Some(pending) => pending_command(&mut ctx, by, pending, command)?,
        None => phase_command(&mut ctx, by, command)?,
    }
    flow::finish(&mut ctx);
    let after = match ctx.state {
        std::borrow::Cow::Owned(after) => Some(after),
        std::borrow::Cow::Borrowed(_) => None,
    };
    Ok((ctx.events, after))
}

/// Whether `decide` would get past its first judgement of `command` (the same `check`
/// `legal_commands` filters with), without copying the state. A refusal here is exactly
/// `decide`'s refusal; an acceptance is `decide`'s too unless a handler refuses later.
pub fn check_command(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
) -> Result<(), RuleError> {
    crate::rules::check::check(&Ctx::new(content, state), by, command)
}

fn phase_command(ctx: &mut Ctx<'_>, by: FactionIdx, command: &Command) -> Result<(), RuleError> {
    if let Some(result) = negotiation::anytime(ctx, by, command) {
        return result;
    }
    let clock = ctx.state.clock.clone();
    match (clock.phase, command) {
        (Phase::Event, Command::DrawEventCard) => event_phase::draw(ctx, by),
        (Phase::Event, Command::EndStep) => Err(RuleError::MustActFirst {
            reason: MustAct::DrawEventCard,
        }),
        (
            Phase::Movement,
            Command::MoveNoble {
                noble,
                kind,
                to,
                free,
            },
        ) => movement::move_noble(ctx, by, noble, *kind, to, *free),
        (Phase::Movement, Command::Board { noble, ship, free }) => {
            sea::board(ctx, by, noble, ship, *free)
        }
        (Phase::Movement, Command::RequestShipLoan { ship }) => sea::request_loan(ctx, by, ship),
        (Phase::Movement, Command::Sail { ship, to, free }) => sea::sail(ctx, by, ship, to, *free),
        (Phase::Movement, Command::RequestPassage { noble, through, to }) => {
            movement::request_passage(ctx, by, noble, through, to)
        }
        (Phase::Combat, Command::StartAttack { area, target }) => {
            combat::start(ctx, by, area, target)
        }
        (Phase::Movement | Phase::Combat, Command::ProposeForce { commander, members }) => {
            combat::propose_force(ctx, by, commander, members)
        }
        (Phase::Parliament, Command::SummonParliament { area, summoned }) => {
            parliament::summon(ctx, by, area, summoned.as_ref())
        }
        (Phase::Coronation, Command::Crown { royal }) => coronation::crown(ctx, by, royal),
        (Phase::EndOfTurn, Command::ClaimPrestigeVictory) => end_of_turn::claim(ctx, by),
        (Phase::EndOfTurn, Command::LeaveFortification { noble }) => {
            end_of_turn::leave_fortification(ctx, by, noble)
        }
        (Phase::EndOfTurn, Command::DiscardCrownCard { card }) => {
            end_of_turn::discard(ctx, by, card)
        }
        (Phase::EndOfTurn, Command::EndStep) => end_of_turn::end_step(ctx, by),
        (Phase::Combat, Command::EndStep) => {
            crate::rules::phases::landing::end_landings(ctx, by); // 9.48
            flow::end_step(ctx);
            Ok(())
        }
        (Phase::Movement | Phase::Parliament | Phase::Coronation, Command::EndStep) => {
            flow::end_step(ctx);
            Ok(())
        }
        _ => Err(RuleError::WrongStep),
    }
}

fn pending_command(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    pending: Pending,
    command: &Command,
) -> Result<(), RuleError> {
    match pending {
        Pending::Offer(offer) => match command {
            Command::AcceptOffer => negotiation::answer(ctx, &offer, true),
            Command::RejectOffer => negotiation::answer(ctx, &offer, false),
            _ => Err(RuleError::WrongStep),
        },
        Pending::RaidDestination {
            card,
            noble,
            lines,
            mut chosen,
            ..
        } => match command {
            Command::ChooseRaidLine { line } if lines.contains(line) => {
                ctx.emit(Event::DecisionClosed);
                chosen.push((noble, *line));
                event_phase::resolve_with(ctx, &card, &chosen);
                Ok(())
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::TieBreak(tie) => match command {
            Command::ChooseVictim { noble } => {
                crate::rules::tie_break::choose(ctx, by, &tie, noble)
            }
            // 10.30, 10.58: only Royals change hands in the KILLED step.
            Command::ReallocateRoyal { .. }
                if matches!(tie.cause, crate::rules::state::TieCause::Killed { .. }) =>
            {
                negotiation::anytime(ctx, by, command).unwrap_or(Err(RuleError::WrongStep))
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::Disembark { nobles, .. } => match command {
            Command::LandInside { noble, location } => {
                sea::land_inside(ctx, by, &nobles, noble, location)
            }
            Command::Pass => {
                ctx.emit(Event::DecisionClosed);
                Ok(())
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::StormPort(storm) => match command {
            Command::ChooseStormPort { port } => storms::choose(ctx, &storm, port),
            _ => Err(RuleError::WrongStep),
        },
        Pending::EmbassyCompanions(companions) => match command {
            Command::Accompany { noble } => embassy::accompany(ctx, &companions, noble),
            Command::Pass => {
                embassy::pass(ctx, &companions);
                Ok(())
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::ChanceryAwards { .. } => match command {
            Command::MoveOffice { card, from, to } => {
                negotiation::move_office(ctx, by, card, from, to)
            }
            Command::AwardChanceryCard { card, noble } => {
                parliament::award_chancery(ctx, card, noble)
            }
            Command::DiscardChanceryCard { card } => parliament::discard_chancery(ctx, card),
            _ => Err(RuleError::WrongStep),
        },
        Pending::Occupy {
            faction,
            location,
            attackers,
            must_enter,
        } => match command {
            Command::EnterConquered { noble } => {
                combat::enter(ctx, faction, &location, &attackers, noble)
            }
            Command::Pass => combat::occupy_done(ctx, faction, &location, &attackers, must_enter),
            _ => Err(RuleError::WrongStep),
        },
        Pending::Attack(attack) if attack.window.is_none() => match command {
            Command::CommitAttacker { noble } => combat::commit(ctx, by, &attack, noble),
            Command::LaunchAttack => combat::launch(ctx, &attack),
            Command::CallOffAttack => combat::call_off(ctx),
            _ => Err(RuleError::WrongStep),
        },
        Pending::Attack(attack) => match command {
            Command::Pass => {
                if let Some(closed) = flow::pass(ctx) {
                    combat::resolve(ctx, closed);
                }
                Ok(())
            }
            Command::CallOffAttack if by == attack.attacker => combat::call_off(ctx),
            Command::AwardCard { card, noble } => {
                combat::award_in_combat(ctx, by, &attack, card, noble)?;
                flow::acted(ctx);
                Ok(())
            }
            Command::ExecuteRoyal { .. } | Command::ReallocateRoyal { .. } => {
                negotiation::anytime(ctx, by, command).unwrap_or(Err(RuleError::WrongStep))?;
                flow::acted(ctx);
                Ok(())
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::EventReaction { card, .. } => match command {
            Command::Pass => {
                if flow::pass(ctx).is_some() {
                    event_phase::resolve(ctx, &card);
                }
                Ok(())
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::Parliament { summoner, area, .. } => match command {
            Command::Pass => {
                if flow::pass(ctx).is_some() {
                    parliament::close_attendance(ctx, summoner, &area);
                }
                Ok(())
            }
            Command::SendToParliament { noble } => {
                parliament::send(ctx, by, &area, noble)?;
                flow::acted(ctx);
                Ok(())
            }
            Command::AttendInside { noble, location } => {
                parliament::attend_inside(ctx, by, &area, noble, location)?;
                flow::acted(ctx);
                Ok(())
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::Politicking { .. } => match command {
            Command::Pass => end_of_turn::politicking_pass(ctx, by),
            Command::ProposeAlliance { to } => {
                alliances::propose(ctx, by, *to, None)?;
                flow::acted(ctx);
                Ok(())
            }
            Command::ProposeAllianceExecuting { to, house } => {
                alliances::propose(ctx, by, *to, Some(*house))?;
                flow::acted(ctx);
                Ok(())
            }
            Command::LeaveAlliance => {
                alliances::leave(ctx, by)?;
                flow::acted(ctx);
                Ok(())
            }
            _ => window_anytime(ctx, by, command),
        },
    }
}

fn window_anytime(ctx: &mut Ctx<'_>, by: FactionIdx, command: &Command) -> Result<(), RuleError> {
    match negotiation::anytime(ctx, by, command) {
        Some(result) => {
            result?;
            flow::acted(ctx);
            Ok(())
        }
        None => Err(RuleError::WrongStep),
    }
}
