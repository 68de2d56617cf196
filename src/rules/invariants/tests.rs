//! Each invariant holds after every set-up and catches a state broken on purpose.

use super::{check, debug_assert_hold, holds};
use crate::content::{AreaId, CityCardId, Content, CrownCardId, EventCardId, MajorCardId};
use crate::rules::event::Event;
use crate::rules::setup::{EventSlot, Setup, SetupKind};
use crate::rules::state::{Captive, Pending, Place, RoyalPlace, ShipPlace, State};

fn content() -> Content {
    Content::embedded().expect("content")
}

fn started(content: &Content, players: u8, seed: u64) -> State {
    crate::rules::start(content, &Setup::new(players, seed))
        .expect("set-up")
        .0
}

/// The state breaks exactly as `expected` says (some message contains it), `holds` agrees.
fn broken(content: &Content, state: &State, expected: &str) {
    let found = check(content, state);
    assert!(
        found.iter().any(|m| m.contains(expected)),
        "expected {expected:?} among {found:?}"
    );
    assert!(!holds(content, state));
}

/// The first Noble in play, by id.
fn first_noble(state: &State) -> crate::content::NobleId {
    *state.nobles.keys().next().expect("a Noble")
}

#[test]
fn every_set_up_holds() {
    let content = content();
    for players in 2..=5u8 {
        for kind in [SetupKind::Preset, SetupKind::ControlledRandom] {
            for variant in [false, true] {
                if variant && players != 2 {
                    continue;
                }
                for seed in 0..12 {
                    let mut setup = Setup::new(players, seed);
                    setup.kind = kind;
                    setup.two_player_variant = variant;
                    let (state, _) = crate::rules::start(&content, &setup).expect("set-up");
                    assert_eq!(
                        check(&content, &state),
                        Vec::<String>::new(),
                        "{players}p {kind:?} variant {variant} seed {seed}"
                    );
                    assert!(holds(&content, &state));
                }
            }
        }
    }
}

#[test]
fn a_crown_card_copied_into_a_hand_is_caught() {
    let content = content();
    let mut state = started(&content, 3, 1);
    let card = state.crown_deck[0];
    state.factions[1].hand.push(card);
    broken(
        &content,
        &state,
        &format!("Crown card {card} is in 2 places"),
    );
    // Five copies of one hand card (the gift of the security review).
    let mut state = started(&content, 3, 1);
    let card = state.crown_deck[0];
    state.crown_deck.remove(0);
    for _ in 0..5 {
        state.factions[2].hand.push(card);
    }
    broken(
        &content,
        &state,
        &format!("Crown card {card} is in 5 places"),
    );
}

#[test]
fn a_crown_card_lost_or_unknown_is_caught() {
    let content = content();
    let mut state = started(&content, 4, 2);
    let card = state.crown_deck.remove(0);
    broken(&content, &state, &format!("Crown card {card} is nowhere"));
    let mut state = started(&content, 4, 2);
    state.factions[0].hand.push(CrownCardId::from("C99"));
    broken(&content, &state, "unknown Crown card C99");
}

#[test]
fn a_crown_card_on_the_city_pile_and_on_a_noble_is_caught() {
    let content = content();
    let mut state = started(&content, 2, 3);
    let card = state.city_pile[0];
    let noble = first_noble(&state);
    state
        .nobles
        .get_mut(&noble)
        .expect("Noble")
        .awards
        .push(card);
    broken(
        &content,
        &state,
        &format!("Crown card {card} is in 2 places"),
    );
}

#[test]
fn a_chancery_card_to_award_must_be_in_chancery() {
    let content = content();
    let mut state = started(&content, 3, 1);
    let card = state.crown_deck[0];
    state.pending.push(Pending::ChanceryAwards {
        summoner: 0,
        cards: vec![card],
    });
    broken(&content, &state, &format!("Chancery card {card} to award"));
}

