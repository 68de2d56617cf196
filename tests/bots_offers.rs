//! Normal bots make offers of their own accord (checklist §Y 21.01, 20.05, 20.08, 9.54):
//! each kind — a card trade, a gift to an ally, a swap between Nobles standing together, a
//! ship handed to an ally, a ship borrowed — is made in a position built for it and not in
//! the same position where it would not help; passage is asked for in played games (9.24);
//! no seat makes more than a few offers a turn; every offer is one the rules accept; and what
//! the seat cannot see does not change them.

use warwick::bots::{Bot, Decision, LiveLegal, NormalBot, bot_rng};
use warwick::content::cards::CardType;
use warwick::content::{AreaId, Content, CrownCardId};
use warwick::rules::state::{Pending, Place, RoyalPlace, ShipPlace, ShipState, Window, WindowKind};
use warwick::rules::{self, Command, FactionIdx, Phase, Setup, State, Viewer};

fn game(players: u8) -> (Content, State) {
    let content = Content::embedded().expect("content");
    let (state, _) = rules::start(&content, &Setup::new(players, 7)).expect("start");
    (content, state)
}

/// The Normal seat's choice at `state` (a fresh bot; the position brought up to date first),
/// checked to be one the rules accept.
fn choice(content: &Content, state: &State) -> Command {
    let mut s = state.clone();
    settle(content, &mut s);
    let me = *rules::awaiting(&s).first().expect("someone decides");
    choice_of(content, &s, &mut NormalBot::new(me))
}

fn choice_of(content: &Content, state: &State, bot: &mut NormalBot) -> Command {
    let me = *rules::awaiting(state).first().expect("someone decides");
    let view = rules::view(content, state, Viewer::Faction { faction: me });
    let legal = LiveLegal::new(content, state, me);
    let decision = Decision {
        content,
        me,
        view: &view,
        legal: &legal,
        budget: 0,
        meter: None,
    };
    let chosen = bot.choose(&decision, &mut bot_rng(1, me));
    rules::decide(content, state, me, &chosen)
        .unwrap_or_else(|e| panic!("the rules refused {chosen:?}: {e:?}"));
    chosen
}

/// Brings a position changed by hand up to date: each faction's Prestige as its cards give.
fn settle(content: &Content, s: &mut State) {
    for f in 0..s.factions.len() {
        s.factions[f].prestige = rules::prestige(content, s, f as FactionIdx);
    }
}

/// `state` at End of Turn Politicking, `me` first to act, hands empty.
fn politicking(state: &State, me: FactionIdx) -> State {
    let mut s = state.clone();
    let players = s.factions.len() as FactionIdx;
    s.clock.phase = Phase::EndOfTurn;
    s.clock.step = 4;
    for f in s.factions.iter_mut() {
        f.hand.clear();
        f.shown.clear();
    }
    s.pending.push(Pending::Politicking {
        window: Window {
            kind: WindowKind::Politicking,
            order: (0..players).map(|k| (me + k) % players).collect(),
            at: 0,
            passes: 0,
        },
    });
    s
}

fn usable(content: &Content, state: &State, f: FactionIdx, card: &CrownCardId) -> bool {
    state.nobles.values().any(|n| {
        n.faction == f
            && !matches!(n.place, Place::Captive { .. })
            && rules::noble_takes(content, n, card)
    })
}

/// Cards of a type not yet in play anywhere.
fn free_cards(content: &Content, state: &State, kind: CardType) -> Vec<CrownCardId> {
    let used = |id: &CrownCardId| {
        state
            .nobles
            .values()
            .any(|n| &n.card == id || n.awards.contains(id))
            || state.factions.iter().any(|f| f.hand.contains(id))
    };
    content
        .cards
        .crown_cards
        .iter()
        .filter(|c| c.card_type == kind)
        .map(|c| c.id)
        .filter(|id| !used(id))
        .collect()
}

