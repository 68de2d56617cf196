//! `legal_commands`: every command a faction may give now: the deciding faction's decision,
//! and for every faction what it may do at any time, in its own turn or another's (19.18,
//! 20.05, 21.01, 19.02, 17.10, 17.11; docs/rules-decisions.md, any-time-moments). Candidates are built
//! from the situation and each is kept only if [`route`] (the one judgement `decide` makes,
//! run on the borrowed state, no copy) accepts it: nothing here decides legality, it only
//! proposes. Large choices are split into successive small commands.
//!
//! The contract with `decide` (held by `tests/rules_contract.rs`): every listed command is
//! accepted; every accepted command is listed, except these deliberate omissions, whose
//! acceptance is still judged by `route` alone:
//! - gifts, reveals and ransoms of several hand cards (one card each is listed, and a reveal
//!   of the whole hand; any other subset is accepted but not listed),
//! - trades other than one own card for one card revealed to the faction,
//! - ransoms keeping or gaining other combinations than those listed below,
//! - Forces other than all the two factions' Nobles in one place.

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::command::{Command, Destination, MoveKind, ShipDestination};
use crate::rules::ctx::Ctx;
use crate::rules::route::route;
use crate::rules::state::{AttackTarget, Pending, Phase, Place, RoyalPlace, State};

/// Every command `faction` may give now, sorted: for the faction deciding, its decision's
/// commands and what it may do at any time; for any other faction, what it may do at any time
/// in another's turn (19.18, 20.05, 21.01, 21.02, 19.02, 17.10, 17.11) and, in a politicking
/// step, Alliances announced (14.07, 23.02). Empty once the game is over.
pub fn legal_commands(content: &Content, state: &State, faction: FactionIdx) -> Vec<Command> {
    if state.outcome.is_some() || usize::from(faction) >= state.players() {
        return Vec::new();
    }
    let ctx = Ctx::new(content, state);
    let pending = state.pending.last();
    let mut out = if state.decider() == Some(faction) {
        candidates(&ctx, faction)
    } else {
        out_of_turn_candidates(&ctx, faction)
    };
    out.retain(|c| route(&ctx, faction, pending, c).is_ok());
    // Equal commands are identical, so an unstable sort gives the very same list, without the
    // stable sort's buffer and moves (a Movement Phase lists hundreds).
    out.sort_unstable();
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
            out.push(Command::PlayNoble { card: *card });
        } else {
            for noble in &own {
                if crate::rules::ctx::can_award(content, state, noble, card) {
                    out.push(Command::AwardCard {
                        card: *card,
                        noble: *noble,
                    });
                }
            }
        }
    }
    // 21.01: gifts of hand cards, one card per offer (larger gifts are also accepted).
    for to in (0..state.players() as FactionIdx).filter(|t| *t != faction) {
        for card in &f.hand {
            out.push(Command::OfferGift {
                to,
                cards: vec![*card],
            });
        }
    }
    for (royal, r) in &state.royals {
        if let RoyalPlace::With { noble } = &r.place
            && state
                .nobles
                .get(noble)
                .is_some_and(|n| n.faction == faction)
        {
            out.push(Command::ExecuteRoyal { royal: *royal });
        }
    }
    royal_handovers(content, state, faction, out);
    transfers(content, state, faction, out);
    for (noble, c) in &state.captives {
        if c.captor == faction {
            out.push(Command::ExecuteCaptive { noble: *noble });
        }
        if state
            .nobles
            .get(noble)
            .is_some_and(|n| n.faction == faction)
        {
            out.push(Command::OfferRansom {
                noble: *noble,
                cards: Vec::new(),
            });
            if let Some(card) = f.hand.first() {
                out.push(Command::OfferRansom {
                    noble: *noble,
                    cards: vec![*card],
                });
            }
            // 11.09: the captive keeps one of its cards, or all of them.
            let spoils = crate::rules::negotiation::spoils(&Ctx::new(content, state), noble);
            let paid: Vec<_> = f.hand.first().cloned().into_iter().collect();
            for card in &spoils {
                for cards in [Vec::new(), paid.clone()] {
                    out.push(Command::OfferRansomKeeping {
                        noble: *noble,
                        cards,
                        keep: vec![*card],
                        gain: Vec::new(),
                    });
                }
            }
            if spoils.len() > 1 {
                out.push(Command::OfferRansomKeeping {
                    noble: *noble,
                    cards: Vec::new(),
                    keep: spoils,
                    gain: Vec::new(),
                });
            }
            // ... or gains a card the captor revealed (11.09, 19.02).
            for (shown_to, card) in &state.factions[usize::from(c.captor)].shown {
                if *shown_to == faction {
                    out.push(Command::OfferRansomKeeping {
                        noble: *noble,
                        cards: paid.clone(),
                        keep: Vec::new(),
                        gain: vec![*card],
                    });
                }
            }
        }
    }
}

