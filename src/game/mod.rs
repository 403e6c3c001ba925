//! One game: the moves (rules), the clock, who plays which side, draws,
//! the result, the score as PGN, and autosave; the opponent that acts on
//! its own (an engine here, a server next) and the typed acts it sends.
//! Uses rules, notation, clock, engine and speech's typed values (never
//! its words); no front end.

pub(crate) mod autosave;
pub(crate) mod core;
pub(crate) mod opponent;
pub(crate) mod record;

pub use crate::engine::analysis::{Analyst, Line as AnalysisLine, Score};
pub use autosave::{
    DataLock, LockError, SaveError, SavedGame, WriteProblem, create_new, write_atomic, write_new_numbered,
};
pub use core::{Action, Event, Game, GameSetup, Pending, Seat};
pub use opponent::{Acts, Ending, EngineOpponent, News, Opponent, OpponentAct, OpponentFailure};
pub use record::{Player, Termination, game_pgn};
