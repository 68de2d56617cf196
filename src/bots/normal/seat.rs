//! [`Seat`]: everything a Normal decision reads — the content, the view, the seat's own
//! memory (ledger, what it already tried this round) and the static tables it built — with
//! small judgements shared by the policy files. Must not choose commands.

use std::cell::{OnceCell, RefCell};
use std::collections::BTreeSet;
use std::sync::Arc;

use super::forces::Forces;
use super::judgement::{Judgement, NORMAL};
use super::road_memo::{RoadMaps, RoadMemo};
use crate::bots::knowledge::{self, Distances};
use crate::bots::ledger::Ledger;
use crate::bots::odds::OddsModel;
use crate::content::map::Location;
use crate::content::{AreaId, Content, LocationId, NobleId, RoyalId};
use crate::rules::state::RoyalPlace;
use crate::rules::{FactionIdx, MoveKind, View};

/// Moves one step away, with their kind.
pub type Moves = Vec<(MoveKind, AreaId)>;

/// [`Moves`] kept for the decision and handed out without copying.
pub type SharedMoves = Arc<[(MoveKind, AreaId)]>;

/// One decision's reading of the table.
pub struct Seat<'a> {
    /// The content.
    pub content: &'a Content,
    /// The view.
    pub view: &'a View,
    /// Who I am.
    pub me: FactionIdx,
    /// Area distances.
    pub dist: &'a Distances,
    /// Battle odds.
    pub odds: &'a OddsModel,
    /// Promises and trust.
    pub ledger: &'a Ledger,
    /// Keys of things already tried this round (attacks, offers).
    pub done: &'a BTreeSet<String>,
    /// Where the Nobles stand, summed on first use.
    pub forces: OnceCell<Forces<'a>>,
    /// The moves found from each Area and toward each target: the player's, kept across its
    /// decisions while the roads stay the same ([`RoadMemo`]), or this decision's own.
    memo: Option<&'a RoadMemo>,
    own: RefCell<RoadMaps>,
    /// By position in the map's places: whether my roads pass it, read on first use.
    open: OnceCell<Vec<bool>>,
    /// By position in the map's places: whether it is controlled, and if so whether by me
    /// or an ally (`None`: uncontrolled), read on first use.
    control: OnceCell<Vec<Option<bool>>>,
    /// The weights the player judges goals and attacks by.
    pub judgement: &'static Judgement,
}

