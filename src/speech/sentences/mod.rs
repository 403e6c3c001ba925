//! The schema of every sentence and word list in the language data
//! files (data/*.toml): one typed section each, so a missing key fails
//! when the data is loaded (in a test), in one file an area, as
//! `ui::words` is: a game's words, the clock, lichess, the client's modes,
//! the study. The words layer of the front end (`ui::words`) and the
//! speech functions read these; `lexicon.rs` loads them.

mod client;
mod clock;
mod game;
mod online;
mod study;

pub(crate) use client::*;
pub(crate) use clock::*;
pub(crate) use game::*;
pub(crate) use online::*;
pub(crate) use study::*;
