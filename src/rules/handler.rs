//! The handler of an accepted command: what `route` returns for `decide` to run.

use crate::rules::ctx::Ctx;

/// What an accepted command does: applied to the decision's working copy. A handler carries
/// out what its route checked, given what the check found (the place a Noble ends in, the
/// faction that must answer, ...): it checks nothing again and cannot refuse.
pub type Apply<'a> = Box<dyn FnOnce(&mut Ctx<'_>) + 'a>;

/// Wraps a handler.
pub fn apply<'a>(f: impl FnOnce(&mut Ctx<'_>) + 'a) -> Apply<'a> {
    Box::new(f)
}
