//! The rules core: the board, legal moves, check, mate, draws and FEN, after
//! the FIDE Laws articles 1-5 and 9. It knows nothing of notation, words,
//! clocks or audio; every layer above it uses it.

mod arrangement;
pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod color;
mod fen;
mod history;
mod material;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod request;
mod role;
mod square;

pub use arrangement::{Arrangement, Placed, PositionProblem};
pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{CastleSide, CastlingRights};
pub use color::Color;
pub use fen::{FenError, FenField, START_FEN};
pub use history::{DrawClaim, History, RepetitionKey};
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, perft};
pub use position::{IllegalMove, Position};
pub use request::{CastleBlock, Fit, IllegalReason, MoveRequest, PieceRequest, castle_block, diagnose};
pub use role::{Piece, Role};
pub use square::{File, Rank, Square};
