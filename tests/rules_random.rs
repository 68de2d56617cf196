//! Random legal play with fixed seeds: every listed command is accepted, the invariants hold
//! after every command, replay from the events gives the same state, and the same seed and
//! commands give the same events.

use warwick::content::Content;
use warwick::rules::{self, Command, Setup, SetupKind, State};

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

/// Plays up to `steps` random legal commands; returns the final state, all events, and the
/// commands given.
fn play(
    content: &Content,
    setup: &Setup,
    steps: usize,
    pick_seed: u64,
) -> (State, Vec<rules::Event>, Vec<(u8, Command)>) {
    let (mut state, mut events) = rules::start(content, setup).expect("set-up");
    let mut rng = Lcg(pick_seed);
    let mut given = Vec::new();
    for _ in 0..steps {
        if rules::outcome(&state).is_some() {
            break;
        }
        let who = rules::awaiting(&state);
        assert_eq!(who.len(), 1, "exactly one faction decides");
        let faction = who[0];
        let legal = rules::legal_commands(content, &state, faction);
        assert!(
            !legal.is_empty(),
            "someone can always act: {:?}",
            rules::prompt(content, &state).text
        );
        check_listing(content, &state, faction, &legal, &mut rng);
        let command = legal[rng.next(legal.len())].clone();
        let new = rules::decide(content, &state, faction, &command)
            .unwrap_or_else(|e| panic!("listed command {command:?} refused: {e}"));
        for event in &new {
            rules::evolve(content, &mut state, event);
        }
        let broken = rules::invariants::check(content, &state);
        assert!(broken.is_empty(), "after {command:?}: {broken:?}");
        events.extend(new);
        given.push((faction, command));
    }
    (state, events, given)
}

/// The property behind `legal_commands`: a sample of the listed commands is accepted by
/// `decide`, and probe commands that are not listed are refused.
fn check_listing(content: &Content, state: &State, faction: u8, legal: &[Command], rng: &mut Lcg) {
    let sample: Vec<&Command> = if legal.len() <= 12 {
        legal.iter().collect()
    } else {
        (0..12).map(|_| &legal[rng.next(legal.len())]).collect()
    };
    for command in sample {
        if let Err(e) = rules::decide(content, state, faction, command) {
            panic!("listed command {command:?} refused: {e}");
        }
    }
    for probe in probes(state, faction) {
        if legal.contains(&probe) {
            continue;
        }
        assert!(
            rules::decide(content, state, faction, &probe).is_err(),
            "unlisted command {probe:?} was accepted in {}",
            rules::prompt(content, state).text
        );
    }
    let other = (faction + 1) % state.players() as u8;
    assert!(matches!(
        rules::decide(content, state, other, &Command::Pass),
        Err(rules::RuleError::NotYourDecision { .. })
    ));
}

/// Commands worth trying whether listed or not.
fn probes(state: &State, faction: u8) -> Vec<Command> {
    let mut out = vec![
        Command::EndStep,
        Command::Pass,
        Command::DrawEventCard,
        Command::LaunchAttack,
        Command::CallOffAttack,
        Command::AcceptOffer,
        Command::RejectOffer,
        Command::ClaimPrestigeVictory,
        Command::LeaveAlliance,
    ];
    for (id, n) in &state.nobles {
        if n.faction == faction {
            out.push(Command::CommitAttacker { noble: *id });
            out.push(Command::LeaveFortification { noble: *id });
        }
    }
    for card in &state.factions[usize::from(faction)].hand {
        out.push(Command::PlayNoble { card: *card });
        out.push(Command::DiscardCrownCard { card: *card });
    }
    for royal in state.royals.keys() {
        out.push(Command::Crown { royal: *royal });
        out.push(Command::ExecuteRoyal { royal: *royal });
    }
    out
}

#[test]
fn random_play_three_players_keeps_invariants_and_replays() {
    let content = Content::embedded().expect("content");
    for seed in 1..=3u64 {
        let setup = Setup::new(3, seed);
        let (state, events, _) = play(&content, &setup, 800, seed * 7);
        assert!(
            state.clock.round >= 2 || state.outcome.is_some(),
            "play went past round 1"
        );
        let mut replay = rules::initial_state(&content, &setup);
        for event in &events {
            rules::evolve(&content, &mut replay, event);
        }
        assert_eq!(rules::state_hash(&replay), rules::state_hash(&state));
    }
}

