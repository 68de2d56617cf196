//! Loading and checking `cards/tables.toml`: the known Prestige values (001 L445, L909, L972,
//! L1179), victory targets, odds steps in rising order, Event-deck arithmetic (every card
//! accounted for), bishop seniority, the alternative set-up pools and the 2-player cards.

use super::super::toml_file::read_table;
use super::super::{DataFiles, Report};
use super::data;
use super::model::{CardType, CrownCard};
use super::parse::{item_value, section};
use super::tables::{
    AlternativeSetup, BishopSeniority, EventDeckTable, OddsStep, PrestigeTable, PrestigeVictory,
    Tables, TimeLimit, TwoPlayer,
};
use toml::Value;

const SECTIONS: &[&str] = &[
    "prestige",
    "prestige_victory",
    "odds",
    "event_deck",
    "bishop_seniority",
    "alternative_setup",
    "two_player",
    "time_limit",
];

/// Parses the tables; a broken section is reported and left at its default.
pub(super) fn load(files: &DataFiles, report: &mut Report) -> Tables {
    let file = data::TABLES;
    let Some(table) = read_table(files, file, SECTIONS, report) else {
        return Tables::default();
    };
    let list = |key: &str, report: &mut Report| -> Vec<toml::Table> {
        match table.get(key) {
            Some(Value::Array(a)) => a.iter().filter_map(|v| v.as_table().cloned()).collect(),
            _ => {
                report.push(file, key, "-", format!("the [[{key}]] items are missing"));
                Vec::new()
            }
        }
    };
    let prestige_victory = list("prestige_victory", report)
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            item_value::<PrestigeVictory>(t, file, &format!("prestige_victory[{i}]"), report)
        })
        .collect();
    let odds = list("odds", report)
        .iter()
        .enumerate()
        .filter_map(|(i, t)| item_value::<OddsStep>(t, file, &format!("odds[{i}]"), report))
        .collect();
    Tables {
        prestige: section::<PrestigeTable>(&table, "prestige", file, report).unwrap_or_default(),
        prestige_victory,
        odds,
        event_deck: section::<EventDeckTable>(&table, "event_deck", file, report)
            .unwrap_or_default(),
        bishop_seniority: section::<BishopSeniority>(&table, "bishop_seniority", file, report)
            .unwrap_or_default(),
        alternative_setup: section::<AlternativeSetup>(&table, "alternative_setup", file, report)
            .unwrap_or_default(),
        two_player: section::<TwoPlayer>(&table, "two_player", file, report).unwrap_or_default(),
        time_limit: section::<TimeLimit>(&table, "time_limit", file, report).unwrap_or_default(),
    }
}

