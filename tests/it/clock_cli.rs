//! The standalone talking clock, driven through the binary in plain mode.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `voxchess clock ARGS --plain`, typing `lines` with pauses, and returns what it printed.
fn run(args: &[&str], lines: &[(&str, u64)]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .arg("clock")
        .args(args)
        .arg("--plain")
        .arg("--no-speech")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("stdin");
    for (line, wait_ms) in lines {
        std::thread::sleep(Duration::from_millis(*wait_ms));
        writeln!(stdin, "{line}").expect("types");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn keys_and_answers_in_english() {
    let out = run(
        &["5+3", "--announce-own"],
        &[("w", 0), ("t", 50), ("o", 0), ("b", 0), ("+b 2", 0), ("p", 0), ("xyz", 0), ("q", 0)],
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["Clock started: 5+3.", "White 5 minutes, Black 5 minutes.", "White to move."], "{out}");
    assert!(lines[3].starts_with("White 5 minutes") && lines[3].ends_with(". Black to move"), "{out}");
    let text = out.replace('\n', " ");
    assert!(text.contains("Black 4 minutes 59 seconds") || text.contains("Black 5 minutes"), "{out}");
    // A sentence continues without repeating its head.
    assert!(text.contains("Black: 2 minutes more, now 7 minutes"), "{out}");
    assert!(text.contains("Clock paused"));
    assert!(text.contains("'xyz' is not a clock key. Type h for help."));
    assert!(text.contains("Clock stopped. White "), "q is acknowledged with both times: {out}");
    assert!(out.lines().all(|l| l.chars().count() <= 40), "Braille rows: {out}");
}

/// German: the help is true to plain mode (no space key), taking a side's
/// time to zero is a flag, and every line fits a 40-cell Braille row.
#[test]
fn german_lines_fit_and_minus_to_zero_is_a_flag() {
    let out = run(&["5+3", "--lang", "de"], &[("w", 0), ("h", 0), ("-b 10", 0), ("b", 0), ("q", 0)]);
    let text = out.replace('\n', " ");
    assert!(text.contains("Weiß 5 Minuten, Schwarz 5 Minuten."), "{out}");
    assert!(text.contains("leere Zeile: der Zug ist beendet."), "{out}");
    assert!(!text.contains("Leertaste"), "no space key in plain mode: {out}");
    assert!(text.contains("Schwarz: Fallblättchen gefallen. Weiß gewinnt."), "{out}");
    assert!(text.contains("Die Partie ist durch Zeitüberschreitung beendet"), "{out}");
    assert!(text.contains("Uhr beendet."), "{out}");
    for l in out.lines() {
        assert!(l.chars().count() <= 40, "{l}");
        for w in ["White", "Black", "minute", "clock"] {
            assert!(!l.contains(w), "English in German: {l}");
        }
    }
}

#[test]
fn flag_fall_in_russian_with_a_tiny_control() {
    let out = run(&["0:01", "--lang", "ru"], &[("", 1500)]);
    let out = out.replace('\n', " ");
    assert!(out.contains("Часы пущены: 0:01. Белые 1 секунда, чёрные 1 секунда. Ход белых."), "{out}");
    assert!(out.contains("Белые: 1 секунда") || out.contains("Белые: флажок упал"), "{out}");
    assert!(out.contains("Белые: флажок упал. Чёрные выигрывают."), "{out}");
    assert_eq!(out.matches("флажок упал").count(), 1, "one line per flag: {out}");
    assert!(out.contains("Партия окончена по времени"), "a key after the flag is refused: {out}");
}

#[test]
fn bad_time_control_is_explained() {
    let out = Command::new(env!("CARGO_BIN_EXE_voxchess")).args(["clock", "15+x", "--plain"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad time control \"15+x\"") && err.contains("Examples"), "{err}");
}

/// At 5+3 quick moves lift the time back above 5:00 with the increment:
/// the 5-minute mark is called once in the period, not after every move.
#[test]
fn a_mark_is_called_once_per_period_at_5_plus_3() {
    let out = run(&["5+3"], &[("w", 0), ("b", 50), ("", 3300), ("", 100), ("t", 3600), ("q", 0)]);
    // White's time ran past 5:00 twice (5:03 after the first move, 5:02.7
    // after the second): called the first time only.
    let white = out.lines().filter(|l| *l == "White 5 minutes").count();
    assert_eq!(white, 1, "{out}");
    assert!(out.contains("White 4 minutes 59 seconds"), "the second pass below 5:00 happened: {out}");
}
