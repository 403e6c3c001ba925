//! A position: the board, the side to move, castling rights, the en passant
//! square and the move counters. Making moves and asking about check.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::{CastleSide, CastlingRights};
use super::color::Color;
use super::moves::{Move, MoveKind, MoveList};
use super::role::{Piece, Role};
use super::square::Square;

/// A complete chess position (everything FEN records). Two positions are
/// equal when their FENs are: an en passant square counts only when the
/// capture is legal.
#[derive(Copy, Clone, Debug)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    /// The square passed over by a pawn's double step, kept only when an enemy
    /// pawn stands beside the pawn (so a capture may be possible).
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && self.legal_ep_square() == other.legal_ep_square()
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.turn.hash(state);
        self.castling.hash(state);
        self.legal_ep_square().hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{uci} is not a legal move in this position")]
pub struct IllegalMove {
    /// The move in UCI form.
    pub uci: String,
}

impl Position {
    /// The initial position (FIDE 2.3), White to move.
    pub fn start() -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece placement.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// The castling rights.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }
    /// Half-moves since the last capture or pawn move (for 9.3 and 9.6b).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The move number (starts at 1, grows after Black's move).
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// The en passant square, only when a capture there is actually legal.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut moves = MoveList::new();
        self.gen_en_passant(ep, &mut moves);
        if moves.is_empty() { None } else { Some(ep) }
    }

    /// The square of the side to move's king.
    #[inline]
    pub(crate) fn our_king(&self) -> Square {
        self.board.king_of(self.turn).unwrap_or_else(|| unreachable!("positions always have one king per side"))
    }

    /// Pieces of `by` that attack `sq`, with the given occupancy.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let them = b.by_color(by);
        ((attacks::rook(sq, occupied) & b.rooks_and_queens())
            | (attacks::bishop(sq, occupied) & b.bishops_and_queens())
            | (attacks::knight(sq) & b.by_role(Role::Knight))
            | (attacks::king(sq) & b.by_role(Role::King))
            | (attacks::pawn(!by, sq) & b.by_role(Role::Pawn)))
            & them
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(self.our_king(), !self.turn, self.board.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether the side to move is checkmated (FIDE 1.4a, 5.1a).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move is stalemated (5.2a).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.gen_legal(&mut moves);
        moves
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// The position after a legal move, or an error if the move is not legal.
    pub fn play(&self, m: &Move) -> Result<Position, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove { uci: m.uci() });
        }
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// Whether the move captures something.
    pub fn is_capture(&self, m: &Move) -> bool {
        m.is_en_passant() || (!m.is_castle() && self.board.color_at(m.to) == Some(!self.turn))
    }

    /// The role of the piece a move captures.
    pub fn captured_role(&self, m: &Move) -> Option<Role> {
        match m.kind {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ if self.board.color_at(m.to) == Some(!self.turn) => self.board.role_at(m.to),
            _ => None,
        }
    }

    /// The role of the moving piece.
    pub fn moving_role(&self, m: &Move) -> Option<Role> {
        self.board.role_at(m.from)
    }

    /// Makes a move the caller knows is legal.
    pub fn play_unchecked(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        let role = self.board.role_at(m.from).unwrap_or(Role::Pawn);
        self.ep_square = None;
        self.halfmoves += 1;
        match m.kind {
            MoveKind::Castle => {
                let side = if m.to.file().index() == 6 { CastleSide::King } else { CastleSide::Queen };
                self.board.toggle(m.from, us, Role::King);
                self.board.toggle(m.to, us, Role::King);
                self.board.toggle(side.rook_from(us), us, Role::Rook);
                self.board.toggle(side.rook_to(us), us, Role::Rook);
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(m.to.file(), m.from.rank());
                self.board.toggle(captured, them, Role::Pawn);
                self.board.toggle(m.from, us, Role::Pawn);
                self.board.toggle(m.to, us, Role::Pawn);
                self.halfmoves = 0;
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                if let Some(captured) = self.board.role_at(m.to) {
                    self.board.toggle(m.to, them, captured);
                    self.halfmoves = 0;
                }
                self.board.toggle(m.from, us, role);
                let arriving = m.promotion().unwrap_or(role);
                self.board.toggle(m.to, us, arriving);
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    let (f, t) = (m.from.index(), m.to.index());
                    if f.abs_diff(t) == 16 {
                        let passed = Square::from_index_unchecked(((f + t) / 2) as u32);
                        let beside = attacks::pawn(us, passed) & self.board.pieces(them, Role::Pawn);
                        if beside.any() {
                            self.ep_square = Some(passed);
                        }
                    }
                }
            }
        }
        self.castling.touch(m.from);
        self.castling.touch(m.to);
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
    }

    /// A copy with the other side to move (for describing attacks); no en passant.
    pub fn with_turn(&self, turn: Color) -> Position {
        let mut p = *self;
        p.turn = turn;
        p.ep_square = None;
        p
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }
}