impl<'a> Seat<'a> {
    /// A fresh reading of the table for one decision.
    pub fn new(
        content: &'a Content,
        view: &'a View,
        me: FactionIdx,
        dist: &'a Distances,
        odds: &'a OddsModel,
        ledger: &'a Ledger,
        done: &'a BTreeSet<String>,
    ) -> Seat<'a> {
        Seat {
            content,
            view,
            me,
            dist,
            odds,
            ledger,
            done,
            forces: OnceCell::new(),
            memo: None,
            own: RefCell::default(),
            open: OnceCell::new(),
            control: OnceCell::new(),
            judgement: &NORMAL,
        }
    }

    /// The same reading, judged by `judgement`.
    pub fn with_judgement(mut self, judgement: &'static Judgement) -> Seat<'a> {
        self.judgement = judgement;
        self
    }

    /// The same reading, with the moves the player kept from its earlier decisions.
    pub fn with_memo(mut self, memo: &'a RoadMemo) -> Seat<'a> {
        self.memo = Some(memo);
        self
    }

    /// The moves found so far (from each Area, and toward each target), handed to `f`: the
    /// player's kept ones where the roads are as they were found, else this decision's.
    pub fn road_maps<R>(&self, f: impl FnOnce(&mut RoadMaps) -> R) -> R {
        match self.memo {
            Some(memo) => {
                let open = self.open.get_or_init(|| {
                    let map = &self.content.map;
                    map.locations
                        .iter()
                        .map(|l| self.road_open(&l.id))
                        .collect()
                });
                memo.with(open, f)
            }
            None => f(&mut self.own.borrow_mut()),
        }
    }

    /// By position in the map's places: whether it is controlled, and if so whether by me or
    /// an ally.
    fn control(&self) -> &[Option<bool>] {
        self.control.get_or_init(|| {
            let map = &self.content.map;
            let mut marks = vec![None; map.locations.len()];
            for (l, c) in &self.view.control {
                let friendly = c
                    .faction
                    .is_some_and(|f| knowledge::friendly(self.view, f, self.me));
                if let Some(mark) = map.location_position(l).and_then(|i| marks.get_mut(i)) {
                    *mark = Some(friendly);
                }
            }
            marks
        })
    }

    /// Whether a road through a place is open to my Nobles: not besieged, and uncontrolled or
    /// held by me or an ally (9.24: another's fortified place blocks it).
    pub fn road_open(&self, location: &LocationId) -> bool {
        !self.view.besieged.contains_key(location) && self.controlled(location) != Some(false)
    }

    /// Whether a place is controlled, and if so whether by me or an ally.
    fn controlled(&self, location: &LocationId) -> Option<bool> {
        let i = self.content.map.location_position(location)?;
        self.control().get(i).copied().flatten()
    }

    /// Whether the place at `position` in the map's places is controlled by me or an ally
    /// (as [`Seat::place_friendly`], for loops over every place).
    pub fn place_friendly_at(&self, position: usize) -> bool {
        self.control().get(position).copied().flatten() == Some(true)
    }

    /// Whether a place is controlled by me or an ally.
    pub fn place_friendly(&self, location: &LocationId) -> bool {
        self.controlled(location) == Some(true)
    }

    /// Where the Nobles stand (summed once per decision).
    pub fn forces(&self) -> &Forces<'a> {
        self.forces
            .get_or_init(|| Forces::new(self.content, self.view))
    }

    /// Strongest enemy (to me) open-field force in an Area.
    pub fn enemy_field(&self, area: &AreaId) -> u32 {
        self.forces().enemy_field_strength(self.view, area, self.me)
    }

    /// Total strength of my and my allies' Nobles in the open field of an Area.
    pub fn friendly_field(&self, area: &AreaId) -> u32 {
        self.forces().field_strength(self.view, area, self.me)
    }

    /// Defenders' strength of a fortified place (10.41).
    pub fn defence(&self, location: &LocationId) -> u32 {
        self.content
            .map
            .location(location)
            .map_or(0, |l| self.forces().siege_defence(l))
    }

    /// Defenders' strength of a fortified place of the map (10.41).
    pub fn defence_of(&self, location: &Location) -> u32 {
        self.forces().siege_defence(location)
    }

    /// Areas one Regional or Road move away from `from` (roads passing only places that are
    /// friendly or uncontrolled and not besieged), with the move kind; may repeat an Area
    /// under both kinds and include `from`.
    pub fn moves_from(&self, from: &AreaId) -> SharedMoves {
        if let Some(known) = self.road_maps(|m| m.moves.get(from).cloned()) {
            return known;
        }
        let map = &self.content.map;
        let mut out: Vec<(MoveKind, AreaId)> = map
            .regional_destinations(from)
            .into_iter()
            .map(|a| (MoveKind::Regional, a))
            .collect();
        out.extend(
            // Friendly or uncontrolled, one look-up of the controller.
            map.road_destinations(from, |l| self.road_open(l))
                .into_iter()
                .map(|a| (MoveKind::Road, a)),
        );
        let out: SharedMoves = out.into();
        self.road_maps(|m| m.moves.insert(*from, Arc::clone(&out)));
        out
    }

    /// The current round.
    pub fn round(&self) -> u32 {
        self.view.clock.round
    }

    /// My Nobles not captive.
    pub fn my_nobles(&self) -> Vec<&NobleId> {
        knowledge::nobles_of(self.view, self.me)
    }

    /// My strength where a Noble stands.
    pub fn strength(&self, noble: &NobleId) -> u32 {
        self.forces().strength(noble)
    }

    /// Where a Noble stands (land Area).
    pub fn area(&self, noble: &NobleId) -> Option<AreaId> {
        knowledge::noble_area(self.content, self.view, noble)
    }

    /// Royals I control, best first (crowned, then senior).
    pub fn my_royals(&self) -> Vec<(&RoyalId, &NobleId)> {
        let mut out: Vec<(&RoyalId, &NobleId)> = self
            .view
            .royals
            .iter()
            .filter_map(|(id, r)| match &r.place {
                RoyalPlace::With { noble }
                    if self
                        .view
                        .nobles
                        .get(noble)
                        .is_some_and(|n| n.faction == self.me) =>
                {
                    Some((id, noble))
                }
                _ => None,
            })
            .collect();
        out.sort_by_key(|(id, _)| {
            let crowned = self.view.royals.get(*id).is_some_and(|r| r.crowned);
            let rank = self.content.cards.royal(id.as_str()).map_or(99, |r| r.rank);
            (!crowned, rank, *(*id))
        });
        out
    }

    /// My "main" Noble: the one with my best Royal, else my strongest.
    pub fn main_noble(&self) -> Option<NobleId> {
        if let Some((_, n)) = self.my_royals().first() {
            return Some(*(*n));
        }
        self.my_nobles()
            .into_iter()
            .max_by_key(|n| (self.strength(n), std::cmp::Reverse(*(*n))))
            .cloned()
    }

    /// The Prestige leader other than me, with its Prestige.
    pub fn leader(&self) -> Option<(FactionIdx, u32)> {
        self.view
            .factions
            .iter()
            .enumerate()
            .filter(|(i, _)| *i as FactionIdx != self.me)
            .map(|(i, f)| (i as FactionIdx, f.prestige))
            .max_by_key(|(i, p)| (*p, std::cmp::Reverse(*i)))
    }

    /// My Prestige.
    pub fn prestige(&self) -> u32 {
        self.view
            .factions
            .get(usize::from(self.me))
            .map_or(0, |f| f.prestige)
    }

    /// A faction's Prestige.
    pub fn prestige_of(&self, f: FactionIdx) -> u32 {
        self.view
            .factions
            .get(usize::from(f))
            .map_or(0, |x| x.prestige)
    }

    /// My hand.
    pub fn hand(&self) -> &[crate::content::CrownCardId] {
        self.view
            .factions
            .get(usize::from(self.me))
            .and_then(|f| f.hand.as_deref())
            .unwrap_or(&[])
    }

    /// Whether I tried this already this round.
    pub fn tried(&self, key: &str) -> bool {
        self.done.contains(key)
    }

    /// Whether a faction is friendly to me.
    pub fn friendly(&self, f: FactionIdx) -> bool {
        knowledge::friendly(self.view, self.me, f)
    }

    /// The solo Prestige Victory target.
    pub fn target(&self) -> u32 {
        self.view.prestige_target.unwrap_or(99)
    }
}
