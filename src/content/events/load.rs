//! Loading and validating the Event files: each file is read as TOML, each `[[card]]` table is
//! checked field by field (unknown and missing fields first, then serde into [`super::raw`],
//! then every value), and the deck as a whole is checked (count per type, total, duplicate
//! and missing ids). Every problem is pushed into the [`Report`], naming file, item and field.

use std::collections::BTreeMap;

use toml::{Table, Value};

use super::known;
use super::model::{
    Combat, CombatResult, Destination, EventCard, EventType, Ships, Summoner, Summons, TopHalf,
};
use super::raw::{self, RawCombat, RawSummons};
use crate::content::ids::{AreaId, CrownCardId, EventCardId, LocationId, NobleId};
use crate::content::toml_file::read_table;
use crate::content::{DataFiles, Report};

/// The file (relative to `data/`) holding the cards of one Event type.
pub fn file_of(kind: EventType) -> &'static str {
    match kind {
        EventType::Raid => "events/raids.toml",
        EventType::Embassy => "events/embassies.toml",
        EventType::Storms => "events/storms.toml",
        EventType::MercenariesGoHome => "events/mercenaries_go_home.toml",
        EventType::Plague => "events/plagues.toml",
        EventType::FreeMove => "events/free_moves.toml",
        EventType::Clamour => "events/clamours.toml",
        EventType::Chancellor => "events/chancellors.toml",
    }
}

/// The file name used for problems about the deck as a whole.
pub const DECK: &str = "events/";

/// How many cards the Kingmaker II deck holds (001 L300, L504).
pub const DECK_SIZE: usize = 92;

/// Parses and validates every Event file; returns the cards that passed, in file order.
pub fn load_cards(files: &DataFiles, report: &mut Report) -> Vec<EventCard> {
    let mut cards = Vec::new();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut total = 0;
    for kind in EventType::ALL {
        let path = file_of(kind);
        let Some(table) = read_table(files, path, &["card"], report) else {
            continue;
        };
        let list = match table.get("card") {
            Some(Value::Array(list)) => list.as_slice(),
            Some(_) => {
                report.push(path, "-", "card", "must be an array of [[card]] tables");
                &[]
            }
            None => &[],
        };
        total += list.len();
        if list.len() != kind.deck_count() {
            report.push(
                path,
                "-",
                "card",
                format!(
                    "holds {} {} card(s); Kingmaker II has {} ({})",
                    list.len(),
                    kind,
                    kind.deck_count(),
                    kind.count_source()
                ),
            );
        }
        for (index, value) in list.iter().enumerate() {
            let item = item_name(value, index);
            if let Some(id) = value.get("id").and_then(Value::as_str) {
                if let Some(first) = seen.get(id) {
                    report.push(
                        path,
                        &item,
                        "id",
                        format!("duplicate id, already used in {first}"),
                    );
                } else {
                    seen.insert(id.to_owned(), path.to_owned());
                }
            }
            let mut check = Check {
                path,
                item: &item,
                report,
                ok: true,
            };
            if let Some(card) = check.card(kind, value) {
                cards.push(card);
            }
        }
    }
    if total != DECK_SIZE {
        report.push(
            DECK,
            "-",
            "-",
            format!("the deck holds {total} cards; Kingmaker II has {DECK_SIZE} (001 L300)"),
        );
    }
    for n in 1..=DECK_SIZE {
        let id = format!("E{n:03}");
        if !seen.contains_key(&id) && total == DECK_SIZE {
            report.push(
                DECK,
                &id,
                "id",
                "no card has this id; ids run E001-E092 (001 L506)",
            );
        }
    }
    cards
}

/// The card's id if it has a string one, else its position (`card #3`).
fn item_name(value: &Value, index: usize) -> String {
    value
        .get("id")
        .and_then(Value::as_str)
        .map_or_else(|| format!("card #{}", index + 1), str::to_owned)
}

