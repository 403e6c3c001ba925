//! What is really said: voxchess speaks through the real client library
//! of speech-dispatcher (libspeechd) to an SSIP server of the test's own
//! (`common::ssip`), which plays each text for a time in proportion to
//! its length and reports BEGIN, END and CANCELED as speech-dispatcher
//! does. Over a game against Stockfish to mate, a quit, and a clock run
//! to its flag, in every language: no essential announcement is cut or
//! dropped, and voxchess waits for the last sentence before it exits.

use crate::common::ssip::{Said, SsipServer};
use crate::common::typed;
use crate::common::{collect, text, wait_for};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use voxchess::rules::Position;
use voxchess::speech::{Lexicon, SpeechLang, Style, say_move};

fn folder(name: &str) -> PathBuf {
    crate::common::fresh_home(&format!("spoken-{name}"))
}

/// voxchess with speech to the test's server, its folders in `dir`.
fn speaking(dir: &Path, server: &SsipServer, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_voxchess"))
        .args(args)
        .env("SPEECHD_ADDRESS", server.address())
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("voxchess starts")
}

/// Waits (at most 30 s) for voxchess to end; its exit status was success.
fn ended(child: &mut Child) {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{status}");
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "voxchess did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits (at most 20 s) until something was said and all of it ended:
/// the greeting, which the first input would cut (it is not news), is
/// heard whole before the test types.
fn quiet(server: &SsipServer) {
    let start = Instant::now();
    let mut quiet_since: Option<(Instant, usize)> = None;
    loop {
        let said = server.said();
        if !said.is_empty() && said.iter().all(|s| s.ended.is_some() || s.cancelled) {
            // Quiet for 300 ms with nothing new: the greeting is over.
            match quiet_since {
                Some((at, n)) if n == said.len() && at.elapsed() > Duration::from_millis(300) => return,
                Some((_, n)) if n == said.len() => {}
                _ => quiet_since = Some((Instant::now(), said.len())),
            }
        } else {
            quiet_since = None;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "speech never fell quiet: {:#?}", texts(&said));
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Nothing was cut, and everything given to speech was said to its end
/// before voxchess left.
fn all_said_to_the_end(said: &[Said]) {
    assert!(!said.is_empty(), "nothing was said");
    for s in said {
        assert!(!s.cancelled, "cut short: {:?}\nall: {:#?}", s.text, texts(said));
        assert!(s.ended.is_some(), "not said to its end: {:?}\nall: {:#?}", s.text, texts(said));
    }
}

fn texts(said: &[Said]) -> Vec<&str> {
    said.iter().map(|s| s.text.as_str()).collect()
}

/// `words` was said, whole, in one text.
fn said_whole(said: &[Said], words: &str) {
    assert!(said.iter().any(|s| s.text.contains(words)), "{words:?} was never said: {:#?}", texts(said));
}

/// The fixed start of a sentence template (before its first placeholder).
fn head(template: &str) -> &str {
    template.split('{').next().unwrap_or(template).trim()
}

/// The fixed end of a sentence template (after its last placeholder).
fn tail(template: &str) -> &str {
    template.rsplit('}').next().unwrap_or(template).trim_start_matches(['\'', ':', ' '])
}

/// A game against Stockfish to mate (Kb6, the only reply Kb8, Rh8 mate),
/// then quit, in each language: every move, the mate, the end of the
/// game and the goodbye are said whole, nothing is cut.
#[test]
fn a_game_to_mate_is_said_whole_in_every_language() {
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    let cases = [
        (SpeechLang::English, ["Kb6", "Rh8", "quit"], "Black: Kb8"),
        (SpeechLang::Russian, ["Крb6", "Лh8", "выход"], "Чёрные: Крb8"),
        (SpeechLang::German, ["Kb6", "Th8", "beenden"], "Schwarz: Kb8"),
        (SpeechLang::Korean, ["Kb6", "Rh8", "종료"], "흑: Kb8"),
    ];
    for (lang, [first, mate, quit], reply) in cases {
        let dir = folder(&format!("mate-{lang}"));
        let server = SsipServer::start(&dir.join("run"));
        let code = lang.code();
        let mut child = speaking(
            &dir,
            &server,
            &[
                "play",
                "--plain",
                "--no-voice",
                "--opponent",
                "engine",
                "--color",
                "white",
                "--fen",
                fen,
                "--lang",
                code,
            ],
        );
        let out = collect(child.stdout.take().expect("stdout"));
        quiet(&server);
        typed(&mut child, first);
        let at = wait_for(&out, reply, 0);
        typed(&mut child, mate);
        let lex = Lexicon::get(lang);
        wait_for(&out, head(&lex.client.game_over), at);
        typed(&mut child, quit);
        drop(child.stdin.take());
        ended(&mut child);
        let said = server.said();
        let shown = text(&out);
        let _ = std::fs::remove_dir_all(&dir);
        all_said_to_the_end(&said);
        // Every move in words, with its side; the mate and the end.
        let mut pos = Position::from_fen(fen).expect("fen");
        for uci in ["c6b6", "a8b8", "h1h8"] {
            let mv = *pos.legal_moves().iter().find(|m| m.uci() == uci).expect("legal");
            said_whole(&said, &say_move(lex, &pos, &mv, Style::Brief));
            pos.play_unchecked(&mv);
        }
        said_whole(&said, &lex.out.checkmate);
        said_whole(&said, head(&lex.client.game_over));
        said_whole(&said, &lex.client.goodbye);
        assert!(shown.contains(reply), "{lang}: {shown}");
    }
}

/// Quitting an unfinished game: the moves, and the sentence that the game
/// is saved and how to continue it, are said to their end before
/// voxchess exits.
#[test]
fn quitting_waits_for_the_last_sentence() {
    for (lang, quit) in [(SpeechLang::English, "quit"), (SpeechLang::Russian, "выход")] {
        let dir = folder(&format!("quit-{lang}"));
        let server = SsipServer::start(&dir.join("run"));
        let code = lang.code();
        let mut child = speaking(
            &dir,
            &server,
            &["play", "--plain", "--no-voice", "--opponent", "engine", "--color", "white", "--lang", code],
        );
        let out = collect(child.stdout.take().expect("stdout"));
        quiet(&server);
        typed(&mut child, "e4");
        let black = &Lexicon::written(lang).out.black;
        wait_for(&out, &format!("{black}: "), 0);
        typed(&mut child, quit);
        drop(child.stdin.take());
        ended(&mut child);
        let said = server.said();
        let _ = std::fs::remove_dir_all(&dir);
        all_said_to_the_end(&said);
        // As the language says it: "воксчесс резюм" in Russian.
        let lex = Lexicon::get(lang);
        said_whole(&said, &voxchess::speech::say_latin(lex, &lex.client.saved_resume));
        let last = said.last().expect("said");
        let resume = voxchess::speech::say_latin(lex, "voxchess resume");
        assert!(last.text.contains(&resume), "the last sentence: {:?}", last.text);
    }
}

/// The talking clock run to its flag: each call of the last seconds is
/// said to its end before the next, the flag is said within a second of
/// its fall, and nothing is cut.
#[test]
fn a_clock_run_to_its_flag_cuts_nothing() {
    for lang in [SpeechLang::English, SpeechLang::German, SpeechLang::Korean] {
        let dir = folder(&format!("clock-{lang}"));
        let server = SsipServer::start(&dir.join("run"));
        let code = lang.code();
        let mut child = speaking(&dir, &server, &["clock", "0:12", "--plain", "--lang", code]);
        let started = Instant::now();
        let out = collect(child.stdout.take().expect("stdout"));
        let lex = Lexicon::get(lang);
        wait_for(&out, tail(&lex.clock.flag), 0);
        let shown = Instant::now();
        typed(&mut child, "q");
        drop(child.stdin.take());
        ended(&mut child);
        let said = server.said();
        let _ = std::fs::remove_dir_all(&dir);
        all_said_to_the_end(&said);
        // The calls of the last seconds: a bare number each, in order.
        let numbers: Vec<&Said> = said.iter().filter(|s| s.text.trim().parse::<u32>().is_ok()).collect();
        assert!(numbers.len() >= 5, "{lang}: the last seconds are called: {:#?}", texts(&said));
        for pair in numbers.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.ended <= b.begun, "{lang}: {:?} ended before {:?} began", a.text, b.text);
        }
        let flag = said.iter().find(|s| s.text.contains(tail(&lex.clock.flag))).expect("the flag is said");
        let begun = flag.begun.expect("begun");
        // The flag waits for no call: once its row is shown, nothing else
        // begins before it, and it begins as soon as the words being said
        // then have ended (a second's slack for a loaded machine, less than
        // the calls it would wait behind). Times are relative to the row,
        // not to the launch, which a loaded machine delays by chance.
        let others_first =
            said.iter().filter(|s| !std::ptr::eq(*s, flag) && s.begun.is_some_and(|b| b > shown && b < begun)).count();
        assert_eq!(others_first, 0, "{lang}: the flag waited behind other words: {:#?}", texts(&said));
        let speaking = said
            .iter()
            .filter(|s| s.begun.is_some_and(|b| b <= shown))
            .filter_map(|s| s.ended)
            .fold(shown, Instant::max);
        assert!(
            begun <= speaking + Duration::from_secs(1),
            "{lang}: the flag began {:?} after the words it came during",
            begun - speaking
        );
        println!("{lang}: the flag began {:?} after the clock started", begun - started);
    }
}

/// Low-time calls, end to end (the clock, the speech queue, the SSIP
/// client), in a game and on the talking clock: with the low-time call at
/// 20 s and a clock left to run out, every second from 20 down to 1 is
/// said, a bare number, in order, none dropped or cut, none after the
/// flag.
#[test]
fn a_countdown_says_every_second_to_the_flag() {
    let game = ["play", "--plain", "--no-voice", "--opponent", "human", "--time", "0:22", "--low-time", "20"];
    let clock = ["clock", "0:22", "--plain", "--low-time", "20"];
    for (name, args, quit) in [("game", &game[..], "quit"), ("clock", &clock[..], "q")] {
        let dir = folder(&format!("countdown-{name}"));
        let server = SsipServer::start(&dir.join("run"));
        let mut child = speaking(&dir, &server, &[args, &["--lang", "en"]].concat());
        let out = collect(child.stdout.take().expect("stdout"));
        wait_for(&out, "flag fell", 0);
        typed(&mut child, quit);
        drop(child.stdin.take());
        let start = Instant::now();
        while child.try_wait().expect("wait").is_none() {
            assert!(start.elapsed() < Duration::from_secs(30), "{name}: did not end: {}", text(&out));
            std::thread::sleep(Duration::from_millis(20));
        }
        let mut said = server.said();
        let _ = std::fs::remove_dir_all(&dir);
        said.sort_by_key(|s| s.queued);
        let numbers: Vec<&Said> = said.iter().filter(|s| s.text.trim().parse::<u32>().is_ok()).collect();
        let called: Vec<u32> = numbers.iter().map(|s| s.text.trim().parse().unwrap_or(0)).collect();
        assert_eq!(called, (1..=20).rev().collect::<Vec<_>>(), "{name}: {:#?}", texts(&said));
        for s in &numbers {
            assert!(!s.cancelled && s.ended.is_some(), "{name}: {:?} not said whole: {:#?}", s.text, texts(&said));
        }
        let flag = said.iter().find(|s| s.text.contains("flag fell")).expect("the flag is said");
        assert!(numbers.iter().all(|n| n.begun < flag.begun), "{name}: a number after the flag: {:#?}", texts(&said));
    }
}

/// Speech starts at once in every language: the language is set by name
/// (`SET self LANGUAGE`), the voice list (here as slow as espeak-ng's
/// 13,000 voices) is never asked for; how soon the first words begin
/// after launch is printed (docs/performance.md), not asserted.
#[test]
fn the_first_words_begin_at_once_in_every_language() {
    let cases = [
        (SpeechLang::English, "quit"),
        (SpeechLang::Russian, "выход"),
        (SpeechLang::German, "beenden"),
        (SpeechLang::Korean, "종료"),
    ];
    for (lang, quit) in cases {
        let dir = folder(&format!("first-{lang}"));
        let server = SsipServer::start(&dir.join("run"));
        let launched = Instant::now();
        let mut child =
            speaking(&dir, &server, &["play", "--plain", "--no-voice", "--opponent", "human", "--lang", lang.code()]);
        let out = collect(child.stdout.take().expect("stdout"));
        let deadline = Instant::now() + Duration::from_secs(10);
        let first = loop {
            if let Some(begun) = server.said().first().and_then(|s| s.begun) {
                break begun;
            }
            assert!(Instant::now() < deadline, "{lang}: nothing was said: {}", text(&out));
            std::thread::sleep(Duration::from_millis(5));
        };
        typed(&mut child, quit);
        drop(child.stdin.take());
        ended(&mut child);
        let (said, commands) = (server.said(), server.commands());
        let _ = std::fs::remove_dir_all(&dir);
        let language = format!("SET SELF LANGUAGE {}", lang.code().to_uppercase());
        let set_at = commands.iter().find(|(c, _)| *c == language).map(|(_, at)| *at);
        assert!(
            set_at.is_some_and(|at| at <= said[0].queued),
            "{lang}: {language} not before the first text: {commands:?}"
        );
        assert!(!commands.iter().any(|(c, _)| c.starts_with("LIST")), "{lang}: the voices were listed: {commands:?}");
        let took = first.duration_since(launched);
        // Measured, not asserted (a loaded machine is slow by chance):
        // the first words wait for nothing but the connection, as the
        // commands above show; docs/performance.md has the numbers.
        println!("{lang}: the first words began {took:?} after launch");
    }
}

/// The Latin square names (and so the SAN) in a text: a file letter and a
/// rank digit standing alone ("e4", "Bxc6" gives "c6").
fn latin_squares(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for i in 0..chars.len().saturating_sub(1) {
        let (file, rank) = (chars[i], chars[i + 1]);
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 2);
        let starts = before.is_none_or(|c| !(c.is_ascii_alphanumeric() && c != 'x'));
        let ends = after.is_none_or(|c| !c.is_ascii_alphanumeric());
        if ('a'..='h').contains(&file) && ('1'..='8').contains(&rank) && starts && ends {
            found.push(format!("{file}{rank}"));
        }
    }
    found
}

