//! The Parliament Phase (§12): who may summon and where, the summons, voluntary attendance
//! (12.08) in the open field or inside a friendly fortified place (12.09), drawing and
//! awarding Chancery (12.10–12.12), and the King's Peace (12.15).

use crate::content::cards::CardType;
use crate::content::map::LocationKind;
use crate::content::{AreaId, Content, CrownCardId, NobleId};
use crate::rules::FactionIdx;
use crate::rules::ctx::Ctx;
use crate::rules::error::{AttendCause, AwardCause, RuleError, StepCause, SummonCause};
use crate::rules::event::{CardDestination, CardSource, Event};
use crate::rules::flow;
use crate::rules::rng::shuffle;
use crate::rules::state::{Pending, Place, RoyalPlace, State, WindowKind};

/// The Area where `faction` may summon Parliament now, if any (12.01–12.04, Z26).
pub fn parliament_area(content: &Content, state: &State, faction: FactionIdx) -> Option<AreaId> {
    summon_area(content, state, faction).ok()
}

/// The Area where `faction` may summon Parliament now, or why it cannot (12.01–12.04, Z26).
pub fn summon_area(
    content: &Content,
    state: &State,
    faction: FactionIdx,
) -> Result<AreaId, SummonCause> {
    if state.clamours.last().is_none_or(|(_, used)| *used) {
        return Err(SummonCause::NoClamour);
    }
    if state
        .prestige_claim
        .as_ref()
        .is_some_and(|c| c.factions.contains(&faction))
    {
        return Err(SummonCause::ClaimStanding);
    }
    let kings: Vec<_> = state
        .royals
        .iter()
        .filter(|(_, r)| r.crowned && !matches!(r.place, RoyalPlace::Dead))
        .map(|(id, _)| *id)
        .collect();
    let noble: NobleId = if let [king] = kings.as_slice() {
        match state.royals.get(king).map(|r| &r.place) {
            Some(RoyalPlace::With { noble })
                if state
                    .nobles
                    .get(noble)
                    .is_some_and(|n| n.faction == faction) =>
            {
                *noble
            }
            _ => return Err(SummonCause::KingNotYours),
        }
    } else {
        if state.factions[usize::from(faction)]
            .chancellor_cards
            .is_empty()
        {
            return Err(SummonCause::NoChancellorCard); // 12.03
        }
        let holder = crate::rules::prestige::chancellor_card(content).and_then(|chancellor| {
            state
                .nobles
                .iter()
                .find(|(_, n)| n.faction == faction && n.awards.contains(&chancellor))
                .map(|(id, _)| *id)
        });
        let Some(id) = holder else {
            return Err(SummonCause::ChancellorMissing);
        };
        id
    };
    if state.is_besieged(&noble) {
        return Err(SummonCause::SummonerBesieged);
    }
    let Some(area) = crate::rules::troops::area_of_noble(content, state, &noble) else {
        return Err(SummonCause::SummonerAway);
    };
    if !content.map.is_mainland(&area) {
        return Err(SummonCause::SummonerAway); // not Calais
    }
    let ok = content
        .map
        .locations_in(&area)
        .into_iter()
        .any(|l| match l.kind {
            LocationKind::UnfortifiedTown => true,
            // 12.02: a friendly one, and not besieged.
            LocationKind::City | LocationKind::FortifiedTown | LocationKind::OpenTown => {
                state.place_friendly(&l.id, faction) && !state.besieged.contains_key(&l.id)
            }
            LocationKind::Castle | LocationKind::RoyalCastle => false,
        });
    if ok {
        Ok(area)
    } else {
        Err(SummonCause::NoTown)
    }
}

/// Whether a Noble may be summoned or attend (12.05, 12.06).
pub fn may_attend(content: &Content, state: &State, noble: &NobleId) -> bool {
    attend_bar(content, state, noble).is_ok()
}

/// Checks a Noble may be summoned or attend, or says why not (12.05, 12.06).
fn attend_bar(content: &Content, state: &State, noble: &NobleId) -> Result<(), AttendCause> {
    if state.is_besieged(noble) {
        return Err(AttendCause::Besieged);
    }
    if !crate::rules::troops::area_of_noble(content, state, noble)
        .is_some_and(|a| content.map.is_mainland(&a))
    {
        return Err(AttendCause::Away);
    }
    Ok(())
}

