//! The legality contract: `legal_commands`, `check_command` and `decide` say the same thing,
//! because one routing (`src/rules/route.rs`) decides all three. At every decision of seeded
//! random games (2 to 5 players, both set-up kinds) and of every scenario's positions (where
//! the rarer decisions wait: landings, disembarking, reactions, Raids, Storms, ties,
//! Parliament, politicking), every kind of command is tried with adversarial arguments (own
//! and others' Nobles, cards from every pile, unknown ids, seats out of range):
//! - every listed command is accepted by `check_command`, and by `decide` (a sample);
//! - `check_command` and `decide` accept and refuse the same commands, with the same error;
//! - every accepted command is listed, except the combinations `legal_commands` leaves out
//!   on purpose (its module doc lists them; [`unlisted_by_design`] holds the same list);
//! - the same holds for every faction not deciding (what it may do at any time in another's
//!   turn), and such a faction has nothing accepted but the any-time kinds.

mod common;

use std::collections::BTreeMap;

use warwick::content::cards::House;
use warwick::content::{AreaId, Content, CrownCardId, LocationId, NobleId, RoyalId};
use warwick::rules::state::{AttackTarget, Place};
use warwick::rules::{
    self, Command, Destination, FactionIdx, MoveKind, Setup, SetupKind, ShipDestination, State,
};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The stable name of a command's kind; exhaustive, so a new kind must be probed here.
fn kind(command: &Command) -> &'static str {
    match command {
        Command::EndStep => "EndStep",
        Command::Pass => "Pass",
        Command::DrawEventCard => "DrawEventCard",
        Command::PlayNoble { .. } => "PlayNoble",
        Command::AwardCard { .. } => "AwardCard",
        Command::MoveNoble { .. } => "MoveNoble",
        Command::Board { .. } => "Board",
        Command::Sail { .. } => "Sail",
        Command::RequestPassage { .. } => "RequestPassage",
        Command::StartAttack { .. } => "StartAttack",
        Command::CommitAttacker { .. } => "CommitAttacker",
        Command::LaunchAttack => "LaunchAttack",
        Command::CallOffAttack => "CallOffAttack",
        Command::EnterConquered { .. } => "EnterConquered",
        Command::ProposeForce { .. } => "ProposeForce",
        Command::ExecuteRoyal { .. } => "ExecuteRoyal",
        Command::ReallocateRoyal { .. } => "ReallocateRoyal",
        Command::ExecuteCaptive { .. } => "ExecuteCaptive",
        Command::OfferRansom { .. } => "OfferRansom",
        Command::OfferGift { .. } => "OfferGift",
        Command::ProposeAlliance { .. } => "ProposeAlliance",
        Command::LeaveAlliance => "LeaveAlliance",
        Command::AcceptOffer => "AcceptOffer",
        Command::RejectOffer => "RejectOffer",
        Command::ChooseVictim { .. } => "ChooseVictim",
        Command::ChooseRaidLine { .. } => "ChooseRaidLine",
        Command::ChooseStormPort { .. } => "ChooseStormPort",
        Command::Accompany { .. } => "Accompany",
        Command::RequestShipLoan { .. } => "RequestShipLoan",
        Command::LandInside { .. } => "LandInside",
        Command::SummonParliament { .. } => "SummonParliament",
        Command::SendToParliament { .. } => "SendToParliament",
        Command::AwardChanceryCard { .. } => "AwardChanceryCard",
        Command::DiscardChanceryCard { .. } => "DiscardChanceryCard",
        Command::Crown { .. } => "Crown",
        Command::ClaimPrestigeVictory => "ClaimPrestigeVictory",
        Command::LeaveFortification { .. } => "LeaveFortification",
        Command::DiscardCrownCard { .. } => "DiscardCrownCard",
        Command::OfferRansomKeeping { .. } => "OfferRansomKeeping",
        Command::TransferCard { .. } => "TransferCard",
        Command::ExchangeCards { .. } => "ExchangeCards",
        Command::ReplaceBishop { .. } => "ReplaceBishop",
        Command::HandOverPlace { .. } => "HandOverPlace",
        Command::HandOverShip { .. } => "HandOverShip",
        Command::ProposeAllianceExecuting { .. } => "ProposeAllianceExecuting",
        Command::MoveOffice { .. } => "MoveOffice",
        Command::AttendInside { .. } => "AttendInside",
        Command::RevealCards { .. } => "RevealCards",
        Command::OfferTrade { .. } => "OfferTrade",
    }
}

