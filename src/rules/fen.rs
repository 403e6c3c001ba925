//! Reading and writing FEN (Forsyth-Edwards Notation).

use super::board::Board;
use super::castling::{CastleSide, CastlingRights};
use super::color::Color;
use super::position::Position;
use super::role::{Piece, Role};
use super::square::{File, Rank, Square};

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Which field of a FEN an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    /// Field 1: piece placement.
    Placement,
    /// Field 2: side to move.
    Turn,
    /// Field 3: castling rights.
    Castling,
    /// Field 4: en passant square.
    EnPassant,
    /// Field 5: half-move clock.
    HalfmoveClock,
    /// Field 6: move number.
    MoveNumber,
}

impl std::fmt::Display for FenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FenField::Placement => "field 1 (piece placement)",
            FenField::Turn => "field 2 (side to move)",
            FenField::Castling => "field 3 (castling rights)",
            FenField::EnPassant => "field 4 (en passant square)",
            FenField::HalfmoveClock => "field 5 (half-move clock)",
            FenField::MoveNumber => "field 6 (move number)",
        })
    }
}

/// A FEN that cannot be read or describes an impossible position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is empty.
    #[error("the FEN is empty; example: {START_FEN}")]
    Empty,
    /// More than six fields.
    #[error("the FEN has {0} fields, at most 6 are allowed")]
    TooManyFields(usize),
    /// A field could not be read.
    #[error("bad FEN {field}: {problem}")]
    Field {
        /// Which field.
        field: FenField,
        /// What is wrong, in words.
        problem: String,
    },
}

/// A field's text as an error shows it: at most 20 characters, then "…"
/// (a long bad field is never echoed whole).
fn shown(text: &str) -> String {
    crate::filter::cut(text, 20)
}

fn field_err(field: FenField, problem: impl Into<String>) -> FenError {
    FenError::Field { field, problem: problem.into() }
}

fn parse_placement(text: &str) -> Result<Board, FenError> {
    let err = |p: String| field_err(FenField::Placement, p);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 8 {
        return Err(err(format!("it has {} ranks separated by '/', it needs 8", rows.len())));
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let rank_no = 8 - i;
        let mut file = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 || d > 8 {
                    return Err(err(format!("rank {rank_no}: '{c}' is not a count of 1 to 8 empty squares")));
                }
                file += d;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                if file >= 8 {
                    return Err(err(format!("rank {rank_no} has more than 8 squares")));
                }
                let sq = Square::from_coords(
                    File::new(file).unwrap_or(File::ALL[0]),
                    Rank::new(rank_no as u32 - 1).unwrap_or(Rank::ALL[0]),
                );
                board.put(sq, piece);
                file += 1;
            } else {
                return Err(err(format!("rank {rank_no}: '{c}' is not a piece letter (KQRBNP, kqrbnp) or a digit")));
            }
            if file > 8 {
                return Err(err(format!("rank {rank_no} has more than 8 squares")));
            }
        }
        if file < 8 {
            return Err(err(format!("rank {rank_no} has only {file} squares, it needs 8")));
        }
    }
    Ok(board)
}

/// The first problem of a position against the Laws
/// ([`super::arrangement::problems`]), as FEN's error.
fn validate(pos: &Position, ep_text: &str) -> Result<(), FenError> {
    use super::arrangement::PositionProblem as P;
    let Some(problem) = super::arrangement::problems(pos).into_iter().next() else { return Ok(()) };
    let (field, text) = match problem {
        P::Kings { color, count } => {
            (FenField::Placement, format!("{color} has {count} kings, there must be exactly one"))
        }
        P::TooManyPieces(color) => (FenField::Placement, format!("{color} has more than 16 pieces")),
        P::TooManyPawns(color) => (FenField::Placement, format!("{color} has more than 8 pawns")),
        P::PawnOnEdge(sq) => (FenField::Placement, format!("a pawn stands on {sq}, on the first or last rank")),
        P::WaitingInCheck(waiting) => (FenField::Turn, format!("{waiting} is in check but it is {}'s move", pos.turn)),
        P::TooManyCheckers(color) => (FenField::Placement, format!("{color} is in check from more than two pieces")),
        P::Castling { color, side } => (
            FenField::Castling,
            format!(
                "{color} may not castle {}: the king or rook is not on its starting square",
                if side == CastleSide::King { "king side" } else { "queen side" }
            ),
        ),
        P::EnPassant(_) => {
            (FenField::EnPassant, format!("{ep_text} is not a square a pawn just passed over with a double step"))
        }
    };
    Err(field_err(field, text))
}

impl Position {
    /// Reads a FEN. Missing trailing fields take defaults ("w", "-", "-", 0, 1).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let board = parse_placement(fields[0])?;
        let turn = match fields.get(1).copied().unwrap_or("w") {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => {
                return Err(field_err(FenField::Turn, format!("'{}' must be 'w' or 'b'", shown(other))));
            }
        };
        let castling_text = fields.get(2).copied().unwrap_or("-");
        let mut castling = CastlingRights::NONE;
        if castling_text != "-" {
            for c in castling_text.chars() {
                let (color, side) = match c {
                    'K' => (Color::White, CastleSide::King),
                    'Q' => (Color::White, CastleSide::Queen),
                    'k' => (Color::Black, CastleSide::King),
                    'q' => (Color::Black, CastleSide::Queen),
                    _ => {
                        return Err(field_err(
                            FenField::Castling,
                            format!("'{c}' is not one of K, Q, k, q; write '-' for none"),
                        ));
                    }
                };
                if castling.has(color, side) {
                    return Err(field_err(FenField::Castling, format!("'{c}' is written twice")));
                }
                castling.add(color, side);
            }
        }
        let ep_text = fields.get(3).copied().unwrap_or("-");
        let ep_square = if ep_text == "-" {
            None
        } else {
            Some(Square::parse(ep_text).ok_or_else(|| {
                field_err(FenField::EnPassant, format!("'{}' is not a square like e3 or '-'", shown(ep_text)))
            })?)
        };
        let number = |i: usize, field: FenField, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n < 100_000)
                    .ok_or_else(|| field_err(field, format!("'{}' is not a whole number below 100000", shown(t)))),
            }
        };
        let halfmoves = number(4, FenField::HalfmoveClock, 0)?;
        let fullmoves = number(5, FenField::MoveNumber, 1)?.max(1);
        let mut pos = Position { board, turn, castling, ep_square, halfmoves, fullmoves };
        validate(&pos, ep_text)?;
        // Keep the en passant square only where an enemy pawn could take.
        if let Some(ep) = pos.ep_square
            && (crate::rules::attacks::pawn(!turn, ep) & board.pieces(turn, Role::Pawn)).is_empty()
        {
            pos.ep_square = None;
        }
        Ok(pos)
    }

    /// The piece-placement field of FEN.
    pub fn board_fen(&self) -> String {
        self.board.fen_field()
    }

    /// The FEN; the en passant square is written only when the capture is legal.
    pub fn to_fen(&self) -> String {
        format!(
            "{} {} {} {} {} {}",
            self.board_fen(),
            self.turn.fen_char(),
            self.castling.fen(),
            self.legal_ep_square().map_or("-".to_string(), |s| s.to_string()),
            self.halfmoves,
            self.fullmoves
        )
    }
}