/// Checks a summons: the right Area, and a Noble of another faction named if any is
/// eligible (12.01–12.07, Z28).
pub fn check_summon(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    area: &AreaId,
    summoned: Option<&NobleId>,
) -> Result<(), RuleError> {
    let refuse = |cause| Err(RuleError::CannotSummonParliament { cause });
    match summon_area(ctx.content, &ctx.state, by) {
        Ok(at) if &at == area => {}
        Ok(_) => return refuse(SummonCause::OtherArea),
        Err(cause) => return refuse(cause),
    }
    let eligible: Vec<NobleId> = ctx
        .state
        .nobles
        .iter()
        .filter(|(id, n)| {
            !ctx.state.friendly(n.faction, by) && may_attend(ctx.content, &ctx.state, id)
        })
        .map(|(id, _)| *id)
        .collect();
    match summoned {
        Some(n) if !eligible.contains(n) => {
            let Some(x) = ctx.state.nobles.get(n) else {
                return Err(RuleError::NobleNotInPlay { noble: *n });
            };
            let cause = if ctx.state.friendly(x.faction, by) {
                AttendCause::Friendly
            } else {
                attend_bar(ctx.content, &ctx.state, n)
                    .err()
                    .unwrap_or(AttendCause::Away)
            };
            return Err(RuleError::CannotAttend { noble: *n, cause });
        }
        None if !eligible.is_empty() => return refuse(SummonCause::NameNoble), // Z28
        _ => {}
    }
    Ok(())
}

/// Summons Parliament (12.01–12.07), as [`check_summon`] allowed.
pub fn summon(ctx: &mut Ctx<'_>, by: FactionIdx, area: &AreaId, summoned: Option<&NobleId>) {
    let kings = ctx
        .state
        .royals
        .values()
        .filter(|r| r.crowned && !matches!(r.place, RoyalPlace::Dead))
        .count();
    if kings != 1
        && let Some(card) = ctx.state.factions[usize::from(by)]
            .chancellor_cards
            .first()
            .cloned()
    {
        ctx.emit(Event::ChancellorCardSpent { faction: by, card }); // 12.03
    }
    ctx.emit(Event::ParliamentSummoned {
        summoner: by,
        area: *area,
        summoned: summoned.cloned(),
    });
    ctx.emit(Event::ClamourUsed);
    let round = ctx.state.clock.round;
    ctx.emit(Event::KingsPeacePlaced {
        area: *area,
        summoner: by,
        round,
    }); // 12.15
    if let Some(n) = summoned {
        ctx.emit(Event::NobleMoved {
            noble: *n,
            to: Place::Field { area: *area },
            counts_as_move: false,
        });
    }
    let order = flow::clockwise_from(ctx, by);
    ctx.emit(Event::DecisionOpened {
        pending: Pending::Parliament {
            summoner: by,
            area: *area,
            window: flow::window(WindowKind::Attendance, order),
        },
    });
}

/// Sends a Noble to Parliament (12.08), as [`check_send`] allowed.
pub fn send(ctx: &mut Ctx<'_>, area: &AreaId, noble: &NobleId) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: Place::Field { area: *area },
        counts_as_move: false,
    });
}

/// Checks sending a Noble to Parliament (12.08).
pub fn check_send(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    area: &AreaId,
    noble: &NobleId,
) -> Result<(), RuleError> {
    let refuse = |cause| RuleError::CannotAttend {
        noble: *noble,
        cause,
    };
    if ctx.owner(noble) != Some(by) {
        return Err(refuse(AttendCause::NotYours));
    }
    let here =
        crate::rules::troops::area_of_noble(ctx.content, &ctx.state, noble).as_ref() == Some(area);
    if here {
        return Err(refuse(AttendCause::AlreadyThere));
    }
    attend_bar(ctx.content, &ctx.state, noble).map_err(refuse)
}

