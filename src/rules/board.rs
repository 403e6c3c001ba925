//! Piece placement only: which piece stands on which square.

use super::bitboard::Bitboard;
use super::color::Color;
use super::role::{Piece, Role};
use super::square::Square;

/// Where the pieces stand, as one bitboard per role and per colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Board {
    /// A board with no pieces.
    pub const fn empty() -> Board {
        Board { by_role: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2] }
    }

    /// The initial arrangement (FIDE 2.3).
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back =
            [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King, Role::Bishop, Role::Knight, Role::Rook];
        for (i, role) in back.iter().enumerate() {
            let i = i as u32;
            b.put(Square::from_index_unchecked(i), Piece { color: Color::White, role: *role });
            b.put(Square::from_index_unchecked(56 + i), Piece { color: Color::Black, role: *role });
            b.put(Square::from_index_unchecked(8 + i), Piece { color: Color::White, role: Role::Pawn });
            b.put(Square::from_index_unchecked(48 + i), Piece { color: Color::Black, role: Role::Pawn });
        }
        b
    }

    /// The piece-placement field of FEN.
    pub fn fen_field(&self) -> String {
        use super::square::{File, Rank};
        let mut s = String::new();
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank.index() > 0 {
                s.push('/');
            }
        }
        s
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    /// Squares with pieces of a colour.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    /// Squares with pieces of a role (both colours).
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
    /// Squares with a given piece.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role[piece.role.index()] & self.by_color[piece.color.index()]
    }
    /// Rooks and queens of both colours.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }
    /// Bishops and queens of both colours.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }
    /// The king square of a colour, if there is exactly one king.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role(Role::King) & self.by_color(color)).single()
    }
    /// The colour of the piece on a square.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }
    /// The role of the piece on a square.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL.into_iter().find(|r| self.by_role[r.index()].contains(sq))
    }
    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece { color: self.color_at(sq)?, role: self.role_at(sq)? })
    }
    /// Puts a piece on an empty square (or replaces what is there).
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.by_role[piece.role.index()].add(sq);
        self.by_color[piece.color.index()].add(sq);
    }
    /// Removes whatever stands on a square, returning it.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_role[piece.role.index()].remove(sq);
        self.by_color[piece.color.index()].remove(sq);
        Some(piece)
    }
    /// Toggles a known piece on a square (fast path for making moves).
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, color: Color, role: Role) {
        let bb = Bitboard::from_square(sq);
        self.by_role[role.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
    }
    /// Pieces of a colour and role.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }
}
