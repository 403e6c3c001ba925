//! A small built-in engine: alpha-beta search on material and piece
//! placement, so voxchess plays on any machine. Weaker levels search less
//! deep and sometimes take the second-best move.

use super::{Engine, EngineError, clamp_level};
use crate::rules::{Color, History, Move, Position, Role};
use std::time::{Duration, Instant};

/// The built-in engine at a level 1-20.
#[derive(Debug, Clone)]
pub(crate) struct BuiltinEngine {
    level: u8,
    seed: u64,
}

impl BuiltinEngine {
    /// An engine of this strength.
    pub(crate) fn new(level: u8) -> BuiltinEngine {
        BuiltinEngine { level: clamp_level(level), seed: 0x9E37_79B9_7F4A_7C15 }
    }
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// Material and a little centralisation, from the side to move's view.
fn evaluate(pos: &Position) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        for color in Color::ALL {
            let sign = if color == pos.turn() { 1 } else { -1 };
            for sq in pos.board().pieces(color, role) {
                let (f, r) = (sq.file().index() as i32, sq.rank().index() as i32);
                let centre = 6 - ((2 * f - 7).abs() + (2 * r - 7).abs()) / 2;
                let advance = if role == Role::Pawn { (if color == Color::White { r } else { 7 - r }) * 4 } else { 0 };
                score += sign * (value(role) + centre * 3 + advance);
            }
        }
    }
    score
}

const MATE: i32 = 100_000;

fn search(pos: &Position, depth: u32, mut alpha: i32, beta: i32, deadline: Instant) -> i32 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.is_check() { -MATE } else { 0 };
    }
    if depth == 0 || Instant::now() > deadline {
        return evaluate(pos);
    }
    let mut ordered: Vec<Move> = moves.to_vec();
    ordered.sort_by_key(|m| -pos.captured_role(m).map_or(0, value));
    for m in ordered {
        let mut next = *pos;
        next.play_unchecked(&m);
        let score = -search(&next, depth - 1, -beta, -alpha, deadline);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// Every move with its score for the side to move, searched `depth` plies
/// further, best first.
fn scored_moves(pos: &Position, moves: &[Move], depth: u32, deadline: Instant) -> Vec<(i32, Move)> {
    let mut scored: Vec<(i32, Move)> = moves
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            (-search(&next, depth, -MATE - 1, MATE + 1, deadline), *m)
        })
        .collect();
    scored.sort_by_key(|(s, _)| -s);
    scored
}

impl Engine for BuiltinEngine {
    fn name(&self) -> String {
        format!("voxchess built-in engine at level {}", self.level)
    }

    fn builtin_level(&self) -> Option<u8> {
        Some(self.level)
    }

    fn best_move(&mut self, history: &History, think: Duration) -> Result<Move, EngineError> {
        let pos = history.current();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Err(EngineError::NoMove);
        }
        let depth = 1 + u32::from(self.level) / 5;
        let deadline = Instant::now() + think.min(Duration::from_secs(5));
        let scored = scored_moves(pos, &moves, depth - 1, deadline);
        // Weak levels sometimes take the second-best move.
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        let slip = u64::from(20 - self.level) * 3;
        let pick = if scored.len() > 1 && self.seed % 100 < slip { 1 } else { 0 };
        Ok(scored[pick].1)
    }
}

impl super::analysis::Analyse for BuiltinEngine {
    /// Each move searched to the full depth; a move that mates at once is
    /// mate in one, a lost king further away is only "winning" (the search
    /// does not count the moves to mate).
    fn analyse(
        &mut self,
        pos: &Position,
        lines: usize,
        limit: super::analysis::Limit,
    ) -> Result<Vec<super::analysis::Line>, EngineError> {
        use super::analysis::{Limit, Line, Score};
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Err(EngineError::NoMove);
        }
        // Its own depth is fixed: a depth asked for gives it a second.
        let think = match limit {
            Limit::Time(t) => t,
            Limit::Depth(_) => Duration::from_secs(1),
        };
        let deadline = Instant::now() + think.min(Duration::from_secs(5));
        let line = |(s, m): (i32, Move)| {
            let score = if pos.play(&m).is_ok_and(|next| next.is_checkmate()) {
                Score::Mate(1)
            } else {
                Score::Centipawns(s.clamp(-3000, 3000))
            };
            Line { score: score.for_white(pos.turn()), moves: vec![m] }
        };
        Ok(scored_moves(pos, &moves, 3, deadline).into_iter().take(lines.max(1)).map(line).collect())
    }

    fn analyst(&self) -> super::analysis::Analyst {
        super::analysis::Analyst::Builtin
    }
}