/// Attendance closed: draw Chancery, one card per attending Noble (12.10, Z27).
pub fn close_attendance(ctx: &mut Ctx<'_>, summoner: FactionIdx, area: &AreaId) {
    let attending = ctx
        .state
        .nobles
        .keys()
        .filter(|id| !ctx.state.is_besieged(id))
        .filter(|id| {
            crate::rules::troops::area_of_noble(ctx.content, &ctx.state, id).as_ref() == Some(area)
        })
        .count();
    let mut pool = ctx.state.chancery.to_vec();
    let mut rng = ctx.rng();
    shuffle(&mut rng, &mut pool);
    pool.truncate(attending);
    ctx.emit(Event::ChanceryDrawn {
        cards: pool.clone(),
    });
    if !pool.is_empty() {
        ctx.emit(Event::DecisionOpened {
            pending: Pending::ChanceryAwards {
                summoner,
                cards: pool,
            },
        });
    }
}

/// Nobles eligible to receive a Chancery card (12.11).
pub fn eligible_for(ctx: &Ctx<'_>, card: &CrownCardId) -> Vec<NobleId> {
    ctx.state
        .nobles
        .iter()
        .filter(|(_, n)| matches!(n.place, Place::Field { .. } | Place::Inside { .. }))
        .filter(|(id, _)| !ctx.state.is_besieged(id) && ctx.can_award(id, card))
        .map(|(id, _)| *id)
        .collect()
}

fn no_awards() -> RuleError {
    RuleError::WrongStep {
        cause: StepCause::NoChanceryAwards,
    }
}

fn drawn(ctx: &Ctx<'_>, card: &CrownCardId) -> Result<(), RuleError> {
    let Some(Pending::ChanceryAwards { cards, .. }) = ctx.state.pending.last() else {
        return Err(no_awards());
    };
    if !cards.contains(card) {
        return Err(RuleError::NotDrawn { card: *card });
    }
    Ok(())
}

/// Checks awarding a drawn Chancery card (12.11).
pub fn check_award_chancery(
    ctx: &Ctx<'_>,
    card: &CrownCardId,
    noble: &NobleId,
) -> Result<(), RuleError> {
    if !eligible_for(ctx, card).contains(noble) {
        let Some(n) = ctx.state.nobles.get(noble) else {
            return Err(RuleError::NobleNotInPlay { noble: *noble });
        };
        let cause = if !matches!(n.place, Place::Field { .. } | Place::Inside { .. }) {
            AwardCause::Away
        } else if ctx.state.is_besieged(noble) {
            AwardCause::Besieged
        } else {
            crate::rules::ctx::award_bar(ctx.content, n, card)
                .err()
                .unwrap_or(AwardCause::UnknownCard)
        };
        return Err(RuleError::CannotAward {
            card: *card,
            noble: *noble,
            cause,
        });
    }
    drawn(ctx, card)
}

/// The most of `cards` that can be awarded, whatever the order of awards (12.11): every Title
/// may go to the same Nobles (untitled ones without a Title) and every Office to the same
/// Nobles (titled ones without an Office), and a Noble given a Title at this Parliament may
/// then take an Office. So `t = min(Titles, Nobles able to take a Title)` Titles can be
/// awarded, and `min(Offices, Nobles able to take an Office + t)` Offices.
fn most_awardable(ctx: &Ctx<'_>, cards: &[CrownCardId]) -> usize {
    let of_type = |t: CardType| -> Vec<&CrownCardId> {
        cards
            .iter()
            .filter(|c| ctx.content.cards.card(c.as_str()).map(|x| x.card_type) == Some(t))
            .collect()
    };
    let takers = |of: &[&CrownCardId]| of.first().map_or(0, |c| eligible_for(ctx, c).len());
    let titles = of_type(CardType::Title);
    let offices = of_type(CardType::Office);
    let t = titles.len().min(takers(&titles));
    t + offices.len().min(takers(&offices) + t)
}

