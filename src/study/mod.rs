//! Studying games: a game with its variations as a tree to walk, and the
//! judging of every move of the main line by an engine's evaluations.
//! Deterministic: the engine's answers come in as values. Uses rules,
//! notation and the engine's scores; nothing above it.

pub(crate) mod chapters;
pub(crate) mod clocks;
pub mod drill;
pub mod index;
pub(crate) mod judge;
pub mod library;
pub mod openings;
pub mod packed;
pub mod practice;
pub mod puzzle;
pub mod streak;
pub(crate) mod tree;
