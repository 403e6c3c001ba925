//! A position being set up piece by piece, and the one check of a
//! position against the Laws (3.8, 3.9, 9.6 and the seeds' written form
//! of a position): what a FEN is read against, and what `done` asks of a
//! board set up by hand. The problems are typed; FEN's errors and the
//! setup's words each say them in their own way.

use super::bitboard::Bitboard;
use super::board::Board;
use super::castling::{CastleSide, CastlingRights};
use super::color::Color;
use super::position::Position;
use super::role::{Piece, Role};
use super::square::{Rank, Square};

/// What makes a position impossible under the Laws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    /// A side has no king, or more than one.
    Kings {
        /// Whose.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// A side has more than 16 pieces.
    TooManyPieces(Color),
    /// A side has more than 8 pawns.
    TooManyPawns(Color),
    /// A pawn stands on the first or last rank.
    PawnOnEdge(Square),
    /// The side not to move is in check (its king could be taken).
    WaitingInCheck(Color),
    /// The side to move is in check from more than two pieces.
    TooManyCheckers(Color),
    /// A castling right whose king or rook is not on its starting square.
    Castling {
        /// Whose right.
        color: Color,
        /// Which side.
        side: CastleSide,
    },
    /// An en passant square no pawn has just passed over with a double step.
    EnPassant(Square),
}

/// The problems of a position, in the order they are best said: the
/// kings first (without them nothing else can be checked), then the
/// pieces, check, castling and en passant.
pub(crate) fn problems(pos: &Position) -> Vec<PositionProblem> {
    let b = &pos.board;
    let mut out = Vec::new();
    for color in Color::ALL {
        let kings = b.pieces(color, Role::King).count();
        if kings != 1 {
            out.push(PositionProblem::Kings { color, count: kings });
        }
    }
    for color in Color::ALL {
        if b.by_color(color).count() > 16 {
            out.push(PositionProblem::TooManyPieces(color));
        }
        if b.pieces(color, Role::Pawn).count() > 8 {
            out.push(PositionProblem::TooManyPawns(color));
        }
    }
    let back = Bitboard::rank(Rank::ALL[0]) | Bitboard::rank(Rank::ALL[7]);
    out.extend((b.by_role(Role::Pawn) & back).into_iter().map(PositionProblem::PawnOnEdge));
    let kings_known = !out.iter().any(|p| matches!(p, PositionProblem::Kings { .. }));
    if kings_known {
        let waiting = !pos.turn;
        if let Some(their_king) = b.king_of(waiting)
            && pos.attackers_to(their_king, pos.turn, b.occupied()).any()
        {
            out.push(PositionProblem::WaitingInCheck(waiting));
        }
        if pos.checkers().count() > 2 {
            out.push(PositionProblem::TooManyCheckers(pos.turn));
        }
    }
    for color in Color::ALL {
        for side in CastleSide::ALL {
            if pos.castling.has(color, side) {
                let king_ok = b.pieces(color, Role::King).contains(CastleSide::king_from(color));
                let rook_ok = b.pieces(color, Role::Rook).contains(side.rook_from(color));
                if !king_ok || !rook_ok {
                    out.push(PositionProblem::Castling { color, side });
                }
            }
        }
    }
    if let Some(ep) = pos.ep_square
        && !en_passant_possible(pos, ep)
    {
        out.push(PositionProblem::EnPassant(ep));
    }
    out
}

/// Whether a pawn of the side not to move can just have passed over `ep`
/// with a double step: on the right rank, the pawn beyond it, the square
/// and the one it came from empty.
fn en_passant_possible(pos: &Position, ep: Square) -> bool {
    let rank_ok = ep.rank().index() == if pos.turn == Color::White { 5 } else { 2 };
    if !rank_ok {
        return false;
    }
    let (pawn_sq, from_sq) = match pos.turn {
        Color::White => (ep.offset(-8), ep.offset(8)),
        Color::Black => (ep.offset(8), ep.offset(-8)),
    };
    let b = &pos.board;
    b.pieces(!pos.turn, Role::Pawn).contains(pawn_sq) && !b.occupied().contains(ep) && !b.occupied().contains(from_sq)
}

/// A position being set up: the board, the side to move, the castling
/// rights and the en passant square, each set on its own, unchecked,
/// and checked as a whole by [`Arrangement::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement(Position);

/// What a placement did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    /// The square was empty.
    Empty,
    /// The same piece stood there already.
    Same,
    /// Another piece stood there, and is gone.
    Replaced(Piece),
}

impl Arrangement {
    /// An empty board, White to move, no castling.
    pub fn empty() -> Arrangement {
        Arrangement(Position {
            board: Board::empty(),
            turn: Color::White,
            castling: CastlingRights::NONE,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        })
    }

    /// A position as it stands, to change.
    pub fn of(pos: &Position) -> Arrangement {
        Arrangement(*pos)
    }

    /// The position as it stands, unchecked: for reading the board, the
    /// pieces and the FEN while it is set up. Nothing is played in it.
    pub fn as_position(&self) -> &Position {
        &self.0
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.0.board
    }

