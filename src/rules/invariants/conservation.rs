//! Conservation of the game's cards and pieces: every Crown and Event card in exactly one
//! place, every City and Major card on at most one Noble (else on its board space), every
//! Royal once with a place that exists, every Noble in play on its own Noble card with one
//! place that exists, and every ship piece in play brought by a card held in play (or sailing
//! to the port where it leaves, 9.53, 20.08).
//!
//! Cards are counted by their position in the content lists, read from the id's number
//! (`C07`): nothing is allocated but the counts, no string is built unless something is
//! broken, and then a second pass names every place the card was found in.

use std::fmt;

use super::Findings;
use crate::content::cards::{CrownCard, Ship};
use crate::content::{Content, CrownCardId, EventCardId, NobleId};
use crate::rules::setup::EventSlot;
use crate::rules::state::{Pending, Place, RoyalPlace, ShipPlace, State};

/// Where content ids sit in their content list, for counting by position. Content ids are
/// numbered in list order (`C01` first, then `C02`), so an id's number names its position and
/// one comparison confirms it; any other id is looked for along the list. Nothing is
/// allocated.
pub(super) struct Positions<'c, T> {
    list: &'c [T],
    key: fn(&T) -> &str,
    /// The number of the list's first id, when it ends in digits.
    first: Option<usize>,
}

/// The number an id's last digits spell (`C07` is 7), if it ends in one to four digits.
fn trailing_number(key: &str) -> Option<usize> {
    let digits = key.bytes().rev().take_while(u8::is_ascii_digit).count();
    if !(1..=4).contains(&digits) {
        return None;
    }
    key.bytes()
        .skip(key.len() - digits)
        .try_fold(0usize, |n, b| Some(n * 10 + usize::from(b - b'0')))
}

impl<'c, T> Positions<'c, T> {
    /// The positions of the ids `key` reads from `list`.
    pub(super) fn new(list: &'c [T], key: fn(&T) -> &str) -> Positions<'c, T> {
        let first = list.first().and_then(|x| trailing_number(key(x)));
        Positions { list, key, first }
    }

    /// The content position of `id`, if the content has it.
    pub(super) fn of(&self, id: &str) -> Option<usize> {
        let guess = self
            .first
            .zip(trailing_number(id))
            .and_then(|(first, n)| n.checked_sub(first));
        if let Some(i) = guess
            && self.list.get(i).is_some_and(|x| (self.key)(x) == id)
        {
            return Some(i);
        }
        self.list.iter().position(|x| (self.key)(x) == id)
    }

    /// The ids in content order, with their positions.
    fn ids(&self) -> impl Iterator<Item = (usize, &'c str)> + '_ {
        let key = self.key;
        let list: &'c [T] = self.list;
        list.iter().enumerate().map(move |(i, x)| (i, key(x)))
    }

    fn len(&self) -> usize {
        self.list.len()
    }
}

/// How many places a card may be in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A Crown or Event card: always somewhere the state records.
    ExactlyOne,
    /// A City or Major card: on a Noble, or on its board space (which the state leaves
    /// implicit).
    AtMostOne,
}

/// Counts every card `places` visits against the content's `ids` and notes unknown cards and
/// cards not where `expect` says; the second pass over `places` runs only for those.
fn conserve<'s, T, P: fmt::Display>(
    kind: &str,
    ids: &Positions<'_, T>,
    expect: Expect,
    places: impl Fn(&mut dyn FnMut(&'s str, P)),
    out: &mut Findings,
) {
    let mut counts = vec![0u8; ids.len()];
    places(&mut |id, place| match ids.of(id) {
        Some(i) => {
            if let Some(c) = counts.get_mut(i) {
                *c = c.saturating_add(1);
            }
        }
        None => out.note(|| format!("unknown {kind} {id} in {place}")),
    });
    for (i, key) in ids.ids() {
        let n = counts.get(i).copied().unwrap_or(0);
        let fine = match expect {
            Expect::ExactlyOne => n == 1,
            Expect::AtMostOne => n <= 1,
        };
        if !fine {
            out.note(|| {
                let mut found: Vec<String> = Vec::new();
                places(&mut |id, place| {
                    if id == key {
                        found.push(place.to_string());
                    }
                });
                match found.is_empty() {
                    true => format!("{kind} {key} is nowhere"),
                    false => format!("{kind} {key} is in {n} places: {}", found.join(", ")),
                }
            });
        }
    }
}

/// Where a Crown card lies.
#[derive(Clone, Copy, Debug)]
enum CrownPlace<'s> {
    Deck,
    Discard,
    Chancery,
    CityPile,
    Hand(usize),
    NobleCard(&'s NobleId),
    Award(&'s NobleId),
}

impl fmt::Display for CrownPlace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrownPlace::Deck => f.write_str("the Crown deck"),
            CrownPlace::Discard => f.write_str("the Crown discard"),
            CrownPlace::Chancery => f.write_str("Chancery"),
            CrownPlace::CityPile => f.write_str("the City-card pile"),
            CrownPlace::Hand(faction) => write!(f, "the hand of faction {faction}"),
            CrownPlace::NobleCard(noble) => write!(f, "the Noble card of {noble}"),
            CrownPlace::Award(noble) => write!(f, "the awards of {noble}"),
        }
    }
}

