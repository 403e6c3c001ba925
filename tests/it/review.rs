//! `voxchess review`, driven in plain mode: the seed appendices' example
//! games and an annotated PGN (comments, annotation glyphs, nested
//! variations) stepped through in English and Russian, each position
//! checked by FEN; the analysis with the real Stockfish finds a hanging
//! queen, is saved as PGN annotations, and runs after a game ends.

use std::path::Path;
use std::time::Duration;
use voxchess::notation::{NotationLang, read_movetext};
use voxchess::rules::Position;

/// Runs voxchess with `args` in a fresh data folder, types `lines`, waits
/// for it to end; returns what was printed (rows joined by spaces) and the
/// data folder's games.
fn run(name: &str, args: &[&str], files: &[(&str, &str)], lines: &[&str]) -> (String, Vec<String>) {
    let dir = crate::common::scratch_root().join(format!("voxchess-review-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    for (file, text) in files {
        std::fs::write(dir.join(file), text).expect("game file");
    }
    let args: Vec<String> = args.iter().map(|a| a.replace("$DIR", &dir.display().to_string())).collect();
    let mut child = crate::common::voxchess(&dir).args(&args).spawn().expect("voxchess starts");
    let out = crate::common::type_and_finish(&mut child, lines, Duration::from_secs(120));
    let games = saved_games(&dir.join("data/voxchess/games"));
    let _ = std::fs::remove_dir_all(&dir);
    (out, games)
}

fn saved_games(dir: &Path) -> Vec<String> {
    let mut files: Vec<_> = std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    files.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
}

fn review(name: &str, pgn: &str, lang: &str, lines: &[&str]) -> (String, Vec<String>) {
    run(
        name,
        &["review", "$DIR/game.pgn", "--lang", lang, "--plain", "--no-speech", "--no-voice"],
        &[("game.pgn", pgn)],
        lines,
    )
}

/// The positions of a line of moves, as FEN.
fn fens(moves: &str, lang: NotationLang) -> Vec<String> {
    let line = read_movetext(&Position::start(), moves, lang).expect("moves");
    let mut pos = Position::start();
    let mut out = vec![pos.to_fen()];
    for m in &line {
        pos.play_unchecked(m);
        out.push(pos.to_fen());
    }
    out
}

/// Finds each needle in order, each after the one before.
fn in_order(out: &str, needles: &[String]) {
    // A FEN comes in rows of whole fields: read as one.
    let out = &out.replace("/\n", "/").replace("/ ", "/");
    let mut at = 0;
    for n in needles {
        match out[at..].find(n.as_str()) {
            Some(i) => at += i + n.len(),
            None => panic!("{n:?} not found (in order) in:\n{out}"),
        }
    }
}

/// Appendix D's game (the appendix for visually impaired players), with
/// its spaces inside moves, stepped forward to the end and back to the
/// start; every position checked by FEN.
#[test]
fn the_appendix_d_game_is_stepped_through_in_english() {
    let moves = "1. e4 e5 2. Nf3 Nf6 3. d4 e x d4 4. e5 Ne4 5. Q x d4 d5 6. e x d6 e.p. N x d6 7. Bg5 Nc6 \
                 8. Qe3 + Be7 9. Nbd2 0 - 0 10. 0 - 0 - 0 Re8 11. Kb1";
    let expected = fens(moves, NotationLang::English);
    assert_eq!(expected.len(), 22);
    assert_eq!(expected[21], "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11");
    let mut lines = vec!["fen"];
    lines.extend(std::iter::repeat_n(["next", "fen"], 21).flatten());
    lines.extend(["next", "start", "fen", "end", "fen"]);
    lines.extend(std::iter::repeat_n(["back", "fen"], 21).flatten());
    lines.push("back");
    let (out, _) = review("appendix-d", &format!("{moves} *"), "en", &lines);
    let mut needles: Vec<String> = expected.clone();
    needles.push("End of the game.".into());
    needles.push(expected[0].clone());
    needles.push(expected[21].clone());
    needles.extend(expected.iter().rev().skip(1).cloned());
    needles.push("This is the start".into());
    in_order(&out, &needles);
    in_order(
        &out,
        &[
            "Start of the game. White to move.".into(),
            "1. White: e4.".into(),
            "6. White: exd6.".into(),
            "8. White: Qe3+.".into(),
            "9. Black: O-O.".into(),
            "10. White: O-O-O.".into(),
        ],
    );
}

/// Appendix C's game in Russian notation (Black mates on move 18), in a
/// Russian session: words, moves by number, the last moves, the end.
#[test]
fn the_appendix_c_game_is_reviewed_in_russian() {
    let moves = "1. e4 e5 2. f4 f5 3. exf5 Фh4+ 4. g3 Фe7 5. Фh5+ Крd8 6. fxe5 Фxe5+ 7. Сe2 Кf6 8. Фf3 d5 \
                 9. g4 h5 10. h3 hxg4 11. hxg4 Лxh1 12. Фxh1 Фg3+ 13. Крd1 Кxg4 14. Фxd5+ Сd7 15. Кf3 Кf2+ \
                 16. Крe1 Кd3+ 17. Крd1 Фe1+ 18. Кxe1 Кf2#";
    let expected = fens(moves, NotationLang::Russian);
    assert_eq!(expected[36], "rn1k1b2/pppb2p1/8/3Q1P2/8/8/PPPPBn2/RNBKN3 w - - 1 19");
    let lines = [
        "вперёд",
        "фен",
        "конец",
        "фен",
        "к ходу 5",
        "фен",
        "ход чёрных 12",
        "фен",
        "последние 2 хода",
        "где я",
        "начало",
        "фен",
        "назад",
    ];
    let (out, _) = review("appendix-c-ru", &format!("{moves} 0-1"), "ru", &lines);
    in_order(
        &out,
        &[
            "Результат: победа чёрных.".into(),
            "Начало партии. Ход белых.".into(),
            "1. Белые — e4.".into(),
            expected[1].clone(),
            "18. Чёрные — Кf2#.".into(),
            "Конец партии.".into(),
            expected[36].clone(),
            "5. Белые — Фh5+.".into(),
            expected[9].clone(),
            "12. Чёрные — Фg3+.".into(),
            expected[24].clone(),
            "Главная линия.".into(),
            expected[0].clone(),
            "Это начальная позиция".into(),
        ],
    );
    assert!(!out.contains("White") && !out.contains("Black"), "English in a Russian session:\n{out}");
}

const ANNOTATED: &str = "[Event \"Club study\"]
[White \"Anna\"]
[Black \"Boris\"]
[Result \"0-1\"]

{An open game.} 1. e4 e5 2. Nf3 $1 {The main\u{1b}[31m move.} Nc6 (2... d6 {Philidor.} 3. d4 (3. Bc4 $5 Be7) 3... Nf6)
(2... Nf6 $14) 3. Bc4 Nd4 $2 {[%clk 0:03:00] A trap,
but a bad one.} 4. Nxe5 Qg5 5. Nxf7 $4 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1
";

/// Comments (PGN commands left out), annotation glyphs in words, nested
/// variations entered and left by number; positions checked by FEN.
#[test]
fn comments_glyphs_and_nested_variations_are_said() {
    let lines = [
        "next",
        "next",
        "next",
        "variations",
        "variation 1",
        "fen",
        "next",
        "variation 1",
        "back",
        "variation 1",
        "fen",
        "where am i",
        "main line",
        "fen",
        "main line",
        "main line",
        "variation 2",
        "main line",
        "next",
        "next",
        "next",
        "fen",
        "end",
    ];
    let (out, _) = review("annotated-en", ANNOTATED, "en", &lines);
    let main = fens("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4", NotationLang::English);
    let philidor = fens("1. e4 e5 2. Nf3 d6", NotationLang::English);
    let nested = fens("1. e4 e5 2. Nf3 d6 3. Bc4", NotationLang::English);
    in_order(
        &out,
        &[
            "Anna against Boris. 7 moves. Result: Black won.".into(),
            "Club study.".into(),
            "Comment: An open game.".into(),
            "1. White: e4.".into(),
            "2. White: Nf3. A good move. Comment: The main [31m move.".into(),
            "2 variations here: say variations.".into(),
            "Next move: Nc6. Variations: 1: d6, 2: Nf6.".into(),
            "Variation 1.".into(),
            "2. Black: d6. Comment: Philidor.".into(),
            philidor[4].clone(),
            "3. White: d4.".into(),
            "There is no variation 1 here.".into(),
            "2. Black: d6.".into(),
            "Variation 1.".into(),
            "3. White: Bc4. An interesting move.".into(),
            nested[5].clone(),
            "3. White: Bc4. In variation 1, level 2.".into(),
            "Back in variation 1.".into(),
            philidor[4].clone(),
            "Back in the main line.".into(),
            "You are in the main line.".into(),
            "Variation 2.".into(),
            "2. Black: Nf6. White is slightly better.".into(),
            "End of the variation.".into(),
            "Back in the main line.".into(),
            "2. Black: Nc6.".into(),
            "3. White: Bc4.".into(),
            "3. Black: Nd4. A mistake. Comment: A trap, but a bad one.".into(),
            main[6].clone(),
            "7. Black: Nf3#.".into(),
            "End of the game.".into(),
        ],
    );
    assert!(!out.contains("%clk"), "a PGN command was read out:\n{out}");
    assert!(!out.contains('\u{1b}'), "a control character from the file reached the screen:\n{out}");
}

/// The same file in a Russian session: every word Russian.
#[test]
fn an_annotated_game_is_reviewed_in_russian() {
    let lines =
        ["вперёд", "вперёд", "вперёд", "варианты", "вариант 2", "фен", "главная линия", "вперёд", "вперёд", "вперёд"];
    let (out, _) = review("annotated-ru", ANNOTATED, "ru", &lines);
    let knight_f6 = fens("1. e4 e5 2. Nf3 Nf6", NotationLang::English);
    in_order(
        &out,
        &[
            "Anna — Boris. 7 ходов. Результат: победа чёрных.".into(),
            "Комментарий: An open game.".into(),
            "2. Белые — Кf3. Хороший ход.".into(),
            "Здесь 2 варианта: скажите «варианты».".into(),
            "Следующий ход: Кc6. Варианты: 1: d6, 2: Кf6.".into(),
            "Вариант 2.".into(),
            "У белых небольшое преимущество.".into(),
            knight_f6[4].clone(),
            "Снова главная линия.".into(),
            "3. Чёрные — Кd4. Ошибка.".into(),
        ],
    );
}

fn stockfish() {
    assert!(
        Path::new("/usr/games/stockfish").exists(),
        "Stockfish is installed by setup.sh (Debian's stockfish package)"
    );
}

/// A queen left where a knight takes it is found as a blunder at the right
/// move, with the better move and the evaluations; the counts per side; the
/// analysis saved into a new PGN file as a glyph and a comment.
#[test]
fn analyse_finds_a_hanging_queen_and_saves_it() {
    stockfish();
    let lines = ["analyse", "next mistake", "next mistake", "previous mistake", "save"];
    let (out, games) = review("hanging-queen", "1. e4 e5 2. Nf3 Qg5 3. Nxg5 *", "en", &lines);
    in_order(
        &out,
        &[
            "Analysing 3 moves. Say stop to stop.".into(),
            "Analysis done.".into(),
            // A sentence continues without repeating its head.
            "White: 0 inaccuracies, 0 mistakes,".into(),
            "0 blunders.".into(),
            "Black: 0 inaccuracies, 0 mistakes,".into(),
            "1 blunder.".into(),
            "2. Black: Qg5. A blunder. Better:".into(),
            "Before: ".into(),
            "After: White is winning.".into(),
            "No more marked moves after this one.".into(),
            "No marked moves before this one.".into(),
            "Score saved as game-1.pgn".into(),
        ],
    );
    assert_eq!(games.len(), 1, "{out}");
    assert!(games[0].contains("Qg5 $4 {A blunder. Better: "), "{}", games[0]);
}

/// "stop" ends a running analysis; what was found is kept and said.
#[test]
fn a_running_analysis_stops_on_stop() {
    stockfish();
    let moves = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/forty_moves.pgn"))
        .expect("the forty-move game");
    let (out, _) = review("stop", &moves, "en", &["analyse", "stop"]);
    in_order(&out, &["Analysing 43 moves.".into(), "Analysis stopped after move".into(), "White: ".into()]);
    assert!(!out.contains("Analysis done."), "{out}");
}

/// After a game ends, the same study: back, analyse, the mistake found.
#[test]
fn a_finished_game_is_analysed() {
    stockfish();
    let lines = ["f3", "e5", "g4", "Qh4", "back", "back", "analyse", "next mistake"];
    let (out, _) =
        run("after-game", &["play", "--opponent", "human", "--plain", "--no-speech", "--no-voice"], &[], &lines);
    in_order(
        &out,
        &[
            "Checkmate. Black wins.".into(),
            "You can study this game now.".into(),
            "2. White: g4.".into(),
            "1. Black: e5.".into(),
            "Analysis done.".into(),
            "2. White: g4. A blunder.".into(),
        ],
    );
}

/// Issue 65, item 11: own lines nested 151 deep (past the old limit of
/// 100) are saved, then read back by `voxchess review` whole: what
/// voxchess writes, it reads.
#[test]
fn own_lines_nested_deep_are_saved_and_read_back() {
    let depth = 150;
    let mut lines: Vec<String> = vec!["d4".into()];
    // Each level: a pawn move goes on in the line, `back`, and a knight's
    // move begins a line inside it.
    for k in 0..depth {
        let (pawn, knight) = match (k % 2 == 0, (k / 2) % 2 == 0) {
            (true, true) => ("a6", "Nf6"),
            (true, false) => ("a6", "Ng8"),
            (false, true) => ("a3", "Nf3"),
            (false, false) => ("a3", "Ng1"),
        };
        lines.extend([pawn.to_string(), "back".into(), knight.to_string()]);
    }
    lines.extend(["save".into(), "quit".into(), "yes".into()]);
    let typed: Vec<&str> = lines.iter().map(String::as_str).collect();
    let (out, games) = review("deep-lines", "1. e4 e5 *\n", "en", &typed);
    let saved = games.last().unwrap_or_else(|| panic!("nothing saved: {out}"));
    assert_eq!(saved.matches('(').count(), depth + 1, "{saved}");
    let read = voxchess::notation::pgn::read_pgn(saved, NotationLang::English, None).expect("read back");
    let mut line = &read[0].moves;
    let mut nested = 0;
    while let Some(inner) = line.iter().find_map(|n| n.notes().variations.first()) {
        nested += 1;
        line = inner;
    }
    assert_eq!(nested, depth + 1);
    // voxchess reads it: the review opens, the deepest line reached.
    let (again, _) = review("deep-lines-again", saved, "en", &["quit"]);
    assert!(again.contains("Type help for commands"), "{again}");
    assert!(!again.contains("nested"), "{again}");
}

/// Issue 65, items 13 and 15: a long list of chapters is said a page of
/// 20 at a time (`chapters` again goes on, then from the first), and a
/// study's chapters are named when it opens; each game is read when it
/// is opened (the file's games indexed).
#[test]
fn chapters_are_named_a_page_at_a_time_and_on_opening_a_study() {
    let pgn: String = (1..=45)
        .map(|n| {
            format!(
                "[Event \"Study\"]\n[ChapterName \"Lesson {n}\"]\n\n1. e4 e5 {} *\n\n",
                if n == 30 { "2. Nf3" } else { "" }
            )
        })
        .collect();
    let (out, _) = review(
        "chapters-pages",
        &pgn,
        "en",
        &["chapters", "chapters", "chapter 30", "forward", "forward", "forward", "quit"],
    );
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    let needles: Vec<String> = [
        "Chapter 1 of 45: Lesson 1.",
        // Named on opening: the first page.
        "45 chapters; 1 to 20: 1. Lesson 1; 2. Lesson 2;",
        "20. Lesson 20. Say chapters again for more.",
        // `chapters` goes on from there.
        "45 chapters; 21 to 40: 21. Lesson 21;",
        "45 chapters; 41 to 45: 41. Lesson 41;",
        "45. Lesson 45.",
        "Chapter 30 of 45: Lesson 30.",
        "Nf3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    in_order(&out, &needles);
}
