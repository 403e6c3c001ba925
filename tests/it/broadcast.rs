//! Following a broadcast from the lobby, against the tests' server
//! (`common::lichess`, its broadcasts written from the spec's
//! BroadcastTop, BroadcastTour and round PGN stream): the events live
//! now, a round opened with its boards, moves said as they come with
//! board questions between them, a relay catching up 30 moves said as
//! one line (in speech too, logged by the tests' SSIP server), boards
//! switched, another board's result said, nothing posted and no token
//! sent; a 429, a round that does not exist and a cut stream in Russian.

use crate::common::lichess::{Lichess, TOKEN, home_logged_in, start_lobby};
use crate::common::typed;
use crate::common::wait_for;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

const TOP: &str = r#"{"active":[{"tour":{"id":"tour0001","name":"Knight Cup","slug":"knight-cup","createdAt":1,"url":"https://lichess.org/broadcast/knight-cup/tour0001"},"round":{"id":"rnd00002","name":"Round 2","slug":"round-2","createdAt":1,"ongoing":true,"url":"https://lichess.org/broadcast/knight-cup/round-2/rnd00002"}},{"tour":{"id":"tour0002","name":"Queen Open","slug":"q","createdAt":1,"url":"u"},"round":{"id":"rnd00009","name":"Round 9","slug":"r","createdAt":1,"url":"u","startsAt":STARTS}}],"upcoming":[],"past":{"currentPage":1,"maxPerPage":20,"currentPageResults":[]}}"#;

const TOUR: &str = r#"{"tour":{"id":"tour0001","name":"Knight Cup","slug":"knight-cup","createdAt":1,"url":"u"},"rounds":[{"id":"rnd00001","name":"Round 1","slug":"round-1","createdAt":1,"url":"u"},{"id":"rnd00002","name":"Round 2","slug":"round-2","createdAt":1,"ongoing":true,"url":"u"}],"defaultRoundId":"rnd00002"}"#;

/// A game of the round as the stream sends it: its tags, then `moves`.
fn game(id: &str, white: &str, black: &str, result: &str, moves: &str) -> String {
    format!(
        "[Event \"Knight Cup\"]\n[Site \"https://lichess.org/broadcast/knight-cup/round-2/rnd00002/{id}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[GameURL \"https://lichess.org/broadcast/knight-cup/round-2/rnd00002/{id}\"]\n\n{moves} {result}\n\n\n"
    )
}

const BOARD_1: &str = "1. e4 { [%clk 1:30:00] } e5 { [%clk 1:29:40] }";
const BOARD_2: &str = "1. d4 { [%clk 1:30:00] }";
/// 2. Nf3, then 30 more plies of the Breyer, to 17. Bg5.
const NF3: &str = "1. e4 { [%clk 1:30:00] } e5 { [%clk 1:29:40] } 2. Nf3 { [%clk 1:29:00] }";
const BREYER: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 { [%clk 1:10:00] }";

/// The event's players, as the spec's BroadcastPlayerEntry list: a
/// title, a rating, a federation, a score of games played and a place
/// where lichess has them.
const PLAYERS: &str = r#"[{"name":"Carlsen, Magnus","title":"GM","rating":2830,"fideId":1503014,"fed":"NOR","score":2.5,"played":3,"rank":1,"tiebreaks":[{"extendedCode":"BH","description":"Buchholz","points":4.5}]},{"name":"Anna","rating":2100,"score":1,"played":3,"rank":3},{"name":"Boris","title":"IM","fed":"GER","score":1.5,"played":3,"rank":2},{"name":"Dora","played":0}]"#;

fn serve(server: &Lichess) {
    let mut s = server.state.lock().unwrap();
    s.broadcast_players.insert("tour0001".into(), PLAYERS.into());
    // The second starts in 3 hours and a half.
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("time").as_millis();
    s.broadcast_top = TOP.replace("STARTS", &(now + 12_600_000).to_string());
    s.broadcast_tours.insert("tour0001".into(), TOUR.into());
    let round = game("gameAAAA", "Anna", "Boris", "*", BOARD_1) + &game("gameBBBB", "Carl", "Dora", "*", BOARD_2);
    s.round_pgn.insert("rnd00002".into(), round);
    s.round_pgn
        .insert("rnd00001".into(), game("gameCCCC", "Eva", "Finn", "1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"));
}

/// The lobby with speech to the tests' SSIP server, in plain mode.
fn lobby_speaking(dir: &std::path::Path, server: &Lichess, speech: &crate::common::ssip::SsipServer) -> Child {
    crate::common::voxchess(dir)
        .args(["online", "--server", &server.url, "--plain", "--no-voice", "--lang", "en"])
        .env("SPEECHD_ADDRESS", speech.address())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts")
}

