//! Provenance: every item in the data says where it comes from in a `source` field (a seed line,
//! a public note, or `reconstructed: <why>`). This module lists the reconstructed items of every
//! file, so `data/README.md` can carry a table of every reconstruction that cannot drift.

use super::DataFiles;

/// One reconstructed item: its file, its id and the reason given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reconstruction {
    /// The data file, relative to `data/`.
    pub file: String,
    /// The item's id (or the table key for a table without ids).
    pub item: String,
    /// The `source` text, which starts with the word `reconstructed`.
    pub reason: String,
}

/// Every item whose `source` says it is reconstructed, in file order. Files that are not TOML
/// or do not parse are skipped (validation reports those).
pub fn reconstructions(files: &DataFiles) -> Vec<Reconstruction> {
    let mut out = Vec::new();
    for path in files.paths() {
        let Some(text) = files.get(path) else {
            continue;
        };
        let Ok(value) = text.parse::<toml::Table>() else {
            continue;
        };
        walk(path, "", &toml::Value::Table(value), &mut out);
    }
    out
}

fn walk(file: &str, key: &str, value: &toml::Value, out: &mut Vec<Reconstruction>) {
    match value {
        toml::Value::Table(table) => {
            if let Some(toml::Value::String(source)) = table.get("source")
                && source.contains("reconstructed")
            {
                let item = ["id", "location", "name", "players"]
                    .iter()
                    .find_map(|k| table.get(*k).map(show))
                    .unwrap_or_else(|| key.to_owned());
                out.push(Reconstruction {
                    file: file.to_owned(),
                    item,
                    reason: source.clone(),
                });
            }
            for (k, v) in table {
                if k != "source" {
                    walk(file, k, v, out);
                }
            }
        }
        toml::Value::Array(items) => {
            for item in items {
                walk(file, key, item, out);
            }
        }
        toml::Value::String(_)
        | toml::Value::Integer(_)
        | toml::Value::Float(_)
        | toml::Value::Boolean(_)
        | toml::Value::Datetime(_) => {}
    }
}

fn show(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The reconstructions as a Markdown table.
pub fn markdown_table(items: &[Reconstruction]) -> String {
    let mut s = String::from("| file | item | decision and reason |\n|---|---|---|\n");
    for r in items {
        let reason = r.reason.replace('|', "\\|").replace('\n', " ");
        s.push_str(&format!("| `{}` | `{}` | {} |\n", r.file, r.item, reason));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEGIN: &str =
        "<!-- reconstructions:begin (generated: warwick content reconstructions) -->\n";
    const END: &str = "<!-- reconstructions:end -->";

    #[test]
    fn finds_reconstructed_items_anywhere_in_a_file() {
        let mut files = DataFiles::default();
        files.insert(
            "x.toml",
            "[[card]]\nid = \"C1\"\nsource = \"000 L1\"\n[[card]]\nid = \"C2\"\n\
             source = \"reconstructed: because\"\n[table.prestige]\nsource = \"reconstructed: guess\"\n",
        );
        let found = reconstructions(&files);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].item, "C2");
        assert_eq!(found[1].item, "prestige");
    }

    /// data/README.md carries the table of every reconstruction; it must match the data.
    #[test]
    fn the_data_readme_lists_every_reconstruction() {
        let readme = include_str!("../../data/README.md");
        let table = markdown_table(&reconstructions(&DataFiles::embedded()));
        let start = readme.find(BEGIN).map(|i| i + BEGIN.len());
        let end = readme.find(END);
        let (Some(start), Some(end)) = (start, end) else {
            panic!("data/README.md lacks the reconstruction markers");
        };
        assert!(
            readme[start..end] == table,
            "data/README.md is out of date: replace the table between the markers with the \
             output of `cargo run -- content reconstructions`"
        );
    }
}
