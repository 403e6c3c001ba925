//! lichess puzzles with the player's token (issue 37), against the tests'
//! own server written from lichess's OpenAPI spec: a batch by theme and
//! difficulty, each result posted and the rating change said; a batch
//! kept and played with no connection, its results posted later in one
//! request with the right ids and wins; a 429; a missing scope and a
//! refused token in one line; the dashboard and a theme's replay.

use crate::common::lichess::{DAILY, Lichess, MATE, NO_SCOPE_TOKEN, TOKEN};
use crate::common::{collect, ended_in_rows, voxchess, wait_for};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn home(name: &str, token: &str) -> PathBuf {
    let dir = crate::common::scratch_root().join(format!("voxchess-lichess-puzzle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = dir.join("config/voxchess");
    std::fs::create_dir_all(&config).expect("config");
    for d in [dir.join("config"), config.clone()] {
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o700)).expect("private");
    }
    let file = config.join("lichess-token");
    std::fs::write(&file, format!("{token}\n")).expect("token");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("private");
    dir
}

/// A puzzle session: each line typed once the answer to the one before
/// is seen; all it showed.
fn session(dir: &Path, args: &[&str], steps: &[(&str, &str)]) -> String {
    session_with(dir, args, steps, |_| {})
}

/// [`session`], `before` called with each line before it is typed.
fn session_with(dir: &Path, args: &[&str], steps: &[(&str, &str)], before: impl Fn(&str)) -> String {
    let mut child = voxchess(dir)
        .args(["puzzle", "--plain", "--no-speech", "--no-voice"])
        .args(args)
        .spawn()
        .expect("voxchess puzzle online");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut at = 0;
    for (line, answer) in steps {
        before(line);
        if !line.is_empty() {
            writeln!(stdin, "{line}").expect("typed");
        }
        at = wait_for(&out, answer, at);
    }
    drop(stdin);
    ended_in_rows(&mut child, &out)
}

fn posts(server: &Lichess) -> Vec<(String, String)> {
    let s = server.state.lock().unwrap();
    s.requests
        .iter()
        .filter(|(m, p, _)| m == "POST" && p.contains("/puzzle/"))
        .map(|(_, p, b)| (p.clone(), b.clone()))
        .collect()
}

