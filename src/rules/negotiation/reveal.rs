//! Revealing hand cards to another player (19.02, 2.18): the cards stay in hand, and that
//! player's view shows them while they remain there.

use crate::content::CrownCardId;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::RuleError;
use crate::rules::event::Event;

use super::hand_cards::check_hand_cards_for;

/// Checks a reveal: own hand cards, to another faction, at least one not shown to it yet.
pub fn check_reveal(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    to: FactionIdx,
    cards: &[CrownCardId],
) -> Result<(), RuleError> {
    check_hand_cards_for(ctx, by, to, cards)?;
    let shown = &ctx.state.factions[usize::from(by)].shown;
    if cards.iter().all(|c| shown.contains(&(to, *c))) {
        return Err(RuleError::AlreadyRevealed);
    }
    Ok(())
}

/// Shows hand cards to another faction, as [`check_reveal`] allowed.
pub fn reveal(ctx: &mut Ctx<'_>, by: FactionIdx, to: FactionIdx, cards: &[CrownCardId]) {
    ctx.emit(Event::HandCardsRevealed {
        from: by,
        to,
        cards: cards.to_vec(),
    });
}
