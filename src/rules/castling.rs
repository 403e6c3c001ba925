//! Castling rights (FIDE 3.8): which castlings are still possible in principle.

use super::color::Color;
use super::square::Square;

/// King side (0-0) or queen side (0-0-0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Short castling, with the rook on the h-file.
    King,
    /// Long castling, with the rook on the a-file.
    Queen,
}

impl CastleSide {
    /// Both sides, short first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// Start square of the rook for a colour.
    pub fn rook_from(self, color: Color) -> Square {
        let base = if color == Color::White { 0 } else { 56 };
        Square::from_index_unchecked(base + if self == CastleSide::King { 7 } else { 0 })
    }
    /// Where the rook goes.
    pub fn rook_to(self, color: Color) -> Square {
        let base = if color == Color::White { 0 } else { 56 };
        Square::from_index_unchecked(base + if self == CastleSide::King { 5 } else { 3 })
    }
    /// Where the king goes.
    pub fn king_to(self, color: Color) -> Square {
        let base = if color == Color::White { 0 } else { 56 };
        Square::from_index_unchecked(base + if self == CastleSide::King { 6 } else { 2 })
    }
    /// The king's start square.
    pub fn king_from(color: Color) -> Square {
        Square::from_index_unchecked(if color == Color::White { 4 } else { 60 })
    }
}

/// The four castling rights as bits: K=1, Q=2, k=4, q=8 (as in FEN).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

const CLEAR_ON_TOUCH: [u8; 64] = {
    let mut t = [0u8; 64];
    t[0] = 2;
    t[4] = 3;
    t[7] = 1;
    t[56] = 8;
    t[60] = 12;
    t[63] = 4;
    t
};

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    fn bit(color: Color, side: CastleSide) -> u8 {
        1 << (color.index() * 2 + if side == CastleSide::King { 0 } else { 1 })
    }
    /// Whether the right is held.
    #[inline]
    pub fn has(self, color: Color, side: CastleSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }
    /// Grants a right.
    pub fn add(&mut self, color: Color, side: CastleSide) {
        self.0 |= Self::bit(color, side);
    }
    /// Whether a colour has any right left.
    pub fn any_for(self, color: Color) -> bool {
        self.0 & (3 << (color.index() * 2)) != 0
    }
    /// Whether no right is held.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Removes the rights lost when a piece leaves or arrives at a square.
    #[inline]
    pub(crate) fn touch(&mut self, sq: Square) {
        self.0 &= !CLEAR_ON_TOUCH[sq.index()];
    }
    /// FEN field ("KQkq" or "-").
    pub fn fen(self) -> String {
        let mut s = String::new();
        for (c, side, ch) in [
            (Color::White, CastleSide::King, 'K'),
            (Color::White, CastleSide::Queen, 'Q'),
            (Color::Black, CastleSide::King, 'k'),
            (Color::Black, CastleSide::Queen, 'q'),
        ] {
            if self.has(c, side) {
                s.push(ch);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}
