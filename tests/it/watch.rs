//! Watching lichess TV from the lobby, in plain mode, against the tests'
//! server (`common::lichess`, its TV feed written from the spec's
//! TvFeed): the game featured said with its players, moves said as they
//! come with board questions, the clocks and looking back between them,
//! missed moves, a new game featured, the feed cut and back; nothing
//! posted and no token sent; a channel that does not exist; Russian.

use crate::common::lichess::{Lichess, TOKEN, home_logged_in, start_lobby};
use crate::common::typed;
use crate::common::{text, wait_for};
use std::path::PathBuf;
use std::process::Child;
use std::time::Duration;

/// After 1. e4 e5: White to move, a minute each.
const AFTER_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

fn featured(id: &str, white: &str, black: &str, fen: &str) -> String {
    format!(
        r#"{{"t":"featured","d":{{"id":"{id}","orientation":"white","players":[{{"color":"white","user":{{"name":"{white}","title":"GM","id":"w"}},"rating":2650,"seconds":60}},{{"color":"black","user":{{"name":"{black}","id":"b"}},"rating":2600,"seconds":60}}],"fen":"{fen}"}}}}"#
    )
}

fn fen(fen: &str, lm: &str, wc: u64, bc: u64) -> String {
    format!(r#"{{"t":"fen","d":{{"fen":"{fen}","lm":"{lm}","wc":{wc},"bc":{bc}}}}}"#)
}

/// A home logged in, and the lobby of `server` started in `lang`.
fn lobby(name: &str, server: &Lichess, lang: &str) -> (PathBuf, Child, std::sync::Arc<std::sync::Mutex<String>>) {
    let dir = home_logged_in(&format!("watch-{name}"), TOKEN);
    let (child, out) = start_lobby(&dir, server, lang);
    (dir, child, out)
}

/// Ends the program and checks every row it printed.
fn ended(mut child: Child, out: &std::sync::Mutex<String>) -> String {
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, out)
}

