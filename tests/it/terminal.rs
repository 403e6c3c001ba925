//! The terminal front ends in a real terminal (the game client and the
//! talking clock): tmux runs voxchess, keys go in with send-keys, and
//! capture-pane shows what a screen reader would read.

use std::process::Command;
use std::time::Duration;

/// Waits (at most 30 s: a loaded machine) until the pane shows `text`; returns the screen.
fn wait_for_screen(session: &str, text: &str) -> String {
    let start = std::time::Instant::now();
    loop {
        let screen = tmux(session, &["capture-pane", "-t", session, "-p"]);
        if screen.contains(text) || start.elapsed() > Duration::from_secs(30) {
            return screen;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Runs tmux on the session's own server (`-L session`): tests running at
/// once never share a server, so one test's last session closing (which
/// ends a server) cannot take another test's session along.
fn tmux(session: &str, args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(["-L", session])
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("tmux is needed for this test (the setup script installs it): {e}"));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Starts `cmd` in a new detached session `session` of `width` by
/// `height` on its own server; fails the test with tmux's words if it
/// cannot.
fn new_session(session: &str, width: u16, height: u16, cmd: &str) {
    let out = Command::new("tmux")
        .args(["-L", session, "new-session", "-d", "-s", session])
        .args(["-x", &width.to_string(), "-y", &height.to_string(), cmd])
        .output()
        .unwrap_or_else(|e| panic!("tmux is needed for this test (the setup script installs it): {e}"));
    assert!(out.status.success(), "tmux new-session: {}", String::from_utf8_lossy(&out.stderr));
}

/// Ends the session's own server (and the session with it).
fn end_session(session: &str) {
    tmux(session, &["kill-server"]);
}

/// `voxchess play` between two people (no speech, no voice) in a tmux
/// session of 80 by 40 with its own data folders; `options` come first.
/// After the game the pane shows "EXITED".
fn play_in_tmux(name: &str, options: &str) -> (String, std::path::PathBuf) {
    let session = format!("vox{name}{}", std::process::id());
    let home = crate::common::scratch_root().join(format!("voxchess-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let bin = env!("CARGO_BIN_EXE_voxchess");
    let cmd = format!(
        "TERM=xterm XDG_DATA_HOME={0}/data XDG_CONFIG_HOME={0}/config {bin} play {options} --opponent human --no-speech --no-voice; echo EXITED; sleep 5",
        home.display()
    );
    new_session(&session, 80, 40, &cmd);
    (session, home)
}

/// Sends each group of keys, with a pause after each.
fn send_keys(session: &str, groups: &[&[&str]]) {
    for keys in groups {
        let mut args = vec!["send-keys", "-t", session];
        args.extend_from_slice(keys);
        tmux(session, &args);
        std::thread::sleep(Duration::from_millis(300));
    }
}

#[test]
fn keys_walk_the_board_and_moves_are_announced() {
    let (session, home) = play_in_tmux("play", "");
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
    send_keys(&session, keys);
    let screen = wait_for_screen(&session, "Black: e5");
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    let pos = |text: &str| {
        lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("'{text}' missing:\n{screen}"))
    };
    assert!(pos("White player against Black player.") < pos("White: e4"));
    assert!(pos("White: e4") < pos("e3: empty"), "the cursor walked up from e2");
    assert!(pos("e3: empty") < pos("b8: black knight"), "n jumps to the next knight");
    assert!(pos("b8: black knight") < pos("Knight b8: a6, c6"), "m lists its moves");
    assert!(pos("Knight b8: a6, c6") < pos("b7 black pawn"), "shift+down reads the ray to the first piece");
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
    new_session(&session, 100, 30, &cmd);
    let pause = |ms| std::thread::sleep(Duration::from_millis(ms));
    wait_for_screen(&session, "Clock started");
    for key in ["w", "a", "+", "b", "p", "q"] {
        tmux(&session, &["send-keys", "-t", &session, key]);
        pause(250);
    }
    let screen = wait_for_screen(&session, "Clock stopped.");
    end_session(&session);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    let pos = |text: &str| {
        lines.iter().position(|l| l.contains(text)).unwrap_or_else(|| panic!("'{text}' missing:\n{screen}"))
    };
    assert!(pos("Keys: w White moved") < pos("Clock started: 5+3."));
    assert!(pos("Clock started: 5+3.") < pos("White 5 minutes, Black 5 minutes."));
    assert!(pos("White 5 minutes, Black 5 minutes.") < pos("Black to move"));
    assert!(pos("Black to move") < pos("Black: 1 minute more,"));
    assert!(pos("Black: 1 minute more,") < pos("Clock paused"));
    assert!(pos("Clock paused") < pos("Clock stopped."), "q is acknowledged");
    assert!(lines.iter().all(|l| l.chars().count() <= 40), "Braille rows:\n{screen}");
    assert!(!screen.contains('\u{1b}'));
}

/// Board mode in the terminal: past the edge is said, and h lists the keys.
#[test]
fn board_mode_says_the_edge_and_lists_its_keys() {
    let (session, home) = play_in_tmux("edge", "");
    wait_for_screen(&session, "Type help for commands.");
    // The cursor starts on e2: two steps down pass the edge.
    send_keys(&session, &[&["Escape"], &["Down"], &["Down"], &["h"]]);
    let screen = wait_for_screen(&session, "h these keys");
    tmux(&session, &["send-keys", "-t", &session, "C-c"]);
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    assert!(screen.contains("e1: white king"), "{screen}");
    assert!(screen.contains("Edge of the board."), "{screen}");
    assert!(screen.contains("Board keys: arrows walk,"), "{screen}");
    assert!(screen.contains("h these keys, Escape: back to typing."), "{screen}");
}

/// Plain mode in a real terminal: a line editor (arrow keys edit, up
/// recalls earlier lines) and no escape sequence ever reaches the game.
#[test]
fn plain_mode_in_a_terminal_edits_lines_with_history() {
    let (session, home) = play_in_tmux("edit", "--plain");
    wait_for_screen(&session, "1. White>");
    let keys: &[&[&str]] = &[
        &["e", "4", "Enter"],
        &["w", "h", "o", "s", "e", " ", "m", "o", "v", "e", "Enter"],
        // Up recalls "whose move"; Enter asks again.
        &["Up"],
        &["Enter"],
        // Typed with a mistake, mended with the arrow keys: "e6" -> "e5".
        &["e", "6"],
        &["Left", "Right", "BSpace", "5", "Enter"],
        // Arrows alone on an empty line never type anything.
        &["Up", "Down", "Down", "C-u"],
        &["q", "u", "i", "t", "Enter"],
    ];
    send_keys(&session, keys);
    let screen = wait_for_screen(&session, "EXITED");
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    assert!(screen.contains("White: e4"), "{screen}");
    assert_eq!(screen.matches("Black to move.").count(), 2, "the recalled line was asked again:\n{screen}");
    assert!(screen.contains("Black: e5"), "the mended line was played:\n{screen}");
    assert!(!screen.contains("not understood") && !screen.contains("did not understand"), "{screen}");
    assert!(!screen.contains("[A") && !screen.contains("^["), "no escape codes:\n{screen}");
    assert!(screen.contains("Game saved."), "{screen}");
}

/// `voxchess review` in the terminal: Page Down and Page Up step through
/// the moves, End and Home go to the end and the start, and in board mode
/// shift+D steps as in lichess's blind mode.
#[test]
fn review_keys_step_through_a_game() {
    let session = format!("voxreview{}", std::process::id());
    let home = crate::common::scratch_root().join(format!("voxchess-review-keys-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).expect("temp folder");
    let game = home.join("game.pgn");
    std::fs::write(&game, "1. e4 e5 2. Nf3 Nc6 *").expect("game file");
    let bin = env!("CARGO_BIN_EXE_voxchess");
    let cmd = format!(
        "TERM=xterm XDG_DATA_HOME={0}/data XDG_CONFIG_HOME={0}/config {bin} review {1} --no-speech --no-voice; echo EXITED; sleep 5",
        home.display(),
        game.display()
    );
    new_session(&session, 80, 40, &cmd);
    wait_for_screen(&session, "Type help for commands.");
    let keys: &[&[&str]] = &[&["PageDown"], &["PageDown"], &["PageUp"], &["End"], &["Home"], &["Escape"], &["D"]];
    send_keys(&session, keys);
    // Shift+D after Home is the third "1. White: e4." (at most 15 s).
    let start = std::time::Instant::now();
    let mut screen = String::new();
    while start.elapsed() < Duration::from_secs(15) {
        screen = tmux(&session, &["capture-pane", "-t", &session, "-p"]);
        if screen.matches("1. White: e4.").count() >= 3 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    let lines: Vec<&str> = screen.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    let said: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.ends_with('.') && (l.starts_with(char::is_numeric) || l.starts_with("Start")))
        .collect();
    assert_eq!(
        said,
        [
            "Start of the game. White to move.",
            "1. White: e4.",
            "1. Black: e5.",
            "1. White: e4.",
            "2. Black: Nc6.",
            "Start of the game. White to move.",
            "1. White: e4.",
        ],
        "{screen}"
    );
}

/// Plain mode in a terminal against the engine, as a Braille reader uses
/// it: nothing typed, nothing redrawn (not one escape sequence reaches the
/// terminal over the game), and after each engine move the prompt names
/// the new move number and side.
#[test]
fn plain_mode_in_a_terminal_never_redraws_and_the_prompt_is_current() {
    let session = format!("voxnoredraw{}", std::process::id());
    let home = crate::common::scratch_root().join(format!("voxchess-noredraw-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).expect("temp folder");
    let raw = home.join("raw.txt");
    let bin = env!("CARGO_BIN_EXE_voxchess");
    let cmd = format!(
        "TERM=xterm XDG_DATA_HOME={0}/data XDG_CONFIG_HOME={0}/config {bin} play --plain --opponent engine --color white --no-speech --no-voice; echo EXITED; sleep 5",
        home.display()
    );
    new_session(&session, 80, 40, &cmd);
    tmux(&session, &["pipe-pane", "-o", "-t", &session, &format!("cat >> {}", raw.display())]);
    wait_for_screen(&session, "1. White>");
    let mut screen = String::new();
    for (n, mv) in ["a3", "h3", "a4"].iter().enumerate() {
        let keys: Vec<String> = mv.chars().map(String::from).chain(["Enter".to_string()]).collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        send_keys(&session, &[&keys]);
        screen = wait_for_screen(&session, &format!("{}. White>", n + 2));
    }
    send_keys(&session, &[&["q", "u", "i", "t", "Enter"]]);
    wait_for_screen(&session, "EXITED");
    end_session(&session);
    let bytes = std::fs::read(&raw).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&home);
    let text = String::from_utf8_lossy(&bytes);
    assert!(screen.contains("4. White>"), "{screen}");
    // Each prompt follows the engine's move it comes after.
    let rows: Vec<&str> = screen.lines().map(str::trim_end).filter(|r| !r.is_empty()).collect();
    for n in 2..=4 {
        let at = rows.iter().position(|r| r.starts_with(&format!("{n}. White>"))).expect("prompt");
        assert!(rows[at - 1].starts_with("Black: "), "the engine's move before prompt {n}:\n{screen}");
    }
    assert!(!text.contains('\u{1b}'), "escape sequences while nothing was being edited:\n{text:?}");
}

/// The terminal mode's input line edits as a shell's: Ctrl-W deletes a
/// word, Ctrl-U the line, Ctrl-A goes to its start, Ctrl-E to its end.
#[test]
fn the_terminal_input_line_edits_with_control_keys() {
    let (session, home) = play_in_tmux("ctrl", "");
    wait_for_screen(&session, "Type help for commands.");
    let keys: &[&[&str]] =
        &[&["x", "x", " ", "y", "y"], &["C-w"], &["C-u"], &["4"], &["C-a"], &["e"], &["C-e"], &["Enter"], &["C-d"]];
    send_keys(&session, keys);
    let screen = wait_for_screen(&session, "EXITED");
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    assert!(screen.contains("White: e4"), "{screen}");
    assert!(!screen.contains("understand"), "{screen}");
}

/// Enter and Space in board mode touch the square under the cursor as a
/// routing key does: the pawn on e2 is picked up, and put down on e4
/// plays it.
#[test]
fn enter_and_space_pick_up_and_put_down() {
    let (session, home) = play_in_tmux("select", "");
    wait_for_screen(&session, "Type help for commands.");
    send_keys(&session, &[&["Escape"], &["Enter"], &["Up"], &["Up"], &["Space"]]);
    let screen = wait_for_screen(&session, "White: e4");
    tmux(&session, &["send-keys", "-t", &session, "C-c"]);
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    assert!(screen.contains("In hand: white pawn e2."), "{screen}");
}

/// In a puzzle the board keys pick up and put down as in a game: the
/// rook taken from e1 and put on e8 solves the back-rank mate.
#[test]
fn board_keys_play_a_puzzle() {
    const FILE: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
mate0001,7k/p5pp/8/8/8/8/8/4R1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1 backRankMate,,
";
    let name = "puzzlekeys";
    let home = crate::common::puzzle_home(name, FILE);
    let session = format!("vox{name}{}", std::process::id());
    let bin = env!("CARGO_BIN_EXE_voxchess");
    let cmd = format!(
        "TERM=xterm XDG_DATA_HOME={0}/data XDG_CONFIG_HOME={0}/config {bin} puzzle --no-speech --no-voice; echo EXITED; sleep 5",
        home.display()
    );
    new_session(&session, 80, 40, &cmd);
    wait_for_screen(&session, "Black: a6");
    // The only rook: "r" takes the cursor to it.
    send_keys(&session, &[&["Escape"], &["r"]]);
    wait_for_screen(&session, "e1");
    send_keys(&session, &[&["Enter"]]);
    wait_for_screen(&session, "In hand: white rook e1.");
    send_keys(&session, &[&["Up"], &["Up"], &["Up"], &["Up"], &["Up"], &["Up"], &["Up"], &["Space"]]);
    let screen = wait_for_screen(&session, "Solved in");
    tmux(&session, &["send-keys", "-t", &session, "Escape"]);
    end_session(&session);
    let _ = std::fs::remove_dir_all(&home);
    assert!(screen.contains("Re8#"), "{screen}");
}
