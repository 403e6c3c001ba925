//! Correspondence games from the lobby, against the tests' server: the
//! games where it is the player's move counted when the lobby opens and
//! listed with the days left; one joined, a move made and the game left
//! (still running on the server, nothing resigned); the lobby says when
//! an opponent has moved.

use crate::common::lichess::{Lichess, TOKEN, home_logged_in, start_lobby};
use crate::common::{text, wait_for};
use std::io::Write;
use std::time::{Duration, Instant};

#[test]
fn correspondence_games_are_listed_played_and_followed() {
    let server = Lichess::start();
    let (mine, theirs) = {
        let mut s = server.state.lock().unwrap();
        let mine = s.new_game("white", "Anna", &["e7e5"]);
        let theirs = s.new_game("black", "Bob", &[]);
        for id in [&mine, &theirs] {
            s.games.get_mut(id.as_str()).unwrap().correspondence = true;
        }
        (mine, theirs)
    };
    let dir = home_logged_in("corr", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let greeted = wait_for(&out, "Your move in 1 correspondence game.", 0);
    let anna = wait_for(&out, "correspondence against Anna, you play White, your move, 3 days 2 hours left.", greeted);
    let bob = wait_for(&out, "correspondence against Bob, you play Black, their move, 3 days 2 hours left.", greeted);
    let mut at = anna.max(bob);
    let n = if text(&out).find("Anna").unwrap() < text(&out).find("Bob").unwrap() { "1" } else { "2" };
    let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
    typed(n);
    at = wait_for(&out, "Type help for commands.", at);
    typed("e4");
    at = wait_for(&out, "Black: e5", at);
    typed("quit");
    at = wait_for(&out, "Back in the lobby.", at);
    // Bob moves; the lobby looks every 30 seconds.
    server.opponent_moves(&theirs, "e2e4");
    let start = Instant::now();
    while !text(&out)[at..].contains("Bob moved in your correspondence game: your move. Type games.") {
        assert!(start.elapsed() < Duration::from_secs(45), "Bob's move was never said: {}", text(&out));
        std::thread::sleep(Duration::from_millis(100));
    }
    typed("quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    let s = server.state.lock().unwrap();
    assert_eq!(s.games[&mine].status, "started", "leaving ended the game: {all}");
    assert_eq!(s.games[&mine].moves, ["e2e4", "e7e5"]);
    assert!(!s.requests.iter().any(|(_, p, _)| p.contains("resign") || p.contains("abort")), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}
