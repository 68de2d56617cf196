//! Tests of the shipped card data: counts, fixed ids, City grants, bonuses, set-up pools,
//! pre-set Factions and Prestige values, each citing the 001 line it checks.

use super::super::ids::CrownCardId;
use super::super::refs::Target;
use super::super::{DataFiles, Report};
use super::{CardType, Cards, House, MajorKind};

fn cards() -> Cards {
    let mut report = Report::new();
    let cards = Cards::load(&DataFiles::embedded(), &mut report);
    assert!(report.is_empty(), "{report}");
    cards
}

fn card_type(cards: &Cards, id: &str) -> CardType {
    cards
        .card(id)
        .map(|c| c.card_type)
        .unwrap_or_else(|| panic!("no card {id}"))
}

#[test]
fn shipped_data_loads_without_problems() {
    // 001 L469 (74 Crown cards), L334 (7 Royal, 8 Major, 4 City cards), L239 (14 Factions).
    let cards = cards();
    assert_eq!(
        cards.summary(),
        "74 Crown cards, 7 Royals, 4 City cards, 8 Major cards, 14 Factions"
    );
}

#[test]
fn crown_deck_counts_per_type() {
    // 001 L1239-1247 (and L469: C01-C74).
    let cards = cards();
    assert_eq!(cards.crown_cards.len(), 74);
    let count = |t: CardType| {
        cards
            .crown_cards
            .iter()
            .filter(|c| c.card_type == t)
            .count()
    };
    assert_eq!(count(CardType::UntitledNoble), 14);
    assert_eq!(count(CardType::TitledNoble), 10);
    assert_eq!(count(CardType::Title), 9);
    assert_eq!(count(CardType::Office), 14);
    assert_eq!(count(CardType::Bishop), 6);
    assert_eq!(count(CardType::Mercenary), 8);
    assert_eq!(count(CardType::Ship), 4);
    assert_eq!(count(CardType::Town), 9);
    let ids: Vec<String> = cards.crown_cards.iter().map(|c| c.id.to_string()).collect();
    let wanted: Vec<String> = (1..=74).map(|n| format!("C{n:02}")).collect();
    assert_eq!(ids, wanted);
}

#[test]
fn royal_city_major_and_faction_counts() {
    // 001 L334, L479 (7 Royal, 8 Major, 4 City cards); L239 (F01-F14).
    let cards = cards();
    assert_eq!(cards.royals.len(), 7);
    assert_eq!(cards.major_cards.len(), 8);
    assert_eq!(cards.city_cards.len(), 4);
    assert_eq!(cards.factions.len(), 14);
    for players in 2..=5 {
        assert_eq!(cards.factions_for(players).count(), players as usize);
    }
}

#[test]
fn fixed_ids_of_001() {
    // 001 L554: C02, C13, C35, C36, C43; L548: C60, C66.
    let cards = cards();
    let name = |id: &str| cards.card(id).map(|c| c.name.clone()).unwrap_or_default();
    assert_eq!(name("C02"), "Archbishop of York");
    assert!(cards.card("C02").is_some_and(|c| c.archbishop));
    assert_eq!(name("C13"), "Percy, Earl of Northumberland");
    assert_eq!(card_type(&cards, "C13"), CardType::TitledNoble);
    assert_eq!(name("C35"), "Constable of the Tower of London");
    assert_eq!(name("C36"), "Marshal of England");
    assert_eq!(name("C43"), "Lord of the Isle of Wight");
    for id in ["C35", "C36", "C43"] {
        assert_eq!(card_type(&cards, id), CardType::Office);
    }
    assert_eq!(name("C60"), "Shrewsbury");
    assert_eq!(name("C66"), "Northampton");
    assert_eq!(card_type(&cards, "C60"), CardType::Town);
    assert_eq!(card_type(&cards, "C66"), CardType::Town);
}