/// Candidates for card transfers and exchanges between Nobles standing together (20.05,
/// 19.12), Bishops replaced from hand, places handed over (20.08) and reveals (19.02).
fn transfers(content: &Content, state: &State, faction: FactionIdx, out: &mut Vec<Command>) {
    let movable = |card: &crate::content::CrownCardId| {
        content
            .cards
            .card(card.as_str())
            .is_some_and(|c| crate::rules::negotiation::transferable(c.card_type))
    };
    for from in state.nobles_of(faction) {
        let n = &state.nobles[from];
        // 20.04: City cards move like the other transferable cards, named by their keys.
        let cities = |n: &crate::rules::state::NobleState| -> Vec<crate::content::CrownCardId> {
            n.cities
                .iter()
                .map(|c| crate::content::CrownCardId::from_key(c.key()))
                .collect()
        };
        let own_cities = cities(n);
        let gives: Vec<_> = n
            .awards
            .iter()
            .filter(|c| movable(c))
            .chain(own_cities.iter())
            .collect();
        if gives.is_empty() {
            continue;
        }
        for to in state.nobles_at(&n.place) {
            if to == from {
                continue;
            }
            let their_cities = cities(&state.nobles[to]);
            let takes: Vec<_> = state.nobles[to]
                .awards
                .iter()
                .filter(|c| movable(c))
                .chain(their_cities.iter())
                .collect();
            for give in &gives {
                out.push(Command::TransferCard {
                    card: *(*give),
                    from: *from,
                    to: *to,
                });
                for take in &takes {
                    out.push(Command::ExchangeCards {
                        give: *(*give),
                        from: *from,
                        take: *(*take),
                        to: *to,
                    });
                }
            }
        }
    }
    let f = &state.factions[usize::from(faction)];
    for card in &f.hand {
        let bishop = content
            .cards
            .card(card.as_str())
            .is_some_and(|c| c.card_type == crate::content::cards::CardType::Bishop);
        if bishop {
            for noble in state.nobles_of(faction) {
                out.push(Command::ReplaceBishop {
                    card: *card,
                    noble: *noble,
                });
            }
        }
    }
    for to in (0..state.players() as FactionIdx).filter(|t| *t != faction) {
        for (location, c) in &state.control {
            if c.faction == Some(faction) {
                out.push(Command::HandOverPlace {
                    location: *location,
                    to,
                });
            }
        }
        for (ship, s) in &state.ships {
            if s.marker != Some(to) {
                out.push(Command::HandOverShip {
                    ship: ship.clone(),
                    to,
                });
            }
        }
        // 21.01: one own card for one card the other faction revealed to us.
        for (shown_to, take) in &state.factions[usize::from(to)].shown {
            if *shown_to == faction {
                for give in &f.hand {
                    out.push(Command::OfferTrade {
                        to,
                        give: vec![*give],
                        take: vec![*take],
                    });
                }
            }
        }
        for card in &f.hand {
            out.push(Command::RevealCards {
                to,
                cards: vec![*card],
            });
        }
        if f.hand.len() > 1 {
            out.push(Command::RevealCards {
                to,
                cards: f.hand.clone(),
            });
        }
    }
}

/// Reallocations of own Royals to other Nobles in the same place (17.10), and the two-house
/// gifts to non-allied Nobles elsewhere in the Area (17.13).
fn royal_handovers(content: &Content, state: &State, faction: FactionIdx, out: &mut Vec<Command>) {
    for (royal, r) in &state.royals {
        if let RoyalPlace::With { noble } = &r.place
            && state
                .nobles
                .get(noble)
                .is_some_and(|n| n.faction == faction)
        {
            let place = &state.nobles[noble].place;
            for other in state.nobles_at(place) {
                if other != noble {
                    out.push(Command::ReallocateRoyal {
                        royal: *royal,
                        noble: *other,
                    });
                }
            }
            if crate::rules::royalty::holds_both(content, state, faction) {
                for (other, o) in &state.nobles {
                    if &o.place != place
                        && crate::rules::royalty::may_give_in_area(content, state, noble, other)
                    {
                        out.push(Command::ReallocateRoyal {
                            royal: *royal,
                            noble: *other,
                        });
                    }
                }
            }
        }
    }
}

