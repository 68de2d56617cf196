//! Reading TOML text into raw serde structs one item at a time, so that one broken item does not
//! hide the problems of the others, and every problem names its file, item and field.

use serde::de::DeserializeOwned;
use toml::{Table, Value};

use super::super::Report;
use super::super::toml_file::one_line;

/// The items of the array of tables `key` (`[[card]]`), each parsed on its own. Returns the
/// item name (its `id`, or `key[index]`) with the parsed value, for the items that parse.
pub(super) fn items<T: DeserializeOwned>(
    table: &Table,
    key: &str,
    file: &str,
    report: &mut Report,
) -> Vec<(String, T)> {
    let Some(value) = table.get(key) else {
        report.push(file, "-", key, format!("no [[{key}]] items"));
        return Vec::new();
    };
    let Value::Array(array) = value else {
        report.push(
            file,
            "-",
            key,
            format!("`{key}` must be an array of tables [[{key}]]"),
        );
        return Vec::new();
    };
    let mut out = Vec::new();
    for (index, element) in array.iter().enumerate() {
        let name = match element.get("id").and_then(Value::as_str) {
            Some(id) => id.to_owned(),
            None => format!("{key}[{index}]"),
        };
        let Value::Table(item) = element else {
            report.push(file, name, "-", "must be a table");
            continue;
        };
        if let Some(parsed) = item_value::<T>(item, file, &name, report) {
            out.push((name, parsed));
        }
    }
    out
}

/// One table parsed into `T`; on failure, one problem naming the field at fault.
pub(super) fn item_value<T: DeserializeOwned>(
    item: &Table,
    file: &str,
    name: &str,
    report: &mut Report,
) -> Option<T> {
    match Value::Table(item.clone()).try_into::<T>() {
        Ok(parsed) => Some(parsed),
        Err(err) => {
            let message = one_line(&err.to_string());
            let field = culprit::<T>(item, &message);
            report.push(file, name, field, message);
            None
        }
    }
}

/// A required section (`[prestige]`) parsed into `T`.
pub(super) fn section<T: DeserializeOwned>(
    table: &Table,
    key: &str,
    file: &str,
    report: &mut Report,
) -> Option<T> {
    match table.get(key) {
        Some(Value::Table(item)) => item_value::<T>(item, file, key, report),
        Some(_) => {
            report.push(file, key, "-", format!("`{key}` must be a table [{key}]"));
            None
        }
        None => {
            report.push(file, key, "-", format!("the section [{key}] is missing"));
            None
        }
    }
}

/// The field a deserialization error is about: named in the message for unknown and missing
/// fields; otherwise the key whose removal changes the error (a wrong type or value).
fn culprit<T: DeserializeOwned>(item: &Table, message: &str) -> String {
    for prefix in ["unknown field `", "missing field `"] {
        if let Some(rest) = message.split(prefix).nth(1)
            && let Some(name) = rest.split('`').next()
        {
            return name.to_owned();
        }
    }
    for key in item.keys() {
        let mut without = item.clone();
        without.remove(key);
        match Value::Table(without).try_into::<T>() {
            Ok(_) => return key.clone(),
            Err(err) if one_line(&err.to_string()) != message => return key.clone(),
            Err(_) => {}
        }
    }
    "-".to_owned()
}

/// The `id` of every item of the array of tables `key`, parsed or not (for duplicate and
/// missing-id checks that must not mistake a broken item for a missing one).
pub(super) fn item_ids(table: &Table, key: &str) -> Vec<String> {
    match table.get(key) {
        Some(Value::Array(array)) => array
            .iter()
            .filter_map(|v| v.get("id").and_then(Value::as_str))
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}