#[test]
fn four_cards_grant_the_four_cities() {
    // 001 L1283: Le Michael → Bristol, Constable of the Tower → London, Bishop of Norwich →
    // Norwich, Archbishop of York → York.
    let cards = cards();
    let city = |id: &str| cards.card(id).and_then(|c| c.city).map(|c| c.to_string());
    assert_eq!(city("C54").as_deref(), Some("city_bristol"));
    assert_eq!(city("C35").as_deref(), Some("city_london"));
    assert_eq!(city("C06").as_deref(), Some("city_norwich"));
    assert_eq!(city("C02").as_deref(), Some("city_york"));
    assert_eq!(
        cards
            .crown_cards
            .iter()
            .filter(|c| c.city.is_some())
            .count(),
        4
    );
    for city in &cards.city_cards {
        assert_eq!(city.prestige, 1, "001 L445");
        let granter = cards.card(city.granted_by.as_str()).and_then(|c| c.city);
        assert_eq!(granter.as_ref(), Some(&city.id));
    }
}

#[test]
fn cornwall_and_durham_bonuses() {
    // 001 L1259: Chancellor of the Duchy of Cornwall 50 + (100) in Devon and Cornwall.
    // 001 L1263 (and L405): Bishop of Durham has no troops but (30) north of the Trent.
    let cards = cards();
    let cornwall = cards.card("C37").expect("C37");
    assert_eq!(cornwall.name, "Chancellor of the Duchy of Cornwall");
    assert_eq!(cornwall.troops, 50);
    let bonus = cornwall.bonus.as_ref().expect("bonus");
    assert_eq!(
        (bonus.troops, bonus.zone.as_str()),
        (100, "devon_and_cornwall")
    );
    let durham = cards.card("C04").expect("C04");
    assert_eq!(durham.name, "Bishop of Durham");
    assert_eq!(durham.troops, 0);
    let bonus = durham.bonus.as_ref().expect("bonus");
    assert_eq!((bonus.troops, bonus.zone.as_str()), (30, "north_of_trent"));
}

#[test]
fn pole_unit_of_the_rulebook_example() {
    // 001 L405: Pole's unit is 100 (130 north of the Trent with the Bishop of Durham).
    let cards = cards();
    let f06 = cards
        .factions
        .iter()
        .find(|f| f.id.as_str() == "F06")
        .expect("F06");
    let pole = f06
        .nobles
        .iter()
        .find(|n| n.card.as_str() == "C14")
        .expect("Pole");
    let troops: u32 = std::iter::once(&pole.card)
        .chain(pole.awards.iter())
        .filter_map(|id| cards.card(id.as_str()))
        .map(|c| c.troops)
        .sum();
    assert_eq!(troops, 100);
    assert!(pole.awards.contains(&CrownCardId::new("C04")));
}

#[test]
fn alternative_setup_holds_out_five_and_leaves_the_pools() {
    // 001 L554: C02, C13, C35, C36, C43 held out; L558-564: pools 9 / 14 / 9 / 11.
    let cards = cards();
    let held: Vec<&str> = cards
        .tables
        .alternative_setup
        .held_out
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(held, ["C02", "C13", "C35", "C36", "C43"]);
    assert_eq!(cards.alternative_pools(), [9, 14, 9, 11]);
    // 001 L569: random cards 8 / 4 / 3 / 2 for 2 / 3 / 4 / 5 players.
    let random: Vec<(u32, u32)> = cards
        .tables
        .alternative_setup
        .by_players
        .iter()
        .map(|r| (r.players, r.random_cards))
        .collect();
    assert_eq!(random, [(2, 8), (3, 4), (4, 3), (5, 2)]);
}

#[test]
fn two_player_moves_shrewsbury_and_northampton() {
    // 001 L548.
    let cards = cards();
    let moved: Vec<&str> = cards
        .tables
        .two_player
        .to_city_pile
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(moved, ["C60", "C66"]);
    let neutral: Vec<&str> = cards
        .tables
        .two_player
        .neutral_locations
        .iter()
        .map(|l| l.as_str())
        .collect();
    assert_eq!(neutral, ["london", "northampton", "shrewsbury", "york"]);
}