/// Checks discarding a drawn Chancery card: only if it cannot be awarded without leaving
/// another card unawarded, in any order of awards (12.11, 12.12). (An award never costs
/// another card its place: each takes one Noble's only opening for its type, and a Title
/// opens one for an Office.)
pub fn check_discard_chancery(ctx: &Ctx<'_>, card: &CrownCardId) -> Result<(), RuleError> {
    let Some(Pending::ChanceryAwards { cards, .. }) = ctx.state.pending.last() else {
        return Err(no_awards());
    };
    let rest: Vec<CrownCardId> = cards.iter().filter(|c| *c != card).cloned().collect();
    if most_awardable(ctx, &rest) < most_awardable(ctx, cards) {
        return Err(RuleError::MustActFirst {
            reason: crate::rules::error::MustAct::AwardChanceryCards,
        });
    }
    drawn(ctx, card)
}

/// Takes `card` from the drawn Chancery cards `cards` of `summoner`'s Parliament (the
/// decision waiting, whose card [`drawn`] checked); the decision closes with the last.
fn take_card(ctx: &mut Ctx<'_>, summoner: FactionIdx, cards: &[CrownCardId], card: &CrownCardId) {
    let rest: Vec<CrownCardId> = cards.iter().filter(|c| *c != card).cloned().collect();
    if rest.is_empty() {
        ctx.emit(Event::DecisionClosed);
    } else {
        ctx.emit(Event::DecisionUpdated {
            pending: Pending::ChanceryAwards {
                summoner,
                cards: rest,
            },
        });
    }
}

/// Awards a drawn Chancery card (12.11), as [`check_award_chancery`] allowed; `summoner` and
/// `cards` are the awards waiting.
pub fn award_chancery(
    ctx: &mut Ctx<'_>,
    summoner: FactionIdx,
    cards: &[CrownCardId],
    card: &CrownCardId,
    noble: &NobleId,
) {
    take_card(ctx, summoner, cards, card);
    ctx.award(noble, card, CardSource::Chancery);
}

/// Discards a drawn Chancery card no Noble can take (12.12), as [`check_discard_chancery`]
/// allowed; `summoner` and `cards` are the awards waiting.
pub fn discard_chancery(
    ctx: &mut Ctx<'_>,
    summoner: FactionIdx,
    cards: &[CrownCardId],
    card: &CrownCardId,
) {
    take_card(ctx, summoner, cards, card);
    ctx.emit(Event::CrownCardRevealed {
        card: *card,
        to: CardDestination::Discard,
    });
}

/// Checks sending a Noble to Parliament inside the fortified Town or City there (12.09): it
/// must belong to, or be allied with, the place's controller, and fit inside.
pub fn check_attend_inside(
    ctx: &Ctx<'_>,
    by: FactionIdx,
    area: &AreaId,
    noble: &NobleId,
    location: &crate::content::LocationId,
) -> Result<(), RuleError> {
    let town = ctx.content.map.location(location).is_some_and(|l| {
        &l.area == area
            && matches!(
                l.kind,
                LocationKind::City | LocationKind::FortifiedTown | LocationKind::OpenTown
            )
    });
    let inside = Place::Inside {
        location: *location,
    };
    let already = ctx.state.nobles.get(noble).map(|n| &n.place) == Some(&inside);
    let refuse = |cause| RuleError::CannotAttend {
        noble: *noble,
        cause,
    };
    if ctx.owner(noble) != Some(by) {
        return Err(refuse(AttendCause::NotYours));
    }
    if !town {
        return Err(refuse(AttendCause::NotATown));
    }
    if already {
        return Err(refuse(AttendCause::AlreadyInside));
    }
    attend_bar(ctx.content, &ctx.state, noble).map_err(refuse)?;
    if !ctx.state.place_friendly(location, by) {
        return Err(refuse(AttendCause::PlaceNotFriendly));
    }
    let to = crate::rules::command::Destination {
        area: *area,
        inside: Some(*location),
    };
    crate::rules::phases::movement::landing(ctx, by, noble, &to).map(|_| ())
}

/// Sends a Noble to Parliament inside the friendly fortified place (12.09), as
/// [`check_attend_inside`] allowed.
pub fn attend_inside(ctx: &mut Ctx<'_>, noble: &NobleId, location: &crate::content::LocationId) {
    ctx.emit(Event::NobleMoved {
        noble: *noble,
        to: Place::Inside {
            location: *location,
        },
        counts_as_move: false,
    });
}
