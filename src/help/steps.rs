//! "What can I do now?": for each step or decision a turn can wait on, a sentence or two on
//! what it is for and what the choices are, with a link into the reference; and the same for
//! the start screen's and the game screen's controls, and for the kinds of log line.

use serde::Serialize;
use ts_rs::TS;

use crate::rules::{Phase, Prompt};

use super::link::RuleLink;

/// Help for one step, control or log line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct StepHelp {
    /// The key it is looked up by: a decision (`attack`), a phase (`phase.movement`, with
    /// the step for the End of Turn: `phase.end_of_turn.4`), a control (`start.tier`) or an
    /// event type (`log.NobleDied`).
    pub key: String,
    /// A short name.
    pub title: String,
    /// What it is for and what the choices are.
    pub text: String,
    /// Where to read more.
    pub rule: RuleLink,
}

type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// Decisions and phases: key, title, text, section, anchor.
const STEPS: &[Row] = &[
    (
        "phase.setup",
        "Set-up",
        "The Factions, cards and pieces are being laid out. Nothing is asked of you yet.",
        "setup",
        "3.01",
    ),
    (
        "phase.event",
        "Event Phase",
        "Your turn opens with an Event card: draw it and see what it does to the map. Before it takes effect anyone may still play cards from hand.",
        "events",
        "8.01",
    ),
    (
        "phase.movement",
        "Movement Phase",
        "Move any of your Nobles and ships, each once: a Regional, Road or Sea move. A Free Move card gives one piece an extra move. End the phase when you are done.",
        "movement",
        "9.01",
    ),
    (
        "phase.combat",
        "Combat Phase",
        "You may attack enemies in an Area where your Nobles stand: a battle in the open field or a siege of a fortified place. Attacking is never required; end the phase to go on.",
        "combat",
        "10.01",
    ),
    (
        "phase.parliament",
        "Parliament Phase",
        "If a Clamour for Parliament is in play and you control the only King, you may summon Parliament to hand out the Chancery's Titles and Offices. Otherwise end the phase.",
        "parliament",
        "12.01",
    ),
    (
        "phase.coronation",
        "Coronation Phase",
        "A Royal of yours can be crowned here if it is the senior living member of its house, stands in a cathedral Area, and has Nobles with an Archbishop or two Bishops beside it.",
        "coronation",
        "13.01",
    ),
    (
        "phase.end_of_turn.1",
        "Claim a Prestige Victory",
        "You may claim the Prestige Victory card now: you control a King and have reached the target. Hold the target until the end of your next turn to win.",
        "winning",
        "15.03",
    ),
    (
        "phase.end_of_turn.2",
        "Draw Crown cards",
        "Two Crown cards come into your hand.",
        "end-of-turn",
        "14.02",
    ),
    (
        "phase.end_of_turn.3",
        "Leave the walls",
        "Nobles inside fortified places may step out into the open field of their Area. End the step to stay where you are.",
        "end-of-turn",
        "14.06",
    ),
    (
        "phase.end_of_turn.4",
        "Politicking",
        "Every Faction in turn may play or award cards, trade, make offers, form or leave Alliances, or execute Royals. Pass when you have nothing to do.",
        "end-of-turn",
        "14.07",
    ),
    (
        "phase.end_of_turn.5",
        "Discard",
        "If you drew two Crown cards this turn, give one card from your hand back.",
        "end-of-turn",
        "14.10",
    ),
    (
        "phase.game_over",
        "The game is over",
        "The game has ended. Look back at it on the timeline, or start another.",
        "winning",
        "15.01",
    ),
    (
        "before_event",
        "Before the Event",
        "The Event card is on the table but has not acted yet. Play a Noble or award a card from hand if it helps you, or pass.",
        "events",
        "8.02",
    ),
    (
        "add_to_combat",
        "Adding to the combat",
        "Both sides, defender first, may strengthen their Nobles with cards from hand or kill a Royal with them. The attacker may also call the attack off. Pass when you are done.",
        "combat",
        "10.15",
    ),
    (
        "attendance",
        "Attending Parliament",
        "Send any of your Nobles on the mainland to Parliament: each attending Noble means one more Chancery card drawn. Pass when you are done.",
        "parliament",
        "12.08",
    ),
    (
        "politicking",
        "Politicking",
        "Trade, make offers, award cards, form or leave Alliances, or execute Royals. Pass when you have nothing to do.",
        "end-of-turn",
        "14.07",
    ),
    (
        "attack",
        "Setting up an attack",
        "Choose which of your Nobles in the Area attack, then launch it (or call it off). Each Noble attacks once per Combat Phase.",
        "combat",
        "10.11",
    ),
    (
        "chancery_awards",
        "Awarding the Chancery",
        "Hand every Chancery card drawn to a Noble who may hold it, in any Faction. Cards nobody can take are discarded.",
        "parliament",
        "12.11",
    ),
    (
        "offer",
        "An offer",
        "Another Faction proposes a deal. Accept it or turn it down; nothing binds either of you beyond what the deal itself moves.",
        "negotiation",
        "offers",
    ),
    (
        "tie_break",
        "Choosing among tied Nobles",
        "Several of your Nobles on the list are equally strong. Choose which one is lost; the others are spared.",
        "combat",
        "10.29",
    ),
    (
        "raid_destination",
        "Where the Raid or Revolt strikes",
        "One of your Nobles is called to more than one place. Choose where it goes.",
        "events",
        "8.15",
    ),
    (
        "occupy",
        "Going inside",
        "The place is taken. Choose which friendly Nobles of the Area go inside, up to its capacity; if a Royal is there, an attacker must go in.",
        "sieges",
        "10.60",
    ),
    (
        "storm_port",
        "Running before the storm",
        "A storm drives your ship to its nearest port, and two are equally near. Choose one.",
        "events",
        "8.26",
    ),
    (
        "embassy_companions",
        "Going with the King",
        "The King goes on an Embassy. Friendly Nobles standing with him may go too; choose who.",
        "events",
        "8.21",
    ),
    (
        "disembark",
        "Landing",
        "Your Nobles have come ashore. Each may stay in the open field or go inside a friendly fortified place of that Area.",
        "movement",
        "9.46",
    ),
    (
        "spoils_bishop",
        "A Bishop among the spoils",
        "None of your Nobles here could take the captive's Archbishop or Bishop, so it is going to the discard pile. One of them may take it instead of the one it holds, which is discarded in its place, or keep its own.",
        "capture",
        "11.10",
    ),
];