/// The combinations `legal_commands` deliberately leaves out although `decide` accepts them
/// (the list in `src/rules/legal.rs`'s module doc): deals of several hand cards, and the
/// ransom, trade and Force combinations beyond the listed ones. Nothing else may be accepted
/// without being listed.
fn unlisted_by_design(state: &State, by: FactionIdx, command: &Command) -> bool {
    let hand = &state.factions[usize::from(by)].hand;
    match command {
        Command::OfferGift { cards, .. } => cards.len() > 1,
        Command::RevealCards { cards, .. } => cards.len() > 1 && cards != hand,
        // Ransoms are listed offering nothing or the first hand card.
        Command::OfferRansom { cards, .. } => {
            cards.len() > 1 || cards.first().is_some_and(|c| Some(c) != hand.first())
        }
        Command::OfferRansomKeeping { .. } => true,
        Command::OfferTrade { give, take, .. } => give.len() != 1 || take.len() != 1,
        Command::ProposeForce { .. } => true,
        _ => false,
    }
}

/// Ids to build probes from, every pile and place included.
struct Pools {
    cards: Vec<CrownCardId>,
    nobles: Vec<NobleId>,
    royals: Vec<RoyalId>,
    areas: Vec<AreaId>,
    locations: Vec<LocationId>,
    ships: Vec<String>,
    seats: Vec<FactionIdx>,
}

fn pools(content: &Content, state: &State, by: FactionIdx) -> Pools {
    let mut cards: Vec<CrownCardId> = state.factions[usize::from(by)].hand.clone();
    for f in &state.factions {
        cards.extend(f.hand.iter().take(2).cloned());
    }
    for n in state.nobles.values() {
        cards.extend(n.awards.iter().cloned());
    }
    cards.extend(state.chancery.iter().cloned());
    if let Some(pending) = state.pending.last()
        && let Ok(value) = serde_json::to_value(pending)
    {
        // Cards a waiting decision names (Chancery drawn, an offer's cards).
        collect_cards(&value, &mut cards);
    }
    cards.extend(state.crown_discard.iter().take(2).cloned());
    cards.push(CrownCardId::from("C99"));
    cards.sort();
    cards.dedup();
    let mut nobles: Vec<NobleId> = state.nobles.keys().cloned().collect();
    nobles.push(NobleId::from("nobody"));
    let mut royals: Vec<RoyalId> = state.royals.keys().cloned().collect();
    royals.push(RoyalId::from("R99"));
    let mut areas: Vec<AreaId> = Vec::new();
    for id in state.nobles.keys() {
        if let Some(area) = area_of(content, state, id) {
            areas.extend(content.map.regional_destinations(&area));
            areas.push(area);
        }
    }
    for s in state.ships.values() {
        if let rules::state::ShipPlace::Port { location } = &s.place
            && let Some(area) = content.map.area_of(location)
        {
            areas.push(*area);
        }
    }
    areas.sort();
    areas.dedup();
    let mut locations: Vec<LocationId> = areas
        .iter()
        .flat_map(|a| content.map.locations_in(a))
        .map(|l| l.id)
        .collect();
    locations.extend(state.control.keys().cloned());
    locations.push(LocationId::from("nowhere"));
    locations.sort();
    locations.dedup();
    let mut ships: Vec<String> = state.ships.keys().cloned().collect();
    ships.push("no_ship".to_owned());
    let seats = (0..state.players() as FactionIdx + 2).collect();
    Pools {
        cards,
        nobles,
        royals,
        areas,
        locations,
        ships,
        seats,
    }
}

