//! Differential tests against shakmaty (a dev-dependency only): positions
//! from random games, comparing legal moves, check/mate/stalemate, FEN,
//! SAN and mating material.

use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _, fen::Fen, san::SanPlus, uci::UciMove};
use voxchess::notation::{SanOptions, write_san};
use voxchess::rules::{Color, Position};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn compare(ours: &Position, theirs: &Chess) {
    let fen = ours.to_fen();
    let their_fen = Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    assert_eq!(fen, their_fen, "FEN differs");
    assert_eq!(Position::from_fen(&fen).expect("own FEN reads back"), *ours, "FEN round trip of {fen}");

    let mut our_moves: Vec<String> = ours.legal_moves().iter().map(|m| m.uci()).collect();
    let mut their_moves: Vec<String> =
        theirs.legal_moves().iter().map(|m| UciMove::from_move(*m, CastlingMode::Standard).to_string()).collect();
    our_moves.sort();
    their_moves.sort();
    assert_eq!(our_moves, their_moves, "legal moves differ in {fen}");

    assert_eq!(ours.is_check(), theirs.is_check(), "check differs in {fen}");
    assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "mate differs in {fen}");
    assert_eq!(ours.is_stalemate(), theirs.is_stalemate(), "stalemate differs in {fen}");
    for (c, sc) in [(Color::White, shakmaty::Color::White), (Color::Black, shakmaty::Color::Black)] {
        assert_eq!(ours.can_mate(c), !theirs.has_insufficient_material(sc), "mating material of {c} in {fen}");
    }

    let opts = SanOptions::default();
    for m in ours.legal_moves() {
        let ours_san = write_san(ours, &m, &opts);
        let uci: UciMove = m.uci().parse().expect("uci");
        let tm = uci.to_move(theirs).expect("shakmaty accepts our move");
        let theirs_san = SanPlus::from_move(theirs.clone(), tm).to_string();
        assert_eq!(ours_san, theirs_san, "SAN of {} in {fen}", m.uci());
    }
}

#[test]
fn random_games_match_shakmaty() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut positions = 0;
    let mut games = 0;
    while positions < 50_000 {
        games += 1;
        let mut ours = Position::start();
        let mut theirs = Chess::default();
        for _ply in 0..400 {
            compare(&ours, &theirs);
            positions += 1;
            let moves = ours.legal_moves();
            if moves.is_empty() || ours.is_dead_position() {
                break;
            }
            // Prefer captures and promotions now and then, to reach endgames.
            let captures: Vec<_> = moves.iter().filter(|m| ours.is_capture(m) || m.promotion().is_some()).collect();
            let m = if !captures.is_empty() && rng.below(3) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let uci: UciMove = m.uci().parse().expect("uci");
            let tm = uci.to_move(&theirs).expect("legal for shakmaty");
            theirs = theirs.play(tm).expect("plays");
            ours = ours.play(&m).expect("plays");
        }
    }
    eprintln!("compared {positions} positions from {games} random games");
    assert!(games > 10, "only {games} games");
}

#[test]
fn special_positions_match_shakmaty() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "8/8/8/8/8/8/8/KB5k w - - 0 1",
        "8/8/8/8/8/8/8/KN5k w - - 0 1",
        "8/8/8/8/8/8/1b6/KB5k w - - 0 1",
        "8/8/8/8/8/8/b7/KB5k w - - 0 1",
        "8/8/8/8/8/8/8/KN4nk w - - 0 1",
        "8/8/8/8/8/8/8/KNN4k w - - 0 1",
        "8/8/8/8/8/8/p7/KN5k w - - 0 1",
        "8/8/8/8/8/8/8/KN4qk w - - 0 1",
        "8/8/8/8/8/8/8/KN4rk w - - 0 1",
    ];
    for fen in fens {
        let ours = Position::from_fen(fen).expect("valid");
        let theirs: Chess = fen.parse::<Fen>().expect("fen").into_position(CastlingMode::Standard).expect("pos");
        compare(&ours, &theirs);
    }
}
