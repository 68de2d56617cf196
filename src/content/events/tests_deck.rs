//! Tests of the embedded Kingmaker II Event deck: counts, the rulebook's worked examples, the
//! Plague targets and the statistics of the black lower halves.

use std::collections::BTreeMap;

use super::*;
use crate::content::refs::Target;
use crate::content::{DataFiles, LocationId, NobleId, Report};

fn deck() -> EventDeck {
    let mut report = Report::new();
    let deck = EventDeck::load(&DataFiles::embedded(), &mut report);
    assert!(report.is_empty(), "{report}");
    deck
}

fn noble(key: &str) -> Summoner {
    Summoner::Noble(NobleId::new(key))
}

fn holder(key: &str) -> Summoner {
    Summoner::Holder(key.into())
}

fn summons_of(card: &EventCard) -> &[Summons] {
    match &card.top {
        TopHalf::Raid { summons } => summons,
        _ => &[],
    }
}

fn towns_of(card: &EventCard) -> &[LocationId] {
    match &card.top {
        TopHalf::Plague { towns } => towns,
        _ => &[],
    }
}

#[test]
fn the_embedded_deck_loads_without_problems() {
    let deck = deck();
    assert_eq!(deck.cards().len(), 92);
}

/// 001 L625-711: Raid 37, Embassy 6, Storms 9, Mercenaries 3, Plague 17, Free Move 11,
/// Clamour 4, Chancellor 5; 001 L300: 92 cards E001-E092.
#[test]
fn counts_per_type_and_ids_match_the_rulebook() {
    let deck = deck();
    let expected = [
        (EventType::Raid, 37),
        (EventType::Embassy, 6),
        (EventType::Storms, 9),
        (EventType::MercenariesGoHome, 3),
        (EventType::Plague, 17),
        (EventType::FreeMove, 11),
        (EventType::Clamour, 4),
        (EventType::Chancellor, 5),
    ];
    for (kind, count) in expected {
        assert_eq!(deck.of_type(kind).count(), count, "{kind}");
        assert_eq!(kind.deck_count(), count);
    }
    let ids: Vec<String> = deck.cards().iter().map(|c| c.id.to_string()).collect();
    let wanted: Vec<String> = (1..=92).map(|n| format!("E{n:03}")).collect();
    assert_eq!(ids, wanted);
    assert_eq!(
        deck.summary(),
        "92 Event cards (37 raid, 6 embassy, 9 storms, 3 mercenaries_go_home, 17 plague, \
         11 free_move, 4 clamour, 5 chancellor)"
    );
}

/// 001 L647: "Admiral to PLYMOUTH with 2 ships" is a real card text.
#[test]
fn admiral_to_plymouth_with_two_ships_exists() {
    let deck = deck();
    let found = deck.of_type(EventType::Raid).any(|card| {
        summons_of(card).iter().any(|s| {
            s.who == holder("C31")
                && s.to == Destination::Location("plymouth".into())
                && s.ships == Some(Ships { count: 2 })
        })
    });
    assert!(found);
}

/// 001 L893: Free Move and Clamour cards have no black half; every other card has one
/// (ruling Z06 for the Chancellor cards).
#[test]
fn only_free_move_and_clamour_lack_a_lower_half() {
    for card in deck().cards() {
        let kind = card.event_type();
        let expect_half = !matches!(kind, EventType::FreeMove | EventType::Clamour);
        assert_eq!(card.combat.is_some(), expect_half, "{}", card.id);
        assert_eq!(kind.has_combat_half(), expect_half);
    }
}

