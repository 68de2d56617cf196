//! The Movement Phase (§9): Regional and Road movement (and the way a Road move takes, for
//! drawing it), passage through enemy places on roads (9.24, Z24), and Free Moves (9.70–9.78).
//! Sea movement is in [`super::sea`].

use crate::content::Content;
use crate::content::{AreaId, LocationId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::command::{Destination, MoveKind};
use crate::rules::ctx::Ctx;
use crate::rules::error::{BlockCause, EntryCause, FreeMoveCause, ReachCause, RuleError};
use crate::rules::event::Event;
use crate::rules::phases::reach::unreachable;
use crate::rules::roads::{passable, road_block};
use crate::rules::state::{OfferTerms, Pending, Place, State};

/// Checks a Noble may make a move now; returns its Area and the pieces the move spends Free
/// Move cards on ([`free_moves_needed`]).
pub fn mover(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    free: bool,
) -> Result<(AreaId, Vec<String>), RuleError> {
    let area = land_area(ctx, by, noble)?;
    let pieces = free_moves_needed(ctx, by, noble, free)?;
    Ok((area, pieces))
}

/// The pieces a land move of `noble` spends Free Move cards on (9.70–9.75): none on a normal
/// move, which every piece in it must still have (the Noble and each Royal with him, 9.02,
/// 9.71); on a Free Move, one card for each piece that has already moved — the Noble, and
/// each Royal apart — while a piece that has not moved makes its normal move. A Free Move asked
/// for when neither has moved is the Noble's own, taken before his normal move (9.70).
pub fn free_moves_needed(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    free: bool,
) -> Result<Vec<String>, RuleError> {
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay { noble: *noble });
    };
    if let Some(card) = ctx.state.card_moved_elsewhere(noble) {
        return Err(RuleError::CardAlreadyMoved { card: *card }); // 20.06
    }
    let round = Some(ctx.state.clock.round);
    let noble_moved = n.moved_round == round || n.attacked_round == round;
    // 23.11: a Free Move made in another turn this round (it is not in this phase's list)
    // was a move in that turn.
    if n.free_moved_round == round
        && !ctx.state.factions[usize::from(by)]
            .pieces_used_free_move
            .contains(&noble.to_string())
    {
        return Err(RuleError::AlreadyMoved { noble: *noble });
    }
    let royals_moved: Vec<_> = ctx
        .state
        .royals_with(noble)
        .into_iter()
        .filter(|r| {
            ctx.state
                .royals
                .get(r)
                .is_some_and(|x| x.moved_round == round)
        })
        .collect();
    if !free {
        if noble_moved {
            return Err(RuleError::AlreadyMoved { noble: *noble }); // 9.02, Z38
        }
        if let Some(royal) = royals_moved.first() {
            return Err(RuleError::RoyalAlreadyMoved { royal: *royal }); // 9.71
        }
        return Ok(Vec::new());
    }
    // 23.13: only the Force's commander's owner spends Free Moves on an ally's Noble.
    if n.faction != by && !crate::rules::phases::combat::may_free_move(&ctx.state, by, noble) {
        return Err(RuleError::NotYourNoble { noble: *noble });
    }
    // 9.73: no Free Move for a Royal in the turn its control was gained (a position laid
    // without the turn counts the whole round).
    let clock = &ctx.state.clock;
    if ctx.state.royals_with(noble).iter().any(|r| {
        ctx.state.royals.get(r).is_some_and(|x| {
            x.gained_round == Some(clock.round)
                && x.gained_turn.is_none_or(|turn| turn == clock.turn)
        })
    }) {
        return Err(RuleError::NoFreeMove {
            cause: FreeMoveCause::RoyalJustGained,
        });
    }
    let mut pieces: Vec<String> = Vec::new();
    if noble_moved || royals_moved.is_empty() {
        pieces.push(noble.to_string());
    }
    pieces.extend(royals_moved.iter().map(|r| r.to_string()));
    let f = &ctx.state.factions[usize::from(by)];
    let short = if pieces.iter().any(|p| f.pieces_used_free_move.contains(p)) {
        Some(FreeMoveCause::UsedThisPhase) // 9.75
    } else if f.free_moves.is_empty() {
        Some(FreeMoveCause::NoneHeld)
    } else if f.free_moves.len() < pieces.len() {
        Some(FreeMoveCause::TooFew)
    } else {
        None
    };
    match short {
        Some(cause) => Err(RuleError::NoFreeMove { cause }),
        None => Ok(pieces),
    }
}