/// The broadcasts listed, a round followed: its boards, moves as they
/// come with a board question and the clocks between them, 30 moves at
/// once said as one line (heard as one, the last move in it), boards
/// switched by number and by `next game`, another board's result said,
/// the boards listed; `quit` goes back to the lobby. Only GETs, and no
/// token to the broadcasts.
#[test]
fn a_broadcast_round_is_followed_board_by_board() {
    use crate::common::ssip::SsipServer;
    let server = Lichess::start();
    serve(&server);
    let dir = home_logged_in("broadcast-en", TOKEN);
    let speech = SsipServer::start(&dir.join("run"));
    let mut child = lobby_speaking(&dir, &server, &speech);
    let out = crate::common::collect(child.stdout.take().expect("stdout"));
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "broadcast");
    at = wait_for(&out, "2 broadcasts now:", at);
    at = wait_for(&out, "1: Knight Cup, Round 2, live.", at);
    at = wait_for(&out, "2: Queen Open, Round 9, starts in 3 hours 2", at);
    typed(&mut child, "broadcast 1");
    at = wait_for(&out, "Knight Cup, Round 2: round 2 of 2, 2 boards.", at);
    at = wait_for(&out, "Board 1 of 2: Anna against Boris.", at);
    at = wait_for(&out, "Move 2. White to move.", at);
    server.broadcast_send(&game("gameAAAA", "Anna", "Boris", "*", NF3));
    at = wait_for(&out, "2. White: Nf3.", at);
    typed(&mut child, "what is on f3");
    at = wait_for(&out, "f3", at);
    typed(&mut child, "time");
    at = wait_for(&out, "Black: 1 hour 29 minutes", at);
    // The relay catches up 30 moves at once: one line, the last in it.
    let sent = Instant::now();
    server.broadcast_send(&game("gameAAAA", "Anna", "Boris", "*", BREYER));
    at = wait_for(&out, "30 moves came together. Last: 17. White: Bg5.", at);
    let heard = loop {
        let said = speech.said();
        if let Some(s) = said.iter().find(|s| s.text.contains("30 moves came together")) {
            break s.clone();
        }
        assert!(sent.elapsed() < Duration::from_secs(20), "the catching up was not said: {said:#?}");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(heard.text.contains("bishop g5"), "the last move in words: {}", heard.text);
    typed(&mut child, "board 2");
    at = wait_for(&out, "Board 2 of 2: Carl against Dora.", at);
    at = wait_for(&out, "Move 1. Black to move.", at);
    server.broadcast_send(&game("gameBBBB", "Carl", "Dora", "*", "1. d4 d5"));
    at = wait_for(&out, "1. Black: d5.", at);
    typed(&mut child, "next game");
    at = wait_for(&out, "Board 1 of 2: Anna against Boris.", at);
    at = wait_for(&out, "Move 17. Black to move.", at);
    server.broadcast_send(&game("gameBBBB", "Carl", "Dora", "0-1", "1. d4 d5"));
    at = wait_for(&out, "Board 2, Carl against Dora: Black won.", at);
    typed(&mut child, "boards");
    at = wait_for(&out, "1: Anna against Boris, move 17, black to move.", at);
    at = wait_for(&out, "2: Carl against Dora, Black won.", at);
    typed(&mut child, "board 7");
    at = wait_for(&out, "There is no board 7; the round has 2.", at);
    typed(&mut child, "players");
    at = wait_for(&out, "Knight Cup: 4 players.", at);
    at = wait_for(&out, "1. Anna (2100): 1 point of 3.", at);
    at = wait_for(&out, "2. IM Boris (GER): 1.5 points of 3.", at);
    at = wait_for(&out, "3. GM Carlsen, Magnus (2830, NOR): 2.5 points of 3.", at);
    at = wait_for(&out, "4. Dora.", at);
    typed(&mut child, "standings");
    at = wait_for(&out, "Knight Cup, standings:", at);
    at = wait_for(&out, "1. GM Carlsen, Magnus (2830, NOR): 2.5 points of 3.", at);
    at = wait_for(&out, "2. IM Boris (GER): 1.5 points of 3.", at);
    at = wait_for(&out, "3. Anna (2100): 1 point of 3.", at);
    typed(&mut child, "quit");
    wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    // Not one sentence a move: none of the 30 was said alone.
    let said = speech.said();
    let alone: Vec<&str> =
        said.iter().map(|s| s.text.as_str()).filter(|t| t.contains("c4") && !t.contains("came together")).collect();
    assert!(alone.is_empty(), "moves of the catching up said alone: {alone:?}");
    let s = server.state.lock().unwrap();
    let posted: Vec<&(String, String, String)> = s.requests.iter().filter(|(m, _, _)| m != "GET").collect();
    assert!(posted.is_empty(), "following posted: {posted:?}");
    let asked: Vec<&str> = s.broadcast_asked.iter().map(|(p, _)| p.as_str()).collect();
    for path in [
        "/broadcast/tour0001/players",
        "/api/broadcast/top",
        "/api/broadcast/tour0001",
        "/api/broadcast/round/rnd00002.pgn",
        "/api/stream/broadcast/round/rnd00002.pgn",
    ] {
        assert!(asked.contains(&path), "{path} not asked: {asked:?}");
    }
    assert!(s.broadcast_asked.iter().all(|(_, token)| !token), "a token went to the broadcasts");
    assert!(!all.contains(TOKEN));
    let _ = std::fs::remove_dir_all(&dir);
}

