//! A move on the board.

use super::role::Role;
use super::square::Square;
use std::fmt;

/// What kind of move it is, beyond its from and to squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any ordinary move or capture, including a pawn's double step.
    Normal,
    /// A pawn captures en passant (FIDE 3.7d).
    EnPassant,
    /// Castling (3.8): from is the king's square, to the king's destination.
    Castle,
    /// A pawn reaches the last rank and becomes this piece (3.7e).
    Promotion(Role),
}

/// A move: from a square to a square, with its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands (for castling: the king).
    pub from: Square,
    /// Where it goes (for castling: the king's destination g1/c1/g8/c8).
    pub to: Square,
    /// Special kind.
    pub kind: MoveKind,
}

impl Move {
    /// The promotion piece, if any.
    pub fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
    /// Whether this is castling.
    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }
    /// Whether this is an en passant capture.
    pub fn is_en_passant(&self) -> bool {
        self.kind == MoveKind::EnPassant
    }
    /// Whether this castles towards the h-file (short, 0-0).
    pub fn is_short_castle(&self) -> bool {
        self.is_castle() && self.to.file().index() == 6
    }
    /// The move in UCI form ("e2e4", "e7e8q", "e1g1").
    pub fn uci(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    /// UCI notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion() {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

/// A list of moves that never allocates (at most 256 legal moves exist).
pub type MoveList = arrayvec::ArrayVec<Move, 256>;
