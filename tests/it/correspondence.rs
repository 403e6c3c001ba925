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

/// lichess says `gameStart` for every game in progress when the event
/// stream opens: with two correspondence games and one real-time game
/// running, the lobby lists all three, says the real-time one is running
/// and joins it, and enters neither correspondence game. The prompt names
/// the opponent (other games are in progress); the move goes to that game
/// alone. A challenge arriving during it is said. A correspondence game started on lichess meanwhile is said and
/// listed while the player is in the other game, not entered; its number
/// in the lobby joins it, and the move between games is said.
#[test]
fn no_game_is_entered_unasked() {
    let server = Lichess::start();
    let (anna, bob, carl) = {
        let mut s = server.state.lock().unwrap();
        let anna = s.running_game("white", "Anna", true, "friend");
        let bob = s.running_game("black", "Bob", true, "lobby");
        let carl = s.running_game("white", "Carl", false, "lobby");
        (anna, bob, carl)
    };
    let dir = home_logged_in("unasked", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Your move in 1 correspondence game.", 0);
    for name in ["correspondence against Anna", "correspondence against Bob", "against Carl, you play White"] {
        wait_for(&out, name, at);
    }
    at = wait_for(&out, "Your game against Carl is running: joining it.", at);
    at = wait_for(&out, "Now in the game against Carl.", at);
    at = wait_for(&out, "The game starts: Player (1500) against Carl (1600).", at);
    at = wait_for(&out, "Carl: 1. White>", at);
    let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
    typed("e4");
    at = wait_for(&out, "White: e4", at);
    // A challenge during the game: the lobby below says it.
    server.state.lock().unwrap().event(&crate::online::challenge("chall001", "Eve"));
    at = wait_for(&out, "Challenge 1 from Eve", at);
    // Bob moves in his correspondence game: said at the lobby's next look
    // (every 30 s), during Carl's game.
    server.opponent_moves(&bob, "e2e4");
    at = wait_long(&out, "Bob moved in your correspondence game: your move. Type games.", at);
    // Dora starts a correspondence game on lichess while the player is in
    // Carl's: said (the lobby below goes on), not entered.
    let dora = server.state.lock().unwrap().start_game("dora0001", "white", "Dora", &[], "friend", None, true);
    at = wait_for(&out, "New game 4: correspondence against Dora, you play White, your move", at);
    at = wait_for(&out, "Type 4 in the lobby to play it.", at);
    at = wait_for(&out, "Carl: 1... Black>", at);
    typed("quit");
    at = wait_for(&out, "Back in the lobby.", at);
    typed("4");
    at = wait_for(&out, "Now in the game against Dora.", at);
    at = wait_for(&out, "Dora: 1. White>", at);
    typed("quit");
    at = wait_for(&out, "Back in the lobby.", at);
    typed("quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    let _ = at;
    let s = server.state.lock().unwrap();
    let streamed: Vec<&String> =
        s.requests.iter().filter(|(_, p, _)| p.starts_with("/api/board/game/stream/")).map(|(_, p, _)| p).collect();
    assert_eq!(
        streamed,
        [&format!("/api/board/game/stream/{carl}"), &format!("/api/board/game/stream/{dora}")],
        "a game entered unasked: {all}"
    );
    let moves: Vec<&String> = s.requests.iter().filter(|(_, p, _)| p.contains("/move/")).map(|(_, p, _)| p).collect();
    assert_eq!(moves, [&format!("/api/board/game/{carl}/move/e2e4")], "{all}");
    assert!(s.games[anna.as_str()].moves.is_empty(), "{all}");
    assert_eq!(s.games[bob.as_str()].moves, ["e2e4"], "{all}");
    assert_eq!(all.matches("Goodbye.").count(), 1, "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits for a text that comes at the lobby's next look at the games
/// (every 30 s): up to three looks.
fn wait_long(out: &std::sync::Mutex<String>, needle: &str, from: usize) -> usize {
    let start = Instant::now();
    loop {
        if let Some(i) = text(out).get(from..).and_then(|t| t.find(needle)) {
            return from + i + needle.len();
        }
        assert!(start.elapsed() < Duration::from_secs(100), "waited for {needle:?}; got:\n{}", text(out));
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `puzzles` in the lobby plays lichess's puzzles above it: a challenge
/// and a correspondence opponent's move arriving during a puzzle are said
/// (the lobby below goes on), nothing is answered or played for the
/// player, and `quit` comes back to the lobby, where the challenge waits.
#[test]
fn news_is_said_during_a_puzzle() {
    let server = Lichess::start();
    let bob = {
        let mut s = server.state.lock().unwrap();
        s.puzzles = vec![crate::common::lichess::MATE.into()];
        s.running_game("black", "Bob", true, "lobby")
    };
    let dir = home_logged_in("news-puzzle", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "correspondence against Bob", 0);
    let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
    typed("puzzles");
    at = wait_for(&out, "Puzzle mate1, rated 1200: you play White.", at);
    at = wait_for(&out, "Black: Nf6", at);
    server.state.lock().unwrap().event(&crate::online::challenge("chall001", "Eve"));
    at = wait_for(&out, "Challenge 1 from Eve", at);
    server.opponent_moves(&bob, "e2e4");
    at = wait_long(&out, "Bob moved in your correspondence game: your move. Type games.", at);
    // The puzzle goes on where it was.
    typed("Qxf7");
    at = wait_for(&out, "Solved in", at);
    typed("quit");
    at = wait_for(&out, "Back in the lobby.", at);
    typed("quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    let _ = at;
    let s = server.state.lock().unwrap();
    assert_eq!(s.games[bob.as_str()].moves, ["e2e4"], "{all}");
    let answered = s.requests.iter().any(|(_, p, _)| p.contains("/challenge/chall001/"));
    assert!(!answered, "a challenge answered unasked: {all}");
    assert!(s.requests.iter().any(|(_, p, _)| p.starts_with("/api/puzzle/batch/mix")), "{all}");
    assert_eq!(all.matches("Goodbye.").count(), 1, "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The English `quit` leaves a game in a Russian, German or Korean
/// session (the game the lobby joined at once), as the language's own
/// word does; the lobby's `help` and `quit` are English too. A
/// correspondence game that starts meanwhile is said in the session's
/// language and not entered.
#[test]
fn english_quit_leaves_a_game_in_every_language() {
    for (lang, now_in, back, new) in [
        ("ru", "Теперь вы в партии с соперником Carl.", "Снова в зале.", "Новая партия 2:"),
        ("de", "Jetzt in der Partie gegen Carl.", "Wieder in der Lobby.", "Neue Partie 2:"),
        ("ko", "이제 Carl 님과의 게임입니다.", "로비로 돌아왔습니다.", "새 게임 2:"),
    ] {
        let server = Lichess::start();
        let carl = server.state.lock().unwrap().running_game("white", "Carl", false, "lobby");
        let dir = home_logged_in(&format!("quit-{lang}"), TOKEN);
        let (mut child, out) = start_lobby(&dir, &server, lang);
        let mut at = wait_for(&out, now_in, 0);
        let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
        typed("quit");
        at = wait_for(&out, back, at);
        // A correspondence game starting on lichess is said in the
        // session's language, and not entered.
        server.state.lock().unwrap().start_game("dora0001", "white", "Dora", &[], "friend", None, true);
        at = wait_for(&out, new, at);
        typed("help");
        at = wait_for(&out, "15+10", at);
        typed("quit");
        drop(child.stdin.take());
        let all = crate::common::ended_in_rows(&mut child, &out);
        let _ = at;
        let s = server.state.lock().unwrap();
        assert_eq!(s.games[carl.as_str()].status, "started", "{lang}: {all}");
        assert!(!s.requests.iter().any(|(_, p, _)| p.contains("/move/")), "{lang}: {all}");
        let streams = s.requests.iter().filter(|(_, p, _)| p.starts_with("/api/board/game/stream/")).count();
        assert_eq!(streams, 1, "{lang}: {all}");
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A real-time game running when the lobby opens, with moves played: its
/// greeting (who plays whom) is heard before the recap ("Black to move",
/// the last move), and the lobby's own words never hold it back (speech
/// through the SSIP stand-in).
#[test]
fn a_running_games_greeting_comes_before_its_recap() {
    use crate::common::ssip::SsipServer;
    let server = Lichess::start();
    let carl = {
        let mut s = server.state.lock().unwrap();
        let carl = s.running_game("black", "Carl", false, "lobby");
        s.games.get_mut(carl.as_str()).unwrap().moves = vec!["e2e4".into()];
        carl
    };
    let dir = home_logged_in("recap", TOKEN);
    let speech = SsipServer::start(&dir.join("run"));
    let (mut child, out) = crate::common::lichess::start_lobby_speaking(&dir, &server, &speech);
    let at = wait_for(&out, "1... Black>", 0);
    let start = Instant::now();
    while !speech.said().iter().any(|s| s.text.contains("Black to move") && s.ended.is_some()) {
        assert!(start.elapsed() < Duration::from_secs(30), "the recap was not said: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(10));
    }
    writeln!(child.stdin.as_mut().unwrap(), "quit").unwrap();
    wait_for(&out, "Back in the lobby.", at);
    drop(child.stdin.take());
    let _ = child.wait();
    let heard = speech.heard();
    let running = heard.find("Your game against Carl is running").unwrap_or_else(|| panic!("not said: {heard}"));
    let greeting = heard.find("The game starts: Carl").unwrap_or_else(|| panic!("no greeting: {heard}"));
    let recap = heard.find("Black to move").unwrap_or_else(|| panic!("no recap: {heard}"));
    assert!(running < greeting && greeting < recap, "out of order: {heard}");
    assert_eq!(server.state.lock().unwrap().games[carl.as_str()].status, "started");
    let _ = std::fs::remove_dir_all(&dir);
}