#[test]
fn a_batch_by_theme_and_difficulty_counts_on_lichess() {
    let server = Lichess::start();
    server.state.lock().unwrap().puzzles = vec![MATE.into(), DAILY.into()];
    let dir = home("batch", TOKEN);
    let url = server.url.clone();
    // Before the second result is posted, lichess starts answering 429.
    let limit = |line: &str| {
        if line == "solution" {
            server.state.lock().unwrap().puzzles_limited = true;
        }
    };
    let all = session_with(
        &dir,
        &["online", "fork", "harder", "--server", &url],
        &[
            ("", "Asking lichess for puzzles."),
            ("", "Puzzle mate1, rated 1200: you play White."),
            ("", "Black: Nf6"),
            ("Qxf7", "Solved in"),
            ("", "Results counted by lichess: 1."),
            ("", "Your puzzle rating there: 1511 (+10)."),
            ("next", "Puzzle IFy4T"),
            ("", "Black: Bxe4"),
            ("Rf1", "That is not the move."),
            ("solution", "The puzzle counts as failed."),
            ("", "wait a minute"),
            ("", "The results are kept and will be sent to lichess next time."),
            // Leaving within the minute sends nothing.
            ("quit", "Goodbye."),
        ],
        limit,
    );
    assert!(all.contains("Link: http://127.0.0.1"), "{all}");
    let requests = server.state.lock().unwrap().requests.clone();
    let gets: Vec<&String> = requests.iter().filter(|(m, _, _)| m == "GET").map(|(_, p, _)| p).collect();
    assert_eq!(gets, ["/api/puzzle/batch/fork?nb=15&difficulty=harder"], "{requests:?}");
    let posted = posts(&server);
    assert_eq!(posted.len(), 2, "{posted:?}");
    assert!(posted[0].0.starts_with("/api/puzzle/batch/fork?nb=0"), "{posted:?}");
    let body: serde_json::Value = serde_json::from_str(&posted[0].1).expect("JSON");
    assert_eq!(body["solutions"], serde_json::json!([{"id": "mate1", "win": true, "rated": true}]));
    // The failed puzzle's result was tried once (429), then kept.
    let body: serde_json::Value = serde_json::from_str(&posted[1].1).expect("JSON");
    assert_eq!(body["solutions"], serde_json::json!([{"id": "IFy4T", "win": false, "rated": true}]));
    let kept = std::fs::read_to_string(dir.join("data/voxchess/puzzles/lichess-results.txt")).expect("kept");
    assert_eq!(kept, "fork IFy4T lost\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A result kept and not yet taken by lichess (its request answered 429)
/// when voxchess is killed (SIGKILL) is posted by the next session, once:
/// lichess counts it one time, and nothing stays kept.
#[test]
fn a_result_kept_when_killed_is_posted_once_by_the_next_session() {
    let server = Lichess::start();
    server.state.lock().unwrap().puzzles = vec![MATE.into(), DAILY.into()];
    let dir = home("killed", TOKEN);
    let url = server.url.clone();
    let mut child = voxchess(&dir)
        .args(["puzzle", "--plain", "--no-speech", "--no-voice", "online", "fork", "--server", &url])
        .spawn()
        .expect("voxchess puzzle online");
    let out = collect(child.stdout.take().expect("stdout"));
    let mut stdin = child.stdin.take().expect("stdin");
    let mut at = wait_for(&out, "Black: Nf6", 0);
    server.state.lock().unwrap().puzzles_limited = true;
    writeln!(stdin, "Qxf7").expect("typed");
    at = wait_for(&out, "Solved in", at);
    wait_for(&out, "The results are kept and will be sent to lichess next time.", at);
    let kept = dir.join("data/voxchess/puzzles/lichess-results.txt");
    assert_eq!(std::fs::read_to_string(&kept).expect("kept"), "fork mate1 won\n");
    child.kill().expect("SIGKILL");
    child.wait().expect("ended");
    assert!(server.state.lock().unwrap().puzzles_counted.is_empty());
    server.state.lock().unwrap().puzzles_limited = false;
    let all = session(
        &dir,
        &["online", "fork", "--server", &url],
        &[("", "Results counted by lichess: 1."), ("", "Puzzle"), ("quit", "Goodbye.")],
    );
    assert_eq!(server.state.lock().unwrap().puzzles_counted, ["mate1"], "{all}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap_or_default(), "", "nothing left kept: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Three puzzles of a batch: one solved, one failed and then shown, one
/// left with `next` before it was solved. Each result is posted with its
/// win value, once, the last two while the first one's request was still
/// under way, and before voxchess ends; nothing stays kept.
#[test]
fn every_puzzle_played_is_posted_once_even_while_a_request_is_under_way() {
    let server = Lichess::start();
    let mate2 = MATE.replace("mate1", "mate2");
    {
        let mut s = server.state.lock().unwrap();
        s.puzzles = vec![MATE.into(), DAILY.into(), mate2];
        s.post_delay_ms = 1500;
    }
    let dir = home("three", TOKEN);
    let url = server.url.clone();
    let all = session(
        &dir,
        &["online", "fork", "--server", &url],
        &[
            ("", "Puzzle mate1"),
            ("Qxf7", "Solved in"),
            ("next", "Puzzle IFy4T"),
            ("Rf1", "That is not the move."),
            ("solution", "The puzzle counts as failed."),
            ("next", "Puzzle mate2"),
            ("next", "The puzzle counts as failed."),
            ("quit", "Goodbye."),
        ],
    );
    let mut results: Vec<(String, bool)> = Vec::new();
    for (_, body) in posts(&server) {
        let body: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        for sol in body["solutions"].as_array().cloned().unwrap_or_default() {
            results.push((sol["id"].as_str().unwrap_or("").to_string(), sol["win"].as_bool().unwrap_or(true)));
        }
    }
    results.sort();
    let expected = [("IFy4T".to_string(), false), ("mate1".to_string(), true), ("mate2".to_string(), false)];
    assert_eq!(results, expected, "{all}");
    let kept = std::fs::read_to_string(dir.join("data/voxchess/puzzles/lichess-results.txt")).unwrap_or_default();
    assert_eq!(kept, "", "nothing left kept: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A batch fetched, then played with no connection in Russian; its
/// results are kept and posted in one request when lichess is back.
#[test]
fn a_batch_played_offline_is_posted_in_one_request() {
    let server = Lichess::start();
    server.state.lock().unwrap().puzzles = vec![MATE.into(), DAILY.into()];
    let dir = home("offline", TOKEN);
    let url = server.url.clone();
    session(&dir, &["--lang", "ru", "online", "--server", &url], &[("", "Задача mate1"), ("выход", "До свидания")]);
    // A port nobody listens on: no connection.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        format!("http://{}", l.local_addr().expect("address"))
    };
    let offline = session(
        &dir,
        &["--lang", "ru", "online", "--server", &closed],
        &[
            ("", "Сохранено с lichess: 2 задачи."),
            ("", "Задача mate1"),
            ("Фxf7", "Решено за"),
            ("", "Результаты сохранены"),
            ("вперёд", "Задача IFy4T"),
            ("Лf1", "Это не тот ход."),
            ("решение", "Задача засчитана как нерешённая."),
            ("выход", "До свидания"),
        ],
    );
    assert!(!offline.contains("Solved") && !offline.contains("lichess gave"), "English in Russian: {offline}");
    assert!(posts(&server).is_empty(), "nothing was posted while offline");
    let kept = std::fs::read_to_string(dir.join("data/voxchess/puzzles/lichess-results.txt")).expect("kept");
    assert_eq!(kept, "mix mate1 won\nmix IFy4T lost\n");
    // Back online: both results in one request, the rating change said.
    let back = session(
        &dir,
        &["--lang", "ru", "online", "--server", &url],
        &[("", "Учтено результатов на lichess: 2."), ("выход", "До свидания")],
    );
    assert!(back.contains("1503 (+2)"), "{back}");
    let posted = posts(&server);
    assert_eq!(posted.len(), 1, "{posted:?}");
    let body: serde_json::Value = serde_json::from_str(&posted[0].1).expect("JSON");
    assert_eq!(
        body["solutions"],
        serde_json::json!([{"id": "mate1", "win": true, "rated": true}, {"id": "IFy4T", "win": false, "rated": true}])
    );
    let kept = std::fs::read_to_string(dir.join("data/voxchess/puzzles/lichess-results.txt")).expect("kept");
    assert_eq!(kept, "", "counted results are forgotten");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A token without the puzzle scopes, and one lichess refuses: each said
/// in one line that says what to do; nothing played.
#[test]
fn a_missing_scope_and_a_refused_token_are_said_in_one_line() {
    let server = Lichess::start();
    server.state.lock().unwrap().puzzles = vec![MATE.into()];
    let dir = home("scope", NO_SCOPE_TOKEN);
    let url = server.url.clone();
    let all =
        session(&dir, &["online", "--server", &url], &[("", "puzzle:read and puzzle:write"), ("quit", "Goodbye.")]);
    assert!(!all.contains("Puzzle mate1"), "{all}");
    let dir2 = home("refused", "lip_NotKnown789");
    let all = session(
        &dir2,
        &["online", "--server", &url],
        &[("", "lichess refused the token: log in again"), ("quit", "Goodbye.")],
    );
    assert!(!all.contains("Puzzle mate1"), "{all}");
    for d in [dir, dir2] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// The dashboard in words (the spec's example: weakest first), on the
/// command line and asked for in the puzzle mode, and the puzzles of a
/// theme replayed.
#[test]
fn the_dashboard_is_said_and_a_weak_theme_replayed() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.puzzles = vec![MATE.into()];
        s.replay = vec!["mate1".into()];
    }
    let dir = home("dashboard", TOKEN);
    // Printed (its speech is tested on its own).
    let out =
        voxchess(&dir).args(["puzzle", "dashboard", "--server", &server.url, "--no-speech"]).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("Your puzzles over 30 days: 11 played, 5 solved at the first try, performance 1409."),
        "{said}"
    );
    assert!(said.contains("Your weakest themes: a fork, performance 748; a pin, performance 1132"), "{said}");
    assert!(said.contains("voxchess puzzle replay fork"), "{said}");
    let all = session(
        &dir,
        &["replay", "fork", "--server", &server.url],
        &[
            ("", "Puzzle mate1"),
            ("Qxf7", "Solved in"),
            ("", "Results counted by lichess: 1."),
            // The dashboard in the mode too, in its words.
            ("dashboard", "Your weakest themes: a fork"),
            ("quit", "Goodbye."),
        ],
    );
    assert!(!all.contains("Asking lichess"), "a replay asks for no new batch: {all}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The dashboard's rows hold at most 40 display cells (a Hangul syllable
/// two), in every language.
#[test]
fn the_dashboards_rows_fit_forty_cells_in_every_language() {
    let server = Lichess::start();
    for lang in ["en", "ru", "de", "ko"] {
        let dir = home(&format!("dashboard-rows-{lang}"), TOKEN);
        let out = voxchess(&dir)
            .args(["puzzle", "dashboard", "--server", &server.url, "--no-speech", "--lang", lang])
            .output()
            .expect("runs");
        assert!(out.status.success(), "{lang}");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(printed.lines().count() >= 4, "{lang}: {printed}");
        for row in printed.lines() {
            let cells = crate::common::cells(row);
            assert!(cells <= 40, "{lang}: a row of {cells} cells: {row:?}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `voxchess puzzle dashboard` speaks what it prints, in the session's
/// language: the command to replay the weakest theme stays in its row,
/// and speech names the theme instead (no command, no Latin letters in
/// Russian speech). Speech through the SSIP stand-in.
#[test]
fn the_dashboard_speaks_as_well_as_prints() {
    use crate::common::ssip::SsipServer;
    let server = Lichess::start();
    for (lang, first, hint) in [
        (
            "en",
            "Your puzzles over 30 days: 11 played",
            "To replay your weakest theme, a fork, type the command on the screen.",
        ),
        (
            "ru",
            "Ваши задачи за 30 дней: решалось 11",
            "Чтобы повторить самую слабую тему, вилка, наберите команду с экрана.",
        ),
    ] {
        let dir = home(&format!("dashboard-said-{lang}"), TOKEN);
        let speech = SsipServer::start_fast(&dir.join("run"));
        let out = voxchess(&dir)
            .args(["puzzle", "dashboard", "--server", &server.url, "--lang", lang])
            .env("SPEECHD_ADDRESS", speech.address())
            .output()
            .expect("runs");
        assert!(out.status.success(), "{lang}");
        let printed = String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(printed.contains("voxchess puzzle replay fork"), "{lang}: {printed}");
        let said: Vec<String> = speech.said().into_iter().filter(|s| s.ended.is_some()).map(|s| s.text).collect();
        let said = said.join(" ");
        assert!(said.contains(first), "{lang}: {said}");
        assert!(said.contains(hint), "{lang}: {said}");
        assert!(!said.contains("voxchess"), "{lang}: {said}");
        if lang == "ru" {
            assert!(!said.chars().any(|c| c.is_ascii_alphabetic()), "Latin letters in Russian speech: {said}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The session's options after every puzzle and drill subcommand (issue
/// 47): `--plain --no-speech --no-voice --lang ru` typed last is taken,
/// and each says its first words in Russian, never in English.
#[test]
fn every_puzzle_and_drill_subcommand_takes_the_options_after_it() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.puzzles = vec![MATE.into()];
        s.replay = vec!["mate1".into()];
    }
    let dir = home("options-after", TOKEN);
    let csv = dir.join("puzzles.csv");
    std::fs::write(
        &csv,
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
         mate0001,7k/p5pp/8/8/8/8/8/3RR1K1 b - - 0 1,a7a6 e1e8,1500,0,0,0,mateIn1 backRankMate,,\n",
    )
    .expect("file");
    let after = ["--plain", "--no-speech", "--no-voice", "--lang", "ru"];
    let url = server.url.as_str();
    let csv = csv.to_str().expect("path");
    // Commands that answer and end.
    for (args, said) in [
        (vec!["puzzle", "import", csv], "Импортировано: 1 задача, пропущено: 0 строк."),
        (vec!["puzzle", "dashboard", "--server", url], "Ваши задачи за 30 дней: решалось 11"),
    ] {
        let out = voxchess(&dir).args(&args).args(after).output().expect("runs");
        let text = String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(out.status.success(), "{args:?}: {text}{}", String::from_utf8_lossy(&out.stderr));
        assert!(text.contains(said), "{args:?}: {text}");
        assert!(!text.contains("Your") && !text.contains("imported"), "English: {args:?}: {text}");
    }
    // Sessions: each greets in Russian and ends on "выход".
    for (args, said) in [
        (vec!["puzzle"], "Задача mate0001"),
        (vec!["puzzle", "daily", "--server", url], "Задача IFy4T"),
        (vec!["puzzle", "online", "mateIn1", "--server", url], "Задача mate1"),
        (vec!["puzzle", "replay", "fork", "--server", url], "Задача mate1"),
        (vec!["drill", "colours"], "Цвета полей"),
        (vec!["drill", "knight"], "Маршруты коня"),
        (vec!["drill", "diagonals"], "Диагонали"),
        (vec!["drill", "attacks"], "Поля под боем фигуры"),
        (vec!["drill", "memory"], "Память позиции"),
    ] {
        let mut child = voxchess(&dir).args(&args).args(after).spawn().expect("voxchess");
        let out = collect(child.stdout.take().expect("stdout"));
        let mut stdin = child.stdin.take().expect("stdin");
        let at = wait_for(&out, said, 0);
        writeln!(stdin, "выход").expect("typed");
        wait_for(&out, "До свидания", at);
        drop(stdin);
        let all = ended_in_rows(&mut child, &out);
        for english in ["Puzzle ", "Goodbye", "you play", "Type "] {
            assert!(!all.contains(english), "English in {args:?}: {all}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `voxchess puzzle dashboard` waiting for a slow lichess says "Asking
/// lichess…" first, then the dashboard; the server holds the answer
/// until the notice is printed, so nothing depends on timing.
#[test]
fn a_slow_dashboard_is_announced_first() {
    let server = Lichess::start();
    server.state.lock().unwrap().held_paths = vec!["/api/puzzle/dashboard".into()];
    let dir = home("dashboard-slow", TOKEN);
    let mut child = voxchess(&dir)
        .args(["puzzle", "dashboard", "--server", &server.url, "--no-speech", "--lang", "en"])
        .spawn()
        .expect("runs");
    let out = collect(child.stdout.take().expect("stdout"));
    let at = wait_for(&out, "Asking lichess…", 0);
    server.state.lock().unwrap().held_paths.clear();
    wait_for(&out, "Your puzzles over 30 days: 11 played", at);
    ended_in_rows(&mut child, &out);
    let _ = std::fs::remove_dir_all(&dir);
}