/// Checks one card, pushing problems under its file and item.
struct Check<'a> {
    path: &'a str,
    item: &'a str,
    report: &'a mut Report,
    ok: bool,
}

impl Check<'_> {
    fn push(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.ok = false;
        self.report.push(self.path, self.item, field, message);
    }

    /// Validates one `[[card]]` table of a file of type `kind`.
    fn card(&mut self, kind: EventType, value: &Value) -> Option<EventCard> {
        let Some(table) = value.as_table() else {
            self.push("-", "must be a table");
            return None;
        };
        let (table, complete) = self.known_fields(kind, table);
        if !complete {
            return None;
        }
        let card = match kind {
            EventType::Raid => self.parse::<raw::RawRaid>(kind, &table).and_then(|raw| {
                let summons = self.summons(&raw.summons);
                self.finish(
                    &raw.id,
                    &raw.name,
                    &raw.source,
                    summons.map(|s| TopHalf::Raid { summons: s }),
                    Some(&raw.combat),
                )
            }),
            EventType::Embassy => self.parse::<raw::RawEmbassy>(kind, &table).and_then(|raw| {
                let to = self.location_id("to", &raw.to);
                self.finish(
                    &raw.id,
                    &raw.name,
                    &raw.source,
                    to.map(|to| TopHalf::Embassy { to }),
                    Some(&raw.combat),
                )
            }),
            EventType::MercenariesGoHome => self
                .parse::<raw::RawMercenaries>(kind, &table)
                .and_then(|raw| {
                    let mercs = self.mercenaries(&raw.mercenaries);
                    let top = mercs.map(|mercenaries| TopHalf::MercenariesGoHome { mercenaries });
                    self.finish(&raw.id, &raw.name, &raw.source, top, Some(&raw.combat))
                }),
            EventType::Plague => self.parse::<raw::RawPlague>(kind, &table).and_then(|raw| {
                let towns = self.plague_towns(&raw.towns);
                self.finish(
                    &raw.id,
                    &raw.name,
                    &raw.source,
                    towns.map(|towns| TopHalf::Plague { towns }),
                    Some(&raw.combat),
                )
            }),
            EventType::Storms | EventType::Chancellor => {
                self.parse::<raw::RawPlain>(kind, &table).and_then(|raw| {
                    let top = if kind == EventType::Storms {
                        TopHalf::Storms
                    } else {
                        TopHalf::Chancellor
                    };
                    self.finish(
                        &raw.id,
                        &raw.name,
                        &raw.source,
                        Some(top),
                        Some(&raw.combat),
                    )
                })
            }
            EventType::FreeMove | EventType::Clamour => {
                self.parse::<raw::RawBare>(kind, &table).and_then(|raw| {
                    let top = if kind == EventType::FreeMove {
                        TopHalf::FreeMove
                    } else {
                        TopHalf::Clamour
                    };
                    self.finish(&raw.id, &raw.name, &raw.source, Some(top), None)
                })
            }
        };
        card.filter(|_| self.ok)
    }

    /// Names every unknown field (and unknown keys inside `combat` and `summons`) and every
    /// missing field; returns the table without the unknown keys, and whether no required
    /// field is missing (unknown keys alone do not stop the other checks).
    fn known_fields(&mut self, kind: EventType, table: &Table) -> (Table, bool) {
        let fields = raw::fields(kind);
        let mut clean = table.clone();
        for key in table.keys() {
            if key == "combat" && !kind.has_combat_half() {
                self.push(
                    key,
                    format!("a {kind} card has no black lower half (001 L893)"),
                );
                clean.remove(key);
            } else if !fields.iter().any(|(name, _)| name == key) {
                let names: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
                self.push(
                    key,
                    format!(
                        "unknown field for a {kind} card; expected {}",
                        names.join(", ")
                    ),
                );
                clean.remove(key);
            }
        }
        let mut complete = true;
        for (name, required) in fields {
            if *required && !table.contains_key(*name) {
                self.push(*name, format!("missing field `{name}` for a {kind} card"));
                complete = false;
            }
        }
        if let Some(Value::Table(combat)) = clean.get_mut("combat") {
            self.drop_unknown(combat, "combat", &["result", "killed"]);
        }
        if let Some(Value::Array(summons)) = clean.get_mut("summons") {
            for (j, line) in summons.iter_mut().enumerate() {
                let Value::Table(line) = line else { continue };
                let at = format!("summons[{j}]");
                self.drop_unknown(line, &at, &["who", "to", "to_area", "ships"]);
                if let Some(Value::Table(who)) = line.get_mut("who") {
                    self.drop_unknown(who, &format!("{at}.who"), &["noble", "holder"]);
                }
                if let Some(Value::Table(ships)) = line.get_mut("ships") {
                    self.drop_unknown(ships, &format!("{at}.ships"), &["count"]);
                }
            }
        }
        (clean, complete)
    }

    fn drop_unknown(&mut self, table: &mut Table, at: &str, allowed: &[&str]) {
        let unknown: Vec<String> = table
            .keys()
            .filter(|key| !allowed.contains(&key.as_str()))
            .cloned()
            .collect();
        for key in unknown {
            self.push(
                format!("{at}.{key}"),
                format!("unknown field; expected {}", allowed.join(", ")),
            );
            table.remove(&key);
        }
    }

    /// Deserializes the cleaned table; on a type error, names the field that is wrong.
    fn parse<T: serde::de::DeserializeOwned>(
        &mut self,
        kind: EventType,
        table: &Table,
    ) -> Option<T> {
        match Value::Table(table.clone()).try_into::<T>() {
            Ok(raw) => Some(raw),
            Err(err) => {
                let mut named = false;
                for (key, value) in table {
                    if let Err(message) = field_shape(key, value) {
                        self.push(key, message);
                        named = true;
                    }
                }
                if !named {
                    self.push(
                        "-",
                        format!("not a valid {kind} card: {}", err.message().trim()),
                    );
                }
                None
            }
        }
    }

    /// Checks id, name, source and the lower half, and builds the card.
    fn finish(
        &mut self,
        id: &str,
        name: &str,
        source: &str,
        top: Option<TopHalf>,
        combat: Option<&RawCombat>,
    ) -> Option<EventCard> {
        let id = self.card_id(id);
        if name.trim().is_empty() {
            self.push("name", "must not be empty");
        }
        if !valid_source(source) {
            self.push(
                "source",
                concat!(
                    "must cite a seed and line (\"000 L2856-2871\"), ",
                    "\"public: ...\" or \"reconstructed: ...\""
                ),
            );
        }
        let combat = match combat {
            Some(raw) => Some(self.combat(raw)?),
            None => None,
        };
        Some(EventCard {
            id: id?,
            name: name.to_owned(),
            top: top?,
            combat,
            source: source.to_owned(),
        })
    }

    fn card_id(&mut self, id: &str) -> Option<EventCardId> {
        let number = id
            .strip_prefix('E')
            .filter(|digits| digits.len() == 3 && digits.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|digits| digits.parse::<usize>().ok());
        match number {
            Some(n) if (1..=DECK_SIZE).contains(&n) => Some(EventCardId::new(id)),
            _ => {
                self.push("id", format!("`{id}` is not an Event card id E001-E092"));
                None
            }
        }
    }

    fn combat(&mut self, raw: &RawCombat) -> Option<Combat> {
        let result = CombatResult::from_key(&raw.result);
        if result.is_none() {
            let keys: Vec<&str> = CombatResult::ALL.iter().map(|r| r.key()).collect();
            self.push(
                "combat.result",
                format!(
                    "unknown result `{}`; expected one of {}",
                    raw.result,
                    keys.join(", ")
                ),
            );
        }
        let killed = self.nobles("combat.killed", &raw.killed);
        match result {
            Some(CombatResult::BadWeather) if !raw.killed.is_empty() => {
                self.push(
                    "combat.killed",
                    "a Bad Weather card kills no one: the battle is not resolved (001 L897-901)",
                );
            }
            Some(result)
                if result != CombatResult::BadWeather && !(2..=3).contains(&raw.killed.len()) =>
            {
                self.push(
                    "combat.killed",
                    format!(
                        concat!(
                            "names {} Noble(s); a KILLED list names 2 or 3 ",
                            "(the classic deck's shape, 000 L2322-3277)"
                        ),
                        raw.killed.len()
                    ),
                );
            }
            _ => {}
        }
        Some(Combat {
            result: result?,
            killed: killed?,
        })
    }

    fn nobles(&mut self, field: &str, keys: &[String]) -> Option<Vec<NobleId>> {
        let mut out = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            if !known::is_noble(key) {
                self.push(
                    format!("{field}[{i}]"),
                    format!("`{key}` is not one of the 24 Noble families"),
                );
            } else if keys[..i].contains(key) {
                self.push(format!("{field}[{i}]"), format!("`{key}` is named twice"));
            } else {
                out.push(NobleId::new(key.as_str()));
            }
        }
        (out.len() == keys.len()).then_some(out)
    }

    fn summons(&mut self, lines: &[RawSummons]) -> Option<Vec<Summons>> {
        if lines.is_empty() {
            self.push(
                "summons",
                "a Raid or Revolt summons at least one Noble (001 L629)",
            );
        }
        let mut out = Vec::new();
        for (j, line) in lines.iter().enumerate() {
            let at = format!("summons[{j}]");
            let who = match (&line.who.noble, &line.who.holder) {
                (Some(noble), None) if known::is_noble(noble) => {
                    Some(Summoner::Noble(NobleId::new(noble.as_str())))
                }
                (Some(noble), None) => {
                    self.push(
                        format!("{at}.who.noble"),
                        format!("`{noble}` is not one of the 24 Noble families"),
                    );
                    None
                }
                (None, Some(card)) if known::is_summonable_card(card) => {
                    Some(Summoner::Holder(CrownCardId::new(card.as_str())))
                }
                (None, Some(card)) => {
                    self.push(
                        format!("{at}.who.holder"),
                        format!(
                            "`{card}` is not a Title, Office or Bishop card \
                             (C01-C06, C31-C53; 001 L629)"
                        ),
                    );
                    None
                }
                _ => {
                    self.push(
                        format!("{at}.who"),
                        "names exactly one of `noble` or `holder`",
                    );
                    None
                }
            };
            let to = match (&line.to, &line.to_area) {
                (Some(place), None) => self
                    .location_id(&format!("{at}.to"), place)
                    .map(Destination::Location),
                (None, Some(area)) => self
                    .snake_id(&format!("{at}.to_area"), area)
                    .map(|a| Destination::Area(AreaId::new(a))),
                _ => {
                    self.push(
                        format!("{at}.to"),
                        "gives exactly one of `to` (a place) or `to_area` (an Area)",
                    );
                    None
                }
            };
            let ships = line
                .ships
                .as_ref()
                .and_then(|ships| self.ships(&at, &line.who.holder, &to, ships.count));
            if let (Some(who), Some(to)) = (who, to) {
                out.push(Summons { who, to, ships });
            }
        }
        (self.ok && out.len() == lines.len()).then_some(out)
    }

    fn ships(
        &mut self,
        at: &str,
        holder: &Option<String>,
        to: &Option<Destination>,
        count: i64,
    ) -> Option<Ships> {
        let field = format!("{at}.ships.count");
        let owned = holder.as_deref().map_or(0, known::office_ships);
        if owned == 0 {
            self.push(
                field,
                concat!(
                    "only the ships of an Office respond (Admiral C31, Warden of the Cinque ",
                    "Ports C42, Lord of the Isle of Wight C43; 001 L645)"
                ),
            );
            return None;
        }
        if matches!(to, Some(Destination::Area(_))) {
            self.push(field, "ships go to a port, not to an Area");
            return None;
        }
        match u8::try_from(count) {
            Ok(n) if (1..=owned).contains(&n) => Some(Ships { count: n }),
            _ => {
                self.push(
                    field,
                    format!("must be 1 to {owned}, the ships this Office has"),
                );
                None
            }
        }
    }

    fn mercenaries(&mut self, keys: &[String]) -> Option<Vec<CrownCardId>> {
        if keys.is_empty() {
            self.push("mercenaries", "names at least one Mercenary card");
        }
        let mut out = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            let field = format!("mercenaries[{i}]");
            if !known::is_mercenary(key) {
                self.push(field, format!("`{key}` is not a Mercenary card (C67-C74)"));
            } else if keys[..i].contains(key) {
                self.push(field, format!("`{key}` is named twice"));
            } else {
                out.push(CrownCardId::new(key.as_str()));
            }
        }
        (out.len() == keys.len() && !keys.is_empty()).then_some(out)
    }

    fn plague_towns(&mut self, keys: &[String]) -> Option<Vec<LocationId>> {
        if keys.is_empty() {
            self.push(
                "towns",
                "a Plague strikes at least one Town or City (001 L683)",
            );
        }
        let mut out = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            let field = format!("towns[{i}]");
            if known::CASTLES.contains(&key.as_str()) {
                self.push(
                    field,
                    format!("`{key}` is a castle: Plague never strikes castles (001 L691)"),
                );
            } else if !known::PLAGUE_PLACES.contains(&key.as_str()) {
                self.push(
                    field,
                    format!(
                        "`{key}` is not a Town, City, Open Town or Calais \
                         (001 L683, L693; ruling Z10)"
                    ),
                );
            } else if keys[..i].contains(key) {
                self.push(field, format!("`{key}` is named twice"));
            } else {
                out.push(LocationId::new(key.as_str()));
            }
        }
        (out.len() == keys.len() && !keys.is_empty()).then_some(out)
    }

    fn location_id(&mut self, field: &str, key: &str) -> Option<LocationId> {
        self.snake_id(field, key).map(LocationId::new)
    }

    /// Ids are lower_snake_case; whether the map defines them is checked by `Content`.
    fn snake_id<'k>(&mut self, field: &str, key: &'k str) -> Option<&'k str> {
        let ok = !key.is_empty()
            && key
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            && !key.starts_with('_');
        if ok {
            Some(key)
        } else {
            self.push(field, format!("`{key}` is not a lower_snake_case id"));
            None
        }
    }
}

/// Whether a top-level field has the shape its raw struct expects; the error says why not.
fn field_shape(key: &str, value: &Value) -> Result<(), String> {
    let result = match key {
        "summons" => value.clone().try_into::<Vec<RawSummons>>().map(drop),
        "combat" => value.clone().try_into::<RawCombat>().map(drop),
        "towns" | "mercenaries" => value.clone().try_into::<Vec<String>>().map(drop),
        _ => value.clone().try_into::<String>().map(drop),
    };
    result.map_err(|err| format!("wrong shape: {}", err.message().trim()))
}

/// A `source` cites a seed and line, a public note, or a reconstruction.
fn valid_source(source: &str) -> bool {
    let bytes = source.as_bytes();
    let seed_line = bytes.len() > 5
        && bytes[..3].iter().all(u8::is_ascii_digit)
        && &bytes[3..5] == b" L"
        && bytes[5].is_ascii_digit();
    seed_line
        || (source.starts_with("public: ") && source.len() > 8)
        || (source.starts_with("reconstructed: ") && source.len() > 15)
}
