//! The Braille display through BrlAPI, with the real BRLTTY and its
//! Virtual driver: the test is the display (it reads what BRLTTY shows
//! and presses its keys) and the player at the keyboard.

use crate::common::brltty::{Brltty, dots_of, table_dots};
use crate::common::{collect, text, voxchess, wait_for};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, ChildStdin};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("voxchess-braille-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A voxchess in plain mode with the display of `b` and these arguments.
struct Session {
    child: Child,
    stdin: ChildStdin,
    out: Arc<Mutex<String>>,
    seen: usize,
}

impl Session {
    fn start(dir: &std::path::Path, b: Option<&Brltty>, args: &[&str]) -> Session {
        let mut cmd = voxchess(dir);
        cmd.args(args).args(["--plain", "--no-speech", "--no-voice"]);
        if let Some(b) = b {
            cmd.envs(b.env());
        }
        let mut child = cmd.spawn().expect("voxchess");
        let out = collect(child.stdout.take().expect("stdout"));
        let stdin = child.stdin.take().expect("stdin");
        Session { child, stdin, out, seen: 0 }
    }

    fn play(dir: &std::path::Path, b: &Brltty) -> Session {
        Session::start(dir, Some(b), &["play", "--opponent", "human", "--braille"])
    }

    fn typed(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("typed");
    }

    /// Waits for `needle` in what was printed since the last wait.
    fn said(&mut self, needle: &str) {
        self.seen = wait_for(&self.out, needle, self.seen);
    }

    /// Quits and waits for the end.
    fn quit(mut self) -> String {
        self.typed("quit");
        drop(self.stdin);
        let start = Instant::now();
        while self.child.try_wait().expect("wait").is_none() {
            assert!(start.elapsed() < Duration::from_secs(30), "voxchess did not end:\n{}", text(&self.out));
            std::thread::sleep(Duration::from_millis(20));
        }
        text(&self.out)
    }
}

/// Presses a key `n` times.
fn press(b: &mut Brltty, key: &str, n: usize) {
    for _ in 0..n {
        b.send(key);
    }
}

/// The cell of a square's file on a rank line of the board view
/// ("8 rnbqkbnr": the files from cell 2).
fn cell(file: char) -> usize {
    2 + (file as usize - 'a' as usize)
}

/// Picks up the piece on `from` and puts it on `to` with routing keys,
/// from the board view standing on rank `at`; returns the rank it ends on.
fn route_move(b: &mut Brltty, s: &mut Session, at: u32, from: &str, to: &str, said: &str) -> u32 {
    let (ff, fr) = (from.chars().next().unwrap(), from[1..].parse::<u32>().unwrap());
    let (tf, tr) = (to.chars().next().unwrap(), to[1..].parse::<u32>().unwrap());
    let step = |b: &mut Brltty, from: u32, to: u32| {
        if to > from {
            press(b, "LnUp", (to - from) as usize);
        } else {
            press(b, "LnDn", (from - to) as usize);
        }
        b.wait_text(&format!("{to} "));
    };
    step(b, at, fr);
    b.send(&format!("Route {}", cell(ff)));
    s.said("In hand:");
    step(b, fr, tr);
    b.send(&format!("Route {}", cell(tf)));
    s.said(said);
    tr
}

/// A whole game by routing keys: the board view by the display's key,
/// ranks by the line keys, each move by two routing keys; the dots are
/// those of the table BRLTTY uses; after the mate the status line has
/// the result and the moves view the whole game.
#[test]
fn a_short_game_is_played_by_routing_keys() {
    let dir = scratch("game");
    let mut b = Brltty::start(&dir);
    let mut s = Session::play(&dir, &b);
    s.said("The Braille display is connected.");
    b.wait_text("Start; White to move");
    b.send("DispMd");
    let top = b.wait_text("8 rnbqkbnr");
    assert_eq!(top, "8 rnbqkbnr");
    b.settle();
    assert_eq!(b.dots, dots_of(&top, &table_dots()), "the dots of {top:?}");
    let at = route_move(&mut b, &mut s, 8, "f2", "f3", "White: f3");
    b.wait_text("3 -----P--");
    let at = route_move(&mut b, &mut s, at, "e7", "e5", "Black: e5");
    let at = route_move(&mut b, &mut s, at, "g2", "g4", "White: g4");
    route_move(&mut b, &mut s, at, "d8", "h4", "Black: Qh4#");
    s.said("Checkmate");
    b.send("Home");
    b.wait_text("2... Qh4#; 0-1");
    s.typed("braille moves");
    s.said("Braille display: moves.");
    b.wait_text("1. f3 e5 2. g4 Qh4#");
    let all = s.quit();
    assert!(!all.contains("White: Qh4"), "{all}");
}

/// A routing key that cannot make a move is refused in words and plays
/// nothing; a piece of the other side is only read; the same key again
/// puts the piece back.
#[test]
fn routing_refusals_say_why_and_play_nothing() {
    let dir = scratch("refusals");
    let mut b = Brltty::start(&dir);
    let mut s = Session::play(&dir, &b);
    s.said("The Braille display is connected.");
    b.wait_text("Start; White to move");
    s.typed("braille board");
    s.said("Braille display: board.");
    b.wait_text("8 rnbqkbnr");
    press(&mut b, "LnDn", 7);
    b.wait_text("1 RNBQKBNR");
    b.send(&format!("Route {}", cell('g')));
    s.said("In hand: white knight g1.");
    press(&mut b, "LnUp", 2);
    b.wait_text("3 --------");
    // g1 to g3 is no knight's move; the knight stays in hand.
    b.send(&format!("Route {}", cell('g')));
    s.said("The knight on g1 cannot reach g3.");
    press(&mut b, "LnDn", 2);
    b.wait_text("1 RNBQKBNR");
    b.send(&format!("Route {}", cell('g')));
    s.said("Back in place: white knight g1.");
    // A black pawn is read, not taken up, on White's move.
    press(&mut b, "LnUp", 6);
    b.wait_text("7 pppppppp");
    b.send(&format!("Route {}", cell('e')));
    s.said("e7: black pawn");
    s.typed("braille status");
    b.wait_text("Start; White to move");
    // A piece picked up, then moves typed: it is put down by them, and a
    // later touch of its target only reads the square.
    b.send("DispMd");
    b.wait_text("8 rnbqkbnr");
    press(&mut b, "LnDn", 7);
    b.wait_text("1 RNBQKBNR");
    b.send(&format!("Route {}", cell('g')));
    s.said("In hand: white knight g1.");
    s.typed("e4");
    s.said("White: e4");
    s.typed("e5");
    s.said("Black: e5");
    press(&mut b, "LnUp", 2);
    b.wait_text("3 --------");
    b.send(&format!("Route {}", cell('f')));
    s.said("f3: empty");
    let all = s.quit();
    assert!(!all.contains("White: N"), "no knight was played:\n{all}");
}

/// BRLTTY killed mid-game: one line says so, the game goes on by lines,
/// and the display comes back by itself when BRLTTY does.
#[test]
fn the_display_going_away_ends_only_the_display() {
    let dir = scratch("gone");
    let mut b = Brltty::start(&dir);
    let number = b.number;
    let mut s = Session::play(&dir, &b);
    b.wait_text("Start; White to move");
    s.typed("e4");
    s.said("White: e4");
    b.wait_text("1. e4; Black to move");
    b.kill();
    s.said("The Braille display went away. Lines and speech go on.");
    s.typed("e5");
    s.said("Black: e5");
    drop(b);
    let mut b = Brltty::start_as(&dir, number);
    s.said("The Braille display is connected.");
    b.wait_text("1... e5; White to move");
    s.typed("Nf3");
    s.said("White: Nf3");
    b.wait_text("2. Nf3; Black to move");
    s.quit();
}

/// A review: the moves view panned by line keys, a routing key on a move
/// goes to it; the board shows that position.
#[test]
fn a_review_goes_to_a_move_by_its_routing_key() {
    let dir = scratch("review");
    let pgn = dir.join("game.pgn");
    let moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *";
    std::fs::write(&pgn, format!("[White \"A\"]\n[Black \"B\"]\n\n{moves}\n")).expect("pgn");
    let mut b = Brltty::start(&dir);
    let mut s = Session::start(&dir, Some(&b), &["review", pgn.to_str().unwrap(), "--braille"]);
    b.wait_text("Start; White to move");
    b.send("DispMd");
    b.send("DispMd");
    // The first line of moves, then the next by the line key.
    let first = b.wait_text("1. e4 e5 2. Nf3");
    assert!(first.chars().count() <= 40, "{first}");
    b.send("LnDn");
    let second = b.wait(&format!("the line after {first:?}"), |v| !v.is_empty() && !v.starts_with("1. e4"));
    assert!(!second.starts_with(' '), "{second}");
    b.send("LnUp");
    b.wait_text("1. e4 e5 2. Nf3");
    // "1. e4 e5 2. Nf3": Nf3 begins on cell 12.
    b.send("Route 13");
    s.said("Nf3");
    b.send("DispMd");
    b.send("DispMd");
    b.wait_text("2. Nf3; Black to move");
    s.quit();
}

/// In a review, two routing keys on the board view play a move of the
/// player's own, as in a game: a new line.
#[test]
fn a_line_is_tried_in_a_review_by_routing_keys() {
    let dir = scratch("review-line");
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, "1. e4 e5 2. Nf3 *\n").expect("pgn");
    let mut b = Brltty::start(&dir);
    let mut s = Session::start(&dir, Some(&b), &["review", pgn.to_str().unwrap(), "--braille"]);
    b.wait_text("Start; White to move");
    s.typed("next");
    s.typed("next");
    s.said("1. Black: e5.");
    s.typed("braille board");
    s.said("Braille display: board.");
    b.wait_text("8 rnbqkbnr");
    route_move(&mut b, &mut s, 8, "b1", "c3", "New line: 2. White: Nc3.");
    b.wait_text("3 --N-----");
    s.quit();
}

