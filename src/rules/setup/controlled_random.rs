//! The controlled-random set-up, steps A–H (§5): hold-outs, typed deal, random deal, Factions
//! built from the hands, troop bands, and the new Crown deck.

use crate::content::cards::CardType;
use crate::content::{Content, CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::{CardDestination, CardSource, Event};
use crate::rules::rng::shuffle;

fn troops(content: &Content, cards: &[CrownCardId]) -> u32 {
    cards
        .iter()
        .filter_map(|c| content.cards.card(c.as_str()))
        .map(|c| c.troops)
        .sum()
}

/// Runs steps A–G (5.01–5.11), dealing hands and building every faction from its hand.
pub fn controlled_random(ctx: &mut Ctx<'_>) {
    let content = ctx.content;
    let setup = &content.cards.tables.alternative_setup;
    let players = ctx.state.players();
    let row = setup
        .by_players
        .iter()
        .find(|r| r.players as usize == players)
        .cloned();
    let (random_cards, low, high) = row.map_or((4, 200, 300), |r| {
        (r.random_cards as usize, r.band_low, r.band_high)
    });
    // Step A (5.01): the hold-outs go to the discard.
    let held: Vec<CrownCardId> = setup.held_out.clone();
    // 4.03: in the 2-player variant the City-card pile's Town cards are not dealt.
    let city_pile: Vec<CrownCardId> = ctx.state.city_pile.to_vec();
    let mut rng = ctx.rng();
    let pool_of = |t: CardType| -> Vec<CrownCardId> {
        content
            .cards
            .crown_cards
            .iter()
            .filter(|c| c.card_type == t && !held.contains(&c.id))
            .map(|c| c.id)
            .collect()
    };
    let mut titled = pool_of(CardType::TitledNoble);
    let mut untitled = pool_of(CardType::UntitledNoble);
    let mut titles = pool_of(CardType::Title);
    let mut offices = pool_of(CardType::Office);
    for pile in [&mut titled, &mut untitled, &mut titles, &mut offices] {
        shuffle(&mut rng, pile);
    }
    // Step B (5.02).
    let mut hands: Vec<Vec<CrownCardId>> = vec![Vec::new(); players];
    for hand in &mut hands {
        for (pile, n) in [
            (&mut titled, setup.deal_titled_nobles),
            (&mut untitled, setup.deal_untitled_nobles),
            (&mut titles, setup.deal_titles),
            (&mut offices, setup.deal_offices),
        ] {
            for _ in 0..n {
                if let Some(c) = pile.pop() {
                    hand.push(c);
                }
            }
        }
    }
    // Step C (5.03).
    let mut mixed: Vec<CrownCardId> = content
        .cards
        .crown_cards
        .iter()
        .filter(|c| {
            matches!(
                c.card_type,
                CardType::Bishop | CardType::Town | CardType::Ship | CardType::Mercenary
            ) && !held.contains(&c.id)
                && !city_pile.contains(&c.id)
        })
        .map(|c| c.id)
        .chain(titled)
        .chain(untitled)
        .chain(titles)
        .chain(offices)
        .collect();
    shuffle(&mut rng, &mut mixed);
    for hand in &mut hands {
        for _ in 0..random_cards {
            if let Some(c) = mixed.pop() {
                hand.push(c);
            }
        }
    }
    // Step D (5.04): the rest is the Crown deck (held-outs out of it for now).
    let mut deck = mixed;
    deck.reverse();
    ctx.emit(Event::CrownDeckShuffled {
        order: deck.iter().cloned().chain(held.iter().cloned()).collect(),
    });
    for card in &held {
        ctx.emit(Event::CrownCardRevealed {
            card: *card,
            to: CardDestination::Discard,
        });
    }
    // Step E (5.05, 5.06): every player builds a Faction before any tops one up.
    for (f, hand) in hands.iter().enumerate() {
        let faction = f as FactionIdx;
        ctx.emit(Event::CrownCardsDrawn {
            faction,
            cards: hand.clone(),
        });
        build_from_hand(ctx, faction, hand);
    }
    for f in 0..hands.len() {
        let faction = f as FactionIdx;
        // Step F (5.08–5.10): draw until the band is reached; discard at or above it.
        let mut guard = 0;
        while faction_troops(ctx, faction) < low && !ctx.state.crown_deck.is_empty() && guard < 40 {
            guard += 1;
            let card = ctx.state.crown_deck[0];
            let has_troops = content
                .cards
                .card(card.as_str())
                .is_some_and(|c| c.troops > 0);
            let target = if has_troops {
                first_taker(ctx, faction, &card)
            } else {
                None
            };
            match target {
                Some(noble) => {
                    ctx.emit(Event::CrownCardRevealed {
                        card,
                        to: CardDestination::Hand { faction },
                    });
                    if noble.as_str().is_empty() {
                        ctx.noble_enters(faction, &card, true);
                    } else {
                        ctx.emit(Event::HandCardRemoved {
                            faction,
                            card,
                            to: CardDestination::Noble { noble },
                        });
                        ctx.card_effects(&noble, &card);
                    }
                }
                // Z44: a Title or Office with troops that no Noble can take goes to Chancery,
                // as one in the hand would (5.05); any other card goes to the discard.
                None => ctx.emit(Event::CrownCardRevealed {
                    to: reject_to(content, &card),
                    card,
                }),
            }
        }
        cut_down(ctx, faction, high);
    }
    // Step G (5.11): the discard is shuffled into the deck.
    let mut order: Vec<CrownCardId> = ctx
        .state
        .crown_deck
        .iter()
        .chain(ctx.state.crown_discard.iter())
        .cloned()
        .collect();
    let mut rng = ctx.rng();
    shuffle(&mut rng, &mut order);
    ctx.emit(Event::CrownDeckShuffled { order });
}

/// Step F's cut (5.10, Z44): while the faction stands at or above `high` troops, the weakest
/// card with troops goes to the discard; from rules version 2, once none is left, a Noble goes
/// with every card it holds (Z44 allows a Noble card), the weakest first and never the
/// faction's last.
pub(super) fn cut_down(ctx: &mut Ctx<'_>, faction: FactionIdx, high: u32) {
    let version = ctx.state.setup.rules_version;
    // Rules version 1 spared Titles only with two players.
    let titles_last = ctx.state.players() == 2 || version >= 2;
    while faction_troops(ctx, faction) >= high {
        if let Some((noble, card)) = cut_victim(ctx, faction, titles_last) {
            discard_from_faction(ctx, noble, &card);
            continue;
        }
        // Rules version 1 never cut a Noble (rules-decisions: setup-cut-down-noble).
        let Some(noble) = (version >= 2).then(|| noble_to_cut(ctx, faction)).flatten() else {
            break;
        };
        cut_noble(ctx, &noble);
    }
}

/// The Noble step F's cut takes when no other card with troops is left (Z44): the one whose
/// cards carry the fewest troops, never the faction's only Noble.
fn noble_to_cut(ctx: &Ctx<'_>, faction: FactionIdx) -> Option<NobleId> {
    let content = ctx.content;
    let nobles: Vec<(&NobleId, &crate::rules::state::NobleState)> = ctx
        .state
        .nobles
        .iter()
        .filter(|(_, n)| n.faction == faction)
        .collect();
    if nobles.len() < 2 {
        return None;
    }
    nobles
        .into_iter()
        .min_by_key(|(id, n)| {
            let cards: Vec<CrownCardId> = std::iter::once(n.card)
                .chain(n.awards.iter().cloned())
                .collect();
            (troops(content, &cards), *(*id))
        })
        .map(|(id, _)| *id)
}

/// Step F's cut of a Noble (Z44): each card it holds goes to the discard as a card cut alone
/// would, then the Noble leaves play, its card to the discard.
fn cut_noble(ctx: &mut Ctx<'_>, noble: &NobleId) {
    let awards = ctx
        .state
        .nobles
        .get(noble)
        .map(|n| n.awards.clone())
        .unwrap_or_default();
    for card in awards {
        discard_from_faction(ctx, *noble, &card);
    }
    crate::rules::capture::remove_noble(
        ctx,
        noble,
        crate::rules::event::DeathCause::SetUpCut,
        None,
    );
}

/// The card step F's cut discards next (5.10, Z44): the weakest awarded non-Noble card with
/// troops. With `titles_last` (every game from rules version 2, 2-player games before) Titles
/// go last, so no Noble is left untitled while another card can go, and never a Title whose
/// Noble holds an Office (2.09: only a titled Noble holds one). Rules version 1 with 3-5
/// players took the weakest card, which could leave an untitled Noble with an Office; its
/// games keep that set-up (rules-decisions: setup-cut-title-under-office).
fn cut_victim(
    ctx: &Ctx<'_>,
    faction: FactionIdx,
    titles_last: bool,
) -> Option<(NobleId, CrownCardId)> {
    let content = ctx.content;
    ctx.state
        .nobles
        .iter()
        .filter(|(_, n)| n.faction == faction)
        .flat_map(|(id, n)| {
            let office = n
                .awards
                .iter()
                .any(|c| is_type(content, c, CardType::Office));
            n.awards
                .iter()
                .filter(move |c| !(titles_last && office && is_type(content, c, CardType::Title)))
                .map(move |c| (*id, *c))
        })
        .filter(|(_, c)| content.cards.card(c.as_str()).is_some_and(|x| x.troops > 0))
        .min_by_key(|(_, c)| {
            let title = titles_last && is_type(content, c, CardType::Title);
            (
                title,
                content.cards.card(c.as_str()).map_or(0, |x| x.troops),
            )
        })
}

/// Step F's discard (5.10): the card leaves the Noble for the discard, and what it held goes
/// with it, as whenever a card leaves play (11.03, Z22, 20.08): each place controlled through
/// it passes to another card in play listing it or becomes neutral (its City card following),
/// and a ship it brought leaves the board.
fn discard_from_faction(ctx: &mut Ctx<'_>, noble: NobleId, card: &CrownCardId) {
    ctx.emit(Event::CardRemoved {
        noble,
        card: *card,
        to: CardDestination::Discard,
    });
    crate::rules::control::card_moved(ctx, card);
}

fn is_type(content: &Content, card: &CrownCardId, kind: CardType) -> bool {
    content
        .cards
        .card(card.as_str())
        .is_some_and(|c| c.card_type == kind)
}

fn faction_troops(ctx: &Ctx<'_>, faction: FactionIdx) -> u32 {
    let cards: Vec<CrownCardId> = ctx
        .state
        .nobles
        .values()
        .filter(|n| n.faction == faction)
        .flat_map(|n| std::iter::once(n.card).chain(n.awards.iter().cloned()))
        .collect();
    troops(ctx.content, &cards)
}

/// The Noble that can take `card` (empty id = play it as a new Noble).
fn first_taker(
    ctx: &Ctx<'_>,
    faction: FactionIdx,
    card: &CrownCardId,
) -> Option<crate::content::NobleId> {
    let c = ctx.content.cards.card(card.as_str())?;
    if c.card_type.is_noble() {
        return Some(crate::content::NobleId::new(""));
    }
    ctx.state
        .nobles
        .iter()
        .filter(|(_, n)| n.faction == faction)
        .map(|(id, _)| *id)
        .find(|id| ctx.can_award(id, card))
}

/// Where a card that cannot be placed goes (5.05, 5.06): a Title or Office to Chancery, any
/// other card to the discard.
fn reject_to(content: &Content, card: &CrownCardId) -> CardDestination {
    let kind = content.cards.card(card.as_str()).map(|c| c.card_type);
    if matches!(kind, Some(CardType::Title | CardType::Office)) {
        CardDestination::Chancery
    } else {
        CardDestination::Discard
    }
}

/// Places a card of the Faction's hand (5.05, 5.06): a Noble is laid, any other card awarded
/// to the first Noble that may take it. Returns false, leaving it in the hand, when none can.
fn place_from_hand(ctx: &mut Ctx<'_>, faction: FactionIdx, card: &CrownCardId) -> bool {
    if ctx
        .content
        .cards
        .card(card.as_str())
        .is_some_and(|x| x.card_type.is_noble())
    {
        ctx.noble_enters(faction, card, true);
        return true;
    }
    let taker = ctx
        .state
        .nobles
        .iter()
        .filter(|(_, n)| n.faction == faction)
        .map(|(id, _)| *id)
        .find(|id| ctx.can_award(id, card));
    match taker {
        Some(noble) => {
            ctx.award(&noble, card, CardSource::Hand);
            true
        }
        None => false,
    }
}

/// Step E (5.05, 5.06): lay the Nobles, then award the rest legally, Titles before Offices so
/// a Noble titled here can take an Office. A card no Noble can take leaves the hand (a Title
/// or Office to Chancery, a Bishop to the discard) and the Faction takes a replacement from
/// the Crown deck and places it the same way, until one is placed or the deck runs out.
fn build_from_hand(ctx: &mut Ctx<'_>, faction: FactionIdx, hand: &[CrownCardId]) {
    let content = ctx.content;
    let (nobles, others): (Vec<&CrownCardId>, Vec<&CrownCardId>) = hand.iter().partition(|c| {
        content
            .cards
            .card(c.as_str())
            .is_some_and(|x| x.card_type.is_noble())
    });
    for card in nobles {
        ctx.noble_enters(faction, card, true);
    }
    let mut others: Vec<&CrownCardId> = others;
    others.sort_by_key(|c| content.cards.card(c.as_str()).map(|x| x.card_type));
    for card in others {
        let mut card = *card;
        while !place_from_hand(ctx, faction, &card) {
            ctx.emit(Event::HandCardRemoved {
                faction,
                to: reject_to(content, &card),
                card,
            });
            let Some(next) = ctx.state.crown_deck.first().cloned() else {
                break;
            };
            ctx.emit(Event::CrownCardRevealed {
                card: next,
                to: CardDestination::Hand { faction },
            });
            card = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::event::DeathCause;
    use crate::rules::{Setup, SetupKind, start};

    /// A controlled-random set-up of `rules`, and the content.
    fn dealt(rules: u32) -> (Content, crate::rules::State) {
        let content = Content::embedded().expect("content");
        let mut setup = Setup::new(4, 3);
        setup.kind = SetupKind::ControlledRandom;
        setup.rules_version = rules;
        let (state, _) = start(&content, &setup).expect("set-up");
        (content, state)
    }

    fn nobles_of(state: &crate::rules::State, faction: FactionIdx) -> Vec<NobleId> {
        state
            .nobles
            .iter()
            .filter(|(_, n)| n.faction == faction)
            .map(|(id, _)| *id)
            .collect()
    }

    /// Z44: a faction still over its band once no other card with troops is left loses a
    /// Noble with every card it holds, the weakest first, never its last; every card stays in
    /// exactly one place.
    #[test]
    fn the_cut_takes_nobles_once_no_other_card_is_left_but_never_the_last() {
        let (content, state) = dealt(2);
        let faction: FactionIdx = (0..4)
            .find(|f| nobles_of(&state, *f).len() >= 2)
            .expect("a faction of two Nobles");
        let before = nobles_of(&state, faction);
        let mut ctx = Ctx::new(&content, &state);
        // A band no faction can be under: everything that can go, goes.
        cut_down(&mut ctx, faction, 1);
        // As the set-up does once every faction is built.
        ctx.refresh_prestige();
        let cut: Vec<&NobleId> = ctx
            .events
            .iter()
            .filter_map(|e| match e {
                Event::NobleDied {
                    noble,
                    cause: DeathCause::SetUpCut,
                } => Some(noble),
                _ => None,
            })
            .collect();
        assert_eq!(cut.len(), before.len() - 1, "all but the last: {cut:?}");
        let after = nobles_of(&ctx.state, faction);
        assert_eq!(after.len(), 1);
        let last = &ctx.state.nobles[&after[0]];
        assert!(
            last.awards.iter().all(|c| content
                .cards
                .card(c.as_str())
                .is_some_and(|x| x.troops == 0)),
            "no card with troops left: {:?}",
            last.awards
        );
        // The Noble kept is the strongest (its other cards with troops went first).
        let weight = |n: &NobleId| troops(&content, std::slice::from_ref(&state.nobles[n].card));
        let kept = weight(&after[0]);
        assert!(before.iter().all(|n| weight(n) <= kept || n == &after[0]));
        // The cards went to the discard.
        for n in &before {
            if n != &after[0] {
                assert!(
                    ctx.state.crown_discard.contains(&state.nobles[n].card),
                    "{n}"
                );
            }
        }
        assert!(
            crate::rules::invariants::check(&content, &ctx.state).is_empty(),
            "{:?}",
            crate::rules::invariants::check(&content, &ctx.state)
        );
    }

    /// Rules version 1 never cut a Noble: its games replay as they were dealt.
    #[test]
    fn rules_version_1_keeps_every_noble() {
        let (content, state) = dealt(1);
        for faction in 0..4 {
            let before = nobles_of(&state, faction);
            let mut ctx = Ctx::new(&content, &state);
            cut_down(&mut ctx, faction, 1);
            assert_eq!(nobles_of(&ctx.state, faction), before);
        }
    }
}
