//! Every kind of decision the rules can put to a seat gets a legal bot answer: each own
//! phase step, each reactive window, attacks being assembled, Chancery awards, and every
//! kind of offer (ransom, gift, alliance, passage). Positions are made by pushing the
//! decision onto a real game's state; the answer must be one `legal_commands` lists.

use warwick::bots::{Bot, BotKind, Decision, NormalBot, RandomBot, bot_rng};
use warwick::content::Content;
use warwick::rules::state::{
    Attack, AttackTarget, Offer, OfferTerms, Pending, Place, Window, WindowKind,
};
use warwick::rules::{self, Command, Phase, Setup, State, Viewer};

fn game() -> (Content, State) {
    let content = Content::embedded().expect("content");
    let (state, _) = rules::start(&content, &Setup::new(3, 7)).expect("start");
    (content, state)
}

fn answer(content: &Content, state: &State, kind: BotKind) -> Option<Command> {
    let faction = *rules::awaiting(state).first()?;
    let legal = rules::legal_commands(content, state, faction);
    if legal.is_empty() {
        return None;
    }
    let view = rules::view(content, state, Viewer::Faction { faction });
    let decision = Decision {
        content,
        me: faction,
        view: &view,
        legal: &legal,
        budget: 0,
    };
    let mut rng = bot_rng(1, faction);
    let chosen = match kind {
        BotKind::Normal => NormalBot::new(faction).choose(&decision, &mut rng),
        BotKind::Random => RandomBot.choose(&decision, &mut rng),
    };
    assert!(
        legal.contains(&chosen),
        "{kind:?} chose {chosen:?}, not among {legal:?}"
    );
    Some(chosen)
}

fn both(content: &Content, state: &State, what: &str) -> Command {
    answer(content, state, BotKind::Random).unwrap_or_else(|| panic!("no decision: {what}"));
    answer(content, state, BotKind::Normal).unwrap_or_else(|| panic!("no decision: {what}"))
}

fn window(kind: WindowKind, order: Vec<u8>) -> Window {
    Window {
        kind,
        order,
        at: 0,
        passes: 0,
    }
}

#[test]
fn every_own_phase_step_is_answered() {
    let (content, state) = game();
    for phase in [
        Phase::Event,
        Phase::Movement,
        Phase::Combat,
        Phase::Parliament,
        Phase::Coronation,
        Phase::EndOfTurn,
    ] {
        let mut s = state.clone();
        s.clock.phase = phase;
        s.clock.step = if phase == Phase::EndOfTurn { 5 } else { 1 };
        if phase != Phase::Event {
            s.clock.round = 2;
        }
        both(&content, &s, phase.name());
    }
}

#[test]
fn every_window_is_answered() {
    let (content, state) = game();
    let me = state.clock.active;
    let order = vec![me, (me + 1) % 3, (me + 2) % 3];
    let card = content.events.cards()[0].id.clone();
    let area = state
        .nobles
        .values()
        .find_map(|n| match &n.place {
            Place::Field { area } => Some(area.clone()),
            Place::Inside { location } => content.map.area_of(location).cloned(),
            _ => None,
        })
        .expect("a Noble on the board");
    let cases = [
        Pending::EventReaction {
            card,
            window: window(WindowKind::BeforeEvent, order.clone()),
        },
        Pending::Parliament {
            summoner: me,
            area,
            window: window(WindowKind::Attendance, order.clone()),
        },
        Pending::Politicking {
            window: window(WindowKind::Politicking, order),
        },
    ];
    for pending in cases {
        let mut s = state.clone();
        s.pending.push(pending.clone());
        both(&content, &s, &format!("{pending:?}"));
    }
}

#[test]
fn attacks_and_chancery_awards_are_answered() {
    let (content, mut state) = game();
    state.clock.round = 2;
    state.clock.phase = Phase::Combat;
    let me = state.clock.active;
    let area = state
        .nobles_of(me)
        .first()
        .and_then(|n| {
            warwick::rules::state::Place::clone(&state.nobles[*n].place).into_area(&content)
        })
        .expect("area");
    let other = (me + 1) % 3;
    let mut s = state.clone();
    s.pending.push(Pending::Attack(Attack {
        attacker: me,
        area: area.clone(),
        target: AttackTarget::Field { faction: other },
        attackers: Vec::new(),
        window: None,
    }));
    both(&content, &s, "assembling an attack");
    let mut s = state.clone();
    s.pending.push(Pending::Attack(Attack {
        attacker: me,
        area,
        target: AttackTarget::Field { faction: other },
        attackers: Vec::new(),
        window: Some(window(WindowKind::AddToCombat, vec![other, me])),
    }));
    both(&content, &s, "the card window of a battle");
    let mut s = state;
    let chancery = content
        .cards
        .crown_cards
        .iter()
        .find(|c| c.card_type == warwick::content::cards::CardType::Office)
        .map(|c| c.id.clone())
        .expect("an Office");
    s.pending.push(Pending::ChanceryAwards {
        summoner: me,
        cards: vec![chancery],
    });
    both(&content, &s, "Chancery awards");
}

trait IntoArea {
    fn into_area(self, content: &Content) -> Option<warwick::content::AreaId>;
}

impl IntoArea for Place {
    fn into_area(self, content: &Content) -> Option<warwick::content::AreaId> {
        match self {
            Place::Field { area } => Some(area),
            Place::Inside { location } => content.map.area_of(&location).cloned(),
            _ => None,
        }
    }
}

#[test]
fn every_offer_kind_is_answered_by_the_policies() {
    let (content, state) = game();
    let from = state.clock.active;
    let to = (from + 1) % 3;
    let mover = state.nobles_of(from)[0].clone();
    let captive = state.nobles_of(to)[0].clone();
    let hand = state.factions[usize::from(from)].hand.clone();
    let area = state.nobles[&mover]
        .place
        .clone()
        .into_area(&content)
        .expect("area");
    let through = content
        .map
        .locations
        .iter()
        .find(|l| l.kind.is_fortified())
        .map(|l| l.id.clone())
        .expect("a place");
    let terms = [
        OfferTerms::Gift {
            cards: hand.iter().take(1).cloned().collect(),
        },
        OfferTerms::Alliance,
        OfferTerms::Passage {
            noble: mover,
            through,
            to: area,
        },
        OfferTerms::Ransom {
            captive,
            cards: hand.iter().take(1).cloned().collect(),
        },
    ];
    for t in terms {
        let mut s = state.clone();
        s.pending.push(Pending::Offer(Offer {
            id: 0,
            from,
            to,
            terms: t.clone(),
        }));
        let c = both(&content, &s, &format!("{t:?}"));
        assert!(
            matches!(c, Command::AcceptOffer | Command::RejectOffer),
            "{t:?} answered with {c:?}"
        );
        if matches!(t, OfferTerms::Gift { .. }) {
            assert_eq!(c, Command::AcceptOffer, "gifts are accepted (§Y 21.01)");
        }
    }
}