/// A position set up by routing keys: a key on a square, then the piece
/// named; the board view shows each piece as it is placed, and a pawn
/// refused on the last rank leaves the square empty.
#[test]
fn a_position_is_set_up_by_routing_keys() {
    let dir = scratch("setup");
    let mut b = Brltty::start(&dir);
    let mut s = Session::start(&dir, Some(&b), &["setup", "--braille"]);
    s.said("The board is empty.");
    s.typed("braille board");
    s.said("Braille display: board.");
    b.wait_text("8 --------");
    b.send(&format!("Route {}", cell('e')));
    s.said("e8: empty");
    s.typed("black king");
    s.said("Black king e8.");
    b.wait_text("8 ----k---");
    b.send(&format!("Route {}", cell('a')));
    s.said("a8: empty");
    s.typed("white pawn");
    s.said("No pawn may stand on a8");
    press(&mut b, "LnDn", 7);
    b.wait_text("1 --------");
    b.send(&format!("Route {}", cell('g')));
    s.said("g1: empty");
    s.typed("white king");
    s.said("White king g1.");
    b.wait_text("1 ------K-");
    s.typed("done");
    s.said("The position is legal.");
    s.quit();
}

/// The display's text is the session's written notation: Russian piece
/// letters and words, squares as "e4".
#[test]
fn the_display_speaks_the_sessions_language_in_writing() {
    let dir = scratch("russian");
    let mut b = Brltty::start(&dir);
    let mut s = Session::start(&dir, Some(&b), &["play", "--opponent", "human", "--braille", "--lang", "ru"]);
    b.wait_text("Начало; ход белых");
    s.typed("e4");
    b.wait_text("1. e4; ход чёрных");
    s.typed("конь эф шесть");
    b.wait_text("1... Кf6; ход белых");
    s.typed("брайль доска");
    s.said("Брайлевский дисплей: доска.");
    b.wait_text("8 rnbqkb-r");
    s.quit();
}

