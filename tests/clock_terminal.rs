//! The clock with single keys in a real terminal: tmux runs it, keys are
//! sent with send-keys, and capture-pane shows what a screen reader reads.

use std::process::Command;
use std::time::Duration;

/// Waits (at most 15 s) until the pane shows `text`; returns the screen.
fn wait_for_screen(session: &str, text: &str) -> String {
    let start = std::time::Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-t", session, "-p"]);
        if screen.contains(text) || start.elapsed() > Duration::from_secs(15) {
            return screen;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().unwrap_or_else(|e| {
        panic!("tmux is needed for this test (the setup script installs it): {e}");
    });
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn single_keys_in_a_terminal() {
    let session = format!("voxclock{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_voxchess");
    let cmd = format!("TERM=xterm {bin} clock 5+3 --no-speech; sleep 3");
    tmux(&["new-session", "-d", "-s", &session, "-x", "100", "-y", "30", &cmd]);
    let pause = |ms| std::thread::sleep(Duration::from_millis(ms));
    wait_for_screen(&session, "Clock started");
    for key in ["w", "a", "+", "b", "p", "q"] {
        tmux(&["send-keys", "-t", &session, key]);
        pause(250);
    }
    let screen = wait_for_screen(&session, "Clock paused");
    tmux(&["kill-session", "-t", &session]);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    let pos = |text: &str| {
        lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("'{text}' missing:\n{screen}"))
    };
    assert!(pos("Keys: w White moved") < pos("Clock started: 5+3. White to move."));
    assert!(pos("Clock started") < pos("Black to move"));
    assert!(pos("Black to move") < pos("White 5 minutes"));
    assert!(pos("Black: 1 minute added") < pos("Clock paused"));
    assert!(lines.iter().all(|l| l.chars().count() <= 60), "short lines:\n{screen}");
    assert!(!screen.contains('\u{1b}'));
}
