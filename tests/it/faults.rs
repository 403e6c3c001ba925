//! Real faults while a game is played (`voxchess play --plain` driven
//! through stdin): the data folder on a tiny tmpfs that fills up or turns
//! read-only. A failed save is said at once and never reported as saved;
//! at game end a score that cannot be written is said with where the
//! game is instead.
//! Mounting needs root (as CI runs); elsewhere a file stands in the way of
//! the data folder instead.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A 256 KiB tmpfs at `dir`, or None where mounting is not allowed.
fn tiny_fs(dir: &Path) -> Option<Mounted> {
    std::fs::create_dir_all(dir).ok()?;
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
        .arg(dir)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| Mounted(dir.to_path_buf()))
}

const PLAIN: [&str; 6] = ["play", "--plain", "--opponent", "human", "--no-speech", "--no-voice"];

struct Game {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
    /// Where voxchess's error output goes, to be shown if it ends early.
    err: PathBuf,
}

impl Game {
    /// voxchess with these arguments and data and config folders.
    fn run(args: &[&str], data: &Path, config: &Path) -> Game {
        let err = crate::common::scratch_root().join(format!(
            "voxchess-faults-stderr-{}-{}",
            std::process::id(),
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
        ));
        let err_file = std::fs::File::create(&err).expect("stderr file");
        let mut child = Command::new(env!("CARGO_BIN_EXE_voxchess"))
            .args(args)
            .env("XDG_DATA_HOME", data)
            .env("XDG_CONFIG_HOME", config)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(err_file)
            .spawn()
            .expect("starts");
        let stdin = child.stdin.take();
        let out = crate::common::collect(child.stdout.take().expect("stdout"));
        Game { child, stdin, out, err }
    }

    /// A game between two people in plain lines, without speech or voice.
    fn start(data: &Path, config: &Path) -> Game {
        Game::run(&PLAIN, data, config)
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("open");
        if let Err(e) = writeln!(stdin, "{line}").and_then(|()| stdin.flush()) {
            // voxchess ended before it was asked to: say how, and what it said.
            std::thread::sleep(Duration::from_millis(200));
            let status = self.child.try_wait();
            let err = std::fs::read_to_string(&self.err).unwrap_or_default();
            panic!("cannot type {line:?} ({e}): voxchess {status:?}; stderr: {err}; stdout: {}", self.text());
        }
    }

    fn text(&self) -> String {
        crate::common::text(&self.out)
    }

    fn wait_for(&self, needle: &str, from: usize) -> usize {
        crate::common::wait_for(&self.out, needle, from)
    }

    fn finish(mut self) -> String {
        drop(self.stdin.take());
        let _ = self.child.wait();
        std::thread::sleep(Duration::from_millis(50));
        let _ = std::fs::remove_file(&self.err);
        self.text()
    }
}

fn fill_up(dir: &Path) {
    let mut f = std::fs::File::create(dir.join("filler")).expect("filler");
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() {}
    let _ = f.sync_all();
}