#[test]
fn event_cards_copied_lost_or_held_by_a_decision_twice_are_caught() {
    let content = content();
    let mut state = started(&content, 3, 1);
    let card = state
        .event_deck
        .iter()
        .find_map(|s| match s {
            EventSlot::Card { card } => Some(*card),
            EventSlot::PrestigeTile => None,
        })
        .expect("an Event card");
    let mut copied = state.clone();
    copied.event_discard.push(card);
    broken(
        &content,
        &copied,
        &format!("Event card {card} is in 2 places"),
    );
    let mut lost = state.clone();
    lost.event_deck
        .retain(|s| !matches!(s, EventSlot::Card { card: c } if *c == card));
    broken(&content, &lost, &format!("Event card {card} is nowhere"));
    // A drawn card waiting in its reaction window is still in the deck: two places.
    state.pending.push(Pending::EventReaction {
        card,
        window: crate::rules::flow::window(
            crate::rules::state::WindowKind::BeforeEvent,
            vec![0, 1, 2],
        ),
    });
    broken(
        &content,
        &state,
        &format!("Event card {card} is in 2 places"),
    );
    let mut unknown = started(&content, 3, 1);
    unknown.event_discard.push(EventCardId::from("E999"));
    broken(&content, &unknown, "unknown Event card E999");
}

#[test]
fn city_and_major_cards_are_on_one_noble_at_most() {
    let content = content();
    let state = started(&content, 4, 1);
    let mut ids = state.nobles.keys().cloned();
    let (a, b) = (ids.next().expect("a"), ids.next().expect("b"));
    let city = content.cards.city_cards[0].id;
    let major = content.cards.major_cards[0].id;
    let mut cities = state.clone();
    for noble in [&a, &b] {
        let n = cities.nobles.get_mut(noble).expect("Noble");
        n.cities.retain(|c| *c != city);
        n.cities.push(city);
    }
    broken(
        &content,
        &cities,
        &format!("City card {city} is in 2 places"),
    );
    let mut majors = state.clone();
    for noble in [&a, &b] {
        majors
            .nobles
            .get_mut(noble)
            .expect("Noble")
            .majors
            .push(major);
    }
    broken(
        &content,
        &majors,
        &format!("Major card {major} is in 2 places"),
    );
    let mut unknown = state.clone();
    let n = unknown.nobles.get_mut(&a).expect("Noble");
    n.cities.push(CityCardId::from("nowhere_city"));
    n.majors.push(MajorCardId::from("MB99"));
    broken(&content, &unknown, "unknown City card nowhere_city");
    broken(&content, &unknown, "unknown Major card MB99");
}

#[test]
fn royals_are_each_once_at_a_real_place() {
    let content = content();
    let state = started(&content, 3, 1);
    let royal = *state.royals.keys().next().expect("a Royal");
    let mut missing = state.clone();
    missing.royals.remove(&royal);
    broken(&content, &missing, &format!("Royal {royal} is nowhere"));
    let mut dangling = state.clone();
    dangling.royals.get_mut(&royal).expect("Royal").place = RoyalPlace::With {
        noble: crate::content::NobleId::from("nobody"),
    };
    broken(
        &content,
        &dangling,
        "is attached to nobody, who is not in play",
    );
    let mut captive = state.clone();
    captive.royals.get_mut(&royal).expect("Royal").place = RoyalPlace::Alone {
        place: Place::Captive {
            captor: 0,
            area: AreaId::from("area_york"),
        },
    };
    broken(&content, &captive, "which is no place");
    let mut aboard = state.clone();
    aboard.royals.get_mut(&royal).expect("Royal").place = RoyalPlace::Alone {
        place: Place::Aboard {
            ship: "no_such_ship".to_owned(),
        },
    };
    broken(&content, &aboard, "which is no place");
    let mut unknown = state;
    let r = unknown.royals[&royal].clone();
    unknown
        .royals
        .insert(crate::content::RoyalId::from("R99"), r);
    broken(&content, &unknown, "unknown Royal R99");
}

