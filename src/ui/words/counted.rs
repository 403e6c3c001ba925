//! Every sentence that takes a count, in every language, with the numbers
//! where a language's forms change (1, 2, 5, 11, 21, 22, 25): made by the
//! real word-making and compared with `counted.txt`, which was read line
//! by line for its grammar ("за 21 минуту", "in 5 Zügen", "5분").
//! `VOXCHESS_BLESS=1 cargo test counted` writes the file anew; read the
//! difference before it is committed.

use super::Narrator;
use super::{LinkSaid, StreakSaid};
use crate::game::Event;
use crate::online::broadcast::{EventPlayer, Listed};
use crate::online::explorer::{Database, Explored, ExploredMove};
use crate::online::lookup::{Answer, Looked, Lookup};
use crate::online::puzzle::{Dashboard, ThemeResults};
use crate::online::tablebase::{Outcome, Probed, ProbedMove};
use crate::online::tournament::{Kind, Place, Standing, SwissRound, Tournament};
use crate::rules::{Color, Position};
use crate::speech::{Lexicon, SpeechLang, Style};
use crate::study::library::Imported;

const NUMBERS: [u64; 7] = [1, 2, 5, 11, 21, 22, 25];

/// Each count-taking sentence of one language with `n`, by name.
fn sentences(lang: SpeechLang, n: u64) -> Vec<(&'static str, String)> {
    let w = Narrator::new(Lexicon::get(lang), Style::Brief);
    let lex = w.lex;
    let n32 = n as u32;
    let start = Position::start();
    let e4 = *start.legal_moves().iter().find(|m| m.uci() == "e2e4").expect("e4");
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let mut say = |name: &'static str, text: String| out.push((name, text));

    // Times: the clock's words and after a preposition.
    say("hours", crate::speech::say_duration(lex, n * 3_600_000));
    say("minutes", crate::speech::say_duration(lex, n * 60_000));
    say("seconds", crate::speech::say_duration(lex, n * 1000));
    say("own time", w.lines(&Event::OwnTime { side: Color::White, remaining: n * 60_000 })[0].text.clone());
    say("moves to the control", w.lines(&Event::ControlNear { side: Color::White, moves: n32 })[0].text.clone());
    say("opponent left, minutes", w.lines(&Event::OpponentLeft { claim_in: Some(n * 60_000) })[0].text.clone());
    say("opponent left, seconds", w.lines(&Event::OpponentLeft { claim_in: Some(n * 1000) })[0].text.clone());
    say("continuing", w.continuing(n as usize * 2 - 1));

    // Puzzles.
    let solved = |ms| crate::study::puzzle::PuzzleEvent::Solved { ms, clean: true };
    say("puzzle solved, seconds", w.puzzle_event(&solved(n * 1000))[0].text.clone());
    say("puzzle solved, minutes", w.puzzle_event(&solved(n * 60_000))[0].text.clone());
    say("streak best", w.puzzle_streak(&StreakSaid::Start { best: n32 }).text);
    say("streak count", w.puzzle_streak(&StreakSaid::Count(n32)).text);
    say("streak ended", w.puzzle_streak(&StreakSaid::Ended { solved: n32, best: n32 }).text);
    say("kept batch", w.puzzle_online(&LinkSaid::KeptBatch(n as usize)).text);
    say("wait", w.puzzle_online(&LinkSaid::WaitMinute(n)).text);
    say("leaving", w.puzzle_online(&LinkSaid::Leaving(n)).text);
    say("counted", w.puzzle_online(&LinkSaid::Counted { n: n as usize, rating: Some(1500.0), change: 5 }).text);
    say("dropped", w.puzzle_online(&LinkSaid::Dropped(n as usize)).text);
    say("imported", w.puzzles_imported(Imported { puzzles: n, skipped: n, duplicates: n }));
    for (name, items) in [("left out, games", super::Items::Games), ("left out, chapters", super::Items::Chapters)] {
        say(name, w.left_out(n as usize, n as usize, items).join(" "));
    }
    let results = ThemeResults { key: "fork".into(), played: n32, won: n32, performance: 1500 };
    let dashboard = Dashboard { days: n32, global: Some(results), themes: Vec::new() };
    say("dashboard", w.puzzle_dashboard(&dashboard)[0].text.clone());
    say("dashboard empty", w.puzzle_dashboard(&Dashboard { global: None, ..dashboard })[0].text.clone());
    // A drill's round is always as long; its questions are counted the same.
    say("questions", crate::speech::say_time::unit(lex, &lex.counts.question, n));
    let done = crate::study::drill::DrillResult::Done { right: n32, asked: n32, ms: n * 60_000 };
    say("drill done", w.drill_result(done).text);

    // The engine, the explorer and the tablebase.
    use crate::engine::analysis::Score;
    say("mate in", super::engine::say_score(lex, Score::Mate(n as i32)));
    if n <= 2 {
        say("better by pawns", super::engine::say_score(lex, Score::Centipawns(n as i32 * 100)));
    }
    let looked =
        |answer| w.looked(&Looked { lookup: Lookup::Explorer(Database::Masters), position: start, answer }, &start);
    let explored = Explored {
        opening: None,
        white: n,
        draws: 0,
        black: 100 - n,
        moves: vec![ExploredMove { mv: e4, white: n, draws: 0, black: 0 }],
    };
    let rows: Vec<String> = looked(Ok(Answer::Explored(explored))).into_iter().map(|l| l.text).collect();
    say("explorer", rows.join(" / "));
    let all_white = Explored { opening: None, white: n, draws: 0, black: 0, moves: vec![] };
    let one_move = ExploredMove { mv: e4, white: n, draws: 0, black: 100 - n };
    say("explorer head", looked(Ok(Answer::Explored(Explored { moves: vec![one_move], ..all_white })))[0].text.clone());
    let kpk = Position::from_fen("4k3/8/3K4/4P3/8/8/8/8 w - - 0 1").expect("fen");
    let e6 = *kpk.legal_moves().iter().find(|m| m.uci() == "e5e6").expect("e6");
    let probed = Probed {
        outcome: Outcome::Win,
        mate_in: Some(n32),
        zeroing_in: None,
        checkmate: false,
        stalemate: false,
        moves: vec![ProbedMove { mv: e6, outcome: Outcome::Win, mate_in: Some(n32), checkmate: false }],
    };
    let probe =
        |p: Probed| w.looked(&Looked { lookup: Lookup::Tablebase, position: kpk, answer: Ok(Answer::Probed(p)) }, &kpk);
    let rows: Vec<String> = probe(probed.clone()).into_iter().map(|l| l.text).collect();
    say("tablebase mate", rows.join(" / "));
    say("tablebase zeroing", probe(Probed { mate_in: None, zeroing_in: Some(n32), ..probed })[0].text.clone());

    // Online: challenges, correspondence, tournaments, broadcasts.
    say("challenges", w.challenges_in(n as usize));
    say("correspondence turns", w.correspondence_turns(n as usize));
    say("days left", w.days_left(n * 86_400_000 + n * 3_600_000, false));
    say("minutes left", w.days_left(n * 60_000, false));
    let arena = Tournament {
        id: "arena001".into(),
        name: "Cup".into(),
        control: (n, n),
        players: Some(n),
        starts_in: Some(n * 60),
        kind: Kind::Arena { minutes: n },
        team: None,
    };
    let swiss = Tournament { kind: Kind::Swiss { round: 0, rounds: n }, starts_in: Some(n), ..arena.clone() };
    let list = w.tournaments(&vec![arena; n as usize]);
    say("tournaments head", list[0].clone());
    say("arena item", list[1].clone());
    say("swiss item", w.tournaments(&[swiss])[1].clone());
    say(
        "swiss round",
        w.swiss_round(&SwissRound { round: n, rounds: n, ongoing: 0, next_in: Some(n * 60), finished: false }),
    );
    let place = Place { rank: n, name: "Anna".into(), halves: n * 2 };
    let half = Place { halves: n * 2 + 1, ..place.clone() };
    let standing =
        Standing { top: vec![place.clone(), half.clone()], me: Some(half), players: n, seconds_left: Some(n * 60) };
    say("standing", w.standing(&standing, true).join(" / "));
    let listed = Listed {
        tour_id: "tour0001".into(),
        tour: "Cup".into(),
        round_id: "round001".into(),
        round: "Round 1".into(),
        ongoing: false,
        starts_at: Some(n * 86_400_000),
    };
    let lists = w.broadcasts(&vec![listed.clone(); n as usize], 0);
    say("broadcasts head", lists[0].clone());
    say("broadcast in days", lists[1].clone());
    let soon = Listed { starts_at: Some(n * 60_000), ..listed.clone() };
    say("broadcast in minutes", w.broadcasts(&[soon], 0)[1].clone());
    say("broadcast in hours", w.broadcasts(&[Listed { starts_at: Some(n * 3_600_000), ..listed }], 0)[1].clone());
    let game = "[White \"Anna\"]\n[Black \"Boris\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
    let round = crate::online::broadcast::Round {
        tour: "Cup".into(),
        tour_id: "tour0001".into(),
        id: "round001".into(),
        name: "Round 1".into(),
        number: n as usize,
        count: n as usize,
        boards: crate::online::broadcast::boards_of(&game.repeat(n as usize)),
        unread: 0,
    };
    say("round opened", w.round_opened(&round)[0].clone());
    let player = EventPlayer {
        name: "Anna".into(),
        title: None,
        rating: None,
        fed: None,
        halves: Some(n32),
        played: Some(n32),
        rank: Some(n32),
    };
    let players = w.event_players("Cup", &vec![player.clone(); n as usize], true);
    say("event standings", players[1].clone());
    say("event players", w.event_players("Cup", &vec![player; n as usize], false)[0].clone());

    // Study: games, chapters, variations, the analysis.
    let mut pgn = crate::notation::pgn::PgnGame::new(start);
    pgn.moves = vec![crate::notation::pgn::PgnNode::new(e4); n as usize * 2];
    say("game header", w.header(&pgn, 1, 1)[0].clone());
    let name = crate::study::chapters::ChapterName::of(&pgn);
    let chapters = w.chapters(&vec![name; n as usize], 0, n as usize).text;
    say("chapters", chapters.split(':').next().unwrap_or_default().to_string());
    say("no chapter", w.no_chapter(n32 + 1, n as usize));
    say("lines dropped", w.lines_dropped(n as usize));
    let cut = std::io::Error::from(std::io::ErrorKind::UnexpectedEof);
    say("import cut", w.import_unreadable(&cut, n));
    say("analysis start", w.analyse_start(n32));
    let mut analysis = crate::study::judge::Analysis::new(vec![start], Vec::new());
    for mark in crate::study::judge::Mark::ALL {
        for _ in 0..n {
            analysis.marks.push(crate::study::judge::Judged {
                ply: 0,
                mark,
                played: e4,
                best: None,
                before: Score::Centipawns(0),
                after: Score::Centipawns(0),
            });
        }
    }
    say("summary", w.summary(&analysis)[0].clone());
    // A position of many moves: the first is the main line, `n` more are
    // variations.
    let many = Position::from_fen("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").expect("fen");
    let moves = many.legal_moves();
    let mut line = crate::notation::pgn::PgnGame::new(many);
    line.moves = vec![crate::notation::pgn::PgnNode::new(moves[0])];
    let mut tree = crate::study::tree::Tree::of(&line);
    for mv in moves.iter().skip(1).take(n as usize) {
        tree.play(tree.root(), *mv);
    }
    let here = w.here(&tree, tree.root(), false);
    say("variations here", here.last().map(|l| l.text.clone()).unwrap_or_default());
    out
}

