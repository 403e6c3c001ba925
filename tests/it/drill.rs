//! Board-sight drills (issue 37) in German and Korean: every question
//! answered from the board's own facts, the round scored 10 of 10, the
//! best kept; a wrong answer said with the right one; what is no answer
//! said so; rows within 40 cells.

use crate::common::{collect, ended_in_rows, voxchess, wait_for};
use std::io::Write;
use voxchess::rules::Square;
use voxchess::study::drill::{DrillQuestion, DrillReply, knight_distance};

/// The squares written in a row, in order.
fn squares(row: &str) -> Vec<Square> {
    let chars: Vec<char> = row.chars().collect();
    chars.windows(2).filter_map(|w| Square::parse(&format!("{}{}", w[0], w[1]))).collect()
}

/// A round: `unclear` (a line and what is said to it) first, then a
/// wrong answer (`wrong`, said with the right one after `no`), then nine
/// right ones (`answer`).
fn round(
    lang: &str,
    drill: &str,
    answer: impl Fn(&[Square]) -> String,
    wrong: impl Fn(&[Square]) -> String,
    (unclear, said): (&str, &str),
    (no, done): (&str, &str),
) {
    let dir = std::env::temp_dir().join(format!("voxchess-drill-{lang}-{drill}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut child = voxchess(&dir)
        .args(["drill", drill, "--plain", "--no-speech", "--no-voice", "--lang", lang])
        .spawn()
        .expect("voxchess drill");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut at = 0;
    let question = |out: &std::sync::Mutex<String>| {
        let all = out.lock().unwrap().clone();
        squares(all.lines().rev().find(|l| l.contains('?')).expect("a question"))
    };
    at = wait_for(&out, "?", at);
    writeln!(stdin, "{unclear}").expect("typed");
    at = wait_for(&out, said, at);
    writeln!(stdin, "{}", wrong(&question(&out))).expect("typed");
    at = wait_for(&out, no, at);
    for _ in 0..9 {
        at = wait_for(&out, "?", at);
        let all = out.lock().unwrap().clone();
        let question = all.lines().rev().find(|l| l.contains('?')).expect("a question").to_string();
        writeln!(stdin, "{}", answer(&squares(&question))).expect("typed");
    }
    at = wait_for(&out, done, at);
    writeln!(stdin, "quit").expect("typed");
    drop(stdin);
    ended_in_rows(&mut child, &out);
    let _ = at;
    let kept = std::fs::read_to_string(dir.join("data/voxchess/drills.txt")).expect("kept");
    assert!(kept.contains(&format!("{drill} 9 10")), "{kept}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_german_diagonal_drill_is_scored() {
    let shared = |s: &[Square]| DrillQuestion::Diagonal(s[0], s[1]).answer() == DrillReply::YesNo(true);
    let yes_no = |b: bool| if b { "ja" } else { "nein" }.to_string();
    round(
        "de",
        "diagonals",
        |s| yes_no(shared(s)),
        |s| yes_no(!shared(s)),
        ("vielleicht", "Sagen Sie ja oder nein."),
        ("Nein: ", "9 von 10 richtig"),
    );
}

#[test]
fn a_korean_knight_drill_is_scored() {
    let moves = |s: &[Square]| knight_distance(s[0], s[1]).to_string();
    round(
        "ko",
        "knight",
        moves,
        |s| (knight_distance(s[0], s[1]) + 1).to_string(),
        ("모르겠어요", "숫자를 말하세요."),
        ("아닙니다:", "10개 중 9개를"),
    );
}
