//! What the rule behind a cause is: where the rules reference explains it, and why it exists.

/// A rule: its reference section, its anchor there, and why it exists.
pub type Rule = (&'static str, &'static str, &'static str);
