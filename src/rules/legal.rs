//! `legal_commands`: every command the deciding faction may give now. Candidates are built
//! from the situation and each is confirmed by `decide`, so the list never holds a command
//! `decide` would refuse. Large choices are split into successive small commands.

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::command::{Command, Destination, MoveKind, ShipDestination};
use crate::rules::decide::decide;
use crate::rules::state::{AttackTarget, Pending, Phase, Place, RoyalPlace, ShipPlace, State};

/// Every command `faction` may give now, sorted.
pub fn legal_commands(content: &Content, state: &State, faction: FactionIdx) -> Vec<Command> {
    if state.decider() != Some(faction) {
        return Vec::new();
    }
    let mut out: Vec<Command> = candidates(content, state, faction)
        .into_iter()
        .filter(|c| decide(content, state, faction, c).is_ok())
        .collect();
    out.sort();
    out.dedup();
    out
}

fn anytime(content: &Content, state: &State, faction: FactionIdx, out: &mut Vec<Command>) {
    let f = &state.factions[usize::from(faction)];
    let own: Vec<_> = state.nobles_of(faction).into_iter().cloned().collect();
    for card in &f.hand {
        if content
            .cards
            .card(card.as_str())
            .is_some_and(|c| c.card_type.is_noble())
        {
            out.push(Command::PlayNoble { card: card.clone() });
        } else {
            for noble in &own {
                if crate::rules::ctx::can_award(content, state, noble, card) {
                    out.push(Command::AwardCard {
                        card: card.clone(),
                        noble: noble.clone(),
                    });
                }
            }
        }
    }
    for (royal, r) in &state.royals {
        if let RoyalPlace::With { noble } = &r.place
            && state
                .nobles
                .get(noble)
                .is_some_and(|n| n.faction == faction)
        {
            out.push(Command::ExecuteRoyal {
                royal: royal.clone(),
            });
            let place = &state.nobles[noble].place;
            for other in state.nobles_at(place) {
                if other != noble {
                    out.push(Command::ReallocateRoyal {
                        royal: royal.clone(),
                        noble: other.clone(),
                    });
                }
            }
        }
    }
    for (noble, c) in &state.captives {
        if c.captor == faction {
            out.push(Command::ExecuteCaptive {
                noble: noble.clone(),
            });
        }
        if state
            .nobles
            .get(noble)
            .is_some_and(|n| n.faction == faction)
        {
            out.push(Command::OfferRansom {
                noble: noble.clone(),
                cards: Vec::new(),
            });
            if let Some(card) = f.hand.first() {
                out.push(Command::OfferRansom {
                    noble: noble.clone(),
                    cards: vec![card.clone()],
                });
            }
        }
    }
}

fn candidates(content: &Content, state: &State, faction: FactionIdx) -> Vec<Command> {
    let mut out = Vec::new();
    match state.pending.last() {
        Some(Pending::Offer(_)) => {
            out.push(Command::AcceptOffer);
            out.push(Command::RejectOffer);
        }
        Some(Pending::ChanceryAwards { cards, .. }) => {
            for card in cards {
                out.push(Command::DiscardChanceryCard { card: card.clone() });
                for noble in state.nobles.keys() {
                    out.push(Command::AwardChanceryCard {
                        card: card.clone(),
                        noble: noble.clone(),
                    });
                }
            }
        }
        Some(Pending::Attack(attack)) if attack.window.is_none() => {
            for noble in state.nobles_of(faction) {
                out.push(Command::CommitAttacker {
                    noble: noble.clone(),
                });
            }
            out.push(Command::LaunchAttack);
            out.push(Command::CallOffAttack);
        }
        Some(Pending::Attack(attack)) => {
            out.push(Command::Pass);
            out.push(Command::CallOffAttack);
            let f = &state.factions[usize::from(faction)];
            for card in &f.hand {
                for noble in attack.attackers.iter().chain(
                    crate::rules::phases::combat::defenders(state, &attack.area, &attack.target)
                        .iter(),
                ) {
                    out.push(Command::AwardCard {
                        card: card.clone(),
                        noble: noble.clone(),
                    });
                }
            }
        }
        Some(Pending::EventReaction { .. }) => {
            out.push(Command::Pass);
            anytime(content, state, faction, &mut out);
        }
        Some(Pending::Parliament { .. }) => {
            out.push(Command::Pass);
            for noble in state.nobles_of(faction) {
                out.push(Command::SendToParliament {
                    noble: noble.clone(),
                });
            }
            anytime(content, state, faction, &mut out);
        }
        Some(Pending::Politicking { .. }) => {
            out.push(Command::Pass);
            for to in 0..state.players() as FactionIdx {
                out.push(Command::ProposeAlliance { to });
                if let Some(card) = state.factions[usize::from(faction)].hand.first() {
                    out.push(Command::OfferGift {
                        to,
                        cards: vec![card.clone()],
                    });
                }
            }
            out.push(Command::LeaveAlliance);
            anytime(content, state, faction, &mut out);
        }
        None => {
            phase_candidates(content, state, faction, &mut out);
            anytime(content, state, faction, &mut out);
        }
    }
    out
}

