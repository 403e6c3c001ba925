//! The player's puzzle files (issue 50): a record or the results waiting
//! for lichess with a byte that is not UTF-8 are kept aside and said,
//! never read as empty and written over; `next` on a library's puzzle
//! skips it (seen, not failed: the rating unchanged) and the next one
//! is another.

use crate::common::lichess::{DAILY, Lichess, MATE, TOKEN};
use crate::common::voxchess;
use std::path::{Path, PathBuf};

const LIBRARY: &str = "mate0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1 backRankMate,,
00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/PqP2bPP/7K b - - 0 24,f2g3 e6e7 b2b1 b3c1 b1c1 h6c1,1913,76,95,7214,crushing hangingPiece long middlegame,https://lichess.org/787zsVup/black#48,
";

fn home(name: &str) -> PathBuf {
    crate::common::puzzle_home(&format!("puzzle-files-{name}"), LIBRARY)
}

fn puzzles(dir: &Path) -> PathBuf {
    dir.join("data/voxchess/puzzles")
}

/// A puzzle session with `args`: each line typed once the answer to the
/// one before is seen; all it showed.
fn session(dir: &Path, args: &[&str], steps: &[(&str, &str)]) -> String {
    crate::common::stepped(voxchess(dir).args(["puzzle", "--plain", "--no-speech", "--no-voice"]).args(args), steps)
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

/// `n` puzzles of lichess's form with ids `{prefix}0000` on (the back-rank
/// mate, rated 1500).
fn rows(prefix: &str, n: usize) -> String {
    (0..n)
        .map(|i| {
            format!("{prefix}{i:04},7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1 backRankMate,,\n")
        })
        .collect()
}

/// `voxchess puzzle import FILE` with `limit` as the largest file it may
/// write (RLIMIT_FSIZE; voxchess ignores SIGXFSZ itself, so a write past
/// it fails with EFBIG, as on a full disk, and never kills it); its exit,
/// and what it printed. A hang fails.
fn import_limited(dir: &Path, file: &Path, limit: Option<u64>) -> (bool, String) {
    import_in(dir, file, limit, "en")
}

/// [`import_limited`] in `lang`.
fn import_in(dir: &Path, file: &Path, limit: Option<u64>, lang: &str) -> (bool, String) {
    use std::os::unix::process::CommandExt;
    let mut cmd = voxchess(dir);
    cmd.args(["puzzle", "--lang", lang, "import", file.to_str().expect("path")]);
    if let Some(limit) = limit {
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
                let lim = libc::rlimit { rlim_cur: limit, rlim_max: limit };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.stderr(std::process::Stdio::piped()).spawn().expect("import");
    // Both outputs read to their end on threads of their own, joined
    // once the import has ended: nothing printed is missed.
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let out = read(Box::new(child.stdout.take().expect("stdout")));
    let err = read(Box::new(child.stderr.take().expect("stderr")));
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "the import hangs");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let text = format!("{} {}", out.join().unwrap_or_default(), err.join().unwrap_or_default()).replace('\n', " ");
    (status.success(), text)
}

/// Issue 50, items 1, 4 and 5: an import that cannot write stops, says
/// so, fails, and leaves the library as it was (its index still right);
/// the library a link to /dev/full is refused at once; a re-import adds
/// no id twice; a row too long to read back is skipped, the rows after
/// it found; an import cut short is undone at the next start.
#[test]
fn an_import_never_leaves_the_library_half_written() {
    let dir = home("import");
    let library = puzzles(&dir).join("library.csv");
    let before = std::fs::read(&library).expect("library");
    // Again: nothing added.
    let (ok, said) = import_limited(&dir, &dir.join("puzzles.csv"), None);
    assert!(ok && said.contains("Already in the library and not added again: 2."), "{said}");
    assert_eq!(std::fs::read(&library).expect("library"), before);
    // No room: stopped, said, failed, the library as it was.
    let many = dir.join("many.csv");
    std::fs::write(&many, rows("room", 400)).expect("file");
    let (ok, said) = import_limited(&dir, &many, Some(before.len() as u64 + 3000));
    assert!(!ok, "{said}");
    assert!(said.contains("full"), "{said}");
    assert_eq!(std::fs::read(&library).expect("library"), before);
    assert!(!puzzles(&dir).join("library.importing").exists());
    session(&dir, &["--rating", "1900-2000"], &[("", "Puzzle 00008"), ("quit", "Goodbye.")]);
    // A row too long to read back (its opening tags), between two.
    let long = format!(
        "{}long0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1700,,,,mateIn1 {},,\n{}",
        rows("before", 1),
        "backRankMate ".repeat(320),
        rows("after", 1).replace(",1500,", ",2500,")
    );
    std::fs::write(dir.join("long.csv"), long).expect("file");
    let (ok, said) = import_limited(&dir, &dir.join("long.csv"), None);
    assert!(ok && said.contains("2 puzzles imported, 1 row skipped."), "{said}");
    session(&dir, &["--rating", "2400-2600"], &[("", "Puzzle after0000"), ("quit", "Goodbye.")]);
    // Cut short: a half row after the mark's length; undone at the start.
    let whole = std::fs::read(&library).expect("library");
    let mut cut = whole.clone();
    cut.extend(b"half0001,7k/p5pp/8/8");
    std::fs::write(&library, &cut).expect("cut");
    std::fs::write(puzzles(&dir).join("library.importing"), format!("{}\n", whole.len())).expect("mark");
    session(
        &dir,
        &["--rating", "2400-2600"],
        &[("", "An import was cut short last time: the library is back as it was before it."), ("quit", "Goodbye.")],
    );
    assert_eq!(std::fs::read(&library).expect("library"), whole);
    assert!(!puzzles(&dir).join("library.importing").exists());
    let _ = std::fs::remove_dir_all(&dir);
    // The library a link to /dev/full: refused, never written through.
    let dir = crate::common::scratch_root().join(format!("voxchess-puzzle-files-full-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(puzzles(&dir)).expect("folder");
    std::os::unix::fs::symlink("/dev/full", puzzles(&dir).join("library.csv")).expect("link");
    std::fs::write(dir.join("few.csv"), rows("full", 3)).expect("file");
    let (ok, said) = import_limited(&dir, &dir.join("few.csv"), None);
    assert!(!ok, "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 50, item 7: a FIFO planted as the index's keys, or as the
/// library to import into, holds nothing: the puzzle comes by a pass over
/// the library, and the import is refused at once.
#[test]
fn a_fifo_in_the_puzzle_folder_holds_nothing() {
    let dir = home("fifo");
    let keys = puzzles(&dir).join("library.idx").join("all.keys");
    std::fs::remove_file(&keys).expect("keys");
    let fifo = |path: &Path| {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).expect("path");
        // SAFETY: a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    };
    fifo(&keys);
    session(&dir, &[], &[("", "Puzzle mate0001"), ("quit", "Goodbye.")]);
    let library = puzzles(&dir).join("library.csv");
    std::fs::remove_file(&library).expect("library");
    fifo(&library);
    let (ok, said) = import_limited(&dir, &dir.join("puzzles.csv"), None);
    assert!(!ok, "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A zstd frame of raw blocks holding `text` (no packer needed): a 1 MiB
/// window, blocks of at most 64 KiB.
fn zstd_frame(text: &[u8]) -> Vec<u8> {
    let mut f = vec![0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x50];
    let chunks: Vec<&[u8]> = text.chunks(64 << 10).collect();
    for (i, chunk) in chunks.iter().enumerate() {
        let last = u32::from(i + 1 == chunks.len());
        let header = ((chunk.len() as u32) << 3) | last;
        f.extend_from_slice(&header.to_le_bytes()[..3]);
        f.extend_from_slice(chunk);
    }
    f
}

/// Issue 50, item 8: a packed file as pzstd writes it (a skippable frame
/// first) imports whole; one cut short is said in the session's words,
/// with the puzzles before the cut added, and the import fails.
#[test]
fn packed_files_from_pzstd_and_cut_short_are_read_as_zstd_says() {
    let dir = home("zstd");
    let mut pzstd = vec![0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 1, 2, 3, 4];
    pzstd.extend(zstd_frame(rows("first", 3).as_bytes()));
    pzstd.extend(zstd_frame(rows("second", 2).as_bytes()));
    std::fs::write(dir.join("p.csv.zst"), &pzstd).expect("file");
    let (ok, said) = import_limited(&dir, &dir.join("p.csv.zst"), None);
    assert!(ok && said.contains("5 puzzles imported"), "{said}");
    // Cut in the middle of the second frame's rows.
    let mut cut = zstd_frame(rows("third", 3).as_bytes());
    let second = zstd_frame(rows("fourth", 3).as_bytes());
    cut.extend(&second[..second.len() - 40]);
    std::fs::write(dir.join("cut.csv.zst"), &cut).expect("file");
    let (ok, said) = import_in(&dir, &dir.join("cut.csv.zst"), None, "ru");
    assert!(!ok, "{said}");
    assert!(said.contains("Файл кончается раньше времени"), "{said}");
    assert!(said.contains("Задачи до этого места добавлены."), "{said}");
    // How many (issue 65, item 13): the three of the first frame.
    assert!(said.contains("Всего: 3 задачи."), "{said}");
    assert!(!said.contains("Error") && !said.contains("Eof"), "{said}");
    let library = std::fs::read_to_string(puzzles(&dir).join("library.csv")).expect("library");
    assert!(library.contains("third0002"), "the rows before the cut are in");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 50, item 5: an index that does not match its library is
/// rebuilt (said first), never ignored: the next start uses it again.
#[test]
fn an_index_that_does_not_match_is_rebuilt() {
    let dir = home("index");
    let form = puzzles(&dir).join("library.idx").join("form");
    let kept = std::fs::read_to_string(&form).expect("form");
    std::fs::write(&form, "voxchess-puzzle-index 1 7\n").expect("stale");
    session(
        &dir,
        &[],
        &[("", "The puzzle index does not match the library: rebuilding it, a moment."), ("", "Puzzle mate0001")],
    );
    assert_eq!(std::fs::read_to_string(&form).expect("form"), kept);
    let again = session(&dir, &[], &[("", "Puzzle mate0001")]);
    assert!(!again.contains("rebuilding"), "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}