/// A trade position: `me` holds, for each partner, an Office none of its Nobles can take and
/// the partner can (each Noble of mine that could take one is given one, and a Noble of each
/// partner gives its Office up), and each partner showed `me` a strong Mercenary.
fn trades_position(
    content: &Content,
    state: &State,
    me: FactionIdx,
    partners: &[FactionIdx],
) -> State {
    let mut s = politicking(state, me);
    let is_office = |c: &CrownCardId| {
        content.cards.card(c.as_str()).map(|c| c.card_type) == Some(CardType::Office)
    };
    for &to in partners {
        let theirs = s
            .nobles_of(to)
            .into_iter()
            .find(|n| s.nobles[*n].awards.iter().any(is_office))
            .cloned();
        if let Some(n) = theirs.and_then(|n| s.nobles.get_mut(&n)) {
            n.awards.retain(|c| !is_office(c));
        }
    }
    // The cheapest Offices go to my hand, the rest to my Nobles.
    let mut offices = free_cards(content, &s, CardType::Office);
    offices.sort_by_key(|c| {
        content
            .cards
            .card(c.as_str())
            .map_or((0, 0), |c| (c.prestige, c.troops))
    });
    let hand: Vec<CrownCardId> = offices.drain(..partners.len()).collect();
    let mut rest = offices.into_iter().rev();
    let mine: Vec<_> = s.nobles_of(me).into_iter().cloned().collect();
    for noble in mine {
        if rules::noble_takes(content, &s.nobles[&noble], &hand[0])
            && let (Some(n), Some(other)) = (s.nobles.get_mut(&noble), rest.next())
        {
            n.awards.push(other);
        }
    }
    // What the partners show: the strongest Mercenaries and Towns.
    let mut mercs: Vec<CrownCardId> = [CardType::Mercenary, CardType::Town]
        .into_iter()
        .flat_map(|k| free_cards(content, &s, k))
        .collect();
    mercs
        .sort_by_key(|c| std::cmp::Reverse(content.cards.card(c.as_str()).map_or(0, |c| c.troops)));
    for (k, &to) in partners.iter().enumerate() {
        assert!(
            !usable(content, &s, me, &hand[k]),
            "the Office is idle for me"
        );
        assert!(usable(content, &s, to, &hand[k]), "the partner can use it");
        s.factions[usize::from(to)].hand = vec![mercs[k]];
        s.factions[usize::from(to)].shown = vec![(me, mercs[k])];
    }
    s.factions[usize::from(me)].hand = hand;
    settle(content, &mut s);
    s
}

fn trade_position(content: &Content, state: &State, me: FactionIdx, to: FactionIdx) -> State {
    trades_position(content, state, me, &[to])
}

#[test]
fn a_bot_trades_a_card_it_cannot_use_for_one_it_can() {
    let (content, state) = game(3);
    let (me, to) = (1, 2);
    let s = trade_position(&content, &state, me, to);
    let chosen = choice(&content, &s);
    assert!(
        matches!(&chosen, Command::OfferTrade { to: t, .. } if *t == to),
        "expected a trade offer to {to}, got {chosen:?}"
    );
    // The other side, a Normal bot reckoning the same way, takes it.
    let mut offered = s.clone();
    settle(&content, &mut offered);
    for e in rules::decide(&content, &offered, me, &chosen).expect("legal") {
        rules::evolve(&content, &mut offered, &e);
    }
    assert_eq!(choice(&content, &offered), Command::AcceptOffer);
    // A card shown that I cannot use either: no trade.
    let mut useless = s;
    let other = free_cards(&content, &useless, CardType::Office)
        .into_iter()
        .find(|c| !usable(&content, &useless, me, c))
        .expect("another Office idle for me");
    useless.factions[usize::from(to)].hand = vec![other];
    useless.factions[usize::from(to)].shown = vec![(me, other)];
    let chosen = choice(&content, &useless);
    assert!(
        !matches!(chosen, Command::OfferTrade { .. }),
        "asked for a card it cannot use: {chosen:?}"
    );
}

#[test]
fn a_bot_shows_the_cards_it_cannot_use_and_passes_with_nothing_to_offer() {
    let (content, state) = game(3);
    let s = trade_position(&content, &state, 1, 2);
    let mut nothing_shown = s;
    nothing_shown.factions[2].shown.clear();
    let chosen = choice(&content, &nothing_shown);
    assert!(
        matches!(chosen, Command::RevealCards { .. }),
        "expected idle cards shown, got {chosen:?}"
    );
    let empty = politicking(&state, 1);
    assert_eq!(choice(&content, &empty), Command::Pass);
}