/// Candidates for a faction that is not deciding: the any-time commands (`route` keeps what
/// this moment allows a faction out of its turn) and, in a politicking step, Alliances.
fn out_of_turn_candidates(ctx: &Ctx<'_>, faction: FactionIdx) -> Vec<Command> {
    let (content, state) = (ctx.content, &*ctx.state);
    let mut out = Vec::new();
    match state.pending.last() {
        Some(Pending::Offer(_)) => {}
        Some(Pending::Politicking { .. }) => {
            anytime(content, state, faction, &mut out);
            for to in 0..state.players() as FactionIdx {
                out.push(Command::ProposeAlliance { to });
                for house in [
                    crate::content::cards::House::Lancaster,
                    crate::content::cards::House::York,
                ] {
                    out.push(Command::ProposeAllianceExecuting { to, house });
                }
            }
        }
        _ => anytime(content, state, faction, &mut out),
    }
    out
}

fn candidates(ctx: &Ctx<'_>, faction: FactionIdx) -> Vec<Command> {
    let (content, state) = (ctx.content, &*ctx.state);
    let mut out = Vec::new();
    // What may be done at any time, wherever a decision waits: `route` keeps what this
    // moment allows (19.18, 20.05, 17.10, 17.11).
    if !matches!(state.pending.last(), None | Some(Pending::Offer(_))) {
        anytime(content, state, faction, &mut out);
    }
    match state.pending.last() {
        Some(Pending::Offer(_)) => {
            out.push(Command::AcceptOffer);
            out.push(Command::RejectOffer);
        }
        Some(Pending::RaidDestination { lines, .. }) => {
            for line in lines {
                out.push(Command::ChooseRaidLine { line: *line });
            }
        }
        Some(Pending::Disembark { area, nobles, .. }) => {
            out.push(Command::Pass);
            for noble in nobles {
                for l in content.map.locations_in(area) {
                    out.push(Command::LandInside {
                        noble: *noble,
                        location: l.id,
                    });
                }
            }
        }
        Some(Pending::SpoilsBishop { card, nobles, .. }) => {
            out.push(Command::Pass);
            for noble in nobles {
                out.push(Command::ReplaceBishop {
                    card: *card,
                    noble: *noble,
                });
            }
        }
        Some(Pending::StormPort(storm)) => {
            for port in &storm.ports {
                out.push(Command::ChooseStormPort { port: *port });
            }
        }
        Some(Pending::EmbassyCompanions(companions)) => {
            out.push(Command::Pass);
            if let Some((_, nobles)) = companions.choices.first() {
                for noble in nobles {
                    out.push(Command::Accompany { noble: *noble });
                }
            }
        }
        Some(Pending::TieBreak(tie)) => {
            if let Some((_, nobles)) = tie.ties.first() {
                for noble in nobles {
                    out.push(Command::ChooseVictim { noble: *noble });
                }
            }
        }
        Some(Pending::ChanceryAwards { cards, .. }) => {
            // 12.13: Offices moved between attending Nobles.
            for (from, n) in &state.nobles {
                for card in &n.awards {
                    let office = content
                        .cards
                        .card(card.as_str())
                        .is_some_and(|c| c.card_type == crate::content::cards::CardType::Office);
                    if office {
                        for to in state.nobles.keys().filter(|t| *t != from) {
                            out.push(Command::MoveOffice {
                                card: *card,
                                from: *from,
                                to: *to,
                            });
                        }
                    }
                }
            }
            for card in cards {
                out.push(Command::DiscardChanceryCard { card: *card });
                for noble in state.nobles.keys() {
                    out.push(Command::AwardChanceryCard {
                        card: *card,
                        noble: *noble,
                    });
                }
            }
        }
        Some(Pending::Occupy { location, .. }) => {
            out.push(Command::Pass);
            if let Some(area) = content.map.area_of(location) {
                let field = Place::Field { area: *area };
                for noble in state.nobles_at(&field) {
                    out.push(Command::EnterConquered { noble: *noble });
                }
            }
        }
        Some(Pending::Attack(attack)) if attack.window.is_none() => {
            // Own Nobles and allied Force members (23.10).
            for noble in state.nobles.keys() {
                out.push(Command::CommitAttacker { noble: *noble });
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
                        card: *card,
                        noble: *noble,
                    });
                }
            }
        }
        Some(Pending::EventReaction { .. }) => {
            out.push(Command::Pass);
        }
        Some(Pending::Parliament { area, .. }) => {
            out.push(Command::Pass);
            for noble in state.nobles_of(faction) {
                out.push(Command::SendToParliament { noble: *noble });
                for l in content.map.locations_in(area) {
                    out.push(Command::AttendInside {
                        noble: *noble,
                        location: l.id,
                    }); // 12.09
                }
            }
        }
        Some(Pending::Politicking { .. }) => {
            out.push(Command::Pass);
            for to in 0..state.players() as FactionIdx {
                out.push(Command::ProposeAlliance { to });
                for house in [
                    crate::content::cards::House::Lancaster,
                    crate::content::cards::House::York,
                ] {
                    out.push(Command::ProposeAllianceExecuting { to, house });
                }
                if let Some(card) = state.factions[usize::from(faction)].hand.first() {
                    out.push(Command::OfferGift {
                        to,
                        cards: vec![*card],
                    });
                }
            }
            out.push(Command::LeaveAlliance);
        }
        None => {
            phase_candidates(ctx, faction, &mut out);
            anytime(content, state, faction, &mut out);
        }
    }
    out
}

