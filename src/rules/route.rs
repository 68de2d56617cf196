//! `route`: the one place that says which commands are open now and what each one does.
//!
//! For a command given by a faction, [`route`] makes every judgement `decide` makes before
//! anything changes (who decides, the window or phase, the rule checks of the handler it
//! picks) and returns the handler that carries the command out. `decide` runs the handler;
//! `check_command` and `legal_commands` only ask whether a handler is returned. A rule added
//! to a check here is therefore added to all three at once.
//!
//! The contract (held by `tests/rules_contract.rs`): a command `route` accepts, `decide`
//! accepts with the same handler; a handler does not refuse what its check accepted (it
//! cannot: [`Apply`] returns nothing), and it is given what the check found rather than
//! checking again.

use crate::content::CrownCardId;
use crate::rules::FactionIdx;
use crate::rules::command::Command;
use crate::rules::ctx::Ctx;
use crate::rules::error::{MustAct, RuleError, StepCause};
use crate::rules::flow;
use crate::rules::handler::{Apply, apply};
use crate::rules::moments::open_now;
use crate::rules::phases::{
    combat, coronation, embassy, end_of_turn, event_phase, landing, movement, parliament, sea,
    ship_loan, storms,
};
use crate::rules::state::{Pending, Phase, TieBreak, TieCause};
use crate::rules::{alliances, negotiation, tie_break};

/// A handler that changes nothing but the window's pass count.
fn window_action<'a>(inner: Apply<'a>) -> Apply<'a> {
    apply(move |ctx| {
        inner(ctx);
        flow::acted(ctx);
    })
}

/// Judges `command` given by `by` against the state `ctx` was made from; `pending` is that
/// state's top decision (passed apart so the handler may borrow it while it changes `ctx`).
pub fn route<'a>(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    pending: Option<&'a Pending>,
    command: &'a Command,
) -> Result<Apply<'a>, RuleError> {
    if ctx.state.outcome.is_some() {
        return Err(RuleError::GameOver);
    }
    if usize::from(by) >= ctx.state.players() {
        return Err(RuleError::UnknownFaction);
    }
    if ctx.state.decider() != Some(by) {
        return out_of_turn(ctx, by, pending, command);
    }
    named_once(command)?;
    match pending {
        Some(pending) => pending_route(ctx, by, pending, command),
        None => phase_route(ctx, by, command),
    }
}

/// A command names each card and each Noble at most once: a deal that lists a hand card
/// twice would give (or pay, show, keep) it twice, and a Force that lists a member twice
/// would count it twice (21.01, 11.07, 11.09, 19.02, 23.10). Checked before anything else,
/// for every command that carries a list, so no handler has to.
fn named_once(command: &Command) -> Result<(), RuleError> {
    match command {
        Command::OfferGift { cards, .. }
        | Command::RevealCards { cards, .. }
        | Command::OfferRansom { cards, .. } => cards_once(cards.iter()),
        Command::OfferRansomKeeping {
            cards, keep, gain, ..
        } => cards_once(cards.iter().chain(keep).chain(gain)),
        Command::OfferTrade { give, take, .. } => cards_once(give.iter().chain(take)),
        Command::ExchangeCards { give, take, .. } => cards_once([give, take].into_iter()),
        Command::ProposeForce { members, .. } => match first_repeat(members.iter()) {
            Some(noble) => Err(RuleError::NobleNamedTwice { noble: *noble }),
            None => Ok(()),
        },
        Command::EndStep
        | Command::Pass
        | Command::DrawEventCard
        | Command::PlayNoble { .. }
        | Command::AwardCard { .. }
        | Command::MoveNoble { .. }
        | Command::Board { .. }
        | Command::Sail { .. }
        | Command::RequestPassage { .. }
        | Command::StartAttack { .. }
        | Command::CommitAttacker { .. }
        | Command::LaunchAttack
        | Command::CallOffAttack
        | Command::EnterConquered { .. }
        | Command::ExecuteRoyal { .. }
        | Command::ReallocateRoyal { .. }
        | Command::ExecuteCaptive { .. }
        | Command::ProposeAlliance { .. }
        | Command::LeaveAlliance
        | Command::AcceptOffer
        | Command::RejectOffer
        | Command::ChooseVictim { .. }
        | Command::ChooseRaidLine { .. }
        | Command::ChooseStormPort { .. }
        | Command::Accompany { .. }
        | Command::RequestShipLoan { .. }
        | Command::LandInside { .. }
        | Command::SummonParliament { .. }
        | Command::SendToParliament { .. }
        | Command::AwardChanceryCard { .. }
        | Command::DiscardChanceryCard { .. }
        | Command::Crown { .. }
        | Command::ClaimPrestigeVictory
        | Command::LeaveFortification { .. }
        | Command::DiscardCrownCard { .. }
        | Command::TransferCard { .. }
        | Command::ReplaceBishop { .. }
        | Command::HandOverPlace { .. }
        | Command::HandOverShip { .. }
        | Command::ProposeAllianceExecuting { .. }
        | Command::MoveOffice { .. }
        | Command::AttendInside { .. } => Ok(()),
    }
}

