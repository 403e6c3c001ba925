//! The terminal front ends in a real terminal (the game client and the
//! talking clock): tmux runs voxchess, keys go in with send-keys, and
//! capture-pane shows what a screen reader would read.

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
    let out = Command::new("tmux")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("tmux is needed for this test (the setup script installs it): {e}"));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn keys_walk_the_board_and_moves_are_announced() {
    let session = format!("voxplay{}", std::process::id());
    let home = std::env::temp_dir().join(format!("voxchess-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let bin = env!("CARGO_BIN_EXE_voxchess");
    let cmd = format!(
        "TERM=xterm XDG_DATA_HOME={0}/data XDG_CONFIG_HOME={0}/config {bin} play --opponent human --no-speech --no-voice; sleep 5",
        home.display()
    );
    tmux(&["new-session", "-d", "-s", &session, "-x", "80", "-y", "40", &cmd]);
    let pause = |ms| std::thread::sleep(Duration::from_millis(ms));
    wait_for_screen(&session, "Type help for commands.");
    let keys: &[&[&str]] = &[
        &["e", "4", "Enter"],
        &["Up"],
        &["Escape"],
        &["n"],
        &["m"],
        &["S-Down"],
        &["Escape"],
        &["e", "5", "Enter"],
        &["C-c"],
    ];
    for k in keys {
        let mut args = vec!["send-keys", "-t", session.as_str()];
        args.extend_from_slice(k);
        tmux(&args);
        pause(300);
    }
    let screen = wait_for_screen(&session, "Black: e5");
    tmux(&["kill-session", "-t", &session]);
    let _ = std::fs::remove_dir_all(&home);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    let pos = |text: &str| {
        lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("'{text}' missing:\n{screen}"))
    };
    assert!(pos("White player - Black player.") < pos("White: e4"));
    assert!(pos("White: e4") < pos("e3: empty"), "the cursor walked up from e2");
    assert!(pos("e3: empty") < pos("b8: black knight"), "n jumps to the next knight");
    assert!(pos("b8: black knight") < pos("knight b8: a6, c6"), "m lists its moves");
    assert!(pos("knight b8: a6, c6") < pos("b7 black pawn"), "shift+down reads the ray to the first piece");
    assert!(pos("b7 black pawn") < pos("Black: e5"));
    assert!(lines.iter().all(|l| l.chars().count() <= 44), "short lines:\n{screen}");
    assert!(!screen.contains('\u{1b}'));
}

/// The clock with single keys.
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