fn phase_candidates(ctx: &Ctx<'_>, faction: FactionIdx, out: &mut Vec<Command>) {
    let (content, state) = (ctx.content, &*ctx.state);
    out.push(Command::EndStep);
    if matches!(state.clock.phase, Phase::Movement | Phase::Combat) {
        force_offers(state, faction, out);
    }
    match state.clock.phase {
        Phase::Event => out.push(Command::DrawEventCard),
        Phase::Movement => movement(ctx, faction, out),
        Phase::Combat => {
            let areas: std::collections::BTreeSet<_> = state
                .nobles_of(faction)
                .into_iter()
                .filter_map(|n| match &state.nobles[n].place {
                    Place::Field { area } => Some(*area),
                    // 10.73: a sally from a besieged place.
                    Place::Inside { location } if state.besieged.contains_key(location) => {
                        content.map.area_of(location).cloned()
                    }
                    _ => None,
                })
                .collect();
            // 9.47: sieges of the ports the faction's ships are landing at.
            for s in state.ships.values() {
                if let Some(location) = &s.landing
                    && let Some(area) = content.map.area_of(location)
                {
                    out.push(Command::StartAttack {
                        area: *area,
                        target: AttackTarget::Location {
                            location: *location,
                        },
                    });
                }
            }
            for area in areas {
                for f in 0..state.players() as FactionIdx {
                    out.push(Command::StartAttack {
                        area,
                        target: AttackTarget::Field { faction: f },
                    });
                }
                for l in content.map.locations_in(&area) {
                    out.push(Command::StartAttack {
                        area,
                        target: AttackTarget::Location { location: l.id },
                    });
                }
            }
        }
        Phase::Parliament => {
            if let Some(area) =
                crate::rules::phases::parliament::parliament_area(content, state, faction)
            {
                out.push(Command::SummonParliament {
                    area,
                    summoned: None,
                });
                for noble in state.nobles.keys() {
                    out.push(Command::SummonParliament {
                        area,
                        summoned: Some(*noble),
                    });
                }
            }
        }
        Phase::Coronation => {
            for royal in state.royals.keys() {
                out.push(Command::Crown { royal: *royal });
            }
            // 13.04: entering the cathedral's place after a coronation.
            for noble in state.nobles_of(faction) {
                let Some(area) = crate::rules::troops::area_of_noble(content, state, noble) else {
                    continue;
                };
                for location in crate::rules::phases::coronation::cathedral_places(ctx, &area) {
                    out.push(Command::MoveNoble {
                        noble: *noble,
                        kind: MoveKind::Local,
                        to: Destination {
                            area,
                            inside: Some(location),
                        },
                        free: false,
                    });
                }
            }
        }
        Phase::EndOfTurn => {
            out.push(Command::ClaimPrestigeVictory);
            for noble in state.nobles_of(faction) {
                out.push(Command::LeaveFortification { noble: *noble });
            }
            for card in &state.factions[usize::from(faction)].hand {
                out.push(Command::DiscardCrownCard { card: *card });
            }
        }
        Phase::Setup | Phase::GameOver => {}
    }
}

/// 23.10: for each place where `faction` stands with an ally, a Force of all their Nobles
/// there under each possible commander.
fn force_offers(state: &State, faction: FactionIdx, out: &mut Vec<Command>) {
    let places: std::collections::BTreeSet<&Place> = state
        .nobles_of(faction)
        .into_iter()
        .map(|n| &state.nobles[n].place)
        .filter(|p| matches!(p, Place::Field { .. } | Place::Inside { .. }))
        .collect();
    for place in places {
        let here = state.nobles_at(place);
        for ally in (0..state.players() as FactionIdx)
            .filter(|a| *a != faction && state.friendly(*a, faction))
        {
            let members: Vec<_> = here
                .iter()
                .filter(|n| {
                    let f = state.nobles[**n].faction;
                    f == faction || f == ally
                })
                .map(|n| *(*n))
                .collect();
            if !members.iter().any(|n| state.nobles[n].faction == ally) {
                continue;
            }
            for commander in &members {
                out.push(Command::ProposeForce {
                    commander: *commander,
                    members: members.clone(),
                });
            }
        }
    }
}