#[test]
fn a_bot_gives_an_ally_a_card_only_the_ally_can_use() {
    let (content, state) = game(3);
    let (me, ally) = (1, 2);
    // Two idle Offices in my hand (never the last card goes), nothing shown to me.
    let mut s = trades_position(&content, &state, me, &[ally, 0]);
    for f in s.factions.iter_mut() {
        f.shown.clear();
    }
    // Not allied: no gift.
    let chosen = choice(&content, &s);
    assert!(
        !matches!(chosen, Command::OfferGift { .. }),
        "gave a card to a non-ally: {chosen:?}"
    );
    s.alliances = vec![vec![me, ally]];
    let chosen = choice(&content, &s);
    assert!(
        matches!(&chosen, Command::OfferGift { to, cards } if *to == ally && cards.len() == 1),
        "expected an idle card given to the ally, got {chosen:?}"
    );
}

#[test]
fn a_bot_swaps_cards_with_an_ally_standing_with_it() {
    let (content, state) = game(3);
    let (me, ally) = (1, 2);
    let mut s = politicking(&state, me);
    let mine = *s.nobles_of(me)[0];
    let theirs = *s.nobles_of(ally)[0];
    let place = s.nobles[&mine].place.clone();
    let merc = free_cards(&content, &s, CardType::Mercenary)
        .into_iter()
        .min_by_key(|c| content.cards.card(c.as_str()).map_or(0, |c| c.troops))
        .expect("a Mercenary");
    let town = free_cards(&content, &s, CardType::Town)
        .into_iter()
        .next()
        .expect("a Town");
    if let Some(n) = s.nobles.get_mut(&mine) {
        n.awards.push(merc);
    }
    if let Some(n) = s.nobles.get_mut(&theirs) {
        n.awards.push(town);
        n.place = place.clone();
    }
    let chosen = choice(&content, &s);
    assert!(
        !matches!(chosen, Command::ExchangeCards { .. }),
        "swapped with a non-ally: {chosen:?}"
    );
    s.alliances = vec![vec![me, ally]];
    let chosen = choice(&content, &s);
    assert!(
        matches!(&chosen, Command::ExchangeCards { give, from, to, .. }
            if *give == merc && *from == mine && *to == theirs),
        "expected my Mercenary swapped with the ally's Noble, got {chosen:?}"
    );
    // Apart, no swap.
    let mut apart = s.clone();
    let other = apart
        .nobles
        .values()
        .map(|n| n.place.clone())
        .find(|p| p != &place && matches!(p, Place::Field { .. } | Place::Inside { .. }))
        .expect("another place");
    if let Some(n) = apart.nobles.get_mut(&theirs) {
        n.place = other;
    }
    let chosen = choice(&content, &apart);
    assert!(
        !matches!(chosen, Command::ExchangeCards { .. }),
        "swapped with a Noble elsewhere: {chosen:?}"
    );
}

/// Gives a Noble of `faction` a card, not a Ship card, that lists a ship, and puts the ship
/// in its home port: the ship, and its port's Area.
fn give_ship(content: &Content, s: &mut State, faction: FactionIdx) -> (String, AreaId) {
    let nobles: Vec<_> = s.nobles_of(faction).into_iter().cloned().collect();
    for card in &content.cards.crown_cards {
        let listing = matches!(
            card.card_type,
            CardType::Title | CardType::Office | CardType::Bishop
        );
        let Some(ship) = card.ships.first() else {
            continue;
        };
        if !listing || s.ships.contains_key(ship.id.as_str()) {
            continue;
        }
        let Some(noble) = nobles
            .iter()
            .find(|n| rules::noble_takes(content, &s.nobles[*n], &card.id))
        else {
            continue;
        };
        let Some(area) = content.map.area_of(&ship.home_port).cloned() else {
            continue;
        };
        if let Some(n) = s.nobles.get_mut(noble) {
            n.awards.push(card.id);
        }
        s.ships.insert(
            ship.id.to_string(),
            ShipState {
                card: card.id,
                place: ShipPlace::Port {
                    location: ship.home_port,
                },
                capacity: ship.capacity,
                moved_round: None,
                marker: None,
                underway: None,
                landing: None,
                lent_to: None,
            },
        );
        settle(content, s);
        return (ship.id.to_string(), area);
    }
    panic!("no card listing a ship fits a Noble of faction {faction}");
}

