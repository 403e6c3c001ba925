//! Finding the mistakes of a game: every position of the main line is
//! evaluated at one fixed strength; a move is judged by how much it lowers
//! the mover's winning chances.
//!
//! The evaluation is turned into White's winning chances in percent with
//! the formula lichess uses: `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`,
//! the centipawns limited to ±1000 and a mate counted as ±1000. A move
//! that lowers the mover's chances by at least 10 points is an
//! inaccuracy, by 20 a mistake, by 30 a blunder. The engine's own first
//! choice is never marked.

use crate::engine::analysis::{Line, Score};
use crate::rules::{Color, Move, Position};

/// The chances lost that make an inaccuracy, a mistake, a blunder.
pub(crate) const THRESHOLDS: [f64; 3] = [10.0, 20.0, 30.0];

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub(crate) const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The annotation glyph written into a PGN ($6 ?!, $2 ?, $4 ??).
    pub(crate) fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }
}

/// What the engine found in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Evaluated {
    /// From White's view; `Mate(0)` is a side checkmated.
    pub(crate) score: Score,
    /// The engine's move (None when the game is over here).
    pub(crate) best: Option<Move>,
}

impl Evaluated {
    /// The evaluation of a position where the game is over (no engine
    /// needed): checkmate, stalemate.
    pub(crate) fn final_position(pos: &Position) -> Option<Evaluated> {
        if !pos.legal_moves().is_empty() {
            return None;
        }
        let score = if pos.is_check() { Score::Mate(0) } else { Score::Centipawns(0) };
        Some(Evaluated { score, best: None })
    }

    /// The engine's first line.
    pub(crate) fn of_line(line: &Line) -> Evaluated {
        Evaluated { score: line.score, best: line.moves.first().copied() }
    }
}

/// White's winning chances in percent (see the module's note); `turn` is
/// the side to move, which has lost when the score is `Mate(0)`.
pub(crate) fn white_chances(score: Score, turn: Color) -> f64 {
    let cp = match score {
        Score::Centipawns(cp) => f64::from(cp.clamp(-1000, 1000)),
        Score::Mate(0) if turn == Color::White => -1000.0,
        Score::Mate(0) => 1000.0,
        Score::Mate(n) if n > 0 => 1000.0,
        Score::Mate(_) => -1000.0,
    };
    50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
}

/// A move judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Judged {
    /// Its index in the main line.
    pub(crate) ply: usize,
    pub(crate) mark: Mark,
    pub(crate) played: Move,
    /// What the engine would have played.
    pub(crate) best: Option<Move>,
    /// The evaluation before and after the move.
    pub(crate) before: Score,
    pub(crate) after: Score,
}

/// The mark a move earns, if any: `before` is the position it was played
/// in, `after` the position it made.
pub(crate) fn judge(
    before: &Position,
    played: &Move,
    was: &Evaluated,
    after: &Position,
    now: &Evaluated,
) -> Option<Mark> {
    if was.best == Some(*played) {
        return None;
    }
    let (a, b) = (white_chances(was.score, before.turn()), white_chances(now.score, after.turn()));
    let lost = if before.turn() == Color::White { a - b } else { b - a };
    Mark::ALL.into_iter().rev().zip(THRESHOLDS.into_iter().rev()).find(|(_, t)| lost >= *t).map(|(m, _)| m)
}

/// A game's analysis as it comes in: an evaluation per position of the
/// main line, in order.
#[derive(Clone, Debug)]
pub(crate) struct Analysis {
    positions: Vec<Position>,
    moves: Vec<Move>,
    evals: Vec<Option<Evaluated>>,
    /// The marks found so far, in the order of the moves.
    pub(crate) marks: Vec<Judged>,
}

impl Analysis {
    /// An analysis waiting for the evaluations of `positions` (one more
    /// than `moves`).
    pub(crate) fn new(positions: Vec<Position>, moves: Vec<Move>) -> Analysis {
        let evals = positions.iter().map(Evaluated::final_position).collect();
        Analysis { positions, moves, evals, marks: Vec::new() }
    }

    /// The positions the engine must look at, in order (a position where
    /// the game is over needs none).
    pub(crate) fn wanted(&self) -> Vec<(usize, Position)> {
        self.positions.iter().enumerate().filter(|(i, _)| self.evals[*i].is_none()).map(|(i, p)| (i, *p)).collect()
    }