fn phase_candidates(content: &Content, state: &State, faction: FactionIdx, out: &mut Vec<Command>) {
    out.push(Command::EndStep);
    match state.clock.phase {
        Phase::Event => out.push(Command::DrawEventCard),
        Phase::Movement => movement(content, state, faction, out),
        Phase::Combat => {
            let areas: std::collections::BTreeSet<_> = state
                .nobles_of(faction)
                .into_iter()
                .filter_map(|n| match &state.nobles[n].place {
                    Place::Field { area } => Some(area.clone()),
                    _ => None,
                })
                .collect();
            for area in areas {
                for f in 0..state.players() as FactionIdx {
                    out.push(Command::StartAttack {
                        area: area.clone(),
                        target: AttackTarget::Field { faction: f },
                    });
                }
                for l in content.map.locations_in(&area) {
                    out.push(Command::StartAttack {
                        area: area.clone(),
                        target: AttackTarget::Location {
                            location: l.id.clone(),
                        },
                    });
                }
            }
        }
        Phase::Parliament => {
            if let Some(area) =
                crate::rules::phases::parliament::parliament_area(content, state, faction)
            {
                out.push(Command::SummonParliament {
                    area: area.clone(),
                    summoned: None,
                });
                for noble in state.nobles.keys() {
                    out.push(Command::SummonParliament {
                        area: area.clone(),
                        summoned: Some(noble.clone()),
                    });
                }
            }
        }
        Phase::Coronation => {
            for royal in state.royals.keys() {
                out.push(Command::Crown {
                    royal: royal.clone(),
                });
            }
        }
        Phase::EndOfTurn => {
            out.push(Command::ClaimPrestigeVictory);
            for noble in state.nobles_of(faction) {
                out.push(Command::LeaveFortification {
                    noble: noble.clone(),
                });
            }
            for card in &state.factions[usize::from(faction)].hand {
                out.push(Command::DiscardCrownCard { card: card.clone() });
            }
        }
        Phase::Setup | Phase::GameOver => {}
    }
}

fn movement(content: &Content, state: &State, faction: FactionIdx, out: &mut Vec<Command>) {
    for noble in state.nobles_of(faction) {
        let n = &state.nobles[noble];
        let from = match &n.place {
            Place::Field { area } => area.clone(),
            Place::Inside { location } => match content.map.area_of(location) {
                Some(a) => a.clone(),
                None => continue,
            },
            _ => continue,
        };
        let moved = n.moved_round == Some(state.clock.round);
        let free = moved && !state.factions[usize::from(faction)].free_moves.is_empty();
        if moved && !free {
            continue;
        }
        for kind in [MoveKind::Local, MoveKind::Regional, MoveKind::Road] {
            for area in
                crate::rules::phases::movement::reachable(content, state, faction, &from, kind)
            {
                out.push(Command::MoveNoble {
                    noble: noble.clone(),
                    kind,
                    to: Destination {
                        area: area.clone(),
                        inside: None,
                    },
                    free,
                });
                for l in content.map.locations_in(&area) {
                    if l.kind.is_fortified() && state.place_friendly(&l.id, faction) {
                        out.push(Command::MoveNoble {
                            noble: noble.clone(),
                            kind,
                            to: Destination {
                                area: area.clone(),
                                inside: Some(l.id.clone()),
                            },
                            free,
                        });
                    }
                }
            }
        }
        for ship in state.ships.keys() {
            out.push(Command::Board {
                noble: noble.clone(),
                ship: ship.clone(),
            });
        }
    }
    for (ship, s) in &state.ships {
        if crate::rules::phases::movement::ship_owner(state, ship) != Some(faction) {
            continue;
        }
        let free = s.moved_round == Some(state.clock.round);
        let start = match &s.place {
            ShipPlace::Port { location } => content.map.port_sea_zone(location).cloned(),
            ShipPlace::Sea { zone } => Some(zone.clone()),
        };
        let Some(start) = start else { continue };
        for (zone, _) in content.map.sea_zones_within(&start, 4) {
            out.push(Command::Sail {
                ship: ship.clone(),
                to: ShipDestination::Sea { zone: zone.clone() },
                free,
            });
            for port in content.map.ports.iter().filter(|p| p.sea_zone == zone) {
                out.push(Command::Sail {
                    ship: ship.clone(),
                    to: ShipDestination::Port {
                        location: port.location.clone(),
                    },
                    free,
                });
            }
        }
    }
}