/// The whole text: a block per sentence and language, a line per number.
fn all_counted() -> String {
    let mut text = String::new();
    for lang in [SpeechLang::English, SpeechLang::Russian, SpeechLang::German, SpeechLang::Korean] {
        let by_number: Vec<Vec<(&str, String)>> = NUMBERS.iter().map(|n| sentences(lang, *n)).collect();
        for (name, _) in &by_number[0] {
            text.push_str(&format!("## {lang} {name}\n"));
            for (n, said) in NUMBERS.iter().zip(&by_number) {
                let line = said.iter().find(|(k, _)| k == name).map_or("(not said)", |(_, t)| t.as_str());
                text.push_str(&format!("{n}: {line}\n"));
            }
        }
    }
    text
}

#[test]
fn every_count_agrees_with_its_noun_in_every_language() {
    let made = all_counted();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui/words/counted.txt");
    if std::env::var_os("VOXCHESS_BLESS").is_some() {
        std::fs::write(path, &made).expect("counted.txt written");
    }
    let kept = include_str!("counted.txt");
    let differ: Vec<String> = made
        .lines()
        .zip(kept.lines())
        .filter(|(m, k)| m != k)
        .take(20)
        .map(|(m, k)| format!("made: {m}\nkept: {k}"))
        .collect();
    assert!(
        differ.is_empty() && made.lines().count() == kept.lines().count(),
        "counted sentences changed:\n{}",
        differ.join("\n")
    );
}