#[test]
fn nobles_stand_on_their_own_card_at_one_real_place() {
    let content = content();
    let state = started(&content, 3, 1);
    let mut ids = state.nobles.keys().cloned();
    let (a, b) = (ids.next().expect("a"), ids.next().expect("b"));
    let mut swapped = state.clone();
    let card_a = swapped.nobles[&a].card;
    let card_b = swapped.nobles[&b].card;
    swapped.nobles.get_mut(&a).expect("a").card = card_b;
    swapped.nobles.get_mut(&b).expect("b").card = card_a;
    broken(&content, &swapped, "which is not its Noble card");
    let mut nowhere = state.clone();
    nowhere.nobles.get_mut(&a).expect("a").place = Place::Field {
        area: AreaId::from("area_atlantis"),
    };
    broken(&content, &nowhere, "which is no place");
    let mut at_sea = state.clone();
    at_sea.nobles.get_mut(&a).expect("a").place = Place::Aboard {
        ship: "no_such_ship".to_owned(),
    };
    broken(&content, &at_sea, "which is no place");
    let faction = state.nobles[&a].faction;
    let captor = (faction + 1) % 3;
    let mut unlisted = state.clone();
    unlisted.nobles.get_mut(&a).expect("a").place = Place::Captive {
        captor,
        area: AreaId::from("area_york"),
    };
    broken(
        &content,
        &unlisted,
        &format!("{a} is captive of faction {captor}"),
    );
    let mut listed = state.clone();
    listed.captives.insert(a, Captive { captor });
    broken(
        &content,
        &listed,
        "is listed as a captive but is not held captive",
    );
    let mut gone = state.clone();
    gone.nobles.remove(&a);
    broken(&content, &gone, &format!("Crown card {card_a} is nowhere"));
}

/// A start with a ship piece on the board, and the Noble holding its card.
fn with_ship(content: &Content) -> (State, String, crate::content::NobleId) {
    for players in 2..=5u8 {
        for seed in 0..20 {
            let state = started(content, players, seed);
            let found = state.ships.iter().find_map(|(id, s)| {
                state
                    .nobles
                    .iter()
                    .find(|(_, n)| n.awards.contains(&s.card) || n.card == s.card)
                    .map(|(noble, _)| (id.clone(), *noble))
            });
            if let Some((ship, noble)) = found {
                return (state, ship, noble);
            }
        }
    }
    panic!("no set-up puts a ship on the board");
}

#[test]
fn ships_follow_their_cards() {
    let content = content();
    let (state, ship, holder) = with_ship(&content);
    let card = state.ships[&ship].card;
    // The card discarded while the ship waits empty in port: the ship should have left.
    let mut left = state.clone();
    left.nobles
        .get_mut(&holder)
        .expect("holder")
        .awards
        .retain(|c| *c != card);
    left.crown_discard.push(card);
    if left.nobles[&holder].card != card {
        broken(&content, &left, &format!("ship {ship} is empty in port"));
        // At sea it sails on to the port where it leaves (9.53, 20.08).
        let zone = content.map.sea_zones[0].id;
        left.ships.get_mut(&ship).expect("ship").place = ShipPlace::Sea { zone };
        assert!(
            !check(&content, &left).iter().any(|m| m.contains("ship")),
            "{:?}",
            check(&content, &left)
        );
    }
    // The card in play but its ship taken off the board.
    let mut off = state.clone();
    off.ships.remove(&ship);
    broken(&content, &off, &format!("its ship {ship} is not"));
    // The ship on another card.
    let mut other = state.clone();
    let elsewhere = content
        .cards
        .crown_cards
        .iter()
        .find(|c| c.id != card)
        .expect("another card")
        .id;
    other.ships.get_mut(&ship).expect("ship").card = elsewhere;
    broken(&content, &other, &format!("ship {ship} is on {elsewhere}"));
    // A ship the content does not have.
    let mut unknown = state.clone();
    let s = unknown.ships[&ship].clone();
    unknown.ships.insert("the_flying_dutchman".to_owned(), s);
    broken(&content, &unknown, "unknown ship the_flying_dutchman");
    // A ship in a port that is not one.
    let mut inland = state;
    inland.ships.get_mut(&ship).expect("ship").place = ShipPlace::Port {
        location: crate::content::LocationId::from("nowhere_port"),
    };
    broken(&content, &inland, "which is no place");
}

