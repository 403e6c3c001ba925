//! Rules beyond move generation: FEN errors, draws (5.2, 9.2, 9.3, 9.6),
//! mating material (6.10).

use voxchess::notation::{NotationLang, read_movetext};
use voxchess::rules::{Color, DrawClaim, DrawReason, FenError, FenField, History, Outcome, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid FEN")
}

fn field_of(fen: &str) -> FenField {
    match Position::from_fen(fen) {
        Err(FenError::Field { field, .. }) => field,
        other => panic!("{fen}: expected a field error, got {other:?}"),
    }
}

#[test]
fn fen_errors_name_the_field() {
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"), FenField::Placement);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"), FenField::Placement);
    assert_eq!(field_of("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), FenField::Placement);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"), FenField::Placement);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"), FenField::Turn);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"), FenField::Castling);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"), FenField::Castling);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"), FenField::EnPassant);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1"), FenField::EnPassant);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"), FenField::HalfmoveClock);
    assert_eq!(field_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3"), FenField::MoveNumber);
    // The side not to move is in check.
    assert_eq!(field_of("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"), FenField::Turn);
    assert_eq!(field_of("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"), FenField::Placement);
    let msg = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1").unwrap_err().to_string();
    assert_eq!(msg, "bad FEN field 4 (en passant square): 'e9' is not a square like e3 or '-'");
    assert!(matches!(Position::from_fen("   "), Err(FenError::Empty)));
}

#[test]
fn dead_positions_end_the_game() {
    for fen in [
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "8/8/8/8/8/8/8/KB5k w - - 0 1",
        "8/8/8/8/8/8/8/KN5k w - - 0 1",
        "8/8/8/8/8/8/b7/KB5k w - - 0 1",
    ] {
        assert!(pos(fen).is_dead_position(), "{fen}");
        assert_eq!(pos(fen).outcome(), Some(Outcome::Draw(DrawReason::DeadPosition)), "{fen}");
    }
    // Bishops on squares of different colours: mate is possible.
    assert!(!pos("8/8/8/8/8/8/1b6/KB5k w - - 0 1").is_dead_position());
    assert!(!pos("7k/8/8/8/8/8/8/KR6 w - - 0 1").is_dead_position());
}

#[test]
fn can_mate_per_side() {
    // K+R v K: White can, Black cannot (for 6.10 when a flag falls).
    let p = pos("7k/8/8/8/8/8/8/KR6 w - - 0 1");
    assert!(p.can_mate(Color::White));
    assert!(!p.can_mate(Color::Black));
    // A lone knight against a pawn can mate (the pawn may block its own king).
    let p = pos("8/8/8/8/8/8/p7/KN5k w - - 0 1");
    assert!(p.can_mate(Color::White));
    assert!(p.can_mate(Color::Black));
    // A lone knight against a lone queen cannot.
    assert!(!pos("8/8/8/8/8/8/8/KN4qk w - - 0 1").can_mate(Color::White));
}

#[test]
fn threefold_repetition_is_claimable_and_fivefold_ends() {
    let start = Position::start();
    let mut h = History::new(start);
    let line = read_movetext(&start, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1", NotationLang::English).expect("reads");
    for m in &line {
        h.push(*m).expect("legal");
    }
    // Black may claim by announcing Ng8, which makes the start position appear a third time (9.2a).
    assert_eq!(h.claimable_draw(), None);
    let ng8 = voxchess::notation::read_move(h.current(), "Ng8", NotationLang::English).expect("reads");
    assert_eq!(h.claimable_draw_with(&ng8), Some(DrawClaim::ThreefoldRepetition));
    h.push(ng8).expect("legal");
    assert_eq!(h.repetitions(), 3);
    assert_eq!(h.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(h.outcome(), None);
    let more = read_movetext(h.current(), "5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8", NotationLang::English)
        .expect("reads");
    for m in &more {
        h.push(*m).expect("legal");
    }
    assert_eq!(h.repetitions(), 5);
    assert_eq!(h.outcome(), Some(Outcome::Draw(DrawReason::FivefoldRepetition)));
    assert!(h.pop().is_some());
    assert_eq!(h.outcome(), None);
}

#[test]
fn en_passant_right_counts_only_when_the_capture_is_legal() {
    // After 1...d5 the pawn e5 could take en passant, so the position after
    // the double step differs from the same placement reached without it.
    let a = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let b = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert_ne!(a, b);
    // The white king on a5 pinned along the rank: the capture would be illegal, so both are the same.
    let c = pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2");
    let d = pos("8/8/8/K2pP2r/8/8/8/7k w - - 0 2");
    assert_eq!(c, d);
    assert_eq!(c.to_fen(), d.to_fen());
}

#[test]
fn fifty_and_seventy_five_moves() {
    let p = pos("8/8/8/8/8/8/R7/K6k w - - 99 80");
    let mut h = History::new(p);
    assert_eq!(h.claimable_draw(), None);
    let m = voxchess::notation::read_move(&p, "Rb2", NotationLang::English).expect("reads");
    assert_eq!(h.claimable_draw_with(&m), Some(DrawClaim::FiftyMoves), "9.3a: the move that completes 50 moves");
    h.push(m).expect("legal");
    assert_eq!(h.claimable_draw(), Some(DrawClaim::FiftyMoves));
    let p = pos("8/8/8/8/8/8/R7/K6k w - - 149 100");
    let mut h = History::new(p);
    h.push(voxchess::notation::read_move(&p, "Rb2", NotationLang::English).unwrap()).unwrap();
    assert_eq!(h.outcome(), Some(Outcome::Draw(DrawReason::SeventyFiveMoves)));
    // Checkmate on the 75th move takes precedence (9.6b).
    let p = pos("7k/8/6K1/8/8/8/8/R7 w - - 149 100");
    let mut h = History::new(p);
    h.push(voxchess::notation::read_move(&p, "Ra8#", NotationLang::English).unwrap()).unwrap();
    assert!(matches!(h.outcome(), Some(Outcome::Win { winner: Color::White, .. })));
}

#[test]
fn stalemate() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn illegal_moves_are_refused_by_play() {
    let p = Position::start();
    let m = voxchess::rules::Move {
        from: voxchess::rules::Square::parse("e2").unwrap(),
        to: voxchess::rules::Square::parse("e5").unwrap(),
        kind: voxchess::rules::MoveKind::Normal,
    };
    assert_eq!(p.play(&m).unwrap_err().to_string(), "e2e5 is not a legal move in this position");
}