    /// How many moves the game has.
    pub(crate) fn moves(&self) -> usize {
        self.moves.len()
    }

    /// Records the evaluation of position `i` and judges the moves that
    /// now have both sides.
    pub(crate) fn record(&mut self, i: usize, eval: Evaluated) {
        let Some(slot) = self.evals.get_mut(i) else { return };
        *slot = Some(eval);
        for ply in i.checked_sub(1).into_iter().chain([i]) {
            let (Some(Some(was)), Some(Some(now)), Some(played)) =
                (self.evals.get(ply), self.evals.get(ply + 1), self.moves.get(ply))
            else {
                continue;
            };
            if self.marks.iter().any(|m| m.ply == ply) {
                continue;
            }
            let (before, after) = (&self.positions[ply], &self.positions[ply + 1]);
            if let Some(mark) = judge(before, played, was, after, now) {
                let judged = Judged { ply, mark, played: *played, best: was.best, before: was.score, after: now.score };
                let at = self.marks.partition_point(|m| m.ply < ply);
                self.marks.insert(at, judged);
            }
        }
    }

    /// How many moves have been judged (both positions evaluated), counted
    /// from the first.
    pub(crate) fn judged(&self) -> usize {
        self.evals.windows(2).take_while(|w| w[0].is_some() && w[1].is_some()).count()
    }

    /// How many marks of each kind a side has: [inaccuracies, mistakes, blunders].
    pub(crate) fn counts(&self, color: Color) -> [usize; 3] {
        let mut counts = [0; 3];
        for m in self.marks.iter().filter(|m| self.positions[m.ply].turn() == color) {
            counts[m.mark as usize] += 1;
        }
        counts
    }

    /// The position a move was played in.
    pub(crate) fn before(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The move played at `ply`.
    pub(crate) fn played(&self, ply: usize) -> Option<Move> {
        self.moves.get(ply).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(cp: i32, best: Option<Move>) -> Evaluated {
        Evaluated { score: Score::Centipawns(cp), best }
    }

    #[test]
    fn chances_follow_the_documented_formula() {
        assert!((white_chances(Score::Centipawns(0), Color::White) - 50.0).abs() < 1e-9);
        assert!(white_chances(Score::Centipawns(300), Color::White) > 74.0);
        assert!(white_chances(Score::Mate(3), Color::Black) > 97.0);
        assert!(white_chances(Score::Mate(0), Color::White) < 3.0);
        assert!(white_chances(Score::Mate(0), Color::Black) > 97.0);
    }

    #[test]
    fn losing_a_queen_is_a_blunder_and_a_small_slip_is_nothing() {
        let start = Position::start();
        let moves = start.legal_moves();
        let (played, other) = (moves[0], moves[1]);
        let after = start.play(&played).unwrap();
        let judged = |was: i32, now: i32| judge(&start, &played, &eval(was, Some(other)), &after, &eval(now, None));
        assert_eq!(judged(30, -900), Some(Mark::Blunder));
        assert_eq!(judged(30, 10), None);
        assert_eq!(judged(30, -250), Some(Mark::Mistake));
        assert_eq!(judged(30, -120), Some(Mark::Inaccuracy));
        // The engine's own choice is never marked.
        let best = judge(&start, &played, &eval(30, Some(played)), &after, &eval(-900, None));
        assert_eq!(best, None);
    }

    #[test]
    fn marks_come_in_order_as_evaluations_arrive() {
        let mut pos = Position::start();
        let mut positions = vec![pos];
        let mut moves = Vec::new();
        for _ in 0..4 {
            let m = pos.legal_moves()[0];
            pos.play_unchecked(&m);
            moves.push(m);
            positions.push(pos);
        }
        let mut a = Analysis::new(positions, moves);
        assert_eq!(a.wanted().len(), 5);
        for (i, cp) in [(4, 800), (3, 0), (2, 0), (1, 0), (0, 0)] {
            a.record(i, eval(cp, None));
        }
        assert_eq!(a.judged(), 4);
        assert_eq!(a.marks.len(), 1);
        assert_eq!(a.marks[0].ply, 3);
        assert_eq!(a.counts(Color::Black), [0, 0, 1]);
    }
}