#[test]
fn control_is_held_through_something_in_play() {
    use crate::rules::state::{ControlSource, Controller};
    let content = content();
    let state = started(&content, 3, 1);
    // A place held through an awarded card, the card then discarded.
    let (location, card) = state
        .control
        .iter()
        .find_map(|(l, c)| match &c.source {
            ControlSource::Card { card }
                if state.nobles.values().any(|n| n.awards.contains(card)) =>
            {
                Some((*l, *card))
            }
            _ => None,
        })
        .expect("a place held through an awarded card");
    let mut lapsed = state.clone();
    for n in lapsed.nobles.values_mut() {
        n.awards.retain(|c| *c != card);
    }
    lapsed.crown_discard.push(card);
    broken(&content, &lapsed, &format!("{location} is controlled by"));
    let faction = state.control[&location].faction;
    let records = |source: ControlSource, faction: Option<u8>, at: &str| {
        let mut s = state.clone();
        s.control.insert(
            crate::content::LocationId::from(at),
            Controller { faction, source },
        );
        s
    };
    let gone = records(
        ControlSource::Conquest {
            noble: crate::content::NobleId::from("nobody"),
        },
        faction,
        location.as_str(),
    );
    broken(&content, &gone, &format!("{location} is controlled by"));
    let royal = *state.royals.keys().next().expect("a Royal");
    let alone = records(ControlSource::Royal { royal }, faction, location.as_str());
    broken(&content, &alone, &format!("{location} is controlled by"));
    let non_player = records(ControlSource::NonPlayer, Some(0), location.as_str());
    broken(
        &content,
        &non_player,
        &format!("{location} is controlled by"),
    );
    let open_field = records(ControlSource::Occupation, Some(0), location.as_str());
    broken(
        &content,
        &open_field,
        &format!("{location} is controlled by"),
    );
    let nowhere = records(ControlSource::NonPlayer, None, "atlantis");
    broken(
        &content,
        &nowhere,
        "atlantis is controlled but is no fortified place",
    );
    let unseated = records(ControlSource::Occupation, Some(9), location.as_str());
    broken(&content, &unseated, "not a seat");
}

#[test]
fn prestige_places_and_both_houses_are_still_checked() {
    let content = content();
    let state = started(&content, 3, 1);
    let mut prestige = state.clone();
    prestige.factions[0].prestige += 1;
    broken(&content, &prestige, "faction 0 Prestige");
    let mut houses = state;
    houses.factions[1].both_houses_since = Some(0);
    houses.clock.round = 5;
    broken(&content, &houses, "faction 1 has held both houses");
}

#[test]
fn the_debug_hook_is_quiet_when_everything_holds() {
    let content = content();
    let state = started(&content, 3, 1);
    debug_assert_hold(&content, &state, &Event::DecisionClosed);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "rules invariants broken after event")]
fn the_debug_hook_panics_on_a_broken_state() {
    let content = content();
    let mut state = started(&content, 3, 1);
    let card = state.crown_deck[0];
    state.factions[0].hand.push(card);
    debug_assert_hold(&content, &state, &Event::DecisionClosed);
}

#[test]
fn positions_are_read_from_numbers_and_found_otherwise() {
    use super::conservation::Positions;
    let content = content();
    let crown = Positions::new(&content.cards.crown_cards, |c| c.id.as_str());
    for (i, card) in content.cards.crown_cards.iter().enumerate() {
        assert_eq!(crown.of(card.id.as_str()), Some(i));
    }
    for unknown in ["C00", "C99", "C7", "C007", "X07", "", "7"] {
        assert_eq!(crown.of(unknown), None, "{unknown}");
    }
    // Ids without numbers (City cards) and a list out of number order are found by search.
    let cities = Positions::new(&content.cards.city_cards, |c| c.id.as_str());
    for (i, city) in content.cards.city_cards.iter().enumerate() {
        assert_eq!(cities.of(city.id.as_str()), Some(i));
    }
    let shuffled = ["R03", "R01", "R02"];
    let royals = Positions::new(&shuffled, |r| r);
    assert_eq!(royals.of("R01"), Some(1));
    assert_eq!(royals.of("R03"), Some(0));
    assert_eq!(royals.of("R04"), None);
}
