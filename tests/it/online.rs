//! Online play against a Board API server of the test's own
//! (`common::lichess`, on 127.0.0.1): logging in, the lobby, whole games
//! from a challenge or a seek to the result in both colours, offers both
//! ways, a stream cut mid-game, a refused move, fair play, and the token
//! never in any output.

use crate::common::lichess::{Lichess, NO_SCOPE_TOKEN, TOKEN};
use crate::common::typed;
use crate::common::{collect, text, wait_for};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

fn home(name: &str) -> PathBuf {
    crate::common::fresh_home(&format!("online-{name}"))
}

fn voxchess(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_voxchess"));
    c.env("XDG_DATA_HOME", dir.join("data")).env("XDG_CONFIG_HOME", dir.join("config"));
    c
}

fn login(dir: &Path, server: &Lichess, token: &str, lang: &str) -> Output {
    login_at(dir, &server.url, token, lang)
}

/// `voxchess online login` at any server address, the token typed.
fn login_at(dir: &Path, url: &str, token: &str, lang: &str) -> Output {
    crate::common::lichess::login_at(dir, url, token, lang)
}

fn lobby(dir: &Path, server: &Lichess, lang: &str) -> Child {
    voxchess(dir)
        .args(["online", "--server", &server.url, "--plain", "--no-speech", "--no-voice", "--lang", lang])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts")
}

/// The lobby with speech to the tests' SSIP server.
fn lobby_speaking(dir: &Path, server: &Lichess, speech: &crate::common::ssip::SsipServer, lang: &str) -> Child {
    voxchess(dir)
        .args(["online", "--server", &server.url, "--plain", "--no-voice", "--lang", lang])
        .env("SPEECHD_ADDRESS", speech.address())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts")
}

fn finish(mut child: Child) -> String {
    drop(child.stdin.take());
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(start.elapsed() < Duration::from_secs(30), "voxchess did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut err = String::new();
    let _ = std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err);
    err
}

pub(crate) fn challenge(id: &str, from: &str) -> String {
    format!(
        "{{\"type\":\"challenge\",\"challenge\":{{\"id\":\"{id}\",\"url\":\"x\",\"status\":\"created\",\"challenger\":{{\"id\":\"{0}\",\"name\":\"{from}\",\"rating\":1600}},\"destUser\":{{\"id\":\"player\",\"name\":\"Player\"}},\"variant\":{{\"key\":\"standard\"}},\"rated\":false,\"speed\":\"rapid\",\"timeControl\":{{\"type\":\"clock\",\"limit\":900,\"increment\":10,\"show\":\"15+10\"}},\"color\":\"random\",\"perf\":{{\"icon\":\"x\",\"name\":\"Rapid\"}}}}}}",
        from.to_lowercase()
    )
}

/// A server, a home with the player logged in, the opponent's script,
/// and the lobby started in `lang`, read up to its first line `ready`.
struct Session {
    server: Lichess,
    dir: PathBuf,
    child: Child,
    out: std::sync::Arc<std::sync::Mutex<String>>,
    at: usize,
}

fn session(name: &str, lang: &str, script: &[&str], ready: &str) -> Session {
    let server = Lichess::start();
    let dir = home(name);
    assert!(login(&dir, &server, TOKEN, lang).status.success());
    server.state.lock().unwrap().next_game_script = script.iter().map(|s| s.to_string()).collect();
    let mut child = lobby(&dir, &server, lang);
    let out = collect(child.stdout.take().expect("stdout"));
    let at = wait_for(&out, ready, 0);
    Session { server, dir, child, out, at }
}

/// `session`, then a challenge from Anna accepted: the game starts.
fn challenged(name: &str, script: &[&str]) -> Session {
    let mut s = session(name, "en", script, "Lobby of lichess");
    std::thread::sleep(Duration::from_millis(300));
    s.server.state.lock().unwrap().event(&challenge("chall001", "Anna"));
    s.at = wait_for(&s.out, "Accept or decline?", s.at);
    typed(&mut s.child, "accept");
    s.at = wait_for(&s.out, "Type help for commands.", s.at);
    s
}

