//! One game: the moves (rules), the clock, who plays which side, draws,
//! the result, the score as PGN, and autosave. Uses rules, notation and
//! clock; no front end.

pub(crate) mod autosave;
pub(crate) mod core;
pub(crate) mod opponent;
pub(crate) mod record;

pub use crate::engine::analysis::{Analyst, Line as AnalysisLine, Score};
pub use autosave::{
    DataLock, LockError, SaveError, SavedGame, WriteProblem, create_new, write_atomic, write_new_numbered,
};
pub use core::{Action, Event, Game, GameSetup, Pending, Saving, Seat};
pub use opponent::{EngineOpponent, Opponent, OpponentFailure, OpponentMove};
pub use record::{Player, Termination, game_pgn};
