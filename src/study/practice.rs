//! The player's own mistakes as puzzles: after a game's analysis, each
//! move marked a mistake or a blunder becomes a puzzle from the position
//! before it (the opponent's move before it played first, as in
//! lichess's puzzles): "find a better move than the one you played". The
//! engine's best move is the answer; another move is right when the
//! engine finds it as good, within [`MARGIN`] of winning chances.

use super::judge::{Analysis, Mark, white_chances};
use super::puzzle::Puzzle;
use crate::engine::analysis::Score;
use crate::rules::{Color, Move, Position};

/// The winning chances (in percent points) a move may lose against the
/// engine's best and still count as right.
pub const MARGIN: f64 = 5.0;

/// A mistake to practise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Practice {
    /// The puzzle: the opponent's move before the mistake, then the
    /// engine's best move.
    pub puzzle: Puzzle,
    /// The move played in the game.
    pub played: Move,
    /// The evaluation before the mistake, from White's view.
    pub before: Score,
    /// The full move number of the mistake.
    pub number: u32,
}

/// The mistakes and blunders of `side` (None: both sides), as practices,
/// in the order of the game. A mistake on the game's first move (no
/// move before it) or without the engine's move is left out.
pub(crate) fn practices(analysis: &Analysis, side: Option<Color>) -> Vec<Practice> {
    analysis
        .marks
        .iter()
        .filter(|m| m.mark >= Mark::Mistake)
        .filter_map(|m| {
            let pos = *analysis.before(m.ply)?;
            if side.is_some_and(|c| pos.turn() != c) {
                return None;
            }
            let best = m.best?;
            let start = *analysis.before(m.ply.checked_sub(1)?)?;
            let previous = analysis.played(m.ply - 1)?;
            let puzzle = Puzzle {
                id: format!("m{}{}", pos.fullmoves(), if pos.turn() == Color::White { "w" } else { "b" }),
                start,
                line: vec![previous, best],
                rating: 0,
                themes: Vec::new(),
                url: None,
            };
            Some(Practice { puzzle, played: m.played, before: m.before, number: pos.fullmoves() })
        })
        .collect()
}

/// Whether a move that led from `before` to a position the engine scores
/// `after` (White's view) is as good as the engine's best, scored
/// `best`: it loses at most [`MARGIN`] of the mover's winning chances.
pub fn as_good(before: &Position, best: Score, after: &Position, score: Score) -> bool {
    let (a, b) = (white_chances(best, before.turn()), white_chances(score, after.turn()));
    let lost = if before.turn() == Color::White { a - b } else { b - a };
    lost <= MARGIN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_near_the_best_is_as_good() {
        let before = Position::start();
        let mut after = before;
        let e4 = before.legal_moves().iter().find(|m| m.uci() == "e2e4").copied().expect("e4");
        after.play_unchecked(&e4);
        assert!(as_good(&before, Score::Centipawns(30), &after, Score::Centipawns(20)));
        assert!(!as_good(&before, Score::Centipawns(30), &after, Score::Centipawns(-300)));
        // For Black, a higher score for White is worse.
        let mut black = after;
        let e5 = black.legal_moves().iter().find(|m| m.uci() == "e7e5").copied().expect("e5");
        black.play_unchecked(&e5);
        assert!(!as_good(&after, Score::Centipawns(20), &black, Score::Centipawns(400)));
        assert!(as_good(&after, Score::Centipawns(20), &black, Score::Centipawns(10)));
    }
}
