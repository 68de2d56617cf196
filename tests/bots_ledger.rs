//! A Normal seat's memory survives being rebuilt from the log: a bot recalled from the
//! entries so far (`NormalBot::recall`, as a stored game's seat is asked) has the same
//! promise ledger and chooses the same command as the bot that lived through the game.

use warwick::bots::{Bot, Decision, LiveLegal, NormalBot, Seen, bot_rng};
use warwick::content::Content;
use warwick::rules::{self, Command, Event, FactionIdx, Setup, Viewer};

/// One log row, owned.
enum Row {
    Command(FactionIdx, Command),
    Event(Event),
}

fn seen(log: &[Row]) -> impl Iterator<Item = Seen<'_>> {
    log.iter().map(|r| match r {
        Row::Command(by, command) => Seen::Command { by: *by, command },
        Row::Event(e) => Seen::Event(e),
    })
}

#[test]
fn a_recalled_normal_bot_remembers_and_chooses_as_the_one_that_lived() {
    let content = Content::embedded().expect("content");
    for (players, seed) in [(4u8, 21u64), (3, 5)] {
        let mut setup = Setup::new(players, seed);
        setup.time_limit_rounds = Some(10);
        let (mut state, events) = rules::start(&content, &setup).expect("start");
        let mut log: Vec<Row> = events.into_iter().map(Row::Event).collect();
        let mut bots: Vec<NormalBot> = (0..players).map(NormalBot::new).collect();
        let mut rngs: Vec<_> = (0..players).map(|i| bot_rng(seed, i)).collect();
        let (mut compared, mut promises) = (0, 0);
        for n in 0..6_000u32 {
            let Some(&faction) = rules::awaiting(&state).first() else {
                break;
            };
            let seat = usize::from(faction);
            let view = rules::view(&content, &state, Viewer::Faction { faction });
            let legal = LiveLegal::new(&content, &state, faction);
            let decision = Decision {
                content: &content,
                me: faction,
                view: &view,
                legal: &legal,
                budget: 0,
                meter: None,
            };
            let recalled = (n % 3 == 0).then(|| NormalBot::recall(faction, seen(&log)));
            if let Some(r) = &recalled {
                assert_eq!(
                    r.ledger(),
                    bots[seat].ledger(),
                    "seat {faction} ledger differs at decision {n}"
                );
            }
            let command = bots[seat].choose(&decision, &mut rngs[seat]);
            if let Some(mut r) = recalled {
                let again = r.choose(&decision, &mut bot_rng(0, faction));
                assert_eq!(
                    again, command,
                    "seat {faction} chose differently at decision {n}"
                );
                compared += 1;
            }
            let events = rules::decide(&content, &state, faction, &command).expect("legal");
            log.push(Row::Command(faction, command));
            for e in events {
                rules::evolve(&content, &mut state, &e);
                log.push(Row::Event(e));
            }
        }
        for b in &bots {
            promises += b.ledger().promises().len();
        }
        assert!(compared > 100, "only {compared} decisions compared");
        assert!(
            promises > 0,
            "no promise was ever made, the ledger went untested"
        );
    }
}

/// End to end: a stored game whose Normal seats are asked with a fresh bot per decision
/// (memory recalled from the rows in force) reaches exactly the state of the same game
/// played by bots that kept their memory (Normal ignores its random stream).
#[test]
fn a_stored_normal_game_plays_as_the_same_game_with_living_bots() {
    use warwick::bots::{BotKind, Table, make_bot};
    use warwick::service::{AtSeq, Mode, NewGame, SeatPlayer, Service};
    let content = Content::embedded().expect("content");
    let commands = 700;
    let mut request = NewGame::bots_around(3, None, Mode::Casual, 17);
    for seat in &mut request.seats {
        if let SeatPlayer::Bot { tier, .. } = seat {
            *tier = BotKind::Normal;
        }
    }
    let service = Service::new();
    let status = service.simulate(&request, commands).expect("stored game");
    let stored = service
        .state_at(&AtSeq {
            game: status.game,
            seq: status.head,
            faction: None,
        })
        .expect("state")
        .state_hash;
    let setup = request.options().expect("options").setup;
    let bots = (0..3).map(|i| make_bot(BotKind::Normal, i)).collect();
    let mut table = Table::new(&content, &setup, bots).expect("table");
    table.play(commands as u64).expect("plays");
    assert_eq!(table.commands, commands as u64, "the game ended early");
    assert_eq!(stored, rules::state_hash(table.state()));
}
