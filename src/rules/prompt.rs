//! [`prompt`]: what is being decided now and by whom, in words for a UI or a bot, the
//! faction named as players read it ([`crate::rules::faction_name`]).

use serde::Serialize;
use ts_rs::TS;

use crate::content::Content;
use crate::rules::FactionIdx;
use crate::rules::faction_names::faction_name;
use crate::rules::state::{Clock, Pending, State, WindowKind};

/// What is being decided now, for a UI or a bot.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(export)]
pub struct Prompt {
    /// Who decides.
    pub faction: Option<FactionIdx>,
    /// The clock.
    pub clock: Clock,
    /// The window or decision, if any: `before_event`, `add_to_combat`, `attendance`,
    /// `politicking`, `attack`, `chancery_awards`, `offer`.
    pub decision: Option<String>,
    /// Plain-English summary.
    pub text: String,
}

/// A decision's key, in words for players.
fn decision_words(key: &str) -> &str {
    match key {
        "attack" => "an attack",
        "chancery_awards" => "awarding the Chancery cards",
        "offer" => "an offer",
        "tie_break" => "choosing among tied Nobles",
        "raid_destination" => "where the Raid or Revolt strikes",
        "occupy" => "who goes inside the place taken",
        "storm_port" => "a port to run to before the storm",
        "embassy_companions" => "who goes with the King",
        "disembark" => "landing from the ships",
        "before_event" => "before the Event",
        "add_to_combat" => "adding to the combat",
        "attendance" => "attending Parliament",
        "politicking" => "politicking",
        _ => "a decision",
    }
}

/// Describes the decision under way.
pub fn prompt(content: &Content, state: &State) -> Prompt {
    let _ = content;
    let decision = state.pending.last().map(|p| match p {
        Pending::Attack(a) if a.window.is_none() => "attack".to_owned(),
        Pending::ChanceryAwards { .. } => "chancery_awards".to_owned(),
        Pending::Offer(_) => "offer".to_owned(),
        Pending::TieBreak(_) => "tie_break".to_owned(),
        Pending::RaidDestination { .. } => "raid_destination".to_owned(),
        Pending::Occupy { .. } => "occupy".to_owned(),
        Pending::StormPort(_) => "storm_port".to_owned(),
        Pending::EmbassyCompanions(_) => "embassy_companions".to_owned(),
        Pending::Disembark { .. } => "disembark".to_owned(),
        Pending::SpoilsBishop { .. } => "spoils_bishop".to_owned(),
        other => match other.window().map(|w| w.kind) {
            Some(WindowKind::BeforeEvent) => "before_event".to_owned(),
            Some(WindowKind::AddToCombat) => "add_to_combat".to_owned(),
            Some(WindowKind::Attendance) => "attendance".to_owned(),
            Some(WindowKind::Politicking) => "politicking".to_owned(),
            None => "decision".to_owned(),
        },
    });
    let faction = state.decider();
    let who = faction.map_or_else(|| "no one".to_owned(), |f| faction_name(content, state, f));
    let text = match &decision {
        Some(d) => format!(
            "{who} decides ({}) in the {} of round {}",
            decision_words(d),
            state.clock.phase.name(),
            state.clock.round
        ),
        None => format!(
            "{who}: {} of round {}",
            state.clock.phase.name(),
            state.clock.round
        ),
    };
    Prompt {
        faction,
        clock: state.clock.clone(),
        decision,
        text,
    }
}
