//! What a session opens first ([`Opening`]), or one mode asks to open in
//! its place or on top of it ([`Request`]), typed, with what every mode is given
//! ([`Host`]): a mode never builds another, and no mode opens the
//! session's screen and voice; `modes::open` and `modes::start` (the
//! folder's one opener) build them, and `app::run` opens the fronts. So
//! the review and the setup, which open each other, do not import each
//! other.

use super::puzzle::LichessPuzzles;
use crate::config::Settings;
use crate::game::GameSetup;
use crate::online::Client;
use crate::rules::{Arrangement, Position};
use crate::study::chapters::Chapters;
use crate::study::drill::DrillKind;
use crate::study::library::Wanted;
use crate::study::puzzle::Puzzle;
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

/// A mode a session opens first (a command).
pub(crate) enum Opening {
    /// A game (`voxchess play`, `resume`).
    Game { settings: Settings, setup: Box<GameSetup> },
    /// Game `number` (from 1) of `games` reviewed, its copies named
    /// `stem`; `notes` said after the greeting (games left out).
    Review { settings: Settings, games: Chapters, number: usize, stem: String, notes: Vec<String> },
    /// A drill (`voxchess drill`).
    Drill { settings: Settings, kind: DrillKind },
    /// The library's puzzles that fit `wanted`, `given` first (the daily
    /// puzzle); `undone`: an import cut short was taken back (said).
    Puzzles { settings: Settings, wanted: Wanted, given: Vec<Puzzle>, undone: bool },
    /// The puzzle streak from the library.
    Streak { settings: Settings, wanted: Wanted, undone: bool },
    /// lichess's puzzles with the player's token, `given` first.
    LichessPuzzles { settings: Settings, client: Client, asked: LichessPuzzles, given: Vec<Puzzle> },
    /// What a mode may ask for too (`voxchess setup` is one).
    Asked(Request),
}

/// A mode one mode asks for, in its place or on top of it.
pub(crate) enum Request {
    /// A board to set up, from this arrangement (`setup` in a review).
    Setup { settings: Settings, board: Arrangement },
    /// The review of a position set up, which becomes the setup's place
    /// (its copies named `stem`).
    PositionReview { settings: Settings, position: Position, stem: &'static str },
}

impl Opening {
    /// The settings it opens with.
    pub(crate) fn settings(&self) -> &Settings {
        match self {
            Opening::Game { settings, .. }
            | Opening::Review { settings, .. }
            | Opening::Drill { settings, .. }
            | Opening::Puzzles { settings, .. }
            | Opening::Streak { settings, .. }
            | Opening::LichessPuzzles { settings, .. }
            | Opening::Asked(Request::Setup { settings, .. })
            | Opening::Asked(Request::PositionReview { settings, .. }) => settings,
        }
    }
}

/// A session's first mode, opened, with the lines said after its
/// greeting (a game continued, the engine's notes, games left out).
pub(crate) struct Started {
    pub(crate) mode: Box<dyn crate::ui::session::Mode>,
    pub(crate) notes: Vec<String>,
}
