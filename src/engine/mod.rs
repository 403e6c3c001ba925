//! Engine opponents: any UCI engine (Stockfish from Debian by default) and a
//! small built-in engine, so a game can always be played. Uses the rules
//! core only.

pub(crate) mod analysis;
pub(crate) mod builtin;
pub(crate) mod lazy;
pub mod reaper;
pub(crate) mod uci;

use crate::rules::{History, Move};
use std::time::Duration;

/// An engine that failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("the engine {0} cannot be started: {1}")]
    Spawn(String, String),
    /// It did not answer in time.
    #[error("the engine did not answer within {0} s")]
    Timeout(u64),
    /// It stopped or said something that is not UCI.
    #[error("the engine stopped working: {0}")]
    Broken(String),
    /// It answered with an illegal move.
    #[error("the engine played an illegal move: {0}")]
    IllegalMove(String),
    /// No legal move exists (the game is over).
    #[error("there is no legal move")]
    NoMove,
}

/// Something that chooses moves.
pub trait Engine: Send {
    /// A name for the player tags ("Stockfish 15.1", "voxchess").
    fn name(&self) -> String;
    /// The built-in engine's level, whose name is said in the session's
    /// language; `None` for an engine with its own name.
    fn builtin_level(&self) -> Option<u8> {
        None
    }
    /// The move to play in the game's current position, thinking about `think`.
    fn best_move(&mut self, history: &History, think: Duration) -> Result<Move, EngineError>;
}

/// Strength 1 (weakest) to 20 (full strength).
pub(crate) fn clamp_level(level: u8) -> u8 {
    level.clamp(1, 20)
}
