//! The reference as a static page set (`warwick rules --html DIR`): an index, one page per
//! section, a page of cards, Royals and places, and a page of refusals with their rules.

use std::fmt::Write as _;
use std::path::Path;

use crate::content::Content;

use super::bundle::rules_reference;
use super::link::RuleLink;
use super::reference::{Reference, to_html};

const STYLE: &str = "body{font:16px/1.5 Georgia,serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}\
nav a{margin-right:1rem}h1,h2,h3{font-family:system-ui,sans-serif}table{border-collapse:collapse}\
td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}.num{color:#777}";

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{} — Warwick rules</title><link rel=\"stylesheet\" href=\"style.css\"></head>\
         <body><nav><a href=\"index.html\">Contents</a><a href=\"entries.html\">Cards and places</a>\
         <a href=\"refusals.html\">Refusals</a></nav>\n{body}\n</body></html>\n",
        escape(title)
    )
}

fn file_href(section: &str, anchor: Option<&str>) -> String {
    match anchor {
        Some(a) => format!("{section}.html#{a}"),
        None => format!("{section}.html"),
    }
}

fn link_html(rule: &RuleLink) -> String {
    format!(
        "<a href=\"{}\">{}</a>",
        file_href(&rule.section, rule.anchor.as_deref()),
        escape(&format!("{} {}", rule.section, rule.label()))
    )
}

/// Writes the page set into `dir` (created if missing); returns the number of pages.
pub fn export_html(reference: &Reference, content: &Content, dir: &Path) -> std::io::Result<usize> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("style.css"), STYLE)?;
    let mut index = String::from("<h1>Kingmaker II rules, in our own words</h1>\n<ol>\n");
    for s in &reference.sections {
        let _ = writeln!(
            index,
            "<li><a href=\"{}.html\"><span class=\"num\">{}</span> {}</a> — {}</li>",
            s.id,
            escape(&s.number),
            escape(&s.title),
            escape(&s.summary)
        );
        let body = format!(
            "<h1 id=\"{}\"><span class=\"num\">{}</span> {}</h1>\n<p><em>{}</em></p>\n{}",
            s.id,
            escape(&s.number),
            escape(&s.title),
            escape(&s.summary),
            to_html(&s.markdown, &file_href)
        );
        std::fs::write(dir.join(format!("{}.html", s.id)), page(&s.title, &body))?;
    }
    index.push_str("</ol>\n");
    std::fs::write(dir.join("index.html"), page("Contents", &index))?;
    let help = rules_reference(reference, content);
    let mut entries = String::from("<h1>Cards, Royals and places</h1>\n<table>\n");
    for e in &help.entries {
        let links: Vec<String> = e.rules.iter().map(link_html).collect();
        let _ = writeln!(
            entries,
            "<tr id=\"{}\"><th>{}</th><td>{}</td><td>{}</td></tr>",
            escape(&e.id),
            escape(&e.name),
            escape(&e.text),
            links.join(", ")
        );
    }
    entries.push_str("</table>\n");
    std::fs::write(dir.join("entries.html"), page("Cards and places", &entries))?;
    let mut refusals = String::from("<h1>Why a move is refused</h1>\n<table>\n");
    for e in &help.errors {
        let _ = writeln!(
            refusals,
            "<tr id=\"{}\"><th>{}</th><td>{}</td><td>{}</td></tr>",
            escape(&e.code),
            escape(&e.code.replace(['_', '.'], " ")),
            escape(&e.why),
            link_html(&e.rule)
        );
    }
    refusals.push_str("</table>\n");
    std::fs::write(dir.join("refusals.html"), page("Refusals", &refusals))?;
    Ok(reference.sections.len() + 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_set_has_a_page_per_section_and_working_links() {
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let content = Content::embedded().expect("content");
        let dir = tempfile::tempdir().expect("temp dir");
        let pages = export_html(&reference, &content, dir.path()).expect("export");
        assert_eq!(pages, reference.sections.len() + 3);
        let movement = std::fs::read_to_string(dir.path().join("movement.html")).expect("page");
        assert!(movement.contains("id=\"9.10\""), "no anchor 9.10");
        for s in &reference.sections {
            let html =
                std::fs::read_to_string(dir.path().join(format!("{}.html", s.id))).expect("page");
            assert!(
                !html.contains("ref:"),
                "{}: a ref: link was not rewritten",
                s.id
            );
        }
    }
}