/// Records a land move: Free Moves spent on the pieces that need them, the Noble's normal
/// move unless his was a Free Move, and the normal move of each Royal with him that made no
/// Free Move (9.70, 9.71).
fn record_move(ctx: &mut Ctx<'_>, by: FactionIdx, noble: &NobleId, pieces: &[String], to: Place) {
    for piece in pieces {
        spend_free(ctx, by, piece.clone());
    }
    let royals = ctx.state.royals_with(noble);
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to,
        counts_as_move: !pieces.iter().any(|p| p == noble.as_str()),
    });
    for royal in royals {
        if !pieces.iter().any(|p| p == royal.as_str()) {
            ctx.emit(Event::RoyalMoved { royal });
        }
    }
}

/// Checks a Noble is the faction's own, not besieged (9.01), and on land; returns its Area.
pub fn land_area(ctx: &Ctx<'_>, by: FactionIdx, noble: &NobleId) -> Result<AreaId, RuleError> {
    let Some(n) = ctx.state.nobles.get(noble) else {
        return Err(RuleError::NobleNotInPlay { noble: *noble });
    };
    // 23.10: an ally's Noble only as a member of an allied Force with `by`.
    if n.faction != by && !crate::rules::phases::combat::directs(&ctx.state, by, noble) {
        return Err(RuleError::NotYourNoble { noble: *noble });
    }
    if ctx.state.is_besieged(noble) {
        return Err(RuleError::Besieged { noble: *noble }); // 9.01
    }
    match &n.place {
        Place::Field { area } => Ok(*area),
        Place::Inside { location } => ctx
            .content
            .map
            .area_of(location)
            .cloned()
            .ok_or(RuleError::NobleNotInPlay { noble: *noble }),
        Place::Aboard { .. } => Err(RuleError::AtSea { noble: *noble }),
        Place::Captive { .. } => Err(RuleError::HeldCaptive { noble: *noble }),
    }
}

/// Spends the faction's first Free Move card on a piece (9.70, 9.77).
pub fn spend_free(ctx: &mut Ctx<'_>, by: FactionIdx, piece: String) {
    if let Some(card) = ctx.state.factions[usize::from(by)]
        .free_moves
        .first()
        .cloned()
    {
        ctx.emit(Event::FreeMoveSpent {
            faction: by,
            card,
            piece,
        }); // 9.77
    }
}

/// Checks the end of a land move (9.03): open field, or inside a friendly place with room.
pub fn landing(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    to: &Destination,
) -> Result<Place, RuleError> {
    match &to.inside {
        None => Ok(Place::Field { area: to.area }),
        Some(location) => {
            let refuse = |cause| {
                Err(RuleError::NotFriendly {
                    location: *location,
                    cause,
                })
            };
            let Some(l) = ctx.content.map.location(location) else {
                return refuse(EntryCause::NotInArea);
            };
            if l.area != to.area {
                return refuse(EntryCause::NotInArea);
            }
            if !l.kind.is_fortified() {
                return refuse(EntryCause::NotFortified);
            }
            if ctx.state.besieged.contains_key(location) {
                return refuse(EntryCause::Besieged);
            }
            let open_town = l.kind == crate::content::map::LocationKind::OpenTown;
            if !ctx.state.place_friendly(location, by) {
                // 9.07, 9.29: an Open Town may be entered while it could be passed.
                match road_block(ctx.content, &ctx.state, by, location) {
                    None if open_town => {}
                    Some(BlockCause::EnemyInside) => return refuse(EntryCause::EnemyInside),
                    _ if ctx.state.place_neutral(location) => return refuse(EntryCause::Neutral),
                    _ if ctx.state.controller_of(location).is_none() => {
                        return refuse(EntryCause::NonPlayer); // 4.02
                    }
                    _ => return refuse(EntryCause::Enemy),
                }
            }
            if !crate::rules::capacity::fits(ctx, location, noble) {
                return Err(RuleError::OverCapacity {
                    location: *location,
                });
            }
            Ok(Place::Inside {
                location: *location,
            })
        }
    }
}

/// A land move as [`check_move`] found it: where the Noble ends, and the pieces that spend
/// Free Move cards on it (9.70–9.75).
pub struct LandMove {
    /// Where the Noble ends.
    pub place: Place,
    /// The pieces a Free Move card is spent on.
    pub pieces: Vec<String>,
}