/// Asked for with no BRLTTY: one line says so and play goes on; on
/// automatic, nothing is said.
#[test]
fn without_a_display_play_goes_on() {
    let dir = scratch("none");
    let env = [("BRLAPI_HOST", "127.0.0.1:3999"), ("BRLAPI_AUTH", "none")];
    let mut c = voxchess(&dir);
    c.args(["play", "--opponent", "human", "--plain", "--no-speech", "--no-voice", "--braille"]).envs(env);
    let mut child = c.spawn().expect("voxchess");
    let all = crate::common::type_and_finish(&mut child, &["e4", "braille board", "quit"], Duration::from_secs(30));
    assert!(all.contains("No Braille display answers. voxchess keeps trying."), "{all}");
    assert!(all.contains("White: e4"), "{all}");
    assert!(all.contains("No Braille display is connected."), "{all}");
    let dir = scratch("auto");
    let mut c = voxchess(&dir);
    c.args(["play", "--opponent", "human", "--plain", "--no-speech", "--no-voice"]).envs(env);
    let mut child = c.spawn().expect("voxchess");
    let all = crate::common::type_and_finish(&mut child, &["e4", "quit"], Duration::from_secs(30));
    assert!(!all.contains("Braille"), "{all}");
    assert!(all.contains("White: e4"), "{all}");
}