    /// Puts `piece` on `square`, unless the Laws refuse it whatever else
    /// is done: a pawn on the first or last rank, a second king, a ninth
    /// pawn or a seventeenth piece of a side.
    pub fn place(&mut self, square: Square, piece: Piece) -> Result<Placed, PositionProblem> {
        let before = self.0.board.piece_at(square);
        if before == Some(piece) {
            return Ok(Placed::Same);
        }
        if piece.role == Role::Pawn && matches!(square.rank().index(), 0 | 7) {
            return Err(PositionProblem::PawnOnEdge(square));
        }
        let mut after = self.0.board;
        after.remove(square);
        let color = piece.color;
        if piece.role == Role::King && after.pieces(color, Role::King).any() {
            return Err(PositionProblem::Kings { color, count: 2 });
        }
        if piece.role == Role::Pawn && after.pieces(color, Role::Pawn).count() >= 8 {
            return Err(PositionProblem::TooManyPawns(color));
        }
        if after.by_color(color).count() >= 16 {
            return Err(PositionProblem::TooManyPieces(color));
        }
        after.put(square, piece);
        self.0.board = after;
        Ok(before.map_or(Placed::Empty, Placed::Replaced))
    }

    /// Empties a square; the piece that stood there, if any.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.0.board.remove(square)
    }

    /// Empties the board; the side to move stays, castling and en
    /// passant go.
    pub fn clear(&mut self) {
        let turn = self.0.turn;
        *self = Arrangement::empty();
        self.0.turn = turn;
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, color: Color) {
        self.0.turn = color;
    }

    /// Sets the castling rights.
    pub fn set_castling(&mut self, rights: CastlingRights) {
        self.0.castling = rights;
    }

    /// Sets (or, None, clears) the en passant square.
    pub fn set_en_passant(&mut self, square: Option<Square>) {
        self.0.ep_square = square;
    }

    /// The position, if the Laws allow it; else every problem.
    pub fn check(&self) -> Result<Position, Vec<PositionProblem>> {
        let mut pos = self.0;
        let found = problems(&pos);
        if !found.is_empty() {
            return Err(found);
        }
        // Keep the en passant square only where a pawn could take.
        if let Some(ep) = pos.ep_square
            && (super::attacks::pawn(!pos.turn, ep) & pos.board.pieces(pos.turn, Role::Pawn)).is_empty()
        {
            pos.ep_square = None;
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("square")
    }

    fn piece(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    #[test]
    fn placements_the_laws_refuse_whatever_else_is_done_are_refused_as_made() {
        let mut a = Arrangement::empty();
        assert_eq!(a.place(sq("g1"), piece(Color::White, Role::King)), Ok(Placed::Empty));
        assert_eq!(
            a.place(sq("e1"), piece(Color::White, Role::King)),
            Err(PositionProblem::Kings { color: Color::White, count: 2 })
        );
        // The king itself may be put where it stands, or replace itself.
        assert_eq!(a.place(sq("g1"), piece(Color::White, Role::King)), Ok(Placed::Same));
        assert_eq!(a.place(sq("h8"), piece(Color::Black, Role::Pawn)), Err(PositionProblem::PawnOnEdge(sq("h8"))));
        assert_eq!(a.place(sq("a1"), piece(Color::White, Role::Pawn)), Err(PositionProblem::PawnOnEdge(sq("a1"))));
        for f in "abcdefgh".chars() {
            assert!(a.place(sq(&format!("{f}2")), piece(Color::White, Role::Pawn)).is_ok());
        }
        assert_eq!(
            a.place(sq("a3"), piece(Color::White, Role::Pawn)),
            Err(PositionProblem::TooManyPawns(Color::White))
        );
        // A pawn replacing a pawn is no ninth one.
        assert_eq!(
            a.place(sq("a2"), piece(Color::White, Role::Queen)),
            Ok(Placed::Replaced(piece(Color::White, Role::Pawn)))
        );
        assert_eq!(a.board().pieces(Color::White, Role::Pawn).count(), 7);
    }

    #[test]
    fn done_finds_every_problem_of_the_whole_position() {
        let mut a = Arrangement::empty();
        assert_eq!(
            a.check(),
            Err(vec![
                PositionProblem::Kings { color: Color::White, count: 0 },
                PositionProblem::Kings { color: Color::Black, count: 0 }
            ])
        );
        a.place(sq("e1"), piece(Color::White, Role::King)).expect("king");
        a.place(sq("e8"), piece(Color::Black, Role::King)).expect("king");
        a.place(sq("e2"), piece(Color::White, Role::Rook)).expect("rook");
        a.set_turn(Color::White);
        a.set_castling(CastlingRights::ALL);
        a.set_en_passant(Some(sq("d6")));
        let found = a.check().expect_err("problems");
        assert_eq!(
            found,
            vec![
                PositionProblem::WaitingInCheck(Color::Black),
                PositionProblem::Castling { color: Color::White, side: CastleSide::King },
                PositionProblem::Castling { color: Color::White, side: CastleSide::Queen },
                PositionProblem::Castling { color: Color::Black, side: CastleSide::King },
                PositionProblem::Castling { color: Color::Black, side: CastleSide::Queen },
                PositionProblem::EnPassant(sq("d6")),
            ]
        );
        a.set_turn(Color::Black);
        a.set_castling(CastlingRights::NONE);
        a.set_en_passant(None);
        let pos = a.check().expect("legal");
        assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1");
    }

    #[test]
    fn an_en_passant_square_after_a_double_step_is_kept_where_a_pawn_can_take() {
        let pos = Position::from_fen("4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2").expect("fen");
        let a = Arrangement::of(&pos);
        assert_eq!(a.check().expect("legal").legal_ep_square(), Some(sq("d6")));
        let mut b = Arrangement::of(&pos);
        b.remove(sq("c5"));
        assert_eq!(b.check().expect("legal").to_fen(), "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2");
    }
}
