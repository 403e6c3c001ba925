//! Studying games: a game with its variations as a tree to walk, and the
//! judging of every move of the main line by an engine's evaluations.
//! Deterministic: the engine's answers come in as values.

pub(crate) mod judge;
pub(crate) mod tree;