/// With a clock, the status line shows both times anew each second; the
/// latest line is read by the line key, and while it is read the clock
/// does not overwrite it.
#[test]
fn the_status_line_follows_the_clock_but_not_while_reading() {
    let dir = scratch("clock");
    let mut b = Brltty::start(&dir);
    let mut s = Session::start(&dir, Some(&b), &["play", "--opponent", "human", "--braille", "--time", "5+0"]);
    // White's clock may have run a little before the display came (a
    // loaded machine): Black's has not.
    b.wait("the start with both clocks", |v| v.starts_with("Start; White to move; W ") && v.ends_with(", B 5:00"));
    s.typed("e4");
    s.said("White: e4");
    let ticking =
        b.wait("Black's clock running", |v| v.starts_with("1. e4; Black to move; W ") && v.contains(", B 4:5"));
    b.wait("the next second", |v| v.starts_with("1. e4; Black to move") && v != ticking);
    // The line before the status line: the last one shown.
    b.send("LnUp");
    let read = b.wait_text("White: e4");
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(b.settle(), read, "the clock overwrote the line being read");
    b.send("LnDn");
    b.wait_text("1. e4; Black to move");
    s.quit();
}

/// The most memory (VmHWM, kB) a process has held.
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap_or_default();
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// Hostile BrlAPI servers (issue 36, items 3 and 6): one that floods key
/// packets before its version, one that drips its version, one that
/// claims a display of 1000 by 100 cells, one that floods keys after a
/// good handshake. `play --braille on` starts at once with each (the
/// display's connection has its own thread and a deadline), says a
/// display too large once and never "went away"/"connected" over and
/// over, holds bounded memory under a key flood, and `quit` or SIGTERM
/// end it within a second.
#[test]
fn a_hostile_display_server_never_holds_play() {
    use crate::common::brlapi::{FakeBrlapi, Misbehaviour};
    let cases = [
        (Misbehaviour::FloodBeforeVersion, "quit"),
        (Misbehaviour::DripVersion, "SIGTERM"),
        (Misbehaviour::HugeDisplay, "quit"),
        (Misbehaviour::KeyFlood, "quit"),
        (Misbehaviour::KeyFlood, "SIGTERM"),
    ];
    for (how, leave) in cases {
        let fake = FakeBrlapi::start(how);
        let dir = scratch(&format!("hostile-{how:?}-{leave}"));
        let start = Instant::now();
        let mut child = voxchess(&dir)
            .args(["play", "--opponent", "human", "--braille", "on", "--plain", "--no-speech", "--no-voice"])
            .env("BRLAPI_HOST", &fake.host)
            .env("BRLAPI_AUTH", "none")
            .spawn()
            .expect("voxchess");
        let pid = child.id();
        let out = collect(child.stdout.take().expect("stdout"));
        let mut stdin = child.stdin.take().expect("stdin");
        let at = wait_for(&out, "Type help for commands.", 0);
        let greeted = start.elapsed();
        // Never held by the display (the wait for it is bounded at 0.5 s
        // and the handshake at 2 s): a generous bound, not a measure.
        assert!(greeted < Duration::from_secs(15), "{how:?}: the game began after {greeted:?}");
        // Five seconds of the server's misbehaviour, the memory watched.
        let mut peak = 0;
        while start.elapsed() < Duration::from_secs(6) {
            peak = peak.max(peak_kb(pid));
            std::thread::sleep(Duration::from_millis(50));
        }
        writeln!(stdin, "fen").expect("typed");
        let at = wait_for(&out, "RNBQKBNR w KQkq", at);
        let shown = text(&out);
        assert!(peak < 60_000, "{how:?}: {peak} kB held");
        assert!(shown.matches("went away").count() <= 1, "{how:?}: {shown}");
        if how == Misbehaviour::HugeDisplay {
            assert_eq!(shown.matches("no real display has that many").count(), 1, "{shown}");
            assert!(shown.contains("100000 cells") && !shown.contains("is connected"), "{shown}");
        }
        let quit = Instant::now();
        if leave == "quit" {
            writeln!(stdin, "quit").expect("typed");
        } else {
            // SAFETY: kill(2) with the child's own pid.
            assert_eq!(unsafe { libc::kill(pid as i32, libc::SIGTERM) }, 0);
        }
        while child.try_wait().expect("wait").is_none() {
            assert!(quit.elapsed() < Duration::from_secs(30), "{how:?}: {leave} did not end voxchess");
            std::thread::sleep(Duration::from_millis(10));
        }
        let took = quit.elapsed();
        eprintln!("{how:?}: began after {greeted:?}, peak {peak} kB, {leave} took {took:?}");
        // Not held by the display's thread: ends well before the 20 s
        // that would mean waiting on it (the time is printed above).
        assert!(took < Duration::from_secs(10), "{how:?}: {leave} took {took:?}");
        let _ = at;
        drop(stdin);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A puzzle solved with routing keys: the display shows the puzzle's
/// board; the rook is picked up and put on e8, and the puzzle is solved.
#[test]
fn a_puzzle_is_solved_by_routing_keys() {
    let dir = scratch("puzzle");
    let file = dir.join("puzzles.csv");
    std::fs::write(&file, "mate0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1 backRankMate,,\n")
        .expect("file");
    let out = voxchess(&dir).args(["puzzle", "import", file.to_str().expect("path")]).output().expect("import");
    assert!(out.status.success());
    let mut b = Brltty::start(&dir);
    let mut s = Session::start(&dir, Some(&b), &["puzzle", "--braille"]);
    s.said("you play White.");
    s.said("Black: a6");
    // The display shows the puzzle, its status naming the opponent's move,
    // before a key is pressed: a key sent before voxchess holds the
    // display would be BRLTTY's own.
    b.wait_text("1... a6; White to move");
    b.send("DispMd");
    b.wait_text("8 -------k");
    route_move(&mut b, &mut s, 8, "e1", "e8", "White: Re8#");
    s.said("Solved in");
    let all = s.quit();
    assert!(all.contains("Themes: mate in one"), "{all}");
}
