//! The rules reference: the Markdown sections in `data/reference/`, written in our own words
//! and organised as the rulebook is, parsed and checked here. Each file opens with a TOML block
//! between `+++` lines (`id`, `number`, `title`, `summary`, `keywords`); sub-headings carry the
//! rulebook's section numbers as anchors (`## Regional movement {#9.10}`), and links between
//! sections are written `[words](ref:movement#9.10)`. Markdown is read with pulldown-cmark.

use std::collections::{BTreeMap, BTreeSet};

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::{Deserialize, Serialize};
use thiserror::Error;
use ts_rs::TS;

/// Why the reference data is refused; every problem names its file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReferenceError {
    /// The file does not open with a `+++` TOML block.
    #[error("{file}: no `+++` header block at the top")]
    NoHeader { file: String },
    /// The header block is not valid TOML or lacks a field.
    #[error("{file}: header: {problem}")]
    BadHeader { file: String, problem: String },
    /// Two files claim one section id.
    #[error("{file}: section id `{id}` is used twice")]
    DuplicateId { file: String, id: String },
    /// An id is not lowercase words joined by hyphens.
    #[error("{file}: `{id}` is not a valid id (lowercase letters, digits and hyphens)")]
    BadId { file: String, id: String },
    /// The body has no text.
    #[error("{file}: the section has no text")]
    Empty { file: String },
    /// One anchor appears twice in a section.
    #[error("{file}: anchor `{anchor}` appears twice")]
    DuplicateAnchor { file: String, anchor: String },
    /// A `ref:` link names a section or anchor that does not exist.
    #[error("{file}: link `{link}` leads nowhere")]
    BrokenLink { file: String, link: String },
}

/// The header of a section file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    id: String,
    number: String,
    title: String,
    summary: String,
    #[serde(default)]
    keywords: Vec<String>,
}

/// A place inside a section a link may point at: a sub-heading with its rulebook number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct Anchor {
    /// The rulebook number used as the anchor (`9.10`).
    pub id: String,
    /// The sub-heading's words.
    pub title: String,
}

/// One section of the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Stable id (`movement`).
    pub id: String,
    /// The rulebook section number (`9`), or a letter for sections of our own.
    pub number: String,
    /// Title.
    pub title: String,
    /// One sentence on what the section covers.
    pub summary: String,
    /// Extra words to find it by.
    pub keywords: Vec<String>,
    /// The Markdown body, header removed.
    pub markdown: String,
    /// Its sub-headings with numbers.
    pub anchors: Vec<Anchor>,
    /// The sections it links to.
    pub links: BTreeSet<String>,
    /// The file it came from.
    pub file: String,
}

/// The whole reference, sections in rulebook order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The sections, ordered by file name.
    pub sections: Vec<Section>,
}

/// The Markdown features the reference uses.
fn options() -> Options {
    Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_TABLES
}

/// Splits `ref:movement#9.10` into the section and the anchor.
pub fn split_ref(link: &str) -> Option<(&str, Option<&str>)> {
    let rest = link.strip_prefix("ref:")?;
    Some(match rest.split_once('#') {
        Some((section, anchor)) => (section, Some(anchor)),
        None => (rest, None),
    })
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl Reference {
    /// The reference compiled into this binary.
    pub fn embedded() -> Result<Reference, Vec<ReferenceError>> {
        Reference::parse(super::data::FILES)
    }

    /// Parses and checks the files (name, text); every problem is reported at once.
    pub fn parse(files: &[(&str, &str)]) -> Result<Reference, Vec<ReferenceError>> {
        let mut errors = Vec::new();
        let mut sections: Vec<Section> = Vec::new();
        let mut sorted: Vec<&(&str, &str)> = files.iter().collect();
        sorted.sort_by_key(|(name, _)| *name);
        for (file, text) in sorted {
            match parse_section(file, text) {
                Ok(section) => {
                    if sections.iter().any(|s| s.id == section.id) {
                        errors.push(ReferenceError::DuplicateId {
                            file: (*file).to_owned(),
                            id: section.id.clone(),
                        });
                    } else {
                        sections.push(section);
                    }
                }
                Err(mut problems) => errors.append(&mut problems),
            }
        }
        let anchors: BTreeMap<&str, BTreeSet<&str>> = sections
            .iter()
            .map(|s| {
                (
                    s.id.as_str(),
                    s.anchors.iter().map(|a| a.id.as_str()).collect(),
                )
            })
            .collect();
        for section in &sections {
            for link in section_links(&section.markdown) {
                let ok = split_ref(&link).is_some_and(|(id, anchor)| {
                    anchors
                        .get(id)
                        .is_some_and(|set| anchor.is_none_or(|a| set.contains(a)))
                });
                if !ok {
                    errors.push(ReferenceError::BrokenLink {
                        file: section.file.clone(),
                        link,
                    });
                }
            }
        }
        if errors.is_empty() {
            Ok(Reference { sections })
        } else {
            Err(errors)
        }
    }

    /// The section with this id.
    pub fn section(&self, id: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }

    /// Whether `section` (and `anchor`, if given) exists.
    pub fn has(&self, section: &str, anchor: Option<&str>) -> bool {
        self.section(section)
            .is_some_and(|s| anchor.is_none_or(|a| s.anchors.iter().any(|x| x.id == a)))
    }
}

/// Every `ref:` link in a Markdown body.
fn section_links(markdown: &str) -> Vec<String> {
    Parser::new_ext(markdown, options())
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. }) if dest_url.starts_with("ref:") => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .collect()
}