/// Visits every Crown card the state holds with its place: the deck, discard, Chancery, the
/// 2-player City-card pile (4.03), hands, and the Nobles in play (captives included).
fn crown_places<'s>(state: &'s State, visit: &mut dyn FnMut(&'s CrownCardId, CrownPlace<'s>)) {
    state
        .crown_deck
        .iter()
        .for_each(|c| visit(c, CrownPlace::Deck));
    state
        .crown_discard
        .iter()
        .for_each(|c| visit(c, CrownPlace::Discard));
    state
        .chancery
        .iter()
        .for_each(|c| visit(c, CrownPlace::Chancery));
    state
        .city_pile
        .iter()
        .for_each(|c| visit(c, CrownPlace::CityPile));
    for (i, f) in state.factions.iter().enumerate() {
        f.hand.iter().for_each(|c| visit(c, CrownPlace::Hand(i)));
    }
    for (id, n) in state.nobles.iter() {
        visit(&n.card, CrownPlace::NobleCard(id));
        n.awards
            .iter()
            .for_each(|c| visit(c, CrownPlace::Award(id)));
    }
}

/// Where an Event card lies.
#[derive(Clone, Copy, Debug)]
enum EventPlace {
    Deck,
    Discard,
    Removed,
    ClamourAside,
    Clamour,
    FreeMove(usize),
    ChancellorCard(usize),
    Drawn,
}

impl fmt::Display for EventPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventPlace::Deck => f.write_str("the Event deck"),
            EventPlace::Discard => f.write_str("the Event discard"),
            EventPlace::Removed => f.write_str("the cards removed at set-up"),
            EventPlace::ClamourAside => f.write_str("the Clamours set aside"),
            EventPlace::Clamour => f.write_str("the Clamours on the board"),
            EventPlace::FreeMove(faction) => write!(f, "the Free Moves of faction {faction}"),
            EventPlace::ChancellorCard(faction) => {
                write!(f, "the Chancellor cards of faction {faction}")
            }
            EventPlace::Drawn => f.write_str("a waiting decision"),
        }
    }
}

/// Visits every Event card the state holds with its place (3.19–3.24, 8.37–8.39).
fn event_places<'s>(state: &'s State, visit: &mut dyn FnMut(&'s EventCardId, EventPlace)) {
    for slot in state.event_deck.iter() {
        match slot {
            EventSlot::Card { card } => visit(card, EventPlace::Deck),
            EventSlot::PrestigeTile => {}
        }
    }
    state
        .event_discard
        .iter()
        .for_each(|c| visit(c, EventPlace::Discard));
    state
        .event_removed
        .iter()
        .for_each(|c| visit(c, EventPlace::Removed));
    state
        .clamours_aside
        .iter()
        .for_each(|c| visit(c, EventPlace::ClamourAside));
    state
        .clamours
        .iter()
        .for_each(|(c, _)| visit(c, EventPlace::Clamour));
    for (i, f) in state.factions.iter().enumerate() {
        f.free_moves
            .iter()
            .for_each(|c| visit(c, EventPlace::FreeMove(i)));
        f.chancellor_cards
            .iter()
            .for_each(|c| visit(c, EventPlace::ChancellorCard(i)));
    }
    for pending in &state.pending {
        if let Some(card) = pending.drawn_event_card() {
            visit(card, EventPlace::Drawn);
        }
    }
}

