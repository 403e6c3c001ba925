//! A lichess game comes first (issue 65): a 429 on a move or a request
//! of the game is said at once and holds nothing back; a request that
//! hangs never holds a move; a game that starts in the minute after a
//! 429 is joined; quitting the lobby with a real-time game running names
//! it and asks, and the end of input names it too.

use crate::common::lichess::{Lichess, TOKEN, home_logged_in, start_lobby};
use crate::common::typed;
use crate::common::{ended_in_rows, text, wait_for};
use std::process::Child;
use std::sync::{Arc, Mutex};

/// The lobby of a new server in English, Anna's challenge accepted: the
/// game (`chall001`, the player White) is entered; the opponent answers
/// with `script`.
fn in_a_game(name: &str, script: &[&str]) -> (Lichess, std::path::PathBuf, Child, Arc<Mutex<String>>, usize) {
    let server = Lichess::start();
    server.state.lock().unwrap().next_game_script = script.iter().map(|s| s.to_string()).collect();
    let dir = home_logged_in(&format!("first-{name}"), TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    server.state.lock().unwrap().event(&crate::online::challenge("chall001", "Anna"));
    at = wait_for(&out, "Accept or decline?", at);
    typed(&mut child, "accept");
    at = wait_for(&out, "Type help for commands.", at);
    (server, dir, child, out, at)
}

/// Leaves the game for the lobby and the lobby with the game running
/// (asked, and answered yes); all the session printed, rows joined.
fn leave_running_game(mut child: Child, out: &Mutex<String>, mut at: usize) -> String {
    typed(&mut child, "quit");
    at = wait_for(out, "Back in the lobby.", at);
    typed(&mut child, "quit");
    at = wait_for(out, "Quit and leave it running on lichess?", at);
    typed(&mut child, "yes");
    drop(child.stdin.take());
    let _ = at;
    ended_in_rows(&mut child, out)
}

/// The posts of the player's moves that reached the server, in order.
fn move_posts(server: &Lichess) -> Vec<String> {
    let s = server.state.lock().unwrap();
    s.requests.iter().filter(|(m, p, _)| m == "POST" && p.contains("/move/")).map(|(_, p, _)| p.clone()).collect()
}

/// A 429 on the player's move is said at once, with the move and what
/// became of it (taken back), and the move played again goes to lichess
/// at once: the quiet minute after a 429 never holds a game's moves.
/// A 429 on `give time` is said at once too, and the game goes on.
#[test]
fn a_429_on_a_move_is_said_at_once_and_holds_nothing() {
    let (server, dir, mut child, out, mut at) = in_a_game("move-429", &["e7e5", "b8c6"]);
    server.state.lock().unwrap().limited_paths = vec!["/api/board/game/chall001/move/".into()];
    typed(&mut child, "e4");
    at = wait_for(&out, "lichess did not take e4: it asks to wait. The move is taken back; play it again.", at);
    // Taken back here: White is to move in the start position.
    at = wait_for(&out, "Taken back: White's e4. White to move.", at);
    // Within the minute after the 429: the move goes at once.
    server.state.lock().unwrap().limited_paths = vec!["/api/round/chall001/add-time/".into()];
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    typed(&mut child, "give time");
    at = wait_for(&out, "lichess did not take the time you gave: it asks to wait. The game goes on.", at);
    typed(&mut child, "Nf3");
    at = wait_for(&out, "Black: Nc6", at);
    let all = leave_running_game(child, &out, at);
    let posts = move_posts(&server);
    assert_eq!(
        posts,
        [
            "/api/board/game/chall001/move/e2e4",
            "/api/board/game/chall001/move/e2e4",
            "/api/board/game/chall001/move/g1f3"
        ],
        "{all}"
    );
    assert!(!all.contains("no connection"), "a 429 is no lost connection: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A request of the game that hangs (lichess holds `give time`) never
/// holds the player's move: the move reaches lichess and the answer comes
/// while the request is still held.
#[test]
fn a_hanging_request_never_holds_a_move() {
    let (server, dir, mut child, out, mut at) = in_a_game("hang", &["e7e5"]);
    server.state.lock().unwrap().held_paths = vec!["/api/round/chall001/add-time/".into()];
    typed(&mut child, "give time");
    // The request is at the server, and held there.
    let start = std::time::Instant::now();
    while !server.state.lock().unwrap().requests.iter().any(|(_, p, _)| p.contains("add-time")) {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "give time never came: {}", text(&out));
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    // The move went and was answered while the request was still held
    // (its answer, or its failure after 15 s of silence, came later).
    let before_the_answer = text(&out);
    assert!(!before_the_answer.contains("the time you gave"), "the move waited: {before_the_answer}");
    assert!(!before_the_answer.contains("15 seconds"), "the move waited: {before_the_answer}");
    assert_eq!(move_posts(&server), ["/api/board/game/chall001/move/e2e4"]);
    server.state.lock().unwrap().held_paths.clear();
    at = wait_for(&out, "lichess gave your opponent 15 seconds.", at);
    leave_running_game(child, &out, at);
    let _ = std::fs::remove_dir_all(&dir);
}

/// After a 429 on `my games`, a game that starts within the minute is
/// joined and played: the quiet minute holds back lists, never a game.
#[test]
fn a_game_that_starts_after_a_429_is_joined() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.limited_paths = vec!["/api/games/user/".into()];
        s.next_game_script = vec!["e7e5".into()];
    }
    let dir = home_logged_in("first-join-429", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "my games");
    at = wait_for(&out, "lichess asks to wait a minute", at);
    server.state.lock().unwrap().event(&crate::online::challenge("chall001", "Anna"));
    at = wait_for(&out, "Accept or decline?", at);
    typed(&mut child, "accept");
    at = wait_for(&out, "Type help for commands.", at);
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    // The list still waits out its minute.
    typed(&mut child, "quit");
    at = wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "my games");
    at = wait_for(&out, "lichess asked to wait a minute:", at);
    typed(&mut child, "quit");
    at = wait_for(&out, "Quit and leave it running on lichess?", at);
    typed(&mut child, "yes");
    drop(child.stdin.take());
    let all = ended_in_rows(&mut child, &out);
    let _ = at;
    assert!(!all.contains("Nothing was sent.  Type help"), "{all}");
    assert_eq!(move_posts(&server), ["/api/board/game/chall001/move/e2e4"], "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `quit` in the lobby with a real-time game running names it (the
/// opponent, whose move, the clock) and asks: no stays, yes leaves; the
/// game is never ended by voxchess. In Russian too.
#[test]
fn quitting_the_lobby_names_a_running_game_and_asks() {
    for (lang, now_in, back, named, ask, stay) in [
        (
            "en",
            "Now in the game against Carl.",
            "Back in the lobby.",
            "Your game against Carl is running: your move, 15 minutes on your clock.",
            "Quit and leave it running on lichess? Yes or no.",
            "You stay in the lobby.",
        ),
        (
            "ru",
            "Теперь вы в партии с соперником Carl.",
            "Снова в зале.",
            "Идёт ваша партия с соперником Carl: ваш ход, на ваших часах 15 минут.",
            "Выйти и оставить её идти на lichess? Да или нет.",
            "Вы остаётесь в зале.",
        ),
    ] {
        let server = Lichess::start();
        let carl = server.state.lock().unwrap().running_game("white", "Carl", false, "lobby");
        let dir = home_logged_in(&format!("first-quit-{lang}"), TOKEN);
        let (mut child, out) = start_lobby(&dir, &server, lang);
        let mut at = wait_for(&out, now_in, 0);
        typed(&mut child, "quit");
        at = wait_for(&out, back, at);
        typed(&mut child, "quit");
        at = wait_for(&out, named, at);
        at = wait_for(&out, ask, at);
        typed(&mut child, if lang == "ru" { "нет" } else { "no" });
        at = wait_for(&out, stay, at);
        // Where the player is: the lobby.
        typed(&mut child, if lang == "ru" { "где я" } else { "where am i" });
        at = wait_for(&out, if lang == "ru" { "Зал lichess" } else { "Lobby of lichess, as Player." }, at);
        // Still in the lobby: it answers.
        typed(&mut child, "help");
        at = wait_for(&out, "15+10", at);
        typed(&mut child, "quit");
        at = wait_for(&out, ask, at);
        typed(&mut child, if lang == "ru" { "да" } else { "yes" });
        drop(child.stdin.take());
        let all = ended_in_rows(&mut child, &out);
        let _ = at;
        let s = server.state.lock().unwrap();
        assert_eq!(s.games[carl.as_str()].status, "started", "{lang}: {all}");
        assert!(!s.requests.iter().any(|(_, p, _)| p.contains("/resign") || p.contains("/abort")), "{lang}: {all}");
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The end of input in the lobby with a real-time game running (nothing
/// can be asked any more) still names it, and a correspondence game is
/// said to go on.
#[test]
fn the_end_of_input_names_the_games_left_running() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.running_game("white", "Carl", false, "lobby");
        s.running_game("black", "Dora", true, "friend");
    }
    let dir = home_logged_in("first-input-end", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Now in the game against Carl.", 0);
    typed(&mut child, "quit");
    at = wait_for(&out, "Back in the lobby.", at);
    drop(child.stdin.take());
    let all = ended_in_rows(&mut child, &out);
    let rest = &all[at..];
    assert!(rest.contains("Your game against Carl is running: your move"), "{all}");
    assert!(rest.contains("Your correspondence game against Dora goes on on lichess."), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, item 5: `voxchess online login` speaks its question, its
/// progress ("Asking lichess…" when lichess is slow) and its result, in
/// the session's language with no Latin letters heard in Russian; the
/// lobby's own start says "Asking lichess…" aloud too.
#[test]
fn login_and_the_lobbys_start_are_heard() {
    use crate::common::ssip::SsipServer;
    use std::process::Stdio;
    let server = Lichess::start();
    let dir = crate::common::scratch_root().join(format!("voxchess-first-login-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("home");
    let speech = SsipServer::start_fast(&dir.join("run"));
    server.state.lock().unwrap().held_paths = vec!["/api/account".into()];
    let mut login = crate::common::voxchess(&dir)
        .args(["online", "login", "--server", &server.url, "--lang", "ru"])
        .env("SPEECHD_ADDRESS", speech.address())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let out = crate::common::collect(login.stdout.take().expect("stdout"));
    typed(&mut login, TOKEN);
    wait_for(&out, "Спрашиваю lichess…", 0);
    server.state.lock().unwrap().held_paths.clear();
    let status = login.wait().expect("ends");
    assert!(status.success(), "{}", text(&out));
    let heard = speech.heard();
    for said in ["токен", "Спрашиваю", "Вход на"] {
        assert!(heard.contains(said), "{said:?} not heard: {heard}");
    }
    // The account's name is lichess's, said as it is written.
    let words = heard.replace("Player", "");
    assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "Latin letters heard: {heard}");
    // The lobby's start, slow: "Asking lichess…" heard before the lobby.
    server.state.lock().unwrap().held_paths = vec!["/api/account".into()];
    let speech = SsipServer::start_fast(&dir.join("run2"));
    let mut child = crate::common::voxchess(&dir)
        .args(["online", "--server", &server.url, "--plain", "--no-voice", "--lang", "en"])
        .env("SPEECHD_ADDRESS", speech.address())
        .spawn()
        .expect("starts");
    let out = crate::common::collect(child.stdout.take().expect("stdout"));
    let at = wait_for(&out, "Asking lichess…", 0);
    server.state.lock().unwrap().held_paths.clear();
    let at = wait_for(&out, "Lobby of lichess", at);
    // Heard before anything is typed (a line typed cuts the greeting).
    let start = std::time::Instant::now();
    while !speech.heard().contains("Lobby of lichess") {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "not heard: {}", speech.heard());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    typed(&mut child, "quit");
    drop(child.stdin.take());
    let _ = (ended_in_rows(&mut child, &out), at);
    let heard = speech.heard();
    let asking = heard.find("Asking lichess").unwrap_or_else(|| panic!("not heard: {heard}"));
    let lobby = heard.find("Lobby of lichess").unwrap_or_else(|| panic!("not heard: {heard}"));
    assert!(asking < lobby, "{heard}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A move lichess has not answered within a moment is said to be waiting
/// (never only shown as played while lichess does not have it); once
/// lichess takes it, the game goes on.
#[test]
fn a_move_lichess_has_not_answered_is_said_to_wait() {
    let (server, dir, mut child, out, mut at) = in_a_game("unanswered", &["e7e5"]);
    server.state.lock().unwrap().held_paths = vec!["/api/board/game/chall001/move/".into()];
    typed(&mut child, "e4");
    at = wait_for(&out, "lichess has not taken e4 yet: waiting for its answer.", at);
    server.state.lock().unwrap().held_paths.clear();
    at = wait_for(&out, "Black: e5", at);
    leave_running_game(child, &out, at);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, item 4: what is missing from the setup (here, no Russian
/// voice model) is said after the greeting, in full the first time, in
/// the language's words (no Latin letters heard), and briefly at the
/// next start; the row stays whole.
#[test]
fn a_setup_notice_is_said_in_full_once_then_briefly() {
    use crate::common::ssip::SsipServer;
    let dir = crate::common::scratch_root().join(format!("voxchess-first-notice-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("home");
    let full = "Установите";
    for (run, said) in [("run", full), ("run2", "Голосовой ввод выключен.")] {
        let speech = SsipServer::start_fast(&dir.join(run));
        let mut child = crate::common::voxchess(&dir)
            .args(["play", "--opponent", "human", "--plain", "--lang", "ru"])
            .env("SPEECHD_ADDRESS", speech.address())
            .spawn()
            .expect("starts");
        let out = crate::common::collect(child.stdout.take().expect("stdout"));
        let at = wait_for(&out, "Голосовой ввод выключен: нет модели.", 0);
        let start = std::time::Instant::now();
        while !speech.heard().contains(said) {
            assert!(start.elapsed() < std::time::Duration::from_secs(30), "{said:?} not heard: {}", speech.heard());
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        typed(&mut child, "quit");
        drop(child.stdin.take());
        let _ = (ended_in_rows(&mut child, &out), at);
        let heard = speech.heard();
        let notice = &heard[heard.find("Голосовой ввод").unwrap_or(0)..];
        if run == "run" {
            assert!(notice.contains("моделс инсталл ру"), "{heard}");
        } else {
            assert!(!notice.contains(full), "said in full again: {heard}");
        }
        assert!(!notice.chars().any(|c| c.is_ascii_alphabetic()), "Latin letters heard: {notice}");
        // The row is whole every time.
        assert!(text(&out).contains("voxchess models install ru"), "{}", text(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
