//! Reading one data file as a TOML table, shared by every part of the content: a missing file,
//! invalid TOML, or a top-level section the part does not know is each one problem naming the
//! file; what parses is returned so the part can go on checking item by item.

use toml::Table;

use super::{DataFiles, Report};

/// Parses `file` as a TOML table whose top-level keys must be among `sections` (the `[[item]]`
/// arrays or `[table]`s the part reads). Returns `None` when the file is missing or not TOML.
pub(crate) fn read_table(
    files: &DataFiles,
    file: &str,
    sections: &[&str],
    report: &mut Report,
) -> Option<Table> {
    let Some(text) = files.get(file) else {
        report.push(file, "-", "-", "the file is missing");
        return None;
    };
    let table: Table = match toml::from_str(text) {
        Ok(table) => table,
        Err(err) => {
            report.push(
                file,
                "-",
                "-",
                format!("not valid TOML: {}", one_line(&err.to_string())),
            );
            return None;
        }
    };
    for key in table.keys() {
        if !sections.contains(&key.as_str()) {
            report.push(
                file,
                "-",
                key.as_str(),
                format!(
                    "unknown section `{key}`; this file has: {}",
                    sections.join(", ")
                ),
            );
        }
    }
    Some(table)
}

/// An error message on one line, without the source excerpt toml prints under a parse error
/// (`3 | text`, `|  ^`).
pub(crate) fn one_line(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !is_snippet(l))
        .collect::<Vec<_>>()
        .join(" ")
}

fn is_snippet(line: &str) -> bool {
    let rest = line
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start();
    rest.starts_with('|') || line.chars().all(|c| c == '^' || c == ' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Option<Table>, Report) {
        let mut files = DataFiles::default();
        files.insert("x.toml", text);
        let mut report = Report::new();
        (read_table(&files, "x.toml", &["card"], &mut report), report)
    }

    #[test]
    fn a_missing_file_invalid_toml_and_unknown_sections_are_one_problem_each() {
        let mut report = Report::new();
        assert!(read_table(&DataFiles::default(), "x.toml", &["card"], &mut report).is_none());
        assert_eq!(report.problems()[0].message, "the file is missing");

        let (table, report) = read("[[card]\nid = 1");
        assert!(table.is_none());
        assert!(report.problems()[0].message.starts_with("not valid TOML: "));
        assert!(!report.problems()[0].message.contains('\n'));

        let (table, report) = read("[[card]]\nid = 1\n[[cards]]\nid = 2\n");
        assert!(table.is_some());
        assert_eq!(report.problems().len(), 1);
        assert_eq!(report.problems()[0].field, "cards");
    }
}
