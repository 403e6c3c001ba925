//! Whoever plays the other side from elsewhere: an engine now, a player on
//! a server later. The game asks for a move and waits; the answer may
//! carry the clock times of whoever keeps the authoritative clock, so
//! nothing here assumes the opponent is local or that our clock rules.
//! A second person at this computer needs no opponent object: their moves
//! are typed here ([`super::Seat::Here`]).

use crate::engine::{Engine, EngineError};
use crate::rules::{History, Move};
use std::time::Duration;

/// An opponent's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpponentMove {
    /// The move.
    pub mv: Move,
    /// White's and Black's time left (ms), when the opponent's side keeps
    /// the clock (a server); None when our clock is the authority.
    pub clocks: Option<[u64; 2]>,
}

/// Why an opponent could not move: typed, so the narrator says it in the
/// player's language (never an engine's or a library's English text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentFailure {
    /// It could not be started.
    NotStarted,
    /// It did not answer within this many seconds.
    NoAnswer(u64),
    /// It stopped, or said something that makes no sense.
    Stopped,
    /// It answered with a move that is not legal here (as it wrote it,
    /// outside control characters removed by the output filter).
    IllegalMove(String),
    /// It found no move to play.
    NoMove,
}

impl From<&EngineError> for OpponentFailure {
    fn from(e: &EngineError) -> Self {
        match e {
            EngineError::Spawn(..) => Self::NotStarted,
            EngineError::Timeout(s) => Self::NoAnswer(*s),
            EngineError::Broken(_) => Self::Stopped,
            EngineError::IllegalMove(m) => Self::IllegalMove(m.chars().take(12).collect()),
            EngineError::NoMove => Self::NoMove,
        }
    }
}

/// A side played from elsewhere.
pub trait Opponent: Send {
    /// A name for the score and the announcements.
    fn name(&self) -> String;
    /// The built-in engine's level, when that is the opponent: its name is
    /// then said in the session's language.
    fn builtin_level(&self) -> Option<u8> {
        None
    }
    /// Its next move in the game so far, within about `think`. This may
    /// block (an engine thinking, a server's answer): call it on its own
    /// thread. An error is said to the player, who may go on with another
    /// opponent.
    fn next_move(&mut self, history: &History, think: Duration) -> Result<OpponentMove, OpponentFailure>;
}

/// An engine (UCI or the built-in one) as an opponent.
pub struct EngineOpponent(pub Box<dyn Engine>);

impl Opponent for EngineOpponent {
    fn name(&self) -> String {
        self.0.name()
    }

    fn builtin_level(&self) -> Option<u8> {
        self.0.builtin_level()
    }

    fn next_move(&mut self, history: &History, think: Duration) -> Result<OpponentMove, OpponentFailure> {
        self.0.best_move(history, think).map(|mv| OpponentMove { mv, clocks: None }).map_err(|e| (&e).into())
    }
}
