//! Loading and validating the pre-set Faction cards F01–F14: each award legal (001 L413-425,
//! L1240-1247), one set per player count with as many Factions as players, no Crown card twice
//! in one set, exactly one start-player mark held by the senior bishop (L542, L587), and the
//! 2-player City-pile cards kept out of the 2-player set (L548).

use std::collections::BTreeMap;

use super::super::ids::{CrownCardId, FactionCardId};
use super::super::toml_file::read_table;
use super::super::{DataFiles, Report};
use super::data;
use super::model::{CardType, CrownCard, Faction, FactionNoble};
use super::parse::{item_ids, items};
use super::raw::{RawFaction, RawFactionNoble};
use super::tables::Tables;
use super::validate::numbered;

pub(super) fn load(
    files: &DataFiles,
    report: &mut Report,
    crown: &[CrownCard],
    tables: &Tables,
) -> Vec<Faction> {
    let file = data::FACTIONS;
    let Some(table) = read_table(files, file, &["faction"], report) else {
        return Vec::new();
    };
    let raws = items::<RawFaction>(&table, "faction", file, report);
    let mut out = Vec::new();
    let mut ids: BTreeMap<String, usize> = BTreeMap::new();
    for id in item_ids(&table, "faction") {
        *ids.entry(id).or_default() += 1;
    }
    for (item, raw) in raws {
        out.push(faction(raw, &item, crown, tables, report));
    }
    for (id, n) in &ids {
        if *n > 1 {
            report.push(file, id.as_str(), "id", format!("the id is used {n} times"));
        }
    }
    for n in 1..=14 {
        let id = format!("F{n:02}");
        if !ids.contains_key(&id) {
            report.push(
                file,
                id,
                "id",
                "this Faction card is missing (001 L239: F01-F14)",
            );
        }
    }
    out.sort_by_key(|a| a.id);
    for players in 2..=5 {
        check_player_count(&out, players, crown, tables, report);
    }
    out
}

/// One Faction's own checks: its cards exist and every award is legal.
fn faction(
    raw: RawFaction,
    item: &str,
    crown: &[CrownCard],
    tables: &Tables,
    report: &mut Report,
) -> Faction {
    let file = data::FACTIONS;
    if raw.source.trim().is_empty() {
        report.push(file, item, "source", "every item needs a source");
    }
    if numbered(&raw.id, "F", 2).is_none_or(|n| n == 0 || n > 14) {
        report.push(file, item, "id", "a Faction card id is F01 to F14");
    }
    if !(2..=5).contains(&raw.players) {
        report.push(
            file,
            item,
            "players",
            "Kingmaker II takes 2 to 5 players (001 L28)",
        );
    }
    if raw.noble.is_empty() {
        report.push(file, item, "noble", "a Faction needs at least one Noble");
    }
    let find = |id: &str| crown.iter().find(|c| c.id.as_str() == id);
    let mut nobles = Vec::new();
    let (mut troops, mut prestige) = (0, 0);
    for (index, noble) in raw.noble.iter().enumerate() {
        let RawFactionNoble { card, awards } = noble;
        match find(card) {
            None => report.push(
                file,
                item,
                format!("noble[{index}].card"),
                format!("unknown Crown card `{card}`"),
            ),
            Some(c) if !c.card_type.is_noble() => {
                report.push(
                    file,
                    item,
                    format!("noble[{index}].card"),
                    format!("{card} is not a Noble card"),
                );
            }
            Some(c) => check_awards(c, awards, index, item, crown, report),
        }
        for id in std::iter::once(card).chain(awards.iter()) {
            if let Some(c) = find(id) {
                troops += c.troops;
                prestige += c.prestige;
                if let Some(city) = &c.city {
                    let kept_neutral = raw.players == 2
                        && tables
                            .two_player
                            .neutral_locations
                            .iter()
                            .any(|l| city.as_str() == format!("city_{l}"));
                    if !kept_neutral {
                        prestige += tables.prestige.city;
                    }
                }
            }
        }
        nobles.push(FactionNoble {
            card: CrownCardId::new(card.as_str()),
            awards: awards
                .iter()
                .map(|a| CrownCardId::new(a.as_str()))
                .collect(),
        });
    }
    Faction {
        id: FactionCardId::new(raw.id),
        name: raw.name,
        players: raw.players,
        start_player: raw.start_player,
        nobles,
        troops,
        prestige,
        source: raw.source,
    }
}

