//! PGN import and export.

use voxchess::notation::NotationLang;
use voxchess::notation::pgn::{read_pgn, write_pgn};
use voxchess::rules::Color;

const TWO_GAMES: &str = r#"[Event "Club"]
[Site "Home"]
[Date "2026.11.30"]
[Round "1"]
[White "Anna"]
[Black "Bella"]
[Result "1-0"]

1. e4 {King's pawn} e5 2. Nf3 $1 Nc6 (2... d6 3. d4 (3. Bc4) 3... exd4) 3. Bb5 a6!? ; Morphy
4. Ba4 Nf6 5. O-O Be7 1-0

[Event "Club"]
[White "Cesar"]
[Black "David"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]

1. a8=Q+ Kd7 2. Qb7+ *
"#;

#[test]
fn reads_tags_comments_variations_nags_results() {
    let games = read_pgn(TWO_GAMES, NotationLang::English, None).expect("reads");
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tag("White"), Some("Anna"));
    assert_eq!(g.result, "1-0");
    assert_eq!(g.moves.len(), 10);
    assert_eq!(g.moves[0].notes().comments, vec!["King's pawn"]);
    assert_eq!(g.moves[2].notes().nags, vec![1]);
    assert_eq!(g.moves[3].notes().variations.len(), 1);
    let var = &g.moves[3].notes().variations[0];
    assert_eq!(var.len(), 3);
    assert_eq!(var[1].notes().variations.len(), 1, "nested variation 3. Bc4");
    assert_eq!(g.moves[5].notes().nags, vec![5], "!? becomes $5");
    assert_eq!(g.moves[5].notes().comments, vec!["Morphy"]);
    let g2 = &games[1];
    assert_eq!(g2.result, "*");
    assert_eq!(g2.moves.len(), 3);
    assert_eq!(g2.final_position().to_fen(), "8/1Q1k4/8/8/8/8/8/4K3 b - - 2 2");
}

#[test]
fn write_then_read_gives_the_same_games() {
    let games = read_pgn(TWO_GAMES, NotationLang::English, None).expect("reads");
    let text: String = games.iter().map(write_pgn).collect();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("[Event \"Club\"]\n[Site \"Home\"]"));
    assert!(flat.contains("1. e4 {King's pawn} 1... e5"), "{text}");
    assert!(flat.contains("2. Nf3 $1 Nc6 (2... d6 3. d4 (3. Bc4) 3... exd4) 3. Bb5 a6 $5 {Morphy}"), "{text}");
    assert!(text.contains("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]"));
    assert!(flat.contains("1. a8=Q+ Kd7 2. Qb7+ *"));
    let again = read_pgn(&text, NotationLang::English, None).expect("reads back");
    assert_eq!(games.len(), again.len());
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(a.moves, b.moves, "moves, comments, NAGs and variations survive");
        assert_eq!(a.result, b.result);
        for (name, value) in &a.tags {
            assert_eq!(b.tag(name), Some(value.as_str()), "tag {name}");
        }
    }
    let text_again: String = again.iter().map(write_pgn).collect();
    assert_eq!(text, text_again, "writing is stable");
    for line in text.lines() {
        assert!(line.chars().count() <= 79, "line too long: {line}");
    }
}

#[test]
fn errors_name_game_move_side_and_token() {
    let text = format!("{TWO_GAMES}\n[White \"Eva\"]\n[Black \"Felix\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bb5 Kxe5 *\n");
    let e = read_pgn(&text, NotationLang::English, None).expect_err("Kxe5 is illegal");
    assert_eq!(e.game, 3);
    assert_eq!(e.at_move, Some((3, Color::Black)));
    assert_eq!(e.token.as_deref(), Some("Kxe5"));
    let s = e.to_string();
    assert!(s.starts_with("game 3 (Eva - Felix), line 24, move 3, Black, 'Kxe5': "), "{s}");
}

#[test]
fn structural_errors_are_reported() {
    for (text, words) in [
        ("1. e4 {open comment", "never closed"),
        ("1. e4 (1. d4 e5", "never closed"),
        ("1. e4 ) e5", "closes no variation"),
        ("[White \"x]\n1. e4", "not of the form"),
        ("(1. e4)", "before any move"),
        ("$1 e4", "before any move"),
        ("1. e4 e5 }", "without its opening"),
        ("[FEN \"8/8/8 w - - 0 1\"]\n1. e4", "FEN tag is wrong"),
        ("1. e4 e5 2. Qh9", "not a move"),
    ] {
        let e = read_pgn(text, NotationLang::English, None).expect_err(text);
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
}

#[test]
fn russian_pgn_reads_with_the_language_setting() {
    let text = "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe1 b5 7. Сb3 d6 8. c3 0-0 *";
    let games = read_pgn(text, NotationLang::Russian, None).expect("reads");
    let out = write_pgn(&games[0]).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.contains("5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *"), "{out}");
}

/// A tag's quoted value may hold "]" (and an escaped quote): it is read
/// whole, not cut at the bracket.
#[test]
fn a_tag_value_may_hold_a_closing_bracket() {
    let games = read_pgn("[Event \"a]b \\\"c\\\"\"]\n[White \"x\"]\n\n1. e4 e5 *\n", NotationLang::English, None)
        .expect("read");
    assert_eq!(games[0].tag("Event"), Some("a]b \"c\""));
    assert_eq!(games[0].tag("White"), Some("x"));
}

/// The reader reads the text as the games are asked for: a problem in a
/// later game is that game's, and the games before it are read whole.
#[test]
fn a_problem_belongs_to_its_own_game() {
    use voxchess::notation::pgn::pgn_games;
    for (text, first_moves) in [
        ("1. e4 e5 1-0\n[White \"x]\n1. d4 *", 2),
        ("[White \"A\"]\n[Black \"B\"]\n1. e4 e5 2. Nf3\n[White \"C\"]\n[Black \"D\"]\n1. d4 {open", 3),
        ("1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 d5 2. c4 ) *", 4),
    ] {
        let mut games = pgn_games(text, NotationLang::English, None);
        let first = games.next().expect("a first game").expect(text);
        assert_eq!(first.moves.len(), first_moves, "{text}");
        let e = games.next().expect("a second").expect_err(text);
        assert_eq!(e.game, 2, "{text}: {e}");
        assert!(games.next().is_none(), "nothing after a problem: {text}");
    }
}

/// Letters of any alphabet, blanks of any kind and a promotion piece in
/// brackets are read from the text as written.
#[test]
fn any_letters_and_blanks_are_read() {
    let text = "[White \"Пётр\"]\n[Black \"김\"]\n\n1.\u{a0}e4 {Ход «пешкой»}\u{2003}e5 ; 주석\n2. Кf3 *";
    let games = read_pgn(text, NotationLang::Russian, None).expect("reads");
    assert_eq!(games[0].tag("White"), Some("Пётр"));
    assert_eq!(games[0].moves.len(), 3);
    assert_eq!(games[0].moves[0].notes().comments, ["Ход «пешкой»"]);
    assert_eq!(games[0].moves[1].notes().comments, ["주석"]);
    let promotion =
        read_pgn("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n1. a8(Ф) *", NotationLang::Russian, None).expect("d8(Ф)");
    let written = write_pgn(&promotion[0]);
    assert!(written.contains("1. a8=Q *"), "{written}");
    // A move with nothing written around it holds no notes.
    assert!(games[0].moves[2].notes().comments.is_empty());
}