#[test]
fn faction_cards_are_legal_and_disjoint_per_player_count() {
    // 001 L413-425 and L1240-1247 (award limits); L471 (one set per player count).
    let cards = cards();
    for players in 2..=5 {
        let mut seen = std::collections::BTreeSet::new();
        for faction in cards.factions_for(players) {
            for card in faction.cards() {
                assert!(
                    seen.insert(*card),
                    "{card} twice among {players}-player Factions"
                );
            }
            for noble in &faction.nobles {
                let n = cards.card(noble.card.as_str()).expect("noble");
                assert!(n.card_type.is_noble());
                let types: Vec<CardType> = noble
                    .awards
                    .iter()
                    .filter_map(|a| cards.card(a.as_str()))
                    .map(|c| c.card_type)
                    .collect();
                let count = |t: CardType| types.iter().filter(|x| **x == t).count();
                assert!(count(CardType::Title) <= 1 && count(CardType::Office) <= 1);
                assert!(count(CardType::Bishop) <= 1);
                if n.card_type == CardType::TitledNoble {
                    assert_eq!(count(CardType::Title), 0, "{} in {}", n.id, faction.id);
                } else if count(CardType::Office) == 1 {
                    assert_eq!(count(CardType::Title), 1, "{} in {}", n.id, faction.id);
                }
                assert!(types.iter().all(|t| !t.is_noble()));
            }
        }
    }
}

#[test]
fn pole_starts_in_four_players() {
    // 001 L587: with 4 players Pole's Faction starts (it holds the Bishop of Durham).
    let cards = cards();
    let starters: Vec<&str> = cards
        .factions_for(4)
        .filter(|f| f.start_player)
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(starters, ["Pole's Faction"]);
    for players in 2..=5 {
        assert_eq!(
            cards
                .factions_for(players)
                .filter(|f| f.start_player)
                .count(),
            1
        );
    }
}

#[test]
fn pre_set_factions_are_balanced() {
    // The README's measure: per player count, unbracketed troops within 30 and equal Prestige.
    let cards = cards();
    for players in 2..=5 {
        let set: Vec<_> = cards.factions_for(players).collect();
        let troops: Vec<u32> = set.iter().map(|f| f.troops).collect();
        let spread = troops.iter().max().unwrap_or(&0) - troops.iter().min().unwrap_or(&0);
        assert!(spread <= 30, "{players}p troops {troops:?}");
        assert!(
            set.iter().all(|f| f.prestige == set[0].prestige),
            "{players}p Prestige"
        );
    }
}

#[test]
fn prestige_values_present() {
    // 001 L445 (Office, Archbishop, City 1), L909 (Major Battle 2), L972 (Major Siege 1),
    // L1179 (Dominion over Cities 4); the lost ones are set (ruling Z01).
    let cards = cards();
    let p = &cards.tables.prestige;
    assert_eq!((p.office, p.archbishop, p.city), (1, 1, 1));
    assert_eq!(
        (p.major_battle, p.major_siege, p.dominion_cities),
        (2, 1, 4)
    );
    for value in [
        p.sole_crowned_king,
        p.one_of_two_crowned_kings,
        p.other_royal,
    ] {
        assert!(value > 0);
    }
    assert!(p.dominion_religion > 0 && p.dominion_government > 0);
    for card in &cards.crown_cards {
        let wanted = u32::from(card.card_type == CardType::Office || card.archbishop);
        assert_eq!(card.prestige, wanted, "{}", card.id);
    }
    for major in &cards.major_cards {
        let wanted = match major.kind {
            MajorKind::Battle => 2,
            MajorKind::Siege => 1,
        };
        assert_eq!(major.prestige, wanted);
    }
    // 001 L1183-1191.
    let targets: Vec<(u32, Vec<u32>)> = cards
        .tables
        .prestige_victory
        .iter()
        .map(|v| (v.players, v.targets.clone()))
        .collect();
    assert_eq!(
        targets,
        [
            (2, vec![15]),
            (3, vec![13, 18]),
            (4, vec![11, 15]),
            (5, vec![10, 14, 16])
        ]
    );
}

#[test]
fn odds_steps_use_integer_ratios() {
    // 001 L875-883 and ruling Z17: 5-4 means 4·L ≥ 5·S; Majority means L > S.
    let cards = cards();
    let step = |name: &str| {
        cards
            .tables
            .odds
            .iter()
            .find(|s| s.step == name)
            .expect(name)
    };
    assert!(step("5-4").reached(125, 100));
    assert!(!step("5-4").reached(124, 100));
    assert!(step("majority").reached(101, 100));
    assert!(!step("majority").reached(100, 100));
    assert!(step("4-1").reached(400, 100) && !step("4-1").reached(399, 100));
}

