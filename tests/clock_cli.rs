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
    assert_eq!(lines[0], "Clock started: 5+3. White to move.");
    assert!(lines[1].starts_with("White 5 minutes") && lines[1].ends_with(". Black to move"), "{out}");
    assert!(out.contains("White 5 minutes"), "{out}");
    assert!(out.contains("Black 4 minutes 59 seconds") || out.contains("Black 5 minutes"), "{out}");
    assert!(out.contains("Black: 2 minutes added, now 7 minutes"), "{out}");
    assert!(out.contains("Clock paused"));
    assert!(out.contains("'xyz' is not a clock key. Type h for help."));
    assert!(out.lines().all(|l| l.chars().count() <= 80), "short lines");
}

#[test]
fn flag_fall_in_russian_with_a_tiny_control() {
    let out = run(&["0:01", "--lang", "ru"], &[("", 1500)]);
    assert!(out.contains("Часы пущены: 0:01. Ход: Белые."), "{out}");
    assert!(out.contains("Белые: 1 секунда") || out.contains("Белые: флажок упал"), "{out}");
    assert!(out.contains("Белые: флажок упал. Черные выигрывают."), "{out}");
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
