//! The player's puzzle files (issue 50): a record or the results waiting
//! for lichess with a byte that is not UTF-8 are kept aside and said,
//! never read as empty and written over; `next` on a library's puzzle
//! skips it (seen, not failed: the rating unchanged) and the next one
//! is another.

use crate::common::lichess::{DAILY, Lichess, MATE, TOKEN};
use crate::common::{collect, ended_in_rows, voxchess, wait_for};
use std::io::Write;
use std::path::{Path, PathBuf};

const LIBRARY: &str = "mate0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1 backRankMate,,
00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,76,95,7214,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,
";

fn home(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("voxchess-puzzle-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("home");
    std::fs::write(dir.join("puzzles.csv"), LIBRARY).expect("file");
    let out = voxchess(&dir)
        .args(["puzzle", "import", dir.join("puzzles.csv").to_str().expect("path")])
        .output()
        .expect("runs");
    assert!(out.status.success());
    dir
}

fn puzzles(dir: &Path) -> PathBuf {
    dir.join("data/voxchess/puzzles")
}

/// A puzzle session with `args`: each line typed once the answer to the
/// one before is seen; all it showed.
fn session(dir: &Path, args: &[&str], steps: &[(&str, &str)]) -> String {
    let mut child = voxchess(dir)
        .args(["puzzle", "--plain", "--no-speech", "--no-voice"])
        .args(args)
        .spawn()
        .expect("voxchess puzzle");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut at = 0;
    for (line, answer) in steps {
        if !line.is_empty() {
            writeln!(stdin, "{line}").expect("typed");
        }
        at = wait_for(&out, answer, at);
    }
    drop(stdin);
    ended_in_rows(&mut child, &out)
}

#[test]
fn a_damaged_record_is_kept_aside_and_next_skips_without_a_loss() {
    let dir = home("record");
    let record = puzzles(&dir).join("record.txt");
    let damaged = b"1620 80 0.06\nold01 won\n\xff\n";
    std::fs::write(&record, damaged).expect("record");
    let all = session(
        &dir,
        &[],
        &[
            ("", "Your puzzle record could not be read; the file is kept aside as record.damaged-1.txt"),
            ("", "Puzzle mate0001"),
            ("next", "Skipped: it does not count, and it is not given again."),
            ("", "Puzzle 00008"),
            ("quit", "Goodbye."),
        ],
    );
    assert!(!all.contains("counts as failed"), "{all}");
    assert_eq!(std::fs::read(puzzles(&dir).join("record.damaged-1.txt")).expect("aside"), damaged);
    let kept = std::fs::read_to_string(&record).expect("record");
    // A new player's rating, untouched by the skip.
    assert_eq!(kept, "1500 500 0.09\nmate0001 skipped\n");
    // The skipped puzzle is not given again.
    let again = session(&dir, &[], &[("", "Puzzle 00008"), ("quit", "Goodbye.")]);
    assert!(!again.contains("mate0001"), "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_results_waiting_for_lichess_are_kept_aside_in_german() {
    let server = Lichess::start();
    server.state.lock().unwrap().puzzles = vec![MATE.into(), DAILY.into()];
    let dir = crate::common::lichess::home_logged_in("puzzle-results-damaged", TOKEN);
    let folder = puzzles(&dir);
    std::fs::create_dir_all(&folder).expect("folder");
    let damaged = b"fork mate1 won\nfork \xff lost\n";
    std::fs::write(folder.join("lichess-results.txt"), damaged).expect("results");
    let url = server.url.clone();
    let all = session(
        &dir,
        &["--lang", "de", "online", "fork", "--server", &url],
        &[
            ("", "Die Datei mit den Aufgabenergebnissen für lichess konnte nicht gelesen werden;"),
            ("", "lichess-results.damaged-1.txt"),
            ("", "Aufgabe mate1"),
            ("ende", "Auf Wiedersehen."),
        ],
    );
    assert_eq!(std::fs::read(folder.join("lichess-results.damaged-1.txt")).expect("aside"), damaged, "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}
