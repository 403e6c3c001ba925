//! Front ends: what the player reads and types. For now the plain line mode
//! (for screen readers and Braille displays); the self-voicing terminal
//! front end comes with the full client. Uses every layer below it.

pub mod app;
pub mod client;
pub mod clock_app;
pub mod clock_keys;
pub mod plain;
pub mod session;
pub mod terminal;
