//! `check`: judges whether a command would be accepted now, without changing anything and
//! without copying the state. It mirrors `decide`'s dispatch and calls the same per-rule
//! checks the handlers call, so `decide` (which runs it first) and `legal_commands` (which
//! filters candidates with it) always agree.

use crate::content::CrownCardId;
use crate::rules::FactionIdx;
use crate::rules::command::Command;
use crate::rules::ctx::Ctx;
use crate::rules::error::{MustAct, RuleError};
use crate::rules::negotiation;
use crate::rules::phases::{
    combat, coronation, embassy, end_of_turn, movement, parliament, sea, storms,
};
use crate::rules::state::{Pending, Phase};

/// Whether `by` may give `command` now; the error says why not.
pub fn check(ctx: &Ctx<'_>, by: FactionIdx, command: &Command) -> Result<(), RuleError> {
    if ctx.state.outcome.is_some() {
        return Err(RuleError::GameOver);
    }
    if usize::from(by) >= ctx.state.players() {
        return Err(RuleError::UnknownFaction);
    }
    if ctx.state.decider() != Some(by) {
        return Err(RuleError::NotYourDecision { by });
    }
    named_once(command)?;
    match ctx.state.pending.last() {
        Some(pending) => pending_check(ctx, by, pending, command),
        None => phase_check(ctx, by, command),
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
            Some(noble) => Err(RuleError::NobleNamedTwice {
                noble: noble.clone(),
            }),
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
        Some(card) => Err(RuleError::CardNamedTwice { card: card.clone() }),
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

fn phase_check(ctx: &Ctx<'_>, by: FactionIdx, command: &Command) -> Result<(), RuleError> {
    if let Some(result) = negotiation::check_anytime(ctx, by, command) {
        return result;
    }
    match (ctx.state.clock.phase, command) {
        (Phase::Event, Command::DrawEventCard) => Ok(()),
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
        ) => movement::check_move(ctx, by, noble, *kind, to, *free).map(|_| ()),
        (Phase::Movement, Command::Board { noble, ship, free }) => {
            sea::check_board(ctx, by, noble, ship, *free).map(|_| ())
        }
        (Phase::Movement, Command::RequestShipLoan { ship }) => {
            sea::check_loan(ctx, by, ship).map(|_| ())
        }
        (Phase::Movement, Command::Sail { ship, to, free }) => {
            sea::check_sail(ctx, by, ship, to, *free).map(|_| ())
        }
        (Phase::Movement, Command::RequestPassage { noble, through, to }) => {
            movement::check_passage(ctx, by, noble, through, to).map(|_| ())
        }
        (Phase::Combat, Command::StartAttack { area, target }) => {
            if combat::can_start(ctx.content, &ctx.state, by, area, target) {
                Ok(())
            } else {
                Err(RuleError::AttackNotAllowed)
            }
        }
        (Phase::Movement | Phase::Combat, Command::ProposeForce { commander, members }) => {
            combat::check_propose_force(ctx, by, commander, members).map(|_| ())
        }
        (Phase::Parliament, Command::SummonParliament { area, summoned }) => {
            parliament::check_summon(ctx, by, area, summoned.as_ref())
        }
        (Phase::Coronation, Command::Crown { royal }) => coronation::check_crown(ctx, by, royal),
        (Phase::EndOfTurn, Command::ClaimPrestigeVictory) => end_of_turn::check_claim(ctx, by),
        (Phase::EndOfTurn, Command::LeaveFortification { noble }) => {
            end_of_turn::check_leave_fortification(ctx, by, noble).map(|_| ())
        }
        (Phase::EndOfTurn, Command::DiscardCrownCard { card }) => {
            end_of_turn::check_discard(ctx, by, card)
        }
        (Phase::EndOfTurn, Command::EndStep) => end_of_turn::check_end_step(ctx, by),
        (Phase::Combat, Command::EndStep) => {
            crate::rules::phases::landing::check_end_combat(ctx, by)
        }
        (Phase::Movement | Phase::Parliament | Phase::Coronation, Command::EndStep) => Ok(()),
        _ => Err(RuleError::WrongStep),
    }
}

fn pending_check(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    pending: &Pending,
    command: &Command,
) -> Result<(), RuleError> {
    match pending {
        Pending::Offer(_) => match command {
            Command::AcceptOffer | Command::RejectOffer => Ok(()),
            _ => Err(RuleError::WrongStep),
        },
        Pending::RaidDestination { lines, .. } => match command {
            Command::ChooseRaidLine { line } if lines.contains(line) => Ok(()),
            _ => Err(RuleError::WrongStep),
        },
        Pending::TieBreak(tie) => match command {
            Command::ChooseVictim { noble } => {
                crate::rules::tie_break::check_choose(by, tie, noble)
            }
            Command::ReallocateRoyal { .. }
                if matches!(tie.cause, crate::rules::state::TieCause::Killed { .. }) =>
            {
                window_anytime(ctx, by, command)
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::Disembark { nobles, .. } => match command {
            Command::LandInside { noble, location } => {
                sea::check_land_inside(ctx, by, nobles, noble, location)
            }
            Command::Pass => Ok(()),
            _ => Err(RuleError::WrongStep),
        },
        Pending::StormPort(storm) => match command {
            Command::ChooseStormPort { port } => storms::check_choose(storm, port),
            _ => Err(RuleError::WrongStep),
        },
        Pending::EmbassyCompanions(companions) => match command {
            Command::Accompany { noble } => embassy::check_accompany(companions, noble),
            Command::Pass => Ok(()),
            _ => Err(RuleError::WrongStep),
        },
        Pending::ChanceryAwards { .. } => match command {
            Command::MoveOffice { card, from, to } => {
                negotiation::check_move_office(ctx, by, card, from, to).map(|_| ())
            }
            Command::AwardChanceryCard { card, noble } => {
                parliament::check_award_chancery(ctx, card, noble)
            }
            Command::DiscardChanceryCard { card } => parliament::check_discard_chancery(ctx, card),
            _ => Err(RuleError::WrongStep),
        },
        Pending::Occupy {
            faction,
            location,
            attackers,
            must_enter,
        } => match command {
            Command::EnterConquered { noble } => {
                combat::check_enter(ctx, *faction, location, attackers, noble)
            }
            Command::Pass => {
                combat::check_occupy_done(ctx, *faction, location, attackers, *must_enter)
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::Attack(attack) if attack.window.is_none() => match command {
            Command::CommitAttacker { noble } => combat::check_commit(ctx, by, attack, noble),
            Command::LaunchAttack => combat::check_launch(ctx, attack),
            Command::CallOffAttack => Ok(()),
            _ => Err(RuleError::WrongStep),
        },
        Pending::Attack(attack) => match command {
            Command::Pass => Ok(()),
            Command::CallOffAttack if by == attack.attacker => Ok(()),
            Command::AwardCard { card, noble } => {
                combat::check_award_in_combat(ctx, by, attack, card, noble)
            }
            Command::ExecuteRoyal { .. } | Command::ReallocateRoyal { .. } => {
                negotiation::check_anytime(ctx, by, command).unwrap_or(Err(RuleError::WrongStep))
            }
            _ => Err(RuleError::WrongStep),
        },
        Pending::EventReaction { .. } => match command {
            Command::Pass => Ok(()),
            // 17.11: no execution while an Event is drawn and resolved.
            Command::ExecuteRoyal { .. } => Err(RuleError::WrongStep),
            _ => window_anytime(ctx, by, command),
        },
        Pending::Parliament { area, .. } => match command {
            Command::Pass => Ok(()),
            Command::SendToParliament { noble } => parliament::check_send(ctx, by, area, noble),
            Command::AttendInside { noble, location } => {
                parliament::check_attend_inside(ctx, by, area, noble, location)
            }
            _ => window_anytime(ctx, by, command),
        },
        Pending::Politicking { .. } => match command {
            Command::Pass => end_of_turn::check_politicking_pass(ctx, by),
            Command::ProposeAlliance { to } => {
                if crate::rules::alliances::can_propose(ctx, by, *to, None) {
                    Ok(())
                } else {
                    Err(RuleError::AllianceNotAllowed)
                }
            }
            Command::ProposeAllianceExecuting { to, house } => {
                if crate::rules::alliances::can_propose(ctx, by, *to, Some(*house)) {
                    Ok(())
                } else {
                    Err(RuleError::AllianceNotAllowed)
                }
            }
            Command::LeaveAlliance => crate::rules::alliances::check_leave(ctx, by),
            _ => window_anytime(ctx, by, command),
        },
    }
}

fn window_anytime(ctx: &Ctx<'_>, by: FactionIdx, command: &Command) -> Result<(), RuleError> {
    negotiation::check_anytime(ctx, by, command).unwrap_or(Err(RuleError::WrongStep))
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
    fn every_list_a_command_carries_is_checked() {
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
