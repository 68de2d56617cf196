//! The full set-up (§3): pre-set Factions or the controlled-random deal (§5), Royals, ships,
//! control markers, the Crown deck and Chancery, the Event deck, the 2-player variant (§4),
//! the start player and the opening Prestige.

use super::{EventSlot, SetupKind, build_event_deck, controlled_random};
use crate::content::CrownCardId;
use crate::content::cards::CardType;
use crate::rules::EVENT_SCHEMA_VERSION;
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::event::{CardDestination, CardSource, Event};
use crate::rules::rng::shuffle;
use crate::rules::state::{Clock, ControlSource, Controller, Phase, Place, RoyalPlace};

/// Emits every set-up event into `ctx` (3.01–3.26, 4.01–4.06, 5.01–5.12).
pub fn preset(ctx: &mut Ctx<'_>) {
    let content = ctx.content;
    let players = ctx.state.players();
    ctx.emit(Event::GameStarted {
        schema: EVENT_SCHEMA_VERSION,
        rules: ctx.state.setup.rules_version,
    });
    let two_player = ctx.state.setup.two_player_variant && players == 2;
    // 4.02, 4.06: the non-player Faction's places, before any card can claim them.
    if two_player {
        for location in super::neutral_towns(content) {
            ctx.emit(Event::ControlChanged {
                location,
                controller: Some(Controller {
                    faction: None,
                    source: ControlSource::NonPlayer,
                }),
            });
        }
    }
    let city_pile: Vec<CrownCardId> = if two_player {
        super::two_player::city_pile_cards(content)
    } else {
        Vec::new()
    };
    let mut start_player: Option<FactionIdx> = None;
    match ctx.state.setup.kind {
        SetupKind::Preset => {
            // 3.05: deal the Faction cards for the player count.
            let mut cards: Vec<_> = content
                .cards
                .factions_for(players as u32)
                .cloned()
                .collect();
            let mut rng = ctx.rng();
            shuffle(&mut rng, &mut cards);
            let all: Vec<CrownCardId> = content.cards.crown_cards.iter().map(|c| c.id).collect();
            let dealt: Vec<CrownCardId> = cards.iter().flat_map(|f| f.cards().cloned()).collect();
            let order: Vec<CrownCardId> = all.into_iter().filter(|c| !dealt.contains(c)).collect();
            ctx.emit(Event::CrownDeckShuffled {
                order: dealt.iter().cloned().chain(order).collect(),
            });
            for (f, card) in cards.iter().enumerate() {
                let faction = f as FactionIdx;
                ctx.emit(Event::FactionCardDealt {
                    faction,
                    card: card.id,
                    name: card.name.clone(),
                });
                if card.start_player {
                    start_player = Some(faction);
                }
                // 3.11, 3.13: lay the Nobles on a home castle, award the other cards.
                for noble in &card.nobles {
                    ctx.noble_enters(faction, &noble.card, false);
                    let Some(id) = content
                        .cards
                        .card(noble.card.as_str())
                        .and_then(|c| c.noble)
                    else {
                        continue;
                    };
                    for award in &noble.awards {
                        ctx.award(&id, award, CardSource::Setup);
                    }
                }
            }
        }
        SetupKind::ControlledRandom => {
            // 4.03: the City-card pile's cards never enter the deck the hands are dealt from.
            let order: Vec<CrownCardId> = content
                .cards
                .crown_cards
                .iter()
                .map(|c| c.id)
                .filter(|c| !city_pile.contains(c))
                .collect();
            ctx.emit(Event::CrownDeckShuffled { order });
            controlled_random(ctx);
        }
    }
    // 4.03: the two Town cards leave the Crown deck for the City pile.
    if two_player {
        let order: Vec<CrownCardId> = ctx
            .state
            .crown_deck
            .iter()
            .filter(|c| !city_pile.contains(c))
            .cloned()
            .collect();
        ctx.emit(Event::CrownDeckShuffled { order });
    }
    // 3.03, 3.09: Royals on their start places, Henry VI crowned.
    for royal in &content.cards.royals {
        let place = match content.map.location(&royal.start) {
            Some(l) if l.kind.is_fortified() => Place::Inside {
                location: royal.start,
            },
            Some(l) => Place::Field { area: l.area },
            None => continue,
        };
        ctx.emit(Event::RoyalPlaced {
            royal: royal.id,
            place: RoyalPlace::Alone { place },
        });
        if royal.crowned_at_start {
            ctx.emit(Event::RoyalCrowned { royal: royal.id });
        }
    }
    // 3.06: shuffle the rest into the Crown deck.
    let mut order = ctx.state.crown_deck.to_vec();
    let mut rng = ctx.rng();
    shuffle(&mut rng, &mut order);
    ctx.emit(Event::CrownDeckShuffled { order });
    // 3.07: seed Chancery (pre-set only, 5.07).
    if ctx.state.setup.kind == SetupKind::Preset {
        let mut seeded = 0;
        let mut revealed = Vec::new();
        while seeded < 2 && !ctx.state.crown_deck.is_empty() {
            let card = ctx.state.crown_deck[0];
            let kind = content.cards.card(card.as_str()).map(|c| c.card_type);
            if matches!(kind, Some(CardType::Title | CardType::Office)) {
                ctx.emit(Event::CrownCardRevealed {
                    card,
                    to: CardDestination::Chancery,
                });
                seeded += 1;
            } else {
                ctx.emit(Event::CrownCardRevealed {
                    card,
                    to: CardDestination::Discard,
                });
                revealed.push(card);
            }
        }
        let mut order: Vec<CrownCardId> = ctx
            .state
            .crown_deck
            .iter()
            .chain(revealed.iter())
            .cloned()
            .collect();
        let mut rng = ctx.rng();
        shuffle(&mut rng, &mut order);
        ctx.emit(Event::CrownDeckShuffled { order });
    }
    // 3.19–3.24: the Event deck.
    let mut rng = ctx.rng();
    let built = build_event_deck(content, players as u8, &mut rng);
    for (f, card) in built.free_moves.iter().enumerate() {
        ctx.emit(Event::FreeMoveDealt {
            faction: f as FactionIdx,
            card: *card,
        });
    }
    ctx.emit(Event::ClamoursSetAside {
        cards: built.clamours.clone(),
    });
    ctx.emit(Event::EventDeckShuffled {
        order: built.order,
        removed: built.removed,
    });
    // 3.25, 5.12: the start player.
    let start = start_player
        .or_else(|| senior_bishop(ctx))
        .unwrap_or_else(|| (ctx.state.rng.seed % players as u64) as FactionIdx);
    let order: Vec<FactionIdx> = (0..players)
        .map(|i| ((usize::from(start) + i) % players) as FactionIdx)
        .collect();
    ctx.emit(Event::TurnOrderSet { order });
    // 3.16.
    ctx.refresh_prestige();
    let active = ctx.state.order.first().copied().unwrap_or(0);
    ctx.emit(Event::ClockAdvanced {
        clock: Clock {
            round: 1,
            turn: 0,
            active,
            phase: Phase::Event,
            step: 1,
        },
    });
    ctx.emit(Event::TurnBegan { faction: active });
    let _ = EventSlot::PrestigeTile;
}

/// The faction holding the most senior Archbishop or Bishop (3.25).
fn senior_bishop(ctx: &Ctx<'_>) -> Option<FactionIdx> {
    for card in &ctx.content.cards.tables.bishop_seniority.order {
        if let Some(n) = ctx.state.nobles.values().find(|n| n.awards.contains(card)) {
            return Some(n.faction);
        }
    }
    None
}