/// 001 L691: never a castle; 001 L693: Calais can be struck. Each plague-able place is struck
/// by exactly one card.
#[test]
fn plague_strikes_each_town_once_never_a_castle_and_can_strike_calais() {
    let deck = deck();
    let mut struck: BTreeMap<&str, usize> = BTreeMap::new();
    for card in deck.of_type(EventType::Plague) {
        for town in towns_of(card) {
            assert!(
                !known::CASTLES.contains(&town.as_str()),
                "{} strikes {town}",
                card.id
            );
            *struck.entry(town.as_str()).or_default() += 1;
        }
    }
    assert_eq!(struck.get("calais"), Some(&1));
    assert_eq!(struck.len(), PLAGUE_PLACES.len());
    for place in PLAGUE_PLACES {
        assert_eq!(struck.get(place), Some(&1), "{place}");
    }
}

/// The classic statistics kept for KII: 77 lower halves, 11 of each of the 7 results (001 L883
/// lists Majority among the odds), Bad Weather names no one, other cards name 2 or 3, and each
/// of the 24 Nobles is named exactly 6 times.
#[test]
fn lower_halves_are_balanced() {
    let deck = deck();
    let halves: Vec<&Combat> = deck
        .cards()
        .iter()
        .filter_map(|c| c.combat.as_ref())
        .collect();
    assert_eq!(halves.len(), 77);
    for result in CombatResult::ALL {
        let n = halves.iter().filter(|h| h.result == result).count();
        assert_eq!(n, 11, "{result}");
    }
    let mut named: BTreeMap<&str, usize> = NOBLES.iter().map(|n| (*n, 0)).collect();
    let mut three = 0;
    for half in &halves {
        if half.result == CombatResult::BadWeather {
            assert!(half.killed.is_empty());
        } else {
            assert!((2..=3).contains(&half.killed.len()));
        }
        three += usize::from(half.killed.len() == 3);
        for noble in &half.killed {
            *named.get_mut(noble.as_str()).expect("a known Noble") += 1;
        }
    }
    assert_eq!(named.len(), 24);
    let min = named.values().min().copied();
    let max = named.values().max().copied();
    assert_eq!((min, max), (Some(6), Some(6)), "{named:?}");
    assert_eq!(three, 12);
}

/// 001 L1041 (a Noble holding Norwich dies of plague) and 001 L1289, L1337 (plague in London).
#[test]
fn plague_examples_have_their_cards() {
    let deck = deck();
    let strikes = |place: &str| {
        deck.of_type(EventType::Plague)
            .any(|c| towns_of(c).iter().any(|t| t.as_str() == place))
    };
    assert!(strikes("norwich"));
    assert!(strikes("london"));
}

/// 001 L1215: Neville, as Marshal of England, is called away by a Peasant Revolt. The
/// classic revolt E002 also names Neville himself.
#[test]
fn peasant_revolt_examples_have_their_cards() {
    let deck = deck();
    let revolts: Vec<&EventCard> = deck
        .of_type(EventType::Raid)
        .filter(|c| c.name == "Peasant Revolt")
        .collect();
    assert!(
        revolts
            .iter()
            .any(|c| summons_of(c).iter().any(|s| s.who == holder("C36")))
    );
    assert!(
        revolts
            .iter()
            .any(|c| summons_of(c).iter().any(|s| s.who == noble("neville")))
    );
}

/// 001 L1331: Berkeley is killed in a successful battle by the KILLED list; 000 L968 and L978:
/// the classic examples "5-4, Audley and Howard killed" and "4-1, Clifford and Courtenay".
#[test]
fn combat_examples_have_their_cards() {
    let deck = deck();
    let has = |result: CombatResult, names: &[&str]| {
        deck.cards()
            .iter()
            .filter_map(|c| c.combat.as_ref())
            .any(|h| {
                h.result == result
                    && names.len() == h.killed.len()
                    && names.iter().zip(&h.killed).all(|(n, k)| k.as_str() == *n)
            })
    };
    let berkeley_in_a_victory = deck
        .cards()
        .iter()
        .filter_map(|c| c.combat.as_ref())
        .any(|h| {
            h.result != CombatResult::BadWeather
                && h.killed.iter().any(|k| k.as_str() == "berkeley")
        });
    assert!(berkeley_in_a_victory);
    assert!(has(CombatResult::FiveFour, &["audley", "howard"]));
    assert!(has(CombatResult::FourOne, &["courtenay", "clifford"]));
}

