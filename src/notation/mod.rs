//! Notation: moves and positions in writing. Reads every form the FIDE
//! appendices and the older texts use (SAN in English, Russian and national
//! letters, long notation, UCI, castling, e.p., annotations), writes SAN,
//! describes positions, and reads and writes PGN. Uses only the rules core.

pub(crate) mod chars;
pub(crate) mod describe;
pub(crate) mod lang;
pub(crate) mod movetext;
pub mod pgn;
pub(crate) mod read;
pub(crate) mod san;

pub use describe::{describe_position, describe_side};
pub use lang::{NotationLang, UnknownLang};
pub use pgn::{MovetextError, read_movetext};
pub use read::{MoveMarks, ReadMoveError, read_move, read_move_with_marks};
pub use san::{SanOptions, write_long, write_san};