/// The start screen's and the game screen's controls and panels.
const CONTROLS: &[Row] = &[
    (
        "start.players",
        "Players",
        "How many Factions take part, 2 to 5: you and the computer players. The Prestige target and the set-up depend on it.",
        "setup",
        "3.05",
    ),
    (
        "start.tier",
        "Bot tier",
        "How well a computer Faction plays: Random makes any legal move, Easy and Normal plan ahead more. Each bot sees only what a player in its seat would see.",
        "turn",
        "7.01",
    ),
    (
        "start.setup",
        "Set-up",
        "Pre-set Factions deal each player a printed Faction card with its Nobles and cards. Controlled random deals the cards by type instead, and keeps the strengths even.",
        "random-setup",
        "5.01",
    ),
    (
        "start.two_player",
        "Two players",
        "With two players a non-player Faction holds four places, and each turn draws two Event cards.",
        "two-player",
        "4.01",
    ),
    (
        "start.mode",
        "Undo",
        "Casual lets you take back any decision that revealed nothing new. Challenge never takes back a move past a card drawn or a die rolled, as at the table.",
        "turn",
        "7.02",
    ),
    (
        "start.seed",
        "Seed",
        "The number the shuffles and draws come from. The same seed and choices give the same game, so you can share it.",
        "setup",
        "3.06",
    ),
    (
        "start.time_limit",
        "Time limit",
        "Optionally stop after a number of rounds; then the Faction with most Prestige takes a Minor Victory.",
        "time-limit",
        "6.01",
    ),
    (
        "panel.prestige",
        "Prestige",
        "Prestige counts your best Royal on the mainland, Offices, Archbishops, Cities, Major Battle and Siege cards and Dominion bonuses. Reach the target with a King in hand to claim a Prestige Victory; in an Alliance the target is higher and counts the Alliance together.",
        "prestige",
        "16.01",
    ),
    (
        "panel.royals",
        "Royals",
        "The seven Royals of Lancaster and York and who controls them. Only the senior living Royal of each house can be crowned.",
        "royalty",
        "1.02",
    ),
    (
        "panel.chancery",
        "Chancery",
        "Titles and Offices waiting for an owner. They are handed out only when Parliament sits.",
        "chancery",
        "18.01",
    ),
    (
        "panel.hand",
        "Your hand",
        "Crown cards you hold but have not played. Play a Noble card to add a Noble, or award other cards to your Nobles; when a Noble dies you may draw replacements.",
        "rally",
        "22.01",
    ),
    (
        "panel.alliances",
        "Alliances",
        "Factions may ally once a head of a house is controlled. Allies never fight each other and win together.",
        "alliances",
        "23.01",
    ),
    (
        "map.key",
        "Map key",
        "Areas are grouped into Regions; roads join Areas; fortified places shelter Nobles behind a garrison. Royals, ships and Faction markers show who holds what.",
        "crown-cards",
        "19.13",
    ),
];

