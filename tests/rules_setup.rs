//! The alternative set-up read from the rulebook (§5, L576–L581), over many seeds and every
//! player count: a card that cannot be placed while a Faction is built is replaced from the
//! Crown deck (5.05, 5.06), and a card drawn to top up a weak Faction that has troops but finds
//! no Noble goes where an unplaceable card goes (Z44: a Title or Office to Chancery).

#![allow(clippy::unwrap_used)] // a test: a failure should panic

use warwick::content::Content;
use warwick::content::cards::CardType;
use warwick::rules::{CardDestination, Event};
use warwick::rules::{Setup, SetupKind, start};

fn controlled(players: u8, seed: u64, variant: bool) -> Vec<Event> {
    let content = Content::embedded().expect("content");
    let mut setup = Setup::new(players, seed);
    setup.kind = SetupKind::ControlledRandom;
    setup.two_player_variant = variant;
    let (_, events) = start(&content, &setup).unwrap();
    events
}

/// Step E (5.05, 5.06): every Title or Office put in Chancery and every Bishop discarded while
/// a Faction is built is followed at once by a replacement from the Crown deck, taken into
/// that Faction's hand to be awarded.
#[test]
fn an_unplaceable_card_is_replaced_from_the_crown_deck() {
    let mut rejected = 0;
    for players in 2..=5u8 {
        for seed in 1..=30u64 {
            let events = controlled(players, seed, players == 2 && seed % 2 == 0);
            for (i, event) in events.iter().enumerate() {
                let Event::HandCardRemoved {
                    faction,
                    card,
                    to: CardDestination::Chancery | CardDestination::Discard,
                } = event
                else {
                    continue;
                };
                rejected += 1;
                let replaced = matches!(
                    events.get(i + 1),
                    Some(Event::CrownCardRevealed {
                        to: CardDestination::Hand { faction: f },
                        ..
                    }) if f == faction
                );
                assert!(
                    replaced,
                    "{players} players, seed {seed}: {card} left faction {faction}'s hand \
                     unplaced and no replacement was drawn (next: {:?})",
                    events.get(i + 1)
                );
            }
        }
    }
    assert!(rejected > 0, "no seed met an unplaceable card");
}

/// Step F with Z44: a drawn Title or Office with troops that no Noble can take goes to
/// Chancery, not to the discard.
#[test]
fn a_top_up_title_or_office_nobody_can_take_goes_to_chancery() {
    let content = Content::embedded().expect("content");
    for players in 2..=5u8 {
        for seed in 1..=30u64 {
            for event in controlled(players, seed, false) {
                if let Event::CrownCardRevealed {
                    card,
                    to: CardDestination::Discard,
                } = &event
                {
                    let kind = content.cards.card(card.as_str()).map(|c| c.card_type);
                    let held_out = content
                        .cards
                        .tables
                        .alternative_setup
                        .held_out
                        .contains(card);
                    assert!(
                        held_out || !matches!(kind, Some(CardType::Title | CardType::Office)),
                        "{players} players, seed {seed}: the drawn {card} went to the discard"
                    );
                }
            }
        }
    }
}

/// Steps E then F (L576–L581): every player builds a Faction from its hand before any Faction
/// is topped up or cut down, so no step F draw or discard comes before the last hand is dealt
/// into play.
#[test]
fn every_faction_is_built_before_any_is_topped_up() {
    let content = Content::embedded().expect("content");
    let held = &content.cards.tables.alternative_setup.held_out;
    for players in 2..=5u8 {
        for seed in 1..=30u64 {
            let events = controlled(players, seed, false);
            let last_built = events
                .iter()
                .rposition(|e| matches!(e, Event::CrownCardsDrawn { .. }))
                .unwrap();
            let first_step_f = events.iter().position(|e| match e {
                Event::CrownCardRevealed {
                    card,
                    to: CardDestination::Discard | CardDestination::Chancery,
                } => !held.contains(card),
                Event::CardRemoved { .. } => true,
                _ => false,
            });
            if let Some(first) = first_step_f {
                assert!(
                    first > last_built,
                    "{players} players, seed {seed}: step F at event {first} before the last \
                     Faction was built (event {last_built})"
                );
            }
        }
    }
}