/// Logging in keeps the token in a file only its owner can read and
/// never shows it; a refused token or one without the scope is one clear
/// line and nothing is kept; logging out forgets it.
#[test]
fn login_keeps_the_token_private() {
    let server = Lichess::start();
    let dir = home("login");
    let o = login(&dir, &server, "lip_Wrong999", "en");
    assert!(!o.status.success());
    let err = joined(&o.stderr);
    assert!(err.contains("lichess refused the token. Nothing was stored."), "{err}");
    let file = dir.join("config/voxchess/lichess-token");
    assert!(!file.exists());
    let o = login(&dir, &server, NO_SCOPE_TOKEN, "ru");
    assert!(!o.status.success());
    let err = joined(&o.stderr);
    assert!(err.contains("board:play") && err.contains("Этим токеном нельзя играть"), "{err}");
    assert!(!file.exists());
    let o = login(&dir, &server, TOKEN, "en");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "Logged in to lichess as Player.");
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&file).expect("kept").permissions().mode() & 0o777, 0o600);
    for out in [&o.stdout, &o.stderr] {
        assert!(!String::from_utf8_lossy(out).contains(TOKEN));
    }
    // The login's --server is kept with the token: a later command needs
    // it no more (its request reaches the tests' lichess).
    let o = voxchess(&dir).args(["puzzle", "dashboard", "--no-speech"]).output().expect("runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let asked = server.state.lock().unwrap().requests.clone();
    assert!(asked.iter().any(|(_, p, _)| p.starts_with("/api/puzzle/dashboard/")), "{asked:?}");
    let o = voxchess(&dir).args(["online", "logout", "--lang", "de", "--no-speech"]).output().expect("runs");
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "Abgemeldet: das Token ist vergessen.");
    assert!(!file.exists());
    assert!(!dir.join("config/voxchess/lichess-server").exists());
    let o = voxchess(&dir)
        .args(["online", "--server", &server.url, "--plain", "--no-speech"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(joined(&o.stderr).contains("voxchess online login"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rows joined into one text.
fn joined(out: &[u8]) -> String {
    String::from_utf8_lossy(out).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Display cells: a Hangul syllable takes two.
use crate::common::cells;

/// The login asks for the token over a pipe too, and everything it and
/// the logout say (the question, a refusal, a token without the scope,
/// the welcome) is in rows of at most 40 cells in every language.
#[test]
fn login_speaks_in_rows_of_forty_cells_in_every_language() {
    let server = Lichess::start();
    for lang in ["en", "ru", "de", "ko"] {
        let dir = home(&format!("login-rows-{lang}"));
        let mut said = String::new();
        for token in ["lip_Wrong999", NO_SCOPE_TOKEN, TOKEN] {
            let o = login(&dir, &server, token, lang);
            said.push_str(&String::from_utf8_lossy(&o.stderr));
            said.push_str(&String::from_utf8_lossy(&o.stdout));
        }
        let o = voxchess(&dir).args(["online", "logout", "--lang", lang, "--no-speech"]).output().expect("runs");
        said.push_str(&String::from_utf8_lossy(&o.stdout));
        assert!(said.contains("lichess.org/account/oauth/token"), "{lang}: no question: {said}");
        assert!(said.lines().count() >= 8, "{lang}: {said}");
        for row in said.lines() {
            assert!(cells(row) <= 40, "{lang}: a row of {} cells: {row:?}", cells(row));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A challenge is announced and accepted; the game is played to the
/// result with moves both ways, the server's clock, a draw offer from the
/// opponent declined, a takeback proposal of the player's declined, chat,
/// fair play, a refused move, a stream cut with a move missed meanwhile,
/// and the opponent's resignation. The score names the game's address and
/// both players by their lichess names and ratings; the token is never
/// printed.
#[test]
fn a_challenge_accepted_is_played_to_the_result() {
    let Session { server, dir, mut child, out, at } =
        session("game", "en", &["e7e5", "b8c6", "g8f6"], "Lobby of lichess, as Player.");
    let mut at = at;
    std::thread::sleep(Duration::from_millis(300));
    server.state.lock().unwrap().event(&challenge("chall001", "Anna"));
    at = wait_for(&out, "Challenge 1 from Anna (1600): 15 minutes + 10 seconds, casual, colours by lot.", at);
    typed(&mut child, "accept");
    at = wait_for(&out, "The game starts: Player (1500) against Anna (1600).", at);
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    let id = "chall001";
    typed(&mut child, "time");
    at = wait_for(&out, "White: 14 minutes 5", at);
    typed(&mut child, "best move");
    at = wait_for(&out, "No engine help during an online game", at);
    // The opponent offers a draw; the player declines.
    server.change(id, |g| g.bdraw = true);
    at = wait_for(&out, "Draw offered", at);
    typed(&mut child, "decline");
    at = wait_for(&out, "Draw offer declined.", at);
    server.change(id, |g| g.bdraw = false);
    // The player proposes a takeback; the opponent declines.
    typed(&mut child, "take back");
    at = wait_for(&out, "declines", at);
    // Chat both ways.
    server
        .state
        .lock()
        .unwrap()
        .games
        .get_mut(id)
        .unwrap()
        .send("{\"type\":\"chatLine\",\"room\":\"player\",\"username\":\"Anna\",\"text\":\"Good luck\"}");
    at = wait_for(&out, "Chat from Anna.", at);
    typed(&mut child, "chat");
    at = wait_for(&out, "Anna: Good luck", at);
    typed(&mut child, "chat Have fun!");
    at = wait_for(&out, "Sending the chat line.", at);
    // A move the server refuses is said and not kept.
    server.state.lock().unwrap().refuse_next = Some("Piece on g1 cannot move to f3".into());
    typed(&mut child, "Nf3");
    at = wait_for(&out, "lichess refused the move: Piece on g1 cannot move to f3", at);
    typed(&mut child, "fen");
    at = wait_for(&out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/ RNBQKBNR w", at);
    typed(&mut child, "Nf3");
    at = wait_for(&out, "Black: Nc6", at);
    // The stream drops; the opponent's move meanwhile is said once it is back.
    {
        let mut s = server.state.lock().unwrap();
        s.streams_down = true;
        s.cut_game_streams();
    }
    at = wait_for(&out, "The connection to lichess is lost", at);
    typed(&mut child, "Bc4");
    at = wait_for(&out, "Not sent: there is no connection.", at);
    server.state.lock().unwrap().streams_down = false;
    at = wait_for(&out, "The connection to lichess is back.", at);
    typed(&mut child, "Bc4");
    at = wait_for(&out, "Black: Nf6", at);
    server.change(id, |g| {
        g.status = "resign".into();
        g.winner = Some("white".into());
    });
    at = wait_for(&out, "Game over: Resignation. White wins.", at);
    typed(&mut child, "quit");
    let err = finish(child);
    let shown = text(&out);
    let _ = at;
    assert!(!shown.contains(TOKEN) && !err.contains(TOKEN), "the token was shown");
    assert!(!shown.contains("Chat from Player"), "the player's own chat line is not news: {shown}");
    // Not sent is said before the move is taken back.
    let not_sent = shown.find("Not sent").expect("said");
    assert!(shown[not_sent..].contains("Taken back: White's Bc4"), "{shown}");
    let streams = server.state.lock().unwrap().game_streams;
    assert_eq!(streams, 2, "one stream, opened once more after the cut");
    let requests = server.state.lock().unwrap().requests.clone();
    assert!(requests.iter().any(|(m, p, _)| m == "POST" && p == "/api/board/game/chall001/move/e2e4"), "{requests:?}");
    assert!(requests.iter().any(|(_, p, b)| p == "/api/board/game/chall001/chat" && b.contains("room=player")));
    let games = std::fs::read_dir(dir.join("data/voxchess/games")).expect("games folder");
    let pgn: String = games.flatten().map(|e| std::fs::read_to_string(e.path()).unwrap_or_default()).collect();
    assert!(pgn.contains(&format!("[Site \"{}/chall001\"]", server.url)), "{pgn}");
    // Both players by their lichess names, the ratings in their own tags.
    // The server's own: the event as lichess names it, the time control.
    let tags = ["[White \"Player\"]", "[Black \"Anna\"]", "[WhiteElo \"1500\"]", "[BlackElo \"1600\"]"];
    for tag in tags.into_iter().chain(["[Event \"Casual Rapid game\"]", "[TimeControl \"900\"]"]) {
        assert!(pgn.contains(tag), "{tag}: {pgn}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A seek too fast for a board is refused before any request; a rapid
/// seek starts a game as Black; the opponent's moves come; the player's
/// resignation ends it; Russian words throughout.
#[test]
fn a_seek_in_russian_plays_black_and_resigns() {
    let Session { server, dir, mut child, out, at } = session("seek", "ru", &["g1f3"], "Зал lichess, вы — Player.");
    let mut at = at;
    typed(&mut child, "искать 3+2");
    at = wait_for(&out, "3+2 — слишком быстро", at);
    assert!(!server.state.lock().unwrap().requests.iter().any(|(_, p, _)| p == "/api/board/seek"));
    typed(&mut child, "искать 15+10");
    at = wait_for(&out, "Ищу партию 15 минут + 10 секунд.", at);
    at = wait_for(&out, "Партия начинается: Boris (1600) против Player (1500).", at);
    std::thread::sleep(Duration::from_millis(300));
    server.opponent_moves("game0001", "e2e4");
    at = wait_for(&out, "Белые: e4", at);
    typed(&mut child, "e5");
    at = wait_for(&out, "Белые: Кf3", at);
    typed(&mut child, "лучший ход");
    at = wait_for(&out, "помощь движка запрещена", at);
    typed(&mut child, "сдаюсь");
    at = wait_for(&out, "Сдаётесь?", at);
    typed(&mut child, "да");
    at = wait_for(&out, "Партия окончена. Сдача. Белые выигрывают.", at);
    typed(&mut child, "выход");
    finish(child);
    let shown = text(&out);
    let _ = at;
    for w in ["White", "Black", "game", "move", "Game", "draw", "seek", "engine"] {
        assert!(!shown.contains(w), "English {w:?} in a Russian session: {shown}");
    }
    assert!(server.state.lock().unwrap().requests.iter().any(|(_, p, _)| p == "/api/board/game/game0001/resign"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// German: a game against lichess's AI; the opponent leaves, and the
/// player claims the win.
#[test]
fn a_german_game_against_the_ai_and_a_claimed_victory() {
    let Session { server, dir, mut child, out, at } = session("ai", "de", &["e7e5"], "Lobby von lichess, als Player.");
    let mut at = at;
    typed(&mut child, "computer 3 15+10 weiß");
    at = wait_for(&out, "Die Partie beginnt", at);
    typed(&mut child, "e4");
    at = wait_for(&out, "Schwarz: e5", at);
    server
        .state
        .lock()
        .unwrap()
        .games
        .get_mut("game0001")
        .unwrap()
        .send("{\"type\":\"opponentGone\",\"gone\":true,\"claimWinInSeconds\":10}");
    at = wait_for(&out, "10 Sekunden", at);
    typed(&mut child, "Sieg beanspruchen");
    at = wait_for(&out, "Partie beendet", at);
    typed(&mut child, "beenden");
    finish(child);
    let shown = text(&out);
    let _ = at;
    for w in ["White", "Black", "game", "move", "Game", "draw", "resign", "engine", "lichess refused"] {
        assert!(!shown.contains(w), "English {w:?} in a German session: {shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The UCI of the few moves the latency run plays.
fn uci_of(san: &str) -> &'static str {
    match san {
        "e4" => "e2e4",
        "Nf3" => "g1f3",
        "Bc4" => "f1c4",
        "d3" => "d2d3",
        "O-O" => "e1g1",
        _ => "c2c3",
    }
}

/// Measures (printed, for docs/performance.md; never asserted against a
/// time): the opponent's move handed to the stream -> its line printed and
/// its speech begun (the tests' SSIP server); a typed move -> its POST at
/// the server. `cargo test --release --test it -- online::latency --nocapture`
#[test]
fn latency() {
    use crate::common::ssip::SsipServer;
    use std::time::Instant;
    let server = Lichess::start();
    let dir = home("latency");
    assert!(login(&dir, &server, TOKEN, "en").status.success());
    let replies: Vec<String> = ["e7e5", "b8c6", "g8f6", "f8c5", "d7d6", "c8g4"].iter().map(|s| s.to_string()).collect();
    let _ = replies;
    let speech = SsipServer::start(&dir.join("run"));
    let mut child = lobby_speaking(&dir, &server, &speech, "en");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    std::thread::sleep(Duration::from_millis(300));
    server.state.lock().unwrap().event(&challenge("chall001", "Anna"));
    at = wait_for(&out, "Accept or decline?", at);
    typed(&mut child, "accept");
    at = wait_for(&out, "Type help for commands.", at);
    let mut to_line = Vec::new();
    let mut to_speech = Vec::new();
    let mut to_post = Vec::new();
    let idle = |speech: &SsipServer| {
        let start = Instant::now();
        while speech.said().iter().any(|x| x.ended.is_none()) && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
    };
    for (mine, reply, said, words) in [
        ("e4", "e7e5", "Black: e5", "Black: e5"),
        ("Nf3", "b8c6", "Black: Nc6", "Black: knight c6"),
        ("Bc4", "g8f6", "Black: Nf6", "Black: knight f6"),
        ("d3", "f8c5", "Black: Bc5", "Black: bishop c5"),
        ("O-O", "d7d6", "Black: d6", "Black: d6"),
        ("c3", "c8g4", "Black: Bg4", "Black: bishop g4"),
    ] {
        let typed_at = Instant::now();
        typed(&mut child, mine);
        let start = Instant::now();
        let posted = loop {
            let s = server.state.lock().unwrap();
            if let Some((_, t)) = s.arrived.iter().rev().find(|(p, _)| p.ends_with(&format!("/move/{}", uci_of(mine))))
            {
                break *t;
            }
            drop(s);
            assert!(start.elapsed() < Duration::from_secs(10), "{mine} was not posted");
            std::thread::sleep(Duration::from_millis(5));
        };
        to_post.push(posted.duration_since(typed_at).as_secs_f64() * 1000.0);
        // The opponent moves while voxchess says nothing.
        std::thread::sleep(Duration::from_millis(100));
        idle(&speech);
        let before = out.lock().unwrap().len();
        server.opponent_moves("chall001", reply);
        let sent = server.state.lock().unwrap().games["chall001"].sent_at.last().map(|(_, t)| *t).expect("sent");
        let _ = wait_for(&out, said, before);
        to_line.push(sent.elapsed().as_secs_f64() * 1000.0);
        let start = Instant::now();
        let queued = loop {
            if let Some(q) = speech.said().iter().find(|x| x.text.contains(words)).map(|x| x.queued) {
                break q;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "{words} was not said");
            std::thread::sleep(Duration::from_millis(5));
        };
        to_speech.push(queued.duration_since(sent).as_secs_f64() * 1000.0);
    }
    typed(&mut child, "quit");
    finish(child);
    let _ = (at, std::fs::remove_dir_all(&dir));
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    };
    let worst = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "stream line -> row printed: median {:.1} ms, max {:.1} ms (the test polls every 20 ms: an upper bound)",
        median(&mut to_line),
        worst(&to_line)
    );
    println!(
        "stream line -> speech queued at the SSIP server: median {:.1} ms, max {:.1} ms",
        median(&mut to_speech),
        worst(&to_speech)
    );
    println!("typed move -> POST at the server: median {:.1} ms, max {:.1} ms", median(&mut to_post), worst(&to_post));
    assert_eq!(to_line.len(), 6);
    let all: Vec<String> = speech.said().iter().map(|x| x.text.clone()).collect();
    assert!(!to_speech.is_empty(), "the opponent's moves were spoken: {all:?}");
}

/// Several games in progress (correspondence): the lobby lists them, a
/// number joins one, `quit` leaves it running and comes back to the
/// lobby, and another is joined: the player switches between games. A
/// move typed while the opponent is to move is answered about a person.
#[test]
fn several_games_are_listed_and_the_player_switches() {
    let server = Lichess::start();
    let dir = home("switch");
    assert!(login(&dir, &server, TOKEN, "en").status.success());
    {
        let mut s = server.state.lock().unwrap();
        s.new_game("white", "Anna", &[]);
        s.new_game("black", "Boris", &[]);
    }
    let mut child = lobby(&dir, &server, "en");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut at = wait_for(&out, "Several games are in progress", 0);
    at = wait_for(&out, "against Boris, you play Black, their move.", at);
    let boris = if text(&out).contains("1: against Boris") { "1" } else { "2" };
    typed(&mut child, boris);
    at = wait_for(&out, "The game starts: Boris (1600) against Player (1500).", at);
    typed(&mut child, "quit");
    at = wait_for(&out, "The game goes on on lichess", at);
    at = wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "games");
    at = wait_for(&out, "against Anna, you play White, your move.", at);
    let anna = if boris == "1" { "2" } else { "1" };
    typed(&mut child, anna);
    at = wait_for(&out, "The game starts: Player (1500) against Anna (1600).", at);
    typed(&mut child, "e4");
    at = wait_for(&out, "White: e4", at);
    // A move typed while the person on the server is to move is a
    // premove, with no word about an engine.
    typed(&mut child, "d4");
    let _ = wait_for(&out, "Premove: d4.", at);
    assert!(!text(&out).contains("engine is thinking"), "{}", text(&out));
    finish(child);
    assert!(server.state.lock().unwrap().requests.iter().any(|(_, p, _)| p.ends_with("/move/e2e4")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A move typed on the opponent's turn is a premove: played when the
/// opponent's move comes if it is legal then (and sent to lichess),
/// dropped and said when it is not, dropped by an empty line.
#[test]
fn premoves_are_played_dropped_and_cancelled() {
    let Session { server, dir, mut child, out, at } = challenged("premove", &[]);
    let mut at = at;
    typed(&mut child, "e4");
    at = wait_for(&out, "White: e4", at);
    typed(&mut child, "d4");
    at = wait_for(&out, "Premove: d4.", at);
    server.opponent_moves("chall001", "e7e5");
    at = wait_for(&out, "Black: e5", at);
    at = wait_for(&out, "Your premove: d4.", at);
    at = wait_for(&out, "White: d4", at);
    typed(&mut child, "d5");
    at = wait_for(&out, "Premove: d5.", at);
    server.opponent_moves("chall001", "d7d5");
    at = wait_for(&out, "Black: d5", at);
    at = wait_for(&out, "Your premove d5 is not legal now.", at);
    typed(&mut child, "exd5");
    at = wait_for(&out, "White: exd5", at);
    typed(&mut child, "Nf3");
    at = wait_for(&out, "Premove: Nf3.", at);
    typed(&mut child, "");
    at = wait_for(&out, "Premove Nf3 cancelled.", at);
    server.opponent_moves("chall001", "b8c6");
    let _ = wait_for(&out, "Black: Nc6", at);
    let all = finish(child);
    let requests = server.state.lock().unwrap().requests.clone();
    let moves: Vec<&str> =
        requests.iter().filter_map(|(_, p, _)| p.strip_prefix("/api/board/game/chall001/move/")).collect();
    assert_eq!(moves, ["e2e4", "d2d4", "e4d5"], "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `rematch` after a game on lichess challenges the same opponent with
/// the same clock and the colours swapped; accepted, the new game starts
/// at once. After a game not on lichess there is none.
#[test]
fn a_rematch_is_challenged_with_the_colours_swapped_and_played() {
    let Session { server, dir, mut child, out, at } = challenged("rematch", &["e7e5"]);
    let mut at = at;
    server.state.lock().unwrap().accept_challenges = true;
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    server.change("chall001", |g| {
        g.status = "resign".into();
        g.winner = Some("white".into());
    });
    at = wait_for(&out, "White wins.", at);
    at = wait_for(&out, "You can study this game now.", at);
    typed(&mut child, "rematch");
    at = wait_for(&out, "The game starts: Anna", at);
    let _ = wait_for(&out, "against Player", at);
    finish(child);
    // The last game's study ends as the rematch starts: no goodbye
    // (issue 65, item 12), voxchess goes on.
    let all = text(&out);
    let rematch = all.find("Challenge sent").map_or("", |i| &all[i..]);
    let starts = rematch.find("The game starts: Anna").unwrap_or(0);
    assert!(!rematch[..starts].contains("Goodbye."), "{all}");
    let requests = server.state.lock().unwrap().requests.clone();
    let (_, body) = requests
        .iter()
        .find(|(m, p, _)| m == "POST" && p == "/api/challenge/Anna")
        .map(|(_, p, b)| (p.clone(), b.clone()))
        .unwrap_or_else(|| panic!("no rematch challenge: {requests:?}"));
    assert!(body.contains("color=black"), "{body}");
    assert!(body.contains("clock.limit="), "{body}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, item 12: `rematch` said twice after the same game sends one
/// challenge; the second is answered that it is asked for already.
#[test]
fn a_rematch_asked_twice_is_one_challenge() {
    let Session { server, dir, mut child, out, at } = challenged("rematch-twice", &["e7e5"]);
    let mut at = at;
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    server.change("chall001", |g| {
        g.status = "resign".into();
        g.winner = Some("white".into());
    });
    at = wait_for(&out, "You can study this game now.", at);
    typed(&mut child, "rematch");
    typed(&mut child, "rematch");
    at = wait_for(&out, "A rematch is asked for already; the answer follows.", at);
    // The lobby below sends the one challenge, and says lichess's answer.
    let sent = || {
        let requests = server.state.lock().unwrap().requests.clone();
        requests.iter().filter(|(m, p, _)| m == "POST" && p == "/api/challenge/Anna").count()
    };
    let start = std::time::Instant::now();
    while sent() == 0 {
        assert!(start.elapsed() < Duration::from_secs(30), "no challenge sent: {}", text(&out));
        std::thread::sleep(Duration::from_millis(10));
    }
    at = wait_for(&out, "Challenge sent", at);
    typed(&mut child, "quit");
    finish(child);
    let _ = at;
    assert_eq!(sent(), 1, "{}", text(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `give time` gives the opponent lichess's 15 seconds (POST
/// /api/round/{id}/add-time/15), said as sent.
#[test]
fn time_is_given_to_the_opponent() {
    let Session { server, dir, mut child, out, at } = challenged("give-time", &["e7e5"]);
    let mut at = at;
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    typed(&mut child, "give time");
    at = wait_for(&out, "Sending to lichess.", at);
    at = wait_for(&out, "lichess gave your opponent 15 seconds.", at);
    // Not an arena's game: no berserk, and nothing sent.
    typed(&mut child, "berserk");
    let _ = wait_for(&out, "Berserk is for an arena's game on lichess.", at);
    finish(child);
    let requests = server.state.lock().unwrap().requests.clone();
    assert!(requests.iter().any(|(m, p, _)| m == "POST" && p == "/api/round/chall001/add-time/15"), "{requests:?}");
    assert!(!requests.iter().any(|(_, p, _)| p.contains("berserk")), "{requests:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Offers the other way round: the player's draw offer declined, the
/// opponent's takeback proposal accepted (its last move taken back), then
/// the player's draw offer accepted: the game is drawn by agreement.
#[test]
fn offers_the_other_way_round() {
    let Session { server, dir, mut child, out, at } = challenged("offers", &["e7e5"]);
    let mut at = at;
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    typed(&mut child, "offer draw");
    at = wait_for(&out, "You offer a draw; the answer follows.", at);
    at = wait_for(&out, "Your opponent declines the draw.", at);
    server.change("chall001", |g| g.btakeback = true);
    at = wait_for(&out, "Your opponent asks to take back the last move.", at);
    typed(&mut child, "yes");
    at = wait_for(&out, "Taken back: Black's e5", at);
    server.change("chall001", |g| g.agreeable = true);
    server.opponent_moves("chall001", "c7c5");
    at = wait_for(&out, "Black: c5", at);
    typed(&mut child, "offer draw");
    at = wait_for(&out, "Game over: Draw by agreement", at);
    finish(child);
    let _ = at;
    let requests = server.state.lock().unwrap().requests.clone();
    assert!(requests.iter().any(|(_, p, _)| p == "/api/board/game/chall001/takeback/yes"), "{requests:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Only the server's word ends a server game: resigning, accepting a
/// draw, claiming victory and aborting that lichess answers with 400 or
/// 500 are said as refused (with lichess's reason), nothing is saved as
/// finished, and the game goes on: a move is still played; when lichess
/// then says the game is over, it is.
#[test]
fn a_refused_end_is_said_and_the_game_goes_on() {
    let Session { server, dir, mut child, out, at } = challenged("refused-end", &["e7e5", "b8c6"]);
    let mut at = at;
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: e5", at);
    server.state.lock().unwrap().refuse_requests = Some(400);
    typed(&mut child, "resign");
    at = wait_for(&out, "Resign?", at);
    typed(&mut child, "yes");
    at = wait_for(&out, "lichess refused your resignation: This game cannot resign now. The game goes on.", at);
    server.change("chall001", |g| g.bdraw = true);
    at = wait_for(&out, "Draw offered", at);
    server.state.lock().unwrap().refuse_requests = Some(500);
    typed(&mut child, "accept");
    at = wait_for(&out, "lichess did not take your acceptance of the draw: it answered with an error.", at);
    server.change("chall001", |g| g.bdraw = false);
    typed(&mut child, "abort");
    at = wait_for(&out, "lichess did not take the abort: it answered with an error. The game goes on.", at);
    typed(&mut child, "Nf3");
    at = wait_for(&out, "Black: Nc6", at);
    let shown = text(&out);
    assert!(!shown.contains("Game over"), "a refused end ended the game: {shown}");
    let games = dir.join("data/voxchess/games");
    let saved: String = std::fs::read_dir(&games)
        .map(|d| d.flatten().map(|e| std::fs::read_to_string(e.path()).unwrap_or_default()).collect())
        .unwrap_or_default();
    assert!(!saved.contains("[Result \"1-0\"]") && !saved.contains("[Result \"0-1\"]"), "{saved}");
    assert!(!saved.contains("[Result \"1/2-1/2\"]"), "saved as drawn: {saved}");
    // lichess takes the resignation: now the game is over.
    server.state.lock().unwrap().refuse_requests = None;
    typed(&mut child, "resign");
    at = wait_for(&out, "Resign?", at);
    typed(&mut child, "yes");
    at = wait_for(&out, "Sending to lichess.", at);
    at = wait_for(&out, "Game over: Resignation. Black wins.", at);
    typed(&mut child, "quit");
    finish(child);
    let _ = at;
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game whose stream gives only keep-alives, or drips its first line
/// a byte a second, never holds the lobby: it goes on answering, `quit`
/// and SIGTERM end the program within a second, and the join gives up
/// with one line at its deadline.
#[test]
fn a_stalled_game_stream_never_holds_the_lobby() {
    use crate::common::lichess::StreamMode;
    use std::time::Instant;
    for (mode, leave) in [(StreamMode::KeepAlivesOnly, "quit"), (StreamMode::Drip, "SIGTERM")] {
        let mut s = session(&format!("stalled-{leave}"), "en", &[], "Lobby of lichess");
        s.server.state.lock().unwrap().game_stream_mode = mode;
        std::thread::sleep(Duration::from_millis(300));
        s.server.state.lock().unwrap().new_game("white", "Anna", &[]);
        // The join is under way; the lobby still answers.
        std::thread::sleep(Duration::from_millis(500));
        typed(&mut s.child, "help");
        s.at = wait_for(&s.out, "seek 15+10", s.at);
        if mode == StreamMode::KeepAlivesOnly {
            // The join's deadline: one line, and the lobby goes on.
            s.at = wait_for(&s.out, "lichess cannot be reached", s.at);
            s.server.state.lock().unwrap().new_game("white", "Boris", &[]);
            std::thread::sleep(Duration::from_millis(500));
        }
        let start = Instant::now();
        if leave == "quit" {
            // Anna's and Boris's games run on lichess: named, and asked.
            typed(&mut s.child, "quit");
            s.at = wait_for(&s.out, "Quit and leave it running on lichess?", s.at);
            typed(&mut s.child, "yes");
        } else {
            // SAFETY: kill(2) with the child's own pid.
            assert_eq!(unsafe { libc::kill(s.child.id() as i32, libc::SIGTERM) }, 0);
        }
        while s.child.try_wait().expect("wait").is_none() {
            assert!(start.elapsed() < Duration::from_secs(30), "{leave} did not end voxchess");
            std::thread::sleep(Duration::from_millis(10));
        }
        let took = start.elapsed();
        // Not held by the stalled stream (15 s to its first line, 20 s of
        // silence): a bound well below those, not a measure.
        eprintln!("{leave} took {took:?} with a stalled stream");
        assert!(took < Duration::from_secs(8), "{leave} took {took:?} with a stalled stream");
        let _ = std::fs::remove_dir_all(&s.dir);
    }
}

/// The opponent's first move arrives while the greeting is being said:
/// its words begin within 1 s (the greeting is not news and is cut), in
/// English and in Russian (the tests' SSIP server plays each text for a
/// time in proportion to its length).
#[test]
fn the_first_move_is_not_kept_waiting_by_the_greeting() {
    use crate::common::ssip::SsipServer;
    use std::time::Instant;
    use voxchess::rules::Position;
    use voxchess::speech::{Lexicon, SpeechLang, Style, say_move};
    for (lang, accept, lobby) in
        [(SpeechLang::English, "accept", "Lobby of lichess"), (SpeechLang::Russian, "принять", "lichess")]
    {
        let server = Lichess::start();
        let dir = home(&format!("first-move-{lang}"));
        assert!(login(&dir, &server, TOKEN, lang.code()).status.success());
        let speech = SsipServer::start(&dir.join("run"));
        let mut child = lobby_speaking(&dir, &server, &speech, lang.code());
        let out = collect(child.stdout.take().expect("stdout"));
        let mut at = wait_for(&out, lobby, 0);
        std::thread::sleep(Duration::from_millis(300));
        // The challenge's id ends in b: the player has Black.
        server.state.lock().unwrap().event(&challenge("chall01b", "Anna"));
        at = wait_for(&out, "Anna (1600)", at);
        // The challenge is news: it is heard whole before the answer.
        let start = Instant::now();
        while !speech.said().last().is_some_and(|s| s.text.contains("Anna") && s.ended.is_some()) {
            assert!(start.elapsed() < Duration::from_secs(20), "{lang}: the challenge was not said");
            std::thread::sleep(Duration::from_millis(10));
        }
        typed(&mut child, accept);
        at = wait_for(&out, "Anna (1600)", at);
        // The greeting is being said when the move comes.
        let start = Instant::now();
        while !speech.said().last().is_some_and(|s| s.text.contains("Anna") && s.begun.is_some() && s.ended.is_none()) {
            assert!(start.elapsed() < Duration::from_secs(20), "{lang}: the greeting was not said");
            std::thread::sleep(Duration::from_millis(2));
        }
        server.opponent_moves("chall01b", "e2e4");
        let sent = Instant::now();
        let pos = Position::start();
        let e4 = *pos.legal_moves().iter().find(|m| m.uci() == "e2e4").expect("legal");
        let lex = Lexicon::get(lang);
        let words = format!("{}: {}", lex.out.white, say_move(lex, &pos, &e4, Style::Brief));
        // Heard: where the words are in the text that holds them (a move
        // at the end of a long utterance is heard late).
        let heard = loop {
            if let Some(at) = speech.words_heard(&words) {
                break at;
            }
            assert!(sent.elapsed() < Duration::from_secs(30), "{lang}: {words:?} never heard: {:#?}", speech.said());
            std::thread::sleep(Duration::from_millis(5));
        };
        // The greeting cut is said again after the move, to its end: who
        // plays and the player's side.
        let side = if lang == SpeechLang::English { "You play Black." } else { "Вы играете чёрными." };
        let start = Instant::now();
        while !speech
            .said()
            .iter()
            .any(|s| s.text.contains(side) && s.ended.is_some() && !s.cancelled && s.begun.is_some_and(|b| b > heard))
        {
            assert!(start.elapsed() < Duration::from_secs(20), "{lang}: the side not said after: {:#?}", speech.said());
            std::thread::sleep(Duration::from_millis(10));
        }
        typed(&mut child, if lang == SpeechLang::English { "quit" } else { "выход" });
        finish(child);
        let _ = (at, std::fs::remove_dir_all(&dir));
        let waited = heard.saturating_duration_since(sent);
        println!("{lang}: the first move's words were heard {waited:?} after it came");
        assert!(waited < Duration::from_secs(1), "{lang}: the move's words were heard {waited:?} after it came");
    }
}

/// Bursts are summarized and never delay a move (issue 36, item 4): 30
/// chat lines at once are one notice ("30 chat lines from Anna"), and
/// the opponent's move sent right after them begins to be said within a
/// second; `time` asked after it is answered aloud too. In the lobby,
/// three challenges at once are one list, every one of them said.
#[test]
fn bursts_are_one_notice_and_the_move_comes_first() {
    use crate::common::ssip::SsipServer;
    use std::time::Instant;
    let server = Lichess::start();
    let dir = home("bursts");
    assert!(login(&dir, &server, TOKEN, "en").status.success());
    let speech = SsipServer::start(&dir.join("run"));
    let mut child = lobby_speaking(&dir, &server, &speech, "en");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    std::thread::sleep(Duration::from_millis(300));
    {
        let mut s = server.state.lock().unwrap();
        for (id, name) in [("chall01b", "Anna"), ("chall02b", "Boris"), ("chall03b", "Clara")] {
            s.event(&challenge(id, name));
        }
    }
    at = wait_for(&out, "3 challenges:", at);
    for name in ["Anna", "Boris", "Clara"] {
        let _ = wait_for(&out, &format!("from {name}"), at);
    }
    let start = Instant::now();
    while !speech.said().iter().any(|s| s.text.contains("Clara") && s.ended.is_some()) {
        assert!(start.elapsed() < Duration::from_secs(30), "the third challenge was not said: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(10));
    }
    typed(&mut child, "accept 1");
    at = wait_for(&out, "Type help for commands.", at);
    {
        let mut s = server.state.lock().unwrap();
        let g = s.games.get_mut("chall01b").expect("the game");
        for i in 0..30 {
            g.send(&format!(
                "{{\"type\":\"chatLine\",\"room\":\"player\",\"username\":\"Anna\",\"text\":\"line {i}\"}}"
            ));
        }
    }
    server.opponent_moves("chall01b", "e2e4");
    let sent = Instant::now();
    at = wait_for(&out, "30 chat lines from Anna.", at);
    let begun = loop {
        if let Some(b) = speech.said().iter().find(|s| s.text.contains("White: e4")).and_then(|s| s.begun) {
            break b;
        }
        assert!(sent.elapsed() < Duration::from_secs(30), "the move was never said: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(5));
    };
    let asked = Instant::now();
    typed(&mut child, "time");
    at = wait_for(&out, "White: ", at);
    while !speech.said().iter().any(|s| s.queued >= asked && s.text.contains("White") && s.begun.is_some()) {
        assert!(asked.elapsed() < Duration::from_secs(20), "time was not answered aloud: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(5));
    }
    // The notice is heard too, after the move.
    while !speech.said().iter().any(|s| s.text.contains("30 chat lines") && s.begun.is_some()) {
        assert!(asked.elapsed() < Duration::from_secs(20), "the chat notice was not said: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(5));
    }
    let shown = text(&out);
    assert_eq!(shown.matches("Chat from").count(), 0, "{shown}");
    assert_eq!(shown.matches("chat lines from").count(), 1, "{shown}");
    typed(&mut child, "quit");
    finish(child);
    let _ = (at, std::fs::remove_dir_all(&dir));
    let waited = begun.saturating_duration_since(sent);
    println!("the move's words began {waited:?} after it came, behind 30 chat lines");
    assert!(waited < Duration::from_secs(1), "the move waited {waited:?} behind the chat");
}

/// Reconnects back off (issue 36, item 5): a stream that opens and ends
/// at once with nothing in it is opened again with growing pauses (not
/// every second), and the loss is said once, not per attempt; a second
/// window on the same game (lichess ends the older stream) is said once
/// ("opened in another window") and not fought over.
#[test]
fn reconnects_back_off_and_another_window_is_not_fought() {
    use crate::common::lichess::StreamMode;
    let Session { server, dir, mut child, out, at } = challenged("flapping", &["e7e5"]);
    let mut at = at;
    let before = server.state.lock().unwrap().game_streams;
    server.state.lock().unwrap().game_stream_mode = StreamMode::OpenAndClose;
    server.state.lock().unwrap().cut_game_streams();
    std::thread::sleep(Duration::from_secs(12));
    let opened = server.state.lock().unwrap().game_streams - before;
    let shown = text(&out);
    assert!((2..=5).contains(&opened), "opened {opened} times in 12 s: {shown}");
    assert_eq!(shown.matches("is lost").count(), 1, "{shown}");
    assert_eq!(shown.matches("is back").count(), 0, "{shown}");
    server.state.lock().unwrap().game_stream_mode = StreamMode::Normal;
    at = wait_for(&out, "The connection to lichess is back.", at);
    // A second voxchess joins the same game: it takes the game over, and
    // the first one says so once and leaves it.
    let mut second = lobby(&dir, &server, "en");
    let second_out = collect(second.stdout.take().expect("stdout"));
    let _ = wait_for(&second_out, "The game starts: Player (1500) against Anna (1600).", 0);
    at = wait_for(&out, "This game was opened in another window", at);
    std::thread::sleep(Duration::from_secs(8));
    let (first, other) = (text(&out), text(&second_out));
    assert_eq!(first.matches("another window").count(), 1, "{first}");
    assert_eq!(first[at..].matches("is lost").count(), 0, "{first}");
    assert!(!other.contains("another window") && !other.contains("is lost"), "{other}");
    typed(&mut second, "e4");
    let _ = wait_for(&second_out, "Black: e5", 0);
    typed(&mut second, "quit");
    typed(&mut second, "quit");
    finish(second);
    typed(&mut child, "quit");
    finish(child);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Our folders are ours: under umask 000 the settings folder is made
/// 0700 and the token 0600; a settings file or token another user may
/// write is not used (its server and engine ignored, said in one line);
/// an http server that is not this computer is refused before any
/// request, with the reason.
#[test]
fn the_settings_folder_is_ours_and_the_token_goes_only_over_https() {
    use std::os::unix::fs::PermissionsExt;
    let server = Lichess::start();
    let dir = home("ours");
    let script = format!(
        "umask 000; printf '%s\\n' {TOKEN} | XDG_CONFIG_HOME={c} XDG_DATA_HOME={d} {bin} online login --server {url}",
        c = dir.join("config").display(),
        d = dir.join("data").display(),
        bin = env!("CARGO_BIN_EXE_voxchess"),
        url = server.url
    );
    let o = Command::new("sh").args(["-c", &script]).output().expect("sh");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let folder = dir.join("config/voxchess");
    let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&folder), 0o700, "the settings folder");
    assert_eq!(mode(&folder.join("lichess-token")), 0o600, "the token");
    // A settings file others may write: nothing in it is used.
    let config = folder.join("config.toml");
    std::fs::write(&config, "engine = \"/bin/false\"\nlevel = 7\n").expect("config");
    std::fs::set_permissions(&config, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    let o = voxchess(&dir).arg("config").output().expect("runs");
    let err = String::from_utf8_lossy(&o.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(err.contains("other users may write it; nothing in it is used"), "{err}");
    assert!(!out.contains("/bin/false") && out.contains("level = 3"), "{out}");
    // A token file others may write is not used either.
    std::fs::remove_file(&config).expect("removed");
    let token = folder.join("lichess-token");
    std::fs::set_permissions(&token, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    let before = server.state.lock().unwrap().requests.len();
    let o = voxchess(&dir)
        .args(["online", "--server", &server.url, "--plain", "--no-speech", "--no-voice"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!o.status.success());
    let after = server.state.lock().unwrap().requests.len();
    assert_eq!(after, before, "a token others may write was used");
    // http to a host that is not this computer: refused, nothing sent.
    let o = voxchess(&dir)
        .args(["online", "--server", "http://192.0.2.1:9", "--no-speech"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("does not use https"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A web page answering 200 at /api/account is no login: said so, and no
/// token is kept.
#[test]
fn a_web_page_for_an_account_is_no_login() {
    use std::io::{BufRead, BufReader};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("port");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream.try_clone().expect("clone"));
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
            let page = "<html><body>Welcome</body></html>";
            let _ = write!(
                &stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n{page}",
                page.len()
            );
        }
    });
    let dir = home("html");
    let o = login_at(&dir, &url, TOKEN, "en");
    let said = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!o.status.success(), "{said}");
    assert!(said.contains("not its API") && !said.contains("Logged in"), "{said}");
    assert!(!dir.join("config/voxchess/lichess-token").exists(), "a token was kept");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Logging in and opening the lobby while lichess is slow: "Asking
/// lichess…" first, then "Logged in…" and the lobby. The server holds its
/// answers until the notice is printed, so nothing depends on timing.
#[test]
fn a_slow_login_and_lobby_are_announced_first() {
    let server = Lichess::start();
    let dir = home("slow-login");
    server.state.lock().unwrap().held_paths = vec!["/api/account".into()];
    let mut child = crate::common::lichess::login_typed(&dir, &server.url, TOKEN, "en");
    let out = collect(child.stdout.take().expect("stdout"));
    let at = wait_for(&out, "Asking lichess…", 0);
    server.state.lock().unwrap().held_paths.clear();
    wait_for(&out, "Logged in to lichess as Player.", at);
    assert!(child.wait().expect("ends").success(), "{}", text(&out));
    server.state.lock().unwrap().held_paths = vec!["/api/account".into()];
    let mut child = lobby(&dir, &server, "en");
    let out = collect(child.stdout.take().expect("stdout"));
    let at = wait_for(&out, "Asking lichess…", 0);
    server.state.lock().unwrap().held_paths.clear();
    wait_for(&out, "Lobby of lichess", at);
    typed(&mut child, "quit");
    let all = finish(child);
    assert_eq!(text(&out).matches("Asking lichess…").count(), 1, "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With speech, "Asking lichess…" is heard as well as shown, in the
/// session's language and words (Russian: no Latin letters).
#[test]
fn a_slow_answer_is_heard_in_the_sessions_language() {
    use crate::common::ssip::SsipServer;
    let server = Lichess::start();
    let dir = home("slow-heard");
    assert!(login(&dir, &server, TOKEN, "en").status.success());
    let speech = SsipServer::start_fast(&dir.join("run"));
    let mut child = lobby_speaking(&dir, &server, &speech, "ru");
    let out = collect(child.stdout.take().expect("stdout"));
    let at = wait_for(&out, "Зал lichess", 0);
    server.state.lock().unwrap().held_paths = vec!["/api/tournament".into()];
    typed(&mut child, "турниры");
    wait_for(&out, "Спрашиваю lichess…", at);
    let start = std::time::Instant::now();
    while !speech.said().iter().any(|s| s.text.contains("Спрашиваю")) {
        assert!(start.elapsed() < Duration::from_secs(30), "not heard: {:?}", speech.said());
        std::thread::sleep(Duration::from_millis(10));
    }
    server.state.lock().unwrap().held_paths.clear();
    typed(&mut child, "выход");
    finish(child);
    let heard: Vec<String> = speech.said().into_iter().map(|s| s.text).filter(|t| t.contains("Спрашиваю")).collect();
    assert!(heard.iter().all(|t| !t.chars().any(|c| c.is_ascii_alphabetic())), "Latin letters heard: {heard:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