/// Kinds of log line that report a rule's outcome.
const LOG: &[Row] = &[
    (
        "log.GameStarted",
        "Set-up",
        "The Factions, cards and pieces were laid out.",
        "setup",
        "3.05",
    ),
    (
        "log.EventCardDrawn",
        "Event",
        "An Event card was drawn and resolved.",
        "events",
        "8.01",
    ),
    (
        "log.PrestigeTileRevealed",
        "Prestige tile",
        "The Prestige Victory tile came up: claims are possible from now on.",
        "events",
        "8.41",
    ),
    (
        "log.NobleMoved",
        "Move",
        "A Noble moved.",
        "movement",
        "9.02",
    ),
    (
        "log.ShipMoved",
        "Sail",
        "A ship sailed.",
        "movement",
        "9.30",
    ),
    (
        "log.FreeMoveSpent",
        "Free Move",
        "A Free Move card bought an extra move.",
        "movement",
        "9.70",
    ),
    (
        "log.CombatResolved",
        "Combat",
        "A battle or siege was resolved against the drawn card's odds.",
        "combat",
        "10.24",
    ),
    (
        "log.MajorCardAwarded",
        "Major Battle or Siege",
        "Office-holders fought on both sides, so the winner took a Major card.",
        "combat",
        "10.25",
    ),
    (
        "log.BesiegedMarked",
        "Besieged",
        "Bad Weather stopped the siege: the place is now besieged.",
        "sieges",
        "10.50",
    ),
    (
        "log.NobleDied",
        "Death",
        "A Noble died; its cards went to Chancery, the discard or the victor.",
        "capture",
        "11.01",
    ),
    (
        "log.NobleCaptured",
        "Capture",
        "A Noble was captured and may be ransomed this turn, or executed.",
        "capture",
        "11.07",
    ),
    (
        "log.NobleRansomed",
        "Ransom",
        "A captive was ransomed back to its owner.",
        "capture",
        "11.08",
    ),
    (
        "log.ParliamentSummoned",
        "Parliament",
        "Parliament was summoned.",
        "parliament",
        "12.01",
    ),
    (
        "log.KingsPeacePlaced",
        "King's Peace",
        "No combat in this Area until the summoner's next Combat Phase ends.",
        "parliament",
        "12.15",
    ),
    (
        "log.RoyalCrowned",
        "Coronation",
        "A Royal was crowned.",
        "coronation",
        "13.06",
    ),
    (
        "log.CrownCardsDrawn",
        "Crown cards drawn",
        "Crown cards came into a hand.",
        "end-of-turn",
        "14.02",
    ),
    (
        "log.PrestigeCardClaimed",
        "Prestige claim",
        "A Prestige Victory was claimed; it wins if the Prestige holds to the end of the claimant's next turn.",
        "winning",
        "15.03",
    ),
    (
        "log.PrestigeCardReturned",
        "Claim lost",
        "The claim failed: Prestige fell below the target or an Alliance changed.",
        "winning",
        "15.07",
    ),
    (
        "log.PrestigeChanged",
        "Prestige",
        "A Faction's Prestige changed.",
        "prestige",
        "16.01",
    ),
    (
        "log.RoyalControlGained",
        "Royal taken",
        "A Faction gained control of a Royal.",
        "royals",
        "17.02",
    ),
    (
        "log.RoyalDied",
        "Royal died",
        "A Royal died or was executed.",
        "royals",
        "17.11",
    ),
    (
        "log.BothHousesMarked",
        "Both houses",
        "A Faction holds Royals of both houses and must give one house up by the end of its next turn.",
        "royals",
        "17.13",
    ),
    (
        "log.ChanceryDrawn",
        "Chancery drawn",
        "Chancery cards were drawn for Parliament.",
        "chancery",
        "18.01",
    ),
    (
        "log.CityCardAwarded",
        "City",
        "A City card changed hands with the City.",
        "crown-cards",
        "19.16",
    ),
    (
        "log.ControlChanged",
        "Control",
        "A fortified place changed hands.",
        "crown-cards",
        "19.13",
    ),
    (
        "log.HandCardsGiven",
        "Cards given",
        "Cards moved between hands by a deal.",
        "trading",
        "21.01",
    ),
    (
        "log.AllianceFormed",
        "Alliance",
        "An Alliance was formed.",
        "alliances",
        "23.02",
    ),
    (
        "log.AllianceLeft",
        "Alliance ended",
        "A Faction left its Alliance.",
        "alliances",
        "23.20",
    ),
    (
        "log.AlliedForceFormed",
        "Allied Force",
        "Allied Nobles joined into one Force.",
        "alliances",
        "23.10",
    ),
    (
        "log.GameEnded",
        "Game over",
        "The game ended.",
        "winning",
        "15.01",
    ),
];