#[test]
fn a_bot_hands_a_spare_ship_to_an_ally_at_its_port() {
    let (content, state) = game(3);
    let (me, ally) = (1, 2);
    let mut s = politicking(&state, me);
    let (ship, area_id) = give_ship(&content, &mut s, me);
    s.alliances = vec![vec![me, ally]];
    // My Nobles all stand far from the port; an ally's Noble stands at it.
    let areas = &content.map.areas;
    let from = areas
        .iter()
        .position(|a| a.id == area_id)
        .expect("the port's Area");
    let steps = &content.map.area_steps()[from];
    let dist = |a: &AreaId| -> u8 {
        areas
            .iter()
            .position(|x| &x.id == a)
            .and_then(|i| steps[i])
            .unwrap_or(99)
    };
    let far = areas
        .iter()
        .map(|a| a.id)
        .max_by_key(|a| (dist(a).min(50), std::cmp::Reverse(*a)))
        .expect("an Area");
    assert!(dist(&far) > 4, "the map has no Area far from {area_id}");
    for n in s.nobles.values_mut() {
        if n.faction == me {
            n.place = Place::Field { area: far };
        }
    }
    let theirs = *s.nobles_of(ally)[0];
    if let Some(n) = s.nobles.get_mut(&theirs) {
        n.place = Place::Field { area: area_id };
    }
    let chosen = choice(&content, &s);
    assert_eq!(chosen, Command::HandOverShip { ship, to: ally });
    // Without the Alliance the ship stays mine.
    let mut alone = s.clone();
    alone.alliances.clear();
    let chosen = choice(&content, &alone);
    assert!(
        !matches!(chosen, Command::HandOverShip { .. }),
        "handed a ship to a non-ally: {chosen:?}"
    );
}

#[test]
fn a_bot_asks_to_borrow_a_ship_when_its_plan_would_sail_it() {
    let (content, state) = game(3);
    let (me, owner) = (1, 0);
    let mut base = state;
    let (ship, area_id) = give_ship(&content, &mut base, owner);
    base.clock.round = 2;
    base.clock.active = me;
    base.clock.phase = Phase::Movement;
    base.clock.step = 1;
    base.alliances = vec![vec![me.min(owner), me.max(owner)]];
    base.factions[usize::from(me)].hand.clear();
    for n in base.nobles.values_mut() {
        if n.faction == me {
            n.place = Place::Field { area: area_id };
            n.moved_round = None;
        }
    }
    // My own ships elsewhere play no part.
    let mine_elsewhere: Vec<String> =
        base.ships
            .iter()
            .filter(|(id, s)| {
                **id != ship
                    && base.nobles.values().any(|n| {
                        n.faction == me && (n.awards.contains(&s.card) || n.card == s.card)
                    })
            })
            .map(|(id, _)| id.clone())
            .collect();
    for id in mine_elsewhere {
        base.ships.remove(&id);
    }
    // A lone Royal somewhere: in some Area the voyage beats walking and the bot asks.
    let royal = *base.royals.keys().next().expect("a Royal");
    let mut asked = 0;
    let mut tried = 0;
    for a in content.map.areas.iter().map(|a| a.id) {
        let mut s = base.clone();
        if let Some(r) = s.royals.get_mut(&royal) {
            r.place = RoyalPlace::Alone {
                place: Place::Field { area: a },
            };
        }
        if rules::awaiting(&s).first() != Some(&me) {
            continue;
        }
        tried += 1;
        let chosen = choice(&content, &s);
        if chosen == (Command::RequestShipLoan { ship: ship.clone() }) {
            asked += 1;
        }
    }
    assert!(tried > 0, "no position put to me");
    assert!(asked > 0, "never asked to borrow {ship} from {area_id}");
    // Not where walking is as good.
    assert!(asked < tried, "asked to borrow wherever the goal lay");
}

#[test]
fn a_bot_makes_at_most_a_few_offers_a_turn() {
    let (content, state) = game(4);
    let me = 1;
    // Three trades on offer, one with each other faction.
    let mut s = trades_position(&content, &state, me, &[0, 2, 3]);
    let mut bot = NormalBot::new(me);
    let mut offers = 0;
    for _ in 0..40 {
        let Some(&who) = rules::awaiting(&s).first() else {
            break;
        };
        let command = if who == me {
            let c = choice_of(&content, &s, &mut bot);
            if c == Command::Pass {
                break;
            }
            if matches!(c, Command::OfferTrade { .. }) {
                offers += 1;
            }
            c
        } else {
            Command::RejectOffer
        };
        for e in rules::decide(&content, &s, who, &command).expect("legal") {
            rules::evolve(&content, &mut s, &e);
        }
    }
    assert_eq!(offers, 2, "offers made in one turn");
    assert_eq!(bot.ledger().proposals().len(), 2);
}

