//! The first plain-mode game loop, driven through the binary with scripted stdin.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(input: &str, args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("writes");
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn fools_mate_in_russian_notation() {
    let out = play("f3\ne5\ng4\nФh4\n", &["--lang", "ru"]);
    assert!(out.contains("Black: Фh4#"), "{out}");
    assert!(out.ends_with("Game over: Black wins by checkmate, 0-1\n"), "{out}");
}

#[test]
fn bad_input_gets_a_short_answer_and_the_game_goes_on() {
    let huge = "x".repeat(100_000);
    let out = play(&format!("\n\u{7}\u{1b}[A\n{huge}\nNf6\ne4\nquit\n"), &[]);
    assert!(out.contains("Type a move, or help."));
    assert!(out.contains("is not a move"));
    assert!(out.contains("that is a move for Black, but it is White's move"));
    assert!(out.contains("White: e4"));
    assert!(!out.contains('\u{1b}'), "no escape sequences in plain mode");
    assert!(out.lines().all(|l| l.chars().count() < 120), "no huge echo: {}", out.len());
}