fn rows(rows: &[Row]) -> Vec<StepHelp> {
    rows.iter()
        .map(|(key, title, text, section, anchor)| StepHelp {
            key: (*key).to_owned(),
            title: (*title).to_owned(),
            text: (*text).to_owned(),
            rule: RuleLink::new(section, anchor),
        })
        .collect()
}

/// Help for every step and decision.
pub fn steps() -> Vec<StepHelp> {
    rows(STEPS)
}

/// Help for the controls and panels.
pub fn controls() -> Vec<StepHelp> {
    rows(CONTROLS)
}

/// Help for the kinds of log line.
pub fn log_lines() -> Vec<StepHelp> {
    rows(LOG)
}

/// The step key of a prompt: its decision, or its phase (with the step at the End of Turn).
pub fn step_key(prompt: &Prompt) -> String {
    if let Some(decision) = &prompt.decision {
        return decision.clone();
    }
    let phase = serde_json::to_value(prompt.clock.phase)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    match prompt.clock.phase {
        Phase::EndOfTurn => format!("phase.{phase}.{}", prompt.clock.step),
        _ => format!("phase.{phase}"),
    }
}

/// The help for a prompt, if there is any for its step.
pub fn help_for(prompt: &Prompt) -> Option<StepHelp> {
    let key = step_key(prompt);
    steps().into_iter().find(|s| s.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Content;
    use crate::help::Reference;
    use crate::rules::{Setup, prompt, start};

    #[test]
    fn every_help_links_an_existing_rule_and_keys_are_unique() {
        let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e:#?}"));
        let all: Vec<StepHelp> = steps()
            .into_iter()
            .chain(controls())
            .chain(log_lines())
            .collect();
        let mut keys = std::collections::BTreeSet::new();
        for help in &all {
            assert!(keys.insert(help.key.clone()), "{} twice", help.key);
            assert!(
                reference.has(&help.rule.section, help.rule.anchor.as_deref()),
                "{} links to {:?}, which the reference does not have",
                help.key,
                help.rule
            );
        }
    }

    #[test]
    fn every_phase_step_and_decision_has_help() {
        let keys: std::collections::BTreeSet<String> = steps().into_iter().map(|s| s.key).collect();
        let mut wanted: Vec<String> = [
            "setup",
            "event",
            "movement",
            "combat",
            "parliament",
            "coronation",
            "game_over",
        ]
        .iter()
        .map(|p| format!("phase.{p}"))
        .collect();
        wanted.extend((1..=5).map(|s| format!("phase.end_of_turn.{s}")));
        // The decisions `rules::prompt` names (api.rs).
        wanted.extend(
            [
                "attack",
                "chancery_awards",
                "offer",
                "tie_break",
                "raid_destination",
                "occupy",
                "storm_port",
                "embassy_companions",
                "disembark",
                "spoils_bishop",
                "before_event",
                "add_to_combat",
                "attendance",
                "politicking",
            ]
            .map(str::to_owned),
        );
        let missing: Vec<&String> = wanted.iter().filter(|k| !keys.contains(*k)).collect();
        assert!(missing.is_empty(), "no step help for {missing:?}");
    }

    #[test]
    fn the_first_prompt_has_help() {
        let content = Content::embedded().expect("content");
        let (state, _) = start(&content, &Setup::new(3, 1)).expect("set-up");
        let p = prompt(&content, &state);
        let help = help_for(&p).unwrap_or_else(|| panic!("no help for {}", step_key(&p)));
        assert!(!help.text.is_empty());
    }
}