fn collect_cards(value: &serde_json::Value, out: &mut Vec<CrownCardId>) {
    match value {
        serde_json::Value::String(s) if s.starts_with('C') && s.len() == 3 => {
            out.push(CrownCardId::from(s.as_str()));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_cards(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| collect_cards(v, out)),
        _ => {}
    }
}

fn area_of(content: &Content, state: &State, noble: &NobleId) -> Option<AreaId> {
    match &state.nobles.get(noble)?.place {
        Place::Field { area } => Some(*area),
        Place::Inside { location } => content.map.area_of(location).cloned(),
        Place::Aboard { .. } | Place::Captive { .. } => None,
    }
}

/// Every kind of command, with arguments drawn from everywhere.
fn probes(content: &Content, state: &State, by: FactionIdx) -> Vec<Command> {
    let p = pools(content, state, by);
    let own: Vec<NobleId> = state
        .nobles
        .iter()
        .filter(|(_, n)| n.faction == by)
        .map(|(id, _)| *id)
        .collect();
    let mut out = Command::PARAMETERLESS.to_vec();
    for line in 0..4 {
        out.push(Command::ChooseRaidLine { line });
    }
    for card in &p.cards {
        out.push(Command::PlayNoble { card: *card });
        out.push(Command::DiscardCrownCard { card: *card });
        out.push(Command::DiscardChanceryCard { card: *card });
        for noble in &p.nobles {
            out.push(Command::AwardCard {
                card: *card,
                noble: *noble,
            });
            out.push(Command::AwardChanceryCard {
                card: *card,
                noble: *noble,
            });
            out.push(Command::ReplaceBishop {
                card: *card,
                noble: *noble,
            });
            out.push(Command::OfferRansom {
                noble: *noble,
                cards: vec![*card],
            });
        }
        for &to in &p.seats {
            out.push(Command::OfferGift {
                to,
                cards: vec![*card],
            });
            out.push(Command::RevealCards {
                to,
                cards: vec![*card],
            });
            for take in p.cards.iter().take(6) {
                out.push(Command::OfferTrade {
                    to,
                    give: vec![*card],
                    take: vec![*take],
                });
            }
        }
    }
    for noble in &p.nobles {
        for c in [
            Command::CommitAttacker { noble: *noble },
            Command::EnterConquered { noble: *noble },
            Command::ExecuteCaptive { noble: *noble },
            Command::OfferRansom {
                noble: *noble,
                cards: Vec::new(),
            },
            Command::ChooseVictim { noble: *noble },
            Command::Accompany { noble: *noble },
            Command::SendToParliament { noble: *noble },
            Command::LeaveFortification { noble: *noble },
        ] {
            out.push(c);
        }
        for ship in &p.ships {
            for free in [false, true] {
                out.push(Command::Board {
                    noble: *noble,
                    ship: ship.clone(),
                    free,
                });
            }
        }
        for location in &p.locations {
            out.push(Command::LandInside {
                noble: *noble,
                location: *location,
            });
            if let Some(area) = content.map.area_of(location) {
                out.push(Command::AttendInside {
                    noble: *noble,
                    location: *location,
                });
                out.push(Command::RequestPassage {
                    noble: *noble,
                    through: *location,
                    to: *area,
                });
            }
        }
        for other in &p.nobles {
            for card in state.nobles.get(noble).map_or(&[][..], |n| &n.awards[..]) {
                out.push(Command::TransferCard {
                    card: *card,
                    from: *noble,
                    to: *other,
                });
                out.push(Command::MoveOffice {
                    card: *card,
                    from: *noble,
                    to: *other,
                });
                for take in state.nobles.get(other).map_or(&[][..], |n| &n.awards[..]) {
                    out.push(Command::ExchangeCards {
                        give: *card,
                        from: *noble,
                        take: *take,
                        to: *other,
                    });
                }
            }
        }
        // A Force of the Nobles standing with it, under it.
        if let Some(n) = state.nobles.get(noble) {
            let members: Vec<NobleId> = state
                .nobles
                .iter()
                .filter(|(_, m)| m.place == n.place)
                .map(|(id, _)| *id)
                .collect();
            out.push(Command::ProposeForce {
                commander: *noble,
                members,
            });
        }
    }
    // Moves of own Nobles (and every Noble, for the Force's members) to every Area near.
    for noble in p
        .nobles
        .iter()
        .filter(|n| own.contains(n) || n.as_str() == "nobody")
    {
        for area in &p.areas {
            let mut dests = vec![Destination {
                area: *area,
                inside: None,
            }];
            for l in content.map.locations_in(area) {
                dests.push(Destination {
                    area: *area,
                    inside: Some(l.id),
                });
            }
            for to in dests {
                for kind in [MoveKind::Local, MoveKind::Regional, MoveKind::Road] {
                    for free in [false, true] {
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
    }
    for royal in &p.royals {
        out.push(Command::ExecuteRoyal { royal: *royal });
        out.push(Command::Crown { royal: *royal });
        for noble in &p.nobles {
            out.push(Command::ReallocateRoyal {
                royal: *royal,
                noble: *noble,
            });
        }
    }
    for area in &p.areas {
        out.push(Command::SummonParliament {
            area: *area,
            summoned: None,
        });
        for noble in &p.nobles {
            out.push(Command::SummonParliament {
                area: *area,
                summoned: Some(*noble),
            });
        }
        for &faction in &p.seats {
            out.push(Command::StartAttack {
                area: *area,
                target: AttackTarget::Field { faction },
            });
        }
        for l in content.map.locations_in(area) {
            out.push(Command::StartAttack {
                area: *area,
                target: AttackTarget::Location { location: l.id },
            });
        }
    }
    for location in &p.locations {
        out.push(Command::ChooseStormPort { port: *location });
        for &to in &p.seats {
            out.push(Command::HandOverPlace {
                location: *location,
                to,
            });
        }
    }
    for ship in &p.ships {
        out.push(Command::RequestShipLoan { ship: ship.clone() });
        for &to in &p.seats {
            out.push(Command::HandOverShip {
                ship: ship.clone(),
                to,
            });
        }
        for free in [false, true] {
            for port in &content.map.ports {
                out.push(Command::Sail {
                    ship: ship.clone(),
                    to: ShipDestination::Port {
                        location: port.location,
                    },
                    free,
                });
                out.push(Command::Sail {
                    ship: ship.clone(),
                    to: ShipDestination::Sea {
                        zone: port.sea_zone,
                    },
                    free,
                });
            }
        }
    }
    for &to in &p.seats {
        out.push(Command::ProposeAlliance { to });
        for house in [House::Lancaster, House::York] {
            out.push(Command::ProposeAllianceExecuting { to, house });
        }
    }
    // A few commands are drawn twice (under 1%): checking them twice costs less than finding
    // them (sorting or hashing this many commands took a third of the contract tests' time).
    out
}

#[derive(Default, Debug)]
struct Tally {
    decisions: u64,
    probed: u64,
    accepted: BTreeMap<&'static str, u64>,
    unlisted_by_design: u64,
    pending: BTreeMap<String, u64>,
    /// Faction-decisions checked for the factions not deciding.
    out_of_turn_decisions: u64,
    /// Commands listed to them.
    out_of_turn_listed: u64,
    /// Commands accepted from them, by kind.
    accepted_out_of_turn: BTreeMap<&'static str, u64>,
}

/// Checks the contract at one decision, for the faction deciding and for every other faction
/// (what they may do at any time in another's turn); `rng` samples the listed commands sent to
/// `decide`.
fn check_contract(content: &Content, state: &State, rng: &mut Lcg, tally: &mut Tally, at: &str) {
    let Some(&by) = rules::awaiting(state).first() else {
        return;
    };
    tally.decisions += 1;
    let waiting = state
        .pending
        .last()
        .and_then(|p| serde_json::to_value(p).ok())
        .and_then(|v| Some(v.get("kind")?.as_str()?.to_owned()))
        .unwrap_or_else(|| format!("{:?}", state.clock.phase));
    *tally.pending.entry(waiting).or_default() += 1;
    check_faction(content, state, by, rng, tally, at);
    for other in (0..state.players() as FactionIdx).filter(|f| *f != by) {
        tally.out_of_turn_decisions += 1;
        let listed = check_faction(content, state, other, rng, tally, at);
        tally.out_of_turn_listed += listed as u64;
    }
}

/// The contract for one faction at one decision; returns how many commands it has listed.
fn check_faction(
    content: &Content,
    state: &State,
    by: FactionIdx,
    rng: &mut Lcg,
    tally: &mut Tally,
    at: &str,
) -> usize {
    let deciding = rules::awaiting(state).contains(&by);
    let prompt = || {
        format!(
            "{at}: {} (faction {by}{})",
            rules::prompt(content, state).text,
            if deciding { "" } else { ", out of turn" }
        )
    };
    let legal = rules::legal_commands(content, state, by);
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal commands not sorted or repeated at {}",
        prompt()
    );
    for command in &legal {
        if let Err(e) = rules::check_command(content, state, by, command) {
            panic!(
                "listed {command:?} refused by check_command ({e}) at {}",
                prompt()
            );
        }
    }
    let sample: Vec<&Command> = if legal.len() <= 16 {
        legal.iter().collect()
    } else {
        (0..16).map(|_| &legal[rng.next(legal.len())]).collect()
    };
    for command in sample {
        if let Err(e) = rules::decide(content, state, by, command) {
            panic!("listed {command:?} refused by decide ({e}) at {}", prompt());
        }
    }
    let probes = probes(content, state, by);
    for (i, command) in probes.iter().enumerate() {
        tally.probed += 1;
        let checked = rules::check_command(content, state, by, command);
        // `decide` on every refusal (cheap) and on a share of acceptances (each copies the
        // state): both must say the same.
        if checked.is_err() || i % 7 == 0 {
            let decided = rules::decide(content, state, by, command).map(|_| ());
            assert_eq!(
                checked,
                decided,
                "check_command and decide disagree on {command:?} at {}",
                prompt()
            );
        }
        if checked.is_ok() {
            let kind = kind(command);
            *tally.accepted.entry(kind).or_default() += 1;
            if !deciding {
                *tally.accepted_out_of_turn.entry(kind).or_default() += 1;
                assert!(
                    out_of_turn_kind(command),
                    "{command:?} is accepted from a faction not deciding at {}",
                    prompt()
                );
            }
            // `legal` is sorted (see `legal_commands`).
            if legal.binary_search(command).is_err() {
                assert!(
                    unlisted_by_design(state, by, command),
                    "{command:?} is accepted but not listed at {}",
                    prompt()
                );
                tally.unlisted_by_design += 1;
            }
        }
    }
    legal.len()
}

/// The kinds of command a faction may give out of its turn: the any-time ones (19.18, 20.05,
/// 21.01, 21.02, 19.02, 17.10, 17.11) and Alliances announced in a politicking step (23.02).
fn out_of_turn_kind(command: &Command) -> bool {
    matches!(
        command,
        Command::PlayNoble { .. }
            | Command::AwardCard { .. }
            | Command::TransferCard { .. }
            | Command::ExchangeCards { .. }
            | Command::ReplaceBishop { .. }
            | Command::HandOverPlace { .. }
            | Command::HandOverShip { .. }
            | Command::ExecuteRoyal { .. }
            | Command::ReallocateRoyal { .. }
            | Command::OfferGift { .. }
            | Command::OfferTrade { .. }
            | Command::OfferRansom { .. }
            | Command::OfferRansomKeeping { .. }
            | Command::RevealCards { .. }
            | Command::ExecuteCaptive { .. }
            | Command::ProposeAlliance { .. }
            | Command::ProposeAllianceExecuting { .. }
    )
}

/// Plays a seeded game of random listed commands, checking the contract at every `every`th
/// decision (the scenario positions cover the rarer ones each time).
fn play(content: &Content, setup: &Setup, steps: usize, every: usize, tally: &mut Tally) {
    let (mut state, _) = rules::start(content, setup).expect("set-up");
    let mut rng = Lcg(setup.seed.wrapping_mul(31).wrapping_add(7));
    for step in 0..steps {
        if state.outcome.is_some() {
            break;
        }
        if step % every == 0 {
            check_contract(
                content,
                &state,
                &mut rng,
                tally,
                &format!("{} players seed {}", setup.players, setup.seed),
            );
        }
        let by = rules::awaiting(&state)[0];
        let legal = rules::legal_commands(content, &state, by);
        // Leaning towards ending steps so games get past their first rounds.
        let command = if legal.contains(&Command::EndStep) && rng.next(2) == 0 {
            Command::EndStep
        } else if legal.contains(&Command::Pass) && rng.next(2) == 0 {
            Command::Pass
        } else {
            legal[rng.next(legal.len())].clone()
        };
        for event in rules::decide(content, &state, by, &command).expect("listed") {
            rules::evolve(content, &mut state, &event);
        }
    }
}

#[test]
fn listed_and_accepted_agree_in_random_games() {
    let content = Content::embedded().expect("content");
    let mut tally = Tally::default();
    for players in 2..=5u8 {
        for (kind, seed) in [(SetupKind::Preset, 11), (SetupKind::ControlledRandom, 12)] {
            let mut setup = Setup::new(players, seed + u64::from(players));
            setup.kind = kind;
            play(&content, &setup, 120, 2, &mut tally);
        }
    }
    println!("{tally:#?}");
    assert!(tally.decisions >= 250, "{tally:?}");
    for kind in ["MoveNoble", "EndStep", "Pass", "AwardCard", "DrawEventCard"] {
        assert!(tally.accepted.contains_key(kind), "no {kind}: {tally:?}");
    }
    // Factions out of their turn act too: cards from hand, gifts and reveals at least.
    for kind in ["AwardCard", "OfferGift", "RevealCards"] {
        assert!(
            tally.accepted_out_of_turn.contains_key(kind),
            "no {kind} out of turn: {tally:?}"
        );
    }
}

/// Every scenario's positions, step by step: the decisions random play seldom reaches.
#[test]
fn listed_and_accepted_agree_in_every_scenario_position() {
    let content = Content::embedded().expect("content");
    let mut tally = Tally::default();
    let mut rng = Lcg(5);
    for file in common::scenario_files() {
        let text = std::fs::read_to_string(&file).expect("read");
        let Ok(states) = rules::scenario::scenario_states(&content, &text) else {
            continue; // a set-up refused on purpose
        };
        for state in states.iter().filter(|s| s.outcome.is_none()) {
            check_contract(
                &content,
                state,
                &mut rng,
                &mut tally,
                &file.display().to_string(),
            );
        }
    }
    println!("{tally:#?}");
    for waiting in [
        "offer",
        "raid_destination",
        "tie_break",
        "disembark",
        "storm_port",
        "embassy_companions",
        "chancery_awards",
        "occupy",
        "attack",
        "event_reaction",
        "parliament",
        "politicking",
    ] {
        assert!(
            tally.pending.contains_key(waiting),
            "no scenario stops at {waiting}: {:?}",
            tally.pending
        );
    }
}
