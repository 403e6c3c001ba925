//! Reading and writing moves in every form the seeds use.

use voxchess::notation::{NotationLang, ReadMoveError, SanOptions, read_move, read_movetext, write_san};
use voxchess::rules::Position;

use NotationLang::{Dutch, English, French, German, Russian};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid FEN")
}

/// Reads `text` in `fen` and returns the move in UCI.
fn uci(fen: &str, text: &str, lang: NotationLang) -> String {
    match read_move(&pos(fen), text, lang) {
        Ok(m) => m.uci(),
        Err(e) => panic!("{text:?} in {fen}: {e}"),
    }
}

fn err(fen: &str, text: &str, lang: NotationLang) -> ReadMoveError {
    match read_move(&pos(fen), text, lang) {
        Ok(m) => panic!("{text:?} in {fen} was read as {m}, expected an error"),
        Err(e) => e,
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Knights on e1 and g1, a black pawn on f3; bishop c1; rooks a1, h1 (no castling).
const KNIGHTS: &str = "4k3/8/8/4p3/8/5p2/8/R1B1NKNR w - - 0 1";
/// White pawn e5 may take d6 en passant; Black's pawn just came d7-d5.
const EP: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
/// A white pawn on d7 may promote on d8 or take on c8/e8.
const PROMO: &str = "2r1r3/3P4/8/8/8/8/8/K6k w - - 0 1";
/// Both sides may castle both ways.
const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn english_san_and_long_forms() {
    for text in
        ["Nf3", "Ng1-f3", "Ng1f3", "g1f3", "g1-f3", "Nf3!", "Nf3?", "Nf3!?", "Nf3 (=)", "N f3", "nf3", "Nf3=", "Ng1–f3"]
    {
        assert_eq!(uci(START, text, English), "g1f3", "{text}");
    }
    for text in ["e4", "e2-e4", "e2–e4", "e2—e4", "e2e4", "E4", "e 4", "e4!!", "e4??", "e4?!"] {
        assert_eq!(uci(START, text, English), "e2e4", "{text}");
    }
    assert_eq!(uci("4k3/5p2/8/6P1/8/8/8/4K3 b - - 0 1", "f7–f5", English), "f7f5");
}

#[test]
fn captures_and_disambiguation() {
    for (text, want) in [
        ("Ngxf3", "g1f3"),
        ("Ng x f3", "g1f3"),
        ("Ng:f3", "g1f3"),
        ("Ngf3", "g1f3"),
        ("Nexf3", "e1f3"),
        ("Ne1xf3", "e1f3"),
        ("Ne1:f3", "e1f3"),
        ("Kf2", "f1f2"),
    ] {
        assert_eq!(uci(KNIGHTS, text, English), want, "{text}");
    }
    match err(KNIGHTS, "Nxf3", English) {
        ReadMoveError::Ambiguous { candidates, .. } => {
            assert_eq!(candidates, vec!["Nexf3", "Ngxf3"])
        }
        e => panic!("expected ambiguity, got {e}"),
    }
    // Two knights on one file: the rank disambiguates (N 5f3 as in D.10).
    let file = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1";
    assert_eq!(uci(file, "N 5f3", English), "g5f3");
    assert_eq!(uci(file, "N1f3", English), "g1f3");
    assert_eq!(write_san(&pos(file), &read_move(&pos(file), "g5f3", English).unwrap(), &SanOptions::default()), "N5f3");
}

#[test]
fn russian_letters_and_lookalikes() {
    // "Kgxf3": a Latin K is a knight in Russian texts (001, C.10).
    assert_eq!(uci(KNIGHTS, "Kgxf3", Russian), "g1f3");
    assert_eq!(uci(KNIGHTS, "Кexf3", Russian), "e1f3");
    assert_eq!(uci(KNIGHTS, "Крf2", Russian), "f1f2");
    assert_eq!(uci(KNIGHTS, "Kpf2", Russian), "f1f2");
    // Latin C and Cyrillic С are bishops; "Схе5" is written with Cyrillic С, х and е.
    let bishop = "4k3/8/8/4p3/8/8/8/2B1K3 w - - 0 1";
    assert_eq!(uci("4k3/8/8/4p3/8/2B5/8/4K3 w - - 0 1", "Схе5", Russian), "c3e5");
    assert_eq!(uci("4k3/8/8/4p3/8/2B5/8/4K3 w - - 0 1", "Cxe5", Russian), "c3e5");
    assert_eq!(uci(bishop, "Сd2", Russian), "c1d2");
    // Cyrillic а and е as files: "Ла1", "Фе1–а5".
    assert_eq!(uci("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Лb1", Russian), "a1b1");
    assert_eq!(uci("4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", "Ла1", Russian), "b1a1");
    assert_eq!(uci("7k/8/8/8/8/8/8/K3Q3 w - - 0 1", "Фе1–а5", Russian), "e1a5");
    // Promotion with a Russian letter (C.12): d8Ф, f8К.
    assert_eq!(uci(PROMO, "d8Ф", Russian), "d7d8q");
    assert_eq!(uci(PROMO, "d8К", Russian), "d7d8n");
    assert_eq!(uci(PROMO, "dxe8Л", Russian), "d7e8r");
    assert_eq!(uci(PROMO, "d:c8С", Russian), "d7c8b");
}

#[test]
fn national_letters() {
    assert_eq!(uci(START, "Sf3", German), "g1f3");
    assert_eq!(uci(START, "Cf3", French), "g1f3");
    assert_eq!(uci(START, "Pf3", Dutch), "g1f3");
    let q = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(uci(q, "Dd5", German), "d1d5");
    assert_eq!(uci(q, "Dd5", French), "d1d5");
    assert_eq!(uci(q, "Dd5", Dutch), "d1d5");
    assert_eq!(uci(q, "Qd5", German), "d1d5");
    assert_eq!(uci(q, "Rd2", French), "e1d2", "R is the king (roi) in French");
    assert_eq!(uci("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Lb2", German), "c1b2");
    assert_eq!(uci("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "Fb2", French), "c1b2");
    assert_eq!(uci("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ta4", German), "a1a4");
    assert_eq!(uci(PROMO, "d8D", German), "d7d8q");
}

#[test]
fn en_passant_forms() {
    for text in
        ["exd6", "e x d6 e.p.", "exd6 e.p.", "exd6e.p.", "exd6 ep", "exd6 е.р.", "e:d6", "eхd6", "e5d6", "e5:d6", "ed6"]
    {
        assert_eq!(uci(EP, text, English), "e5d6", "{text}");
    }
}

#[test]
fn promotion_forms() {
    for text in ["d8Q", "d8=Q", "d8(Q)", "d8 Q", "d7d8q", "d7-d8Q", "d8/Q", "d8=Q+", "d8Q#"] {
        assert_eq!(uci(PROMO, text, English), "d7d8q", "{text}");
    }
    assert_eq!(uci(PROMO, "dxe8N", English), "d7e8n");
    assert_eq!(uci(PROMO, "d7xe8Q", English), "d7e8q");
    assert_eq!(uci(PROMO, "d7e8r", English), "d7e8r");
    match err(PROMO, "d8", English) {
        ReadMoveError::PromotionNeeded { square, .. } => assert_eq!(square.to_string(), "d8"),
        e => panic!("expected a promotion question, got {e}"),
    }
}

#[test]
fn castling_forms() {
    for text in ["0-0", "O-O", "o-o", "0 - 0", "O-O+", "e1g1", "Kg1"] {
        assert_eq!(uci(CASTLE, text, English), "e1g1", "{text}");
    }
    for text in ["0-0-0", "O-O-O", "0 - 0 - 0", "e1c1", "О-О-О"] {
        assert_eq!(uci(CASTLE, text, English), "e1c1", "{text}");
    }
    // Through an attacked square: refused with a reason.
    let attacked = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1";
    let e = err(attacked, "0-0", English).to_string();
    assert!(e.contains("f1") && e.contains("rook on f2"), "{e}");
    let e = err("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "0-0", English).to_string();
    assert!(e.contains("bishop on f1"), "{e}");
    let e = err("r3k2r/8/8/8/8/8/4r3/R3K2R w Qkq - 0 1", "0-0-0", English).to_string();
    assert!(e.contains("in check"), "{e}");
    let e = err("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "0-0", English).to_string();
    assert!(e.contains("king or the rook has moved"), "{e}");
}

#[test]
fn check_and_mate_marks() {
    let q = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    for text in ["Qe2+", "Qe2 +", "Qe2++", "Qe2#", "Qe2†"] {
        assert_eq!(uci(q, text, English), "d1e2", "{text}");
    }
}

#[test]
fn ambiguity_between_bishop_and_pawn() {
    // "bc4": the bishop f1 or the b3 pawn may go to c4 (pawn takes on c4).
    let fen = "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1";
    match err(fen, "bc4", English) {
        ReadMoveError::Ambiguous { candidates, .. } => {
            assert_eq!(candidates.len(), 2);
            assert!(candidates.contains(&"Bxc4".to_string()) && candidates.contains(&"bxc4".to_string()));
        }
        e => panic!("expected ambiguity, got {e}"),
    }
    // With the case written properly there is no doubt.
    assert_eq!(uci(fen, "Bc4", English), "f1c4");
    // Lowercase throughout: case tells nothing, so "bxc4" is asked about too...
    assert!(matches!(err(fen, "bxc4", English), ReadMoveError::Ambiguous { .. }));
    // ...but in a game text (PGN), SAN's case rules hold: "bxc4" is the pawn.
    let moves = read_movetext(&pos(fen), "1. bxc4", English).expect("reads");
    assert_eq!(moves[0].uci(), "b3c4");
}

#[test]
fn refusals_say_why() {
    assert!(err(START, "Nf4", English).to_string().contains("no white knight can reach f4"));
    assert!(err(START, "e5", English).to_string().contains("it is White's move"));
    assert!(err(START, "Qh5", English).to_string().contains("the queen on d1 is blocked by the pawn on e2"));
    assert!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Kd3", English).to_string().contains("no white king"));
    let black = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let e = read_move(&black, "Nf3", English).expect_err("not Black's");
    assert!(e.to_string().contains("it is Black's move"), "{e}");
    assert!(matches!(err(START, "zz", English), ReadMoveError::Unreadable { .. }));
    assert!(matches!(err(START, "  ", English), ReadMoveError::Empty));
    assert!(err(KNIGHTS, "Rxb1", English).to_string().contains("nothing to capture"));
}

#[test]
fn moves_without_spaces_between_them() {
    // From 001: "14. Фxd5+Сd7".
    let moves = read_movetext(&Position::start(), "1.e4 e5 2.Фh5 Кc6 3.Сc4 Кf6 4.Фxf7#", Russian).expect("reads");
    assert_eq!(moves.len(), 7);
    let moves = read_movetext(&Position::start(), "1.e4 f5 2.Фh5+g6", Russian).expect("reads");
    assert_eq!(moves.len(), 4);
}

#[test]
fn san_in_languages() {
    let p = pos("4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1");
    let m = read_move(&p, "Nf3", English).unwrap();
    assert_eq!(write_san(&p, &m, &SanOptions::lang(Russian)), "Кf3");
    assert_eq!(write_san(&p, &m, &SanOptions::lang(German)), "Sf3");
    assert_eq!(write_san(&p, &m, &SanOptions::lang(French)), "Cf3");
    let castle = read_move(&p, "0-0-0", English).unwrap();
    assert_eq!(write_san(&p, &castle, &SanOptions::lang(English)), "O-O-O");
    assert_eq!(write_san(&p, &castle, &SanOptions::lang(Russian)), "0-0-0");
    let promo = read_move(&pos(PROMO), "d8Q", English).unwrap();
    assert_eq!(write_san(&pos(PROMO), &promo, &SanOptions::lang(English)), "d8=Q");
    assert_eq!(write_san(&pos(PROMO), &promo, &SanOptions::lang(Russian)), "d8Ф");
    let ep = read_move(&pos(EP), "exd6", English).unwrap();
    let opts = SanOptions { ep_suffix: true, ..SanOptions::default() };
    assert_eq!(write_san(&pos(EP), &ep, &opts), "exd6 e.p.");
}

#[test]
fn uci_promotion_is_not_taken_for_a_german_pawn_move() {
    // In German "B" is Bauer (pawn): "b7c8q" must still be the UCI move from b7,
    // not "a pawn from rank 7 to c8", which the d7 pawn could also make.
    let fen = "2nk1r1b/1P1P4/4p3/4nPp1/6pR/5B2/p7/6K1 w - - 1 50";
    assert_eq!(uci(fen, "b7c8q", German), "b7c8q");
    assert_eq!(uci(fen, "d7c8q", German), "d7c8q");
}
