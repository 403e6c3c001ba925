//! Why a session could not start, or ended with a failure: typed here,
//! worded once by the words layer in the session's language
//! ([`crate::ui::words::Narrator::session_error`]). The English texts of
//! `Display` are for logs.

use crate::game::{LockError, WriteProblem};
use crate::online::ApiError;

/// Why a mode's session did not start or could not go on.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// No lichess token is kept: the player has not logged in.
    #[error("not logged in")]
    NotLoggedIn,
    /// The token typed at login is not a token.
    #[error("the token is not a lichess token")]
    TokenRefused,
    /// The token could not be kept.
    #[error("the token could not be kept")]
    TokenNotSaved,
    /// A game file has fewer games than the number asked for.
    #[error("there is no game {number}; the file has {total}")]
    NoSuchGame {
        /// The game asked for, from 1.
        number: usize,
        /// How many games the file has.
        total: usize,
    },
    /// A link that names no lichess game or study.
    #[error("{0} is not a lichess game or study link")]
    NotALink(String),
    /// A study lichess does not give without a token with study:read.
    #[error("the study is private or does not exist")]
    PrivateStudy,
    /// Nothing lichess sent could be reviewed: every game (chapter) was a
    /// variant voxchess does not play, or could not be read.
    #[error("no game could be read: {variants} variants, {unreadable} unreadable")]
    NothingReadable {
        /// Games of a variant.
        variants: usize,
        /// Games that could not be read.
        unreadable: usize,
    },
    /// lichess could not be asked (the lobby, the daily puzzle).
    #[error("lichess: {0}")]
    Online(ApiError),
    /// lichess's puzzles could not be asked (a puzzle scope, a dashboard).
    #[error("lichess puzzles: {0}")]
    Puzzles(ApiError),
    /// The data folder cannot be locked.
    #[error(transparent)]
    Locked(#[from] LockError),
    /// The puzzle library or its folder cannot be written.
    #[error("the puzzle library cannot be written: {0:?}")]
    NotWritten(WriteProblem),
    /// The unfinished game's save could not be put in order (a damaged
    /// one kept aside, a finished game's score written): it is left as
    /// it is.
    #[error("the saved game was left as it is: {0:?}")]
    SaveLeft(WriteProblem),
    /// The unfinished game's save (its path) cannot be read as a game.
    #[error("the saved game {0} cannot be read")]
    SaveUnreadable(String),
    /// The terminal cannot be set up or given back.
    #[error("the terminal: {0}")]
    Terminal(#[from] std::io::Error),
}