fn parse_section(file: &str, text: &str) -> Result<Section, Vec<ReferenceError>> {
    let no_header = || {
        vec![ReferenceError::NoHeader {
            file: file.to_owned(),
        }]
    };
    let rest = text.strip_prefix("+++\n").ok_or_else(no_header)?;
    let (head, body) = rest.split_once("\n+++\n").ok_or_else(no_header)?;
    let header: Header = toml::from_str(head).map_err(|e| {
        vec![ReferenceError::BadHeader {
            file: file.to_owned(),
            problem: e.message().to_owned(),
        }]
    })?;
    let mut errors = Vec::new();
    if !valid_id(&header.id) {
        errors.push(ReferenceError::BadId {
            file: file.to_owned(),
            id: header.id.clone(),
        });
    }
    let mut anchors: Vec<Anchor> = Vec::new();
    let mut links = BTreeSet::new();
    let mut heading: Option<(String, String)> = None;
    for event in Parser::new_ext(body, options()) {
        match event {
            Event::Start(Tag::Heading { id: Some(id), .. }) => {
                heading = Some((id.to_string(), String::new()));
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((_, title)) = heading.as_mut() {
                    title.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((id, title)) = heading.take() {
                    if anchors.iter().any(|a| a.id == id) {
                        errors.push(ReferenceError::DuplicateAnchor {
                            file: file.to_owned(),
                            anchor: id,
                        });
                    } else {
                        anchors.push(Anchor { id, title });
                    }
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if let Some((id, _)) = split_ref(&dest_url) {
                    links.insert(id.to_owned());
                }
            }
            _ => {}
        }
    }
    if plain_text(body).trim().is_empty() {
        errors.push(ReferenceError::Empty {
            file: file.to_owned(),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Section {
        id: header.id,
        number: header.number,
        title: header.title,
        summary: header.summary,
        keywords: header.keywords,
        markdown: body.to_owned(),
        anchors,
        links,
        file: file.to_owned(),
    })
}

/// The words of a Markdown body without markup: blocks end with a newline, so a heading or a
/// list item is never run into the next sentence.
pub fn plain_text(markdown: &str) -> String {
    let mut out = String::new();
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak => out.push(' '),
            Event::HardBreak
            | Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::TableCell
                | TagEnd::TableRow
                | TagEnd::TableHead,
            ) => out.push('\n'),
            _ => {}
        }
    }
    out
}

/// The body as HTML; `href` turns a `ref:` link's section and anchor into an address, and
/// headings below the top are shifted down one level so the section title stays the `h2`.
pub fn to_html(markdown: &str, href: &dyn Fn(&str, Option<&str>) -> String) -> String {
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => {
            let dest_url = match split_ref(&dest_url) {
                Some((section, anchor)) => CowStr::from(href(section, anchor)),
                None => dest_url,
            };
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            })
        }
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: shift(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(shift(level))),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

fn shift(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 | HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "+++\nid = \"a\"\nnumber = \"1\"\ntitle = \"A\"\nsummary = \"s\"\n+++\n\n## Part {#1.01}\n\nSee [b](ref:b#2.01).\n";
    const OTHER: &str = "+++\nid = \"b\"\nnumber = \"2\"\ntitle = \"B\"\nsummary = \"s\"\n+++\n\n## Part {#2.01}\n\nBack to [a](ref:a).\n";

    #[test]
    fn sections_parse_with_anchors_and_links() {
        let r = Reference::parse(&[("01-a.md", GOOD), ("02-b.md", OTHER)]).expect("parses");
        let a = r.section("a").expect("a");
        assert_eq!(a.anchors[0].id, "1.01");
        assert!(a.links.contains("b"));
        let html = to_html(&a.markdown, &|s, x| format!("{s}.html#{}", x.unwrap_or("")));
        assert!(html.contains("href=\"b.html#2.01\""), "{html}");
        assert!(html.contains("<h3 id=\"1.01\">"), "{html}");
    }

    #[test]
    fn every_problem_is_reported() {
        let broken = GOOD.replace("ref:b#2.01", "ref:c");
        let errors = Reference::parse(&[
            ("01-a.md", broken.as_str()),
            ("02-a.md", GOOD),
            ("03-x.md", "no header"),
        ])
        .expect_err("refused");
        assert_eq!(errors.len(), 3, "{errors:?}");
    }

    #[test]
    fn the_embedded_reference_is_valid() {
        let r = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        assert!(r.sections.len() >= 20);
    }
}
