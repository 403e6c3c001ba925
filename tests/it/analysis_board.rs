//! The analysis board: lines of the player's own in a review, typed in
//! English and Russian and chosen by the engine (the real Stockfish),
//! refused when illegal, deleted when asked and confirmed, promoted to the
//! main line, and saved as a new PGN file that the project's PGN reader
//! reads back move by move, variations and comments included.

use std::path::Path;
use std::time::Duration;
use voxchess::notation::NotationLang;
use voxchess::notation::pgn::{PgnGame, read_pgn};

/// Runs `voxchess review` on `pgn` in a fresh data folder, types `lines`;
/// returns what was printed and the games saved.
fn review(name: &str, pgn: &str, lang: &str, lines: &[&str]) -> (String, Vec<String>) {
    let dir = crate::common::scratch_root().join(format!("voxchess-board-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    std::fs::write(dir.join("game.pgn"), pgn).expect("game file");
    let file = dir.join("game.pgn").display().to_string();
    let mut child = crate::common::voxchess(&dir)
        .args(["review", &file, "--lang", lang, "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut child, lines, Duration::from_secs(120));
    let games_dir = dir.join("data/voxchess/games");
    let mut files: Vec<_> =
        std::fs::read_dir(&games_dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    let games = files.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect();
    assert_eq!(std::fs::read_to_string(dir.join("game.pgn")).expect("the file reviewed"), pgn, "never changed");
    let _ = std::fs::remove_dir_all(&dir);
    (out, games)
}

fn one_game(pgn: &str) -> PgnGame {
    let mut games = read_pgn(pgn, NotationLang::English, None).expect("a PGN the reader reads");
    assert_eq!(games.len(), 1, "{pgn}");
    games.remove(0)
}

/// Each needle in order.
fn in_order(out: &str, needles: &[&str]) {
    let mut at = 0;
    for n in needles {
        match out[at..].find(n) {
            Some(i) => at += i + n.len(),
            None => panic!("{n:?} not found (in order) in:\n{out}"),
        }
    }
}

/// Moves typed in a review begin a line and go on in it; an illegal one
/// is explained and plays nothing; a line is deleted only after yes; the
/// saved file holds the file's lines and comments and the player's own,
/// read back move by move; the file reviewed is unchanged.
#[test]
fn own_lines_are_played_deleted_and_saved() {
    let pgn = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n\
               1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {The knight.} Nc6 3. Bb5 *\n";
    let lines = [
        "next",
        "next", // after 1... e5
        "d4",
        "exd4",
        "Ke3",
        "Qxd4", // 2. d4 exd4 3. Qxd4: a line of the player's own
        "start",
        "next",
        "next",
        "Bc4", // 2. Bc4: another line
        "delete line",
        "no",
        "delete line",
        "yes", // 2. Bc4 deleted after yes
        "save",
        "quit",
        "quit",
    ];
    let (out, games) = review("own", pgn, "en", &lines);
    in_order(
        &out,
        &[
            "New line: 2. White: d4.",
            "2. Black: exd4.",
            "No white king can reach e3.",
            "3. White: Qxd4.",
            "New line: 2. White: Bc4.",
            "2. White: Bc4. Delete this line? Yes",
            "The line stays.",
            "Line deleted.",
            "1. Black: e5.",
            "Score saved as game-1.pgn",
        ],
    );
    assert_eq!(games.len(), 1, "{out}");
    let saved = one_game(&games[0]);
    let expected = one_game("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 (2. d4 exd4 3. Qxd4) 2... Nc6 3. Bb5 *\n");
    let moves = |g: &PgnGame| g.moves.iter().map(|n| (n.mv, n.notes().variations.clone())).collect::<Vec<_>>();
    assert_eq!(moves(&saved), moves(&expected), "{}", games[0]);
    assert_eq!(saved.moves[2].notes().comments, ["The knight."], "{}", games[0]);
    assert_eq!(saved.tag("White"), Some("Ann"));
}

/// In Russian: a move in the session's notation begins a line, which is
/// promoted to the main line; the saved file has it as the main line.
#[test]
fn a_line_typed_in_russian_is_promoted_and_saved() {
    let pgn = "1. e4 e5 2. Nf3 *\n";
    let lines = ["вперёд", "вперёд", "Кc3", "Кf6", "сделать главной", "где я", "сохранить", "выход", "выход"];
    let (out, games) = review("ru", pgn, "ru", &lines);
    in_order(
        &out,
        &["Новый вариант: 2. Белые — Кc3.", "2. Чёрные — Кf6.", "Теперь это главная линия.", "Главная линия."],
    );
    assert_eq!(games.len(), 1, "{out}");
    let saved = one_game(&games[0]);
    let expected = one_game("1. e4 e5 2. Nc3 (2. Nf3) 2... Nf6 *\n");
    assert_eq!(saved.moves, expected.moves, "{}", games[0]);
}

/// `play best` plays the engine's first choice into the line: a mate in
/// one, which the file does not play.
#[test]
fn play_best_plays_the_engines_choice() {
    assert!(Path::new("/usr/games/stockfish").exists(), "Stockfish is installed by setup.sh");
    let pgn = "[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rb1 *\n";
    let (out, games) = review("best", pgn, "en", &["play best"]);
    in_order(&out, &["Best move: Ra8#.", "New line: 1. White: Ra8#."]);
    assert!(games.is_empty(), "nothing is saved unasked");
}

/// A game with lichess's clock comments: `time` says the clocks after the
/// move in view and how long it took (less the increment); `slowest moves`
/// each side's longest thinks; a game without clocks says it has none.
#[test]
fn the_time_of_each_move_from_the_clock_comments() {
    let pgn = "[TimeControl \"180+2\"]\n\n\
               1. e4 { [%clk 0:03:01] } e5 { [%clk 0:02:50] } 2. Nf3 { [%clk 0:02:30] } \
               Nc6 { [%clk 0:01:20] } 3. Bb5 { [%clk 0:02:31] } *\n";
    let lines = ["next", "next", "next", "next", "time", "slowest moves", "back", "time"];
    let (out, _) = review("clk", pgn, "en", &lines);
    in_order(
        &out,
        &[
            "2. Black: Nc6.",
            "Black: 1 minute 20 seconds left; this move took 1 minute 32 seconds.",
            "White: 2 minutes 30 seconds left.",
            "White, longest thinks: 2. Nf3, 33 seconds; 1. e4, 1 second; 3. Bb5, 1 second.",
            "Black, longest thinks: 2. Nc6, 1 minute 32 seconds; 1. e5, 12 seconds.",
            "White: 2 minutes 30 seconds left; this move took 33 seconds.",
            "Black: 2 minutes 50 seconds left.",
        ],
    );
    let (out, _) = review("clk-ru", pgn, "ru", &["вперёд", "вперёд", "время", "самые долгие ходы"]);
    in_order(&out, &["Чёрные: на часах 2 минуты 50 секунд; время хода: 12 секунд.", "Белые, самые долгие ходы:"]);
    let (out, _) = review("no-clk", "1. e4 e5 *\n", "en", &["next", "time", "slowest moves"]);
    in_order(&out, &["This game has no clock.", "This game has no clock."]);
}

/// `play from here` starts a game from the position in view against the
/// engine (the player has the side to move), every rule of a game; it
/// comes back to the review where it began (at once when it ends), and the game is kept as PGN
/// with its starting position. Two people here: quitting mid-game keeps
/// it as PGN too, unfinished, and comes back. A level or a clock that
/// cannot be is said.
#[test]
fn a_game_is_played_from_the_position_in_view_and_back() {
    assert!(Path::new("/usr/games/stockfish").exists(), "Stockfish is installed by setup.sh");
    let pgn = "1. e4 e5 2. Nf3 *\n";
    let lines = [
        "next",
        "next",
        "play from here level 30",
        "play from here 5+x",
        "play from here level 1",
        "Nc3",
        "resign",
        "yes", // the game ends: back in the review at once
        "play from here human",
        "Nf3",
        "Nc6",
        "quit", // kept as PGN, unfinished
        "play from here human",
        "quit", // no move: nothing kept
        "quit",
    ];
    let (out, games) = review("from-here", pgn, "en", &lines);
    in_order(
        &out,
        &[
            "There is no level 30",
            "5+x",
            "Player against Stockfish.",
            "You play White.",
            "White: Nc3",
            "Game over: Resignation. Black wins.",
            "Score saved as",
            "1. Black: e5. In the main line.",
            "White: Nf3",
            "Black: Nc6",
            "Score saved as",
            "1. Black: e5. In the main line.",
        ],
    );
    assert!(!out.contains("Goodbye. 1. Black"), "no goodbye when only going back: {out}");
    // Its autosave is gone once its score is kept: nothing blocks the next.
    assert!(!out.contains("An unfinished game is kept"), "{out}");
    assert_eq!(games.len(), 2, "{out}");
    for game in &games {
        let game = one_game(game);
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(game.tag("FEN"), Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
    }
    let results: Vec<String> = games.iter().map(|g| one_game(g).result).collect();
    assert!(results.contains(&"0-1".to_string()) && results.contains(&"*".to_string()), "{results:?}");
}

/// While an unfinished game of `voxchess play` is kept, `play from here`
/// says so and starts nothing: a game from here never takes its place.
#[test]
fn a_game_from_here_never_takes_the_unfinished_games_place() {
    let dir = crate::common::scratch_root().join(format!("voxchess-board-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let mut play = crate::common::voxchess(&dir)
        .args(["play", "--opponent", "human", "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut play, &["e4", "quit"], Duration::from_secs(60));
    assert!(out.contains("White: e4"), "{out}");
    std::fs::write(dir.join("game.pgn"), "1. e4 e5 *\n").expect("pgn");
    let file = dir.join("game.pgn").display().to_string();
    let mut review = crate::common::voxchess(&dir)
        .args(["review", &file, "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out =
        crate::common::type_and_finish(&mut review, &["next", "play from here human", "quit"], Duration::from_secs(60));
    in_order(&out, &["1. White: e4.", "An unfinished game is kept: play it on with voxchess resume first."]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `voxchess review LINK` in `dir` (the server is the tests' own); what
/// was printed.
fn review_link(dir: &Path, link: &str, url: &str, lines: &[&str]) -> String {
    let mut child = crate::common::voxchess(dir)
        .args(["review", link, "--server", url, "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    crate::common::type_and_finish(&mut child, lines, Duration::from_secs(60))
}

/// A study fetched by its link from a server written from lichess's spec:
/// its chapters named, each opened by number, next and previous, a line
/// of the player's own kept in a chapter left and come back to; a game by
/// its link, with its clocks; a private study said to need the token, and
/// opened with it; no token sent where none is needed.
#[test]
fn studies_and_games_are_opened_from_their_links() {
    use crate::common::lichess::{Lichess, TOKEN, home_logged_in};
    let server = Lichess::start();
    let dir = crate::common::scratch_root().join(format!("voxchess-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let lines =
        ["chapters", "next", "next", "Rd2", "chapter 2", "previous chapter", "where am i", "chapter 5", "quit", "quit"];
    let out = review_link(&dir, "https://lichess.org/study/abcdEFGH", &server.url, &lines);
    in_order(
        &out,
        &[
            "Chapter 1 of 2: Lucena.",
            "2 chapters: 1. Lucena; 2. Philidor.",
            "1. White: Rd1+.",
            "Comment: Cut off the king.",
            "New line: 2. White: Rd2.",
            "Chapter 2 of 2: Philidor.",
            "Chapter 1 of 2: Lucena.",
            "2. White: Rd2. In variation 2, level 1.",
            "There is no chapter 5: 2 chapters.",
        ],
    );
    let out = review_link(&dir, "https://lichess.org/q7ZvsdUFabcd", &server.url, &["end", "time"]);
    in_order(
        &out,
        &["Anna against Boris. 4 moves. Result: White won.", "4. White: Qxf7#.", "White: 2 minutes 29 seconds left."],
    );
    // Refused at the start: one line on the error output, a failure.
    let refused = |link: &str| {
        let o = crate::common::voxchess(&dir)
            .args(["review", link, "--server", &server.url, "--plain", "--no-speech", "--no-voice"])
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("voxchess runs");
        assert!(!o.status.success(), "{link}");
        String::from_utf8_lossy(&o.stderr).replace('\n', " ")
    };
    in_order(&refused("https://lichess.org/study/privStdy"), &["This study is private or does not exist"]);
    in_order(&refused("https://example.org/q7ZvsdUF"), &["is not a lichess game or study link."]);
    let _ = std::fs::remove_dir_all(&dir);
    let home = home_logged_in("links-token", TOKEN);
    let out = review_link(&home, "https://lichess.org/study/privStdy", &server.url, &["chapters"]);
    in_order(&out, &["2 chapters: 1. Lucena; 2. Philidor."]);
    let _ = std::fs::remove_dir_all(&home);
    let looked = server.state.lock().unwrap().looked.clone();
    assert!(looked.iter().any(|(p, token)| p == "/game/export/q7ZvsdUF" && !token), "{looked:?}");
    assert!(looked.iter().any(|(p, token)| p == "/api/study/abcdEFGH.pgn" && !token), "{looked:?}");
    assert!(looked.iter().any(|(p, token)| p == "/api/study/privStdy.pgn" && *token), "{looked:?}");
}

/// `my games` in the lobby lists the player's last lichess games (the
/// opponent, the result for the player, the date, the control, the
/// opening); `review 2` opens one above the lobby, the others a chapter
/// away; `quit` comes back to the lobby; a number not listed is said.
#[test]
fn my_games_are_listed_in_the_lobby_and_reviewed() {
    use crate::common::lichess::{Lichess, TOKEN, home_logged_in, start_lobby};
    use crate::common::wait_for;
    use std::io::Write;
    let server = Lichess::start();
    let dir = home_logged_in("my-games", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess, as Player.", 0);
    let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
    typed("review 1");
    at = wait_for(&out, "There is no game 1 in your list", at);
    typed("my games");
    at = wait_for(&out, "Your last games: 1: against Anna,", at);
    at = wait_for(&out, "won, 2026.11.30, 180+2, Italian Game.", at);
    at = wait_for(&out, "2: against Boris, drawn,", at);
    typed("review 2");
    at = wait_for(&out, "Game 2 of 2.", at);
    at = wait_for(&out, "Boris against Player. 1 move.", at);
    typed("chapter 1");
    at = wait_for(&out, "Player against Anna. 3 moves.", at);
    typed("quit");
    at = wait_for(&out, "Back in the lobby.", at);
    typed("quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    let _ = at;
    let asked = server.state.lock().unwrap().looked.clone();
    assert!(asked.iter().any(|(p, _)| p.starts_with("/api/games/user/Player?max=20")), "{asked:?} {all}");
    assert_eq!(all.matches("Goodbye.").count(), 1, "only when voxchess ends: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A 429 to `my games` in the lobby is said, and `my games` asked again
/// within the minute sends nothing: the time left to wait is said.
#[test]
fn a_429_in_the_lobby_keeps_the_next_question_at_home() {
    use crate::common::lichess::{Lichess, TOKEN, home_logged_in, start_lobby};
    use crate::common::wait_for;
    use std::io::Write;
    let server = Lichess::start();
    server.state.lock().unwrap().limited_paths = vec!["/api/games/user/".into()];
    let dir = home_logged_in("lobby-429", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess, as Player.", 0);
    let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
    typed("my games");
    at = wait_for(&out, "lichess asks to wait a minute: nothing was done.", at);
    typed("my games");
    at = wait_for(&out, "lichess asked to wait a minute:", at);
    at = wait_for(&out, "left. Nothing was sent.", at);
    typed("quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    let _ = at;
    let asked = server.state.lock().unwrap().requests.clone();
    let mine = asked.iter().filter(|(_, p, _)| p.starts_with("/api/games/user/")).count();
    assert_eq!(mine, 1, "{asked:?} {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The games voxchess saves carry their clocks as lichess writes them
/// (`{ [%clk 0:05:02] }` after each move), so `time` answers in their
/// review as in a lichess game's.
#[test]
fn a_saved_game_with_a_clock_tells_the_time_of_each_move() {
    let dir = crate::common::scratch_root().join(format!("voxchess-board-clk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    let mut play = crate::common::voxchess(&dir)
        .args(["play", "--opponent", "human", "--time", "5+3", "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let lines = ["e4", "e5", "Nf3", "resign", "yes", "quit"];
    let out = crate::common::type_and_finish(&mut play, &lines, Duration::from_secs(60));
    assert!(out.contains("Score saved as"), "{out}");
    let games = dir.join("data/voxchess/games");
    let file = std::fs::read_dir(&games).expect("games folder").flatten().map(|e| e.path()).next().expect("a game");
    let pgn = std::fs::read_to_string(&file).expect("the game");
    let game = one_game(&pgn);
    assert_eq!(game.moves.len(), 3, "{pgn}");
    for node in &game.moves {
        let clk =
            node.notes().comments.iter().find(|c| c.starts_with("[%clk 0:05:0")).unwrap_or_else(|| panic!("{pgn}"));
        assert!(clk.len() == "[%clk 0:05:00]".len(), "{pgn}");
    }
    let file = file.display().to_string();
    let mut review = crate::common::voxchess(&dir)
        .args(["review", &file, "--plain", "--no-speech", "--no-voice"])
        .spawn()
        .expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut review, &["next", "time", "quit"], Duration::from_secs(60));
    in_order(&out, &["1. White: e4.", "White: 5 minutes", "left; this move took"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, items 8 and 10: a game played from a review's position where
/// nothing can be written (a file size limit of 100 bytes, SIGXFSZ left
/// at its default: voxchess ignores it itself, so it is a write error and
/// never a kill) is never said as kept: it is a line of the review, said
/// so, `score` gives that game, and leaving warns that the line is not
/// saved.
#[test]
fn a_game_from_here_that_cannot_be_written_stays_in_the_review() {
    use std::os::unix::process::CommandExt;
    let dir = crate::common::scratch_root().join(format!("voxchess-board-fsize-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    let pgn = "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *\n";
    std::fs::write(dir.join("game.pgn"), pgn).expect("game file");
    let file = dir.join("game.pgn").display().to_string();
    let mut cmd = crate::common::voxchess(&dir);
    cmd.args(["review", &file, "--plain", "--no-speech", "--no-voice"]);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_DFL);
            let lim = libc::rlimit { rlim_cur: 100, rlim_max: 100 };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = crate::common::stepped(
        &mut cmd,
        &[
            ("end", "End of the game."),
            ("play from here human", "Type help for commands."),
            ("Qxf7", "The game is a line of the review now; save writes it once there is room."),
            ("score", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"),
            ("quit", "Your own lines are not saved"),
            ("quit", "Goodbye."),
        ],
    );
    assert!(!out.contains("The game is kept"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, item 6: `time` at the start of a review of a game with a
/// clock says the starting clocks (not "no clock"); lichess's first moves,
/// made before its clocks start, took no time that is said.
#[test]
fn time_at_the_start_says_the_starting_clocks() {
    let pgn = "[Event \"x\"]\n[White \"A\"]\n[Black \"B\"]\n[TimeControl \"180+5\"]\n[Result \"*\"]\n\n\
               1. e4 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:55] } *\n";
    let (out, _) = review("start-clock", pgn, "en", &["time", "next", "time", "next", "next", "time", "quit"]);
    assert!(out.contains("White: 3 minutes left. Black: 3 minutes left."), "{out}");
    assert!(!out.contains("no clock"), "{out}");
    assert!(!out.contains("this move took 5 seconds"), "{out}");
    assert!(out.contains("this move took 10 seconds"), "{out}");
}

/// Issue 65, item 7: one game voxchess cannot read is one game left out,
/// never a whole list or study refused: `my games` asks lichess for
/// standard chess only, and a Chess960 game among them is left out and
/// counted; a study with one illegal chapter opens with the others, the
/// chapter left out said.
#[test]
fn one_bad_game_or_chapter_is_left_out_and_counted() {
    use crate::common::lichess::{Lichess, MY_GAMES, TOKEN, home_logged_in, start_lobby};
    use crate::common::wait_for;
    use std::io::Write;
    let server = Lichess::start();
    let chess960 = "[Event \"Casual Chess960 game\"]\n[Site \"https://lichess.org/c960Game\"]\n[White \"Player\"]\n\
                    [Black \"Clara\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
                    [FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n";
    server.state.lock().unwrap().user_games = Some(format!("{chess960}\n\n{MY_GAMES}"));
    let dir = home_logged_in("left-out", TOKEN);
    let (mut child, out) = start_lobby(&dir, &server, "en");
    let mut at = wait_for(&out, "Lobby of lichess, as Player.", 0);
    let mut typed = |line: &str| writeln!(child.stdin.as_mut().unwrap(), "{line}").unwrap();
    typed("my games");
    at = wait_for(&out, "Your last games: 1: against Anna,", at);
    at = wait_for(&out, "2: against Boris", at);
    at = wait_for(&out, "Left out: 1 game; voxchess plays standard chess only.", at);
    typed("quit");
    drop(child.stdin.take());
    let all = crate::common::ended_in_rows(&mut child, &out);
    let _ = at;
    let asked = server.state.lock().unwrap().looked.clone();
    let standard = "perfType=ultraBullet,bullet,blitz,rapid,classical,correspondence";
    assert!(asked.iter().any(|(p, _)| p.starts_with("/api/games/user/Player?") && p.contains(standard)), "{asked:?}");
    assert!(!all.contains("not its API") && !all.contains("not lichess's API"), "{all}");
    let out = review_link(&dir, "https://lichess.org/study/badcHapt", &server.url, &["chapters", "quit"]);
    in_order(&out, &["Could not be read, left out: 1 chapter.", "2 chapters: 1. Lucena; 2. Philidor."]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 65, item 12: the only line of one's own deleted leaves nothing
/// unsaved: `quit` ends the review at once, with no warning that lines
/// are not saved.
#[test]
fn deleting_the_only_own_line_leaves_nothing_unsaved() {
    let pgn =
        "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n";
    let lines = ["next", "next", "d4", "delete line", "yes", "quit"];
    let (out, games) = review("delete-only", pgn, "en", &lines);
    in_order(&out, &["New line: 2. White: d4.", "Line deleted.", "Goodbye."]);
    assert!(!out.contains("not saved"), "{out}");
    assert!(games.is_empty(), "{out}");
}