#[test]
fn a_full_disk_and_a_read_only_folder_are_said_and_nothing_is_reported_saved() {
    let root = crate::common::scratch_root().join(format!("voxchess-faults-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let data = root.join("data");
    let config = root.join("config");
    let Some(mount) = tiny_fs(&data) else {
        // Not root: a file where the data folder should be.
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(&data, "in the way").unwrap();
        let mut g = Game::start(&data, &config);
        g.send("e4");
        g.wait_for("The game could not be saved: a write error. Play goes on.", 0);
        let out = g.finish();
        assert!(out.contains("The game could not be saved"), "{out}");
        assert!(!out.contains("Game saved"), "{out}");
        return;
    };
    let save = data.join("voxchess/current-game.toml");
    let mut g = Game::start(&data, &config);
    g.send("e4");
    let mut at = g.wait_for("White: e4", 0);
    assert!(save.exists(), "the first move is saved");
    let before = std::fs::read_to_string(&save).unwrap();
    // The disk fills up: the next move is played, and the failed save said.
    fill_up(&data);
    g.send("e5");
    at = g.wait_for("Black: e5", at);
    at = g.wait_for("The game could not be saved: the disk is full; free some space. Play goes on.", at);
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before, "the old save is whole");
    // Space again: the next move is saved.
    std::fs::remove_file(data.join("filler")).unwrap();
    g.send("Nf3");
    at = g.wait_for("White: Nf3", at);
    std::thread::sleep(Duration::from_millis(200));
    assert!(std::fs::read_to_string(&save).unwrap().contains("g1f3"), "saved again");
    // The folder turns read-only.
    let ro = Command::new("mount").args(["-o", "remount,ro"]).arg(&data).status().unwrap();
    assert!(ro.success());
    g.send("Nc6");
    at = g.wait_for("Black: Nc6", at);
    at = g.wait_for("The game could not be saved: the data folder cannot be written. Play goes on.", at);
    // The game ends while nothing can be written: the score cannot be
    // written, and the autosave stays.
    g.send("resign");
    g.send("yes");
    at = g.wait_for("Game over", at);
    g.wait_for(
        "The score could not be written: the data folder cannot be written. The game could not be kept either: the data folder cannot be written.",
        at,
    );
    let out = g.finish();
    // Said once and truly: nothing claims the game is kept or goes on.
    assert!(!out[at..].contains("Play goes on") && !out[at..].contains("The game is kept"), "{out}");
    assert!(save.exists(), "the last save stays when nothing can be written");
    assert!(!out.contains("Score saved"), "{out}");
    drop(mount);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn leaving_with_a_failed_save_says_so() {
    let root = crate::common::scratch_root().join(format!("voxchess-faults-leave-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let data = root.join("data");
    let Some(mount) = tiny_fs(&data) else { return };
    let mut g = Game::start(&data, &root.join("config"));
    g.send("e4");
    let at = g.wait_for("White: e4", 0);
    assert!(Command::new("mount").args(["-o", "remount,ro"]).arg(&data).status().unwrap().success());
    g.send("quit");
    g.wait_for("The game could not be saved: the data folder cannot be written.", at);
    drop(g.stdin.take());
    let status = g.child.wait().expect("ends");
    assert!(!status.success(), "a game that could not be kept ends with a failure: {status}");
    let out = g.finish();
    assert!(!out.contains("Game saved"), "{out}");
    drop(mount);
    let _ = std::fs::remove_dir_all(&root);
}

/// The clock as it stands is kept when the game is ended by a signal or
/// by quitting: the time used on the current move is not given back.
#[test]
fn the_running_clock_is_saved_on_sigterm_and_quit() {
    let root = crate::common::scratch_root().join(format!("voxchess-faults-clock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (data, config) = (root.join("data"), root.join("config"));
    let start = |args: &[&str]| Game::run(args, &data, &config);
    let mut g = start(&["play", "--plain", "--opponent", "human", "--no-speech", "--no-voice", "--time", "5+0"]);
    g.send("e4");
    g.wait_for("White: e4", 0);
    // Black thinks for 2.5 seconds; then the process is told to end.
    std::thread::sleep(Duration::from_millis(2500));
    let pid = g.child.id() as i32;
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = g.child.wait().expect("ends");
    assert!(status.success(), "{status}");
    // What it printed last may still be on its way from the pipe.
    g.wait_for("Game saved. Continue it with: voxchess resume", 0);
    let mut r = start(&["resume", "--plain", "--no-speech", "--no-voice"]);
    r.wait_for("Continuing the game", 0);
    r.send("time");
    let at = r.wait_for("Black: ", 0);
    let after = r.text()[at..].to_string();
    // Before, the 2.5 seconds were given back ("5 minutes").
    assert!(after.starts_with("4 minutes 5"), "Black's time: {after}");
    r.send("quit");
    r.finish();
    let _ = std::fs::remove_dir_all(&root);
}

/// Control bytes and bidirectional overrides from outside (a PGN's tags
/// and a FEN argument) never reach the terminal.
#[test]
fn control_bytes_from_files_and_arguments_are_removed() {
    let root = crate::common::scratch_root().join(format!("voxchess-faults-ctl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let pgn = root.join("evil.pgn");
    std::fs::write(&pgn, "[Event \"a\u{1b}]0;owned\u{7}b\u{202e}c\"]\n[White \"x\u{1b}[31my\"]\n\n1. e4 e5 *\n")
        .unwrap();
    let pgn_arg = pgn.display().to_string();
    let mut args = PLAIN.to_vec();
    args.extend(["--pgn", pgn_arg.as_str()]);
    let mut g = Game::run(&args, &root.join("data"), &root.join("config"));
    g.send("score");
    g.send("e5\u{1b}[2J\u{202e}");
    g.send("quit");
    let out = g.finish();
    // The game ran (a tag value may hold "]": it is read, not refused).
    assert!(out.contains("White to move"), "{out:?}");
    assert!(!out.chars().any(|c| c == '\u{1b}' || c == '\u{7}' || c == '\u{202e}'), "{out:?}");
    // Written out as PGN, the tags pass the same filter.
    let pgn = Command::new(env!("CARGO_BIN_EXE_voxchess")).arg("pgn").arg(&pgn).output().expect("runs");
    let written = String::from_utf8_lossy(&pgn.stdout);
    assert!(written.contains("[Event \"a ]0;owned bc\"]"), "{written:?}");
    assert!(!written.chars().any(|c| c == '\u{1b}' || c == '\u{7}' || c == '\u{202e}'), "{written:?}");
}

/// The largest resident memory (KiB) a process has had.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// An engine that floods its output (endless `info` lines and one line
/// without an end) and starts a helper: its deadline is not extended by
/// the output, voxchess's memory stays bounded, the game goes on with the
/// built-in engine, and the helper ends with the engine.
#[test]
fn a_flooding_engine_is_timed_out_in_bounded_memory_and_its_children_end() {
    let root = crate::common::scratch_root().join(format!("voxchess-flood-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let marker = format!("{}", 900_000 + std::process::id() % 90_000);
    let script = root.join("flooding-engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nsleep {marker} &\nwhile read line; do\n  case \"$line\" in\n    uci) echo 'id name Flooder'; echo uciok;;\n    isready) echo readyok;;\n    go*) head -c 50000000 /dev/zero | tr '\\000' x; yes 'info depth 1 score cp 0 pv e7e5 flooding';;\n  esac\ndone\n"
        ),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&script).status().unwrap();
    let engine = script.to_str().unwrap().to_string();
    let args = ["play", "--plain", "--no-speech", "--no-voice", "--engine", &engine];
    let mut g = Game::run(&args, &root.join("data"), &root.join("config"));
    g.send("e4");
    let at = g.wait_for("The engine did not answer", 0);
    let peak = peak_kib(g.child.id());
    eprintln!("voxchess peak resident memory while the engine floods: {peak} KiB");
    assert!(peak < 100 * 1024, "voxchess stays under 100 MB while the engine floods: {peak} KiB");
    g.wait_for("Say yes to go on with the built-in engine.", at);
    g.send("yes");
    let at = g.wait_for("Playing on with", at);
    g.wait_for("Black:", at);
    g.send("quit");
    let out = g.finish();
    assert!(out.contains("White: e4"), "{out}");
    std::thread::sleep(Duration::from_millis(200));
    let left = Command::new("pgrep").args(["-f", &format!("sleep {marker}")]).output().unwrap();
    assert!(left.stdout.is_empty(), "the engine's helper ended with it: {}", String::from_utf8_lossy(&left.stdout));
    let _ = std::fs::remove_dir_all(&root);
}
