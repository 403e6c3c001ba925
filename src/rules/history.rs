//! The moves of one game from its start position, with what depends on the
//! whole history: repetitions (9.2, 9.6a), the 50- and 75-move rules (9.3,
//! 9.6b), and the game's end.

use super::board::Board;
use super::castling::CastlingRights;
use super::color::Color;
use super::moves::Move;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::position::{IllegalMove, Position};
use super::square::Square;

/// What makes two positions "the same" under 9.2: the same pieces on the same
/// squares, the same side to move, the same castling rights, and an en passant
/// right only when the capture is actually legal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: Board,
    turn: Color,
    castling: CastlingRights,
    ep: Option<Square>,
}

impl RepetitionKey {
    /// The key of a position.
    pub fn of(pos: &Position) -> RepetitionKey {
        RepetitionKey { board: *pos.board(), turn: pos.turn(), castling: pos.castling(), ep: pos.legal_ep_square() }
    }
}

/// A draw a player may claim (9.2, 9.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    /// The position has appeared (or will appear) three times.
    ThreefoldRepetition,
    /// 50 moves by each side without a capture or a pawn move.
    FiftyMoves,
}

impl From<DrawClaim> for DrawReason {
    fn from(c: DrawClaim) -> DrawReason {
        match c {
            DrawClaim::ThreefoldRepetition => DrawReason::ThreefoldRepetition,
            DrawClaim::FiftyMoves => DrawReason::FiftyMoves,
        }
    }
}

/// A game's moves and the positions they pass through.
#[derive(Clone, Debug)]
pub struct History {
    positions: Vec<Position>,
    keys: Vec<RepetitionKey>,
    moves: Vec<Move>,
}

impl History {
    /// A game starting at `start`.
    pub fn new(start: Position) -> History {
        History { keys: vec![RepetitionKey::of(&start)], positions: vec![start], moves: Vec::new() }
    }
    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }
    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!("history always has a start position"))
    }
    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// Positions from the start (index 0) to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
    /// Plays a legal move.
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMove> {
        let next = self.current().play(&m)?;
        self.keys.push(RepetitionKey::of(&next));
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }
    /// Takes back the last move.
    pub fn pop(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(m)
    }

    fn count_of(&self, key: &RepetitionKey) -> usize {
        self.keys.iter().filter(|k| *k == key).count()
    }

    /// How many times the current position has appeared, this time included.
    pub fn repetitions(&self) -> usize {
        self.count_of(&self.keys[self.keys.len() - 1])
    }

    /// A draw the player to move may claim now (9.2b, 9.3b).
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.repetitions() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.current().halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// A draw the player to move may claim by announcing `m`, the move that
    /// would complete the repetition or the 50 moves (9.2a, 9.3a).
    pub fn claimable_draw_with(&self, m: &Move) -> Option<DrawClaim> {
        if let Some(claim) = self.claimable_draw() {
            return Some(claim);
        }
        let next = self.current().play(m).ok()?;
        if self.count_of(&RepetitionKey::of(&next)) + 1 >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if next.halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// The end of the game by the rules of the board alone: checkmate,
    /// stalemate, dead position, fivefold repetition, 75 moves.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.current();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::Draw(DrawReason::FivefoldRepetition));
        }
        if pos.halfmoves() >= 150 {
            return Some(Outcome::Draw(DrawReason::SeventyFiveMoves));
        }
        None
    }
}

impl Position {
    /// The end of the game shown by this position alone: checkmate, stalemate
    /// or a dead position.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                Outcome::Win { winner: !self.turn(), reason: WinReason::Checkmate }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if self.is_dead_position() {
            return Some(Outcome::Draw(DrawReason::DeadPosition));
        }
        None
    }
}