/// Refuses the first card named a second time.
fn cards_once<'a>(cards: impl Iterator<Item = &'a CrownCardId> + Clone) -> Result<(), RuleError> {
    match first_repeat(cards) {
        Some(card) => Err(RuleError::CardNamedTwice { card: *card }),
        None => Ok(()),
    }
}

/// The first item that repeats an earlier one, in order. Short lists (every listed command)
/// are compared pairwise without allocating; a long one, which only a hand-made command
/// carries, goes through an ordered set so it cannot cost quadratic time.
fn first_repeat<'a, T: Ord + 'a>(items: impl Iterator<Item = &'a T> + Clone) -> Option<&'a T> {
    const SHORT: usize = 32;
    if items.clone().nth(SHORT).is_none() {
        return items
            .clone()
            .enumerate()
            .find(|(i, item)| items.clone().take(*i).any(|earlier| earlier == *item))
            .map(|(_, item)| item);
    }
    let mut seen = std::collections::BTreeSet::new();
    items.into_iter().find(|item| !seen.insert(*item))
}

/// The faction's own steps, with no decision waiting.
fn phase_route<'a>(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    command: &'a Command,
) -> Result<Apply<'a>, RuleError> {
    if let Some(result) = negotiation::anytime(ctx, by, command) {
        return result;
    }
    match (ctx.state.clock.phase, command) {
        (Phase::Event, Command::DrawEventCard) => Ok(apply(move |ctx| event_phase::draw(ctx, by))),
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
        ) => {
            let land_move = movement::check_move(ctx, by, noble, *kind, to, *free)?;
            Ok(apply(move |ctx| {
                movement::move_noble(ctx, by, noble, land_move);
            }))
        }
        (Phase::Movement, Command::Board { noble, ship, free }) => {
            let port = sea::check_board(ctx, by, noble, ship, *free)?;
            Ok(apply(move |ctx| {
                sea::board(ctx, by, noble, ship, *free, port)
            }))
        }
        (Phase::Movement, Command::RequestShipLoan { ship }) => {
            let owner = ship_loan::check_loan(ctx, by, ship)?;
            Ok(apply(move |ctx| {
                ship_loan::request_loan(ctx, by, ship, owner);
            }))
        }
        (Phase::Movement, Command::Sail { ship, to, free }) => {
            let voyage = sea::check_sail(ctx, by, ship, to, *free)?;
            Ok(apply(move |ctx| sea::sail(ctx, by, ship, *free, voyage)))
        }
        (Phase::Movement, Command::RequestPassage { noble, through, to }) => {
            let owner = movement::check_passage(ctx, by, noble, through, to)?;
            Ok(apply(move |ctx| {
                movement::request_passage(ctx, by, noble, through, to, owner);
            }))
        }
        (Phase::Combat, Command::StartAttack { area, target }) => {
            combat::check_start(ctx.content, &ctx.state, by, area, target)
                .map_err(|cause| RuleError::AttackNotAllowed { cause })?;
            Ok(apply(move |ctx| combat::start(ctx, by, area, target)))
        }
        (Phase::Movement | Phase::Combat, Command::ProposeForce { commander, members }) => {
            let ally = combat::check_propose_force(ctx, by, commander, members)?;
            Ok(apply(move |ctx| {
                combat::propose_force(ctx, by, commander, members, ally);
            }))
        }
        (Phase::Parliament, Command::SummonParliament { area, summoned }) => {
            parliament::check_summon(ctx, by, area, summoned.as_ref())?;
            Ok(apply(move |ctx| {
                parliament::summon(ctx, by, area, summoned.as_ref());
            }))
        }
        (
            Phase::Coronation,
            Command::MoveNoble {
                noble,
                kind: crate::rules::command::MoveKind::Local,
                to,
                free: false,
            },
        ) => {
            let place = coronation::check_enter_cathedral(ctx, by, noble, to)?;
            Ok(apply(move |ctx| {
                coronation::enter_cathedral(ctx, noble, place);
            }))
        }
        (Phase::Coronation, Command::Crown { royal }) => {
            coronation::check_crown(ctx, by, royal)?;
            Ok(apply(move |ctx| coronation::crown(ctx, royal)))
        }
        (Phase::EndOfTurn, Command::ClaimPrestigeVictory) => {
            end_of_turn::check_claim(ctx, by)?;
            Ok(apply(move |ctx| end_of_turn::claim(ctx, by)))
        }
        (Phase::EndOfTurn, Command::LeaveFortification { noble }) => {
            let area = end_of_turn::check_leave_fortification(ctx, by, noble)?;
            Ok(apply(move |ctx| {
                end_of_turn::leave_fortification(ctx, noble, area);
            }))
        }
        (Phase::EndOfTurn, Command::DiscardCrownCard { card }) => {
            end_of_turn::check_discard(ctx, by, card)?;
            Ok(apply(move |ctx| end_of_turn::discard(ctx, by, card)))
        }
        (Phase::EndOfTurn, Command::EndStep) => {
            end_of_turn::check_end_step(ctx, by)?;
            Ok(apply(flow::end_step))
        }
        (Phase::Combat, Command::EndStep) => {
            combat::check_end_combat(ctx, by)?; // 9.47
            Ok(apply(move |ctx| {
                landing::end_landings(ctx, by); // 9.48
                flow::end_step(ctx);
            }))
        }
        (Phase::Movement | Phase::Parliament | Phase::Coronation, Command::EndStep) => {
            Ok(apply(flow::end_step))
        }
        _ => Err(RuleError::WrongStep {
            cause: StepCause::OtherPhase,
        }),
    }
}