#[test]
fn what_a_bot_cannot_see_does_not_change_its_offers() {
    let (content, state) = game(3);
    let (me, to) = (1, 2);
    let s = trade_position(&content, &state, me, to);
    // Hidden: the cards of the other hands not shown to me, and the deck order.
    let mut other = s.clone();
    let hidden: Vec<CrownCardId> = other.crown_deck.iter().take(4).cloned().collect();
    other.factions[usize::from(to)]
        .hand
        .extend(hidden[..2].iter().cloned());
    other.factions[0].hand.extend(hidden[2..].iter().cloned());
    other.crown_deck.retain(|c| !hidden.contains(c));
    let mut same = s;
    let extra: Vec<CrownCardId> = same.crown_deck.iter().rev().take(4).cloned().collect();
    same.factions[usize::from(to)]
        .hand
        .extend(extra[..2].iter().cloned());
    same.factions[0].hand.extend(extra[2..].iter().cloned());
    same.crown_deck.retain(|c| !extra.contains(c));
    same.crown_deck.reverse();
    let view = |st: &State| {
        serde_json::to_string(&rules::view(&content, st, Viewer::Faction { faction: me }))
            .expect("json")
    };
    assert_eq!(
        view(&other),
        view(&same),
        "the two differ only in hidden things"
    );
    let a = choice(&content, &other);
    assert!(matches!(a, Command::OfferTrade { .. }), "{a:?}");
    assert_eq!(a, choice(&content, &same));
}

/// Whether a command is an offer for the per-turn count (what waits for another's answer).
fn is_offer(command: &Command) -> bool {
    matches!(
        command,
        Command::ProposeAlliance { .. }
            | Command::ProposeAllianceExecuting { .. }
            | Command::OfferGift { .. }
            | Command::OfferTrade { .. }
            | Command::OfferRansom { .. }
            | Command::OfferRansomKeeping { .. }
            | Command::TransferCard { .. }
            | Command::ExchangeCards { .. }
            | Command::HandOverPlace { .. }
            | Command::HandOverShip { .. }
            | Command::RequestPassage { .. }
            | Command::RequestShipLoan { .. }
            | Command::ProposeForce { .. }
    )
}

#[test]
fn in_played_games_no_seat_makes_more_than_two_offers_a_turn() {
    let content = Content::embedded().expect("content");
    let mut kinds: std::collections::BTreeMap<&'static str, u32> = Default::default();
    for seed in 1..=6u64 {
        let mut setup = Setup::new(4, seed);
        setup.time_limit_rounds = Some(12);
        let bots = (0..4)
            .map(|i| Box::new(NormalBot::new(i)) as Box<dyn Bot>)
            .collect();
        let mut table = warwick::bots::Table::new(&content, &setup, bots).expect("table");
        let mut per_turn: std::collections::BTreeMap<(u32, u8, FactionIdx), u32> =
            Default::default();
        for _ in 0..40_000 {
            let Some(turn) = table.next().expect("next") else {
                break;
            };
            let command = table.choose(&turn).expect("a choice");
            if is_offer(&command) {
                let clock = &table.state().clock;
                let n = per_turn
                    .entry((clock.round, clock.turn, turn.faction))
                    .or_default();
                *n += 1;
                assert!(
                    *n <= 2,
                    "seed {seed}: seat {} made {n} offers in one turn",
                    turn.faction
                );
            }
            if is_offer(&command) || matches!(command, Command::RevealCards { .. }) {
                *kinds.entry(command.kind()).or_default() += 1;
            }
            table.apply(&turn, &command).expect("the rules accept it");
        }
    }
    eprintln!("offers made: {kinds:?}");
    assert!(!kinds.is_empty(), "no offer in six games");
    // 9.24: main stacks ask for passage where another's place blocks their road.
    assert!(
        kinds.contains_key("RequestPassage"),
        "no passage asked for in six games: {kinds:?}"
    );
}
