//! `evolve`: applies one event to the state. Facts only: no rule is judged here, and every
//! event kind is matched explicitly.

use crate::content::Content;
use crate::rules::event::{CardDestination, Event};
use crate::rules::setup::EventSlot;
use crate::rules::state::{
    Captive, NobleState, Place, PrestigeClaim, RoyalPlace, RoyalState, ShipPlace, ShipState, State,
};

fn remove_card<T: PartialEq>(list: &mut Vec<T>, item: &T) {
    if let Some(i) = list.iter().position(|x| x == item) {
        list.remove(i);
    }
}

/// Applies `event` to `state`.
pub fn evolve(content: &Content, state: &mut State, event: &Event) {
    let _ = content;
    state.events_applied += 1;
    if event.uses_randomness() {
        state.rng.counter += 1;
    }
    match event {
        Event::GameStarted { .. } => {}
        Event::FactionCardDealt { faction, name, .. } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.name.clone_from(name);
            }
        }
        Event::CardsDealt { faction, cards } => {
            for card in cards {
                remove_card(&mut state.crown_deck, card);
            }
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.hand.extend(cards.iter().cloned());
            }
        }
        Event::CrownDeckShuffled { order } => {
            *state.crown_deck = order.clone();
            state.crown_discard.retain(|c| !order.contains(c));
        }
        Event::EventDeckShuffled { order, removed } => {
            *state.event_deck = order.clone();
            for slot in order {
                if let EventSlot::Card { card } = slot {
                    remove_card(&mut state.event_discard, card);
                    remove_card(&mut state.event_removed, card);
                    remove_card(&mut state.clamours_aside, card);
                }
            }
            state.event_removed.extend(removed.iter().cloned());
        }
        Event::FreeMoveDealt { faction, card } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.free_moves.push(*card);
            }
        }
        Event::ClamoursSetAside { cards } => state.clamours_aside.clone_from(cards),
        Event::TurnOrderSet { order } => {
            // The set-up's last step (5.12): every faction's Nobles are dealt.
            crate::rules::leading_names::remember(content, state);
            state.order.clone_from(order);
            if let Some(first) = order.first() {
                state.clock.active = *first;
                state.clock.turn = 0;
            }
        }
        Event::NobleEntered {
            faction,
            noble,
            card,
            place,
            from_hand,
        } => {
            if *from_hand && let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                remove_card(&mut f.hand, card);
            }
            remove_card(&mut state.crown_deck, card);
            state.next_seq += 1;
            state.nobles.insert(
                *noble,
                NobleState {
                    faction: *faction,
                    card: *card,
                    awards: Vec::new(),
                    cities: Vec::new(),
                    majors: Vec::new(),
                    place: place.clone(),
                    moved_round: None,
                    attacked_round: None,
                    free_moved_round: None,
                    seq: state.next_seq,
                },
            );
        }
        Event::CardAwarded { noble, card, from } => {
            use crate::rules::event::CardSource;
            match from {
                CardSource::Hand => {
                    if let Some(n) = state.nobles.get(noble) {
                        let f = usize::from(n.faction);
                        if let Some(fs) = state.factions.get_mut(f) {
                            remove_card(&mut fs.hand, card);
                        }
                    }
                }
                CardSource::Chancery => remove_card(&mut state.chancery, card),
                CardSource::Deck => remove_card(&mut state.crown_deck, card),
                CardSource::Discard => remove_card(&mut state.crown_discard, card),
                CardSource::CityPile => remove_card(&mut state.city_pile, card),
                CardSource::Noble { noble: giver } => {
                    if let Some(g) = state.nobles.get_mut(giver) {
                        remove_card(&mut g.awards, card);
                    }
                }
                CardSource::Setup => {
                    remove_card(&mut state.crown_deck, card);
                    remove_card(&mut state.city_pile, card);
                }
            }
            // 20.06: a card reaching an attacker once the attack's card window is open takes
            // part in that attack.
            if state.in_attack_under_way(noble, true) && !state.card_attacked.contains(card) {
                state.card_attacked.push(*card);
            }
            if let Some(n) = state.nobles.get_mut(noble) {
                n.awards.push(*card);
            }
        }
        Event::CardRemoved { noble, card, to } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                remove_card(&mut n.awards, card);
            }
            put_card(state, card, to);
        }
        Event::HandCardRemoved { faction, card, to } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                remove_card(&mut f.hand, card);
            }
            put_card(state, card, to);
        }
        Event::CrownCardsDrawn { faction, cards } => {
            for card in cards {
                remove_card(&mut state.crown_deck, card);
            }
            let end_of_turn_draw = state.clock.phase == crate::rules::state::Phase::EndOfTurn
                && state.clock.step == 2
                && state.clock.active == *faction;
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                if end_of_turn_draw {
                    f.drew = cards.len() as u8;
                }
                f.hand.extend(cards.iter().cloned());
            }
        }
        Event::CrownCardRevealed { card, to } => {
            remove_card(&mut state.crown_deck, card);
            remove_card(&mut state.chancery, card);
            put_card(state, card, to);
        }
        Event::ChanceryDrawn { .. } => {}
        Event::CityCardAwarded { noble, city } => {
            for n in state.nobles.values_mut() {
                remove_card(&mut n.cities, city);
            }
            if let Some(n) = state.nobles.get_mut(noble) {
                n.cities.push(*city);
            }
        }
        Event::CityCardReturned { noble, city } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                remove_card(&mut n.cities, city);
            }
        }
        Event::MajorCardAwarded { noble, card } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                n.majors.push(*card);
            }
        }
        Event::MajorCardReturned { noble, card } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                remove_card(&mut n.majors, card);
            }
        }
        Event::ControlChanged {
            location,
            controller,
        } => match controller {
            Some(c) => {
                state.control.insert(*location, c.clone());
            }
            None => {
                state.control.remove(location);
            }
        },
        Event::ShipPlaced {
            ship,
            card,
            capacity,
            place,
        } => match place {
            Some(p) => {
                state.ships.insert(
                    ship.clone(),
                    ShipState {
                        card: *card,
                        place: p.clone(),
                        capacity: *capacity,
                        moved_round: None,
                        marker: None,
                        underway: None,
                        landing: None,
                        lent_to: None,
                    },
                );
            }
            None => {
                state.ships.remove(ship);
            }
        },
        Event::RoyalPlaced { royal, place } => {
            let entry = state.royals.entry(*royal).or_insert(RoyalState {
                place: RoyalPlace::Dead,
                crowned: false,
                gained_round: None,
                gained_turn: None,
                crowned_round: None,
                moved_round: None,
            });
            entry.place = place.clone();
        }
        Event::RoyalControlGained { royal, noble, .. } => {
            let (round, turn) = (state.clock.round, state.clock.turn);
            if let Some(r) = state.royals.get_mut(royal) {
                r.place = RoyalPlace::With { noble: *noble };
                r.gained_round = Some(round);
                r.gained_turn = Some(turn);
            }
        }
        Event::RoyalMoved { royal } => {
            let round = state.clock.round;
            if let Some(r) = state.royals.get_mut(royal) {
                r.moved_round = Some(round);
            }
        }
        Event::RoyalCrowned { royal } => {
            let round = state.clock.round;
            if let Some(r) = state.royals.get_mut(royal) {
                r.crowned = true;
                r.crowned_round = Some(round);
            }
        }
        Event::RoyalDied { royal, .. } => {
            if let Some(r) = state.royals.get_mut(royal) {
                r.place = RoyalPlace::Dead;
            }
        }
        Event::ClockAdvanced { clock } => {
            if clock.phase != state.clock.phase {
                state.attacked_targets.clear();
                for f in &mut state.factions {
                    f.pieces_used_free_move.clear();
                }
                // 9.43: a move begun by boarding ends with the phase.
                for s in state.ships.values_mut() {
                    s.underway = None;
                }
            }
            if clock.round != state.clock.round {
                // 20.06: the once-a-round limits on cards start again.
                state.card_moved.clear();
                state.card_attacked.clear();
            }
            if clock.turn != state.clock.turn || clock.round != state.clock.round {
                // 9.54: an unused loan ends with the borrower's turn.
                for s in state.ships.values_mut() {
                    if matches!(s.place, ShipPlace::Port { .. }) {
                        s.lent_to = None;
                    }
                }
            }
            state.clock = clock.clone();
        }
        Event::TurnBegan { faction } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.drew = 0;
                f.traded_this_turn.clear();
            }
        }
        Event::EventCardDrawn { card, .. } => {
            if let Some(i) = state
                .event_deck
                .iter()
                .position(|s| matches!(s, EventSlot::Card { card: c } if c == card))
            {
                state.event_deck.remove(i);
            }
        }
        Event::PrestigeTileRevealed => {
            state
                .event_deck
                .retain(|s| !matches!(s, EventSlot::PrestigeTile));
            state.tile_revealed = true;
        }
        Event::EventCardDiscarded { card } => state.event_discard.push(*card),
        Event::FreeMoveKept { faction, card } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.free_moves.push(*card);
            }
        }
        Event::FreeMoveSpent {
            faction,
            card,
            piece,
        } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                remove_card(&mut f.free_moves, card);
                f.pieces_used_free_move.push(piece.clone());
            }
            let round = state.clock.round;
            if let Some(n) = crate::content::NobleId::existing(piece)
                .and_then(|noble| state.nobles.get_mut(&noble))
            {
                n.free_moved_round = Some(round);
            }
            state.event_discard.push(*card);
        }
        Event::ClamourPlaced { card } => state.clamours.insert(0, (*card, false)),
        Event::ClamourUsed => {
            if let Some(last) = state.clamours.last_mut() {
                last.1 = true;
            }
        }
        Event::ClamourDiscarded { card } => {
            state.clamours.retain(|(c, _)| c != card);
            state.event_discard.push(*card);
        }
        Event::ChancellorCardKept { faction, card } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.chancellor_cards.push(*card);
            }
        }
        Event::ChancellorCardSpent { faction, card } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                remove_card(&mut f.chancellor_cards, card);
            }
            state.event_discard.push(*card);
        }
        Event::NobleMoved {
            noble,
            to,
            counts_as_move,
        } => {
            let round = state.clock.round;
            if let Some(n) = state.nobles.get_mut(noble) {
                n.place = to.clone();
                if *counts_as_move {
                    n.moved_round = Some(round);
                }
                // 20.06: its cards moved with it in this turn's Movement Phase.
                if state.clock.phase == crate::rules::state::Phase::Movement {
                    let when = crate::rules::state::CardMove {
                        round,
                        turn: state.clock.turn,
                    };
                    for card in &n.awards {
                        state.card_moved.insert(*card, when.clone());
                    }
                }
            }
        }
        Event::ShipMoved { ship, to, free } => {
            let round = state.clock.round;
            if let Some(s) = state.ships.get_mut(ship) {
                s.place = to.clone();
                // Only normal Movement-Phase voyages use the ship's move: one driven by an
                // Event (8.18, 8.26), landing at a siege (9.49) or a Free Move (9.70) leaves
                // it.
                if state.clock.phase == crate::rules::state::Phase::Movement && !free {
                    s.moved_round = Some(round);
                }
                s.underway = None;
                s.landing = None;
                if matches!(to, ShipPlace::Port { .. }) {
                    s.lent_to = None; // 9.54: the loan ends in port
                }
            }
        }
        Event::ShipPutOut { ship, from, free } => {
            if let Some(s) = state.ships.get_mut(ship) {
                s.underway = Some(crate::rules::state::Underway {
                    from: *from,
                    spent: 1,
                    free: *free,
                });
            }
        }
        Event::ShipLanding { ship, location } => {
            if let Some(s) = state.ships.get_mut(ship) {
                s.landing.clone_from(location);
            }
        }
        Event::ShipKeptByPassengers { ship, faction } => {
            // 9.53: moved by its passengers until it next reaches port, as a loan is (9.54).
            if let Some(s) = state.ships.get_mut(ship) {
                s.lent_to = Some(*faction);
            }
        }
        Event::ShipLent { ship, to } => {
            if let Some(s) = state.ships.get_mut(ship) {
                s.lent_to = *to;
            }
        }
        Event::DecisionOpened { pending } => {
            if let crate::rules::state::Pending::Offer(offer) = pending {
                state.next_offer = offer.id + 1;
            }
            state.pending.push(pending.clone());
        }
        Event::DecisionUpdated { pending } => {
            if let Some(top) = state.pending.last_mut() {
                *top = pending.clone();
            }
        }
        Event::DecisionClosed => {
            state.pending.pop();
        }
        Event::CombatResolved { card, .. } => {
            if let Some(i) = state
                .event_deck
                .iter()
                .position(|s| matches!(s, EventSlot::Card { card: c } if c == card))
            {
                state.event_deck.remove(i);
            }
            state.event_discard.push(*card);
        }
        Event::NobleAttacked { noble } => {
            let round = state.clock.round;
            if let Some(n) = state.nobles.get_mut(noble) {
                n.attacked_round = Some(round);
                // 20.06: its cards took part in this attack.
                for card in &n.awards {
                    if !state.card_attacked.contains(card) {
                        state.card_attacked.push(*card);
                    }
                }
            }
        }
        Event::TargetAttacked { key } => state.attacked_targets.push(key.clone()),
        Event::NobleDied { noble, .. } => {
            state.nobles.remove(noble);
            state.captives.remove(noble);
        }
        Event::NobleCaptured {
            noble,
            captor,
            area,
        } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                n.place = Place::Captive {
                    captor: *captor,
                    area: *area,
                };
            }
            state.captives.insert(*noble, Captive { captor: *captor });
        }
        Event::NobleRansomed { noble, to } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                n.place = to.clone();
            }
            state.captives.remove(noble);
        }
        Event::BesiegedMarked { location, by } => {
            state.besieged.insert(*location, *by);
        }
        Event::BesiegedCleared { location } => {
            state.besieged.remove(location);
        }
        Event::ParliamentSummoned { .. } => {}
        Event::KingsPeacePlaced {
            area,
            summoner,
            round,
        } => {
            state.kings_peace = Some(crate::rules::state::KingsPeace {
                area: *area,
                summoner: *summoner,
                round: *round,
            });
        }
        Event::KingsPeaceRemoved => state.kings_peace = None,
        Event::PrestigeChanged { faction, prestige } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.prestige = *prestige;
            }
        }
        Event::PrestigeCardClaimed {
            factions,
            claimant,
            target,
        } => {
            state.prestige_claim = Some(PrestigeClaim {
                factions: factions.clone(),
                claimant: *claimant,
                round: state.clock.round,
                target: *target,
            });
        }
        Event::PrestigeCardReturned => state.prestige_claim = None,
        Event::HandCardsGiven { from, to, cards } => {
            // A card changes hands only from the hand holding it, so a card named twice (or
            // no longer held) is never copied into the receiver's hand.
            let mut moved = Vec::with_capacity(cards.len());
            if let Some(f) = state.factions.get_mut(usize::from(*from)) {
                for card in cards {
                    if let Some(i) = f.hand.iter().position(|x| x == card) {
                        moved.push(f.hand.remove(i));
                    }
                }
            }
            if let Some(f) = state.factions.get_mut(usize::from(*to)) {
                f.hand.extend(moved.iter().cloned());
                f.traded_this_turn.extend(moved);
            }
        }
        Event::AllianceFormed { members } => {
            state
                .alliances
                .retain(|a| !a.iter().any(|m| members.contains(m)));
            let mut members = members.clone();
            members.sort_unstable();
            state.alliances.push(members);
            state.alliances.sort();
        }
        Event::AllianceLeft { faction } => {
            for a in &mut state.alliances {
                a.retain(|m| m != faction);
            }
            state.alliances.retain(|a| a.len() >= 2);
        }
        Event::AlliedForceFormed { force } => {
            state
                .forces
                .retain(|f| !f.members.iter().any(|m| force.members.contains(m)));
            state.forces.push(force.clone());
        }
        Event::AlliedForceEnded { commander } => {
            state.forces.retain(|f| &f.commander != commander);
        }
        Event::BothHousesMarked { faction, since } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.both_houses_since = *since;
            }
        }
        Event::GameEnded { outcome } => {
            state.outcome = Some(outcome.clone());
            state.clock.phase = crate::rules::state::Phase::GameOver;
            state.pending.clear();
        }
        Event::ShipAtSea { .. } => {}
        Event::ShipMarked { ship, faction } => {
            if let Some(s) = state.ships.get_mut(ship) {
                s.marker = *faction;
            }
        }
        Event::HandCardsRevealed { from, to, cards } => {
            if let Some(f) = state.factions.get_mut(usize::from(*from)) {
                for card in cards {
                    let entry = (*to, *card);
                    if !f.shown.contains(&entry) {
                        f.shown.push(entry);
                    }
                }
            }
        }
    }
    // 19.02: a revealed card is known only while it stays in the hand.
    for f in &mut state.factions {
        if !f.shown.is_empty() {
            let hand = &f.hand;
            f.shown.retain(|(_, c)| hand.contains(c));
        }
    }
}

fn put_card(state: &mut State, card: &crate::content::CrownCardId, to: &CardDestination) {
    match to {
        CardDestination::Discard => state.crown_discard.push(*card),
        CardDestination::Chancery => state.chancery.push(*card),
        CardDestination::Noble { noble } => {
            if let Some(n) = state.nobles.get_mut(noble) {
                n.awards.push(*card);
            }
        }
        CardDestination::Hand { faction } => {
            if let Some(f) = state.factions.get_mut(usize::from(*faction)) {
                f.hand.push(*card);
            }
        }
    }
}