/// A Noble holding a City or Major card.
struct Holder<'s>(&'s NobleId);

impl fmt::Display for Holder<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the cards of {}", self.0)
    }
}

/// Which Crown cards are in play: held by a Noble on the board, captives included (2.01).
pub(super) struct InPlay<'c> {
    crown: Positions<'c, CrownCard>,
    held: Vec<bool>,
}

impl InPlay<'_> {
    /// Whether a Noble in play holds `card`.
    pub(super) fn holds(&self, card: &CrownCardId) -> bool {
        self.crown
            .of(card.as_str())
            .and_then(|i| self.held.get(i))
            .copied()
            .unwrap_or(false)
    }
}

/// Checks every conservation invariant; returns the Crown cards in play for the checks that
/// ask what is.
pub(super) fn check<'c>(content: &'c Content, state: &State, out: &mut Findings) -> InPlay<'c> {
    let players = state.players();
    let crown = Positions::new(&content.cards.crown_cards, |c| c.id.as_str());
    conserve(
        "Crown card",
        &crown,
        Expect::ExactlyOne,
        |visit| crown_places(state, &mut |c, p| visit(c.as_str(), p)),
        out,
    );
    // Which Crown cards are in play: held by a Noble on the board, captives included (2.01).
    let mut in_play = vec![false; crown.len()];
    for n in state.nobles.values() {
        for card in std::iter::once(&n.card).chain(&n.awards) {
            if let Some(flag) = crown.of(card.as_str()).and_then(|i| in_play.get_mut(i)) {
                *flag = true;
            }
        }
    }
    // Drawn Chancery cards wait in Chancery until awarded or discarded (12.11, 12.12).
    for pending in &state.pending {
        if let Pending::ChanceryAwards { cards, .. } = pending {
            for card in cards.iter().filter(|c| !state.chancery.contains(c)) {
                out.note(|| format!("Chancery card {card} to award is not in Chancery"));
            }
        }
    }
    let events = Positions::new(content.events.cards(), |c| c.id.as_str());
    conserve(
        "Event card",
        &events,
        Expect::ExactlyOne,
        |visit| event_places(state, &mut |c, p| visit(c.as_str(), p)),
        out,
    );
    let cities = Positions::new(&content.cards.city_cards, |c| c.id.as_str());
    conserve(
        "City card",
        &cities,
        Expect::AtMostOne,
        |visit| {
            for (id, n) in state.nobles.iter() {
                n.cities.iter().for_each(|c| visit(c.as_str(), Holder(id)));
            }
        },
        out,
    );
    let majors = Positions::new(&content.cards.major_cards, |c| c.id.as_str());
    conserve(
        "Major card",
        &majors,
        Expect::AtMostOne,
        |visit| {
            for (id, n) in state.nobles.iter() {
                n.majors.iter().for_each(|c| visit(c.as_str(), Holder(id)));
            }
        },
        out,
    );
    royals(content, state, out);
    nobles(content, state, &crown, players, out);
    let in_play = InPlay {
        crown,
        held: in_play,
    };
    ships(content, state, &in_play, players, out);
    in_play
}

/// Whether a Noble or a lone Royal could stand at `place`: an Area or fortified place of the
/// map, a ship in play, or (Nobles only) captivity.
fn place_exists(content: &Content, state: &State, place: &Place) -> bool {
    match place {
        Place::Field { area } => content.map.area(area).is_some(),
        Place::Inside { location } => content
            .map
            .location(location)
            .is_some_and(|l| l.kind.is_fortified()),
        Place::Aboard { ship } => state.ships.contains_key(ship),
        Place::Captive { area, .. } => content.map.area(area).is_some(),
    }
}

/// Every Royal of the content once, past set-up; none unknown; attached to a Noble in play
/// or alone at a place that exists, never alone in captivity (17.09).
fn royals(content: &Content, state: &State, out: &mut Findings) {
    for (id, r) in state.royals.iter() {
        if content.cards.royal(id.as_str()).is_none() {
            out.note(|| format!("unknown Royal {id}"));
        }
        match &r.place {
            RoyalPlace::With { noble } => {
                if !state.nobles.contains_key(noble) {
                    out.note(|| format!("Royal {id} is attached to {noble}, who is not in play"));
                }
            }
            RoyalPlace::Alone { place } => {
                if matches!(place, Place::Captive { .. }) || !place_exists(content, state, place) {
                    out.note(|| format!("Royal {id} is alone at {place:?}, which is no place"));
                }
            }
            RoyalPlace::Dead => {}
        }
    }
    if state.clock.phase != crate::rules::state::Phase::Setup {
        for royal in &content.cards.royals {
            if !state.royals.contains_key(&royal.id) {
                out.note(|| format!("Royal {} is nowhere", royal.id));
            }
        }
    }
}

