//! Game content: every place, Area, Region, card and table Kingmaker II plays with.
//!
//! Owns the parsing of the files under `data/` into raw serde structs and their validation into
//! a [`Content`] with typed ids. Validation collects every problem into one [`Report`] rather
//! than stopping at the first. It must not hold rule logic (that is [`crate::rules`]) and it
//! does no IO of its own: the data files are embedded at compile time ([`files`]) or handed in.

pub mod cards;
pub mod events;
pub mod files;
pub mod geometry;
pub mod ids;
mod key;
mod loaded;
pub mod map;
pub mod provenance;
pub mod refs;
pub mod report;
mod toml_file;

pub use files::DataFiles;
pub use ids::*;
pub use loaded::Content;
pub use report::{Problem, Report};
