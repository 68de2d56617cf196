//! A command in words as one viewer may read it: the cards of an offer, a trade or a showing of
//! hand cards are named only to the two factions they pass between (2.18, 19.02, 21.01);
//! anyone else reads how many cards went, not which. Everything else reads as
//! [`describe_command`] says it.

use crate::content::Content;
use crate::rules::describe::Names;
use crate::rules::view::Viewer;
use crate::rules::{Command, FactionIdx, State, describe_command};

/// `command`, given by `by`, in words for `viewer`.
pub fn describe_command_for(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &Command,
    viewer: Viewer,
) -> String {
    let Some(other) = hidden_between(state, command) else {
        return describe_command(content, state, command);
    };
    let party = match viewer {
        Viewer::Faction { faction } => faction == by || Some(faction) == other,
        Viewer::Spectator => false,
    };
    if party {
        return describe_command(content, state, command);
    }
    let n = Names { content, state };
    let count = |cards: usize| match cards {
        1 => "a card".to_owned(),
        n => format!("{n} cards"),
    };
    let to =
        |f: Option<FactionIdx>| f.map_or_else(|| "another faction".to_owned(), |f| n.faction(f));
    match command {
        Command::OfferRansom { noble, cards }
        | Command::OfferRansomKeeping { noble, cards, .. } => {
            format!(
                "Offer {} from hand to ransom {}",
                count(cards.len()),
                n.noble(noble)
            )
        }
        Command::OfferGift { cards, .. } => {
            format!("Offer {} from hand to {}", count(cards.len()), to(other))
        }
        Command::OfferTrade { give, take, .. } => format!(
            "Offer {} from hand to {} for {} of theirs",
            count(give.len()),
            to(other),
            count(take.len())
        ),
        Command::RevealCards { cards, .. } => {
            format!("Show {} from hand to {}", count(cards.len()), to(other))
        }
        _ => describe_command(content, state, command),
    }
}

/// Whether `command` names hand cards only two factions may know, and if so the other one (the
/// captor, for a ransom; `None` if it cannot be told).
fn hidden_between(state: &State, command: &Command) -> Option<Option<FactionIdx>> {
    match command {
        Command::OfferRansom { noble, .. } | Command::OfferRansomKeeping { noble, .. } => {
            Some(state.captives.get(noble).map(|c| c.captor))
        }
        Command::OfferGift { to, .. }
        | Command::OfferTrade { to, .. }
        | Command::RevealCards { to, .. } => Some(Some(*to)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::CrownCardId;
    use crate::rules::{Setup, start};

    #[test]
    fn only_the_two_parties_read_which_cards_are_offered() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let card = state.factions[0]
            .hand
            .first()
            .cloned()
            .unwrap_or(CrownCardId::from("C60"));
        let gift = Command::OfferGift {
            to: 1,
            cards: vec![card],
        };
        let named = describe_command(&content, &state, &gift);
        for party in [0, 1] {
            let text = describe_command_for(
                &content,
                &state,
                0,
                &gift,
                Viewer::Faction { faction: party },
            );
            assert_eq!(text, named);
        }
        for outsider in [Viewer::Faction { faction: 2 }, Viewer::Spectator] {
            let text = describe_command_for(&content, &state, 0, &gift, outsider);
            assert_ne!(text, named);
            assert!(text.contains("a card"), "{text}");
            let name = content.cards.card(card.as_str()).map(|c| c.name.clone());
            assert!(name.is_none_or(|name| !text.contains(&name)), "{text}");
        }
    }
}
