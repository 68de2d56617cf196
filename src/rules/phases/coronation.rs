//! The Coronation Phase (§13).

use crate::content::RoyalId;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;

/// Crowns a Royal (13.01–13.06).
pub fn crown(ctx: &mut Ctx<'_>, by: FactionIdx, royal: &RoyalId) -> Result<(), RuleError> {
    check_crown(ctx, by, royal)?;
    ctx.emit(Event::RoyalCrowned {
        royal: royal.clone(),
    });
    Ok(())
}

/// Checks a coronation (13.01–13.06).
pub fn check_crown(ctx: &Ctx<'_>, by: FactionIdx, royal: &RoyalId) -> Result<(), RuleError> {
    if ctx.state.royal_controller(royal) != Some(by)
        || !crate::rules::royalty::can_crown(ctx.content, &ctx.state, royal)
    {
        return Err(RuleError::CannotCrown {
            royal: royal.clone(),
        });
    }
    Ok(())
}