/// A land move (9.10–9.29), as [`check_move`] found it.
pub fn move_noble(ctx: &mut Ctx<'_>, by: FactionIdx, noble: &NobleId, checked: LandMove) {
    record_move(ctx, by, noble, &checked.pieces, checked.place);
}

/// Checks a land move; returns where the Noble ends and the pieces it spends Free Moves on.
pub fn check_move(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    kind: MoveKind,
    to: &Destination,
    free: bool,
) -> Result<LandMove, RuleError> {
    let (from, pieces) = mover(ctx, by, noble, free)?;
    let reached = match kind {
        MoveKind::Local => from == to.area,
        MoveKind::Regional => ctx.content.map.regional_reaches(&from, &to.area), // 9.10, 9.11
        MoveKind::Road => ctx.road_reaches(by, &from, &to.area, None),           // 9.20
    };
    if !reached {
        return Err(unreachable(ctx, by, &from, kind, &to.area, None));
    }
    let place = landing(ctx, by, noble, to)?;
    if ctx
        .state
        .nobles
        .get(noble)
        .is_some_and(|n| n.place == place)
    {
        return Err(RuleError::Unreachable {
            to: to.area,
            cause: ReachCause::AlreadyThere,
        });
    }
    Ok(LandMove { place, pieces })
}

/// Asks `owner` (who [`check_passage`] found must answer) for passage through an enemy place
/// on a road move (9.24, Z24).
pub fn request_passage(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    through: &LocationId,
    to: &AreaId,
    owner: FactionIdx,
) {
    let id = ctx.state.next_offer;
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Offer(crate::rules::state::Offer {
            id,
            from: by,
            to: owner,
            terms: OfferTerms::Passage {
                noble: *noble,
                through: *through,
                to: *to,
            },
        }),
    });
}

/// Checks a passage request; returns the owner who must answer.
pub fn check_passage(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    through: &LocationId,
    to: &AreaId,
) -> Result<FactionIdx, RuleError> {
    let (from, _) = mover(ctx, by, noble, false)?;
    let no_passage = || RuleError::NoPassageNeeded { location: *through };
    let Some(owner) = ctx.state.controller_of(through) else {
        if ctx.state.place_neutral(through) {
            return Err(no_passage());
        }
        return Err(RuleError::RoadBlocked {
            to: *to,
            by: *through,
            cause: BlockCause::NonPlayer, // 4.02: nobody to grant it
        });
    };
    if ctx.state.friendly(owner, by) {
        return Err(no_passage());
    }
    if ctx.state.besieged.contains_key(through) {
        return Err(RuleError::RoadBlocked {
            to: *to,
            by: *through,
            cause: BlockCause::Besieged,
        });
    }
    // 9.24: passage is asked for a destination the road move cannot reach without it.
    if !ctx.road_reaches(by, &from, to, Some(through)) {
        return Err(unreachable(
            ctx,
            by,
            &from,
            MoveKind::Road,
            to,
            Some(through),
        ));
    }
    if ctx.road_reaches(by, &from, to, None) {
        return Err(RuleError::Unreachable {
            to: *to,
            cause: ReachCause::PassageNotNeeded,
        });
    }
    Ok(owner)
}

/// The way a Road move takes, for the command that makes it: the road nodes from where the
/// Noble joins the road to where it reaches its destination's Area, by the fewest road steps,
/// passing only places its faction may pass (9.20, 9.24, 9.25, Z23–Z25) — and, when passage
/// is asked, the place it is asked through. `None` for any other command, or a move the road
/// does not make.
pub fn road_way(
    content: &Content,
    state: &State,
    by: FactionIdx,
    command: &crate::rules::command::Command,
) -> Option<Vec<crate::content::RoadNodeId>> {
    use crate::rules::command::Command;
    let (noble, to, through) = match command {
        Command::MoveNoble {
            noble,
            kind: MoveKind::Road,
            to,
            ..
        } => (noble, &to.area, None),
        Command::RequestPassage { noble, through, to } => (noble, to, Some(through)),
        _ => return None,
    };
    let from = crate::rules::troops::area_of_noble(content, state, noble)?;
    content.map.road_way(&from, to, |l| {
        through == Some(l) || passable(content, state, by, l)
    })
}