/// Once every owner has broken its tie, the Nobles chosen die and what was waiting goes on:
/// the combat's resolution (10.29, 10.57) or the Plague's end (8.33).
fn tie_broken(ctx: &mut Ctx<'_>, tie: &TieBreak) {
    match &tie.cause {
        TieCause::Killed { attack, card } => combat::finish(ctx, attack, *card, &tie.chosen),
        TieCause::Plague { card } => event_phase::finish_plague(ctx, card, &tie.chosen),
    }
}

/// A decision waiting: only the commands that answer it (and, in open windows, the any-time
/// commands) are routed.
fn pending_route<'a>(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    pending: &'a Pending,
    command: &'a Command,
) -> Result<Apply<'a>, RuleError> {
    match pending {
        Pending::Offer(offer) => match command {
            Command::AcceptOffer => {
                negotiation::check_answer(ctx, offer, true)?;
                Ok(apply(move |ctx| negotiation::answer(ctx, offer, true)))
            }
            Command::RejectOffer => Ok(apply(move |ctx| negotiation::answer(ctx, offer, false))),
            _ => Err(RuleError::WrongStep {
                cause: StepCause::OfferWaiting,
            }),
        },
        Pending::RaidDestination {
            card,
            noble,
            lines,
            chosen,
            ..
        } => match command {
            Command::ChooseRaidLine { line } if lines.contains(line) => Ok(apply(move |ctx| {
                ctx.emit(crate::rules::event::Event::DecisionClosed);
                let mut chosen = chosen.clone();
                chosen.push((*noble, *line));
                event_phase::resolve_with(ctx, card, &chosen);
            })),
            _ => window_anytime(ctx, by, command),
        },
        Pending::TieBreak(tie) => match command {
            Command::ChooseVictim { noble } => {
                tie_break::check_choose(by, tie, noble)?;
                Ok(apply(move |ctx| {
                    if let Some(broken) = tie_break::choose(ctx, tie, noble) {
                        tie_broken(ctx, &broken);
                    }
                }))
            }
            // 10.30, 10.58: only Royals change hands in the KILLED step (`open_now`).
            _ => window_anytime(ctx, by, command),
        },
        Pending::Disembark { nobles, .. } => match command {
            Command::LandInside { noble, location } => {
                sea::check_land_inside(ctx, by, nobles, noble, location)?;
                Ok(apply(move |ctx| {
                    sea::land_inside(ctx, nobles, noble, location);
                }))
            }
            Command::Pass => Ok(apply(|ctx| {
                ctx.emit(crate::rules::event::Event::DecisionClosed);
            })),
            _ => window_anytime(ctx, by, command),
        },
        // 11.11: the spoils Bishop in place of the one held, or keep the one held.
        Pending::SpoilsBishop {
            card,
            nobles,
            closes_turn,
            ..
        } => match command {
            Command::ReplaceBishop { card: c, noble } if c == card => {
                crate::rules::spoils::check_take(nobles, card, noble)?;
                Ok(apply(move |ctx| {
                    crate::rules::spoils::take(ctx, card, noble, *closes_turn);
                }))
            }
            Command::Pass => Ok(apply(move |ctx| {
                crate::rules::spoils::keep(ctx, *closes_turn);
            })),
            _ => window_anytime(ctx, by, command),
        },
        Pending::StormPort(storm) => match command {
            Command::ChooseStormPort { port } => {
                storms::check_choose(storm, port)?;
                Ok(apply(move |ctx| storms::choose(ctx, storm, port)))
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::EmbassyCompanions(companions) => match command {
            Command::Accompany { noble } => {
                embassy::check_accompany(companions, noble)?;
                Ok(apply(move |ctx| embassy::accompany(ctx, companions, noble)))
            }
            Command::Pass => Ok(apply(move |ctx| {
                embassy::pass(ctx, companions);
            })),
            _ => window_anytime(ctx, by, command),
        },
        Pending::ChanceryAwards { summoner, cards } => match command {
            Command::MoveOffice { card, from, to } => {
                let owners = negotiation::check_move_office(ctx, by, card, from, to)?;
                Ok(apply(move |ctx| {
                    negotiation::move_office(ctx, by, card, from, to, &owners);
                }))
            }
            Command::AwardChanceryCard { card, noble } => {
                parliament::check_award_chancery(ctx, card, noble)?;
                Ok(apply(move |ctx| {
                    parliament::award_chancery(ctx, *summoner, cards, card, noble);
                }))
            }
            Command::DiscardChanceryCard { card } => {
                parliament::check_discard_chancery(ctx, card)?;
                Ok(apply(move |ctx| {
                    parliament::discard_chancery(ctx, *summoner, cards, card);
                }))
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::Occupy {
            faction,
            location,
            attackers,
            must_enter,
        } => match command {
            Command::EnterConquered { noble } => {
                combat::check_enter(ctx, *faction, location, attackers, noble)?;
                Ok(apply(move |ctx| {
                    combat::enter(ctx, *faction, location, attackers, noble);
                }))
            }
            Command::Pass => {
                combat::check_occupy_done(ctx, *faction, location, attackers, *must_enter)?;
                Ok(apply(combat::occupy_done))
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::Attack(attack) if attack.window.is_none() => match command {
            Command::CommitAttacker { noble } => {
                combat::check_commit(ctx, by, attack, noble)?;
                Ok(apply(move |ctx| combat::commit(ctx, attack, noble)))
            }
            Command::LaunchAttack => {
                combat::check_launch(ctx, attack)?;
                Ok(apply(move |ctx| combat::launch(ctx, attack)))
            }
            Command::CallOffAttack => Ok(apply(combat::call_off)),
            _ => window_anytime(ctx, by, command),
        },
        Pending::Attack(attack) => match command {
            Command::Pass => Ok(apply(|ctx| {
                if let Some(closed) = flow::pass(ctx) {
                    combat::resolve(ctx, closed);
                }
            })),
            Command::CallOffAttack if by == attack.attacker => Ok(apply(combat::call_off)),
            // 10.15 (cards to the Nobles in the battle, Royals killed), and whatever else may
            // be done at any time before the resolution card is drawn (19.18, 20.05).
            _ => window_anytime(ctx, by, command),
        },
        Pending::EventReaction { card, .. } => match command {
            Command::Pass => Ok(apply(move |ctx| {
                if flow::pass(ctx).is_some() {
                    event_phase::resolve(ctx, card);
                }
            })),
            _ => window_anytime(ctx, by, command),
        },
        Pending::Parliament { summoner, area, .. } => match command {
            Command::Pass => Ok(apply(move |ctx| {
                if flow::pass(ctx).is_some() {
                    parliament::close_attendance(ctx, *summoner, area);
                }
            })),
            Command::SendToParliament { noble } => {
                parliament::check_send(ctx, by, area, noble)?;
                Ok(window_action(apply(move |ctx| {
                    parliament::send(ctx, area, noble);
                })))
            }
            Command::AttendInside { noble, location } => {
                parliament::check_attend_inside(ctx, by, area, noble, location)?;
                Ok(window_action(apply(move |ctx| {
                    parliament::attend_inside(ctx, noble, location);
                })))
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::Politicking { .. } => match command {
            Command::Pass => {
                end_of_turn::check_politicking_pass(ctx, by)?;
                Ok(apply(end_of_turn::politicking_pass))
            }
            Command::ProposeAlliance { to } => {
                alliances::check_propose(ctx, by, *to, None)
                    .map_err(|cause| RuleError::AllianceNotAllowed { cause })?;
                Ok(window_action(apply(move |ctx| {
                    alliances::propose(ctx, by, *to, None);
                })))
            }
            Command::ProposeAllianceExecuting { to, house } => {
                alliances::check_propose(ctx, by, *to, Some(*house))
                    .map_err(|cause| RuleError::AllianceNotAllowed { cause })?;
                Ok(window_action(apply(move |ctx| {
                    alliances::propose(ctx, by, *to, Some(*house));
                })))
            }
            Command::LeaveAlliance => {
                alliances::check_leave(ctx, by)?;
                Ok(window_action(apply(move |ctx| alliances::leave(ctx, by))))
            }
            _ => window_anytime(ctx, by, command),
        },
    }
}

/// A command from a faction that is not the one deciding: what the rules allow "at any time,
/// in any player's turn" (19.18, 20.05, 21.01, 21.02, 19.02, 17.10, 17.11) as this moment
/// allows it ([`open_now`], the same table as for the faction deciding), and in a politicking
/// step an Alliance announced (14.07, 23.02); anything else waits for its decider.
fn out_of_turn<'a>(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    pending: Option<&'a Pending>,
    command: &'a Command,
) -> Result<Apply<'a>, RuleError> {
    let politicking = matches!(pending, Some(Pending::Politicking { .. }));
    let announces = matches!(
        command,
        Command::ProposeAlliance { .. } | Command::ProposeAllianceExecuting { .. }
    );
    if AnytimeKind::of(command).is_none() && !(politicking && announces) {
        return Err(RuleError::NotYourDecision { by });
    }
    named_once(command)?;
    match (pending, command) {
        // 14.07, 23.02: in a politicking step any faction may announce an Alliance.
        (Some(Pending::Politicking { .. }), Command::ProposeAlliance { to }) => {
            alliances::check_propose(ctx, by, *to, None)
                .map_err(|cause| RuleError::AllianceNotAllowed { cause })?;
            Ok(window_action(apply(move |ctx| {
                alliances::propose(ctx, by, *to, None);
            })))
        }
        (Some(Pending::Politicking { .. }), Command::ProposeAllianceExecuting { to, house }) => {
            alliances::check_propose(ctx, by, *to, Some(*house))
                .map_err(|cause| RuleError::AllianceNotAllowed { cause })?;
            Ok(window_action(apply(move |ctx| {
                alliances::propose(ctx, by, *to, Some(*house));
            })))
        }
        _ => window_anytime(ctx, by, command),
    }
}

/// An any-time command given while a decision waits, if this moment allows its kind
/// ([`open_now`]); acting in a window starts the passes again.
fn window_anytime<'a>(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    command: &'a Command,
) -> Result<Apply<'a>, RuleError> {
    if matches!(ctx.state.pending.last(), Some(Pending::Offer(_))) {
        // An offer waiting is a question to one player that only its answer closes.
        return Err(RuleError::WrongStep {
            cause: StepCause::OfferWaiting,
        });
    }
    let open = open_now(&ctx.state);
    let (allowed, closed) = match AnytimeKind::of(command) {
        Some(AnytimeKind::Hand) => (open.hand, StepCause::HandClosed),
        Some(AnytimeKind::Transfer) => (open.transfers, StepCause::TransfersClosed),
        Some(AnytimeKind::Execute) => (open.execute, StepCause::ExecutionsClosed),
        Some(AnytimeKind::Reallocate) => (open.reallocate, StepCause::ReallocationClosed),
        Some(AnytimeKind::Deal) => (open.deals, StepCause::DealsClosed),
        None => (false, StepCause::DecisionWaiting),
    };
    if !allowed {
        return Err(RuleError::WrongStep { cause: closed });
    }
    match negotiation::anytime(ctx, by, command) {
        Some(result) => result.map(window_action),
        None => Err(RuleError::WrongStep {
            cause: StepCause::DecisionWaiting,
        }),
    }
}

/// The kinds of any-time command, as the rules open and close them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AnytimeKind {
    /// Playing a Noble or awarding a card from hand (19.18).
    Hand,
    /// Card transfers between Nobles, Bishops replaced, places and ships handed over (20.05,
    /// 20.08).
    Transfer,
    /// Executing a Royal (17.11).
    Execute,
    /// Reallocating a Royal (17.10).
    Reallocate,
    /// Offers and reveals between players, and captives executed (21.01, 11.07–11.10, 19.02).
    Deal,
}

impl AnytimeKind {
    fn of(command: &Command) -> Option<AnytimeKind> {
        Some(match command {
            Command::PlayNoble { .. } | Command::AwardCard { .. } => AnytimeKind::Hand,
            Command::TransferCard { .. }
            | Command::ExchangeCards { .. }
            | Command::ReplaceBishop { .. }
            | Command::HandOverPlace { .. }
            | Command::HandOverShip { .. } => AnytimeKind::Transfer,
            Command::ExecuteRoyal { .. } => AnytimeKind::Execute,
            Command::ReallocateRoyal { .. } => AnytimeKind::Reallocate,
            Command::OfferGift { .. }
            | Command::OfferTrade { .. }
            | Command::OfferRansom { .. }
            | Command::OfferRansomKeeping { .. }
            | Command::RevealCards { .. }
            | Command::ExecuteCaptive { .. } => AnytimeKind::Deal,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str) -> CrownCardId {
        CrownCardId::from(id)
    }

    #[test]
    fn the_first_repeat_is_found_in_short_and_long_lists() {
        let short = [card("C01"), card("C02"), card("C01"), card("C02")];
        assert_eq!(first_repeat(short.iter()), Some(&card("C01")));
        let mut long: Vec<CrownCardId> = (0..40).map(|i| card(&format!("C{i:02}"))).collect();
        assert_eq!(first_repeat(long.iter()), None);
        long.push(card("C07"));
        long.push(card("C03"));
        assert_eq!(first_repeat(long.iter()), Some(&card("C07")));
    }

    #[test]
    fn every_list_a_command_carries_is_apply() {
        let twice = Command::OfferRansomKeeping {
            noble: crate::content::NobleId::from("neville"),
            cards: vec![card("C01")],
            keep: vec![card("C02")],
            gain: vec![card("C01")],
        };
        assert_eq!(
            named_once(&twice),
            Err(RuleError::CardNamedTwice { card: card("C01") })
        );
        let trade = Command::OfferTrade {
            to: 1,
            give: vec![card("C01")],
            take: vec![card("C01")],
        };
        assert!(named_once(&trade).is_err());
        let force = Command::ProposeForce {
            commander: crate::content::NobleId::from("neville"),
            members: vec![
                crate::content::NobleId::from("neville"),
                crate::content::NobleId::from("percy"),
                crate::content::NobleId::from("neville"),
            ],
        };
        assert_eq!(
            named_once(&force),
            Err(RuleError::NobleNamedTwice {
                noble: crate::content::NobleId::from("neville")
            })
        );
        let once = Command::OfferGift {
            to: 1,
            cards: vec![card("C01"), card("C02")],
        };
        assert_eq!(named_once(&once), Ok(()));
    }
}
