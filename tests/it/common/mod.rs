//! Helpers shared by the tests that drive the voxchess binary.
#![allow(dead_code)] // a helper may serve only the voice tests, which a build without voice leaves out

pub mod brlapi;
pub mod brltty;
pub mod espeak;
pub mod lichess;
pub mod ssip;

use std::io::Read;
use std::path::Path;
use std::process::Command as Process;
use std::process::{ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};

/// The folder every test's files go in: one for this test process,
/// removed with all it holds when the process ends, whether its tests
/// passed or failed (an `atexit` handler: nextest runs each test as a
/// process of its own, `cargo test` all of them in one).
pub fn scratch_root() -> std::path::PathBuf {
    static ROOT: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("voxchess-tests-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("the tests' folder");
        extern "C" fn remove_root() {
            let root = std::env::temp_dir().join(format!("voxchess-tests-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(root);
        }
        // SAFETY: atexit(3) with a function that takes nothing and
        // returns nothing, as it asks.
        unsafe { libc::atexit(remove_root) };
        root
    })
    .clone()
}

/// Collects everything a child prints on stdout, as it comes, into a shared
/// string that a test can look at while the child runs.
/// A new, empty folder of the test's own under the tests' root (any
/// earlier one of that name removed): the one fresh-home helper.
pub fn fresh_home(name: &str) -> std::path::PathBuf {
    let dir = scratch_root().join(format!("voxchess-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a fresh folder");
    dir
}

/// Types a line into a running voxchess.
pub fn typed(child: &mut std::process::Child, line: &str) {
    use std::io::Write;
    writeln!(child.stdin.as_mut().expect("stdin"), "{line}").expect("typed");
}

pub fn collect(mut stdout: ChildStdout) -> Arc<Mutex<String>> {
    let out = Arc::new(Mutex::new(String::new()));
    let sink = out.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    out
}

/// What was printed so far, with the 40-character wrapping undone (lines
/// joined by spaces).
pub fn text(out: &Mutex<String>) -> String {
    out.lock().unwrap().replace('\n', " ")
}

/// Waits until the output has `needle` after byte `from` (at most 30 s);
/// returns where it ends.
pub fn wait_for(out: &Mutex<String>, needle: &str, from: usize) -> usize {
    let start = std::time::Instant::now();
    loop {
        let t = text(out);
        if let Some(i) = t.get(from..).and_then(|s| s.find(needle)) {
            return from + i + needle.len();
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "waited for {needle:?}; got:\n{t}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Runs `command` (a voxchess started with piped input and output):
/// each line of `steps` typed once the answer to the one before is seen
/// (an empty line types nothing), then its input closed; all it printed,
/// rows joined, once it has ended (every row checked).
pub fn stepped(command: &mut Command, steps: &[(&str, &str)]) -> String {
    use std::io::Write;
    let mut child = command.spawn().expect("voxchess starts");
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

/// A scratch home named `name` whose puzzle library holds `library`
/// (lichess's form), imported by voxchess itself.
pub fn puzzle_home(name: &str, library: &str) -> std::path::PathBuf {
    let dir = scratch_root().join(format!("voxchess-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("home");
    std::fs::write(dir.join("puzzles.csv"), library).expect("file");
    let out = voxchess(&dir)
        .args(["puzzle", "import", dir.join("puzzles.csv").to_str().expect("path")])
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    dir
}

/// The voxchess binary with its data and settings folders in `dir`, its
/// input and output piped and its error output dropped.
pub fn voxchess(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_voxchess"));
    c.env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    c
}

/// Types `lines` into a started voxchess, closes its input and waits (at
/// most `limit`) for it to end; returns what it printed, rows joined.
pub fn type_and_finish(child: &mut std::process::Child, lines: &[&str], limit: std::time::Duration) -> String {
    use std::io::Write;
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    for l in lines {
        // A program that has ended (a refusal at start) reads no more.
        if writeln!(stdin, "{l}").is_err() {
            break;
        }
    }
    drop(stdin);
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(start.elapsed() < limit, "voxchess did not end:\n{}", text(&out));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    text(&out)
}

/// PulseAudio must be running (setup.sh test starts it); the tests share its null sink, so they take turns.
pub fn audio_lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        // SAFETY-free: tests set the same value setup.sh uses.
        unsafe { std::env::set_var("XDG_RUNTIME_DIR", format!("/tmp/voxchess-xdg-{}", unsafe_uid())) };
    }
    let ok = Process::new("pactl").arg("info").stdout(Stdio::null()).stderr(Stdio::null()).status();
    assert!(
        ok.is_ok_and(|s| s.success()),
        "PulseAudio is not running (start it with ./setup.sh test, which runs pulseaudio -D --exit-idle-time=-1)"
    );
    guard
}

fn unsafe_uid() -> String {
    String::from_utf8(Process::new("id").arg("-u").output().expect("id").stdout).expect("uid").trim().to_string()
}

/// The display cells a row takes: two for a Hangul syllable.
pub fn cells(row: &str) -> usize {
    row.chars().map(|c| if ('\u{ac00}'..='\u{d7a3}').contains(&c) { 2 } else { 1 }).sum()
}

/// Waits (at most 20 s) for `child` to end, then checks that every row
/// it printed holds at most 40 cells; returns what it printed, one line.
pub fn ended_in_rows(child: &mut std::process::Child, out: &Mutex<String>) -> String {
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "did not end: {}", text(out));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let raw = out.lock().unwrap().clone();
    for row in raw.lines() {
        assert!(row.chars().count() <= 40, "a row over 40 cells: {row:?}");
    }
    text(out)
}