/// Checks the tables against the rulebook's known numbers and the Crown cards.
pub(super) fn check(tables: &Tables, crown: &[CrownCard], report: &mut Report) {
    let file = data::TABLES;
    let p = &tables.prestige;
    let known = [
        ("office", p.office, 1),
        ("archbishop", p.archbishop, 1),
        ("city", p.city, 1),
        ("major_battle", p.major_battle, 2),
        ("major_siege", p.major_siege, 1),
        ("dominion_cities", p.dominion_cities, 4),
    ];
    for (field, value, wanted) in known {
        if value != wanted {
            report.push(
                file,
                "prestige",
                field,
                format!("001 gives {wanted}, found {value}"),
            );
        }
    }
    for (field, value) in [
        ("sole_crowned_king", p.sole_crowned_king),
        ("one_of_two_crowned_kings", p.one_of_two_crowned_kings),
        ("other_royal", p.other_royal),
        ("dominion_religion", p.dominion_religion),
        ("dominion_government", p.dominion_government),
    ] {
        if value == 0 {
            report.push(
                file,
                "prestige",
                field,
                "a Prestige value must be set (ruling Z01: data, not code)",
            );
        }
    }
    if !(p.sole_crowned_king >= p.one_of_two_crowned_kings
        && p.one_of_two_crowned_kings >= p.other_royal)
    {
        report.push(
            file,
            "prestige",
            "sole_crowned_king",
            "a sole King must score at least one of two, and that at least any other Royal",
        );
    }
    for players in 2..=5 {
        let rows: Vec<&PrestigeVictory> = tables
            .prestige_victory
            .iter()
            .filter(|v| v.players == players)
            .collect();
        match rows.as_slice() {
            [row] => {
                if row.targets.is_empty() || row.targets.windows(2).any(|w| w[0] >= w[1]) {
                    report.push(
                        file,
                        format!("prestige_victory[{players}p]"),
                        "targets",
                        "targets must be non-empty and rising",
                    );
                }
            }
            _ => report.push(
                file,
                "prestige_victory",
                "players",
                format!(
                    "one row for {players} players expected, found {}",
                    rows.len()
                ),
            ),
        }
    }
    if tables.odds.len() != 6 {
        report.push(
            file,
            "odds",
            "-",
            format!(
                "6 odds steps expected (001 L875-883), found {}",
                tables.odds.len()
            ),
        );
    }
    for (i, pair) in tables.odds.windows(2).enumerate() {
        let (a, b) = (&pair[0], &pair[1]);
        if u64::from(a.larger_part) * u64::from(b.smaller_part)
            >= u64::from(b.larger_part) * u64::from(a.smaller_part)
        {
            report.push(
                file,
                format!("odds[{}]", i + 1),
                "larger_part",
                "steps must rise in ratio, weakest first",
            );
        }
    }
    for (i, step) in tables.odds.iter().enumerate() {
        if step.smaller_part == 0 || step.larger_part < step.smaller_part {
            report.push(
                file,
                format!("odds[{i}]"),
                "smaller_part",
                "a ratio is at least 1 with a non-zero denominator",
            );
        }
    }
    let deck = &tables.event_deck;
    for players in 2..=5 {
        let rows: Vec<_> = deck
            .by_players
            .iter()
            .filter(|r| r.players == players)
            .collect();
        let [row] = rows.as_slice() else {
            report.push(
                file,
                "event_deck",
                "by_players",
                format!(
                    "one row for {players} players expected, found {}",
                    rows.len()
                ),
            );
            continue;
        };
        let used = deck.clamours + deck.free_moves_per_player * players + row.removed;
        if deck.total.checked_sub(used) != Some(deck.piles * row.pile_size) {
            report.push(
                file,
                format!("event_deck[{players}p]"),
                "pile_size",
                format!(
                    "{} cards less {used} set aside do not make {} piles of {}",
                    deck.total, deck.piles, row.pile_size
                ),
            );
        }
    }
    let find = |id: &str| crown.iter().find(|c| c.id.as_str() == id);
    let order = &tables.bishop_seniority.order;
    let mut sorted: Vec<&str> = order.iter().map(|c| c.as_str()).collect();
    sorted.sort_unstable();
    sorted.dedup();
    let all_bishops = order
        .iter()
        .all(|c| find(c.as_str()).is_some_and(|c| c.card_type == CardType::Bishop));
    if order.len() != 6 || sorted.len() != 6 || !all_bishops {
        report.push(
            file,
            "bishop_seniority",
            "order",
            "the 6 Archbishop/Bishop cards, each once",
        );
    }
    let alt = &tables.alternative_setup;
    for id in &alt.held_out {
        if find(id.as_str()).is_none() {
            report.push(
                file,
                "alternative_setup",
                "held_out",
                format!("unknown Crown card `{id}`"),
            );
        }
    }
    for row in &alt.by_players {
        if row.band_low >= row.band_high {
            report.push(
                file,
                format!("alternative_setup[{}p]", row.players),
                "band_low",
                "band_low must be below band_high",
            );
        }
    }
    let pools = alternative_pools(alt, crown);
    if pools != [9, 14, 9, 11] {
        report.push(file, "alternative_setup", "held_out", format!("the pools after the hold-outs must be 9 titled, 14 untitled, 9 Titles, 11 Offices (001 L558-564), found {pools:?}"));
    }
    for id in &tables.two_player.to_city_pile {
        if find(id.as_str()).is_none_or(|c| c.card_type != CardType::Town) {
            report.push(
                file,
                "two_player",
                "to_city_pile",
                format!("{id} is not a Town card"),
            );
        }
    }
}

/// The alternative set-up's typed pools after the hold-outs: titled Nobles, untitled Nobles,
/// Titles, Offices (001 L558-564: 9 / 14 / 9 / 11).
pub(super) fn alternative_pools(alt: &AlternativeSetup, crown: &[CrownCard]) -> [usize; 4] {
    let pool = |t: CardType| {
        crown
            .iter()
            .filter(|c| c.card_type == t && !alt.held_out.contains(&c.id))
            .count()
    };
    [
        pool(CardType::TitledNoble),
        pool(CardType::UntitledNoble),
        pool(CardType::Title),
        pool(CardType::Office),
    ]
}
