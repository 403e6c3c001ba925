//! Playing on lichess through its Board API: a small typed client of our
//! own over ureq (blocking, which fits the threads the game already has;
//! no async runtime to build), the lichess JSON read into tolerant models
//! (unknown fields ignored, missing ones defaulted), the token kept in a
//! file of mode 0600, and the remote side as one more
//! [`crate::game::Opponent`]: what the server's streams say becomes typed
//! [`crate::game::OpponentAct`]s, what the player does is posted. Nothing
//! above this module sees a lichess type: the lobby gets [`LobbyNews`].

pub mod api;
mod model;
pub mod opponent;
pub mod token;

pub use api::{ApiError, Client, Lines};
pub use opponent::{LobbyNews, OnlineGame, OnlineOpponent, SeekSpeed, lobby_stream, speed_of};

/// Text from the server made safe to show and say (the one output filter).
pub(crate) fn plain_text(text: &str) -> String {
    crate::filter::clean(text)
}
