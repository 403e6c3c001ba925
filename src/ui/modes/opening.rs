//! What one mode asks to open in its place or on top of it, as a typed
//! request ([`Opening`]) with what every mode is given ([`Host`]): a mode
//! never builds another; `modes::open` (the folder's one opener) does.
//! So the review and the setup, which open each other, do not import
//! each other.

use crate::config::Settings;
use crate::rules::{Arrangement, Position};
use crate::ui::input::{Listening, Msg};
use std::sync::mpsc::Sender;

/// What a mode is given by the session: the channel its work reports on
/// and voice input.
#[derive(Clone)]
pub(crate) struct Host {
    /// The session's messages.
    pub(crate) tx: Sender<Msg>,
    /// Voice input, when it is on.
    pub(crate) listening: Option<Listening>,
}

/// A mode asked for by another.
pub(crate) enum Opening {
    /// A board to set up, from this arrangement (`setup` in a review).
    Setup { settings: Settings, board: Arrangement },
    /// The review of a position set up, which becomes the setup's place
    /// (its copies named `stem`).
    PositionReview { settings: Settings, position: Position, stem: &'static str },
}