#[test]
fn event_deck_construction() {
    // 001 L504-530: remove 19/28/37/30, piles 16/14/12/14, 4 Clamours, 1 Free Move each;
    // L603: 2 Event cards a turn with 2 players, else 1.
    let cards = cards();
    let rows: Vec<(u32, u32, u32, u32)> = cards
        .tables
        .event_deck
        .by_players
        .iter()
        .map(|r| (r.players, r.removed, r.pile_size, r.draws_per_turn))
        .collect();
    assert_eq!(
        rows,
        [
            (2, 30, 14, 2),
            (3, 37, 12, 1),
            (4, 28, 14, 1),
            (5, 19, 16, 1)
        ]
    );
    let order: Vec<&str> = cards
        .tables
        .bishop_seniority
        .order
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(
        order,
        ["C01", "C02", "C04", "C03", "C05", "C06"],
        "001 L542"
    );
}

#[test]
fn royals_start_where_001_says() {
    // 001 L461-467 and L376-391.
    let cards = cards();
    let start: Vec<(&str, &str, House, u32)> = cards
        .royals
        .iter()
        .map(|r| (r.id.as_str(), r.start.as_str(), r.house, r.rank))
        .collect();
    assert_eq!(
        start,
        [
            ("R01", "london", House::Lancaster, 1),
            ("R02", "kenilworth", House::Lancaster, 2),
            ("R03", "coventry", House::Lancaster, 3),
            ("R04", "york", House::York, 1),
            ("R05", "harlech", House::York, 2),
            ("R06", "cardigan", House::York, 3),
            ("R07", "calais", House::York, 4),
        ]
    );
    assert!(cards.royal("R01").is_some_and(|r| r.crowned_at_start));
}

#[test]
fn ships_and_isle_of_wight() {
    // 001 L207: 9 Ship pieces; C43 brings Le Maudeleyn (public developer note).
    let cards = cards();
    assert_eq!(cards.ships().count(), 9);
    let wight = cards.card("C43").expect("C43");
    assert_eq!(wight.troops, 50);
    assert_eq!(wight.locations[0].as_str(), "carisbrooke");
    let ship = cards.ship("le_maudeleyn").expect("ship");
    assert_eq!(ship.capacity, 150);
    assert_eq!(
        cards.ship("le_michael").map(|s| s.capacity),
        Some(100),
        "000 L906"
    );
}

#[test]
fn defines_and_references() {
    // 001 L395-397 (Nobles and home castles), L1207 (Royal cards), L1255-1263 (bonus Regions).
    let cards = cards();
    assert!(cards.defines(&Target::CrownCard("C13".into())));
    assert!(cards.defines(&Target::Noble("de_vere".into())));
    assert!(cards.defines(&Target::Royal("R07".into())));
    assert!(!cards.defines(&Target::CrownCard("C75".into())));
    let refs = cards.references();
    let names = |kind: fn(&Target) -> bool| refs.iter().filter(|r| kind(&r.target)).count();
    assert!(names(|t| matches!(t, Target::Zone(_))) == 9);
    assert!(
        refs.iter()
            .any(|r| r.target == Target::Location("hedingham".into()))
    );
    assert!(
        refs.iter()
            .any(|r| r.target == Target::Location("newcastle_under_lyme".into()))
    );
}

#[test]
fn export_has_the_documented_keys() {
    // 001 L1283 (C02 gives York), L445 (Archbishops score); keys per data/cards/README.md.
    let cards = cards();
    let json = serde_json::to_value(&cards).expect("json");
    for key in [
        "crown_cards",
        "royals",
        "city_cards",
        "major_cards",
        "factions",
        "tables",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
    let c02 = &json["crown_cards"][1];
    assert_eq!(c02["type"], "bishop");
    assert_eq!(c02["archbishop"], true);
    assert_eq!(c02["city"], "city_york");
}

#[test]
fn a_card_is_found_by_its_exact_id_only() {
    let cards = cards();
    for c in &cards.crown_cards {
        assert_eq!(cards.card(c.id.as_str()).map(|x| &x.id), Some(&c.id));
    }
    for missing in ["C1", "C001", "c01", "C00", "C99", "C7a", "", "london"] {
        assert!(cards.card(missing).is_none(), "{missing} found");
    }
    // An id outside the usual pattern is found through the hashed index.
    let mut odd = cards;
    odd.by_id = Default::default();
    if let Some(first) = odd.crown_cards.first_mut() {
        first.id = CrownCardId::from("C_extra");
    }
    assert_eq!(odd.card("C_extra").map(|c| c.id.as_str()), Some("C_extra"));
    assert!(odd.card("C01").is_none());
}