/// The §2 limits: one Title, only on an untitled Noble; one Office, only on a titled Noble (or
/// one made titled by its Title); one Archbishop/Bishop; no Noble awarded to a Noble.
fn check_awards(
    noble: &CrownCard,
    awards: &[String],
    index: usize,
    item: &str,
    crown: &[CrownCard],
    report: &mut Report,
) {
    let file = data::FACTIONS;
    let field = format!("noble[{index}].awards");
    let mut types = Vec::new();
    for id in awards {
        match crown.iter().find(|c| c.id.as_str() == id) {
            None => report.push(file, item, &field, format!("unknown Crown card `{id}`")),
            Some(c) if c.card_type.is_noble() => {
                report.push(
                    file,
                    item,
                    &field,
                    format!("{id} is a Noble card and cannot be awarded"),
                );
            }
            Some(c) => types.push(c.card_type),
        }
    }
    let count = |t: CardType| types.iter().filter(|x| **x == t).count();
    let (titles, offices, bishops) = (
        count(CardType::Title),
        count(CardType::Office),
        count(CardType::Bishop),
    );
    let name = noble.id.as_str();
    if titles > 0 && noble.card_type == CardType::TitledNoble {
        report.push(
            file,
            item,
            &field,
            format!("{name} is titled and cannot take a Title (001 L413)"),
        );
    }
    if titles > 1 {
        report.push(
            file,
            item,
            &field,
            format!("{name} is given {titles} Titles; at most 1 (001 L1242)"),
        );
    }
    let titled = noble.card_type == CardType::TitledNoble || titles > 0;
    if offices > 0 && !titled {
        report.push(
            file,
            item,
            &field,
            format!("{name} has no Title and cannot hold an Office (001 L417)"),
        );
    }
    if offices > 1 {
        report.push(
            file,
            item,
            &field,
            format!("{name} is given {offices} Offices; at most 1 (001 L421)"),
        );
    }
    if bishops > 1 {
        report.push(
            file,
            item,
            &field,
            format!("{name} is given {bishops} Archbishop/Bishop cards; at most 1 (001 L425)"),
        );
    }
}

/// The checks across the Factions of one player count.
fn check_player_count(
    factions: &[Faction],
    players: u32,
    crown: &[CrownCard],
    tables: &Tables,
    report: &mut Report,
) {
    let file = data::FACTIONS;
    let set: Vec<&Faction> = factions.iter().filter(|f| f.players == players).collect();
    if set.len() != players as usize {
        report.push(
            file,
            "-",
            "players",
            format!(
                "{players} Factions expected for {players} players, found {}",
                set.len()
            ),
        );
    }
    let mut owner: BTreeMap<&str, &str> = BTreeMap::new();
    for faction in &set {
        for card in faction.cards() {
            if let Some(other) = owner.insert(card.as_str(), faction.id.as_str()) {
                report.push(
                    file,
                    faction.id.as_str(),
                    "noble",
                    format!("{card} is also in {other}, a Faction of the same player count"),
                );
            }
        }
        if players == 2 {
            for card in faction.cards() {
                if tables.two_player.to_city_pile.contains(card) {
                    report.push(
                        file,
                        faction.id.as_str(),
                        "noble",
                        format!("{card} goes to the City pile in a 2-player game (001 L548)"),
                    );
                }
            }
        }
    }
    let starters: Vec<&str> = set
        .iter()
        .filter(|f| f.start_player)
        .map(|f| f.id.as_str())
        .collect();
    if starters.len() != 1 {
        report.push(
            file,
            "-",
            "start_player",
            format!("exactly one {players}-player Faction starts, found {starters:?}"),
        );
    }
    // The mark must sit with the holder of the most senior Archbishop/Bishop (001 L542, L587).
    let senior = tables.bishop_seniority.order.iter().find_map(|bishop| {
        set.iter()
            .find(|f| f.cards().any(|c| c == bishop))
            .map(|f| (f, bishop))
    });
    if let Some((holder, bishop)) = senior
        && !holder.start_player
        && crown.iter().any(|c| &c.id == bishop)
    {
        report.push(
            file,
            holder.id.as_str(),
            "start_player",
            format!("holds {bishop}, the senior bishop of the {players}-player set, so it starts"),
        );
    }
}