/// In Russian: a round that does not exist, a broadcast not in the list,
/// an earlier round opened by its number (its game over), the stream cut
/// and lichess down: lost said once, back once, and following goes on;
/// then a 429 said (and nothing else), and the list asked again within
/// the minute answered with the time left, nothing sent.
#[test]
fn rounds_limits_and_a_cut_stream_in_russian() {
    let server = Lichess::start();
    serve(&server);
    let dir = home_logged_in("broadcast-ru", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "ru");
    let mut at = wait_for(&out, "lichess", 0);
    typed(&mut child, "трансляции");
    at = wait_for(&out, "Сейчас 2 трансляции:", at);
    typed(&mut child, "трансляции 3");
    at = wait_for(&out, "Трансляции 3 в списке нет.", at);
    typed(&mut child, "трансляции 1 5");
    at = wait_for(&out, "Тура 5 нет; в этой трансляции туров: 2.", at);
    typed(&mut child, "трансляции 1 1");
    at = wait_for(&out, "Knight Cup, Round 1: тур 1 из 2, 1 доска.", at);
    at = wait_for(&out, "Доска 1 из 1: Eva против Finn.", at);
    at = wait_for(&out, "Итог: победа белых.", at);
    // The round's stream open first: a cut before it would be a refusal.
    server.broadcast_connected();
    server.state.lock().unwrap().streams_down = true;
    server.broadcast_cut();
    at = wait_for(&out, "Связь с трансляцией потеряна; пробую снова.", at);
    server.state.lock().unwrap().streams_down = false;
    at = wait_for(&out, "Связь с трансляцией восстановлена.", at);
    typed(&mut child, "доски");
    at = wait_for(&out, "1: Eva против Finn, победа белых.", at);
    // A hostile list: control characters, a rating not a number (that
    // entry left out), a title and a federation not of their form, an
    // entry without a name, a number; no standings yet.
    server.state.lock().unwrap().broadcast_players.insert(
        "tour0001".into(),
        r#"[{"name":"Eva\u001b[2J","title":"G\u0007M","played":1},{"name":"Ott","rating":"x"},{"name":"Finn","rating":99999,"title":"<b>","fed":"NORWAY","score":0.3},{"rating":2000},5]"#.into(),
    );
    typed(&mut child, "игроки");
    at = wait_for(&out, "Knight Cup: 2 игрока.", at);
    at = wait_for(&out, "1. Eva [2J.", at);
    at = wait_for(&out, "2. Finn.", at);
    typed(&mut child, "турнирная таблица");
    at = wait_for(&out, "Таблицы турнира пока нет.", at);
    typed(&mut child, "выход");
    at = wait_for(&out, "Снова в зале.", at);
    server.state.lock().unwrap().broadcasts_limited = true;
    typed(&mut child, "трансляции");
    at = wait_for(&out, "подождать минуту", at);
    server.state.lock().unwrap().broadcasts_limited = false;
    let asked = server.state.lock().unwrap().requests.len();
    typed(&mut child, "трансляции");
    at = wait_for(&out, "Ничего не отправлено.", at);
    assert_eq!(server.state.lock().unwrap().requests.len(), asked, "nothing sent within the minute");
    typed(&mut child, "выход");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    assert_eq!(all.matches("Связь с трансляцией потеряна").count(), 1, "{all}");
    assert!(!all.contains('\u{1b}') && !all.contains('\u{7}') && !all.contains("<b>"), "{all}");
    let _ = (at, std::fs::remove_dir_all(&dir));
}
