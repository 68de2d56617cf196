//! Reading one map file into raw items. Each `[[table]]` entry is deserialized on its own, so
//! one bad entry (an unknown field, a missing field, a wrong type) is reported with its file,
//! item and field, and every other entry is still loaded.

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;
use toml::{Table, Value};

use crate::content::Report;
use crate::content::toml_file::one_line;

/// Deserializes every entry of `[[key]]` in `table`. An entry is named in problems by its
/// `id_key` value, or `#n` (1-based) when it has none. The ids of entries that fail are added
/// to `broken`, so later checks do not also report them as unknown.
pub(super) fn items<T: DeserializeOwned>(
    file: &str,
    table: &Table,
    key: &str,
    id_key: &str,
    report: &mut Report,
    broken: &mut BTreeSet<String>,
) -> Vec<T> {
    let entries = match table.get(key) {
        None => {
            report.push(file, "-", key, format!("no [[{key}]] entries"));
            return Vec::new();
        }
        Some(Value::Array(entries)) => entries,
        Some(_) => {
            report.push(
                file,
                "-",
                key,
                format!("`{key}` must be written as [[{key}]] tables"),
            );
            return Vec::new();
        }
    };
    let mut out = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let item = entry
            .get(id_key)
            .and_then(Value::as_str)
            .map_or_else(|| format!("#{}", i + 1), str::to_owned);
        match entry.clone().try_into::<T>() {
            Ok(value) => out.push(value),
            Err(err) => {
                let message = one_line(&err.to_string());
                let field = guilty_field::<T>(entry, &message);
                broken.insert(item.clone());
                report.push(file, item, field, message);
            }
        }
    }
    out
}

/// Finds which field an entry's error is about: named in the message (unknown or missing
/// field), or else the one key whose removal changes the error into "missing field `key`".
fn guilty_field<T: DeserializeOwned>(entry: &Value, message: &str) -> String {
    for marker in ["unknown field `", "missing field `", "duplicate field `"] {
        if let Some(rest) = message.split(marker).nth(1)
            && let Some(name) = rest.split('`').next()
        {
            return name.to_owned();
        }
    }
    if let Some(table) = entry.as_table() {
        for key in table.keys() {
            let mut without = table.clone();
            without.remove(key);
            match Value::Table(without).try_into::<T>() {
                Ok(_) => return key.clone(),
                Err(err) if err.to_string().contains(&format!("missing field `{key}`")) => {
                    return key.clone();
                }
                Err(_) => {}
            }
        }
    }
    "-".to_owned()
}
