//! Perft: counting the leaf nodes of the legal move tree, the standard test
//! of a move generator.

use super::moves::Move;
use super::position::Position;

/// Number of move sequences of length `depth` (bulk counting at the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in &moves {
        let mut next = *pos;
        next.play_unchecked(m);
        total += perft(&next, depth - 1);
    }
    total
}

/// Perft split by first move, as "divide" tools print it.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            (*m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