#[test]
fn same_seed_same_events() {
    let content = Content::embedded().expect("content");
    let setup = Setup::new(4, 42);
    let (a, ea, _) = play(&content, &setup, 300, 9);
    let (b, eb, _) = play(&content, &setup, 300, 9);
    assert_eq!(ea, eb);
    assert_eq!(rules::state_hash(&a), rules::state_hash(&b));
}

#[test]
fn every_player_count_starts() {
    let content = Content::embedded().expect("content");
    for players in 2..=5u8 {
        let setup = Setup::new(players, 5);
        let (state, _) = rules::start(&content, &setup).expect("set-up");
        assert!(
            rules::invariants::check(&content, &state).is_empty(),
            "{players}p: {:?}",
            rules::invariants::check(&content, &state)
        );
        let mut cr = Setup::new(players, 5);
        cr.kind = rules::SetupKind::ControlledRandom;
        let (state, _) = rules::start(&content, &cr).expect("controlled random");
        assert!(
            rules::invariants::check(&content, &state).is_empty(),
            "{players}p cr: {:?}",
            rules::invariants::check(&content, &state)
        );
    }
}

/// 4.03: in the 2-player variant the City-card pile's Town cards are dealt to no one, by
/// either set-up.
#[test]
fn the_city_pile_cards_are_not_dealt_in_the_two_player_variant() {
    let content = Content::embedded().expect("content");
    for seed in 0..12 {
        let mut setup = Setup::new(2, seed);
        setup.kind = SetupKind::ControlledRandom;
        let (state, _) = rules::start(&content, &setup).expect("set-up");
        for card in &content.cards.tables.two_player.to_city_pile {
            assert!(state.city_pile.contains(card), "seed {seed}");
            assert!(!state.crown_deck.contains(card), "seed {seed}");
            assert!(
                !state
                    .nobles
                    .values()
                    .any(|n| n.awards.contains(card) || &n.card == card),
                "seed {seed}: {card} dealt"
            );
        }
    }
}

/// 5.10, 11.03: a card discarded from a Faction at the controlled-random troop band takes
/// with it the places held through it; none stays controlled through a card out of play.
#[test]
fn the_troop_band_discard_takes_its_places_with_it() {
    use warwick::rules::state::ControlSource;
    let content = Content::embedded().expect("content");
    for players in 2..=5u8 {
        for seed in 0..16 {
            let mut setup = Setup::new(players, seed);
            setup.kind = SetupKind::ControlledRandom;
            let (state, _) = rules::start(&content, &setup).expect("set-up");
            for (location, c) in state.control.iter() {
                if let ControlSource::Card { card } = &c.source {
                    assert!(
                        state
                            .nobles
                            .values()
                            .any(|n| &n.card == card || n.awards.contains(card)),
                        "{players}p seed {seed}: {location} held through {card}, out of play"
                    );
                }
            }
        }
    }
}

#[test]
fn unlisted_commands_are_refused() {
    let content = Content::embedded().expect("content");
    let (state, _) = rules::start(&content, &Setup::new(3, 1)).expect("set-up");
    let active = rules::awaiting(&state)[0];
    let other = (active + 1) % 3;
    assert!(matches!(
        rules::decide(&content, &state, other, &Command::DrawEventCard),
        Err(rules::RuleError::NotYourDecision { .. })
    ));
    assert!(matches!(
        rules::decide(&content, &state, active, &Command::EndStep),
        Err(rules::RuleError::MustActFirst { .. })
    ));
}

/// Long soak: many seeded games to their end (or a generous round cap), every player count.
/// Run with `WARWICK_SOAK=1 cargo test --release --test rules_random soak -- --nocapture`.
#[test]
fn soak_games_to_the_end() {
    let games: u64 = match std::env::var("WARWICK_SOAK") {
        Ok(v) => v.parse().unwrap_or(25),
        Err(_) => return,
    };
    let content = Content::embedded().expect("content");
    for players in 2..=5u8 {
        let mut endings = std::collections::BTreeMap::new();
        for seed in 0..games {
            let mut setup = Setup::new(players, seed);
            setup.time_limit_rounds = Some(60);
            let (state, _, _) = play(&content, &setup, 200_000, seed);
            let kind = state
                .outcome
                .as_ref()
                .map_or("unfinished".to_owned(), |o| o.kind.key().to_owned());
            *endings.entry(kind).or_insert(0u32) += 1;
        }
        println!("{players}p: {endings:?}");
        assert!(
            !endings.contains_key("unfinished"),
            "{players}p: {endings:?}"
        );
    }
}
