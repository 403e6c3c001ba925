//! Arena tournaments from the lobby, against the tests' server (its
//! answers the spec's ArenaTournaments and results): the arenas listed in
//! words, one joined (with pairMeAsap), two pairings' games played as any
//! online game with the player's place said after each, the standings,
//! withdrawing; a token without the tournament:write scope said as such.

use crate::common::lichess::{BOARD_ONLY_TOKEN, Lichess, TOKEN, home_logged_in, start_lobby};
use crate::common::typed;
use crate::common::wait_for;
use std::process::Child;

const ARENAS: &str = r#"{"created":[{"id":"PbhgCwu0","createdBy":"lichess","system":"arena","minutes":57,"clock":{"limit":480,"increment":2},"rated":true,"fullName":"Rapid Arena","nbPlayers":26,"variant":{"key":"standard"},"status":10,"secondsToStart":253,"perf":{"key":"rapid"}},{"id":"uKmhwTRP","minutes":57,"clock":{"limit":180,"increment":2},"fullName":"Hourly Antichess Arena","nbPlayers":2,"variant":{"key":"antichess"},"status":10,"secondsToStart":255}],"started":[{"id":"v7uBZPdA","minutes":57,"clock":{"limit":600,"increment":0},"fullName":"Hourly Rapid Arena","nbPlayers":7,"variant":{"key":"standard"},"status":20}],"finished":[]}"#;

/// The tests' lichess with the arenas above, `results` the standings of
/// the one joined (25 minutes left in it).
fn arena_server(results: &[&str]) -> Lichess {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.arenas = ARENAS.into();
        s.results = results.iter().map(|r| r.to_string()).collect();
        s.arena_full = r#"{"id":"v7uBZPdA","secondsToFinish":1500,"isFinished":false}"#.into();
    }
    server
}

fn lobby(
    name: &str,
    server: &Lichess,
    token: &str,
) -> (std::path::PathBuf, Child, std::sync::Arc<std::sync::Mutex<String>>) {
    let dir = home_logged_in(&format!("arena-{name}"), token);
    let (child, out) = start_lobby(&dir, server, "en");
    (dir, child, out)
}

/// The pairing's game that just started, played: 1. e4, the opponent's
/// answer, then the opponent resigns; its end goes back to the lobby by
/// itself, with no command.
fn won(server: &Lichess, child: &mut Child, out: &std::sync::Mutex<String>, mut at: usize) -> usize {
    at = wait_for(out, "Type help for commands.", at);
    typed(child, "e4");
    at = wait_for(out, "Black: ", at);
    let id = server.state.lock().unwrap().games.keys().max().unwrap().clone();
    server.change(&id, |g| {
        g.status = "resign".into();
        g.winner = Some("white".into());
    });
    at = wait_for(out, "White wins.", at);
    wait_for(out, "Back in the lobby.", at)
}

/// The POSTs whose path has `part`: path and body.
fn posts(server: &Lichess, part: &str) -> Vec<(String, String)> {
    let s = server.state.lock().unwrap();
    s.requests
        .iter()
        .filter(|(m, p, _)| m == "POST" && p.contains(part))
        .map(|(_, p, b)| (p.clone(), b.clone()))
        .collect()
}