/// Every Noble in play stands on its own Noble card, belongs to a seat, and has one place that
/// exists; captives and the captive list agree (11.07).
fn nobles(
    content: &Content,
    state: &State,
    crown: &Positions<'_, CrownCard>,
    players: usize,
    out: &mut Findings,
) {
    for (id, n) in state.nobles.iter() {
        if usize::from(n.faction) >= players {
            out.note(|| format!("{id} belongs to faction {}, not a seat", n.faction));
        }
        let own_card = crown
            .of(n.card.as_str())
            .and_then(|i| content.cards.crown_cards.get(i))
            .is_some_and(|c| c.noble.as_ref() == Some(id));
        if !own_card {
            out.note(|| format!("{id} is in play on {}, which is not its Noble card", n.card));
        }
        if !place_exists(content, state, &n.place) {
            out.note(|| format!("{id} stands at {:?}, which is no place", n.place));
        }
        if let Place::Captive { captor, .. } = &n.place {
            let listed = state.captives.get(id).map(|c| c.captor);
            if listed != Some(*captor) || *captor == n.faction || usize::from(*captor) >= players {
                out.note(|| {
                    format!("{id} is captive of faction {captor} but listed with {listed:?}")
                });
            }
        }
    }
    for (id, c) in state.captives.iter() {
        let held = state.nobles.get(id).is_some_and(
            |n| matches!(n.place, Place::Captive { captor, .. } if captor == c.captor),
        );
        if !held {
            out.note(|| format!("{id} is listed as a captive but is not held captive"));
        }
    }
}

/// Every ship piece in play is a ship of the content on the card that brings it; that card is
/// held by a Noble in play, or, once it has left play, the ship is at sea or still carries
/// passengers, on its way to the port where it is removed (9.53, 20.08). Every ship of a card
/// in play is on the board (3.15).
fn ships(
    content: &Content,
    state: &State,
    in_play: &InPlay<'_>,
    players: usize,
    out: &mut Findings,
) {
    let card_in_play = |card: &CrownCardId| in_play.holds(card);
    // The content's ships with the cards bringing them (a handful), read once.
    let known: Vec<(&CrownCard, &Ship)> = content.cards.ships().collect();
    for (id, s) in state.ships.iter() {
        let Some((card, _)) = known.iter().find(|(_, ship)| ship.id.as_str() == id) else {
            out.note(|| format!("unknown ship {id}"));
            continue;
        };
        if card.id != s.card {
            out.note(|| format!("ship {id} is on {}, not on {}", s.card, card.id));
        }
        let place_ok = match &s.place {
            ShipPlace::Port { location } => content.map.port_sea_zone(location).is_some(),
            ShipPlace::Sea { zone } => content.map.sea_zone(zone).is_some(),
        };
        if !place_ok {
            out.note(|| format!("ship {id} is at {:?}, which is no place", s.place));
        }
        if !card_in_play(&s.card) {
            let at_sea = matches!(s.place, ShipPlace::Sea { .. });
            let carrying = state
                .nobles
                .values()
                .any(|n| matches!(&n.place, Place::Aboard { ship } if ship == id));
            if !at_sea && !carrying {
                out.note(|| {
                    format!(
                        "ship {id} is empty in port though its card {} is out of play",
                        s.card
                    )
                });
            }
        }
        for faction in [s.marker, s.lent_to].into_iter().flatten() {
            if usize::from(faction) >= players {
                out.note(|| format!("ship {id} names faction {faction}, not a seat"));
            }
        }
    }
    for (card, ship) in known {
        if card_in_play(&card.id) && !state.ships.contains_key(ship.id.as_str()) {
            out.note(|| format!("{} is in play but its ship {} is not", card.id, ship.id));
        }
    }
}
