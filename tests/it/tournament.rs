//! Arena tournaments from the lobby, against the tests' server (its
//! answers the spec's ArenaTournaments and results): the arenas listed in
//! words, one joined (with pairMeAsap), two pairings' games played as any
//! online game with the player's place said after each, the standings,
//! withdrawing; a token without the tournament:write scope said as such.

use crate::common::lichess::{BOARD_ONLY_TOKEN, Lichess, TOKEN, home_logged_in, start_lobby};
use crate::common::wait_for;
use std::io::Write;
use std::process::Child;

const ARENAS: &str = r#"{"created":[{"id":"PbhgCwu0","createdBy":"lichess","system":"arena","minutes":57,"clock":{"limit":480,"increment":2},"rated":true,"fullName":"Rapid Arena","nbPlayers":26,"variant":{"key":"standard"},"status":10,"secondsToStart":253,"perf":{"key":"rapid"}},{"id":"uKmhwTRP","minutes":57,"clock":{"limit":180,"increment":2},"fullName":"Hourly Antichess Arena","nbPlayers":2,"variant":{"key":"antichess"},"status":10,"secondsToStart":255}],"started":[{"id":"v7uBZPdA","minutes":57,"clock":{"limit":600,"increment":0},"fullName":"Hourly Rapid Arena","nbPlayers":7,"variant":{"key":"standard"},"status":20}],"finished":[]}"#;

fn lobby(
    name: &str,
    server: &Lichess,
    token: &str,
) -> (std::path::PathBuf, Child, std::sync::Arc<std::sync::Mutex<String>>) {
    let dir = home_logged_in(&format!("arena-{name}"), token);
    let (child, out) = start_lobby(&dir, server, "en");
    (dir, child, out)
}

fn typed(child: &mut Child, line: &str) {
    writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
}

#[test]
fn an_arena_is_joined_its_pairings_played_and_its_standings_said() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.arenas = ARENAS.into();
        s.results = vec![
            r#"{"rank":1,"score":12,"rating":2100,"username":"Anna"}"#.into(),
            r#"{"rank":2,"score":4,"rating":1500,"username":"Player"}"#.into(),
            r#"{"rank":3,"score":0,"rating":1600,"username":"Bob"}"#.into(),
        ];
    }
    let (dir, mut child, out) = lobby("en", &server, TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "2 arenas now or soon:", at);
    at = wait_for(&out, "1: Hourly Rapid Arena, 10 minutes, started, 57 minutes, 7 players.", at);
    at = wait_for(
        &out,
        "2: Rapid Arena, 8 minutes + 2 seconds, starts in 4 minutes 13 seconds, 57 minutes, 26 players.",
        at,
    );
    typed(&mut child, "standings");
    at = wait_for(&out, "You are in no tournament.", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "You joined Hourly Rapid Arena.", at);
    for (round, reply) in [(1, "e7e5"), (2, "c7c5")] {
        // The pairing: a game starts by itself.
        server.state.lock().unwrap().new_game("white", &format!("Opponent{round}"), &[reply]);
        at = wait_for(&out, "Type help for commands.", at);
        typed(&mut child, "e4");
        at = wait_for(&out, "Black: ", at);
        let id = server.state.lock().unwrap().games.keys().max().unwrap().clone();
        server.change(&id, |g| {
            g.status = "resign".into();
            g.winner = Some("white".into());
        });
        at = wait_for(&out, "White wins.", at);
        typed(&mut child, "quit");
        at = wait_for(&out, "Back in the lobby.", at);
        at = wait_for(&out, "Your place: 2 of 3, 4 points.", at);
    }
    typed(&mut child, "standings");
    at = wait_for(&out, "1. Anna: 12 points.", at);
    at = wait_for(&out, "Your place: 2 of 3, 4 points.", at);
    typed(&mut child, "pause");
    wait_for(&out, "You left the tournament, or paused in it", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let s = server.state.lock().unwrap();
    let posts: Vec<(&str, &str)> = s
        .requests
        .iter()
        .filter(|(m, p, _)| m == "POST" && p.contains("tournament"))
        .map(|(_, p, b)| (p.as_str(), b.as_str()))
        .collect();
    assert_eq!(
        posts,
        [
            ("/api/tournament/v7uBZPdA/join", "pairMeAsap=true"),
            ("/api/tournament/v7uBZPdA/join", "pairMeAsap=true"),
            ("/api/tournament/v7uBZPdA/join", "pairMeAsap=true"),
            ("/api/tournament/v7uBZPdA/withdraw", ""),
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_token_without_the_tournament_scope_is_said() {
    let server = Lichess::start();
    server.state.lock().unwrap().arenas = ARENAS.into();
    let (dir, mut child, out) = lobby("scope", &server, BOARD_ONLY_TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "1: Hourly Rapid Arena", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "Tournaments need a token with the scope tournament:write", at);
    typed(&mut child, "join 9");
    wait_for(&out, "There is no arena 9 in the list.", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let _ = std::fs::remove_dir_all(&dir);
}