/// Every noun the language data gives three count forms (one, few, many)
/// is said above with the numbers, or is named here as no count.
#[test]
fn every_noun_with_count_forms_is_said_above() {
    const SAID: [&str; 30] = [
        "hour",
        "minute",
        "second",
        "minute_after",
        "second_after",
        "puzzle",
        "row",
        "challenge",
        "round",
        "day",
        "day_after",
        "question",
        "percent",
        "streak_puzzles",
        "moves",
        "pawn",
        "move",
        "correspondence_games",
        "arenas",
        "arena_players",
        "points",
        "variation",
        "chapter",
        "inaccuracy",
        "mistake",
        "blunder",
        "broadcasts",
        "boards",
        "players",
        "games",
    ];
    // A piece's cases, the marks of a mistake, the ways to castle.
    const NO_COUNT: [&str; 7] = ["knight", "bishop", "rook", "queen", "king", "marks", "castling_ways"];
    let sources = [
        include_str!("../../speech/sentences/game.rs"),
        include_str!("../../speech/sentences/client.rs"),
        include_str!("../../speech/sentences/clock.rs"),
        include_str!("../../speech/sentences/online.rs"),
        include_str!("../../speech/sentences/study.rs"),
    ];
    for line in sources.iter().flat_map(|s| s.lines()) {
        if !line.contains("[String; 3]") {
            continue;
        }
        let name =
            line.trim().trim_start_matches("pub ").split(':').next().unwrap_or_default().trim_start_matches("r#");
        assert!(
            SAID.contains(&name) || NO_COUNT.contains(&name),
            "{name}: say it with the numbers in `sentences`, or name it as no count"
        );
    }
}
