//! Front ends: what the player reads and types, in plain lines (screen
//! readers and Braille displays) or the self-voicing terminal; the client
//! that turns input into game actions, and the narrator that says the
//! game's events. Uses every layer below it.

pub mod app;
pub(crate) mod client;
pub mod clock_app;
pub mod clock_keys;
pub(crate) mod edited;
pub(crate) mod narrator;
pub(crate) mod plain;
pub(crate) mod review;
pub mod session;
pub(crate) mod terminal;
pub(crate) mod walk;
