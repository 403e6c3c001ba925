//! The opening explorer and the endgame tablebase, asked in a review in
//! plain mode against a stand-in for explorer.lichess.org and
//! tablebase.lichess.org on 127.0.0.1 (written from lichess's OpenAPI
//! spec): the most played moves with their shares and scores, the
//! opening's name, the lichess database's filters from the settings; the
//! tablebase's result and best moves; the token sent to the explorer
//! only, a position of too many pieces not sent at all; refused in the
//! player's own game; a refusal (429), a broken answer and hostile names
//! said in words, nothing lost; English, Russian, German and Korean.

use crate::common::lichess::{Lichess, TOKEN, home_logged_in};
use std::path::{Path, PathBuf};
use std::time::Duration;
use voxchess::notation::{NotationLang, read_movetext};
use voxchess::rules::Position;

/// A fresh home: settings pointing the explorer and the tablebase at
/// `server`, the lichess token kept when `token`.
fn home(name: &str, server: &Lichess, token: bool, extra: &str) -> PathBuf {
    let dir = home_logged_in(&format!("explorer-{name}"), TOKEN);
    if !token {
        std::fs::remove_file(dir.join("config/voxchess/lichess-token")).expect("no token");
    }
    let url = &server.url;
    std::fs::write(
        dir.join("config/voxchess/config.toml"),
        format!("explorer = \"{url}\"\ntablebase = \"{url}\"\n{extra}"),
    )
    .expect("settings");
    dir
}

/// Reviews `pgn` in `lang` at `dir`, typing `lines` (a line "#until TEXT"
/// waits for TEXT to be printed once more) and ending the input (the
/// review ends once the answers asked for are said); what was
/// printed, each row checked to hold at most 40 cells.
fn review(dir: &Path, pgn: &str, lang: &str, lines: &[&str]) -> String {
    std::fs::write(dir.join("game.pgn"), pgn).expect("game file");
    let file = dir.join("game.pgn").display().to_string();
    let mut child = crate::common::voxchess(dir)
        .args(["review", &file, "--lang", lang, "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::collect(child.stdout.take().expect("stdout"));
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let mut waited: Vec<&str> = Vec::new();
        for l in lines {
            // "#until TEXT": waits for TEXT to be printed once more.
            if let Some(needle) = l.strip_prefix("#until ") {
                waited.push(needle);
                let times = waited.iter().filter(|w| **w == needle).count();
                let start = std::time::Instant::now();
                while out.lock().unwrap().replace('\n', " ").matches(needle).count() < times {
                    assert!(start.elapsed() < Duration::from_secs(30), "no {needle:?}: {}", out.lock().unwrap());
                    std::thread::sleep(Duration::from_millis(20));
                }
                continue;
            }
            let _ = writeln!(stdin, "{l}");
        }
    }
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(start.elapsed() < Duration::from_secs(60), "voxchess did not end:\n{}", out.lock().unwrap());
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    let raw = out.lock().unwrap().clone();
    for row in raw.lines() {
        assert!(cells(row) <= 40, "a row over 40 cells: {row:?}");
        assert!(!row.contains('\u{1b}'), "a control character reached the terminal: {row:?}");
    }
    raw.replace('\n', " ")
}

/// Display cells: a Hangul syllable takes two.
fn cells(row: &str) -> usize {
    row.chars().map(|c| if ('\u{ac00}'..='\u{d7a3}').contains(&c) { 2 } else { 1 }).sum()
}

/// The FEN after `moves` from the start.
fn fen_after(moves: &str) -> String {
    fen_after_in(&Position::start().to_fen(), moves)
}

/// The FEN after `moves` from `fen`.
fn fen_after_in(fen: &str, moves: &str) -> String {
    let start = Position::from_fen(fen).expect("FEN");
    let mut pos = start;
    for m in read_movetext(&start, moves, NotationLang::English).expect("moves") {
        pos.play_unchecked(&m);
    }
    pos.to_fen()
}

const MASTERS_START: &str = r#"{"white":1000,"draws":800,"black":700,"moves":[
 {"uci":"e2e4","san":"e4","averageRating":2400,"white":450,"draws":300,"black":250,"game":null},
 {"uci":"d2d4","san":"d4","averageRating":2410,"white":400,"draws":350,"black":250,"game":null},
 {"uci":"g1f3","san":"Nf3","averageRating":2420,"white":150,"draws":150,"black":200,"game":null}],
 "topGames":[],"opening":null}"#;

