//! Tests of advice on demand: the suggestion is legal and stable, playing it is recorded and
//! verified, and a log that claims a suggestion was taken when it was not is caught.

use super::tests::human_game;
use super::*;
use crate::store::GameId;

fn ask(service: &Service, game: GameId) -> Advice {
    service
        .advice(&SeatRequest { game, faction: 0 })
        .expect("advice")
}

#[test]
fn advice_is_legal_stable_recorded_and_verified() {
    let service = Service::new();
    let status = human_game(&service, Mode::Casual, 5);
    let advice = ask(&service, status.game);
    assert_eq!(
        advice,
        ask(&service, status.game),
        "the same question, the same answer"
    );
    assert_eq!(advice.seq, status.head);
    assert!(!advice.reason.is_empty() && !advice.described.is_empty());
    let legal = service
        .legal(&SeatRequest {
            game: status.game,
            faction: 0,
        })
        .unwrap();
    assert!(legal.commands.iter().any(|c| c.command == advice.command));

    // Claiming another command was the suggestion is refused, and nothing is written.
    if let Some(other) = legal.commands.iter().find(|c| c.command != advice.command) {
        let refused = service.submit(&Submit {
            game: status.game,
            by: 0,
            command: other.command.clone(),
            expected_last_seq: status.head,
            advised: Some(true),
        });
        assert!(refused.is_err());
        assert_eq!(service.status(status.game).unwrap().head, status.head);
    }

    let played = service
        .submit(&Submit {
            game: status.game,
            by: 0,
            command: advice.command,
            expected_last_seq: status.head,
            advised: Some(true),
        })
        .unwrap();
    assert!(played.status.head > status.head);
    let text = service.log_text(status.game).unwrap().text;
    assert!(
        text.contains("\"advised\":true"),
        "the log records the advice taken"
    );
    service
        .verify(status.game)
        .expect("a game with advice taken verifies");
    assert!(service.verify_log(&text).is_ok());
}
