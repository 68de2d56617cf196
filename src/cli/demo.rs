//! `warwick info` and `warwick demo`: the demo plays a short seeded game of Normal bots in the
//! terminal, one line per turn (who moved, fought, captured, was crowned, Parliament, Prestige),
//! with a progress bar over the rounds, and ends with the result and the command that plays
//! the same game again.

use crate::cli::output::out;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::CliResult;
use warwick::bots::{BotKind, Table, make_bot};
use warwick::content::Content;
use warwick::rules::{CombatOutcome, Event, FactionIdx, Setup, State, VictoryKind, prestige};
use warwick::service::Service;

/// Prints `app_info` as JSON.
pub fn info() -> CliResult {
    let info = Service::new().app_info();
    out!("{}", serde_json::to_string_pretty(&info)?)?;
    Ok(())
}

/// Arguments of `warwick demo`.
#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Factions (2-5).
    #[arg(long, default_value_t = 3)]
    players: u8,
    /// The game's seed.
    #[arg(long, default_value_t = 1461)]
    seed: u64,
    /// The time limit in rounds (a short game).
    #[arg(long, default_value_t = 6)]
    rounds: u32,
}

/// What one faction's turn did, gathered from its events.
#[derive(Default)]
struct TurnTally {
    moved: usize,
    battles: Vec<String>,
    captured: usize,
    died: usize,
    crowned: Vec<String>,
    parliament: Option<String>,
    alliances: usize,
}

/// Plays the demo game.
pub fn demo(args: DemoArgs) -> CliResult {
    let service = Service::new();
    let info = service.app_info();
    out!(
        "{} {} (rules v{}): a demo game of {} Normal bots, {} rounds, seed {}",
        info.name,
        info.version,
        info.rules_version,
        args.players,
        args.rounds,
        args.seed
    )?;
    let content = Content::embedded()?;
    let mut setup = Setup::new(args.players, args.seed);
    setup.time_limit_rounds = Some(args.rounds);
    let bots = (0..args.players)
        .map(|seat| make_bot(BotKind::Normal, seat))
        .collect();
    let mut table = Table::new(&content, &setup, bots)?;
    let bar = ProgressBar::new(u64::from(args.rounds));
    bar.set_style(ProgressStyle::with_template("{bar:30} round {pos}/{len}")?);
    let mut tally = TurnTally::default();
    let mut turn = turn_of(table.state());
    let mut before = prestiges(&content, table.state());
    while table.commands < 200_000 && table.step()? {
        for event in &table.last_events {
            count(&content, table.state(), event, &mut tally);
        }
        let now = turn_of(table.state());
        if now != turn || table.state().outcome.is_some() {
            let after = prestiges(&content, table.state());
            if let Some((round, faction)) = turn {
                let text = line(table.state(), round, faction, &tally, &before, &after);
                bar.suspend(|| out!("{text}"))?;
            }
            tally = TurnTally::default();
            before = after;
            turn = now;
            bar.set_position(u64::from(table.state().clock.round.min(args.rounds)));
        }
    }
    bar.finish_and_clear();
    let state = table.state();
    match &state.outcome {
        Some(outcome) => {
            let names: Vec<String> = outcome
                .winners
                .iter()
                .map(|w| faction_name(state, *w))
                .collect();
            let kind = match outcome.kind {
                VictoryKind::Royalty => "a Royalty Victory",
                VictoryKind::Prestige => "a Prestige Victory",
                VictoryKind::SharedPrestige => "a Shared Prestige Victory",
                VictoryKind::MinorPrestige => "a Minor Prestige Victory",
                VictoryKind::AllLose => "nothing: every Royal is dead and everyone loses",
                VictoryKind::Resigned => "a resignation",
            };
            out!(
                "Result: {} won {kind}, in round {}.",
                if names.is_empty() {
                    "no one".to_owned()
                } else {
                    names.join(" and ")
                },
                state.clock.round
            )?;
        }
        None => out!("The game did not finish.")?,
    }
    out!(
        "Play the same game again: warwick demo --players {} --seed {} --rounds {}",
        args.players,
        args.seed,
        args.rounds
    )?;
    Ok(())
}

/// The (round, active faction) of a turn in play, or `None` in the set-up.
fn turn_of(state: &State) -> Option<(u32, FactionIdx)> {
    (state.clock.round >= 1).then_some((state.clock.round, state.clock.active))
}

fn prestiges(content: &Content, state: &State) -> Vec<u32> {
    (0..state.factions.len())
        .map(|f| prestige(content, state, f as FactionIdx))
        .collect()
}

fn faction_name(state: &State, faction: FactionIdx) -> String {
    state
        .factions
        .get(usize::from(faction))
        .map_or_else(|| format!("Faction {faction}"), |f| f.name.clone())
}

fn count(content: &Content, state: &State, event: &Event, tally: &mut TurnTally) {
    match event {
        Event::NobleMoved {
            counts_as_move: true,
            ..
        } => tally.moved += 1,
        Event::CombatResolved { area, outcome, .. } => {
            let place = content
                .map
                .area(area)
                .map_or_else(|| area.to_string(), |a| a.name.clone());
            let result = match outcome {
                CombatOutcome::AttackerWon => "won",
                CombatOutcome::DefenderWon => "lost",
                _ => "drawn",
            };
            tally.battles.push(format!("{result} in {place}"));
        }
        Event::NobleCaptured { .. } => tally.captured += 1,
        Event::NobleDied { .. } => tally.died += 1,
        Event::RoyalCrowned { royal } => tally.crowned.push(
            content
                .cards
                .royal(royal.as_str())
                .map_or_else(|| royal.to_string(), |r| r.name.clone()),
        ),
        Event::ParliamentSummoned { area, .. } => {
            tally.parliament = Some(
                content
                    .map
                    .area(area)
                    .map_or_else(|| area.to_string(), |a| a.name.clone()),
            );
        }
        Event::AllianceFormed { .. } => tally.alliances += 1,
        _ => {}
    }
    let _ = state;
}

fn line(
    state: &State,
    round: u32,
    faction: FactionIdx,
    tally: &TurnTally,
    before: &[u32],
    after: &[u32],
) -> String {
    let mut parts = Vec::new();
    if tally.moved > 0 {
        parts.push(format!(
            "moved {} Noble{}",
            tally.moved,
            if tally.moved == 1 { "" } else { "s" }
        ));
    }
    if !tally.battles.is_empty() {
        parts.push(format!("fought: {}", tally.battles.join(", ")));
    }
    if tally.captured > 0 {
        parts.push(format!("{} captured", tally.captured));
    }
    if tally.died > 0 {
        parts.push(format!("{} killed", tally.died));
    }
    for royal in &tally.crowned {
        parts.push(format!("crowned {royal}"));
    }
    if let Some(area) = &tally.parliament {
        parts.push(format!("Parliament in {area}"));
    }
    if tally.alliances > 0 {
        parts.push("an Alliance formed".to_owned());
    }
    let changes: Vec<String> = before
        .iter()
        .zip(after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(f, (b, a))| format!("{} {b}→{a}", faction_name(state, f as FactionIdx)))
        .collect();
    if !changes.is_empty() {
        parts.push(format!("Prestige: {}", changes.join(", ")));
    }
    if parts.is_empty() {
        parts.push("a quiet turn".to_owned());
    }
    format!(
        "Round {round} · {}: {}",
        faction_name(state, faction),
        parts.join("; ")
    )
}