/// After 1. e4, as lichess's database: an illegal move and a broken one
/// among them (dropped), the opening named.
const LICHESS_E4: &str = r#"{"white":180,"draws":20,"black":200,"moves":[
 {"uci":"c7c5","san":"c5","averageRating":1800,"white":80,"draws":10,"black":110},
 {"uci":"e7e5","san":"e5","averageRating":1790,"white":100,"draws":10,"black":90},
 {"uci":"e2e4","san":"e4","white":5000,"draws":0,"black":0},
 {"uci":"zz9","white":1,"draws":0,"black":0}],
 "recentGames":[],"topGames":[],"opening":{"eco":"B00","name":"King's Pawn Game"}}"#;

/// White to mate at once: Qh8#.
const MATE_FEN: &str = "4k3/8/4K3/8/8/8/8/7Q w - - 0 1";
const MATE_PROBE: &str = r#"{"checkmate":false,"stalemate":false,"variant_win":false,"variant_loss":false,
 "insufficient_material":false,"dtz":1,"precise_dtz":1,"dtm":1,"category":"win","moves":[
 {"uci":"h1h8","san":"Qh8#","dtz":0,"precise_dtz":0,"dtm":0,"zeroing":false,"checkmate":true,"stalemate":false,
  "variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"loss"},
 {"uci":"h1h5","san":"Qh5","dtz":-3,"precise_dtz":-3,"dtm":-5,"zeroing":false,"checkmate":false,"stalemate":false,
  "variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"loss"},
 {"uci":"e6d6","san":"Kd6","dtz":0,"precise_dtz":0,"dtm":null,"zeroing":false,"checkmate":false,"stalemate":true,
  "variant_win":false,"variant_loss":false,"insufficient_material":false,"category":"draw"}]}"#;

fn answers(server: &Lichess) {
    let mut s = server.state.lock().unwrap();
    s.lookups.insert(format!("masters {}", fen_after("")), MASTERS_START.into());
    s.lookups.insert(format!("lichess {}", fen_after("e4")), LICHESS_E4.into());
    s.lookups.insert(format!("standard {MATE_FEN}"), MATE_PROBE.into());
}

const OPENING: &str = "1. e4 c5 2. Nf3 *";
fn endgame() -> String {
    format!("[SetUp \"1\"]\n[FEN \"{MATE_FEN}\"]\n\n1. Qh8# 1-0\n")
}

/// The masters' most played moves at the start, lichess's after 1. e4
/// with the opening's name and the settings' filters sent; the token
/// goes with each explorer question.
#[test]
fn the_explorer_says_the_most_played_moves_and_their_scores() {
    let server = Lichess::start();
    answers(&server);
    let dir = home("en", &server, true, "explorer_speeds = [\"blitz\", \"rapid\"]\nexplorer_ratings = [2000, 2200]\n");
    let out = review(&dir, OPENING, "en", &["explorer", "next", "explorer lichess"]);
    for needle in [
        "Masters' games: 2500 games from here.",
        "e4: 40 percent of games, White scores 60 percent.",
        "d4: 40 percent of games, White scores 58 percent.",
        "Nf3: 20 percent of games, White scores 45 percent.",
        "Opening: King's Pawn Game, B00.",
        "lichess games: 400 games from here.",
        "c5: 50 percent of games, White scores 43 percent.",
        "e5: 50 percent of games, White scores 53 percent.",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    // The illegal and the broken move were never said.
    assert!(!out.contains("5000"), "{out}");
    let looked = server.state.lock().unwrap().looked.clone();
    assert_eq!(looked.len(), 2, "{looked:?}");
    assert!(looked[0].0.starts_with("/masters?fen=") && looked[0].1, "{looked:?}");
    assert!(looked[1].0.starts_with("/lichess?variant=standard&fen="), "{looked:?}");
    assert!(looked[1].0.contains("speeds=blitz%2Crapid") && looked[1].0.contains("ratings=2000%2C2200"), "{looked:?}");
    assert!(looked[1].1, "the explorer needs the token");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same position asked again is answered from what was kept: no new
/// request; a refusal is said, and asking again once the server answers
/// works (a refusal is not kept).
#[test]
fn answers_are_kept_and_refusals_are_said_and_not_kept() {
    let server = Lichess::start();
    answers(&server);
    server.state.lock().unwrap().lookups_limited = true;
    let dir = home("limited", &server, true, "");
    let out = review(&dir, OPENING, "en", &["explorer"]);
    assert!(out.contains("Masters' games could not answer:"), "{out}");
    assert!(!out.contains("percent"), "{out}");
    server.state.lock().unwrap().lookups_limited = false;
    let out = review(&dir, OPENING, "en", &["explorer", "#until e4: 40 percent", "explorer", "explorer"]);
    assert_eq!(out.matches("e4: 40 percent").count(), 3, "{out}");
    assert_eq!(server.state.lock().unwrap().looked.len(), 2, "the second answer was kept");
    let _ = std::fs::remove_dir_all(&dir);
}

/// After a 429, nothing more goes to that server for a minute: the
/// explorer and the tablebase asked again within it are answered with
/// the time left to wait, and the server hears nothing more.
#[test]
fn a_429_keeps_every_question_to_that_server_for_a_minute() {
    let server = Lichess::start();
    answers(&server);
    server.state.lock().unwrap().lookups_limited = true;
    let dir = home("quiet", &server, true, "");
    let lines = [
        "explorer",
        "#until Masters' games could not answer:",
        "explorer lichess",
        "#until left. Nothing was sent.",
        "end",
        "tablebase",
        "#until left. Nothing was sent.",
    ];
    let out = review(&dir, &endgame(), "en", &lines);
    assert!(out.contains("lichess asks to wait a minute: nothing was done."), "{out}");
    assert_eq!(out.matches("lichess asked to wait a minute:").count(), 2, "{out}");
    let asked = server.state.lock().unwrap().requests.iter().filter(|(_, p, _)| !p.starts_with("/api/account")).count();
    assert_eq!(asked, 1, "one request, then none: {:?}", server.state.lock().unwrap().requests);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without a lichess login the explorer is not asked (and says how to log
/// in); the tablebase needs none and is never sent the token; a position
/// of more than seven pieces is not sent.
#[test]
fn the_token_goes_only_to_the_explorer() {
    let server = Lichess::start();
    answers(&server);
    let dir = home("notoken", &server, false, "");
    let out = review(&dir, OPENING, "en", &["explorer", "tablebase"]);
    assert!(out.contains("The opening explorer needs your lichess login: run voxchess online login."), "{out}");
    assert!(out.contains("The tablebase knows positions of up to 7 pieces; this one has 32."), "{out}");
    assert!(server.state.lock().unwrap().looked.is_empty(), "nothing was to be sent");
    let _ = std::fs::remove_dir_all(&dir);

    let dir = home("tablebase", &server, true, "");
    let out = review(&dir, &endgame(), "en", &["tablebase"]);
    assert!(out.contains("White wins; mate in 1 move."), "{out}");
    assert!(out.contains("Best moves: Qh8# wins, mate in 1 move"), "{out}");
    assert!(out.contains("Kd6 draws"), "{out}");
    let looked = server.state.lock().unwrap().looked.clone();
    assert_eq!(looked.len(), 1, "{looked:?}");
    assert!(looked[0].0.starts_with("/standard?fen=4k3%2F8%2F4K3"), "{looked:?}");
    assert!(!looked[0].1, "the token went to the tablebase");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A broken answer, a missing position and hostile text are said in
/// words; nothing reaches the terminal raw, and the review goes on.
#[test]
fn a_hostile_server_is_said_in_words() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        let hostile = r#"{"white":1,"draws":0,"black":0,"moves":[{"uci":"e2e4","white":1,"draws":0,"black":0}],
            "opening":{"eco":"Z99\u001b[2J","name":"Evil\u001b]0;owned\u0007 Gambit\u202e"}}"#;
        s.lookups.insert(format!("masters {}", fen_after("")), hostile.into());
        s.lookups.insert(format!("masters {}", fen_after("e4")), "<html>not json</html>".into());
    }
    let dir = home("hostile", &server, true, "");
    let out = review(&dir, OPENING, "en", &["explorer", "next", "explorer", "end"]);
    assert!(out.contains("Opening: Evil") && out.contains("Gambit."), "{out}");
    assert!(!out.contains("Z99") && !out.contains('\u{202e}') && !out.contains('\u{7}'), "{out}");
    assert!(out.contains("Masters' games could not answer:"), "{out}");
    assert!(out.contains("2. White: Nf3. End of the game."), "the review went on: {out}");
    // A position the tablebase does not know (404), a broken answer.
    let pgn = endgame().replace("Qh8# 1-0", "Qh7 *");
    server.state.lock().unwrap().lookups.insert(format!("standard {}", fen_after_in(MATE_FEN, "Qh7")), "{[".into());
    let out = review(&dir, &pgn, "en", &["tablebase", "next", "tablebase"]);
    assert!(out.contains("The tablebase does not know this position's result."), "{out}");
    assert!(out.contains("The tablebase could not answer:"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// In Russian, German and Korean: the answers in the session's language,
/// no English words.
#[test]
fn the_answers_are_in_the_players_language() {
    let server = Lichess::start();
    answers(&server);
    let dir = home("langs", &server, true, "");
    let out = review(&dir, OPENING, "ru", &["дебюты", "таблицы"]);
    assert!(out.contains("Партии мастеров: 2500 партий из этой позиции."), "{out}");
    assert!(out.contains("e4: 40 процентов партий"), "{out}");
    assert!(out.contains("Таблицы знают позиции не более чем из 7 фигур; здесь их 32."), "{out}");
    let out = review(&dir, &endgame(), "ru", &["таблицы"]);
    assert!(out.contains("Белые выигрывают; мат в 1 ход."), "{out}");
    assert!(out.contains("Лучшие ходы: Фh8# выигрывает"), "{out}");
    let out = review(&dir, &endgame(), "de", &["endspieldatenbank"]);
    assert!(out.contains("Weiß gewinnt"), "{out}");
    assert!(out.contains("Dh8#"), "{out}");
    let out = review(&dir, OPENING, "ko", &["오프닝 탐색"]);
    assert!(out.contains("e4") && out.contains("2500"), "{out}");
    for english in ["games", "percent", "Masters", "White"] {
        assert!(!out.contains(english), "English in a Korean session: {english}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// In the player's own game the explorer and the tablebase are refused,
/// and nothing is sent; after it, in its study, they are asked.
#[test]
fn the_explorer_is_refused_in_a_game_and_asked_after_it() {
    let server = Lichess::start();
    answers(&server);
    let dir = home("game", &server, true, "");
    let mut child = crate::common::voxchess(&dir)
        .args(["play", "--opponent", "human", "--plain", "--no-speech", "--no-voice", "--lang", "en"])
        .spawn()
        .expect("voxchess starts");
    let lines = ["f3", "explorer", "e5", "tablebase", "g4", "Qh4#", "explorer"];
    let out = crate::common::type_and_finish(&mut child, &lines, Duration::from_secs(60));
    assert_eq!(
        out.matches("The explorer and the tablebase are for study: in a review, or after the game.").count(),
        2,
        "{out}"
    );
    // Once the game is over, its study may ask.
    assert!(out.contains("Masters' games: no games from here."), "{out}");
    let looked = server.state.lock().unwrap().looked.clone();
    assert_eq!(looked.len(), 1, "{looked:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Stepping forward through a game names each new opening it reaches
/// (from lichess's table, no server): in English as lichess writes it; in
/// Russian the family in Russian; an opening the language has no name
/// for is its code alone, never English words; stepping back says none.
#[test]
fn openings_are_named_as_a_review_reaches_them() {
    let server = Lichess::start();
    let dir = home("openings", &server, false, "");
    let najdorf = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *";
    let steps = ["next"; 10];
    let out = review(&dir, najdorf, "en", &steps);
    for needle in ["Opening: King's Pawn Game, B00.", "Opening: Sicilian Defense, B20.", "Najdorf Variation", "B90."] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    // A jump to the end names the opening there; stepping back, none.
    let out = review(&dir, najdorf, "en", &["end", "back", "back"]);
    assert_eq!(out.matches("Opening").count(), 1, "stepping back named an opening: {out}");
    let out = review(&dir, najdorf, "ru", &["вперёд"; 10]);
    assert!(out.contains("Сицилианская защита, B20.") && out.contains("Сицилианская защита, B90."), "{out}");
    assert!(!out.contains("Sicilian") && !out.contains("Najdorf"), "{out}");
    // The Amar Opening (1. Nh3) has no Korean name here: its code.
    let out = review(&dir, "1. Nh3 *", "ko", &["앞으로"]);
    assert!(out.contains("오프닝 A00."), "{out}");
    assert!(!out.contains("Amar"), "{out}");
    assert!(server.state.lock().unwrap().looked.is_empty(), "names need no server");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The explorer's answer is a readout: `next` typed while it is said
/// cuts it (with speech to the tests' SSIP server), and the move is
/// heard at once, never after the rest of the rows.
#[test]
fn the_explorers_answer_is_cut_by_the_next_line() {
    use crate::common::ssip::SsipServer;
    use std::io::Write;
    let server = Lichess::start();
    answers(&server);
    let dir = home("cut", &server, true, "");
    let speech = SsipServer::start(&dir.join("run"));
    std::fs::write(dir.join("game.pgn"), OPENING).expect("game file");
    let file = dir.join("game.pgn").display().to_string();
    let mut child = crate::common::voxchess(&dir)
        .args(["review", &file, "--lang", "en", "--plain", "--no-voice"])
        .env("SPEECHD_ADDRESS", speech.address())
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    crate::common::wait_for(&out, "1. White>", 0);
    writeln!(stdin, "explorer").expect("typed");
    // As spoken: the last row's move in words.
    let rows = ["Masters' games", "e4: 40 percent", "d4: 40 percent", "knight f3: 20 percent"];
    let begun = |text: &str| speech.said().into_iter().find(|s| s.text.contains(text) && s.begun.is_some());
    let start = std::time::Instant::now();
    while begun(rows[0]).is_none() {
        assert!(start.elapsed() < Duration::from_secs(30), "the answer was not said: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(10));
    }
    writeln!(stdin, "next").expect("typed");
    let heard = loop {
        if let Some(s) = speech.said().into_iter().find(|s| s.text.contains("White: e4") && s.ended.is_some()) {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "the move was not said: {:#?}", speech.said());
        std::thread::sleep(Duration::from_millis(10));
    };
    drop(stdin);
    let _ = child.wait();
    let said = speech.said();
    // The rows after the one being said when `next` came were cut or
    // dropped: none was heard to its end, none before the move.
    let last = rows[3];
    assert!(
        !said.iter().any(|s| s.text.contains(last) && s.ended.is_some() && !s.cancelled),
        "the rest of the answer was heard: {said:#?}"
    );
    assert!(
        !said.iter().any(|s| s.text.contains(last) && s.begun.is_some_and(|b| b < heard.begun.expect("begun"))),
        "the move waited for the answer: {said:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A lookup that takes more than a moment says so ("Asking the
/// tablebase…"), then its answer; the server holds the answer until the
/// notice has been printed, so nothing depends on timing.
#[test]
fn a_slow_lookup_is_announced_before_its_answer() {
    use crate::common::wait_for;
    use std::io::Write;
    let server = Lichess::start();
    answers(&server);
    server.state.lock().unwrap().held_paths = vec!["/standard".into()];
    let dir = home("slow", &server, true, "");
    std::fs::write(dir.join("game.pgn"), endgame()).expect("game file");
    let file = dir.join("game.pgn").display().to_string();
    let mut child = crate::common::voxchess(&dir)
        .args(["review", &file, "--lang", "en", "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "tablebase").expect("typed");
    let at = wait_for(&out, "Asking the tablebase…", 0);
    server.state.lock().unwrap().held_paths.clear();
    wait_for(&out, "White wins; mate in 1 move.", at);
    drop(stdin);
    crate::common::ended_in_rows(&mut child, &out);
    let _ = std::fs::remove_dir_all(&dir);
}