/// De Vere (new in KII) answers a revolt at Hedingham; the Marshal can go to the Cheviots.
#[test]
fn kii_specific_summons_exist() {
    let deck = deck();
    let raids: Vec<&Summons> = deck.of_type(EventType::Raid).flat_map(summons_of).collect();
    assert!(raids.iter().any(|s| s.who == noble("de_vere")
        && s.to == Destination::Location("hedingham".into())));
    assert!(
        raids
            .iter()
            .any(|s| s.to == Destination::Area("cheviots".into()))
    );
    assert!(
        raids
            .iter()
            .any(|s| s.who == holder("C43") && s.ships == Some(Ships { count: 1 }))
    );
    let landsknechts = deck.of_type(EventType::MercenariesGoHome).any(|c| {
        matches!(&c.top, TopHalf::MercenariesGoHome { mercenaries }
            if mercenaries.iter().any(|m| m.as_str() == "C71" || m.as_str() == "C72"))
    });
    assert!(
        !landsknechts,
        "the Landsknechts replace the Saxons, who had no card"
    );
}

#[test]
fn references_name_every_place_card_and_noble() {
    let deck = deck();
    let refs = deck.references();
    let has = |target: Target| refs.iter().any(|r| r.target == target);
    assert!(has(Target::Location("hedingham".into())));
    assert!(has(Target::Location("calais".into())));
    assert!(has(Target::Location("rye".into())));
    assert!(has(Target::Area("cheviots".into())));
    assert!(has(Target::CrownCard("C67".into())));
    assert!(has(Target::CrownCard("C31".into())));
    assert!(has(Target::Noble("de_vere".into())));
    let plague = refs
        .iter()
        .find(|r| r.target == Target::Location("norwich".into()) && r.file == "events/plagues.toml")
        .expect("Norwich is struck");
    assert!(plague.field.starts_with("towns["));
    // Every killed name is a reference: 144 of them.
    let killed = refs
        .iter()
        .filter(|r| r.field.starts_with("combat.killed"))
        .count();
    assert_eq!(killed, 144);
}

#[test]
fn export_json_has_the_contract_shape() {
    let json = serde_json::to_value(deck()).expect("serializes");
    let cards = json["event_cards"].as_array().expect("event_cards");
    assert_eq!(cards.len(), 92);
    let e027 = &cards[26];
    assert_eq!(e027["id"], "E027");
    assert_eq!(e027["type"], "raid");
    assert_eq!(e027["summons"][0]["who"]["holder"], "C31");
    assert_eq!(e027["summons"][0]["to"], "plymouth");
    assert_eq!(e027["summons"][0]["ships"]["count"], 2);
    assert_eq!(e027["combat"]["result"], "majority");
    assert!(e027["source"].as_str().is_some());
    let e019 = &cards[18];
    assert_eq!(e019["summons"][1]["to_area"], "cheviots");
    let free = cards
        .iter()
        .find(|c| c["type"] == "free_move")
        .expect("a free move");
    assert!(free["combat"].is_null());
    let plague = cards
        .iter()
        .find(|c| c["type"] == "plague")
        .expect("a plague");
    assert!(plague["towns"].is_array());
    let merc = cards
        .iter()
        .find(|c| c["type"] == "mercenaries_go_home")
        .expect("mercs");
    assert_eq!(merc["mercenaries"][0], "C67");
    let embassy = cards
        .iter()
        .find(|c| c["type"] == "embassy")
        .expect("embassy");
    assert_eq!(embassy["to"], "rye");
    let bad = cards
        .iter()
        .find(|c| c["combat"]["result"] == "bad_weather")
        .expect("bw");
    assert_eq!(bad["combat"]["killed"].as_array().map(Vec::len), Some(0));
}
