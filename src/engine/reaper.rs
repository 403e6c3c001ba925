//! Every engine process, and whatever it starts, ends with voxchess, even
//! when voxchess itself is killed (kill -9) and the engine ignores the end
//! of its input. Each engine is started with a mark in its environment,
//! which its children inherit (a helper that calls `setsid` and leaves the
//! engine's process group too). An engine that ends takes every process
//! with its mark along; at the program's end every mark of this run goes.
//! For a kill no code of ours outlives, a watcher (this same program,
//! started once with [`WATCH_VAR`]) waits for its input pipe from voxchess
//! to close, which the kernel does at any death, and then ends every
//! process with a mark of this run.
//!
//! A process that empties its own environment escapes the mark: the
//! engine's process group is still ended with it ([`super::uci`]).

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// The variable that marks an engine's processes: `RUN.N`.
const MARK_VAR: &str = "VOXCHESS_ENGINE_MARK";

/// The variable that makes voxchess the watcher of the run it names.
pub const WATCH_VAR: &str = "VOXCHESS_INTERNAL_ENGINE_WATCH";

/// The largest environment read from /proc (a process's environment is
/// limited to a few MiB by the kernel; ours are small).
const MAX_ENVIRON_BYTES: u64 = 4 * 1024 * 1024;

/// This run's name: the process id and the start time, so no other run
/// (even with the same process id later) shares it.
static RUN: OnceLock<String> = OnceLock::new();
/// Engines marked so far in this run.
static NEXT: AtomicU32 = AtomicU32::new(1);
/// Only the program itself starts a watcher (tests of the library are no
/// program to start again).
static WATCHER_WANTED: AtomicBool = AtomicBool::new(false);
/// The watcher's input: closed when voxchess ends, however it ends.
static WATCHER: Mutex<Option<ChildStdin>> = Mutex::new(None);

fn run() -> &'static str {
    RUN.get_or_init(|| {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        format!("{}-{nanos}", std::process::id())
    })
}

/// The program (not a test) asks for a watcher once an engine starts.
pub fn want_watcher() {
    WATCHER_WANTED.store(true, Ordering::Relaxed);
}

/// Marks an engine's command; returns its mark, for [`end_marked`].
pub(crate) fn mark(command: &mut Command) -> String {
    let mark = format!("{}.{}", run(), NEXT.fetch_add(1, Ordering::Relaxed));
    command.env(MARK_VAR, &mark);
    start_watcher();
    mark
}

/// Starts the watcher, once, if the program wants one.
fn start_watcher() {
    if !WATCHER_WANTED.load(Ordering::Relaxed) {
        return;
    }
    let Ok(mut watcher) = WATCHER.lock() else { return };
    if watcher.is_some() {
        return;
    }
    // This same program, even if its file was replaced meanwhile.
    let started = Command::new("/proc/self/exe")
        .arg0("voxchess-engine-watch")
        .env(WATCH_VAR, run())
        .env_remove(MARK_VAR)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        // Its own group: Ctrl-C at the terminal does not reach it.
        .process_group(0)
        .spawn();
    if let Ok(mut child) = started {
        *watcher = child.stdin.take();
    }
}

/// Ends every process with this engine's mark (its helpers, wherever they
/// went).
pub(crate) fn end_marked(mark: &str) {
    end_where(|m| m == mark);
}

/// Ends every engine process of this run (the program's end); the watcher
/// then ends too.
pub fn end_all() {
    if let Some(run) = RUN.get() {
        let prefix = format!("{run}.");
        end_where(|m| m.starts_with(&prefix));
    }
    if let Ok(mut watcher) = WATCHER.lock() {
        watcher.take();
    }
}

/// The watcher: waits until its input closes (voxchess ended), then ends
/// every engine process of the run `run`. Signals from the terminal are
/// ignored; it never writes.
pub fn watch(run: &str) {
    // SAFETY: setting a signal's disposition to SIG_IGN has no handler to
    // run; these are plain constants.
    unsafe {
        for sig in [libc::SIGINT, libc::SIGHUP, libc::SIGTERM, libc::SIGQUIT, libc::SIGPIPE] {
            libc::signal(sig, libc::SIG_IGN);
        }
    }
    let mut input = std::io::stdin().lock();
    let mut buf = [0u8; 256];
    loop {
        match input.read(&mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let prefix = format!("{run}.");
    end_where(|m| m.starts_with(&prefix));
}

/// Sends SIGKILL to every process of ours whose mark passes `wanted`, and
/// again until none is left (a helper may start another meanwhile), at
/// most for about a second.
fn end_where(wanted: impl Fn(&str) -> bool) {
    let me = std::process::id();
    for _ in 0..50 {
        let found: Vec<i32> = marked_processes(&wanted).into_iter().filter(|&p| p as u32 != me).collect();
        if found.is_empty() {
            return;
        }
        for pid in found {
            // SAFETY: kill(2) with a positive pid signals that one process.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The processes whose environment holds a mark passing `wanted`. A
/// process ended (a zombie) has no environment left and is not listed.
fn marked_processes(wanted: &impl Fn(&str) -> bool) -> Vec<i32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    let key = format!("{MARK_VAR}=");
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<i32>().ok()))
        .filter(|pid| {
            let mut environ = Vec::new();
            let read = std::fs::File::open(format!("/proc/{pid}/environ"))
                .and_then(|f| f.take(MAX_ENVIRON_BYTES).read_to_end(&mut environ));
            read.is_ok()
                && environ.split(|b| *b == 0).any(|kv| {
                    kv.strip_prefix(key.as_bytes()).and_then(|v| std::str::from_utf8(v).ok()).is_some_and(wanted)
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::os::unix::process::CommandExt;

    /// A marked process and a helper it starts in a session of its own
    /// both end with the mark.
    #[test]
    fn a_mark_ends_its_processes_and_their_setsid_helpers() {
        let tag = format!("{}", 800_000 + std::process::id() % 90_000);
        let mut command = std::process::Command::new("sh");
        command.arg("-c").arg(format!("setsid sleep {tag} & trap '' TERM HUP; sleep {tag}1"));
        command.process_group(0);
        let mark = super::mark(&mut command);
        let mut child = command.spawn().expect("sh");
        let alive = |pattern: &str| {
            let o = std::process::Command::new("pgrep").args(["-f", pattern]).output().expect("pgrep");
            !o.stdout.is_empty()
        };
        for _ in 0..100 {
            if alive(&format!("^sleep {tag}$")) && alive(&format!("^sleep {tag}1$")) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(alive(&format!("^sleep {tag}$")), "the setsid helper runs");
        super::end_marked(&mark);
        let _ = child.wait();
        std::thread::sleep(std::time::Duration::from_millis(50));
        assert!(!alive(&format!("^sleep {tag}$")), "the setsid helper ended");
        assert!(!alive(&format!("^sleep {tag}1$")), "the process ended");
    }
}