#[test]
fn an_arena_is_joined_its_pairings_played_and_its_standings_said() {
    let server = arena_server(&[
        r#"{"rank":1,"score":12,"rating":2100,"username":"Anna"}"#,
        r#"{"rank":2,"score":4,"rating":1500,"username":"Player"}"#,
        r#"{"rank":3,"score":0,"rating":1600,"username":"Bob"}"#,
    ]);
    let (dir, mut child, out) = lobby("en", &server, TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "2 tournaments now or soon:", at);
    at = wait_for(&out, "1: Hourly Rapid Arena, 10 minutes, started, 57 minutes, 7 players.", at);
    at = wait_for(
        &out,
        "2: Rapid Arena, 8 minutes + 2 seconds, starts in 4 minutes 13 seconds, 57 minutes, 26 players.",
        at,
    );
    typed(&mut child, "standings");
    at = wait_for(&out, "You are in no tournament.", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "You joined Hourly Rapid Arena.", at);
    for (round, reply) in [(1, "e7e5"), (2, "c7c5")] {
        // The pairing: a game starts by itself.
        server.state.lock().unwrap().new_pairing("v7uBZPdA", "arena", &format!("Opponent{round}"), &[reply]);
        at = won(&server, &mut child, &out, at);
        at = wait_for(&out, "Your place: 2 of 3, 4 points.", at);
        at = wait_for(&out, "25 minutes left in the tournament.", at);
    }
    typed(&mut child, "standings");
    at = wait_for(&out, "1. Anna: 12 points.", at);
    at = wait_for(&out, "Your place: 2 of 3, 4 points.", at);
    typed(&mut child, "pause");
    wait_for(&out, "You left the tournament, or paused in it", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let posts = posts(&server, "tournament");
    let posts: Vec<(&str, &str)> = posts.iter().map(|(p, b)| (p.as_str(), b.as_str())).collect();
    assert_eq!(
        posts,
        [
            ("/api/tournament/v7uBZPdA/join", "pairMeAsap=true"),
            ("/api/tournament/v7uBZPdA/join", "pairMeAsap=true"),
            ("/api/tournament/v7uBZPdA/join", "pairMeAsap=true"),
            ("/api/tournament/v7uBZPdA/withdraw", ""),
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// In an arena's game, `berserk` before the first move is posted
/// (lichess halves the clock: the time said is the halved one); after
/// the first move it is refused with its reason and nothing is sent.
/// Back in the lobby, `review last` reviews that game (before any game
/// ended: said); `quit` in the lobby leaves the arena first.
#[test]
fn berserk_is_posted_before_the_first_move_only() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.arenas = ARENAS.into();
        s.arena_full = r#"{"id":"v7uBZPdA","secondsToFinish":1500,"isFinished":false}"#.into();
    }
    let (dir, mut child, out) = lobby("berserk", &server, TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "review last");
    at = wait_for(&out, "No game has ended in this session yet", at);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "1: Hourly Rapid Arena", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "You joined Hourly Rapid Arena.", at);
    let id = server.state.lock().unwrap().new_pairing("v7uBZPdA", "arena", "Opponent1", &["e7e5"]);
    at = wait_for(&out, "Type help for commands.", at);
    typed(&mut child, "berserk");
    at = wait_for(&out, "Sending to lichess.", at);
    at = wait_for(&out, "Berserk: lichess halved your time.", at);
    // lichess's next state has the halved clock: asked until it is heard
    // (the state comes on the game's stream, apart from the answer).
    let start = std::time::Instant::now();
    while !crate::common::text(&out)[at..].contains("White: 7 minutes") {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "{}", crate::common::text(&out));
        typed(&mut child, "time");
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    at = crate::common::text(&out).len();
    typed(&mut child, "e4");
    at = wait_for(&out, "Black: ", at);
    typed(&mut child, "berserk");
    at = wait_for(&out, "Berserk is only before your first move.", at);
    typed(&mut child, "resign");
    typed(&mut child, "yes");
    at = wait_for(&out, "Back in the lobby.", at);
    // The arena's game, kept: reviewed from the lobby.
    typed(&mut child, "review last");
    at = wait_for(&out, "Player against Opponent1.", at);
    typed(&mut child, "quit");
    at = wait_for(&out, "Back in the lobby.", at);
    typed(&mut child, "quit");
    at = wait_for(&out, "Leaving the tournament first", at);
    wait_for(&out, "You left the tournament", at);
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let berserks = posts(&server, "berserk");
    assert_eq!(berserks, [(format!("/api/board/game/{id}/berserk"), String::new())]);
    // Leaving the lobby while in the arena leaves the arena first.
    assert_eq!(posts(&server, "withdraw").len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_token_without_the_tournament_scope_is_said() {
    let server = Lichess::start();
    server.state.lock().unwrap().arenas = ARENAS.into();
    let (dir, mut child, out) = lobby("scope", &server, BOARD_ONLY_TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "1: Hourly Rapid Arena", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "Tournaments need a token with the scope tournament:write", at);
    typed(&mut child, "join 9");
    wait_for(&out, "There is no tournament 9 in the list.", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Swiss of the player's team (GET /api/team/of, then the team's
/// Swiss list): listed first with its team, joined (POST
/// /api/swiss/{id}/join), the first round's pairing played as any online
/// game, the place (half points) and the next round said back in the
/// lobby, then a round without a game for the player said as a bye by
/// the lobby's look at the round (every 30 s); withdrawing.
#[test]
fn a_team_swiss_is_joined_a_round_played_and_a_bye_said() {
    let swiss = |round: u64, ongoing: u64, next: u64| {
        format!(
            r#"{{"id":"swiss001","createdBy":"ibca","startsAt":"2026-12-03T10:00:00Z","name":"IBCA Rapid","clock":{{"limit":900,"increment":10}},"variant":"standard","round":{round},"nbRounds":5,"nbPlayers":6,"nbOngoing":{ongoing},"status":"{}","nextRound":{{"at":"2026-12-03T10:00:00Z","in":{next}}},"verdicts":{{"list":[],"accepted":true}},"rated":true}}"#,
            if round == 0 { "created" } else { "started" }
        )
    };
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.arenas = ARENAS.into();
        s.teams = r#"[{"id":"ibca-weekly","name":"IBCA Weekly","open":true,"leader":{"name":"Ann","id":"ann"},"nbMembers":18}]"#.into();
        s.team_swiss.insert("ibca-weekly".into(), swiss(0, 0, 120));
        s.swiss.insert("swiss001".into(), swiss(0, 0, 120));
        s.results = vec![
            r#"{"rank":1,"points":1.5,"tieBreak":2,"rating":2100,"username":"Anna","performance":2200}"#.into(),
            r#"{"rank":2,"points":1,"tieBreak":1,"rating":1500,"username":"Player","performance":1600}"#.into(),
        ];
    }
    let (dir, mut child, out) = lobby("swiss", &server, TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "3 tournaments now or soon:", at);
    at = wait_for(
        &out,
        "1: IBCA Rapid, of IBCA Weekly, Swiss, 15 minutes + 10 seconds, 5 rounds, starts in 2 minutes, 6 players.",
        at,
    );
    at = wait_for(&out, "2: Hourly Rapid Arena", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "You joined IBCA Rapid. Each round's game starts by itself", at);
    at = wait_for(&out, "Next round in 2 minutes.", at);
    // Round 1: the pairing's game starts by itself.
    {
        let mut s = server.state.lock().unwrap();
        s.swiss.insert("swiss001".into(), swiss(1, 3, 0));
        s.new_pairing("swiss001", "swiss", "Opponent1", &["e7e5"]);
    }
    // The round's games are over when the player comes back.
    server.state.lock().unwrap().swiss.insert("swiss001".into(), swiss(1, 0, 60));
    at = won(&server, &mut child, &out, at);
    at = wait_for(&out, "Your place: 2 of 2, 1 point.", at);
    at = wait_for(&out, "Round 1 of 5. Next round in 1 minute.", at);
    typed(&mut child, "standings");
    at = wait_for(&out, "1. Anna: 1.5 points.", at);
    // Round 2 without a game for the player: said at the next look.
    server.state.lock().unwrap().swiss.insert("swiss001".into(), swiss(2, 2, 0));
    at = wait_for(&out, "Round 2 of 5: you have no game this round (a bye, or not paired).", at);
    typed(&mut child, "withdraw");
    wait_for(&out, "You left the tournament", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let join = ("/api/swiss/swiss001/join".to_string(), String::new());
    let withdraw = ("/api/swiss/swiss001/withdraw".to_string(), String::new());
    assert_eq!(posts(&server, "swiss"), [join, withdraw]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Logging in with a token that lacks tournament:write says so at once
/// (its scopes asked of the server, POST /api/token/test); a token with
/// it says nothing more; in English and Russian.
#[test]
fn login_says_when_tournaments_are_out_of_reach() {
    let server = Lichess::start();
    for (token, lang, missing) in [
        (BOARD_ONLY_TOKEN, "en", Some("This token cannot join tournaments (it lacks the scope tournament:write)")),
        (BOARD_ONLY_TOKEN, "ru", Some("нельзя вступать в турниры")),
        (TOKEN, "en", None),
    ] {
        let dir = crate::common::scratch_root().join(format!("voxchess-scope-login-{lang}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let o = crate::common::lichess::login_at(&dir, &server.url, token, lang);
        // Rows of at most 40 cells: joined to be read as one text.
        let said = String::from_utf8_lossy(&o.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(o.status.success(), "{said}");
        match missing {
            Some(words) => assert!(said.contains(words), "{said}"),
            None => assert!(!said.contains("tournament"), "{said}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    let s = server.state.lock().unwrap();
    assert!(s.requests.iter().any(|(m, p, _)| m == "POST" && p == "/api/token/test"));
}

/// In an arena, watching lichess TV between games: the next pairing's
/// game is entered at once (the watching left), and after it the lobby
/// says the place as after any game.
#[test]
fn a_pairing_while_watching_is_entered_at_once() {
    let server = Lichess::start();
    {
        let mut s = server.state.lock().unwrap();
        s.arenas = ARENAS.into();
        s.results = vec![r#"{"rank":1,"score":2,"rating":1500,"username":"Player"}"#.into()];
        s.tv_first = vec![
            r#"{"t":"featured","d":{"id":"tvGame01","orientation":"white","players":[{"color":"white","user":{"name":"Anna","id":"a"},"rating":2650,"seconds":60},{"color":"black","user":{"name":"Bob","id":"b"},"rating":2600,"seconds":60}],"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}"#.into(),
        ];
    }
    let (dir, mut child, out) = lobby("watching", &server, TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "1: Hourly Rapid Arena", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "You joined Hourly Rapid Arena.", at);
    typed(&mut child, "watch");
    at = wait_for(&out, "Anna (2650) against Bob (2600).", at);
    server.state.lock().unwrap().new_pairing("v7uBZPdA", "arena", "Opponent1", &["e7e5"]);
    at = wait_for(&out, "The game starts: Player (1500) against Opponent1 (1600).", at);
    at = won(&server, &mut child, &out, at);
    wait_for(&out, "Your place: 1 of 1, 2 points.", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    // The TV feed was stopped, not left running behind the game.
    assert_eq!(server.state.lock().unwrap().tv_opened, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Back from an arena's game, the player's place is read out; the next
/// pairing comes while it is: the game's greeting (who plays whom) is
/// heard before its first move, and nothing of the standings after the
/// greeting (speech through the SSIP stand-in, which says each text for
/// a time in proportion to its length).
#[test]
fn the_next_pairings_greeting_comes_before_its_first_move_and_no_standings_after() {
    use crate::common::ssip::SsipServer;
    let server = arena_server(&[
        r#"{"rank":1,"score":12,"rating":2100,"username":"Anna"}"#,
        r#"{"rank":2,"score":4,"rating":1500,"username":"Player"}"#,
    ]);
    let dir = home_logged_in("arena-order", TOKEN);
    let speech = SsipServer::start(&dir.join("run"));
    let (mut child, out) = crate::common::lichess::start_lobby_speaking(&dir, &server, &speech);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "2 tournaments now or soon:", at);
    typed(&mut child, "join 1");
    at = wait_for(&out, "You joined Hourly Rapid Arena.", at);
    server.state.lock().unwrap().new_pairing("v7uBZPdA", "arena", "Opponent1", &["e7e5"]);
    at = won(&server, &mut child, &out, at);
    at = wait_for(&out, "Your place: 2 of 2", at);
    // The next pairing, the player Black: the opponent moves as soon as
    // the game's stream is open.
    let id = server.state.lock().unwrap().start_game(
        "pair0100",
        "black",
        "Opponent2",
        &[],
        "arena",
        Some("v7uBZPdA"),
        false,
    );
    server.game_connected(&id);
    server.opponent_moves(&id, "d2d4");
    wait_for(&out, "Opponent2", at);
    let start = std::time::Instant::now();
    let heard_move = |said: &[crate::common::ssip::Said]| {
        said.iter().any(|s| s.text.contains("White: d4") && (s.ended.is_some() || s.cancelled))
    };
    while !heard_move(&speech.said()) {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "the move was not said: {:#?}", speech.said());
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    typed(&mut child, "quit");
    typed(&mut child, "quit");
    drop(child.stdin.take());
    let _ = child.wait();
    let heard = speech.heard();
    let greeting = heard.find("The game starts: Opponent2").unwrap_or_else(|| panic!("no greeting: {heard}"));
    let first_move = heard.find("White: d4").unwrap_or_else(|| panic!("no move: {heard}"));
    assert!(greeting < first_move, "the greeting came after the first move: {heard}");
    assert!(!heard[greeting..].contains("Your place"), "the standings came after the greeting: {heard}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every row of the lobby's lists (the games in progress, challenges,
/// tournaments, standings, the player's games, broadcasts, help) holds at
/// most 40 display cells (a Hangul syllable two), in every language, each
/// command typed in the session's own words.
#[test]
fn the_lobbys_lists_fit_rows_of_forty_cells_in_every_language() {
    let top = r#"{"active":[{"tour":{"id":"tour0001","name":"Grand Knight Invitational Cup of the Northern Lights","slug":"k","createdAt":1,"url":"u"},"round":{"id":"rnd00002","name":"Round 2","slug":"r","createdAt":1,"ongoing":true,"url":"u"}}],"upcoming":[],"past":{"currentPage":1,"maxPerPage":20,"currentPageResults":[]}}"#;
    for (lang, words) in [
        ("en", ["tournaments", "join 1", "standings", "games", "my games", "broadcast", "help"]),
        ("ru", ["турниры", "вступить 1", "таблица", "партии", "мои партии", "трансляции", "помощь"]),
        ("de", ["turniere", "beitreten 1", "tabelle", "partien", "meine partien", "übertragungen", "hilfe"]),
        ("ko", ["토너먼트", "참가 1", "순위", "게임 목록", "내 대국", "중계", "도움말"]),
    ] {
        let server = arena_server(&[
            r#"{"rank":1,"score":12,"rating":2100,"username":"Zbigniew","title":"GM"}"#,
            r#"{"rank":2,"score":4,"rating":1500,"username":"Player"}"#,
            r#"{"rank":3,"score":0,"rating":1600,"username":"Bob"}"#,
        ]);
        {
            let mut s = server.state.lock().unwrap();
            s.broadcast_top = top.into();
            s.running_game("white", "Annabelle", true, "friend");
            s.running_game("black", "Bartholomew", true, "lobby");
        }
        let dir = home_logged_in(&format!("lists-{lang}"), TOKEN);
        let (mut child, out) = start_lobby(&dir, &server, lang);
        wait_for(&out, "Bartholomew", 0);
        for n in 1..=2 {
            server.state.lock().unwrap().event(&crate::online::challenge(&format!("chall00{n}"), "Konstantinopolsky"));
        }
        wait_for(&out, "Konstantinopolsky", 0);
        // Each answer is waited for (a new prompt, and the list's own
        // name where it has one) before the next command.
        let marks = ["Hourly Rapid Arena", "", "Zbigniew", "", "", "Northern Lights", ""];
        for (word, mark) in words.into_iter().zip(marks) {
            let before = crate::common::text(&out).matches('>').count();
            typed(&mut child, word);
            let start = std::time::Instant::now();
            while crate::common::text(&out).matches('>').count() <= before {
                assert!(start.elapsed() < std::time::Duration::from_secs(20), "{lang}: no answer to {word}");
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            wait_for(&out, mark, 0);
        }
        typed(&mut child, "quit");
        typed(&mut child, "quit");
        drop(child.stdin.take());
        let all = crate::common::ended_in_rows(&mut child, &out);
        for name in ["Konstantinopolsky", "Hourly Rapid Arena", "Zbigniew", "Northern Lights", "Annabelle"] {
            assert!(all.contains(name), "{lang}: {name} never listed: {all}");
        }
        let raw = out.lock().unwrap().clone();
        for row in raw.lines() {
            let cells = crate::common::cells(row);
            assert!(cells <= 40, "{lang}: a row of {cells} cells: {row:?}");
            // An item's number never stands on a row without its item.
            let bare = row.trim().trim_end_matches(['.', ':']);
            assert!(bare.is_empty() || !bare.chars().all(|c| c.is_ascii_digit()), "{lang}: a number alone: {raw}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A request the player makes that takes more than a moment says
/// "Asking lichess…" first, then its answer; the lobby's own look at the
/// games at its start says nothing. The server holds the answer until
/// the notice has been printed, so nothing depends on timing.
#[test]
fn a_slow_answer_is_announced_before_it_comes() {
    let server = arena_server(&[]);
    server.state.lock().unwrap().held_paths = vec!["/api/tournament".into(), "/api/account/playing".into()];
    let (dir, mut child, out) = lobby("slow", &server, TOKEN);
    let mut at = wait_for(&out, "Lobby of lichess", 0);
    typed(&mut child, "tournaments");
    at = wait_for(&out, "Asking lichess…", at);
    server.state.lock().unwrap().held_paths.clear();
    at = wait_for(&out, "2 tournaments now or soon:", at);
    wait_for(&out, "1: Hourly Rapid Arena", at);
    typed(&mut child, "quit");
    drop(child.stdin.take());
    crate::common::ended_in_rows(&mut child, &out);
    let text = out.lock().unwrap().clone();
    assert_eq!(text.matches("Asking lichess…").count(), 1, "once, for the player's request only: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}