/// A refused passage (9.24, 9.28, Z24): the Noble was on its way and is stopped where the
/// road meets the place that blocks it; its move is spent. It stops in the open field of the
/// blocking place's Area when its road reaches that Area without passing the place, else in
/// the Area of the last road segment it reaches before the place (Newark from the south,
/// 9.22), else where it stands. A Noble already in the stopping Area keeps its place there.
pub fn passage_refused(
    ctx: &mut Ctx<'_>,
    by: FactionIdx,
    noble: &NobleId,
    through: &LocationId,
    _to: &AreaId,
) {
    let Some(n) = ctx.state.nobles.get(noble) else {
        return;
    };
    let current = n.place.clone();
    let Ok(from) = land_area(ctx, by, noble) else {
        return;
    };
    let reached = ctx.road_destinations(by, &from, None);
    let map = &ctx.content.map;
    let blocking_area = map.area_of(through).cloned();
    let before = map
        .road_nodes_in(blocking_area.as_ref().unwrap_or(&from))
        .into_iter()
        .find(|node| node.location.as_ref() == Some(through))
        .map(|node| {
            map.road_neighbours(&node.id)
                .iter()
                .filter_map(|id| map.road_node(id))
                .filter(|next| next.location.is_none() && reached.contains(&next.area))
                .map(|next| next.area)
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let stop = match blocking_area {
        Some(area) if reached.contains(&area) => area,
        _ => before.into_iter().next().unwrap_or(from),
    };
    let to = if stop == from {
        current
    } else {
        Place::Field { area: stop }
    };
    // The Royals with him were on their way too: their move is spent as well (9.71).
    record_move(ctx, by, noble, &[], to);
}

/// Completes a granted passage: the Noble ends in the open field (9.29).
pub fn pass_through(ctx: &mut Ctx<'_>, noble: &NobleId, _through: &LocationId, to: &AreaId) {
    let Some(by) = ctx.owner(noble) else {
        return;
    };
    record_move(ctx, by, noble, &[], Place::Field { area: *to });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::command::Command;
    use crate::rules::state::{ControlSource, Controller, Phase};
    use crate::rules::{Setup, legal_commands, start};

    /// Every legal Road move's way joins the road in the Noble's Area, reaches the destination,
    /// follows the roads and passes only places the mover may pass; with half the places held
    /// against the mover, some ways go round a place the plain shortest road would cross.
    #[test]
    fn a_road_moves_way_passes_only_places_it_may_pass() {
        let content = Content::embedded().expect("content");
        let map = &content.map;
        let mut ways = 0;
        let mut detours = 0;
        for seed in 1..=4 {
            let (mut state, _) = start(&content, &Setup::new(3, seed)).expect("set-up");
            state.clock.round = 2;
            state.clock.phase = Phase::Movement;
            state.clock.active = 0;
            for (i, l) in map.locations.iter().enumerate() {
                if i % 2 == usize::try_from(seed % 2).unwrap_or(0) && l.kind.is_fortified() {
                    state.control.insert(
                        l.id,
                        Controller {
                            faction: Some(1),
                            source: ControlSource::Conquest {
                                noble: NobleId::from("nobody"),
                            },
                        },
                    );
                }
            }
            for command in legal_commands(&content, &state, 0) {
                let Command::MoveNoble {
                    noble,
                    kind: MoveKind::Road,
                    to,
                    ..
                } = &command
                else {
                    continue;
                };
                let way =
                    road_way(&content, &state, 0, &command).expect("a legal road move has a way");
                ways += 1;
                let from =
                    crate::rules::troops::area_of_noble(&content, &state, noble).expect("on land");
                let node = |id: &crate::content::RoadNodeId| map.road_node(id).expect("a node");
                assert_eq!(node(&way[0]).area, from, "{command:?}");
                assert_eq!(node(&way[way.len() - 1]).area, to.area, "{command:?}");
                for pair in way.windows(2) {
                    assert!(map.road_neighbours(&pair[0]).contains(&pair[1]), "{way:?}");
                }
                for id in &way {
                    if let Some(l) = &node(id).location {
                        assert!(passable(&content, &state, 0, l), "{command:?} passes {l}");
                    }
                }
                let open_road = map.road_way(&from, &to.area, |_| true).expect("a road");
                if open_road.len() < way.len() {
                    detours += 1;
                }
            }
        }
        assert!(ways > 20, "{ways} road moves");
        assert!(
            detours > 0,
            "no way went round a place held against the mover"
        );
    }
}
