//! The command line, driven as a user would.

use std::process::{Command, Output};

fn voxchess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_voxchess")).args(args).output().expect("voxchess runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What went to stderr, read as one text; each of its rows holds at most
/// 40 cells (a Braille display's row).
fn stderr(o: &Output) -> String {
    let raw = String::from_utf8_lossy(&o.stderr).into_owned();
    for row in raw.lines() {
        assert!(row.chars().count() <= 40, "a row over 40 cells: {row:?}\n{raw}");
    }
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn perft_prints_the_count_last() {
    let o = voxchess(&["perft", "4"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("197281"));
    let o = voxchess(&[
        "perft",
        "--divide",
        "3",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ]);
    let out = stdout(&o);
    assert!(out.contains("e1g1: 2059"), "{out}");
    assert_eq!(out.lines().last(), Some("97862"));
}

#[test]
fn fen_of_moves_and_errors() {
    let o = voxchess(&["fen", "--moves", "1. e4 e5 2. Nf3"]);
    assert_eq!(stdout(&o).trim(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let o = voxchess(&["fen", "--lang", "ru", "--moves", "1. e4 e5 2. Кf3 Кc6 3. Сb5"]);
    assert_eq!(stdout(&o).trim(), "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
    let o = voxchess(&["fen", "--moves", "1. e4 e5 2. Ke3"]);
    assert!(!o.status.success());
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(err.contains("move 2, White, 'Ke3'"), "{err}");
    let o = voxchess(&["fen", "--fen", "bad", "--moves", "e4"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bad FEN field 1"), "{}", stderr(&o));
}

#[test]
fn fen_of_every_game_in_a_pgn_file() {
    let dir = crate::common::scratch_root().join(format!("voxchess-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two.pgn");
    std::fs::write(&path, "[White \"A\"]\n\n1. e4 e5 1-0\n\n[White \"B\"]\n\n1. d4 d5 2. c4 *\n").unwrap();
    let o = voxchess(&["fen", "--pgn", path.to_str().unwrap()]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[1].starts_with("rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"));
    let o = voxchess(&["pgn", path.to_str().unwrap()]);
    assert!(stdout(&o).contains("[Result \"1-0\"]"));
    let o = voxchess(&["fen", "--pgn", dir.join("missing.pgn").to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn position_in_english_and_russian() {
    let o = voxchess(&["position"]);
    let out = stdout(&o);
    assert!(
        out.starts_with("White: Ke1, Qd1, Ra1, h1, Bc1, f1, Nb1, g1, pawns a2, b2, c2, d2, e2, f2, g2, h2\n"),
        "{out}"
    );
    let o = voxchess(&["position", "--lang", "ru", "--fen", "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1"]);
    assert_eq!(stdout(&o), "Белые: Крe1, Лh1, пп. e2\nЧерные: Крe8\n");
    let o = voxchess(&["position", "--lang", "xx"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("'xx' is not a value for --lang"), "{}", stderr(&o));
}

#[test]
fn parse_exit_codes() {
    let o = voxchess(&["parse", "knight", "f3"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), "Nf3");
    let o = voxchess(&["parse", "--lang", "ru", "конь эф три"]);
    assert_eq!(stdout(&o).trim(), "Nf3");
    // Typed "d2" is a pawn move, as in SAN; heard, it may be a dropped
    // piece name, so the pieces that can go there are offered.
    let o = voxchess(&["parse", "--fen", "4k3/8/8/8/8/8/8/1NB4K w - - 0 1", "d2"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "White has no pawn.\n");
    let o = voxchess(&["parse", "--heard", "--fen", "4k3/8/8/8/8/8/8/1NB4K w - - 0 1", "d2"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "White has no pawn.\n1: knight d2, 2: bishop d2?\nSay the number.\nNd2 Bd2\n");
    let o = voxchess(&["parse", "knight", "f4"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).trim(), "No white knight can reach f4.");
    let o = voxchess(&["parse", "--lang", "ru", "Сc4"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).trim(), "Слон f1 не может пойти\nна c4: мешает пешка e2.");
    let o = voxchess(&["parse", "--heard", "--moves", "1. e4 e5", "bishop", "f5"]);
    assert_ne!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = voxchess(&["parse", "--moves", "1. e4 e5", "what is on e4"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o).trim(), "command: what is on e4", "words, never debug text");
    // lichess's short commands and the new board questions, in words.
    for (typed, command) in
        [("x d4", "scan from d4"), ("o", "opponent"), ("g", "status"), ("black pieces", "black pieces")]
    {
        let o = voxchess(&["parse", typed]);
        assert_eq!(stdout(&o).trim(), format!("command: {command}"), "{typed}");
    }
    let o = voxchess(&["parse", "--lang", "xx", "e4"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("'xx' is not a value for --lang; use one of: en, ru, de, ko"), "{}", stderr(&o));
}

#[test]
fn say_prints_words() {
    let o = voxchess(&["say", "Nf3"]);
    assert_eq!(stdout(&o).trim(), "knight f3");
    let o = voxchess(&["say", "--lang", "de", "--style", "fide", "Nf3"]);
    assert_eq!(stdout(&o).trim(), "Springer Felix drei");
    let o = voxchess(&["say", "--lang", "ru", "Nf3"]);
    assert_eq!(stdout(&o).trim(), "конь эф три");
    let o = voxchess(&["say", "--style", "nato", "--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O"]);
    assert_eq!(stdout(&o).trim(), "long castle");
    let o = voxchess(&["say", "Nf4"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("No white knight can reach f4"), "{}", stderr(&o));
    // In the session's language, as a game says it.
    let o = voxchess(&["say", "--lang", "ko", "zz9"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("알아듣지 못했습니다"), "{}", stderr(&o));
}

#[test]
fn limits_are_one_clear_line() {
    let o = voxchess(&["perft", "9200"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("perft depth 9200 is too deep; use 0 to 15"), "{}", stderr(&o));
}

/// Issue 65, item 15: a refused FEN of 10 kB (and an unknown argument as
/// long) is echoed cut, never whole; what is wrong is still said.
#[test]
fn long_bad_input_is_echoed_cut() {
    let long = format!("8/8/8/8/8/8/8/8 w - - 0 1{}", "x".repeat(10_000));
    let o = voxchess(&["fen", "--fen", &long, "--moves", "e4"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains('…') && err.len() < 600, "{} bytes: {err}", err.len());
    let o = voxchess(&["perft", &"9".repeat(10_000)]);
    assert!(!o.status.success());
    assert!(stderr(&o).len() < 600, "{}", stderr(&o).len());
}

/// voxchess with its settings folder in a fresh directory.
fn with_config(name: &str, config: &str, args: &[&str]) -> Output {
    let dir = crate::common::scratch_root().join(format!("voxchess-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config/voxchess")).expect("config folder");
    std::fs::write(dir.join("config/voxchess/config.toml"), config).expect("config");
    let o = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("voxchess runs");
    let _ = std::fs::remove_dir_all(&dir);
    o
}

/// Command-line errors (time control, level, FEN, a wrong value or
/// option, a file) and settings-file problems are said in the session's
/// language, from --lang or from the settings file, with no English.
#[test]
fn command_line_errors_in_the_session_language() {
    let play = ["play", "--plain", "--no-speech", "--no-voice"];
    let cases: [(&[&str], &str); 8] = [
        (&["--lang", "ru", "--time", "5+x"], "voxchess: Контроль времени «5+x» не прочитан."),
        (&["--lang", "ru", "--level", "30"], "voxchess: Уровня 30 нет: выберите уровень от 1 до 20."),
        (&["--lang=ru", "--fen", "xx"], "voxchess: Позиция «xx» не прочитана как FEN: проверьте расстановку фигур."),
        (&["--lang", "de", "--level", "abc"], "voxchess: Stufe abc gibt es nicht"),
        (
            &["--lang", "de", "--color", "lila"],
            "voxchess: „lila“ ist kein Wert für --color. Möglich sind: white, black",
        ),
        (&["--lang", "de", "--bogus"], "voxchess: Die Option „--bogus“ gibt es nicht."),
        (&["--lang", "ko", "--time", "abc"], "voxchess: 시간 제한을 읽을 수 없습니다: \"abc\"."),
        (&["--lang", "ko", "--pgn", "/no/such.pgn"], "voxchess: 파일을 읽을 수 없습니다: /no/such.pgn."),
    ];
    for (args, said) in cases {
        let o = with_config("args", "", &[&play[..], args].concat());
        let err = stderr(&o);
        assert!(!o.status.success(), "{args:?}");
        assert!(err.starts_with(said), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        for w in ["invalid", "error", "cannot", "level", "Usage", "bad"] {
            assert!(!err.contains(w), "{args:?}: English in {err}");
        }
    }
    // The language of the settings file, when --lang is not given.
    let o = with_config("file", "lang = \"ru\"\nlevel = 40\n", &[&play[..], &["--fen", "x"]].concat());
    let err = stderr(&o);
    assert!(err.contains("Настройка «level» в файле "), "{err}");
    assert!(err.contains("Позиция «x» не прочитана как FEN"), "{err}");
    // English keeps the detailed messages.
    let o = with_config("en", "", &[&play[..], &["--level", "30"]].concat());
    assert!(stderr(&o).contains("level 30 is not from 1 to 20"), "{}", stderr(&o));
}

/// A session in a language without a voice model says so in its words,
/// and never suggests installing a model that does not exist; native
/// library chatter (ALSA) never reaches the session.
#[test]
fn voice_hints_only_for_languages_with_a_model() {
    let o = with_config("de-voice", "", &["play", "--plain", "--no-speech", "--lang", "de", "--opponent", "human"]);
    let out = format!("{}{}", stdout(&o), stderr(&o)).replace('\n', " ");
    assert!(out.contains("Für diese Sprache gibt es noch kein Sprachmodell."), "{out}");
    assert!(!out.contains("models install"), "{out}");
    assert!(!out.contains("ALSA"), "{out}");
}

/// An output closed early (`| head -1`) or full (`> /dev/full`) ends the
/// program with at most one line on stderr, never a panic.
#[test]
fn a_closed_or_full_output_is_no_panic() {
    let dir = crate::common::scratch_root().join(format!("voxchess-closed-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let many = dir.join("many.pgn");
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    std::fs::write(&many, game.repeat(3000)).expect("file");
    let script = format!(
        "{bin} pgn {f} | head -1 > /dev/null; {bin} fen --pgn {f} > /dev/full",
        bin = env!("CARGO_BIN_EXE_voxchess"),
        f = many.display()
    );
    let o = Command::new("sh").args(["-c", &script]).output().expect("sh");
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line, for the full output: {err}");
    assert!(err.contains("the output cannot be written"), "{err}");
    assert!(!o.status.success(), "a full output is a failure");
    // In the session's language.
    let o = Command::new("sh")
        .args(["-c", &format!("{} fen --pgn {} --lang ru > /dev/full", env!("CARGO_BIN_EXE_voxchess"), many.display())])
        .output()
        .expect("sh");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(stderr(&o).trim(), "voxchess: Вывод программы не удаётся записать; проверьте диск, куда он идёт.");
}

/// One output filter for every line printed, stdout and stderr: a control
/// sequence in a file name or a PGN tag never reaches the terminal.
#[test]
fn no_control_character_reaches_the_terminal() {
    let dir = crate::common::scratch_root().join(format!("voxchess-ctl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let pgn = dir.join("ctl.pgn");
    std::fs::write(&pgn, "[Event \"a\u{1b}[2J\u{7}b\u{202e}\"]\n\n1. e4 e5 *\n").expect("file");
    let missing = dir.join("no\u{1b}[31mfile.pgn");
    for args in [
        vec!["pgn".to_string(), pgn.display().to_string()],
        vec!["review".to_string(), missing.display().to_string(), "--plain".to_string()],
        vec!["fen".to_string(), "--pgn".to_string(), missing.display().to_string()],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_voxchess")).args(&args).output().expect("runs");
        for out in [&o.stdout, &o.stderr] {
            let text = String::from_utf8_lossy(out);
            assert!(!text.chars().any(|c| c == '\u{1b}' || c == '\u{7}' || c == '\u{202e}'), "{args:?}: {text:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Words at the edges (issue 66): every error a command can meet is said
/// in the session's language. Each command's error paths, run in
/// Russian, print no English word but the command words and what the
/// player typed (a time control, a file's path): a time control and an
/// announcement schedule the clock cannot read, a part of the command
/// line left out, a recording that is no WAV file, no voice model, a file
/// that cannot be read, a level, a FEN, a save that cannot be put aside.
#[test]
fn every_error_of_a_command_is_said_in_russian() {
    let home = crate::common::scratch_root().join("errors-ru");
    let data = home.join("data/voxchess");
    std::fs::create_dir_all(&data).expect("data folder");
    let not_wav = home.join("not.wav");
    std::fs::write(&not_wav, "no RIFF here").expect("file");
    // The language from the settings file, for commands without --lang.
    let config = home.join("config/voxchess");
    std::fs::create_dir_all(&config).expect("config folder");
    {
        use std::os::unix::fs::PermissionsExt;
        for dir in [home.join("config"), config.clone()] {
            std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("mode");
        }
        std::fs::write(config.join("config.toml"), "lang = \"ru\"\n").expect("settings");
        std::fs::set_permissions(config.join("config.toml"), std::fs::Permissions::from_mode(0o600)).expect("mode");
    }
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_voxchess"))
            .args(args)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdin(std::process::Stdio::null())
            .output()
            .expect("voxchess runs");
        format!("{}\n{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
    };
    let not_wav = not_wav.to_string_lossy().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["clock", "abc"],
        vec!["clock", "--schedule", "zzz", "5+0"],
        vec!["clock"],
        vec!["listen", "--wav", &not_wav],
        vec!["review", "/nonexistent/game.pgn"],
        vec!["play", "--time", "abc", "--plain"],
        vec!["play", "--level", "99", "--plain"],
        vec!["position", "--fen", "bad"],
        vec!["say"],
        vec!["parse"],
        vec!["puzzle", "import", "/nonexistent/puzzles.csv"],
        vec!["models", "install", "xx"],
        vec!["resume"],
    ];
    // What may stay Latin: the program's own command words, and what the
    // player typed.
    let ours = [
        "voxchess", "help", "models", "install", "lichess", "play", "resume", "review", "puzzle", "import", "online",
        "login",
    ];
    let mut english = Vec::new();
    let mut check = |args: &[&str], out: String| {
        let typed: Vec<String> =
            args.iter().flat_map(|a| a.split(['/', '.', '-', '_'])).map(str::to_lowercase).collect();
        for word in out.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 3) {
            let w = word.to_lowercase();
            if !ours.contains(&w.as_str()) && !typed.contains(&w) && !w.chars().all(|c| "abcdefgh".contains(c)) {
                english.push(format!("{args:?}: {word:?} in {out:?}"));
            }
        }
        assert!(!out.trim().is_empty(), "{args:?}: nothing said");
    };
    for args in &cases {
        check(args, run(args));
    }
    // A damaged save that cannot be put aside (every name for it taken):
    // the save is left as it is, said in Russian.
    std::fs::write(data.join("current-game.toml"), "damaged").expect("save");
    for n in 1..10_000 {
        std::fs::write(data.join(format!("current-game.damaged-{n}.toml")), "").expect("taken");
    }
    let out = run(&["resume"]);
    let joined = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(joined.contains("Сохранённая партия оставлена как есть"), "{out}");
    check(&["resume"], out);
    assert!(english.is_empty(), "English in a Russian session:\n{}", english.join("\n"));
    let _ = std::fs::remove_dir_all(&home);
}
