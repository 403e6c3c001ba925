//! The puzzle streak (`voxchess puzzle streak`, issue 49) from the
//! offline library: puzzles of rising rating, no hints, one skip, a
//! wrong move ends the streak with the solution played, no rating or
//! record changed, the best streak kept and said at the next start; a
//! best-streak file that cannot be read is kept aside and said; counts
//! in Russian words.

use crate::common::voxchess;
use std::path::{Path, PathBuf};

/// The same back-rank mate (1. ...a6 2. Re8#, or Rd8#) at four ratings.
const LIBRARY: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
s1700,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1700,0,0,0,mateIn1 backRankMate,,
s0900,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,900,0,0,0,mateIn1 backRankMate,,
s1300,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1300,0,0,0,mateIn1 backRankMate,,
s1100,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1100,0,0,0,mateIn1 backRankMate,,
";

fn home(name: &str) -> PathBuf {
    crate::common::puzzle_home(&format!("streak-{name}"), LIBRARY)
}

fn puzzles(dir: &Path) -> PathBuf {
    dir.join("data").join("voxchess").join("puzzles")
}

/// A streak session: each line typed after the answer to the one
/// before is seen; what it printed, rows joined.
fn streak(dir: &Path, lang: &str, steps: &[(&str, &str)]) -> String {
    let steps: Vec<(&str, &str)> = steps.iter().copied().chain([("quit", "")]).collect();
    crate::common::stepped(
        voxchess(dir).args(["puzzle", "streak", "--plain", "--no-speech", "--no-voice", "--lang", lang]),
        &steps,
    )
}

#[test]
fn a_streak_rises_skips_once_and_ends_on_a_wrong_move() {
    let dir = home("en");
    let all = streak(
        &dir,
        "en",
        &[
            ("", "Puzzle streak: puzzles of rising rating. One wrong move ends it; next skips one puzzle, once."),
            ("", "Streak puzzle 1."),
            ("", "Puzzle s0900, rated 900"),
            ("", "Black: a6"),
            ("hint", "No hints in a streak"),
            ("Re8", "Solved in"),
            ("", "Streak: 1 puzzle."),
            ("", "Your best streak yet."),
            // The next follows by itself, harder.
            ("", "Streak puzzle 2."),
            ("", "Puzzle s1100, rated 1100"),
            ("Rd8", "Streak: 2 puzzles."),
            ("", "Puzzle s1300, rated 1300"),
            ("next", "Skipped. That was this streak's one skip."),
            // The skipped puzzle is not counted.
            ("", "Streak puzzle 3."),
            ("", "Puzzle s1700, rated 1700"),
            // "skip" is the same as next.
            ("skip", "This streak's skip is used"),
            ("Kf1", "That is not the move: the streak ends."),
            ("", "The solution:"),
            ("", "White: Re8#"),
            ("", "The streak ends with 2 puzzles. Your best: 2 puzzles."),
            ("", "Type next for a new streak, or quit."),
            ("next", "A new streak."),
            ("", "Streak puzzle 1."),
        ],
    );
    assert!(!all.contains("puzzle rating"), "no rating in a streak: {all}");
    assert_eq!(std::fs::read_to_string(puzzles(&dir).join("streak.txt")).expect("kept"), "best 2\n");
    assert!(!puzzles(&dir).join("record.txt").exists(), "the record is untouched");
    // The best is said at the next start.
    streak(&dir, "en", &[("", "Your best: 2 puzzles."), ("", "Puzzle s0900")]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreadable_best_is_kept_aside_and_counts_are_said_in_russian() {
    let dir = home("ru");
    let kept = puzzles(&dir).join("streak.txt");
    std::fs::write(&kept, b"best \xff\n").expect("damaged");
    let all = streak(
        &dir,
        "ru",
        &[
            (
                "",
                "Файл «ваш рекорд серии» не удалось прочитать; он отложен под именем streak.damaged-1.txt, начат новый.",
            ),
            ("", "Задача серии номер 1."),
            ("Лe8", "Серия: 1 задача."),
            ("Лd8", "Серия: 2 задачи."),
            ("решение", "Итог серии: 2 задачи. Ваш рекорд: 2 задачи."),
        ],
    );
    assert!(!all.contains("Streak"), "{all}");
    assert_eq!(std::fs::read(puzzles(&dir).join("streak.damaged-1.txt")).expect("aside"), b"best \xff\n");
    assert_eq!(std::fs::read_to_string(&kept).expect("kept"), "best 2\n");
    let _ = std::fs::remove_dir_all(&dir);
}
