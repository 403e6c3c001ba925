//! voxchess: a chess client for blind and visually impaired players.
//!
//! Layers, bottom up: [`rules`] (FIDE Laws: board, moves, draws, FEN) and
//! [`notation`] (moves and positions in writing: SAN in several languages,
//! long notation, PGN). Higher layers (spoken chess, clock, audio, client)
//! build on these.

#![warn(missing_docs)]
#![warn(unreachable_pub)]

pub mod audio;
pub mod braille;
pub mod cli;
pub mod clock;
pub mod commands;
pub mod config;
pub(crate) mod engine;
/// Engine processes end with voxchess, even when it is killed.
pub use engine::reaper;
pub mod files;
pub use files::read_text;
pub(crate) mod filter;
pub mod game;
#[cfg(test)]
mod layers;
pub(crate) mod names;
pub mod notation;
pub mod online;
pub mod platform;
pub mod rules;
pub mod speech;
pub mod study;
pub mod ui;