#[test]
fn latin_squares_are_found() {
    assert_eq!(latin_squares("Слон f1 не может пойти на c4: мешает пешка e2."), ["f1", "c4", "e2"]);
    assert_eq!(latin_squares("Лучший ход: Bxb5, exd5."), ["b5", "d5"]);
    assert!(latin_squares("эф три, Felix drei, voxchess resume, 15+10").is_empty());
}

/// Speech is words, rows are notation: over a whole game with refusals,
/// a pin, a check, every board question, the score and the engine's
/// answers, no Russian, German or Korean utterance holds a Latin square
/// name or SAN.
#[test]
fn russian_german_and_korean_speech_says_squares_in_words() {
    let sessions: [(SpeechLang, &[&str]); 3] = [
        (
            SpeechLang::Russian,
            &[
                "Сc4",
                "e4",
                "e5",
                "Кf3",
                "Кc6",
                "Сb5",
                "d6",
                "Кd4",
                "a6",
                "Сxc6+",
                "bxc6",
                "доска",
                "фигуры",
                "запись",
                "последние ходы",
                "кто атакует e5",
                "кто защищает e4",
                "материал",
                "чей ход",
                "что на e4",
                "ходы",
                "лучший ход",
                "оценка",
                "угроза",
                "время",
                "последний ход",
                "помощь",
                "выход",
            ],
        ),
        (
            SpeechLang::German,
            &[
                "Lc4",
                "e4",
                "e5",
                "Sf3",
                "Sc6",
                "Lb5",
                "d6",
                "Sd4",
                "a6",
                "Lxc6+",
                "bxc6",
                "brett",
                "figuren",
                "partie",
                "letzte",
                "wer greift an e5",
                "wer verteidigt e4",
                "material",
                "wer ist am zug",
                "was steht auf e4",
                "züge",
                "bester zug",
                "bewertung",
                "drohung",
                "zeit",
                "letzter zug",
                "hilfe",
                "beenden",
            ],
        ),
        (
            SpeechLang::Korean,
            &[
                "Bc4",
                "e4",
                "e5",
                "Nf3",
                "Nc6",
                "Bb5",
                "d6",
                "Nd4",
                "a6",
                "Bxc6+",
                "bxc6",
                "보드",
                "기물",
                "기보",
                "마지막",
                "공격 e5",
                "방어 e4",
                "기물 점수",
                "차례",
                "칸 e4",
                "수",
                "최선",
                "평가",
                "위협",
                "시간",
                "마지막 수",
                "도움말",
                "종료",
            ],
        ),
    ];
    let mut wrong = Vec::new();
    for (lang, lines) in sessions {
        let dir = folder(&format!("words-{lang}"));
        let server = SsipServer::start_fast(&dir.join("run"));
        let mut child =
            speaking(&dir, &server, &["play", "--plain", "--no-voice", "--opponent", "human", "--lang", lang.code()]);
        let out = collect(child.stdout.take().expect("stdout"));
        quiet(&server);
        for line in lines {
            typed(&mut child, line);
            quiet(&server);
        }
        drop(child.stdin.take());
        ended(&mut child);
        let said = server.said();
        let _ = (text(&out), std::fs::remove_dir_all(&dir));
        for s in &said {
            let squares = latin_squares(&s.text);
            if !squares.is_empty() {
                wrong.push(format!("{lang}: {:?} {squares:?}", s.text));
            }
        }
    }
    // A review with the engine's answers and the score, in Russian.
    let dir = folder("words-review");
    let pgn = dir.join("g.pgn");
    std::fs::write(&pgn, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n")
        .expect("pgn");
    let server = SsipServer::start_fast(&dir.join("run"));
    let mut child = speaking(&dir, &server, &["review", &pgn.to_string_lossy(), "--plain", "--lang", "ru"]);
    let out = collect(child.stdout.take().expect("stdout"));
    quiet(&server);
    for line in ["конец", "оценка", "лучший ход", "угроза", "запись", "назад", "последний ход", "выход"]
    {
        typed(&mut child, line);
        quiet(&server);
    }
    drop(child.stdin.take());
    ended(&mut child);
    let _ = (text(&out), std::fs::remove_dir_all(&dir));
    for s in server.said() {
        let squares = latin_squares(&s.text);
        if !squares.is_empty() {
            wrong.push(format!("review ru: {:?} {squares:?}", s.text));
        }
    }
    assert!(wrong.is_empty(), "Latin squares in speech:\n{}", wrong.join("\n"));
}

/// English text in Russian and Korean speech (a comment of a game) is
/// left whole, so the voice says it in English (issue 65, item 13):
/// espeak-ng's Russian and Korean voices, given what voxchess said,
/// switch to English for it ("Queen's" as /kw'i:nz/, never "Queen" and
/// the Russian letter "эс"); nothing of it said as Russian letters.
#[test]
fn english_text_in_russian_and_korean_speech_is_said_in_english() {
    for (lang, end, quit) in [("ru", "конец", "выход"), ("ko", "끝", "종료")] {
        let dir = folder(&format!("foreign-{lang}"));
        let pgn = dir.join("g.pgn");
        std::fs::write(
            &pgn,
            "[White \"A\"]\n[Black \"B\"]\n\n1. d4 d5 2. c4 {Queen's Gambit: a good move, I think.} *\n",
        )
        .expect("pgn");
        let server = SsipServer::start_fast(&dir.join("run"));
        let mut child = speaking(&dir, &server, &["review", &pgn.to_string_lossy(), "--plain", "--lang", lang]);
        let out = collect(child.stdout.take().expect("stdout"));
        quiet(&server);
        typed(&mut child, end);
        quiet(&server);
        typed(&mut child, quit);
        drop(child.stdin.take());
        ended(&mut child);
        let _ = (text(&out), std::fs::remove_dir_all(&dir));
        let said = server.said();
        let comment = said
            .iter()
            .find(|s| s.text.contains("Gambit"))
            .unwrap_or_else(|| panic!("{lang}: the comment was not said: {:#?}", texts(&said)));
        assert!(
            comment.text.contains("Queen's Gambit: a good move, I think."),
            "{lang}: the English text was changed: {:?}",
            comment.text
        );
        let phonemes = Command::new("espeak-ng")
            .args(["-q", "-x", "-v", lang])
            .arg(&comment.text)
            .output()
            .expect("espeak-ng is installed by setup.sh");
        let phonemes = String::from_utf8_lossy(&phonemes.stdout);
        assert!(phonemes.contains("(en)"), "{lang}: the voice did not switch to English: {phonemes}");
        assert!(phonemes.contains("kw'i:nz"), "{lang}: \"Queen's\" not said in English: {phonemes}");
    }
}

/// Any input cuts any readout: a move typed while `help`, `fen` or
/// `score` is being said cuts it, and the move is heard at once.
#[test]
fn a_typed_move_cuts_help_fen_and_score() {
    let dir = folder("cuts");
    let server = SsipServer::start(&dir.join("run"));
    let mut child = speaking(&dir, &server, &["play", "--plain", "--no-voice", "--opponent", "human"]);
    let out = collect(child.stdout.take().expect("stdout"));
    quiet(&server);
    let mut moves = [("e4", "White: e4"), ("e5", "Black: e5"), ("Nf3", "White: knight f3")].into_iter();
    for (readout, sign) in [("help", "Moves:"), ("fen", "/"), ("score", "1.")] {
        let before = server.said().len();
        typed(&mut child, readout);
        let start = Instant::now();
        // The readout has begun (and is long enough to be going on).
        while !server.said()[before..].iter().any(|s| s.text.contains(sign) && s.begun.is_some()) {
            assert!(start.elapsed() < Duration::from_secs(10), "{readout} was not said: {:#?}", texts(&server.said()));
            std::thread::sleep(Duration::from_millis(5));
        }
        let (mv, words) = moves.next().expect("a move");
        let typed_at = Instant::now();
        typed(&mut child, mv);
        let heard = loop {
            let said = server.said();
            if let Some(b) = said[before..].iter().find(|s| s.text.contains(words)).and_then(|s| s.begun) {
                break b;
            }
            assert!(typed_at.elapsed() < Duration::from_secs(10), "{mv} never said: {:#?}", texts(&said));
            std::thread::sleep(Duration::from_millis(5));
        };
        // What was being said was cut, or the rest of the readout dropped.
        let said = server.said();
        let cut = said[before..].iter().any(|s| s.cancelled);
        let all_ended_before = said[before..].iter().filter(|s| s.ended.is_some_and(|e| e <= heard)).count();
        assert!(cut || all_ended_before < said[before..].len(), "{readout} was not cut: {:#?}", texts(&said[before..]));
        assert!(heard.duration_since(typed_at) < Duration::from_secs(1), "{mv} waited for {readout}");
        quiet(&server);
    }
    typed(&mut child, "quit");
    drop(child.stdin.take());
    ended(&mut child);
    let _ = (text(&out), std::fs::remove_dir_all(&dir));
}
