//! A bot never uses hidden information: two states that differ only in what the seat cannot
//! see (other factions' hands, the order of the Crown and Event decks) give the same view and
//! the same choice, for every decision of a played game prefix. The positions are checked side
//! by side on the machine's cores (`common::par_map`).

mod common;

use warwick::bots::{BotKind, Decision, LiveLegal, bot_rng, make_bot};
use warwick::content::Content;
use warwick::rules::{self, FactionIdx, Setup, State, Viewer};

/// The same position with every hidden thing changed: the other hands swapped between the
/// other factions where sizes allow, and both decks reversed.
fn disguise(state: &State, me: FactionIdx) -> State {
    let mut s = state.clone();
    let others: Vec<usize> = (0..s.factions.len())
        .filter(|&i| i != usize::from(me))
        .collect();
    // Swap cards with the Crown deck so hand sizes stay the same.
    for &i in &others {
        let n = s.factions[i].hand.len().min(s.crown_deck.len());
        for k in 0..n {
            std::mem::swap(&mut s.factions[i].hand[k], &mut s.crown_deck[k]);
        }
    }
    s.crown_deck.reverse();
    s.event_deck.reverse();
    s
}

fn choice(content: &Content, state: &State, kind: BotKind, seed: u64) -> Option<String> {
    let me = *rules::awaiting(state).first()?;
    let view = rules::view(content, state, Viewer::Faction { faction: me });
    let legal = LiveLegal::new(content, state, me);
    let mut bot = make_bot(kind, me);
    let mut rng = bot_rng(seed, me);
    let decision = Decision {
        content,
        me,
        view: &view,
        legal: &legal,
        // Few samples (each plays every candidate out), so the Hard tier's search stays
        // quick here (ignored by the others).
        budget: 3,
        meter: None,
    };
    Some(format!("{:?}", bot.choose(&decision, &mut rng)))
}

/// Every decision of the first 150 steps of the seeded game of Normal bots the tiers are
/// compared on.
fn positions(content: &Content) -> Vec<State> {
    let mut setup = Setup::new(3, 11);
    setup.time_limit_rounds = Some(4);
    let bots = (0..3).map(|i| make_bot(BotKind::Normal, i)).collect();
    let mut table = warwick::bots::Table::new(content, &setup, bots).expect("table");
    let mut out = Vec::new();
    for _ in 0..150 {
        let state = table.state().clone();
        if rules::awaiting(&state).is_empty() {
            break;
        }
        out.push(state);
        if !table.step().expect("step") {
            break;
        }
    }
    out
}

/// The view and `kind`'s choice at `state` are those at its disguise.
fn check(content: &Content, state: &State, kind: BotKind) {
    let me = rules::awaiting(state)[0];
    let other = disguise(state, me);
    assert_ne!(
        rules::state_hash(state),
        rules::state_hash(&other),
        "the disguise changed something hidden"
    );
    assert_eq!(
        serde_json::to_string(&rules::view(
            content,
            state,
            Viewer::Faction { faction: me }
        ))
        .expect("json"),
        serde_json::to_string(&rules::view(
            content,
            &other,
            Viewer::Faction { faction: me }
        ))
        .expect("json"),
        "the view must not show hidden things"
    );
    assert_eq!(
        choice(content, state, kind, 5),
        choice(content, &other, kind, 5),
        "{kind:?} chose differently on hidden information"
    );
}

#[test]
fn hidden_information_does_not_change_choices() {
    let content = Content::embedded().expect("content");
    let kinds = [
        BotKind::Normal,
        BotKind::Random,
        BotKind::Easy,
        BotKind::Hard,
    ];
    // Each kind's game, played as before (the same seeded game of Normal bots each time).
    let games = common::par_map(&kinds, |_| positions(&content));
    let checks: Vec<(BotKind, &State)> = kinds
        .iter()
        .zip(&games)
        .flat_map(|(&kind, states)| states.iter().map(move |s| (kind, s)))
        .collect();
    common::par_map(&checks, |&(kind, state)| check(&content, state, kind));
    for (kind, states) in kinds.iter().zip(&games) {
        let compared = states.len();
        assert!(compared > 50, "{kind:?}: {compared} positions compared");
    }
}