/// A rapid game watched: its players and position, moves said as they
/// come, a board question, the clocks, looking back while a move comes
/// (said, the cursor stays), the tablebase refused for too many pieces,
/// moves missed, the next game featured; `quit` goes back to the lobby.
/// Only GETs were sent, and the feed had no token.
#[test]
fn a_tv_game_is_watched_with_questions_between_moves() {
    let server = Lichess::start();
    server.state.lock().unwrap().tv_first = vec![featured("tvGame01", "Anna", "Bob", AFTER_E5)];
    let (dir, mut child, out) = lobby("en", &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "watch rapid");
    at = wait_for(&out, "Opening lichess TV, rapid.", at);
    at = wait_for(&out, "lichess TV, rapid: GM Anna (2650) against Bob (2600).", at);
    at = wait_for(&out, "Move 2. White to move.", at);
    let nf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    server.tv_send(&fen(nf3, "g1f3", 58, 60));
    at = wait_for(&out, "2. White: Nf3.", at);
    typed(&mut child, "what is on f3");
    at = wait_for(&out, "f3", at);
    let nc6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    server.tv_send(&fen(nc6, "b8c6", 58, 57));
    at = wait_for(&out, "2. Black: Nc6.", at);
    typed(&mut child, "time");
    at = wait_for(&out, "Black: 57 seconds.", at);
    typed(&mut child, "back");
    at = wait_for(&out, "2. White: Nf3.", at);
    let bb5 = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    server.tv_send(&fen(bb5, "f1b5", 55, 57));
    at = wait_for(&out, "3. White: Bb5.", at);
    // The cursor stayed where the player looked back.
    typed(&mut child, "where am i");
    at = wait_for(&out, "2... Black>", at);
    typed(&mut child, "tablebase");
    at = wait_for(&out, "this one has 32.", at);
    // Moves missed: the position the server names.
    let later = "r1bqk2r/pppp1ppp/2n2n2/1Bb1p3/4P3/2P2N2/PP1P1PPP/RNBQ1RK1 w kq - 1 6";
    server.tv_send(&fen(later, "g8f6", 50, 50));
    at = wait_for(&out, "Moves were missed. Now move 6. White to move.", at);
    server.tv_send(&featured("tvGame02", "Carl", "Dina", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    at = wait_for(&out, "lichess TV, rapid: GM Carl (2650) against Dina (2600).", at);
    typed(&mut child, "quit");
    wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "quit");
    let all = ended(child, &out);
    // Leaving the watching goes back a level: "Goodbye." only at the end.
    assert_eq!(all.matches("Goodbye.").count(), 1, "{all}");
    assert!(all.trim_end().ends_with("Goodbye."), "{all}");
    let s = server.state.lock().unwrap();
    let posted: Vec<&(String, String, String)> = s.requests.iter().filter(|(m, _, _)| m != "GET").collect();
    assert!(posted.is_empty(), "watching posted: {posted:?}");
    let tv: Vec<&(String, bool)> = s.looked.iter().filter(|(p, _)| p.starts_with("/api/tv/")).collect();
    assert_eq!(tv.len(), 1, "{tv:?}");
    assert_eq!(tv[0].0, "/api/tv/rapid/feed");
    assert!(!tv[0].1, "the token went to TV");
    assert!(!all.contains(TOKEN));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A channel that does not exist is said with those that do; a feed that
/// cannot be opened again is said lost once and back once, and watching
/// goes on (the same game featured again is not announced again); in
/// Russian.
#[test]
fn a_cut_feed_comes_back_and_channels_are_named_in_russian() {
    let server = Lichess::start();
    server.state.lock().unwrap().tv_first = vec![featured("tvGame01", "Anna", "Bob", AFTER_E5)];
    let (dir, mut child, out) = lobby("ru", &server, "ru");
    let mut at = wait_for(&out, "Зал lichess", 0);
    typed(&mut child, "смотреть атомные");
    at = wait_for(&out, "Канала «атомные» нет. Каналы: лучшие, пуля, блиц, рапид, классика", at);
    typed(&mut child, "смотреть блиц");
    at = wait_for(&out, "Личесс ТВ, блиц:", at);
    at = wait_for(&out, "Ход 2. Ход белых.", at);
    // lichess down: the feed cannot be opened again.
    server.state.lock().unwrap().streams_down = true;
    server.tv_cut();
    at = wait_for(&out, "Связь с личесс ТВ потеряна; пробую снова.", at);
    server.state.lock().unwrap().streams_down = false;
    at = wait_for(&out, "Связь с личесс ТВ восстановлена.", at);
    let nf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    server.tv_send(&fen(nf3, "g1f3", 58, 60));
    at = wait_for(&out, "2. Белые — Кf3.", at);
    typed(&mut child, "выход");
    at = wait_for(&out, "Снова в зале.", at);
    let _ = at;
    typed(&mut child, "выход");
    let all = ended(child, &out);
    assert_eq!(server.state.lock().unwrap().tv_opened, 2, "the feed opened again: {all}");
    for english in ["Move", "White", "lichess TV"] {
        assert!(!text(&out).contains(english), "English in a Russian session: {english}: {all}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A server whose feed gives nothing but broken lines: nothing is entered,
/// the lobby goes on; quitting stops the feed.
#[test]
fn a_broken_feed_never_holds_the_lobby() {
    let server = Lichess::start();
    server.state.lock().unwrap().tv_first =
        vec!["not json".into(), "{\"t\":\"featured\",\"d\":{\"id\":\"../../x\",\"fen\":\"zz\"}}".into()];
    let (dir, mut child, out) = lobby("broken", &server, "en");
    let at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "watch");
    let at = wait_for(&out, "Opening lichess TV, top rated.", at);
    std::thread::sleep(Duration::from_millis(500));
    typed(&mut child, "help");
    wait_for(&out, "quit.", at);
    typed(&mut child, "quit");
    let all = ended(child, &out);
    assert!(!all.contains("against"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A player's game in progress watched by name (`watch anna`): who plays
/// it, its moves as they come, and its end; a player who plays nothing is
/// said; nothing posted, no token sent.
#[test]
fn a_players_game_is_watched_to_its_end() {
    let server = Lichess::start();
    let game = r#"{"id":"annaGame","variant":{"key":"standard"},"speed":"blitz","initialFen":"startpos","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","player":"white","turns":0,"status":{"id":20,"name":"started"},"players":{"white":{"user":{"name":"Anna","id":"anna"},"rating":1900},"black":{"user":{"name":"Bob","id":"bob"},"rating":1850}}}"#;
    {
        let mut s = server.state.lock().unwrap();
        s.playing_ids.insert("anna".into(), "annaGame".into());
        s.tv_first =
            vec![game.into(), r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w","wc":180,"bc":180}"#.into()];
    }
    let (dir, mut child, out) = lobby("player", &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "watch carl");
    at = wait_for(&out, "carl is not playing a game now.", at);
    typed(&mut child, "watch Anna");
    // Said at once: the wait for the game is never silent.
    at = wait_for(&out, "Looking for anna's game.", at);
    at = wait_for(&out, "Anna's game, shown by lichess 3 moves late: Anna (1900) against Bob (1850).", at);
    at = wait_for(&out, "Move 1. White to move.", at);
    server.tv_send(r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b","lm":"f2f3","wc":178,"bc":180}"#);
    at = wait_for(&out, "1. White: f3.", at);
    server.tv_send(r#"{"fen":"rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w","lm":"e7e5","wc":178,"bc":179}"#);
    server.tv_send(r#"{"fen":"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b","lm":"g2g4","wc":177,"bc":179}"#);
    server.tv_send(r#"{"fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w","lm":"d8h4","wc":177,"bc":178}"#);
    at = wait_for(&out, "2. Black: Qh4#.", at);
    server.tv_send(
        &game.replace(r#""name":"started""#, r#""name":"mate""#).replace(r#""turns":0"#, r#""winner":"black""#),
    );
    at = wait_for(&out, "The game is over. Result: Black won.", at);
    typed(&mut child, "last 4 moves");
    at = wait_for(&out, "Qh4#", at);
    typed(&mut child, "quit");
    wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "quit");
    ended(child, &out);
    let s = server.state.lock().unwrap();
    assert!(s.requests.iter().all(|(m, _, _)| m == "GET"), "watching posted");
    let looked: Vec<&(String, bool)> = s.looked.iter().filter(|(p, _)| p.starts_with("/api/stream/game/")).collect();
    assert_eq!(looked.len(), 1, "the stream of an ended game was not opened again: {looked:?}");
    assert!(!looked[0].1, "the token went with the game's stream");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A quiet game: the feed sends nothing for longer than a stream may be
/// silent (lichess sends no keep-alives on TV): it is opened again at
/// once without a word, the game is not announced again, and the next
/// move is said once.
#[test]
fn a_quiet_game_is_followed_without_a_word() {
    let server = Lichess::start();
    server.state.lock().unwrap().tv_first = vec![featured("tvGame01", "Anna", "Bob", AFTER_E5)];
    let (dir, mut child, out) = lobby("quiet", &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "watch");
    at = wait_for(&out, "Move 2. White to move.", at);
    let start = std::time::Instant::now();
    while server.state.lock().unwrap().tv_opened < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "the silent feed was never opened again");
        std::thread::sleep(Duration::from_millis(200));
    }
    std::thread::sleep(Duration::from_millis(500));
    let nf3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    server.tv_send(&fen(nf3, "g1f3", 58, 60));
    wait_for(&out, "2. White: Nf3.", at);
    typed(&mut child, "quit");
    typed(&mut child, "quit");
    let all = ended(child, &out);
    assert_eq!(all.matches("against Bob").count(), 1, "announced again: {all}");
    assert_eq!(all.matches("Nf3.").count(), 1, "{all}");
    assert!(!all.contains("lost") && !all.contains("back."), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 50, item 3: a hostile feed floods 100,000 legal moves (knights
/// out and back). `quit` is obeyed while the flood goes on (the feed's
/// news waits in a bounded queue behind the player's lines, each move
/// costs the same), and so is SIGTERM; the times are printed
/// (`cargo test --test it watch::a_flood -- --nocapture`), the bound
/// asserted is far above them.
#[test]
fn a_flood_of_moves_never_holds_quit_or_sigterm() {
    let cycle = [
        ("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "g1f3"),
        ("rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2", "g8f6"),
        ("rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2", "f3g1"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3", "f6g8"),
    ];
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut lines = vec![featured("floodGm1", "Anna", "Bob", start)];
    lines.extend((0..100_000).map(|i| {
        let (f, lm) = cycle[i % 4];
        fen(f, lm, 60, 60)
    }));
    let server = Lichess::start();
    server.state.lock().unwrap().tv_first = lines;
    let (dir, mut child, out) = lobby("flood", &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "watch rapid");
    at = wait_for(&out, "lichess TV, rapid: GM Anna (2650) against Bob (2600).", at);
    at = wait_for(&out, "Nf3", at);
    let asked = std::time::Instant::now();
    typed(&mut child, "quit");
    at = wait_for(&out, "Back in the lobby.", at);
    let quit_took = asked.elapsed();
    typed(&mut child, "watch rapid");
    at = wait_for(&out, "lichess TV, rapid: GM Anna (2650) against Bob (2600).", at);
    wait_for(&out, "Nf3", at);
    let asked = std::time::Instant::now();
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let start_wait = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(start_wait.elapsed() < Duration::from_secs(30), "SIGTERM not obeyed: {}", text(&out).len());
        std::thread::sleep(Duration::from_millis(10));
    }
    let term_took = asked.elapsed();
    println!("quit obeyed in {quit_took:?}, SIGTERM in {term_took:?}");
    assert!(quit_took < Duration::from_secs(20), "quit took {quit_took:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `watch NAME` on a game under way: lichess's game stream describes the
/// game, then replays every position from its start before the moves to
/// come (lila's ApiMoveStream). The replay is the game's history, kept to
/// look back on and never said as news (no "moves were missed", no old
/// moves or openings); the next move is said; `live` says the game goes
/// on, never that it ended.
#[test]
fn a_players_game_under_way_is_joined_without_its_old_moves_said() {
    let server = Lichess::start();
    let bb5 = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    let game = format!(
        r#"{{"id":"annaGame","variant":{{"key":"standard"}},"speed":"blitz","fen":"{bb5}","player":"black","turns":5,"status":{{"id":20,"name":"started"}},"players":{{"white":{{"user":{{"name":"Anna","id":"anna"}},"rating":1900}},"black":{{"user":{{"name":"Bob","id":"bob"}},"rating":1850}}}}}}"#
    );
    let replay = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", ""),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b", "e2e4"),
        ("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w", "e7e5"),
        ("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b", "g1f3"),
        ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w", "b8c6"),
        ("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b", "f1b5"),
    ];
    {
        let mut s = server.state.lock().unwrap();
        s.playing_ids.insert("anna".into(), "annaGame".into());
        s.tv_first = std::iter::once(game)
            .chain(replay.iter().map(|(fen, lm)| {
                let lm = if lm.is_empty() { String::new() } else { format!(r#""lm":"{lm}","#) };
                format!(r#"{{"fen":"{fen}",{lm}"wc":170,"bc":175}}"#)
            }))
            .collect();
    }
    let (dir, mut child, out) = lobby("under-way", &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "watch Anna");
    at = wait_for(&out, "Anna (1900) against Bob (1850).", at);
    let entered = at;
    server
        .tv_send(r#"{"fen":"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w","lm":"a7a6","wc":168,"bc":170}"#);
    at = wait_for(&out, "3. Black: a6.", at);
    typed(&mut child, "live");
    at = wait_for(&out, "The game goes on: this is the live position.", at);
    typed(&mut child, "last 4 moves");
    at = wait_for(&out, "Bb5", at);
    typed(&mut child, "quit");
    wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "quit");
    let all = ended(child, &out);
    let heard = &crate::common::text(&out)[entered..];
    for never in ["missed", "1. White: e4", "C60", "C44", "King's", "End of the game"] {
        assert!(!heard.contains(never), "said on entry: {never}: {all}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
