//! One game: the moves (rules), the clock, who plays which side, draws,
//! the result, the score as PGN, and autosave; the opponent that acts on
//! its own (an engine, or a player on a server), the typed acts it sends
//! and the terms it declares.
//! Uses rules, notation, clock, engine and speech's typed values (never
//! its words); no front end.

pub(crate) mod action;
pub(crate) mod autosave;
pub(crate) mod core;
pub(crate) mod date;
pub(crate) mod event;
pub(crate) mod opponent;
pub(crate) mod player;
pub(crate) mod record;
pub(crate) mod setup;
pub(crate) mod terms;

pub use crate::engine::analysis::{Analyst, Line as AnalysisLine, Score};
/// The player's files, as they were named here before they went down to
/// [`crate::files`].
pub use crate::files::{
    DataLock, Kept, LockError, WriteProblem, create_new, read_kept, write_atomic, write_new_numbered,
};
pub use action::{Action, Pending, Seat};
pub use autosave::{SaveError, SavedGame};
pub use core::Game;
pub use date::today;
pub use event::{Event, NotDone, Premove};
pub use opponent::{Acts, Ending, EngineOpponent, Failure, News, Opponent, OpponentAct, OpponentFailure};
pub use player::{Account, Player, PlayerKind};
pub use record::{Termination, game_record};
pub use setup::GameSetup;
pub use terms::{Keeper, Terms};
