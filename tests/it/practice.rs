//! The player's own mistakes as puzzles (issue 37): a game reviewed,
//! analysed by Stockfish, then `practise`: each mistake from the position
//! before it, the opponent's move before it played first; the move of
//! the game is said to be it and wrong; another move the engine finds as
//! good as its own is right; the last one said, and `quit` goes back to
//! the review. In English and in Russian.

use crate::common::{collect, ended_in_rows, voxchess, wait_for};
use std::io::Write;

/// Black's queen walks into two knights; White misses it, and so on.
const GAME: &str = r#"[Event "Practice"]
[White "A"]
[Black "B"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/pppp4/3q4/8/8/2N1N3/PPPP4/4K3 b - - 0 1"]

1... Qd5 2. Kf2 Qf5+ 3. Kg2 *
"#;

/// The practice in `lang`: its command words, what is said, and the
/// moves (the game's, each knight taking the queen) in its notation.
fn practise(lang: &str, words: [&str; 5], said: [&str; 8], moves: [&str; 3]) -> String {
    let [analyse, practise, hint, next, quit] = words;
    let [hint_said, done, start, find, played, wrong, good, last] = said;
    let [game_move, from_e3, from_c3] = moves;
    let dir = crate::common::scratch_root().join(format!("voxchess-practice-{lang}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("game.pgn"), GAME).expect("game");
    let mut child = voxchess(&dir)
        .args(["review", dir.join("game.pgn").to_str().expect("path"), "--plain", "--no-speech", "--no-voice"])
        .args(["--lang", lang])
        .spawn()
        .expect("voxchess review");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut type_line = |line: &str| writeln!(stdin, "{line}").expect("typed");
    let mut at = wait_for(&out, ">", 0);
    type_line(analyse);
    at = wait_for(&out, done, at);
    type_line(practise);
    at = wait_for(&out, start, at);
    at = wait_for(&out, find, at);
    // The move of the game: said to be it, and not the move.
    type_line(game_move);
    at = wait_for(&out, played, at);
    at = wait_for(&out, wrong, at);
    // The other knight takes the queen as well as the hinted one.
    type_line(hint);
    let from = at;
    at = wait_for(&out, hint_said, at);
    at = wait_for(&out, ">", at);
    let hinted = out.lock().unwrap()[from..].to_string();
    let other = if hinted.contains("c3") { from_e3 } else { from_c3 };
    type_line(other);
    at = wait_for(&out, good, at);
    type_line(next);
    type_line(next);
    type_line(next);
    at = wait_for(&out, last, at);
    type_line(quit);
    type_line(quit);
    let _ = at;
    drop(stdin);
    let all = ended_in_rows(&mut child, &out);
    let _ = std::fs::remove_dir_all(&dir);
    all
}

#[test]
fn mistakes_are_practised_as_puzzles_in_english() {
    let all = practise(
        "en",
        ["analyse", "practise", "hint", "next", "quit"],
        [
            "Look at your knight on",
            "Analysis done.",
            "Your mistakes as puzzles:",
            "find a better move for White than Kf2.",
            "That is the move you played in the game.",
            "That is not the move.",
            "As good as the engine's move.",
            "That was the last of your mistakes.",
        ],
        ["Kf2", "Nexd5", "Ncxd5"],
    );
    assert!(all.contains("Checking your move with the engine."), "{all}");
    assert!(all.contains("Solved in"), "{all}");
}

#[test]
fn mistakes_are_practised_as_puzzles_in_russian() {
    let all = practise(
        "ru",
        ["анализ", "работа над ошибками", "подсказка", "вперёд", "выход"],
        [
            "Подсказка:",
            "Анализ закончен.",
            "Ваши ошибки как задачи:",
            "найдите за белых ход лучше, чем Крf2.",
            "Этот ход вы и сыграли в партии.",
            "Это не тот ход.",
            "Не хуже хода движка.",
            "Это была последняя ваша ошибка.",
        ],
        ["Крf2", "Кexd5", "Кcxd5"],
    );
    assert!(!all.contains("Solved") && !all.contains("engine"), "English in Russian: {all}");
}