fn movement(ctx: &Ctx<'_>, faction: FactionIdx, out: &mut Vec<Command>) {
    use crate::rules::phases::movement::land_area;
    let (content, state) = (ctx.content, &*ctx.state);
    let has_free = !state.factions[usize::from(faction)].free_moves.is_empty();
    // 23.10: an allied Force's members move with the faction's own Nobles.
    let movers: Vec<&crate::content::NobleId> = state
        .nobles
        .keys()
        .filter(|id| crate::rules::phases::combat::directs(state, faction, id))
        .collect();
    for noble in movers {
        let n = &state.nobles[noble];
        let moved =
            n.moved_round == Some(state.clock.round) || n.attacked_round == Some(state.clock.round);
        // 9.70: a Free Move before or after the normal move.
        let frees: &[bool] = match (moved, has_free) {
            (false, false) => &[false],
            (true, _) => &[true],
            (false, true) => &[false, true],
        };
        let Ok(from) = land_area(ctx, faction, noble) else {
            continue;
        };
        // The road searches are the ones `check_move` reads (kept in `ctx`).
        let by_road = ctx.road_destinations(faction, &from, None);
        for kind in [MoveKind::Local, MoveKind::Regional, MoveKind::Road] {
            let areas: Vec<crate::content::AreaId> = match kind {
                MoveKind::Local => vec![from],
                MoveKind::Regional => content.map.regional_destinations(&from),
                MoveKind::Road => by_road.to_vec(),
            };
            for area in areas {
                let mut dests = vec![Destination { area, inside: None }];
                for l in content.map.locations_in(&area) {
                    if l.kind.is_fortified() {
                        dests.push(Destination {
                            area,
                            inside: Some(l.id),
                        });
                    }
                }
                for to in dests {
                    for &free in frees {
                        out.push(Command::MoveNoble {
                            noble: *noble,
                            kind,
                            to: to.clone(),
                            free,
                        });
                    }
                }
            }
        }
        // 9.24: passage through an enemy fortified place, where it opens a new destination.
        if !moved {
            for location in state.control.keys() {
                let enemy = state
                    .controller_of(location)
                    .is_some_and(|owner| !state.friendly(owner, faction));
                if !enemy {
                    continue;
                }
                for to in ctx
                    .road_destinations(faction, &from, Some(location))
                    .iter()
                    .filter(|a| !by_road.contains(a))
                {
                    out.push(Command::RequestPassage {
                        noble: *noble,
                        through: *location,
                        to: *to,
                    });
                }
            }
        }
        for ship in state.ships.keys() {
            for free in [false, true] {
                out.push(Command::Board {
                    noble: *noble,
                    ship: ship.clone(),
                    free,
                });
            }
        }
    }
    // 9.54: borrowing another faction's ship.
    for ship in state.ships.keys() {
        out.push(Command::RequestShipLoan { ship: ship.clone() });
    }
    // Voyages: every sea Area and port within 5 of where the ship starts.
    for (ship, s) in &state.ships {
        // 9.43: going on with the move begun by boarding; else a normal move, or a Free Move
        // before or after it (9.70).
        let frees: &[bool] = match &s.underway {
            Some(u) if u.free && s.moved_round == Some(state.clock.round) => &[true],
            Some(u) if u.free => &[true, false],
            Some(_) if has_free => &[false, true],
            Some(_) => &[false],
            None if s.moved_round == Some(state.clock.round) => &[true],
            None if has_free => &[false, true],
            None => &[false],
        };
        for &free in frees {
            let Some((start, _)) = crate::rules::phases::sea::voyage_origin(content, s, free)
            else {
                continue;
            };
            for (zone, _) in content.map.sea_zones_within(&start, 5) {
                for port in content.map.ports.iter().filter(|p| p.sea_zone == zone) {
                    out.push(Command::Sail {
                        ship: ship.clone(),
                        to: ShipDestination::Port {
                            location: port.location,
                        },
                        free,
                    });
                }
                out.push(Command::Sail {
                    ship: ship.clone(),
                    to: ShipDestination::Sea { zone },
                    free,
                });
            }
        }
    }
}
